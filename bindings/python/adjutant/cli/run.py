"""`adjutant run PLUGIN.PROCEDURE GAME ...`: a rules plugin's procedure on a save or log, its report
printed (text or JSON) and, with -o, the changed game written as a new .vsav or as the log with new
steps (.vlog), the report posted in it as chat lines."""
import argparse
import sys
import textwrap
from pathlib import Path

import adjutant
from ..procedures.charts import ChartError
from ..procedures.outputs import game_output_kind, write_procedure_outputs
from ..plugin import BOOL_NOTE, Context
from ..plugin_host import PluginError
from ..procedures.rolls import Rolls
from .procedure_words import add_procedure_arguments, find_procedure, procedure_arguments
from .usage import BAD_INPUT, OK, BadInput, UsageError, add_command, add_strict, open_game

EXAMPLES = """\
examples:
  adjutant run litn.command turn5.vsav --module litn.vmod --companion litn.toml --charts charts.toml side=Union -o turn5-cp.vsav
  adjutant run litn.command turn5.vsav ... side=Confederate --side Confederate --seed 7 -o turn5.vlog
  adjutant run litn.command turn5.vsav ... side=Confederate --roll "R.E. Lee CP=2" --roll "broadcast R.E. Lee -> Jackson=5"
  adjutant run litn.attrition turn5.vsav ... side=Union --side Union --json
  adjutant run litn.odds turn5.vsav ... receiver=Pickett
  adjutant run litn.force-march turn5.vsav ... hex=1622
Parameters of the procedure are NAME=VALUE: `adjutant run PLUGIN.PROCEDURE --help` lists them, with
an example on the plugin's demo game (`adjutant demo --plugin PLUGIN` writes it). Rolls come from --seed
(the report says which, so a run can be made again) except those given with --roll. With --side,
the report and its chat lines name only what VASSAL shows that side (the procedure computes the same
whatever --side says: whose procedure it is, is a parameter such as side=); without it, everything.
-o writes a new file (never over one that exists): .vsav for a save of the result, .vlog for the
game read plus one step per change and the report as chat, to step through in VASSAL.
Exit status 2 when a file cannot be read, a chart value the procedure needs is missing or blank, or
a plugin, procedure or parameter is unknown.
"""


def add_parser(commands):
    p = add_command(commands, "run", "run a rules plugin's procedure on a game",
                    "Run a procedure (CP broadcast, attrition, force-march losses ...) on a save or log, "
                    "report every roll, distance and result, and write the changed game back for VASSAL.",
                    EXAMPLES, json_help="print the report as JSON", help_action=ProcedureHelp)
    add_procedure_arguments(p, "the save (.vsav) or log (.vlog) to work on")
    p.add_argument("--seed", type=int, metavar="N", help="seed of the dice (default: a new one, reported)")
    p.add_argument("--roll", action="append", default=[], metavar="PURPOSE=N",
                   help="a roll made at the table, by its purpose as the report names it (* wildcards): one roll, "
                        "the first whose purpose matches; repeat --roll for more")
    p.add_argument("--side", default="referee", metavar="SIDE",
                   help="report only what this side sees: one of the plugin's sides, or referee (the default: "
                        "everything)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the changed game: OUT.vsav or OUT.vlog")
    p.add_argument("--report", metavar="FILE", help="also write the report: FILE.json as JSON, else as text")
    p.add_argument("--plugin", metavar="PATH", action="append", default=[],
                   help="load a plugin from a .py file or folder too")
    add_strict(p)
    p.set_defaults(run=run)


class ProcedureHelp(argparse.Action):
    """-h/--help: after PLUGIN.PROCEDURE, that procedure's help; else the help of `run`."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show this help, or a procedure's when PLUGIN.PROCEDURE comes before it")

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, "task", None):
            try:
                plugin, task = find_procedure(namespace.task, getattr(namespace, "plugin", []))
            except (UsageError, PluginError) as e:
                parser.exit(BAD_INPUT, f"adjutant: {e}\n")
            sys.stdout.write(procedure_help(plugin, task))
            parser.exit(OK)
        parser.print_help()
        parser.exit(OK)


def procedure_help(plugin, task):
    """What `adjutant run PLUGIN.PROCEDURE --help` prints: what it does, its parameters, an example."""
    lines = [f"usage: adjutant run {plugin.name}.{task.name} GAME --module MODULE --companion COMPANION "
             f"[--charts CHARTS] [options] [NAME=VALUE ...]", "", textwrap.fill(task.help, 100), "",
             "parameters:"]
    lines += [f"  {p.describe()}" for p in task.parameters] or ["  none"]
    if any(p.type is bool for p in task.parameters):
        lines.append(f"  ({BOOL_NOTE})")
    example = plugin.example_command(task)
    if example:
        lines += ["", f"example, in the folder `adjutant demo --plugin {plugin.name} --out DIR` writes:",
                  f"  {example}"]
    lines += ["", f"sides for --side: {', '.join(plugin.sides)}, referee",
              "options: adjutant run --help",
              "Exit status 2 when a file cannot be read, a chart value it needs is blank, a parameter is wrong or "
              "a given roll is not used (nothing is written then), else 0."]
    return "\n".join(lines) + "\n"


def _check_outputs(output, report):
    """Every file the run will write, checked before anything is read or written."""
    if output:
        try:
            game_output_kind(output)
        except ValueError as e:
            raise UsageError(f"-o {e}") from None
    for option, path in (("-o", output), ("--report", report)):
        if path and Path(path).exists():
            raise UsageError(f"{option} {path}: the file exists; adjutant never writes over a file")
    if output and report and Path(output).resolve() == Path(report).resolve():
        raise UsageError(f"-o and --report name the same file, {output}")


def run(args):
    plugin, task = find_procedure(args.task, args.plugin)
    if args.side != "referee" and args.side not in plugin.sides:
        raise UsageError(f"--side {args.side}: the sides of {plugin.name} are {', '.join(plugin.sides)} "
                         f"(or referee)")
    arguments = procedure_arguments(task, args.parameters)
    _check_outputs(args.output, args.report)
    try:
        rolls = Rolls(args.seed, args.roll)
    except ValueError as e:
        raise UsageError(str(e)) from None
    module = adjutant.open_module(args.module)
    companion = adjutant.open_companion(args.companion, module)
    game = open_game(args, args.game, module)
    context = Context(module, companion, game, args.game, charts=args.charts, rolls=rolls, side=args.side)
    try:
        report = task.run(context, **arguments)
    except ChartError:  # names its chart file already
        raise
    except ValueError as e:  # a unit or hex the game does not have, say
        raise BadInput(f"{args.game}: {e}") from None
    unused = rolls.unused()
    if unused:  # a typo in a purpose would silently roll from the seed instead: nothing is written
        raise BadInput(f"the given roll {unused[0]!r} matches no roll of {args.task} (the report names each "
                       f"roll's purpose: run without --roll to see them); nothing written")
    write_procedure_outputs(report, game, args.output, args.report)
    if args.json:
        sys.stdout.write(report.json_text())
    else:
        sys.stdout.write(report.text())
        for path in report.files:
            print(f"wrote {path}")
    return OK
