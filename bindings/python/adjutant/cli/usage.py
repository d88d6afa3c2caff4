"""What the subcommands share: their parsers' form and output options (-q/--quiet, --json), the
exit statuses and the errors behind them, notes, warnings and progress bars on standard error,
opening a game with its module, choosing a map and a board."""
import argparse
import re
import sys
import warnings
from contextlib import contextmanager

import adjutant

OK, VIOLATIONS, BAD_INPUT = 0, 1, 2  # the exit statuses (cli/__init__.py says what each covers)
INTERRUPTED = 130  # stopped by Ctrl-C, as a shell reports it (128 + SIGINT)


class UsageError(Exception):
    """A command line that cannot work, though argparse read it: an option another needs, a name the
    files do not have (exit status 2; one line, without the usage)."""


class BadInput(Exception):
    """Input that cannot be used: a value a file lacks, a name it does not know (exit status 2).
    The message names the file and the place; no usage line is printed, the command line was fine."""


# A word argparse takes for an option although it is a value: a hex such as -8,8 or -3.
OPTION_LIKE = re.compile(r"^-\d")


class Parser(argparse.ArgumentParser):
    """argparse's parser, with a hint when a value that starts with '-' was taken for an option."""

    argv = ()  # the words being parsed, set by main

    def error(self, message):
        option_like = [word for word in self.argv if OPTION_LIKE.match(word)]
        if option_like:
            message += (f" (a value starting with '-', such as {option_like[0]}, reads as an option: "
                        f"put `--` before it, as in `-- {option_like[0]}`)")
        super().error(message)


COMMON_EXIT_STATUS = "Exit status 2 when a file cannot be read or written or a name is unknown, else 0.\n"


def add_command(commands, name, help, description, examples, json_help=None, help_action=None):
    """A subcommand's parser, its examples printed as written after the options. Every command gets
    -q/--quiet; commands that print data get --json when `json_help` says what the JSON holds.
    `help_action` replaces argparse's -h/--help (an argparse.Action class). A command whose examples
    do not say its exit status gets the common one."""
    if "Exit status" not in examples:
        examples = examples.rstrip("\n") + "\n" + COMMON_EXIT_STATUS
    parser = commands.add_parser(name, help=help, description=description, epilog=examples,
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 add_help=help_action is None)
    if help_action is not None:
        parser.add_argument("-h", "--help", action=help_action)
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="print nothing but errors (files asked for are still written; the exit status "
                             "still tells)")
    if json_help:
        parser.add_argument("--json", action="store_true", help=json_help)
    return parser


def add_command_group(commands, name, help, description, examples):
    """A subcommand with actions of its own (`adjutant terrain check`); returns its subparsers."""
    if "Exit status" not in examples:
        examples = examples.rstrip("\n") + "\n" + COMMON_EXIT_STATUS
    group = commands.add_parser(name, help=help, description=description, epilog=examples,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = group.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    return actions


def error(message):
    """An error on standard error, printed with --quiet too."""
    _say(message)


def note(args, text):
    """A remark on standard error that is not an error (which plugin was chosen, say); not with --quiet."""
    if not args.quiet:
        _say(text)


def warn(args, text):
    """Something the user should check, on standard error; not with --quiet."""
    note(args, f"warning: {text}")


def add_strict(parser):
    """--strict: refuse a save or log that another module wrote (see open_game)."""
    parser.add_argument("--strict", action="store_true",
                        help="refuse a save or log whose moduledata names another module than MODULE "
                             "(exit status 2; without --strict, a warning)")


def open_game(args, path, module):
    """adjutant.open_game, its ModuleMismatchWarning a warning on standard error, or with --strict
    an error."""
    game, warned = read_game(path, module, getattr(args, "strict", False))
    for text in warned:
        warn(args, text)
    return game


def read_game(path, module, strict=False):
    """(adjutant.open_game, the warnings to show about it): a ModuleMismatchWarning is one, or with
    `strict` a BadInput. For a worker process, whose standard error nobody reads in order."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", adjutant.ModuleMismatchWarning)
        game = adjutant.open_game(path, module)
    warned = []
    for w in caught:
        if not issubclass(w.category, adjutant.ModuleMismatchWarning):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        elif strict:
            raise BadInput(f"{w.message} (--strict)")
        else:
            warned.append(f"{w.message} (--strict refuses it)")
    return game, warned


def _say(text):
    print(f"adjutant: {text}", file=sys.stderr)


@contextmanager
def progress(args, description, total, unit=None):
    """Yields `advance()`, called once an item is done. A bar is drawn on standard error for two items
    or more when it is a terminal, and not with --quiet or --json (a script is reading); with `unit`
    ("files"), the rate too: "3.2 files/s"."""
    if total < 2 or args.quiet or getattr(args, "json", False) or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress
    columns = Progress.get_default_columns() + ((_rate_column(unit),) if unit else ())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda: bar.advance(task)


def _rate_column(unit):
    from rich.progress import ProgressColumn
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task):
            return Text(f"{task.speed or 0:.1f} {unit}/s", style="progress.data.speed")

    return Rate()


def add_layout_arguments(parser, game=True):
    """--board (and --game): which boards of a map are laid out, where a layout matters."""
    parser.add_argument("--board", metavar="BOARD",
                        help="a board of the map: one the layout does not have is laid out alone, as VASSAL's "
                             "Board Picker lets players choose")
    if game:
        parser.add_argument("--game", metavar="SAVE",
                            help="a save or log whose board layout to use (default: the module's)")


def layout_maps(args, module):
    """The module's maps laid out as --game's save lays them out, else as the module does."""
    game = getattr(args, "game", None)
    return open_game(args, game, module).maps if game else module.maps


def choose_map(maps, name, board=None):
    """The map named NAME (by name or id); without a name, the only map with boards (with `board`,
    the map that has it). With `board`, that board laid out: the map as it is when its layout
    has the board, else the board alone."""
    if name:
        chosen = [m for m in maps if name in (m.name, m.id)]
        if not chosen:
            raise UsageError(f"no map {name!r}; the maps are: {_names(maps)}")
    else:
        chosen = [m for m in maps if m.boards]
        if board is not None and len(chosen) > 1:
            chosen = [m for m in chosen if board in board_names(m)] or chosen
        if len(chosen) != 1:
            raise UsageError(f"name the map with --map; the maps are: {_names(maps)}")
    game_map = chosen[0]
    if board is None or board in laid_out(game_map):
        return game_map
    if board not in board_names(game_map):
        raise UsageError(f"map {game_map.save_id!r} has no board {board!r} ({boards_text(game_map)})")
    return game_map.with_layout([board])


def board_names(game_map):
    return [b.name for b in game_map.boards]


def laid_out(game_map):
    """The names of the boards the map's layout places."""
    return [name for name, *_ in game_map.layout]


def boards_text(game_map):
    """"its boards: 'A', 'B'; laid out: 'A'", for messages."""
    return (f"its boards: {', '.join(map(repr, board_names(game_map))) or 'none'}; "
            f"laid out: {', '.join(map(repr, laid_out(game_map))) or 'none'}")


def _names(maps):
    return ", ".join(repr(m.save_id) for m in maps) or "none"
