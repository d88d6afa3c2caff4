"""Civil War Regimental Series (The Gamers / MMP): the units of a save read through the companion
file's [units] mapping (army.py), the session every procedure starts from (session.py), and a demo
module with the rules catalogue's worked examples (demo/). docs/cwr.md explains what the plugin
reads, the demo and the unit vocabulary.

    adjutant demo --plugin cwr --out DIR
"""
from adjutant.plugin import Plugin

from . import tasks

plugin = Plugin("cwr", "Civil War Regimental Series", rules="cwr")
tasks.register(plugin)


@plugin.check("setup", "Judge a set-up: units in terrain their class may not enter, stacks over 16 SP (3.2a), as "
                       "the generic plugin does.")
def setup(context):
    from adjutant.rules.setup_check import check_setup
    return check_setup(context)


@plugin.demo("Writes a small CWR game made by this project (a module whose hexes VASSAL names A10.10, saves with "
             "the rules' worked examples, the companion file, the chart file), then runs the move check, the fire "
             "and fire lines, close combat, the morale, command and artillery ammunition procedures on it.",
             module="cwr-demo.vmod", companion="companion.toml", charts="charts.toml")
def cwr_demo(folder, console):
    from .demo.steps import run_demo  # here, not above: the demo paints images with PIL, which nothing else needs
    return run_demo(folder, console)
