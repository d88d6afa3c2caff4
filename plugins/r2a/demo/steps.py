"""What `adjutant demo` does with the r2a plugin: the demo game (write_demo, only the files
missing), then a picture and a list of the demo position: each stack with the vocabulary the plugin
reads, the places, areas and rail lines of each hex that holds units, the map state. The
procedures' demo steps are appended to STEPS. Every file a step writes replaces the one of that
name from an earlier run, whole."""

from adjutant.procedures.demo import DemoFile, DemoStep, open_demo_game, run_plugin_demo
from adjutant.procedures.demo_position import write_position
from adjutant.render import Picture

from . import (ALEXANDRIA_SAVE, CHARTS_COPY, COMPANION_COPY, DEMO_SAVE, LEVY_SAVE, MODULE, PANIC_LOG, PANIC_SAVE,
               RAIL_SAVE, write_demo)
from . import ammo_step, command_step, rail_step, supply_step, victory_step
from .module import MAP_NAME


def demo_game(ws):
    files = [
        DemoFile(MODULE, "the demo module (boards E, S and N, hexes named E2101, S5801, N5816; the counters): open it "
                         "in VASSAL first"),
        DemoFile(DEMO_SAVE, "Aug 20: both armies in northern Virginia"),
        DemoFile(RAIL_SAVE, "rulebook 4: Couch's division at 6 Mile Post, no rail move last turn"),
        DemoFile(ALEXANDRIA_SAVE, "Victory III: Alexandria station destroyed, nothing else"),
        DemoFile(PANIC_SAVE, "rulebook 2: the Union Panic total at 62 on Aug 20"),
        DemoFile(PANIC_LOG, "rulebook 2: Smith's division loses manpower, then is demoralized: the total passes 65"),
        DemoFile(LEVY_SAVE, "Supply: A.P. Hill's division in Carlisle, other units nearby"),
        DemoFile(COMPANION_COPY, "the companion file: places, areas, rail lines and links, the unit mapping, example "
                                 "movement, the map state, the globals"),
        DemoFile(CHARTS_COPY, "the chart file: the rule text's values, and EXAMPLE values in the blanks"),
    ]
    return open_demo_game(ws, write_demo, MODULE, COMPANION_COPY, files)


def describe(unit):
    """A unit's vocabulary as the Army reads it through the companion file's [units]."""
    if unit.is_leader:
        radius = "" if unit.command_radius is None else f", command radius {unit.command_radius}"
        corps = f" of {unit.corps}" if unit.corps else ""
        flag = ", reorganized" if unit.reorganized else ""
        return f"{unit.name} ({unit.side} {unit.rank} leader{corps}, initiative {unit.initiative}{radius}{flag})"
    states = [s for s in ("disorganized", "demoralized", "rail_last_turn") if getattr(unit, s)]
    states += [] if unit.supplied else ["unsupplied"]
    extra = "".join(f", {s.replace('_', ' ')}" for s in states)
    designation = f", {unit.designation}" if unit.designation else ""
    ammo = "" if unit.ammo is None else f", ammo {unit.ammo}"
    return (f"{unit.name} ({unit.side} {unit.type} {unit.size}, {unit.corps or 'no corps'}{designation}, manpower "
            f"{unit.manpower}, fatigue {unit.fatigue}, victuals {unit.victuals}{ammo}{extra})")


def where(army, hex_name):
    """A hex's state, county, places and rail lines."""
    county = army.county_of(hex_name)
    parts = [army.state_of(hex_name) or "no state", county.name if county else "no county"]
    parts += [f"{p.name} {p.kind}" for p in army.places() if hex_name in p.hexes]
    lines = army.lines_at(hex_name)
    return ", ".join(parts + ([f"rail: {', '.join(lines)}"] if lines else []))


def position_picture(ws):
    """The demo position: each hex's units (top first) over the boards, and as text."""
    from ..army import SIDES, Army
    from adjutant.plugin import Context
    army = Army(Context(ws.module, ws.companion, ws.open_game(DEMO_SAVE), str(ws.path(DEMO_SAVE))))
    picture = Picture(ws.module.find_map(MAP_NAME))
    picture.grid(names=False)   # the boards print every hex's number, which is its VASSAL name
    text = [""]
    for side in SIDES:
        commander = army.army_commander(side)
        corps = ", ".join(f"{c.name} ({c.corps}: {', '.join(d.name for d in army.divisions_of(c.corps))})"
                          for c in army.corps_leaders(side))
        text.append(f"{side}: army commander {commander.name if commander else 'none on the map'}; corps {corps}")
    text.append("")
    for name, chains in army.rail_lines().items():
        text.append(f"rail line {name}: " + "; ".join(" ".join(chain) for chain in chains))
    text.append("rail links: " + ", ".join(f"{a}-{b} {n} hexes" for a, b, n in army.rail_links()))
    text.append("termini: " + ", ".join(p.name for p in army.termini()))
    text.append("automatic-win hexes: " + ", ".join(army.automatic_win_hexes()))
    text.append("Confederate-controlled counties: " + (", ".join(a.name for a in army.confederate_counties())
                                                       or "none"))
    text.append("destroyed stations: " + (", ".join(p.name for p in army.destroyed_stations()) or "none"))
    return write_position(ws, army, picture, save=DEMO_SAVE, plugin_name="r2a", where=lambda h: where(army, h),
                          describe=describe, more_lines=text, scale=0.6, over="the boards",
                          about="the same units with the vocabulary the plugin reads, where each stands (state, "
                                "county, places, rail lines), the corps, the rail lines and the map state")


STEPS = [
    DemoStep("the demo game (module, saves, Panic log, companion file, chart file)", demo_game),
    DemoStep("the demo position over the boards", position_picture, ("position.png", "position.txt")),
    # The procedures' demo steps, one module a topic (demo/<topic>_step.py).
    DemoStep("supply: victuals, the Carlisle levy, a destroyed depot, station repair (8, Optional III)",
             supply_step.supply_step, supply_step.FILES),
    DemoStep("Union rail movement: the Couch example (r2a.rail) and check moves (rail, Balt, DC)",
             rail_step.rail_step, rail_step.FILES),
    DemoStep("victory points and level (r2a.victory)", victory_step.victory_step, victory_step.FILES),
    DemoStep("Union Panic across 65 in the log, McClellan's takeover, reorganization and paralysis (2, 3)",
             command_step.command_step, command_step.FILES),
    DemoStep("special attachment and Confederate ammunition (7, Optional II)", ammo_step.ammo_step, ammo_step.FILES),
]


def run_demo(folder, console):
    return run_plugin_demo(STEPS, folder, console, MODULE, viewing)


def viewing(folder):
    return [
        f"A save: File > Open Game on {folder / RAIL_SAVE} shows Couch's division at 6 Mile Post (E2812); hover a "
        f"hex to see its name (E2101, S5801, N5816).",
    ]
