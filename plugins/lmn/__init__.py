"""Lee Moves North (SPI 1973): odds and combat, step losses, movement without command control, the
forced march, cavalry probes, desertion, militia, dummies, victory and supply, run on a real save
with the values of the charts the player fills in (charts-template.toml). docs/lmn.md explains
each, its options and its report.

    adjutant run lmn.odds lmn-combat.vsav --module lmn-demo.vmod --companion companion.toml --charts charts.toml hex=1818
"""
from adjutant.plugin import Plugin

from . import tasks

plugin = Plugin("lmn", "Lee Moves North", rules="lmn")
tasks.register(plugin)


@plugin.check("moves", "Judge every move of the game's log (or since the save `before`) as one Movement Phase: the "
                       "Terrain Effects Chart's costs and the zones of the companion file, one unit at a time (5.0), "
                       "rigid zones (8.0), movement command control (11.0-11.3), rail movement (7.0-7.2), the "
                       "Potomac (18.1 A, 18.3 E); what a log cannot show (the d6 of 11.1) is noted (docs/lmn.md).")
def moves(context):
    from adjutant.rules.moves import asked_moves

    from .move_check import for_moves
    return for_moves(context).check(asked_moves(context))


@plugin.check("setup", "Judge a set-up: units in terrain their class may not enter (ocean), as the generic plugin "
                       "does.")
def setup(context):
    from adjutant.rules.setup_check import check_setup
    return check_setup(context)


@plugin.demo("Writes a small LMN game (module, saves, companion file, chart file) made by this project, then "
             "runs the rulebook's worked examples (the odds of 26 against 9, Lee's bonus, a fortified defender), "
             "a combat, a cavalry probe, desertion, a unit out of command and the other procedures on it.",
             module="lmn-demo.vmod", companion="companion.toml", charts="charts.toml")
def lmn_demo(folder, console):
    from .demo.steps import run_demo  # here, not above: the demo paints images with PIL, which nothing else needs
    return run_demo(folder, console)
