"""`adjutant check moves` and `adjutant check setup`: a rules plugin's checks (by default the one
serving the companion file's `rules`, else the built-in `generic` plugin) run on logs, saves and
modules."""
import argparse
import json
import os
import time
from collections import Counter
from functools import partial
from pathlib import Path

import adjutant
from ..batch import SchedulerError, check_scheduler, ordered_map
from ..errors import FormatError
from ..plugin_host import choose_plugin
from ..rules.verdict_table import print_move_verdicts
from .check_worker import CheckJob, Judged, Opened, judge, keep_opened
from .tables import console, print_setup_findings
from .usage import (BAD_INPUT, INTERRUPTED, OK, VIOLATIONS, BadInput, UsageError, add_command, add_command_group,
                    add_strict, error, note, open_game, progress, warn)

EXAMPLES = """\
examples:
  adjutant check moves turn3.vlog --module Lee.vmod --companion lee.toml    every move of a log
  adjutant check setup Lee.vmod --companion lee.toml                        the module's set-ups
Exit status 1 when a move is illegal or a set-up breaks a rule.
"""

MOVES_EXAMPLES = """\
examples:
  adjutant check moves 0606-1.log --module tld.vmod --companion tld-normandy.toml
  adjutant check moves game/ --module tld.vmod --companion tld-normandy.toml --json   every log in game/
  adjutant check moves turn3.vlog --module Lee.vmod --companion lee.toml --violations
  adjutant check moves turn3.vlog --module Lee.vmod --companion lee.toml --plugin ./myrules.py
  adjutant check moves turn4.vsav --before turn3.vsav --module Lee.vmod --companion lee.toml
  adjutant check moves season/ --module tld.vmod --companion tld-normandy.toml --jobs 8
                                          a season's logs on 8 cores, printed in their order
  adjutant check moves /club/season/ --module /club/tld.vmod --companion /club/tld.toml --scheduler tcp://10.0.0.5:8786
                                          on the workers of a Dask cluster (docs/scale.md)
Each move of a piece or stack on a map's hex boards gets the cheapest legal path from where it was
to where it went, with every other piece where it stood then; moves on maps (or boards) the
companion file does not describe are counted in a note, not judged. A save holds no moves: judge
it against an earlier save with --before. With --before, the moves are the pieces that stand
elsewhere than in the earlier save.
Several games, or folders (every save and log in them and in their sub-folders, read by content
whatever their names), are judged on every core at once (--jobs N: N at a time; --scheduler: as
tasks of a Dask cluster, `local` for one on this machine) and printed in the order given, each as
soon as it and those before it are done: a game that cannot be read or judged is reported on its
own line and the others go on. In a folder, a file that cannot be read, a damaged archive, or a
.vsav or .vlog that is not a save or log fails like a game; files that are plainly not games
(texts, pictures, modules) are skipped, and counted in one line at the end (--verbose names them).
With --json, each game is one line of JSON (JSON Lines, in the order given): {"game", "moves",
"notes"}, {"game", "error"} or {"game", "skipped"}. With several files a summary ends the run on
standard error: games, moves, illegal moves, failed and skipped files, files/s. Ctrl-C stops the
run with the summary so far (exit status 130).
Exit status 2 when a game failed, else 1 when a move is illegal, else 0.
"""

SETUP_EXAMPLES = """\
examples:
  adjutant check setup Lee.vmod --companion lee.toml          the module's SetupStacks and set-ups
  adjutant check setup turn1.vsav --module Lee.vmod --companion lee.toml
  adjutant check setup Lee.vmod --companion lee.toml --json
  adjutant check setup saves/ --module Lee.vmod --companion lee.toml       every save in saves/
  adjutant check setup saves/ --module Lee.vmod --companion lee.toml --jobs 4 --scheduler local
                                                  on a Dask cluster of 4 processes on this machine
Each unit must stand in terrain its class may enter, and each side's units in a hex must keep the
stacking limits ([[movement.stack_limit]]). Several saves, or folders of them, are judged as check
moves judges games (--jobs, --scheduler, folders; --json: one line of JSON per source, {"source",
"checked", "findings", "notes"}, {"source", "error"} or {"source", "skipped"}; a summary). Pieces on
maps the module does not have, or on hex boards the companion file does not describe, are not
checked: a note counts them. Exit status 2 when a file cannot be read, else 1 when a set-up breaks a
rule (a set-up the module names but cannot open is one).
"""


