"""`adjutant terrain check`: a companion file checked against its module and summed up."""
import json

from .. import _adjutant
from ..render import print_companion_summary
from .usage import add_command

CHECK_EXAMPLES = """\
examples:
  adjutant terrain check Lee.vmod lee.toml          every name checked; counts per map
  adjutant terrain check Lee.vmod lee.toml --json   the counts as JSON
"""


def add_parser(commands):
    terrain = commands.add_parser(
        "terrain", help="check a terrain companion file",
        description="The terrain companion file says what is in each hex and hexside of a "
                    "module's maps, in a rulebook's words (docs/companion-format.md).")
    actions = terrain.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    check = add_command(
        actions, "check", "validate a companion file against its module and summarize it",
        "Read a companion file, check every hex name, hexside, line and word against the module's "
        "hex grids and the file's vocabulary, and print what it holds. The first problem is "
        "reported with the file, line and column.", CHECK_EXAMPLES)
    check.add_argument("module", metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    check.add_argument("companion", metavar="COMPANION", help="the companion file (.toml)")
    check.add_argument("--json", action="store_true", help="print the summary as JSON")
    check.set_defaults(run=run_check)


def run_check(args):
    module = _adjutant.open_module(args.module)
    companion = _adjutant.open_companion(args.companion, module)
    summary = companion.summary
    summary["module_matches"] = summary["module_name"] == module.name
    summary["notes"] = sorted({note for m in module.maps if m.boards for note in m.notes})
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print_companion_summary(summary, module.name)
    return 0
