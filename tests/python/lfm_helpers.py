"""Positions for the Last Full Measure tests: the demo's saves (adjutant_plugins.lfm.demo), with
pieces moved and properties set in a copy written to the test's folder, the Army of a save, and the
lfm procedures run on them. Hexes are named as VASSAL names them (0907)."""
from adjutant.plugin import Context
from adjutant_plugins.lfm import plugin
from adjutant_plugins.lfm.army import Army
from adjutant_plugins.lfm.demo import CHARTS, COMPANION_COPY, MODULE, write_demo
from adjutant_plugins.lfm.demo.module import BOARD_NAME, BOX_MAP, MAP_NAME
from plugin_demo import PluginDemo, lines, piece_named, texts  # noqa: F401 (the tests take them from here)


class Demo(PluginDemo):
    plugin, charts, write_demo = plugin, CHARTS, staticmethod(write_demo)
    module_file, companion_file = MODULE, COMPANION_COPY
    map_name, board, off_map = MAP_NAME, BOARD_NAME, BOX_MAP

    def army(self, save):
        return Army(Context(self.module, self.companion, self.game(save), str(self.path(save))))

    def context(self, save, **options):
        return Context(self.module, self.companion, self.game(save), str(self.path(save)), **options)
