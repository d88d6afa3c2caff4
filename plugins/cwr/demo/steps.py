"""What `adjutant demo` does with the cwr plugin: the demo game (write_demo, only the files
missing), a picture of the demo position over the companion file's terrain, then the move check,
close combat, the firefight, the morale, the command and the ammunition procedures on the demo's saves. Every file
a step writes replaces the one of that name from an earlier run, whole."""

from adjutant.procedures.demo import DemoFile, DemoStep, open_demo_game, run_plugin_demo
from adjutant.procedures.demo_position import write_position
from adjutant.render import Picture

from .. import artillery_ammo, close_combat_procedure, fire_demo, move_check
from . import (AMMO_SAVE, CHARTS_COPY, CLOSE_COMBAT_SAVE, COMPANION_COPY, DEMO_SAVE, FIRE_SAVE, FIREFIGHT_SAVE,
               MODULE, WRECKED_SAVE, command_steps, write_demo)
from .module import MAP_NAME
from .morale_step import MORALE_STEP

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


def demo_game(ws):
    files = [
        DemoFile(MODULE, "the demo module (board A, 16 x 12 hexes named A10.10 as the series names them, the "
                         "counters): open it in VASSAL first"),
        DemoFile(DEMO_SAVE, "the morning of the battle: two brigades a side deployed"),
        DemoFile(FIRE_SAVE, "5.2: an R6 1 hex and an M5 3 hexes from a target; 5.4: an R8 with an N battery of 5 "
                            "guns 2 hexes from two enemy hexes"),
        DemoFile(WRECKED_SAVE, "5.9: a 6-SP regiment at 3 SP, a 5-SP regiment at 2"),
        DemoFile(CLOSE_COMBAT_SAVE, "7.0: attackers stacked in front of a defender, one in its rear hex"),
        DemoFile(FIREFIGHT_SAVE, "5.0: two lines with their batteries 2 hexes apart"),
        DemoFile(AMMO_SAVE, "8.4b: a battery that traces to its Army Supply Train, one an enemy zone cuts off"),
        DemoFile(COMPANION_COPY, "the companion file: terrain, elevation, example movement costs, frontal zones, "
                                 "sight, the unit mapping"),
        DemoFile(CHARTS_COPY, "the chart file: the rule text's values, and EXAMPLE values in the blanks"),
    ]
    return open_demo_game(ws, write_demo, MODULE, COMPANION_COPY, files)


def describe(unit):
    """A unit's vocabulary as the Army reads it through the companion file's [units]."""
    if not unit.is_combat:
        ratings = "" if unit.rating is None else f", rating {unit.rating}" + (
            f"/{unit.morale_rating}" if unit.morale_rating != unit.rating else "")
        return f"{unit.name} ({unit.side} {unit.type}{ratings})"
    facing = "" if unit.facing is None else f", facing {unit.facing} {DIRECTIONS[unit.facing]}"
    return (f"{unit.name} ({unit.side} {unit.type} {unit.weapon}{unit.sp} of {unit.printed_sp}, morale {unit.morale}, "
            f"{unit.formation}{facing}, {unit.state}, ammo {unit.ammo}, {unit.attributes['class']} {unit.attributes['ma']} MP)")


def position_picture(ws):
    """The demo position: each hex's units (top first) over the companion file's terrain, and as text."""
    from ..army import SIDES, Army
    from adjutant.plugin import Context
    army = Army(Context(ws.module, ws.companion, ws.open_game(DEMO_SAVE), str(ws.path(DEMO_SAVE))))
    picture = Picture(ws.module.find_map(MAP_NAME))
    picture.terrain(ws.companion.map(MAP_NAME))
    picture.grid(names=False)   # the board prints every hex's number, which is its VASSAL name
    zones = [f"{side} zones of control (3.4): {', '.join(sorted(army.zone_hexes(side)))}" for side in SIDES]
    return write_position(ws, army, picture, save=DEMO_SAVE, plugin_name="cwr", where=army.terrain,
                          describe=describe, more_lines=zones, scale=0.8, over="the companion file's terrain",
                          about="the same units with the vocabulary the plugin reads, and each side's zones")


STEPS = [
    DemoStep("the demo game (module, saves, companion file, chart file)", demo_game),
    DemoStep("the demo position over the terrain", position_picture, ("position.png", "position.txt")),
    DemoStep("check moves: a Confederate Movement Phase, legal and illegal moves", move_check.demo_step,
             ("moves.vlog", "moves.txt")),
    DemoStep("cwr.close-combat: the attack on A9.07", close_combat_procedure.demo_step,
             ("close-combat.vlog", "close-combat.txt", "close-combat-odds.txt")),
    DemoStep("cwr.fire-lines and cwr.fire: the firefight", fire_demo.firefight, fire_demo.FILES),
    MORALE_STEP,
    DemoStep("cwr.command, orders, stoppage, forced-march", command_steps.command_step, command_steps.FILES),
    DemoStep("cwr.ammo-trace and cwr.fire: artillery ammunition", artillery_ammo.demo_step, artillery_ammo.DEMO_FILES),
]


def run_demo(folder, console):
    return run_plugin_demo(STEPS, folder, console, MODULE, viewing)


def viewing(folder):
    return [
        f"A save: File > Open Game on {folder / FIRE_SAVE} shows the fire examples; hover a hex to see its "
        f"name (A10.10).",
    ]
