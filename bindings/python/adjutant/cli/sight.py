"""`adjutant los` and `adjutant trace`: line of sight and the rulebooks' traces (supply, lines of
communication, command radius) on a companion file's map (docs/sight.md, docs/tracing.md)."""
import json
from dataclasses import dataclass

from .. import _adjutant
from .usage import OK, VIOLATIONS, UsageError, add_command

LOS_EXAMPLES = """\
examples:
  adjutant los Lee.vmod lee.toml 1517 1922                the file's [sight] rules
  adjutant los Lee.vmod lee.toml 1517 1922 --rules lfm    Last Full Measure's, over all shortest paths
  adjutant los Lee.vmod lee.toml 1517 1922 --enemy 1719 --fire artillery --json
Prints clear, partial or blocked, the hexes the line crosses, and the clause that blocked it.
Exit status 1 when the sight is blocked, 2 when a hex is unknown or a file cannot be read.
"""

TRACE_EXAMPLES = """\
examples:
  adjutant trace loc Lee.vmod lee.toml 1622 --to 2410 --lines road rail --major-river river --bridge bridge
  adjutant trace combat-supply Lee.vmod lee.toml 1622 --class infantry --wagons 1725 --to 2410
  adjutant trace attrition Lee.vmod lee.toml 1622 --class infantry --to 2410
  adjutant trace lmn-supply Lee.vmod lmn.toml 1622 --to 2410 --lines rail
  adjutant trace command-radius Gburg.vmod cwr.toml A10.10 --class leader --most 6 --to A12.11
  adjutant trace ammunition Gburg.vmod cwr.toml A10.10 --lines road --to A20.10
  adjutant trace lfm-command Gburg.vmod lfm.toml 1517 --most 5 --to 1922
KINDs: loc (LIN 7.2), combat-supply (LIN 10.2: --wagons within 2 MP, depots --to within 4 MP),
attrition (LIN 11), lmn-supply (LMN 16: --to sources, --depot), command-radius (CWR 9.3, --most
leader MP), ammunition (CWR 8.4b), lfm-command (LFM 20.11, --most hexes). Enemy units (--enemy)
block; --zones HEX... exert the companion file's [movement.zones]. Exit status 1 when no trace,
2 when a hex or class is unknown or a file cannot be read.
"""

KINDS = ("loc", "combat-supply", "attrition", "lmn-supply", "command-radius", "ammunition", "lfm-command")


def add_parsers(commands):
    los = add_command(
        commands, "los", "line of sight between two hexes",
        "Whether a hex can see another by the companion file's [sight] rules (CWR 4, LFM 27, or the "
        "plain thread VASSAL draws): the verdict, the hexes the centre line crosses, and the clause "
        "that blocked it.", LOS_EXAMPLES,
        json_help="print JSON: {from, to, rules, sight, steps, clause, ...}")
    add_los_arguments(los)
    los.set_defaults(run=run_los)

    trace = add_command(
        commands, "trace", "trace supply, lines of communication or command",
        "Trace from a hex as a rule says (docs/tracing.md) and print the path found, or why there "
        "is none.", TRACE_EXAMPLES, json_help="print JSON: {kind, from, found, hexes, steps, used, reason, ...}")
    add_trace_arguments(trace)
    trace.set_defaults(run=run_trace)


def add_los_arguments(parser):
    """MODULE COMPANION FROM TO and the situation: what `los` and `render los` read."""
    add_companion_arguments(parser)
    parser.add_argument("from_hex", metavar="FROM")
    parser.add_argument("to_hex", metavar="TO")
    parser.add_argument("--rules", choices=("cwr", "lfm", "thread"), help="the sight rules (default: the file's [sight])")
    parser.add_argument("--friendly", nargs="+", default=[], metavar="HEX", help="hexes with the viewer's other units")
    parser.add_argument("--enemy", nargs="+", default=[], metavar="HEX", help="hexes with enemy units")
    parser.add_argument("--fire", choices=("small arms", "artillery"), default="small arms", help="the kind of fire (CWR)")
    parser.add_argument("--visibility", type=int, default=0, metavar="HEXES", help="the turn's visibility (CWR 4.4)")


def add_trace_arguments(parser):
    """KIND MODULE COMPANION FROM and the trace's options: what `trace` and `render trace` read."""
    parser.add_argument("kind", choices=KINDS, metavar="KIND", help="one of: " + ", ".join(KINDS))
    add_companion_arguments(parser)
    parser.add_argument("from_hex", metavar="FROM", help="the unit, leader or battery's hex")
    parser.add_argument("--to", nargs="+", default=[], metavar="HEX",
                        help="targets: depots, sources, Lee's hex, units to command, ammunition trains")
    parser.add_argument("--class", dest="unit_class", metavar="CLASS", help="the unit's [movement] class, for MP")
    parser.add_argument("--most", metavar="N", help="command radius in MP (command-radius) or hexes (lfm-command)")
    parser.add_argument("--lines", nargs="+", default=[], metavar="TYPE", help="line types followed (road, rail)")
    parser.add_argument("--major-river", nargs="+", default=[], metavar="FEATURE", help="hexside features not crossed")
    parser.add_argument("--bridge", nargs="+", default=[], metavar="FEATURE", help="... unless one of these is there")
    parser.add_argument("--wagons", nargs="+", default=[], metavar="HEX", help="undepleted wagons (combat-supply)")
    parser.add_argument("--depot", metavar="HEX", help="the CSA depot (lmn-supply)")
    parser.add_argument("--enemy", nargs="+", default=[], metavar="HEX", help="hexes with enemy units")
    parser.add_argument("--friendly", nargs="+", default=[], metavar="HEX", help="hexes with friendly (combat) units")
    parser.add_argument("--zones", nargs="+", default=[], metavar="HEX", help="hexes exerting enemy zones of control")