def add_parser(commands):
    actions = add_command_group(commands, "check", "check moves and set-ups against the rules",
                                "Referee a game's moves, or a module's set-ups, with a rules plugin and a "
                                "companion file.", EXAMPLES)
    moves = add_command(
        actions, "moves", "judge every move of a log",
        "Replay each log and judge each move by the rules of the plugin the companion file names (its "
        "`rules`, such as litn or lmn: that game's own move check; the generic plugin, the companion file's "
        "[movement], for any other): the path's cost in MP, its distance in hexes, and why it is illegal (no "
        "path, over the allowance, into an enemy hex, through a zone of control, over a stacking limit, and "
        "the game's own rules with their clauses ...).",
        MOVES_EXAMPLES, json_help="print JSON Lines: one object per game, {game, moves, notes} or {game, error}")
    moves.add_argument("games", metavar="GAME", nargs="+",
                       help="logs to replay, folders of them, or one save with --before (not with the lfm "
                            "and r2a plugins: they judge logs only)")
    moves.add_argument("--before", metavar="SAVE", help="an earlier save: judge the moves from it to GAME (the "
                                                        "lfm and r2a move checks judge logs only and refuse it)")
    moves.add_argument("--module", required=True, metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    _add_common(moves)
    moves.add_argument("--violations", action="store_true", help="list only the illegal moves")
    add_strict(moves)
    moves.set_defaults(run=run_moves)

    setup = add_command(
        actions, "setup", "judge a module's set-ups or a save's positions",
        "Judge where units stand: a module's SetupStacks and every predefined set-up inside it, or a "
        "save's pieces (with --module). Units in terrain their class may not enter and stacks over the "
        "limits are reported.", SETUP_EXAMPLES,
        json_help="print JSON Lines: one object per source, {source, checked, findings} or {source, error}")
    setup.add_argument("sources", metavar="MODULE_OR_GAME", nargs="+",
                       help="a module (.vmod, folder, buildFile), or saves and logs and folders of them")
    setup.add_argument("--module", metavar="MODULE", help="the module, when the sources are saves or logs")
    _add_common(setup)
    add_strict(setup)
    setup.set_defaults(run=run_setup)


def _add_common(parser):
    parser.add_argument("--jobs", "-j", type=_jobs, metavar="N",
                        help="judge N files at once, each in a process of its own (default: every core, "
                             f"{os.cpu_count()} here; 1: one by one in this process); with --scheduler local the "
                             "cluster's worker processes; ignored with a scheduler's address")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="judge the files as tasks of a Dask cluster: a running scheduler's address "
                             "(tcp://HOST:PORT, docs/scale.md; refused after 10 s without an answer), or `local` "
                             "for a cluster of --jobs processes on this machine (127.0.0.1 only)")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="name each file skipped in a folder, and show Dask's own log lines and warnings")
    parser.add_argument("--companion", required=True, metavar="COMPANION", help="the companion file with [movement]")
    parser.add_argument("--plugin", metavar="PLUGIN",
                        help="the rules plugin: a .py file or package folder, or an installed plugin's name "
                             "(default: the one serving the companion file's rules, else generic)")
    parser.add_argument("--charts", metavar="CHARTS",
                        help="the rules plugin's chart file (docs/charts-format.md): the options and values its "
                             "checks read, such as litn's printed movement allowances or lfm's stacking and entry "
                             "options (default: the plugin's template; the generic plugin reads none)")


def _jobs(text):
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of jobs (1 or more)")
    return int(text)


def _rules(args, module, task):
    companion = adjutant.open_companion(args.companion, module)
    plugin, why = choose_plugin(args.plugin, companion.rules, task)
    if why:
        note(args, why)
    return companion, plugin, plugin.tasks[task]


