"""`adjutant check moves` and `adjutant check setup`: a rules plugin's checks (by default the one
serving the companion file's `rules`, else the built-in `generic` plugin) run on logs, saves and
modules."""
import json
from functools import partial
from pathlib import Path

import adjutant
from ..procedures.charts import ChartError
from ..rules.companion_rules import CheckError
from ..errors import FormatError
from ..plugin import Context
from ..plugin_host import choose_plugin
from ..rules.placement import SetupFinding
from ..rules.verdict_table import print_move_verdicts
from .tables import console, print_setup_findings
from .usage import (BAD_INPUT, OK, VIOLATIONS, BadInput, UsageError, add_command, add_command_group, add_strict,
                    error, note, open_game, progress)

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
Each move of a piece or stack on a map's hex boards gets the cheapest legal path from where it was
to where it went, with every other piece where it stood then; moves on maps (or boards) the
companion file does not describe are counted in a note, not judged. A save holds no moves: judge
it against an earlier save with --before. With --before, the moves are the pieces that stand
elsewhere than in the earlier save.
Several games, or folders (every save and log in them, whatever their names; other files are
listed as skipped), are judged one by one: a game that cannot be read or judged is reported on its
own line and the others go on. With --json, each game is one line of JSON as it is done (JSON
Lines, in the order given): {"game", "moves", "notes"}, {"game", "error"} or {"game", "skipped"}.
Exit status 2 when a game failed, else 1 when a move is illegal, else 0.
"""

SETUP_EXAMPLES = """\
examples:
  adjutant check setup Lee.vmod --companion lee.toml          the module's SetupStacks and set-ups
  adjutant check setup turn1.vsav --module Lee.vmod --companion lee.toml
  adjutant check setup Lee.vmod --companion lee.toml --json
  adjutant check setup saves/ --module Lee.vmod --companion lee.toml       every save in saves/
Each unit must stand in terrain its class may enter, and each side's units in a hex must keep the
stacking limits ([[movement.stack_limit]]). Several saves, or folders of them, are judged one by
one, as check moves does (--json: one line of JSON per source). Exit status 2 when a file cannot
be read, else 1 when a set-up breaks a rule (a set-up the module names but cannot open is one).
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
    parser.add_argument("--companion", required=True, metavar="COMPANION", help="the companion file with [movement]")
    parser.add_argument("--plugin", metavar="PLUGIN",
                        help="the rules plugin: a .py file or package folder, or an installed plugin's name "
                             "(default: the one serving the companion file's rules, else generic)")
    parser.add_argument("--charts", metavar="CHARTS",
                        help="the rules plugin's chart file (docs/charts-format.md): the options and values its "
                             "checks read, such as litn's printed movement allowances or lfm's stacking and entry "
                             "options (default: the plugin's template; the generic plugin reads none)")


def _rules(args, module, task):
    companion = adjutant.open_companion(args.companion, module)
    plugin, why = choose_plugin(args.plugin, companion.rules, task)
    if why:
        note(args, why)
    return companion, plugin, plugin.tasks[task]


def _run(check, context, companion_path):
    try:
        return check.run(context)
    except CheckError as e:
        raise BadInput(f"{context.source}: {e}") from None
    except ChartError:  # names its chart file already
        raise
    except ValueError as e:  # a companion file without [movement], say
        raise BadInput(f"{companion_path}: {e}") from None


def run_moves(args):
    entries = _games(args.games)
    if args.before and len(entries) != 1:
        raise UsageError("--before compares one save with an earlier one: give one GAME")
    module = adjutant.open_module(args.module)
    companion, plugin, check = _rules(args, module, "moves")
    if args.before and check.logs_only:
        raise UsageError(f"--before: the {plugin.name} move check judges a log's moves, not two saves: give the "
                         f"log (.vlog) of the moves instead of --before")
    before = open_game(args, args.before, module) if args.before else None
    failed = illegal = 0
    with progress(args, "checking games", len(entries)) as advance:
        for path, skipped in entries:
            if skipped:
                _report(args, {"game": path, "skipped": skipped}, f"skipped {path}: {skipped}")
            else:
                try:
                    verdicts = _judge_moves(args, module, companion, check, path, before)
                except SaveWithoutMoves as e:
                    if path in args.games:  # named, not found in a folder: the user meant it
                        failed += 1
                        _report(args, {"game": path, "error": str(e)}, str(e), is_error=True)
                    else:
                        _report(args, {"game": path, "skipped": SAVE_SKIPPED}, f"skipped {path}: {SAVE_SKIPPED}")
                except GAME_ERRORS as e:
                    failed += 1
                    _report(args, {"game": path, "error": str(e)}, str(e), is_error=True)
                else:
                    illegal += sum(1 for v in verdicts if v.legal is False)
                    _print_verdicts(args, path, verdicts)
            advance()
    return BAD_INPUT if failed else VIOLATIONS if illegal else OK


