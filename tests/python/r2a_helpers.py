"""Positions for The Roads to Antietam tests: the demo's saves (adjutant_plugins.r2a.demo), with
pieces moved and properties set in a copy written to the test's folder, the Army of a save, and the
r2a procedures run on them. Hexes are named as VASSAL names them (E2101, S5801, N5816); a move
names the hex's board by its letter."""
from adjutant.plugin import Context
from adjutant_plugins.r2a import plugin
from adjutant_plugins.r2a.army import Army
from adjutant_plugins.r2a.demo import CHARTS, COMPANION_COPY, MODULE, write_demo
from adjutant_plugins.r2a.demo.module import MAP_NAME
from plugin_demo import PluginDemo, lines, piece_named, texts  # noqa: F401 (the tests take them from here)


class Demo(PluginDemo):
    plugin, charts, write_demo = plugin, CHARTS, staticmethod(write_demo)
    module_file, companion_file = MODULE, COMPANION_COPY
    map_name = MAP_NAME

    def position(self, save, out, moves=None, properties=None):
        """A copy of `save` written to `out`, pieces moved ({name: hex}, each to the board its
        name's letter names) and properties set ({name: {property: value}})."""
        game = self.game(save)
        for name, hex_name in (moves or {}).items():
            x, y = game.map(self.map_name).point_of(hex_name, hex_name[:1])
            game.move_piece(piece_named(game, name).id, self.map_name, x, y)
        for name, values in (properties or {}).items():
            for key, value in values.items():
                game.set_property(piece_named(game, name).id, key, str(value))
        game.save(str(out))
        return out

    def army(self, save):
        return Army(Context(self.module, self.companion, self.game(save), str(self.path(save))))

    def context(self, save, **options):
        return Context(self.module, self.companion, self.game(save), str(self.path(save)), **options)
