#!/usr/bin/python3
"""Which of my leaders can reach a hex this turn: each leader's reachable hexes with his movement
allowance (adjutant.Movement.reach), and the cheapest path there (Movement.path).

Generic: it reads only the companion file. A unit is a leader of SIDE when its side attribute
([movement] side_attribute) is SIDE and its movement class ([movement] class_attribute) is
--class. Its allowance is the unit attribute --allowance-attribute (in Lee Invades the North,
`ma`, which `adjutant run litn.command` writes), or --allowance for every leader. Other sides'
units are enemy units ([movement] enemy_hexes) and exert the zones of [movement.zones]; the
player's own other units count for stacking penalties. The game is seen as SIDE's player sees it:
enemy pieces hidden from him are left out, and masked ones block but exert no zone (their kind is
secret).

Exit status: 0 when done, 2 for bad input.
"""
import argparse
import json
import sys
from fractions import Fraction

import adjutant
from adjutant.rules.companion_rules import CompanionRules
from adjutant.rules.visibility import Viewer

EXAMPLES = """\
examples:
  leaders_reach.py litn-demo.vmod command.vsav companion.toml 1924 --side Confederate
  leaders_reach.py litn-demo.vmod litn-demo.vsav companion.toml 1924 --side Confederate --allowance 6
  leaders_reach.py litn-demo.vmod command.vsav companion.toml 2412 --side Confederate --zone-cost 1 --json
In Lee Invades the North the allowances are written by the Command Phase: run
  adjutant run litn.command GAME --module M --companion C --charts CH -o command.vsav
first, or give --allowance.
"""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="leaders_reach.py", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLES,
        description="List which of a side's leaders can reach a hex with their movement allowance, and how.")
    parser.add_argument("module", help="the module (.vmod)")
    parser.add_argument("game", help="the save or log (.vsav, .vlog)")
    parser.add_argument("companion", help="the companion file with [movement] and [units]")
    parser.add_argument("hex", help="the hex to reach, as the map names it")
    parser.add_argument("--side", required=True, help="whose leaders (a value of the side attribute)")
    parser.add_argument("--class", dest="unit_class", default="leader",
                        help="the movement class of a leader (default: leader)")
    parser.add_argument("--allowance-attribute", default="ma",
                        help="the unit attribute holding each leader's allowance (default: ma)")
    parser.add_argument("--allowance", metavar="MP", help="the same allowance for every leader, such as 6 or '4 1/2'")
    parser.add_argument("--zone-cost", nargs="+", metavar="MP",
                        help="MP per ring to enter an enemy zone, nearest first (default: [movement.zones] "
                             "enter_cost; LIN's Union cavalry: 1)")
    parser.add_argument("--map", help="the map (default: the companion file's only map)")
    parser.add_argument("--board", default="", help="a board of the map, for a map of several boards")
    parser.add_argument("--json", action="store_true", help="print JSON")
    return parser.parse_args(argv)


def mp(value):
    """MP as a rulebook writes them: 5, 1/2, 5 1/2."""
    f = Fraction(value)
    whole, rest = divmod(f.numerator, f.denominator)
    if not rest:
        return str(whole)
    return f"{whole} {rest}/{f.denominator}" if whole else f"{rest}/{f.denominator}"


def the_map(companion, name):
    names = sorted({t.map for t in companion.maps})
    if name:
        return name
    if len(names) != 1:
        raise ValueError(f"the companion file describes maps {', '.join(names)}: give --map")
    return names[0]


def position(game, module, companion, rules, movement, side):
    """The side's units on the movement's map as (piece, class, hex, unit), the enemy hexes and the
    enemy zone sources, as the side's player sees them."""
    viewer = Viewer(game, side)
    own, enemy_hexes, zone_sources = [], set(), []
    for piece in game.pieces:
        if not piece.map:
            continue
        unit = companion.unit(piece, module)
        if unit is None or not viewer.sees(piece):
            continue
        view = game.map(piece.map)
        board, hex_name = rules.hex_name(view, piece.x, piece.y)
        if hex_name is None or rules.movement(view.name, board) is not movement:
            continue
        cls = unit.get(movement.class_attribute)
        if unit.get(movement.side_attribute) == side:
            if cls in movement.classes:
                own.append((piece, cls, hex_name, unit))
            continue
        enemy_hexes.add(hex_name)
        if viewer.knows(piece) and (not movement.zone_classes or cls in movement.zone_classes):
            facing = unit.get(movement.facing_attribute) if movement.facing_attribute else None
            zone_sources.append((hex_name, int(facing) if facing not in (None, "") else None))
    return own, sorted(enemy_hexes), zone_sources


def main(argv=None):
    args = parse_args(argv)
    try:
        module = adjutant.open_module(args.module)
        game = adjutant.open_game(args.game, module)
        companion = adjutant.open_companion(args.companion, module)
        rules = CompanionRules(module, companion)
        movement = rules.movement(the_map(companion, args.map), args.board)
        if movement is None:
            raise ValueError(f"the companion file does not describe board {args.board!r} of that map")
        movement.distance(args.hex, args.hex)  # LocationError for a hex the map does not have
        if args.unit_class not in movement.classes:
            raise ValueError(f"no movement class {args.unit_class!r} (the classes are {', '.join(movement.classes)})")
        own, enemy_hexes, sources = position(game, module, companion, rules, movement, args.side)
        zones = None
        if movement.has_zones and sources:
            zones = movement.zones(sources, enter_cost=args.zone_cost)
        results = []
        for piece, cls, start, unit in own:
            if cls != args.unit_class:
                continue
            found = {"leader": piece.name, "hex": start, "allowance": args.allowance or unit.get(args.allowance_attribute)}
            results.append(found)
            if not found["allowance"]:
                found.update(reaches=False, reason=f"no allowance: its {args.allowance_attribute!r} is not set")
                continue
            friendly = [(h, c) for p, c, h, _ in own if p.id != piece.id]
            terms = dict(enemy_hexes=enemy_hexes, zones=zones, friendly=friendly)
            reach = movement.reach(start, [cls], found["allowance"], **terms)
            path = movement.path(start, args.hex, [cls], found["allowance"], **terms)
            found["reaches"] = args.hex in reach
            if found["reaches"]:
                found.update(left=reach[args.hex][0], must_stop=reach[args.hex][1])
            if path is not None:
                found.update(cost=path.total, path=path.hexes)
            found["reason"] = "" if found["reaches"] else (path.reason if path is not None else "no legal path")
    except (adjutant.FormatError, ValueError, OSError) as e:
        print(f"leaders_reach.py: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(results, indent=2, default=str))
        return 0
    reaching = [r["leader"] for r in results if r["reaches"]]
    print(f"{args.side} leaders that can reach {args.hex}: {', '.join(reaching) or 'none'}")
    for r in results:
        head = f"  {r['leader']} ({r['hex']}, {r['allowance'] or '?'} MP): "
        via = f"{mp(r['cost'])} MP via {' '.join(r['path'])}" if "path" in r else ""
        if r["reaches"]:
            print(head + f"{via}, {mp(r['left'])} MP left" + (", and must stop there" if r["must_stop"] else ""))
        else:
            print(head + "cannot" + (f": {via}" if via else "") + f" ({r['reason']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
