"""`adjutant simulate PLUGIN.PROCEDURE GAME ... --runs N`: a procedure run N times from seeds derived
from one (--seed), on every core (--jobs) or a Dask cluster (--scheduler), nothing written but the
picture asked for; the distribution of each quantity its reports give (CPs per leader, MA per unit,
SP lost ...) printed as a table or JSON, and drawn with --picture."""
import json
import math
import os
import secrets
import sys
from pathlib import Path

import adjutant
from ..batch import ordered_map
from ..procedures.charts import ChartFile
from ..procedures.distribution import plain
from .procedure_words import add_procedure_arguments, find_procedure, procedure_arguments
from .simulate_worker import Chunk, Setup, run_chunk
from .usage import OK, BadInput, UsageError, add_command, add_strict, open_game

# Runs made in this process before any other starts: a procedure that fails, or reports no quantity
# at all in them, is known at once. They are runs 0.. of the simulation, not runs more.
FIRST_RUNS = 20
TABLE_NOTE = ("Note: runs \"68 of 200\": 68 of the 200 runs reported the quantity; its mean, quartiles and "
              "frequencies are over those 68.")
JSON_NOTE = "a quantity's runs are those of of_runs that reported it; its mean, quartiles and distribution are over them"

EXAMPLES = """\
examples:
  adjutant simulate litn.command litn-demo.vsav --module litn-demo.vmod --companion companion.toml --charts charts.toml side=Confederate --runs 10000
  adjutant simulate litn.command ... side=Union --runs 100000 --seed 7 --json
  adjutant simulate litn.attrition ... side=Union --runs 5000 --picture attrition.png
  adjutant simulate litn.command ... side=Confederate --runs 100000 --scheduler tcp://10.0.0.5:8786
The runs are numbered from 0; run i is rolled with a seed computed from --seed and i alone (docs/scale.md
says how), so the same --seed gives the same table on one core, on many or on a cluster. Each run
starts from the game as the file holds it; nothing is written but --picture's file (never over one,
its folder checked first): a procedure's own output parameter (picture=) is refused. The quantities
are the values the procedure's report marks as such (plugin contract §7); where one run reports a
quantity on several lines, they add up. A quantity's runs ("68 of 200") are the runs that reported it,
and its mean, quartiles (nearest-rank: values some run gave) and frequencies are over those runs.
An outcome that is no amount (who has the initiative, whether a unit rallies) is counted 1 when it
happened and 0 when it did not, so its mean is how often it happened. The table rounds (means to
two decimals, frequencies to whole percents); --json gives every count, to compare with exact odds.

A procedure that declares no quantity (`adjutant plugins` lists each one's) is refused before any
run. Runs 0-19 are made first, in this process: a procedure that reports no quantity in them is
refused then, and a run that fails stops the simulation, named with its seed (`adjutant run --seed
SEED` repeats it).
--jobs N runs N processes (default: every core); --scheduler ADDRESS submits the runs as tasks of a
Dask scheduler (tcp://HOST:8786; `local` starts a cluster of --jobs workers on this machine): every
worker must reach the files by the same paths. docs/scale.md says how to run one.
Exit status 2 when a file cannot be read, a chart value the procedure needs is blank, a plugin,
procedure or parameter is unknown or given twice, the procedure declares or reports no quantity,
or a run fails (the message names the run and its seed), else 0.
"""

DISTRIBUTION_SHOWN = 8  # a quantity with this many values or fewer gets its frequencies in the table


