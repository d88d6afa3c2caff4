"""The `adjutant` command. Each subcommand lives in its own module of this package and registers
its parser; `main` runs the one chosen.

Every subcommand is made with usage.add_command, which gives it -q/--quiet (standard output is
dropped here, in `main`; errors still go to standard error) and, when it prints data, --json.

Exit status (the same for every subcommand):
  0  the work is done and nothing was found wrong;
  1  violations found: an illegal move, a set-up finding, a problem in the companion file that
     `terrain check` checks, sight blocked (`los`), no trace (`trace`);
  2  bad input: a file that cannot be read, parsed or written (the message names the file and the
     place), a missing or blank chart value, an unknown name, procedure or plugin, a wrong command
     line, a Dask scheduler that cannot be reached;
  130 stopped by Ctrl-C (a line says so, and a command working through many files gives what it found).

Errors are one line on standard error, "adjutant: ..." naming the file and the place; only a
command line argparse cannot read gets the usage line too. No user error shows a Python traceback.
"""
import argparse
import contextlib
import os
import sys

import adjutant
from ..procedures.charts import ChartError
from ..errors import FormatError
from ..plugin_host import PluginError
from . import check, demo, edit, geometry, inspect, plugins, render, run, sight, simulate, terrain
from ..batch import SchedulerError
from .usage import BAD_INPUT, INTERRUPTED, BadInput, Parser, UsageError, error

EXAMPLES = inspect.EXAMPLES + """\
  adjutant where Lee.vmod 1477 1536           VASSAL's name of a map point
  adjutant hex Lee.vmod 2724                  the map point of a location name
  adjutant terrain check Lee.vmod lee.toml    check a terrain companion file
  adjutant terrain sample Lee.vmod lee.toml   fill one in from the board image's colours
  adjutant edit Lee.vmod --companion lee.toml paint terrain, rivers and roads in the browser
  adjutant check moves game.vlog --module Lee.vmod --companion lee.toml
                                              every move of a log judged by the rules
  adjutant check setup Lee.vmod --companion lee.toml   the module's set-ups: terrain, stacking
  adjutant los Lee.vmod lee.toml 1517 1922    line of sight between two hexes
  adjutant trace loc Lee.vmod lee.toml 1622 --to 2410 --lines road rail
                                              supply, lines of communication, command radius
  adjutant render reach Lee.vmod lee.toml 1622 --class infantry --mp 6 -o reach.png
                                              pictures on the module's board: grid, terrain, paths
  adjutant run litn.command turn5.vsav --module litn.vmod --companion litn.toml --charts charts.toml -o out.vsav
                                              a rules plugin's procedure, written back for VASSAL
  adjutant simulate litn.command turn5.vsav ... side=Union --runs 10000
                                              a procedure run many times: what it reports, as distributions
  adjutant plugins                            rules plugins and what they check and do
  adjutant demo --out build/demo              a plugin's demo: an example game worked, for VASSAL
Every command takes --help (with examples) and -q/--quiet; those that print data take --json.
exit status: 0 done, nothing wrong; 1 violations found (illegal moves, set-up findings, companion
file problems, blocked sight, no trace); 2 bad input (a file that cannot be read, an unknown name,
a blank chart value, a wrong command line).
"""


class VersionAction(argparse.Action):
    """--version: the version is looked up only when asked for (reading it costs every command)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0,
                         help="show the version number and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"adjutant {adjutant.__version__}")
        parser.exit()


def build_parser():
    parser = Parser(
        prog="adjutant",
        description="Referee and bookkeeper beside VASSAL: reads modules, saves and logs, "
                    "checks moves and runs the procedures players hate doing by hand.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    inspect.add_parser(commands)
    geometry.add_parsers(commands)
    terrain.add_parser(commands)
    edit.add_parser(commands)
    check.add_parser(commands)
    sight.add_parsers(commands)
    render.add_parser(commands)
    run.add_parser(commands)
    simulate.add_parser(commands)
    plugins.add_parser(commands)
    demo.add_parser(commands)
    return parser


def main(argv=None):
    parser = build_parser()
    Parser.argv = sys.argv[1:] if argv is None else [str(a) for a in argv]
    args, extra = parser.parse_known_args(argv)
    # NAME=VALUE parameters of `run` may follow its options, where argparse no longer takes positionals.
    if getattr(args, "parameters", None) is not None and all("=" in e and not e.startswith("-") for e in extra):
        args.parameters += extra
    elif getattr(args, "kind_options", None) is not None:
        args.kind_options = extra  # a trace kind's own options, read once the kind's plugin is loaded
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        with _output(args):
            return args.run(args)
    except BrokenPipeError:  # the reader stopped early (| head): quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (UsageError, BadInput, FormatError, adjutant.GeometryError, PluginError, ChartError, OSError,
            SchedulerError) as e:
        error(_one_line(e))
        return BAD_INPUT
    except KeyboardInterrupt:  # Ctrl-C where the command has no summary of its own to give
        error("interrupted")
        return INTERRUPTED


def _one_line(e):
    """An error as a line: an OSError names its file as `file: why`."""
    if isinstance(e, OSError) and e.filename is not None and e.strerror:
        return f"{e.filename}: {e.strerror}"
    return str(e)


@contextlib.contextmanager
def _output(args):
    """Standard output as the command writes it, or dropped with --quiet."""
    if not getattr(args, "quiet", False):
        yield
        return
    with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
        yield
