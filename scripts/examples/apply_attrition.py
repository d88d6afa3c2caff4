#!/usr/bin/python3
"""Run the Lee Invades the North attrition procedure (LIN 11) on a save and write the result as a
new save (or log), printing the report: what `adjutant run litn.attrition` does, from Python.

The procedure is found as the command line finds it, through the plugin host (the entry point
group adjutant.plugins), and gets a Context: the module, the companion file, the game, the chart
file, the dice (a seed, and any rolls made at the table) and the side the report is written for.
It changes the units' strengths in the game; the game is then written to a NEW file. The input is
never changed, and an existing file is never written over.

Exit status: 0 when done, 2 for bad input (a file that cannot be read, a blank chart value, an
output file that exists).
"""
import argparse
import sys
from pathlib import Path

import adjutant
from adjutant.procedures.charts import ChartError
from adjutant.plugin import Context
from adjutant.plugin_host import PluginError, find_plugin, load_plugins
from adjutant.procedures.rolls import Rolls

EXAMPLES = """\
examples:
  apply_attrition.py litn-demo.vmod litn-demo.vsav companion.toml --charts charts.toml --seed 1862 -o after.vsav
  apply_attrition.py litn-demo.vmod litn-demo.vsav companion.toml --charts charts.toml \\
      --roll "Union attrition=5" --side Union -o after.vsav
  apply_attrition.py litn-demo.vmod turn5.vlog companion.toml --charts charts.toml -o turn5-attrition.vlog
"""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="apply_attrition.py", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLES,
        description="Roll LIN 11 attrition for a save and write the result as a new .vsav (or .vlog), "
                    "printing the report.")
    parser.add_argument("module", help="the module (.vmod)")
    parser.add_argument("game", help="the save or log (.vsav, .vlog) to start from; never changed")
    parser.add_argument("companion", help="the companion file (terrain, depots, territories, [units])")
    parser.add_argument("-o", "--output", required=True,
                        help="the new file: OUT.vsav (a save of the result) or OUT.vlog (the game plus one step "
                             "per change and the report as chat); it must not exist")
    parser.add_argument("--charts", required=True, help="the chart file with the Attrition Table filled in")
    parser.add_argument("--seed", type=int, help="seed of the dice (default: a new one, printed in the report)")
    parser.add_argument("--roll", action="append", default=[], metavar="PURPOSE=N",
                        help='a roll made at the table, such as "Union attrition=5"')
    parser.add_argument("--side", choices=("Union", "Confederate", "referee"), default="referee",
                        help="roll for this side only and report what its player sees (default: referee, "
                             "both sides, everything)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    output = Path(args.output)
    if output.suffix.lower() not in (".vsav", ".vlog"):
        print(f"apply_attrition.py: -o {output}: name a .vsav or a .vlog", file=sys.stderr)
        return 2
    if output.exists():
        print(f"apply_attrition.py: -o {output}: the file exists; choose a new name", file=sys.stderr)
        return 2
    try:
        module = adjutant.open_module(args.module)
        game = adjutant.open_game(args.game, module)
        companion = adjutant.open_companion(args.companion, module)
        attrition = find_plugin(load_plugins(), "litn").tasks["attrition"]
        context = Context(module, companion, game, args.game, charts=args.charts,
                          rolls=Rolls(args.seed, args.roll), side=args.side)
        # Whose attrition it is (side=) and who reads the report (the Context's side) are apart in
        # the plugin; this script's --side means both.
        report = attrition.run(context, **attrition.arguments({"side": args.side} if args.side != "referee" else {}))
        if output.suffix.lower() == ".vlog":
            for line in report.chat_lines():
                game.chat(line)      # chat is kept in a log's steps; a save has none
            game.save_log(str(output))
        else:
            game.save(str(output))   # a temporary file beside OUT, then renamed: never half written
    except (adjutant.FormatError, ChartError, PluginError, ValueError, OSError) as e:
        print(f"apply_attrition.py: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(report.text())
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
