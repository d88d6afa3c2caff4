"""`adjutant inspect`: a module, save or log summed up."""
import json
from pathlib import Path

import adjutant
from .tables import print_game_summary, print_module_summary
from .summary import game_summary, module_summary
from .usage import OK, UsageError, add_command, add_strict, open_game

EXAMPLES = """\
examples:
  adjutant inspect Gettysburg.vmod            maps, boards, grids and what the module defines
  adjutant inspect turn3.vsav                 pieces per map, players, global properties
  adjutant inspect game.vlog --module G.vmod  a log's steps, with the module's names
  adjutant inspect turn3.vsav --json          the same as JSON, for scripts
"""
MODULE_SUFFIXES = (".vmod", ".vmdx", ".mdx", ".xml")


def add_parser(commands):
    inspect = add_command(
        commands, "inspect", "summarize a module, save or log",
        "Summarize a VASSAL module (.vmod, .vmdx, an extracted folder or a bare buildFile) or a "
        "save or log (.vsav, .vlog, .sav, .log). Nothing is written.", EXAMPLES,
        json_help="print JSON instead of tables")
    inspect.add_argument("path", metavar="PATH", help="the module, save or log to read")
    inspect.add_argument("--module", metavar="MODULE",
                         help="the module a save or log belongs to (names its maps and pieces)")
    add_strict(inspect)
    inspect.set_defaults(run=run)


def run(args):
    kind = adjutant.file_kind(args.path)
    if kind == "unknown":
        # Read as what its name suggests: refused there, saying what it holds and what was expected
        # (a bare buildFile naming its root after the first lines is still read as a module).
        path = Path(args.path)
        kind = "module" if path.suffix.lower() in MODULE_SUFFIXES or path.name.startswith("buildFile") else "save"
    if kind in ("module", "extension"):
        if args.module:
            raise UsageError("--module is for saves and logs; PATH is already a module")
        summary = module_summary(adjutant.open_module(args.path))
        show = print_module_summary
    else:
        module = adjutant.open_module(args.module) if args.module else None
        summary = game_summary(open_game(args, args.path, module), module)
        show = print_game_summary
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        show(summary)
    return OK