def add_companion_arguments(parser):
    parser.add_argument("module", metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    parser.add_argument("companion", metavar="COMPANION", help="the companion file")
    parser.add_argument("--map", metavar="NAME", help="the map (default: the companion file's only map)")


@dataclass
class CompanionMap:
    """The module, the companion file and the name of the map of the command line."""
    module: object
    companion: object
    map_name: str

    def game_map(self):
        return self.module.find_map(self.map_name)


def companion_map(args):
    module = _adjutant.open_module(args.module)
    companion = _adjutant.open_companion(args.companion, module)
    names = sorted({t.map for t in companion.maps})
    if args.map is None and len(names) != 1:
        raise UsageError(f"name the map with --map; {args.companion} describes: {', '.join(names)}")
    return CompanionMap(module, companion, args.map or names[0])


def value_error(args, action):
    try:
        return action()
    except ValueError as e:  # unknown hex, class, line type; a file without [sight] or [movement]
        raise UsageError(f"{args.companion}: {e}") from None


def look(args):
    """The CompanionMap, the sight rules and Sight.between's result for `los`'s arguments."""
    where = companion_map(args)

    def between():
        sight = where.companion.sight(where.map_name, rules=args.rules)
        return sight.rules, sight.between(args.from_hex, args.to_hex, friendly=args.friendly, enemy=args.enemy,
                                          fire=args.fire, visibility=args.visibility)
    return (where, *value_error(args, between))


def run_los(args):
    _, rules, result = look(args)
    if args.json:
        print(json.dumps({"from": args.from_hex, "to": args.to_hex, "rules": rules, **vars(result)}, ensure_ascii=False))
    else:
        print(f"{args.from_hex} -> {args.to_hex} ({rules}): {result.sight}")
        print("crosses: " + " ".join(s["hex"] + (f"|{s['along']}" if s["along"] else "") for s in result.steps))
        if result.clause:
            print(result.clause)
        if result.paths:
            print(f"{result.clear_paths} of {result.paths} shortest paths clear")
    return VIOLATIONS if result.sight == "blocked" else OK


def traced(args):
    """The CompanionMap, the rule's result and the trace in it, for `trace`'s arguments."""
    where = companion_map(args)

    def trace():
        movement = where.companion.movement(where.map_name)
        zones = movement.zones([(h, None) for h in args.zones]) if args.zones else None
        return _trace(args, movement, zones)
    result = value_error(args, trace)
    return where, result, result.trace if args.kind == "lmn-supply" else result


def run_trace(args):
    _, result, found = traced(args)
    if args.json:
        out = {"kind": args.kind, "from": args.from_hex, **vars(found)}
        out["used"] = str(out["used"])
        out["steps"] = [dict(s, used=str(s["used"])) for s in out["steps"]]
        if args.kind == "lmn-supply":
            out.update(state=result.state, depot_source=result.depot_source)
        print(json.dumps(out, ensure_ascii=False))
    else:
        if args.kind == "lmn-supply":
            print(f"{args.from_hex}: {result.state}")
        if found.found:
            print(" ".join(s["hex"] + (f"({s['line']})" if s["line"] else "") for s in found.steps))
            print(f"used: {found.used}")
        else:
            print(f"no trace: {found.reason}")
    return OK if found.found else VIOLATIONS


def _need(args, value, option):
    if not value:
        raise UsageError(f"trace {args.kind} needs {option}")
    return value


def _trace(args, movement, zones):
    position = {"enemy": args.enemy}
    if args.kind == "loc":
        return movement.lin_line_of_communication(args.from_hex, _need(args, args.to, "--to"), lines=args.lines,
                                                  major_river=args.major_river, bridge=args.bridge, **position)
    if args.kind == "attrition":
        return movement.lin_attrition_exemption(args.from_hex, _need(args, args.unit_class, "--class"),
                                                depots=_need(args, args.to, "--to"), zones=zones, **position)
    position.update(zones=zones, friendly=args.friendly)
    if args.kind == "combat-supply":
        return movement.lin_combat_supply(args.from_hex, _need(args, args.unit_class, "--class"), wagons=args.wagons,
                                          depots=args.to, **position)
    if args.kind == "lmn-supply":
        return movement.lmn_supply(args.from_hex, sources=_need(args, args.to, "--to"), depot=args.depot,
                                   rail=args.lines, **position)
    if args.kind == "command-radius":
        return movement.cwr_command_radius(args.from_hex, _need(args, args.unit_class, "--class"),
                                           _need(args, args.most, "--most"), targets=_need(args, args.to, "--to"),
                                           **position)
    if args.kind == "ammunition":
        return movement.cwr_artillery_ammunition(args.from_hex, roads=args.lines, train=_need(args, args.to, "--to"),
                                                 **position)
    return movement.lfm_command(args.from_hex, int(_need(args, args.most, "--most")),
                                targets=_need(args, args.to, "--to"), **position)
