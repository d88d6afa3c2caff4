"""Positions for the Civil War Regimental Series tests: the demo's saves (adjutant_plugins.cwr.demo),
with pieces moved and properties set in a copy written to the test's folder, the Army of a save,
and the cwr procedures run on them. Hexes are named as VASSAL names them (A10.10)."""
from adjutant.plugin import Context
from adjutant_plugins.cwr import plugin
from adjutant_plugins.cwr.army import Army
from adjutant_plugins.cwr.demo import CHARTS, COMPANION_COPY, MODULE, write_demo
from adjutant_plugins.cwr.demo.module import BOARD_NAME, MAP_NAME
from plugin_demo import PluginDemo, lines, piece_named, texts  # noqa: F401 (the tests take them from here)


class Demo(PluginDemo):
    plugin, charts, write_demo = plugin, CHARTS, staticmethod(write_demo)
    module_file, companion_file = MODULE, COMPANION_COPY
    map_name, board = MAP_NAME, BOARD_NAME

    def army(self, save):
        return Army(Context(self.module, self.companion, self.game(save), str(self.path(save))))
