"""A game plugin's demo as tests use it: the demo's files written to the test's folder, positions
made from its saves (pieces moved, properties set, pieces sent off the map) and the plugin's
procedures run on them; a plugin's helpers (lmn_helpers, cwr_helpers) say which plugin and map."""
from pathlib import Path

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls


class PluginDemo:
    """`plugin`, `charts` (the demo's chart file), `write_demo(folder)`, the demo's `module_file` and
    `companion_file` names, and the `map_name` and `board` hexes are named on: set by each subclass."""

    plugin = charts = write_demo = None
    module_file = companion_file = map_name = board = off_map = None

    def __init__(self, folder):
        self.folder = Path(folder)
        type(self).write_demo(self.folder)
        self.module = adjutant.open_module(str(self.folder / self.module_file))
        self.companion = adjutant.open_companion(str(self.folder / self.companion_file), self.module)

    def path(self, save):
        return save if isinstance(save, Path) else self.folder / save

    def game(self, save):
        return adjutant.open_game(str(self.path(save)), self.module)

    def position(self, save, out, moves=None, properties=None, off_map=()):
        """A copy of `save` written to `out`, pieces moved ({name: hex}), properties set
        ({name: {property: value}}), pieces moved to the `off_map` map's first hex."""
        game = self.game(save)
        for name, hex_name in (moves or {}).items():
            x, y = game.map(self.map_name).point_of(hex_name, self.board)
            game.move_piece(piece_named(game, name).id, self.map_name, x, y)
        for name in off_map:
            x, y = game.map(self.off_map).point_of("0101")
            game.move_piece(piece_named(game, name).id, self.off_map, x, y)
        for name, values in (properties or {}).items():
            for key, value in values.items():
                game.set_property(piece_named(game, name).id, key, str(value))
        game.save(str(out))
        return out

    def run(self, save, procedure, viewer="referee", rolls=(), charts=None, seed=1, **parameters):
        """The procedure on the save (a name in the demo's folder or a path): (report, game changed).
        `charts` defaults to the demo's chart file."""
        path = self.path(save)
        game = adjutant.open_game(str(path), self.module)
        charts = self.charts if charts is None else charts
        context = Context(self.module, self.companion, game, str(path), charts=str(charts) if charts else None,
                          rolls=Rolls(seed, rolls), side=viewer)
        task = self.plugin.tasks[procedure]
        return task.run(context, **task.arguments({k: str(v) for k, v in parameters.items()})), game


def piece_named(game, name):
    return next(p for p in game.pieces if p.name == name)


def lines(report, title=""):
    return [line for s in report.sections if s.title.startswith(title) for line in s.lines]


def texts(report, title=""):
    return [line.text for line in lines(report, title)]
