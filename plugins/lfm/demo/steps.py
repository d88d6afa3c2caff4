"""What `adjutant demo` does with the lfm plugin: the demo game (write_demo, only the files
missing), then a picture and a report of the demo position over the companion file's terrain: each
stack with the vocabulary the plugin reads, each side's zones of control and influence, the chain
of command. Every file a step writes replaces the one of that name from an earlier run, whole."""
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import adjutant
from adjutant.procedures.demo import DemoFile, DemoResult, DemoStep, run_steps
from adjutant.procedures.outputs import write_text
from adjutant.render import Picture

from . import (ACTING_SAVE, CHARTS_COPY, COMBAT_SAVE, COMMAND_SAVE, COMPANION_COPY, DEMO_SAVE, ENTRY_SAVE, MODULE,
               ZOC_SAVE, write_demo)
from .. import combat_demo, command_demo, move_check
from . import recovery_step
from .module import MAP_NAME

SIDE_COLOURS = {"Union": "#1f4fa8", "Confederate": "#6a6a6a"}


@dataclass
class Workspace:
    folder: Path
    module: Any = None
    companion: Any = None

    def path(self, name):
        return self.folder / name


def demo_game(ws):
    inputs = (MODULE, DEMO_SAVE, ZOC_SAVE, COMBAT_SAVE, COMMAND_SAVE, ACTING_SAVE, ENTRY_SAVE, COMPANION_COPY,
              CHARTS_COPY)
    kept = {name for name in inputs if ws.path(name).exists()}
    write_demo(ws.folder, keep_existing=True)
    ws.module = adjutant.open_module(str(ws.path(MODULE)))
    ws.companion = adjutant.open_companion(str(ws.path(COMPANION_COPY)), ws.module)
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
    return [DemoFile(f.name, f.about + (" (kept from an earlier run)" if f.name in kept else "")) for f in files]


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
    game = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    army = Army(Context(ws.module, ws.companion, game, str(ws.path(DEMO_SAVE))))
    picture = Picture(ws.module.find_map(MAP_NAME))
    picture.terrain(ws.companion.map(MAP_NAME))
    picture.grid(names=False)   # the board prints every hex's number, which is its VASSAL name
    for hex_name, stack in army.stacks().items():
        picture.outline(hex_name, SIDE_COLOURS[stack[0].side], width=0.08)
        picture.label(hex_name, ", ".join(u.name.split()[0] for u in stack), size=0.16)
    picture.save(ws.path("position.png"), scale=0.8, replace=True)
    text = [f"{DEMO_SAVE}: each hex's units, top of the stack first, as the lfm Army reads them", ""]
    for hex_name, stack in army.stacks().items():
        where = f"{army.terrain(hex_name)}, level {army.elevation(hex_name)}"
        text.append(f"{hex_name} ({where}): " + "; ".join(describe(u) for u in stack))
    text.append("")
    for side in SIDES:
        text.append(f"{side} zones of control (5.1): {', '.join(sorted(army.zone_hexes(side)))}")
        text.append(f"{side} zones of influence (6.1): {', '.join(sorted(army.influence_hexes(side)))}")
    text.append("")
    for side in SIDES:
        for commander in army.commanders(side):
            chain = ", ".join(c.name for c in army.chain(commander)) or "none on the map"
            below = ", ".join(c.name for c in army.subordinates(commander)) or "none on the map"
            text.append(f"{commander.name} ({side} {commander.rank}): over him {chain}; under him {below}")
    write_text(ws.path("position.txt"), "\n".join(text) + "\n", replace=True)
    return [DemoFile("position.png", f"{DEMO_SAVE}'s units, top of each stack first, over the companion file's "
                                     f"terrain"),
            DemoFile("position.txt", "the same units with the vocabulary the plugin reads, each side's zones of "
                                     "control and influence, the chain of command")]


STEPS = [
    DemoStep("the demo game (module, saves, companion file, chart file)", demo_game),
    DemoStep("the demo position over the terrain", position_picture, ("position.png", "position.txt")),
    DemoStep("Reorganization and reinforcements (15, 17, 26.5)", recovery_step.recovery_step, recovery_step.FILES),
    DemoStep("check moves: a Confederate Movement Phase, legal and illegal moves", move_check.demo_step,
             ("moves.vlog", "moves.txt")),
    DemoStep("a bombardment and a round of combat", combat_demo.combat_phase, combat_demo.FILES),
    DemoStep("the initiative and command phases (lfm.initiative, lfm.command), the chain drawn",
             command_demo.command_step, command_demo.FILES),
]


def run_demo(folder, console):
    folder = Path(folder)
    files = run_steps(STEPS, Workspace(folder), console, folder)
    return DemoResult(folder, files, viewing(folder))


def viewing(folder):
    return [
        f"Open {folder / MODULE} in VASSAL (the Module Manager opens a module, or open the file itself).",
        f"A save: File > Open Game on {folder / COMBAT_SAVE} shows the 8.9 example; hover a hex to see its "
        f"name (0907).",
    ]