def add_parser(commands):
    p = add_command(commands, "simulate", "run a procedure many times: the distribution of what it reports",
                    "Run a rules plugin's procedure many times with seeded dice and give the distribution of each "
                    "quantity it reports (CPs, MA, SP lost, VP ...): runs, mean, min, quartiles, max, frequencies.",
                    EXAMPLES, json_help="print each quantity's distribution, the seed and the runs as JSON")
    add_procedure_arguments(p, "the save (.vsav) or log (.vlog) every run starts from")
    p.add_argument("--runs", type=int, required=True, metavar="N", help="how many runs")
    p.add_argument("--seed", type=int, metavar="S", help="any whole number, the seed the runs' seeds come from "
                                                         "(default: a new one, reported)")
    p.add_argument("--jobs", type=int, metavar="N", help="processes (default: every core; 1: this process alone)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask scheduler's address (tcp://HOST:8786), or `local` for a cluster on this machine")
    p.add_argument("--chunk", type=int, metavar="RUNS",
                   help="runs per task sent to a process or worker (default: about 8 tasks a worker, at most 500 runs)")
    p.add_argument("--picture", metavar="FILE.png", help="draw a histogram of each quantity into a new PNG file")
    p.add_argument("--plugin", metavar="PATH", action="append", default=[],
                   help="load a plugin from a .py file or folder too")
    add_strict(p)
    p.set_defaults(run=run)


def run(args):
    for option, value in (("--runs", args.runs), ("--jobs", args.jobs), ("--chunk", args.chunk)):
        if value is not None and value < 1:
            raise UsageError(f"{option} must be 1 or more, not {value}")
    if args.picture:
        if Path(args.picture).suffix.lower() != ".png":
            raise UsageError(f"--picture {args.picture}: the picture is a PNG file (FILE.png)")
        if Path(args.picture).exists():
            raise UsageError(f"--picture {args.picture}: the file exists; adjutant never writes over a file")
        _check_folder(args.picture)
    _, task = find_procedure(args.task, args.plugin)
    if not task.quantities:
        raise BadInput(f"{args.task} declares no quantity (`adjutant plugins` lists what each procedure reports): "
                       f"there is nothing to simulate")
    arguments = procedure_arguments(task, args.parameters)   # refused here, before any process starts

    writes = [p.name for p in task.parameters if p.output and arguments[p.name]]
    if writes:
        raise UsageError(f"{args.task}: {writes[0]}= writes a file, and simulate writes nothing but --picture's "
                         f"histograms: leave {writes[0]}= out")
    module = adjutant.open_module(args.module)
    adjutant.open_companion(args.companion, module)
    open_game(args, args.game, module)
    if args.charts:
        ChartFile.load(args.charts)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    setup = Setup(args.task, _absolute(args.game), _absolute(args.module), _absolute(args.companion),
                  _absolute(args.charts), tuple(args.parameters), tuple(_absolute(p) for p in args.plugin), seed,
                  args.game)
    tally = _simulate(args, setup, task.quantities)
    summaries = tally.summaries()
    if args.json:
        sys.stdout.write(json.dumps({"procedure": args.task, "game": args.game, "parameters": list(args.parameters),
                                     "seed": seed, "runs": tally.runs,
                                     "quantities": [s.as_json() for s in summaries],
                                     "notes": [JSON_NOTE]}, indent=2) + "\n")
    else:
        _print_table(f"{args.task} on {args.game}: {tally.runs} runs, seed {seed}", summaries)
    if args.picture:
        from ..render.histograms import write_histograms
        write_histograms(summaries, args.picture, f"{args.task} on {Path(args.game).name}: {tally.runs} runs, "
                                                  f"seed {seed}")
        if not args.json:
            print(f"wrote {args.picture}")
    return OK