def run_moves(args):
    entries = _games(args.games)
    if args.before and len(entries) != 1:
        raise UsageError("--before compares one save with an earlier one: give one GAME")
    _check_where(args)
    module = adjutant.open_module(args.module)
    companion, plugin, check = _rules(args, module, "moves")
    if args.before and check.logs_only:
        raise UsageError(f"--before: the {plugin.name} move check judges a log's moves, not two saves: give the "
                         f"log (.vlog) of the moves instead of --before")
    before = open_game(args, args.before, module) if args.before else None
    job = _job(args, "moves", args.module, before=args.before, violations=args.violations)
    keep_opened(job, Opened(module, companion, check, before))
    tally = Tally("games", "moves", "illegal")

    def save_in_folder(path, judged):  # a save found in a folder was not meant to be judged alone
        return SAVE_SKIPPED if judged is not None and judged.no_moves and path not in args.games else None

    def show(path, judged):
        tally.illegal += judged.illegal
        if args.json:
            _json_line({"game": path, "moves": judged.shown, "notes": judged.notes})
        else:
            print_move_verdicts(path, judged.shown, judged.total, console, notes=judged.notes)

    return _batch(args, job, entries, "checking games", "game", tally, show, save_in_folder)


SAVE_SKIPPED = "a save holds positions, not moves (judge two saves with --before)"


def _check_where(args):
    """A --scheduler that cannot name a cluster is refused before any file is opened; --jobs, which a
    running cluster's workers decide, is said to be ignored there."""
    if args.scheduler is None:
        return
    try:
        check_scheduler(args.scheduler)
    except SchedulerError as e:
        raise UsageError(str(e)) from None
    if args.jobs and args.scheduler != "local":
        note(args, f"--jobs {args.jobs} is ignored with --scheduler {args.scheduler}: its workers judge as many "
                   f"games at once as they have threads")


def _batch(args, job, entries, description, key, tally, show, skip=lambda path, judged: None):
    """Judges the entries, shows each judged file in order (`show(path, judged)`), and ends with the
    summary; Ctrl-C stops the run with the summary of what was done. The exit status."""
    try:
        for path, judged in _judged_well(args, job, entries, description, key, tally, skip):
            show(path, judged)
    except KeyboardInterrupt:
        error(f"interrupted after {tally.files + tally.skipped} of {len(entries)} files")
        tally.report(args, always=True)
        return INTERRUPTED
    tally.report(args)
    return BAD_INPUT if tally.failed else VIOLATIONS if tally.illegal else OK


def _judged_well(args, job, entries, description, key, tally, skip=lambda path, judged: None):
    """(path, judged) of each file judged, in order; a file skipped (or that `skip` names a reason
    for) or failed is reported and counted in `tally`, and the run goes on. A file skipped in a
    folder gets a line of its own with --verbose (and its JSON line with --json), else it is only
    counted, in a line at the end."""
    for path, skipped, judged in _judged(args, job, entries, description):
        skipped = skipped or skip(path, judged)
        if skipped:
            tally.skip(skipped)
            if args.json:
                _json_line({key: path, "skipped": skipped})
            elif args.verbose:
                note(args, f"skipped {path}: {skipped}")
            continue
        tally.files += 1
        if judged.error:
            tally.failed += 1
            if args.json:
                _json_line({key: path, "error": judged.error})
            error(judged.error)
            continue
        tally.judged += judged.total
        yield path, judged


def _job(args, task, module, before=None, violations=False):
    """The CheckJob of a command line: with --scheduler ADDRESS, the workers read relative paths from
    this folder (theirs may be another), and their messages name the paths as given here."""
    folder = os.getcwd() if args.scheduler not in (None, "local") else None
    return CheckJob(task, module, args.companion, plugin=args.plugin, charts=args.charts, before=before,
                    strict=args.strict, violations=violations, json=args.json, folder=folder)


def _judged(args, job, entries, description):
    """(path, why it is skipped, Judged) for each entry in order, judged by --jobs processes or on
    --scheduler's cluster, with a progress bar; a check that cannot go on (a chart file without a
    value it needs) stops here as bad input."""
    paths = [path for path, skipped in entries if not skipped]
    with progress(args, description, len(entries), unit="files") as advance:
        outcomes = ordered_map(partial(judge, job), paths, jobs=args.jobs, scheduler=args.scheduler,
                               on_done=advance, verbose=args.verbose)
        try:
            for path, skipped in entries:
                if skipped:
                    advance()
                    yield path, skipped, None
                    continue
                outcome = next(outcomes)
                judged = outcome.value if outcome.error is None else Judged(error=outcome.error)
                if judged.fatal:
                    raise BadInput(judged.fatal)
                for text in judged.warnings:
                    warn(args, text)
                yield path, "", judged
        finally:
            outcomes.close()  # stops the workers when the check stops early


