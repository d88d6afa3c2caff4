"""What each process of `adjutant simulate` runs: a chunk of runs of one procedure. A process opens
the module, companion file, game and chart file once, keeps them for every chunk it is given, and
runs each procedure on a copy of the opened game (Game.copy), so that every run starts from the same
state whatever ran before it in that process. A run that fails stops its chunk and is named, with its
seed, in the chunk's result (Done), so that the message is the procedure's own and `adjutant run
--seed` makes the same run again."""
import warnings
from dataclasses import dataclass

import adjutant
from ..plugin import Context
from ..procedures.charts import ChartFile
from ..procedures.distribution import Tally
from ..procedures.rolls import Rolls, run_seed
from .procedure_words import find_procedure, procedure_arguments


@dataclass(frozen=True)
class Setup:
    """What every run of a simulation shares: the procedure, its NAME=VALUE words and the files."""

    task: str
    game: str
    module: str
    companion: str
    charts: str = None
    parameters: tuple = ()
    plugin_paths: tuple = ()
    seed: int = 0
    source: str = ""   # the game's path as the command line gave it, for the procedures' messages


@dataclass(frozen=True)
class Chunk:
    """Runs first .. first + count - 1 of a simulation: the unit of work given to a process."""

    setup: Setup
    first: int
    count: int

    def __str__(self):
        return f"runs {self.first}-{self.first + self.count - 1}"


class Opened:
    """A setup's procedure, arguments and files, opened once in a process."""

    def __init__(self, setup):
        _, self.task = find_procedure(setup.task, setup.plugin_paths)
        self.arguments = procedure_arguments(self.task, setup.parameters)
        self.module = adjutant.open_module(setup.module)
        self.companion = adjutant.open_companion(setup.companion, self.module)
        with warnings.catch_warnings():  # the command has warned once already (or refused, with --strict)
            warnings.simplefilter("ignore", adjutant.ModuleMismatchWarning)
            self.game = adjutant.open_game(setup.game, self.module)
        self.charts = ChartFile.load(setup.charts) if setup.charts else None

    def run(self, setup, index):
        """Run `index`: the procedure's report, on a copy of the game, with the run's own seed."""
        context = Context(self.module, self.companion, self.game.copy(), setup.source or setup.game, charts=self.charts,
                          rolls=Rolls(run_seed(setup.seed, index)))
        return self.task.run(context, **self.arguments)


_opened = {}  # Setup: Opened, for the life of the process


def opened(setup):
    if setup not in _opened:
        _opened.clear()   # a process serves one simulation at a time
        _opened[setup] = Opened(setup)
    return _opened[setup]


@dataclass(frozen=True)
class Failure:
    """The run that failed: its index, its seed and what the procedure said."""

    index: int
    seed: int
    message: str


@dataclass
class Done:
    """A chunk's outcome: the Tally of its runs up to the first that failed, and that failure."""

    tally: Tally
    failure: Failure = None


# What a procedure raises for the game or parameters it is given (a unit it has not, a side it needs):
# its message is the whole story. Anything else is a fault in the plugin, named by its class too.
_REFUSALS = (ValueError, OSError, adjutant.FormatError)


def failure_text(e):
    if isinstance(e, _REFUSALS) and str(e):
        return str(e)
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


def run_chunk(chunk):
    """Done: the Tally of a chunk's runs, stopped at the first that fails."""
    setup = chunk.setup
    work = opened(setup)
    tally = Tally()
    for index in range(chunk.first, chunk.first + chunk.count):
        try:
            report = work.run(setup, index)
        except Exception as e:  # the run's failure is the chunk's outcome, with the run named
            return Done(tally, Failure(index, run_seed(setup.seed, index), failure_text(e)))
        tally.add_run(report.quantities())
    return Done(tally)
