"""The Roads to Antietam (the combined Stonewall Jackson's Way / Here Come the Rebels rules).

army.py reads the units of a save through the companion file's [units] mapping, with the map's
places, areas, boards and rail lines; session.py starts every procedure. The pure rules (panic,
takeover, reorganization, paralysis, modified_roll; rail, attachment, ammo; victuals, forage,
levy; victory; verdict) take plain values and return results with their clauses. The procedure
modules read the save for their rules, write the changes and report, each owning its readers and
its `odds`: command_procedures, supply_procedures, rail_procedure (with rail_save),
move_check, attachment_procedure, ammo_procedures, victory_procedure; odds_procedure (r2a.odds)
dispatches to them by kind. demo/ holds the demo module, its saves and one step a topic.
docs/r2a.md explains what the plugin reads.

    adjutant demo --plugin r2a --out DIR
"""
from adjutant.plugin import Plugin

from . import tasks

plugin = Plugin("r2a", "The Roads to Antietam (SJW / HCTR combined)", rules="r2a")
tasks.register(plugin)


@plugin.check("setup", "Judge a set-up: units in terrain their class may not enter, over-stacked hexes, as the "
                       "generic plugin does.")
def setup(context):
    from adjutant.rules.setup_check import check_setup
    return check_setup(context)


@plugin.demo("Writes a small Roads to Antietam game made by this project (a module of three boards whose hexes "
             "VASSAL names E2101, S5801 and N5816, saves with the rules' worked examples, the companion file, the "
             "chart file), reads its position (stacks, vocabulary, places, areas and rail lines), then runs the "
             "procedures and the move check on it: supply (victuals, a levy, a depot, station repair), rail "
             "movement and check moves, victory, Union Panic, McClellan's takeover, reorganization and "
             "paralysis, special attachment and Confederate ammunition.",
             module="r2a-demo.vmod", companion="companion.toml", charts="charts.toml")
def r2a_demo(folder, console):
    from .demo.steps import run_demo  # here, not above: the demo paints images with PIL, which nothing else needs
    return run_demo(folder, console)
