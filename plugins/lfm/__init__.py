"""Last Full Measure (Gerald Todd's VASSAL series): the units of a save read through the companion
file's [units] mapping (army.py), the session every procedure starts from (session.py), the
command trace (traces.py), and a demo module with the rules catalogue's worked examples (demo/).
docs/lfm.md explains what the plugin reads, the demo and the unit vocabulary.

    adjutant demo --plugin lfm --out DIR
"""
from adjutant.plugin import Plugin

from . import tasks

plugin = Plugin("lfm", "Last Full Measure", rules="lfm")
tasks.register(plugin)


@plugin.check("setup", "Judge a set-up: units in terrain their class may not enter, stacks over 16 SP of infantry "
                       "and cavalry or 6 SP of artillery (4.1, 4.2), as the generic plugin does.")
def setup(context):
    from adjutant.rules.setup_check import check_setup
    return check_setup(context)


@plugin.demo("Writes a small LFM game made by this project (a module whose hexes VASSAL names 0907, saves with "
             "the rules' worked examples, the companion file, the chart file), reads its position (stacks, "
             "vocabulary, zones of control and influence, the chain of command), then runs the move check and "
             "the procedures on it: reorganization and reinforcements, a bombardment and a round of combat, the "
             "initiative and command phases, voluntary retreats, an advance and a night retreat.",
             module="lfm-demo.vmod", companion="companion.toml", charts="charts.toml")
def lfm_demo(folder, console):
    from .demo.steps import run_demo  # here, not above: the demo paints images with PIL, which nothing else needs
    return run_demo(folder, console)
