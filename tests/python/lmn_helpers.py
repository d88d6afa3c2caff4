"""Positions for the Lee Moves North tests: the demo's saves (adjutant_plugins.lmn.demo), with
pieces moved and properties set in a copy written to the test's folder, and the lmn procedures run
on them."""
from pathlib import Path

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.lmn import plugin
from adjutant_plugins.lmn.demo import CHARTS, COMPANION_COPY, MODULE, write_demo

BOARD = "LMN Demo Board"


class Demo:
    def __init__(self, folder):
        self.folder = Path(folder)
        write_demo(self.folder)
        self.module = adjutant.open_module(str(self.folder / MODULE))
        self.companion = adjutant.open_companion(str(self.folder / COMPANION_COPY), self.module)

    def game(self, save):
        return adjutant.open_game(str(self.folder / save), self.module)

    def position(self, save, out, moves=None, properties=None, off_map=()):
        """A copy of `save` written to `out`, pieces moved ({name: hex}), properties set
        ({name: {property: value}}), pieces moved to the Off Map box."""
        game = adjutant.open_game(str(save if isinstance(save, Path) else self.folder / save), self.module)
        for name, hex_name in (moves or {}).items():
            piece = piece_named(game, name)
            x, y = game.map("Main Map").point_of(hex_name, BOARD)
            game.move_piece(piece.id, "Main Map", x, y)
        for name in off_map:
            piece = piece_named(game, name)
            x, y = game.map("Off Map").point_of("0101")
            game.move_piece(piece.id, "Off Map", x, y)
        for name, values in (properties or {}).items():
            for key, value in values.items():
                game.set_property(piece_named(game, name).id, key, str(value))
        game.save(str(out))
        return out

    def run(self, save, procedure, viewer="referee", rolls=(), charts=CHARTS, seed=1, **parameters):
        """The procedure on the save (a name in the demo's folder or a path): (report, game changed)."""
        path = save if isinstance(save, Path) else self.folder / save
        game = adjutant.open_game(str(path), self.module)
        context = Context(self.module, self.companion, game, str(path), charts=str(charts) if charts else None,
                          rolls=Rolls(seed, rolls), side=viewer)
        task = plugin.tasks[procedure]
        return task.run(context, **task.arguments({k: str(v) for k, v in parameters.items()})), game


def piece_named(game, name):
    return next(p for p in game.pieces if p.name == name)


def lines(report, title=""):
    return [line for s in report.sections if s.title.startswith(title) for line in s.lines]


def texts(report, title=""):
    return [line.text for line in lines(report, title)]


def where(game, name):
    piece = piece_named(game, name)
    return piece.location if piece.map == "Main Map" else piece.map
