"""`adjutant los` and `adjutant trace`: line of sight and the rulebooks' traces (supply, lines of
communication, command radius) on a companion file's map (docs/sight.md, docs/tracing.md). The
kinds of trace are the plugins' (adjutant.plugin.TraceKind); this module knows none by name."""
import argparse
import json
from dataclasses import dataclass

import adjutant
from ..plugin import TRACE_INPUTS, TraceContext, TraceResult
from ..plugin_host import load_plugins, trace_kinds
from ..rules.mp import mp_text
from .plugins import add_plugin_option
from .usage import OK, VIOLATIONS, UsageError, add_command

LOS_EXAMPLES = """\
examples:
  adjutant los Lee.vmod lee.toml 1517 1922                the file's [sight] rules
  adjutant los Lee.vmod lee.toml 1517 1922 --rules lfm    Last Full Measure's, over all shortest paths
  adjutant los Lee.vmod lee.toml 1517 1922 --enemy 1719 --fire artillery --json
  adjutant los Gburg.vmod cwr.toml 1517 1922 --enemy 1719 --fire artillery --target-artillery
Prints clear, partial or blocked, the hexes the line crosses, and the clause that blocked it.
Exit status 1 when the sight is blocked, 2 when a hex is unknown or a file cannot be read.
"""

TRACE_EXAMPLES = """\
examples:
  adjutant trace --list                                   the kinds the installed plugins give, and their options
  adjutant trace loc Lee.vmod lee.toml 1622 --to 2410 --lines road rail --major-river river --bridge bridge
  adjutant trace combat-supply Lee.vmod lee.toml 1622 --class infantry --wagons 1725 --to 2410
  adjutant trace lmn-supply Lee.vmod lmn.toml 1622 --to 2410 --lines rail
  adjutant trace command-radius Gburg.vmod cwr.toml A10.10 --class leader --most 6 --to A12.11
  adjutant trace lfm-command Gburg.vmod lfm.toml 1517 --most 5 --to 1922
  adjutant trace mykind Lee.vmod lee.toml 1622 --to 2410 --plugin ./myrules.py
A KIND's own options (--major-river, --wagons, ...) follow FROM. Enemy units (--enemy) block;
--zones HEX... exert the companion file's [movement.zones]. Exit status 1 when no trace, 2 when a
kind, hex or class is unknown or a file cannot be read.
"""


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
        "is none. The kinds of trace come from the rules plugins.", TRACE_EXAMPLES,
        json_help="print JSON: {kind, from, found, hexes, steps, used, reason, ...}")
    add_trace_arguments(trace)
    trace.add_argument("--list", action="store_true", help="list the kinds of trace, their plugins and options")
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
    parser.add_argument("--target-artillery", action="store_true",
                        help="the target is artillery (CWR 4.3e: artillery fires through enemy units at it)")
    parser.add_argument("--visibility", type=int, default=0, metavar="HEXES", help="the turn's visibility (CWR 4.4)")


def add_trace_arguments(parser):
    """KIND MODULE COMPANION FROM and the trace's options: what `trace` and `render trace` read. The
    kind's own options are left over by this parser (args.kind_options) and read once it is known."""
    parser.add_argument("kind", nargs="?", metavar="KIND", help="a kind of trace (adjutant trace --list)")
    add_companion_arguments(parser, optional=True)
    parser.add_argument("from_hex", nargs="?", metavar="FROM", help="the unit, leader or battery's hex")
    parser.add_argument("--to", nargs="+", default=[], metavar="HEX",
                        help="targets: depots, sources, Lee's hex, units to command, ammunition trains")
    parser.add_argument("--class", dest="unit_class", metavar="CLASS", help="the unit's [movement] class, for MP")
    parser.add_argument("--most", metavar="N", help="the most the trace may use: hexes or MP, as the kind says")
    parser.add_argument("--lines", nargs="+", default=[], metavar="TYPE", help="line types followed (road, rail)")
    parser.add_argument("--enemy", nargs="+", default=[], metavar="HEX", help="hexes with enemy units")
    parser.add_argument("--friendly", nargs="+", default=[], metavar="HEX",
                        help="hexes with friendly (combat) units: out of the enemy zones as the kind's rule says")
    parser.add_argument("--zones", nargs="+", default=[], metavar="HEX", help="hexes exerting enemy zones of control")
    add_plugin_option(parser)
    parser.set_defaults(kind_options=[])


