"""What the subcommands share: the usage error, their parsers' form, choosing a map."""
import argparse


class UsageError(Exception):
    """A command line that cannot work; reported like argparse's own errors (exit status 2)."""


def add_command(commands, name, help, description, examples):
    """A subcommand's parser, its examples printed as written after the options."""
    return commands.add_parser(name, help=help, description=description, epilog=examples,
                               formatter_class=argparse.RawDescriptionHelpFormatter)


def add_command_group(commands, name, help, description):
    """A subcommand with actions of its own (`adjutant terrain check`); returns its subparsers."""
    group = commands.add_parser(name, help=help, description=description)
    actions = group.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    return actions


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
