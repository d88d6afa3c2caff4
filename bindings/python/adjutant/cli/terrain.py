"""`adjutant terrain check` and `adjutant terrain sample`: a companion file checked against its
module, and its terrain and elevation read off the board images."""
import json
import os
from pathlib import Path

import adjutant
from ..rules.companion_check import companion_problem
from .tables import print_companion_summary, print_terrain_sample
from .usage import OK, VIOLATIONS, add_command, add_command_group, error

EXAMPLES = """\
examples:
  adjutant terrain check Lee.vmod lee.toml     is every hex, hexside and word of lee.toml right?
  adjutant terrain sample Lee.vmod lee.toml    terrain and elevation read off the board images
"""

SAMPLE_EXAMPLES = """\
examples:
  adjutant terrain sample Lee.vmod lee.toml              writes lee.sampled.toml beside lee.toml
  adjutant terrain sample Lee.vmod lee.toml -o new.toml
  adjutant terrain sample Lee.vmod lee.toml --json       what was found, per map, as JSON
A [[map]] is sampled when it has a palette (docs/companion-format.md):
  [map.palette.terrain]
  "#3a7d2c" = "woods"
Exit status 2 when a file cannot be read or the new file exists already.
"""

CHECK_EXAMPLES = """\
examples:
  adjutant terrain check Lee.vmod lee.toml          every name checked; counts per map
  adjutant terrain check Lee.vmod lee.toml --json   the counts as JSON
Exit status 1 when the companion file has a problem (bad TOML, an unknown hex or word, a unit of
the module whose class [movement] does not know ...), 2 when it or the module cannot be read.
"""


def add_parser(commands):
    actions = add_command_group(
        commands, "terrain", "check a terrain companion file",
        "The terrain companion file says what is in each hex and hexside of a "
        "module's maps, in a rulebook's words (docs/companion-format.md).", EXAMPLES)
    check = add_command(
        actions, "check", "validate a companion file against its module and summarize it",
        "Read a companion file, check every hex name, hexside, line and word against the module's "
        "hex grids and the file's vocabulary, and print what it holds. The first problem is "
        "reported with the file, line and column.", CHECK_EXAMPLES,
        json_help="print the summary as JSON (its problems: [] when the file is valid)")
    check.add_argument("module", metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    check.add_argument("companion", metavar="COMPANION", help="the companion file (.toml)")
    check.set_defaults(run=run_check)

    sample = add_command(
        actions, "sample", "fill in terrain and elevation from the colours of the board images",
        "Read each board image's colour around every hex centre, match it against the palette of "
        "the companion file's [[map]], and write a NEW companion file with the terrain and "
        "elevation tables replaced (comments and everything else kept). The input is never "
        "changed; correct what the colours got wrong, then run `adjutant terrain check`.",
        SAMPLE_EXAMPLES, json_help="print what was found as JSON: {output, maps}")
    sample.add_argument("module", metavar="MODULE", help="the module, with its board images")
    sample.add_argument("companion", metavar="COMPANION", help="the companion file with a palette")
    sample.add_argument("-o", "--output", metavar="OUT",
                        help="the new file (default: COMPANION with .sampled.toml; never overwritten)")
    sample.set_defaults(run=run_sample)


def run_check(args):
    module = adjutant.open_module(args.module)
    Path(args.companion).read_bytes()  # a file that cannot be read at all is bad input, not a problem of it
    companion, problem = companion_problem(module, args.companion)
    if problem:
        return _report_problem(args, problem)
    summary = companion.summary
    summary["problems"] = []
    summary["module_matches"] = summary["module_name"] == module.name
    covered = {m.map for m in companion.maps}
    summary["notes"] = sorted({note for m in module.maps if m.name in covered for note in m.notes})
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print_companion_summary(summary, module.name)
    return OK


def _report_problem(args, problem):
    """The companion file's first problem: an error on standard error and, with --json, as data."""
    error(problem)
    if args.json:
        print(json.dumps({"file": args.companion, "problems": [str(problem)]}, indent=2, ensure_ascii=False))
    return VIOLATIONS


def run_sample(args):
    module = adjutant.open_module(args.module)
    sample = adjutant.sample_terrain(args.companion, module)
    output = args.output or os.path.splitext(args.companion)[0] + ".sampled.toml"
    adjutant.write_new_file(output, sample["text"])
    if args.json:
        print(json.dumps({"output": output, "maps": sample["maps"]}, indent=2, ensure_ascii=False))
    else:
        print_terrain_sample(sample["maps"], output, args.module)
    return OK
