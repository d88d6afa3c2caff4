"""What `adjutant demo` does with the lfm plugin: the demo game (write_demo, only the files
missing), then a picture and a report of the demo position over the companion file's terrain: each
stack with the vocabulary the plugin reads, each side's zones of control and influence, the chain
of command. Every file a step writes replaces the one of that name from an earlier run, whole."""

from adjutant.procedures.demo import DemoFile, DemoStep, open_demo_game, run_plugin_demo
from adjutant.procedures.demo_position import write_position
from adjutant.render import Picture

from . import (ACTING_SAVE, CHARTS_COPY, COMBAT_SAVE, COMMAND_SAVE, COMPANION_COPY, DEMO_SAVE, ENTRY_SAVE, MODULE,
               ZOC_SAVE, write_demo)
from .. import bridge_demo, combat_demo, command_demo, move_check, voluntary_demo
from . import recovery_step
from .module import MAP_NAME


def demo_game(ws):
    files = [
        DemoFile(MODULE, "the demo module (a board of 20 x 16 hexes named 0907, the Reinforcements box, the "
                         "counters): open it in VASSAL first"),
        DemoFile(DEMO_SAVE, "the morning: both sides deployed across the pike"),
        DemoFile(ZOC_SAVE, "8.2: enemy hex C in the ZOC of friendly A and B"),
        DemoFile(COMBAT_SAVE, "8.9: breastworks, a flank attack from higher ground, a D attacker, a CV-5 commander"),
        DemoFile(COMMAND_SAVE, "20.11: Longstreet in command stacked with Early and Early's units"),
        DemoFile(ACTING_SAVE, "20.13: acting army commanders: Buford and Reynolds; Heth, Hill, Ewell, Lee"),
        DemoFile(ENTRY_SAVE, "26.5: three stacks to enter on the Chambersburg Pike"),
        DemoFile(COMPANION_COPY, "the companion file: terrain, elevation, example movement costs in quarter MP, "
                                 "zones, sight, the unit mapping, the map state"),
        DemoFile(CHARTS_COPY, "the chart file: the rule text's values, and EXAMPLE values in the blanks"),
    ]
    return open_demo_game(ws, write_demo, MODULE, COMPANION_COPY, files)


def describe(unit):
    """A unit's vocabulary as the Army reads it through the companion file's [units]."""
    if unit.is_commander:
        cv = "" if unit.cv is None else f", CV {unit.cv}"
        return f"{unit.name} ({unit.side} {unit.rank} commander of {unit.formation or 'the army'}{cv}, {unit.command})"
    mode = f" {unit.mode}" if unit.mode else ""
    states = [s for s in ("disorganized", "shattered", "detached") if getattr(unit, s)]
    return (f"{unit.name} ({unit.side} {unit.type}{mode}, {unit.sp} of {unit.printed_sp} SP, cohesion "
            f"{unit.cohesion}, {unit.brigade or unit.division or unit.corps}, {unit.command}"
            + "".join(f", {s}" for s in states) + f"; {unit.attributes['class']} {unit.attributes['ma']} quarter MP)")


def position_picture(ws):
    """The demo position: each hex's units (top first) over the companion file's terrain, and as text."""
    from ..army import SIDES, Army
    from adjutant.plugin import Context
    army = Army(Context(ws.module, ws.companion, ws.open_game(DEMO_SAVE), str(ws.path(DEMO_SAVE))))
    picture = Picture(ws.module.find_map(MAP_NAME))
    picture.terrain(ws.companion.map(MAP_NAME))
    picture.grid(names=False)   # the board prints every hex's number, which is its VASSAL name
    text = [""]
    for side in SIDES:
        text.append(f"{side} zones of control (5.1): {', '.join(sorted(army.zone_hexes(side)))}")
        text.append(f"{side} zones of influence (6.1): {', '.join(sorted(army.influence_hexes(side)))}")
    text.append("")
    for side in SIDES:
        for commander in army.commanders(side):
            chain = ", ".join(c.name for c in army.chain(commander)) or "none on the map"
            below = ", ".join(c.name for c in army.subordinates(commander)) or "none on the map"
            text.append(f"{commander.name} ({side} {commander.rank}): over him {chain}; under him {below}")
    return write_position(ws, army, picture, save=DEMO_SAVE, plugin_name="lfm",
                          where=lambda h: f"{army.terrain(h)}, level {army.elevation(h)}", describe=describe,
                          more_lines=text, scale=0.8, over="the companion file's terrain",
                          about="the same units with the vocabulary the plugin reads, each side's zones of control "
                                "and influence, the chain of command")


STEPS = [
    DemoStep("the demo game (module, saves, companion file, chart file)", demo_game),
    DemoStep("the demo position over the terrain", position_picture, ("position.png", "position.txt")),
    DemoStep("Reorganization and reinforcements (15, 17, 26.5)", recovery_step.recovery_step, recovery_step.FILES),
    DemoStep("check moves: a Confederate Movement Phase, legal and illegal moves", move_check.demo_step,
             ("moves.vlog", "moves.txt")),
    DemoStep("a bombardment and a round of combat", combat_demo.combat_phase, combat_demo.FILES),
    DemoStep("the initiative and command phases (lfm.initiative, lfm.command), the chain drawn",
             command_demo.command_step, command_demo.FILES),
    DemoStep("voluntary retreats before and after combat, an advance, a night retreat (lfm.withdraw, lfm.advance)",
             voluntary_demo.voluntary_step, voluntary_demo.FILES),
    DemoStep("a bridge burned: the Burning Bridge marker placed, then the cohesion check (lfm.bridge-burning)",
             bridge_demo.bridge_step, bridge_demo.FILES),
]


def run_demo(folder, console):
    return run_plugin_demo(STEPS, folder, console, MODULE, viewing)


def viewing(folder):
    return [
        f"A save: File > Open Game on {folder / COMBAT_SAVE} shows the 8.9 example; hover a hex to see its "
        f"name (0907).",
    ]
