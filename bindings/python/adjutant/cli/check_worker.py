"""One game (or set-up source) of `adjutant check moves|setup`, judged where adjutant.batch runs it:
in this process, a process of a pool, or a Dask worker on another machine. The module, companion
file, rules and earlier save are opened once per process and kept for every game it judges. What
comes back is plain data (verdicts copied into the toolkit's own classes, texts), printed by
check.py in the order the games were given."""
import os
import threading
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Optional

import adjutant
from ..errors import FormatError
from ..plugin import Context
from ..plugin_host import PluginError, choose_plugin
from ..procedures.charts import ChartError
from ..rules.companion_rules import CheckError
from ..rules.move_check import Verdict
from ..rules.placement import SetupFinding
from .usage import BadInput, read_game


@dataclass(frozen=True)
class CheckJob:
    """What every game of one check shares: the files to open once, and how results are shown."""
    task: str                      # "moves" or "setup"
    module: str
    companion: str
    plugin: Optional[str] = None
    charts: Optional[str] = None
    before: Optional[str] = None   # an earlier save (check moves --before)
    strict: bool = False
    violations: bool = False       # only the illegal moves are shown
    json: bool = False             # results as JSON objects rather than for the table
    folder: Optional[str] = None   # where relative paths are read from, when the workers' own folder may differ

    @property
    def opens(self):
        return (self.task, self.module, self.companion, self.plugin, self.charts, self.before, self.strict,
                self.folder)

    def at(self, path):
        """Where a path as given is read from."""
        if path is None or self.folder is None or os.path.isabs(path):
            return path
        return os.path.join(self.folder, path)

    def as_given(self, text, game):
        """A message with the paths this job reads (`at`) written as they were given, so that it reads
        the same wherever the game was judged."""
        given = [p for p in (game, self.module, self.companion, self.charts, self.before, self.plugin) if p]
        for path in sorted(given, key=lambda p: -len(self.at(p))):
            if self.at(path) != path:
                text = text.replace(self.at(path), path)
        return text


@dataclass
class Judged:
    """A game's result. `error`: it could not be read or judged (a line naming it); `fatal`: the
    check cannot go on for any game (a chart file without a value it needs); `no_moves`: a save where
    moves are judged. `shown`: Verdict or SetupFinding copies, or their JSON with CheckJob.json."""
    warnings: list = field(default_factory=list)
    error: Optional[str] = None
    fatal: Optional[str] = None
    no_moves: bool = False
    total: int = 0                 # moves judged, or set-up problems found
    illegal: int = 0
    shown: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    checked: list = field(default_factory=list)  # check setup: what was checked


@dataclass
class Opened:
    module: object
    companion: object
    check: object
    before: object = None


# What stops one game of a batch but not the others: it cannot be read or judged.
GAME_ERRORS = (BadInput, FormatError, adjutant.GeometryError, OSError)

_opened = {}  # CheckJob.opens: Opened, in this process
_opening = threading.Lock()  # a Dask worker may run several threads
KEPT = 2  # jobs kept open per process: a long-lived worker serving other checks does not grow


def keep_opened(job, opened):
    """The files the caller opened already, for the games judged in its own process."""
    with _opening:
        _remember(job, opened)


def _open(job):
    with _opening:
        if job.opens not in _opened:
            module = adjutant.open_module(job.at(job.module))
            companion = adjutant.open_companion(job.at(job.companion), module)
            plugin_path = job.at(job.plugin)  # a plugin's file or folder, or an installed plugin's name
            plugin, _ = choose_plugin(plugin_path if plugin_path and os.path.exists(plugin_path) else job.plugin,
                                      companion.rules, job.task)
            before = read_game(job.at(job.before), module, job.strict)[0] if job.before else None
            _remember(job, Opened(module, companion, plugin.tasks[job.task], before))
        return _opened[job.opens]


def _remember(job, opened):
    _opened[job.opens] = opened
    while len(_opened) > KEPT:
        del _opened[next(iter(_opened))]


