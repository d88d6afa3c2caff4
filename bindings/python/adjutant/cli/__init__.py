"""The `adjutant` command. Each subcommand lives in its own module of this package and registers
its parser; `main` runs the one chosen.

Exit status: 0 when the work is done, 1 when a file cannot be read or written or a name is not
known (the message names the file and the place), 2 for a wrong command line.
"""
import argparse
import os
import sys

from .. import _adjutant
from ..errors import FormatError
from ..plugin_host import PluginError
from . import check, geometry, inspect, plugins, run, sight, terrain
from .usage import UsageError

EXAMPLES = inspect.EXAMPLES + """\
  adjutant where Lee.vmod 1477 1536           VASSAL's name of a map point
  adjutant hex Lee.vmod 2724                  the map point of a location name
  adjutant terrain check Lee.vmod lee.toml    check a terrain companion file
  adjutant terrain sample Lee.vmod lee.toml   fill one in from the board image's colours
  adjutant check moves game.vlog --module Lee.vmod --companion lee.toml
                                              every move of a log judged by the rules
  adjutant check setup Lee.vmod --companion lee.toml   the module's set-ups: terrain, stacking
  adjutant los Lee.vmod lee.toml 1517 1922    line of sight between two hexes
  adjutant trace loc Lee.vmod lee.toml 1622 --to 2410 --lines road rail
                                              supply, lines of communication, command radius
  adjutant run litn.command turn5.vsav --module litn.vmod --companion litn.toml --charts charts.toml -o out.vsav
                                              a rules plugin's procedure, written back for VASSAL
  adjutant plugins                            rules plugins and what they check and do
"""


def build_parser():
    parser = argparse.ArgumentParser(
        prog="adjutant",
        description="Referee and bookkeeper beside VASSAL: reads modules, saves and logs, "
                    "checks moves and runs the procedures players hate doing by hand.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version="adjutant 0.1.0")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    inspect.add_parser(commands)
    geometry.add_parsers(commands)
    terrain.add_parser(commands)
    check.add_parser(commands)
    sight.add_parsers(commands)
    run.add_parser(commands)
    plugins.add_parser(commands)
    return parser


def main(argv=None):
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # NAME=VALUE parameters of `run` may follow its options, where argparse no longer takes positionals.
    if getattr(args, "parameters", None) is not None and all("=" in e and not e.startswith("-") for e in extra):
        args.parameters += extra
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return args.run(args)
    except UsageError as e:
        parser.error(str(e))
    except BrokenPipeError:  # the reader stopped early (| head): quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (FormatError, _adjutant.GeometryError, PluginError, OSError) as e:
        print(f"adjutant: {e}", file=sys.stderr)
        return 1
