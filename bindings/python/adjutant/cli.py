"""The `adjutant` command. Each subcommand is a function taking the parsed arguments.

Exit status: 0 when the work is done, 1 when a file cannot be read or written (the message names
the file, the entry and the place), 2 for a wrong command line.
"""
import argparse
import json
import os
import sys

from . import _adjutant
from .errors import FormatError
from .render import print_game_summary, print_module_summary
from .summary import game_summary, module_summary

EXAMPLES = """\
examples:
  adjutant inspect Gettysburg.vmod            maps, boards, grids and what the module defines
  adjutant inspect turn3.vsav                 pieces per map, players, global properties
  adjutant inspect game.vlog --module G.vmod  a log's steps, with the module's names
  adjutant inspect turn3.vsav --json          the same as JSON, for scripts
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

    inspect = commands.add_parser(
        "inspect", help="summarize a module, save or log",
        description="Summarize a VASSAL module (.vmod, .vmdx, an extracted folder or a bare "
                    "buildFile) or a save or log (.vsav, .vlog, .sav, .log). Nothing is written.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    inspect.add_argument("path", metavar="PATH", help="the module, save or log to read")
    inspect.add_argument("--module", metavar="MODULE",
                         help="the module a save or log belongs to (names its maps and pieces)")
    inspect.add_argument("--json", action="store_true", help="print JSON instead of tables")
    inspect.set_defaults(run=run_inspect)
    return parser


def run_inspect(args):
    kind = _adjutant.file_kind(args.path)
    if kind in ("module", "extension"):
        if args.module:
            raise UsageError("--module is for saves and logs; PATH is already a module")
        summary = module_summary(_adjutant.open_module(args.path))
        show = print_module_summary
    elif kind == "save":
        module = _adjutant.open_module(args.module) if args.module else None
        summary = game_summary(_adjutant.open_game(args.path, module), module)
        show = print_game_summary
    else:
        raise UsageError(f"{args.path}: neither a module nor a save or log "
                         "(no buildFile.xml, buildFile or savedGame inside)")
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        show(summary)
    return 0


class UsageError(Exception):
    """A command line that cannot work; reported like argparse's own errors (exit status 2)."""


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UsageError as e:
        parser.error(str(e))
    except BrokenPipeError:  # the reader stopped early (| head): quietly, as other tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except FormatError as e:
        print(f"adjutant: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"adjutant: {e}", file=sys.stderr)
        return 1