def _check_folder(picture):
    """The picture's folder exists and may be written in, before any run."""
    folder = Path(picture).parent
    if not folder.is_dir():
        raise UsageError(f"--picture {picture}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"--picture {picture}: the folder {folder} may not be written in")


def _absolute(path):
    return str(Path(path).resolve()) if path else path


def chunks(setup, runs, size, start=0):
    return [Chunk(setup, first, min(size, runs - first)) for first in range(start, runs, size)]


def chunk_size(runs, workers):
    """About eight tasks a worker, so that they finish together, and no more than 500 runs a task."""
    return max(1, min(500, math.ceil(runs / (8 * workers))))


def _simulate(args, setup, declared):
    first = min(args.runs, FIRST_RUNS)
    done = run_chunk(Chunk(setup, 0, first))
    _stop_at_failure(args, done)
    if not done.tally.values:
        raise BadInput(f"{args.task} marked none of its quantities ({', '.join(declared)}) in its first {first} runs: "
                       f"nothing in this position called for them, so there is nothing to simulate; `adjutant run` "
                       f"on the same game shows what the procedure found")
    tally = done.tally
    workers = args.jobs or os.cpu_count() or 1  # a local cluster starts one worker per core too
    size = args.chunk or chunk_size(args.runs - first, workers)
    work = chunks(setup, args.runs, size, start=first)
    with _progress(args, args.runs) as advance:
        advance(first)
        finished = iter(work)
        outcomes = ordered_map(run_chunk, work, jobs=args.jobs, scheduler=args.scheduler,
                               on_done=lambda: advance(next(finished).count))
        try:
            for outcome in outcomes:
                if outcome.error:
                    raise BadInput(f"{args.game}: {outcome.error}")
                _stop_at_failure(args, outcome.value)
                tally.merge(outcome.value.tally)
        finally:
            close = getattr(outcomes, "close", None)
            if close:
                close()   # stops the pool when a run failed
    return tally


def _stop_at_failure(args, done):
    """BadInput naming the failed run of a chunk, if one failed, with the seed that makes it again."""
    failure = done.failure
    if failure:
        raise BadInput(f"{args.game}: run {failure.index} failed (seed {failure.seed}: `adjutant run` with "
                       f"--seed {failure.seed} makes it again): {failure.message}")


class _progress:
    """A bar of runs done with runs/s on standard error, when it is a terminal (not with -q or --json)."""

    def __init__(self, args, total):
        self.shown = not (args.quiet or args.json) and sys.stderr.isatty()
        self.total = total

    def __enter__(self):
        if not self.shown:
            return lambda n: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
        self.bar = Progress(TextColumn("runs"), BarColumn(), MofNCompleteColumn(), _runs_per_second(),
                            TimeRemainingColumn(), console=Console(stderr=True), transient=True)
        self.bar.__enter__()
        task = self.bar.add_task("runs", total=self.total)
        return lambda n: self.bar.advance(task, n)

    def __exit__(self, *exc):
        if self.shown:
            self.bar.__exit__(*exc)
        return False


def _runs_per_second():
    """A progress column: the runs done a second (rich is imported only when a bar is drawn)."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class RunsPerSecond(ProgressColumn):
        def render(self, task):
            return Text(f"{task.speed:.0f} runs/s" if task.speed else "")
    return RunsPerSecond()


def _print_table(title, summaries):
    from rich.table import Table
    from .tables import console
    console.print(title)
    table = Table(show_edge=False, pad_edge=False)
    for column in ("quantity", "of", "runs", "mean", "min", "25%", "median", "75%", "max", "frequencies"):
        table.add_column(column, justify="left" if column in ("quantity", "of", "frequencies") else "right")
    for s in summaries:
        frequencies = ("  ".join(f"{_value(v)}: {_percent(n, s.runs)}" for v, n in s.counts.items())
                       if len(s.counts) <= DISTRIBUTION_SHOWN else f"{len(s.counts)} values")
        table.add_row(s.name, s.of, f"{s.runs} of {s.of_runs}", f"{float(s.mean):.2f}", _value(s.low),
                      _value(s.quantile(0.25)), _value(s.quantile(0.5)), _value(s.quantile(0.75)), _value(s.high),
                      frequencies)
    console.print(table)
    if any(s.runs < s.of_runs for s in summaries):
        console.print(TABLE_NOTE)


def _value(value):
    return str(plain(value))


def _percent(n, total):
    share = 100 * n / total
    return f"{share:.0f}%" if share >= 1 or share == 0 else f"{share:.1g}%"
