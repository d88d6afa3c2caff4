"""`adjutant check moves` and `adjutant check setup`: a rules plugin's checks (by default the one
serving the companion file's `rules`, else the built-in `generic` plugin) run on logs, saves and
modules."""
import json
import sys
from functools import partial
from pathlib import Path

import adjutant
from ..rules.companion_rules import CheckError
from ..errors import FormatError
from ..plugin import Context
from ..plugin_host import choose_plugin
from ..rules.placement import SetupFinding
from ..rules.verdict_table import print_move_verdicts
from .tables import print_setup_findings
from .usage import OK, VIOLATIONS, BadInput, UsageError, add_command, add_command_group, note, progress

LOG_SUFFIXES = (".vlog", ".log")  # what a folder given to check moves is searched for

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
to where it went, with every other piece where it stood then. With --before, the moves are the
pieces that stand elsewhere than in the earlier save. Several logs (or a folder of them) show a
progress bar on a terminal.
Exit status 1 when a move is illegal, 2 when a file cannot be read.
"""

SETUP_EXAMPLES = """\
examples:
  adjutant check setup Lee.vmod --companion lee.toml          the module's SetupStacks and set-ups
  adjutant check setup turn1.vsav --module Lee.vmod --companion lee.toml
  adjutant check setup Lee.vmod --companion lee.toml --json
Each unit must stand in terrain its class may enter, and each side's units in a hex must keep the
stacking limits ([[movement.stack_limit]]). Exit status 1 when a set-up breaks a rule (a set-up
the module names but cannot open is one), 2 when a file cannot be read.
"""


def add_parser(commands):
    actions = add_command_group(commands, "check", "check moves and set-ups against the rules",
                                "Referee a game's moves, or a module's set-ups, with a rules plugin and a "
                                "companion file.", EXAMPLES)
    moves = add_command(
        actions, "moves", "judge every move of a log",
        "Replay each log and judge each move by the rules (the generic plugin: the companion file's "
        "[movement]): the path's cost in MP, its distance in hexes, and why it is illegal (no path, over "
        "the allowance, into an enemy hex, through a zone of control, over a stacking limit ...).",
        MOVES_EXAMPLES, json_help="print the verdicts as JSON: a list of {game, moves}")
    moves.add_argument("games", metavar="GAME", nargs="+",
                       help="logs (.vlog, .log) to replay, folders of logs, or one save with --before")
    moves.add_argument("--before", metavar="SAVE", help="an earlier save: judge the moves from it to GAME")
    moves.add_argument("--module", required=True, metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    _add_common(moves)
    moves.add_argument("--violations", action="store_true", help="list only the illegal moves")
    moves.set_defaults(run=run_moves)

    setup = add_command(
        actions, "setup", "judge a module's set-ups or a save's positions",
        "Judge where units stand: a module's SetupStacks and every predefined set-up inside it, or a "
        "save's pieces (with --module). Units in terrain their class may not enter and stacks over the "
        "limits are reported.", SETUP_EXAMPLES, json_help="print the findings as JSON: {source, checked, findings}")
    setup.add_argument("source", metavar="MODULE_OR_GAME", help="a module (.vmod, folder, buildFile) or a save/log")
    setup.add_argument("--module", metavar="MODULE", help="the module, when SOURCE is a save or log")
    _add_common(setup)
    setup.set_defaults(run=run_setup)


def _add_common(parser):
    parser.add_argument("--companion", required=True, metavar="COMPANION", help="the companion file with [movement]")
    parser.add_argument("--plugin", metavar="PLUGIN",
                        help="the rules plugin: a .py file or package folder, or an installed plugin's name "
                             "(default: the one serving the companion file's rules, else generic)")
    parser.add_argument("--charts", metavar="CHARTS", help="the rules plugin's chart file: its options and the values its checks read "
                             "(LIN: the printed movement allowances)")


def _rules(args, module, task):
    companion = adjutant.open_companion(args.companion, module)
    plugin, why = choose_plugin(args.plugin, companion.rules, task)
    if why:
        note(args, why)
    return companion, plugin.tasks[task]


def _run(check, context, companion_path):
    try:
        return check.run(context)
    except CheckError as e:
        raise BadInput(f"{context.source}: {e}") from None
    except ValueError as e:  # a companion file without [movement], say
        raise BadInput(f"{companion_path}: {e}") from None


def run_moves(args):
    games = _logs(args.games)
    if args.before and len(games) != 1:
        raise UsageError("--before compares one save with an earlier one: give one GAME")
    module = adjutant.open_module(args.module)
    companion, check = _rules(args, module, "moves")
    before = adjutant.open_game(args.before, module) if args.before else None
    results = []
    with progress(args, "checking logs", len(games)) as advance:
        for path in games:
            game = adjutant.open_game(path, module)
            context = Context(module, companion, game, path, before, charts=args.charts)
            results.append((path, _run(check, context, args.companion)))
            advance()
    illegal = sum(1 for _, vs in results for v in vs if v.legal is False)
    if args.json:
        json.dump([{"game": path, "moves": [v.as_json() for v in vs if not args.violations or v.legal is False]}
                   for path, vs in results], sys.stdout, indent=2)
        print()
    else:
        for path, verdicts in results:
            print_move_verdicts(path, [v for v in verdicts if not args.violations or v.legal is False], len(verdicts))
    return VIOLATIONS if illegal else OK


def _logs(paths):
    """The games named, each folder among them replaced by the logs in it (by name)."""
    games = []
    for path in paths:
        if not Path(path).is_dir():
            games.append(path)
            continue
        logs = sorted(str(p) for p in Path(path).iterdir() if p.suffix.lower() in LOG_SUFFIXES and p.is_file())
        if not logs:
            raise BadInput(f"{path}: a folder without logs ({', '.join(LOG_SUFFIXES)})")
        games += logs
    return games


def run_setup(args):
    module, sources = _setup_sources(args)
    companion, check = _rules(args, module, "setup")
    checked, findings = [], []
    with progress(args, "checking set-ups", len(sources)) as advance:
        for label, open_game in sources:
            try:
                game = open_game()
            except FormatError as e:  # a set-up of a broken module is a finding, not the end of the check
                findings.append(SetupFinding(label, "", "", "", (), f"cannot be opened: {e}"))
            else:
                checked.append(label)
                findings += _run(check, Context(module, companion, game, label), args.companion)
            advance()
    if args.json:
        json.dump({"source": args.source, "checked": checked, "findings": [f.as_json() for f in findings]},
                  sys.stdout, indent=2)
        print()
    else:
        print_setup_findings(args.source, checked, findings)
    return VIOLATIONS if findings else OK


def _setup_sources(args):
    """The module and what to judge: [(label, a function opening the game)], its SetupStacks (no game)
    and predefined set-ups for a module, the save itself (opened here: one that cannot be read is bad
    input) for a save or log."""
    if adjutant.file_kind(args.source) in ("module", "extension"):
        if args.module:
            raise UsageError(f"{args.source} is a module: --module is only for a save or log")
        module = adjutant.open_module(args.source)
        setups = [(f"set-up {s.name!r}", partial(adjutant.open_setup, module, s.name))
                  for s in module.predefined_setups if s.opens_file]
        return module, [("SetupStacks", lambda: None), *setups]
    if not args.module:
        raise UsageError(f"{args.source} is not a module: name its module with --module")
    module = adjutant.open_module(args.module)
    game = adjutant.open_game(args.source, module)
    return module, [(args.source, lambda: game)]