class SaveWithoutMoves(BadInput):
    """A save given where moves are judged, without the earlier save (--before) they would start from."""


SAVE_SKIPPED = "a save holds positions, not moves (judge two saves with --before)"


def _judge_moves(args, module, companion, check, path, before):
    game = open_game(args, path, module)
    if before is None and not game.is_log:
        raise SaveWithoutMoves(f"{path}: a save holds no moves, only positions: " + (
            "give the log (.vlog) of the moves (this move check judges logs only)" if check.logs_only else
            "name the save it follows with --before SAVE to judge the moves between them (or give a log, .vlog)"))
    return _run(check, Context(module, companion, game, path, before, charts=args.charts), args.companion)


# What stops one game of a batch but not the others: it cannot be read or judged.
GAME_ERRORS = (BadInput, FormatError, adjutant.GeometryError, OSError)


def _print_verdicts(args, path, verdicts):
    shown = [v for v in verdicts if not args.violations or v.legal is False]
    notes = getattr(verdicts, "notes", [])
    if args.json:
        _json_line({"game": path, "moves": [v.as_json() for v in shown], "notes": notes})
    else:
        print_move_verdicts(path, shown, len(verdicts), console, notes=notes)


def _report(args, record, text, is_error=False):
    """A game that was skipped or failed: a JSON line with --json (and an error on standard error
    too), else a line on standard error."""
    if args.json:
        _json_line(record)
    if is_error:
        error(text)
    elif not args.json:
        note(args, text)


def _json_line(record):
    """One object of a JSON Lines stream, written at once so that a reader sees each game as it is done."""
    print(json.dumps(record, ensure_ascii=False), flush=True)


def _games(paths):
    """[(path, why it is skipped or "")] for the games named, in order: each folder among them replaced
    by its files (by name), those that hold no save or log skipped; folders are read by content, not
    by the files' extensions."""
    games = []
    for path in paths:
        if not Path(path).is_dir() or _is_module(path):
            games.append((path, ""))
            continue
        files = sorted(p for p in Path(path).iterdir() if p.is_file())
        found = [(str(p), "" if is_game_file(p) else "not a VASSAL save or log") for p in files]
        if not any(not why for _, why in found):
            raise BadInput(f"{path}: a folder without saves or logs")
        games += found
    return games


def _is_module(path):
    try:
        return adjutant.file_kind(str(path)) in ("module", "extension")
    except FormatError:
        return False


def is_game_file(path):
    """Whether a file holds a VASSAL save or log, by its content (adjutant.file_kind)."""
    try:
        return adjutant.file_kind(str(path)) == "save"
    except (OSError, FormatError):
        return False


def run_setup(args):
    entries = _games(args.sources)
    kinds = {path: adjutant.file_kind(path) for path, skipped in entries if not skipped}
    modules = [path for path, kind in kinds.items() if kind in ("module", "extension")]
    if modules and (args.module or len(entries) > 1):
        raise UsageError(f"{modules[0]} is a module: check its set-ups alone, without --module")
    if not modules and not args.module:
        raise UsageError(f"{entries[0][0]} is not a module: name its module with --module")
    module = adjutant.open_module(modules[0] if modules else args.module)
    companion, _, check = _rules(args, module, "setup")
    failed = found = 0
    with progress(args, "checking set-ups", len(entries)) as advance:
        for path, skipped in entries:
            if skipped:
                _report(args, {"source": path, "skipped": skipped}, f"skipped {path}: {skipped}")
                advance()
                continue
            try:
                checked, findings = _judge_setups(args, module, companion, check, path)
            except GAME_ERRORS as e:
                failed += 1
                _report(args, {"source": path, "error": str(e)}, str(e), is_error=True)
            else:
                found += len(findings)
                if args.json:
                    _json_line({"source": path, "checked": checked, "findings": [f.as_json() for f in findings]})
                else:
                    print_setup_findings(path, checked, findings)
            advance()
    return BAD_INPUT if failed else VIOLATIONS if found else OK


def _judge_setups(args, module, companion, check, path):
    """(what was checked, findings) for a module's SetupStacks and predefined set-ups, or a save's
    positions."""
    if adjutant.file_kind(path) in ("module", "extension"):
        sources = [("SetupStacks", lambda: None)]
        sources += [(f"set-up {s.name!r}", partial(adjutant.open_setup, module, s.name))
                    for s in module.predefined_setups if s.opens_file]
    else:
        game = open_game(args, path, module)  # a save that cannot be read is bad input
        sources = [(path, lambda: game)]
    checked, findings = [], []
    for label, open_setup in sources:
        try:
            game = open_setup()
        except FormatError as e:  # a set-up of a broken module is a finding, not the end of the check
            findings.append(SetupFinding(label, "", "", "", (), f"cannot be opened: {e}"))
        else:
            checked.append(label)
            findings += _run(check, Context(module, companion, game, label), args.companion)
    return checked, findings
