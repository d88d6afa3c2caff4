"""Civil War Regimental Series (The Gamers / MMP): the units of a save read through the companion
file's [units] mapping (army.py), the session every procedure starts from (session.py), and a demo
module with the rules catalogue's worked examples (demo/). docs/cwr.md explains what the plugin
reads, the demo and the unit vocabulary.

    adjutant demo --plugin cwr --out DIR
"""
from adjutant.plugin import Plugin
from adjutant.rules.setup_check import check_setup

from . import close_combat_procedure, move_check, supply_procedures

plugin = Plugin("cwr", "Civil War Regimental Series", rules="cwr")
move_check.register(plugin)
close_combat_procedure.register(plugin)
supply_procedures.register(plugin)
from . import command_procedures

plugin = Plugin("cwr", "Civil War Regimental Series", rules="cwr")
command_procedures.register(plugin)


@plugin.check("moves", "Judge every move of the game's log (or since the save `before`) by the companion file's "
                       "[movement], as the generic plugin does: costs, frontal zones of control (3.4), enemy hexes, "
                       "the stacking penalty and the 16 SP limit (3.2).")
def moves(context):
    checker = MoveChecker(context.game, context.module, context.companion)
    return checker.check(save_moves(context.before, context.game) if context.before is not None else None)


@plugin.check("setup", "Judge a set-up: units in terrain their class may not enter, stacks over 16 SP (3.2a), as "
                       "the generic plugin does.")
def setup(context):
    return check_setup(context)


@plugin.demo("Writes a small CWR game made by this project (a module whose hexes VASSAL names A10.10, saves with "
             "the rules' worked examples, the companion file, the chart file) and draws the demo position.",
             module="cwr-demo.vmod", companion="companion.toml", charts="charts.toml")
def cwr_demo(folder, console):
    from .demo.steps import run_demo  # here, not above: the demo paints images with PIL, which nothing else needs
    return run_demo(folder, console)


from . import fire_procedure  # noqa: E402  (registers on the plugin made above)
fire_procedure.register(plugin)
from . import morale_procedures  # noqa: E402  (after `plugin`: it registers on it)
morale_procedures.register(plugin)