def add_companion_arguments(parser, optional=False):
    nargs = "?" if optional else None
    parser.add_argument("module", nargs=nargs, metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    parser.add_argument("companion", nargs=nargs, metavar="COMPANION", help="the companion file")
    parser.add_argument("--map", metavar="NAME", help="the map (default: the companion file's only map)")


@dataclass
class CompanionMap:
    """The module, the companion file and the name of the map of the command line."""
    module: object
    companion: object
    map_name: str


def companion_map(args):
    module = adjutant.open_module(args.module)
    companion = adjutant.open_companion(args.companion, module)
    names = sorted({t.map for t in companion.maps})
    if args.map is None and len(names) != 1:
        raise UsageError(f"name the map with --map; {args.companion} describes: {', '.join(names)}")
    return CompanionMap(module, companion, args.map or names[0])


def value_error(args, action):
    try:
        return action()
    except ValueError as e:  # unknown hex, class, line type; a file without [sight] or [movement]
        text = str(e)
        raise UsageError(text if text.startswith(str(args.companion)) else f"{args.companion}: {text}") from None


def look(args):
    """The CompanionMap, the sight rules and Sight.between's result for `los`'s arguments."""
    where = companion_map(args)

    def between():
        sight = where.companion.sight(where.map_name, rules=args.rules)
        return sight.rules, sight.between(args.from_hex, args.to_hex, friendly=args.friendly, enemy=args.enemy,
                                          fire=args.fire, target_is_artillery=args.target_artillery,
                                          visibility=args.visibility)
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


# The argparse names of adjutant.plugin.TRACE_INPUTS.
INPUT_ARGUMENTS = {"targets": "to", "unit_class": "unit_class", "most": "most", "lines": "lines"}


def traced(args):
    """The CompanionMap and the kind's TraceResult for `trace`'s arguments."""
    _, kind = _kind(args)
    if not (args.module and args.companion and args.from_hex):
        raise UsageError(f"trace {kind.name} needs MODULE COMPANION FROM (before the kind's own options)")
    for name in kind.needs:
        if not getattr(args, INPUT_ARGUMENTS[name]):
            raise UsageError(f"trace {kind.name} needs {TRACE_INPUTS[name]}")
    try:
        arguments = kind.arguments(_kind_options(args, kind))
    except ValueError as e:
        raise UsageError(str(e)) from None
    where = companion_map(args)

    def trace():
        movement = where.companion.movement(where.map_name)
        zones = movement.zones([(h, None) for h in args.zones]) if args.zones else None
        context = TraceContext(movement, args.from_hex, targets=args.to, unit_class=args.unit_class, most=args.most,
                               lines=args.lines, enemy=args.enemy, friendly=args.friendly, zones=zones)
        result = kind.run(context, **arguments)
        return result if isinstance(result, TraceResult) else TraceResult(result)
    return where, value_error(args, trace)


def run_trace(args):
    if args.list:
        return list_kinds(args)
    _, result = traced(args)
    found = result.trace
    if args.json:
        out = {"kind": args.kind, "from": args.from_hex, **vars(found)}
        out["used"] = mp_text(out["used"])
        out["steps"] = [dict(s, used=mp_text(s["used"])) for s in out["steps"]]
        out.update(result.facts)
        print(json.dumps(out, ensure_ascii=False))
    else:
        if result.verdict:
            print(f"{args.from_hex}: {result.verdict}")
        if found.found:
            print(" ".join(s["hex"] + (f"({s['line']})" if s["line"] else "") for s in found.steps))
            print(f"used: {mp_text(found.used)}")
        else:
            print(f"no trace: {found.reason}")
    return OK if found.found else VIOLATIONS


def list_kinds(args):
    kinds = trace_kinds(load_plugins(args.plugin))
    listing = [{"name": name, "plugin": plugin.name, "help": kind.help,
                "needs": [TRACE_INPUTS[n] for n in kind.needs],
                "options": [p.describe(as_option=True) for p in kind.parameters]}
               for name, (plugin, kind) in sorted(kinds.items())]
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
        return OK
    if not listing:
        print("No kinds of trace: no installed plugin registers one (add one with --plugin PATH).")
    for k in listing:
        print(f"{k['name']} ({k['plugin']}): {k['help']}")
        if k["needs"]:
            print(f"  needs {' '.join(k['needs'])}")
        for option in k["options"]:
            print(f"  {option}")
    return OK


def _kind(args):
    """(plugin, TraceKind) that args.kind names."""
    kinds = trace_kinds(load_plugins(args.plugin))
    if not args.kind:
        raise UsageError(f"name a KIND of trace: {', '.join(sorted(kinds)) or 'no installed plugin gives one'}")
    if args.kind not in kinds:
        raise UsageError(f"no kind of trace {args.kind!r}; the plugins give: {', '.join(sorted(kinds)) or 'none'}")
    return kinds[args.kind]


def _kind_options(args, kind):
    """{parameter name: text or texts} of the kind's own options on the command line."""
    parser = argparse.ArgumentParser(prog=f"adjutant trace {kind.name}", add_help=False, exit_on_error=False)
    for p in kind.parameters:
        parser.add_argument(p.option, dest=p.name, nargs="+" if p.many else None)
    try:
        values, unknown = parser.parse_known_args(args.kind_options)
    except argparse.ArgumentError as e:
        raise UsageError(f"trace {kind.name}: {e}") from None
    if unknown:
        own = ", ".join(p.option for p in kind.parameters) or "none"
        raise UsageError(f"trace {kind.name} has no option {unknown[0]} (its own: {own})")
    return {name: value for name, value in vars(values).items() if value is not None}