def judge(job, path):
    """A Judged for the game at `path` (a module too, for check setup), its messages naming the paths
    as the job gives them."""
    result = Judged()
    try:
        opened = _open(job)
        if job.task == "moves":
            _judge_moves(job, opened, job.at(path), result)
        else:
            _judge_setups(job, opened, job.at(path), result)
    except SaveWithoutMoves as e:
        result.error, result.no_moves = str(e), True
    except GAME_ERRORS as e:
        result.error = str(e)
    except (ChartError, PluginError) as e:  # names its file already, and stops every game alike
        result.fatal = str(e)
    if job.folder is not None:
        result.error, result.fatal = (job.as_given(t, path) if t else t for t in (result.error, result.fatal))
        result.warnings, result.notes = ([job.as_given(t, path) for t in texts] for texts in (result.warnings, result.notes))
    return result


class SaveWithoutMoves(BadInput):
    """A save given where moves are judged, without the earlier save (--before) they would start from."""


def _judge_moves(job, opened, path, result):
    game, result.warnings = read_game(path, opened.module, job.strict)
    if opened.before is None and not game.is_log:
        raise SaveWithoutMoves(f"{path}: a save holds no moves, only positions: " + (
            "give the log (.vlog) of the moves (this move check judges logs only)" if opened.check.logs_only else
            "name the save it follows with --before SAVE to judge the moves between them (or give a log, .vlog)"))
    context = Context(opened.module, opened.companion, game, path, opened.before, charts=job.at(job.charts))
    verdicts = _run(opened.check, context, job.companion)
    shown = [v for v in verdicts if not job.violations or v.legal is False]
    result.total, result.illegal = len(verdicts), sum(1 for v in verdicts if v.legal is False)
    result.shown = [v.as_json() for v in shown] if job.json else [_copy(Verdict, v) for v in shown]
    result.notes = list(getattr(verdicts, "notes", []))


def _judge_setups(job, opened, path, result):
    """What was checked and the findings for a module's SetupStacks and predefined set-ups, or a
    save's positions."""
    module = opened.module
    if adjutant.file_kind(path) in ("module", "extension"):
        sources = [("SetupStacks", lambda: None)]
        sources += [(f"set-up {s.name!r}", partial(_open_setup, job.at(job.module), module, s))
                    for s in module.predefined_setups if s.opens_file]
    else:
        game, result.warnings = read_game(path, module, job.strict)  # a save that cannot be read is bad input
        sources = [(path, lambda: game)]
    findings = []
    for label, open_setup in sources:
        try:
            game = open_setup()
        except FormatError as e:  # a set-up of a broken module is a finding, not the end of the check
            findings.append(SetupFinding(label, "", "", "", (), f"cannot be opened: {e}"))
        else:
            result.checked.append(label)
            found = _run(opened.check, Context(module, opened.companion, game, label), job.companion)
            findings += found
            result.notes += [f"{label}: {n}" if label != path else n for n in getattr(found, "notes", ())]
    result.total = len(findings)
    result.shown = [f.as_json() for f in findings] if job.json else [_copy(SetupFinding, f) for f in findings]


def _open_setup(module_path, module, setup):
    """A predefined set-up's game; a module folder (or a buildFile's) that holds its file elsewhere than
    at its top, where VASSAL looks (a module's sources, say, that a build packs into a .vmod), is told so."""
    try:
        return adjutant.open_setup(module, setup.name)
    except FormatError as e:
        folder = module_path if os.path.isdir(module_path) else \
            os.path.dirname(os.path.abspath(module_path)) if os.path.basename(module_path).startswith("buildFile") else None
        elsewhere = sorted(_found_under(folder, setup.file)) if folder else []
        if not elsewhere:
            raise
        raise type(e)(f"{e} at its top, where VASSAL reads it; the folder holds {', '.join(elsewhere)}: check the "
                      f"packed module (.vmod), or copy the file to the folder's top") from None


def _found_under(folder, name):
    for top, _, names in os.walk(folder):
        if name in names and top != folder:
            yield os.path.relpath(os.path.join(top, name), folder)


def _run(check, context, companion_path):
    try:
        return check.run(context)
    except CheckError as e:
        raise BadInput(f"{context.source}: {e}") from None
    except ChartError:  # names its chart file already
        raise
    except ValueError as e:  # a companion file without [movement], say
        raise BadInput(f"{companion_path}: {e}") from None


def _copy(cls, value):
    """`value` (a plugin's subclass, perhaps, which another process may not import) as `cls` itself."""
    return cls(**{f.name: getattr(value, f.name) for f in fields(cls)})
