"""What the subcommands share: their parsers' form and output options (-q/--quiet, --json), the
exit statuses and the errors behind them, notes and progress bars on standard error, choosing a map."""
import argparse
import sys
from contextlib import contextmanager

OK, VIOLATIONS, BAD_INPUT = 0, 1, 2  # the exit statuses (cli/__init__.py says what each covers)


class UsageError(Exception):
    """A command line that cannot work; reported like argparse's own errors (exit status 2)."""


class BadInput(Exception):
    """Input that cannot be used: a value a file lacks, a name it does not know (exit status 2).
    The message names the file and the place; no usage line is printed, the command line was fine."""


def add_command(commands, name, help, description, examples, json_help=None, help_action=None):
    """A subcommand's parser, its examples printed as written after the options. Every command gets
    -q/--quiet; commands that print data get --json when `json_help` says what the JSON holds.
    `help_action` replaces argparse's -h/--help (an argparse.Action class)."""
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


def _say(text):
    print(f"adjutant: {text}", file=sys.stderr)


@contextmanager
def progress(args, description, total):
    """Yields `advance()`, called once an item is done. A bar is drawn on standard error for two items
    or more when it is a terminal, and not with --quiet or --json (a script is reading)."""
    if total < 2 or args.quiet or getattr(args, "json", False) or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import Progress
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda: bar.advance(task)


def choose_map(maps, name):
    """The map named NAME (by name or id); without a name, the only map with boards."""
    if name:
        for game_map in maps:
            if name in (game_map.name, game_map.id):
                return game_map
        raise UsageError(f"no map {name!r}; the maps are: {_names(maps)}")
    with_boards = [m for m in maps if m.boards]
    if len(with_boards) == 1:
        return with_boards[0]
    raise UsageError(f"name the map with --map; the maps are: {_names(maps)}")


def _names(maps):
    return ", ".join(repr(m.save_id) for m in maps) or "none"
