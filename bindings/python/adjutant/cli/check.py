"""`adjutant check moves`: every move of one or more logs judged by the companion file's
movement rules (adjutant.move_check)."""
import json
import sys

from .. import _adjutant
from ..move_check import MoveCheckError, MoveChecker
from ..render import print_move_verdicts
from .usage import UsageError, add_command, add_command_group

MOVES_EXAMPLES = """\
examples:
  adjutant check moves 0606-1.log --module tld.vmod --companion tld-normandy.toml
  adjutant check moves game/*.log --module tld.vmod --companion tld-normandy.toml --json
  adjutant check moves turn3.vlog --module Lee.vmod --companion lee.toml --violations
Each move of a piece or stack within one hex board gets the cheapest legal path from where it was
to where it went, with every other piece where it stood then. Exit status 1 when a move is illegal.
"""


def add_parser(commands):
    actions = add_command_group(commands, "check", "check moves against the rules",
                                "Referee a game's moves with the movement rules of a companion file.")
    moves = add_command(
        actions, "moves", "judge every move of a log",
        "Replay each log and judge each move by the companion file's [movement] (the generic rules): "
        "the path's cost in MP, its distance in hexes, and why it is illegal (no path, over the "
        "allowance, into an enemy hex, through a zone of control ...).", MOVES_EXAMPLES)
    moves.add_argument("games", metavar="GAME", nargs="+", help="logs (.vlog, .log) to replay")
    moves.add_argument("--module", required=True, metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    moves.add_argument("--companion", required=True, metavar="COMPANION", help="the companion file with [movement]")
    moves.add_argument("--violations", action="store_true", help="list only the illegal moves")
    moves.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    moves.set_defaults(run=run_moves)


def run_moves(args):
    module = _adjutant.open_module(args.module)
    companion = _adjutant.open_companion(args.companion, module)
    results = []
    progress = _progress(len(args.games))
    try:
        for path in args.games:
            game = _adjutant.open_game(path, module)
            try:
                verdicts = MoveChecker(game, module, companion).check()
            except MoveCheckError as e:
                raise UsageError(f"{path}: {e}") from None
            except ValueError as e:  # a companion file without [movement], say
                raise UsageError(f"{args.companion}: {e}") from None
            results.append((path, verdicts))
            progress(path)
    finally:
        progress(None)
    illegal = sum(1 for _, vs in results for v in vs if v.legal is False)
    if args.json:
        json.dump([{"game": path, "moves": [v.as_json() for v in vs if not args.violations or v.legal is False]}
                   for path, vs in results], sys.stdout, indent=2)
        print()
    else:
        for path, verdicts in results:
            print_move_verdicts(path, [v for v in verdicts if not args.violations or v.legal is False], len(verdicts))
    return 1 if illegal else 0


def _progress(total):
    """A progress bar on standard error for several files; nothing for one."""
    if total < 2 or not sys.stderr.isatty():
        return lambda path: None
    from rich.progress import Progress
    bar = Progress(transient=True)
    task = bar.add_task("checking logs", total=total)
    bar.start()

    def advance(path):
        if path is None:
            bar.stop()
        else:
            bar.advance(task)
    return advance
