"""`adjutant terrain check` and `adjutant terrain sample`: a companion file checked against its
module, and its terrain and elevation read off the board images."""
import json
import os

from .. import _adjutant
from ..tables import print_companion_summary, print_terrain_sample
from .usage import add_command, add_command_group

SAMPLE_EXAMPLES = """\
examples:
  adjutant terrain sample Lee.vmod lee.toml              writes lee.sampled.toml beside lee.toml
  adjutant terrain sample Lee.vmod lee.toml -o new.toml
A [[map]] is sampled when it has a palette (docs/companion-format.md):
  [map.palette.terrain]
  "#3a7d2c" = "woods"
"""

CHECK_EXAMPLES = """\
examples:
  adjutant terrain check Lee.vmod lee.toml          every name checked; counts per map
  adjutant terrain check Lee.vmod lee.toml --json   the counts as JSON
"""


def add_parser(commands):
    actions = add_command_group(
        commands, "terrain", "check a terrain companion file",
        "The terrain companion file says what is in each hex and hexside of a "
        "module's maps, in a rulebook's words (docs/companion-format.md).")
    check = add_command(
        actions, "check", "validate a companion file against its module and summarize it",
        "Read a companion file, check every hex name, hexside, line and word against the module's "
        "hex grids and the file's vocabulary, and print what it holds. The first problem is "
        "reported with the file, line and column.", CHECK_EXAMPLES)
    check.add_argument("module", metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    check.add_argument("companion", metavar="COMPANION", help="the companion file (.toml)")
    check.add_argument("--json", action="store_true", help="print the summary as JSON")
    check.set_defaults(run=run_check)

    sample = add_command(
        actions, "sample", "fill in terrain and elevation from the colours of the board images",
        "Read each board image's colour around every hex centre, match it against the palette of "
        "the companion file's [[map]], and write a NEW companion file with the terrain and "
        "elevation tables replaced (comments and everything else kept). The input is never "
        "changed; correct what the colours got wrong, then run `adjutant terrain check`.",
        SAMPLE_EXAMPLES)
    sample.add_argument("module", metavar="MODULE", help="the module, with its board images")
    sample.add_argument("companion", metavar="COMPANION", help="the companion file with a palette")
    sample.add_argument("-o", "--output", metavar="OUT",
                        help="the new file (default: COMPANION with .sampled.toml; never overwritten)")
    sample.add_argument("--json", action="store_true", help="print what was found as JSON")
    sample.set_defaults(run=run_sample)


def run_check(args):
    module = _adjutant.open_module(args.module)
    companion = _adjutant.open_companion(args.companion, module)
    summary = companion.summary
    summary["module_matches"] = summary["module_name"] == module.name
    covered = {m.map for m in companion.maps}
    summary["notes"] = sorted({note for m in module.maps if m.name in covered for note in m.notes})
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print_companion_summary(summary, module.name)
    return 0


def run_sample(args):
    module = _adjutant.open_module(args.module)
    sample = _adjutant.sample_terrain(args.companion, module)
    output = args.output or os.path.splitext(args.companion)[0] + ".sampled.toml"
    _adjutant.write_new_file(output, sample["text"])
    if args.json:
        print(json.dumps({"output": output, "maps": sample["maps"]}, indent=2, ensure_ascii=False))
    else:
        print_terrain_sample(sample["maps"], output, args.module)
    return 0