class Tally:
    """What a batch found, for the summary at its end: `kind` of files, what is counted in them
    (`judged`: moves, problems) and in what illegal ones."""

    def __init__(self, kind, judged, illegal=None):
        self.kind, self.judged_name, self.illegal_name = kind, judged, illegal
        self.files, self.judged, self.illegal, self.failed, self.skipped = 0, 0, 0, 0, 0
        self.skipped_why = Counter()
        self.start = time.perf_counter()

    def skip(self, why):
        self.skipped += 1
        self.skipped_why[why] += 1

    def report(self, args, always=False):
        """On standard error, when there were several files (or `always`): a line per reason files
        were skipped (with --verbose and --json each is named already), then games, moves, illegal
        moves, failures, files/s."""
        if self.files + self.skipped < 2 and not always:
            return
        if not (args.verbose or args.json):
            for why, count in self.skipped_why.items():
                note(args, f"skipped {count} file{'' if count == 1 else 's'} in folders: {why} (--verbose names them)")
        seconds = time.perf_counter() - self.start
        parts = [f"{self.files} {self.kind}", f"{self.judged} {self.judged_name}"]
        parts += [f"{self.illegal} {self.illegal_name}"] if self.illegal_name else []
        parts += [f"{self.failed} failed", f"{self.skipped} skipped"]
        note(args, f"{', '.join(parts)}; {seconds:.1f} s, {self.files / seconds if seconds else 0:.1f} files/s")


def _json_line(record):
    """One object of a JSON Lines stream, written at once so that a reader sees each game as it is done."""
    print(json.dumps(record, ensure_ascii=False), flush=True)


def _games(paths):
    """[(path, why it is skipped or "")] for the games named, in order: each folder among them
    replaced by its files, its sub-folders' too (by name, folder by folder), those that are plainly
    not games skipped (is_game_file)."""
    games = []
    for path in paths:
        if not Path(path).is_dir() or _is_module(path):
            games.append((path, ""))
            continue
        found = [(p, "" if is_game_file(p) else NOT_A_GAME) for p in _files_under(path)]
        if not any(not why for _, why in found):
            raise BadInput(f"{path}: a folder without saves or logs (its sub-folders read too)")
        games += found
    return games


NOT_A_GAME = "not a VASSAL save or log"
GAME_EXTENSIONS = (".vsav", ".vlog")  # what VASSAL names its saves and logs


def _files_under(folder):
    """The files of a folder and of its sub-folders, by name, each folder's files before its
    sub-folders' (a broken link is listed: it is a file that cannot be read). Linked folders are not
    entered: a link back up would never end."""
    files = []
    for top, folders, names in os.walk(folder):
        folders.sort()
        files += [os.path.join(top, name) for name in sorted(names)]
    return files


def _is_module(path):
    try:
        return adjutant.file_kind(str(path)) in ("module", "extension")
    except (OSError, FormatError):
        return False


def is_game_file(path):
    """Whether a file found in a folder is judged as a game: a VASSAL save or log by its content
    (adjutant.file_kind), and so is a file that cannot be read, a damaged archive, or a file named
    .vsav or .vlog that is not one (judging it reports why it fails). Only files that can be read and
    are plainly something else (a text, a picture, a module) are not."""
    try:
        kind = adjutant.file_kind(str(path))
    except (OSError, FormatError):
        return True
    return kind == "save" or (kind == "unknown" and str(path).lower().endswith(GAME_EXTENSIONS))


def run_setup(args):
    entries = _games(args.sources)
    _check_where(args)
    modules = [path for path, skipped in entries if not skipped and _is_module(path)]
    if modules and (args.module or len(entries) > 1):
        raise UsageError(f"{modules[0]} is a module: check its set-ups alone, without --module")
    if not modules and not args.module:
        raise UsageError(f"{entries[0][0]} is not a module: name its module with --module")
    module_path = modules[0] if modules else args.module
    module = adjutant.open_module(module_path)
    companion, _, check = _rules(args, module, "setup")
    job = _job(args, "setup", module_path)
    keep_opened(job, Opened(module, companion, check))
    tally = Tally("sources", "problems")

    def show(path, judged):
        tally.illegal += judged.total  # every problem breaks a rule
        if args.json:
            _json_line({"source": path, "checked": judged.checked, "findings": judged.shown, "notes": judged.notes})
        else:
            print_setup_findings(path, judged.checked, judged.shown, judged.notes)

    return _batch(args, job, entries, "checking set-ups", "source", tally, show)
