"""Lee Moves North (SPI 1973): odds and combat, step losses, movement without command control, the
forced march, cavalry probes, desertion, militia, dummies, victory and supply, run on a real save
with the values of the charts the player fills in (charts-template.toml). docs/lmn.md explains
each, its options and its report.

    adjutant run lmn.odds lmn-combat.vsav --module lmn-demo.vmod --companion companion.toml --charts charts.toml hex=1818
"""
from adjutant.plugin import Plugin

from . import combat, procedures

plugin = Plugin("lmn", "Lee Moves North", rules="lmn")
combat.register(plugin)
procedures.register(plugin)


@plugin.demo("Writes a small LMN game (module, saves, companion file, chart file) made by this project, then "
             "runs the rulebook's worked examples (the odds of 26 against 9, Lee's bonus, a fortified defender), "
             "a combat, a cavalry probe, desertion, a unit out of command and the other procedures on it.",
             module="lmn-demo.vmod", companion="companion.toml", charts="charts.toml")
def lmn_demo(folder, console):
    from .demo.steps import run_demo  # here, not above: the demo paints images with PIL, which nothing else needs
    return run_demo(folder, console)
