#!/usr/bin/python3
"""List the units of a Lee Invades the North game that have no line of communications (LIN 7.2):
the units out of supply for attrition (11) and replacements (15.2).

It uses the litn plugin's own machinery, as its procedures do: `Army` (every unit where it stands,
as one player sees the game) and `Lines` (each unit's trace: at most four non-road hexes to a road
or rail hex, then along road and rail to a friendly depot no enemy combat unit holds; a corps
leader traces to his department leader instead, who must have a LOC himself).

Exit status: 0 when every unit listed has a LOC, 1 when some unit has none, 2 for bad input.
"""
import argparse
import sys

import adjutant
from adjutant.procedures.charts import ChartError
from adjutant.plugin import Context
from adjutant_plugins.litn.army import SIDES, Army
from adjutant_plugins.litn.charts import LitnCharts
from adjutant_plugins.litn.loc import Lines

EXAMPLES = """\
examples:
  out_of_supply.py litn-demo.vmod litn-demo.vsav companion.toml
  out_of_supply.py litn-demo.vmod litn-demo.vsav companion.toml --side Union --all
  out_of_supply.py litn-demo.vmod turn7.vsav companion.toml --as Confederate   what the Confederate player sees
"""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="out_of_supply.py", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLES,
        description="List every unit of a Lee Invades the North game without a line of communications (LIN 7.2).")
    parser.add_argument("module", help="the module (.vmod)")
    parser.add_argument("game", help="the save or log (.vsav, .vlog)")
    parser.add_argument("companion", help="the companion file (terrain, depots, [units])")
    parser.add_argument("--side", choices=SIDES, help="only this side's units (default: both sides)")
    parser.add_argument("--as", dest="viewer", choices=(*SIDES, "referee"), default="referee",
                        help="report as this player: every piece still counts as it stands on the table, but the "
                             "other side's hidden and masked ones are called 'an enemy unit' (default: referee)")
    parser.add_argument("--charts", help="a litn chart file whose [options] (loc_lines, major_river, bridge, "
                                         "loc_count_start) say what a LOC follows (default: the plugin's template)")
    parser.add_argument("--all", action="store_true", help="also list the units with a LOC, with its path")
    return parser.parse_args(argv)


def describe(unit, shown):
    if unit.name in shown:
        return f"{shown[unit.name]} ({unit.hex})"
    return f"{unit.name} ({unit.type}, {unit.hex})"


def main(argv=None):
    args = parse_args(argv)
    try:
        module = adjutant.open_module(args.module)
        game = adjutant.open_game(args.game, module)
        companion = adjutant.open_companion(args.companion, module)
        army = Army(Context(module, companion, game, args.game, side=args.viewer))
        lines = Lines(army, LitnCharts.load(args.charts))
        shown = army.redactions()  # what the --as player may not know, by what he calls it
        out_of_supply = 0
        for side in [args.side] if args.side else SIDES:
            units = army.of(side)
            cut = [u for u in units if not lines.has(u)]
            out_of_supply += len(cut)
            print(f"{side}: {len(cut)} of {len(units)} units without a line of communications")
            for unit in units:
                trace = lines.trace(unit)
                if not trace.found:
                    print(f"  {describe(unit, shown)}: {trace.reason}")
                elif args.all:
                    print(f"  {describe(unit, shown)}: LOC via {' '.join(trace.hexes)}")
    except (adjutant.FormatError, ChartError, ValueError, OSError) as e:
        print(f"out_of_supply.py: {e}", file=sys.stderr)
        return 2
    return 1 if out_of_supply else 0


if __name__ == "__main__":
    sys.exit(main())
