"""Positions for the Lee Moves North tests: the demo's saves (adjutant_plugins.lmn.demo), with
pieces moved and properties set in a copy written to the test's folder, and the lmn procedures run
on them."""
from adjutant_plugins.lmn import plugin
from adjutant_plugins.lmn.demo import CHARTS, COMPANION_COPY, MODULE, write_demo
from plugin_demo import PluginDemo, lines, piece_named, texts  # noqa: F401 (the tests take them from here)

BOARD = "LMN Demo Board"


class Demo(PluginDemo):
    plugin, charts, write_demo = plugin, CHARTS, staticmethod(write_demo)
    module_file, companion_file = MODULE, COMPANION_COPY
    map_name, board, off_map = "Main Map", BOARD, "Off Map"


def where(game, name):
    piece = piece_named(game, name)
    return piece.location if piece.map == "Main Map" else piece.map
