"""Positions for the Civil War Regimental Series tests: the demo's saves (adjutant_plugins.cwr.demo),
with pieces moved and properties set in a copy written to the test's folder, the Army of a save,
and the cwr procedures run on them. Hexes are named as VASSAL names them (A10.10)."""
from pathlib import Path

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.cwr import plugin
from adjutant_plugins.cwr.army import Army
from adjutant_plugins.cwr.demo import CHARTS, COMPANION_COPY, MODULE, write_demo
from adjutant_plugins.cwr.demo.module import BOARD_NAME, MAP_NAME


class Demo:
    def __init__(self, folder):
        self.folder = Path(folder)
        write_demo(self.folder)
        self.module = adjutant.open_module(str(self.folder / MODULE))
        self.companion = adjutant.open_companion(str(self.folder / COMPANION_COPY), self.module)

    def path(self, save):
        return save if isinstance(save, Path) else self.folder / save

    def game(self, save):
        return adjutant.open_game(str(self.path(save)), self.module)

    def army(self, save):
        return Army(Context(self.module, self.companion, self.game(save), str(self.path(save))))

    def position(self, save, out, moves=None, properties=None):
        """A copy of `save` written to `out`, pieces moved ({name: hex}) and properties set
        ({name: {property: value}})."""
        game = self.game(save)
        for name, hex_name in (moves or {}).items():
            x, y = game.map(MAP_NAME).point_of(hex_name, BOARD_NAME)
            game.move_piece(piece_named(game, name).id, MAP_NAME, x, y)
        for name, values in (properties or {}).items():
            for key, value in values.items():
                game.set_property(piece_named(game, name).id, key, str(value))
        game.save(str(out))
        return out

    def run(self, save, procedure, viewer="referee", rolls=(), charts=CHARTS, seed=1, **parameters):
        """The procedure on the save (a name in the demo's folder or a path): (report, game changed)."""
        path = self.path(save)
        game = adjutant.open_game(str(path), self.module)
        context = Context(self.module, self.companion, game, str(path), charts=str(charts) if charts else None,
                          rolls=Rolls(seed, rolls), side=viewer)
        task = plugin.tasks[procedure]
        return task.run(context, **task.arguments({k: str(v) for k, v in parameters.items()})), game


def piece_named(game, name):
    return next(p for p in game.pieces if p.name == name)


def lines(report, title=""):
    return [line for s in report.sections if s.title.startswith(title) for line in s.lines]
