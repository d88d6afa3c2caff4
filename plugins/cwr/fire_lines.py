"""One side's lines of fire (3.3, 4.0, 5.3): from each hex where its units may fire, to each enemy
hex in their weapons' range and frontal arc, whether the line of sight is clear or which hex blocks
it; and a picture of them with the frontal zones (3.4) of the side's faced units."""
from adjutant.render import Picture, colours

from .fire import cannot_fire
from .fire_build import Sightlines, fire_kind, fire_unit, frontal
from .fire_strength import range_multiplier

SIDE_COLOURS = {"Union": "#1f4fa8", "Confederate": "#6a6a6a"}


def lines_of_fire(session, side, targets=(), visibility=None):
    """[(firing hex, kind, the units that reach, target hex, range, Line)] for every legal line:
    units able to fire (5.3a, 8.2), in range of a weapon (5.3), within visibility (4.4), the target
    through a frontal hexside (3.3)."""
    army, charts = session.army, session.charts
    sightlines = Sightlines(army)
    for t in targets:
        army.require_hex(t)
    enemy = [h for h, stack in army.stacks().items() if any(u.side != side and u.is_combat for u in stack)]
    enemy = [h for h in enemy if not targets or h in targets]
    found = []
    for hex_name, stack in army.stacks().items():
        able = [u for u in stack if u.side == side and u.is_combat and cannot_fire(fire_unit(u)) is None]
        for kind in dict.fromkeys(fire_kind(u) for u in able):
            units = [u for u in able if fire_kind(u) == kind]
            faced = next((u for u in units if u.facing is not None), None)
            for t in enemy:
                distance = army.distance(hex_name, t)
                if visibility is not None and distance > visibility:
                    continue
                reach = [u for u in units if range_multiplier(charts, fire_unit(u), distance) is not None]
                if not reach:
                    continue
                top = army.top(t)
                line = sightlines.between(hex_name, t, side, kind, bool(top and top.is_artillery))
                if faced is not None and not frontal(army, faced, line):
                    continue
                found.append((hex_name, kind, reach, t, distance, line))
    return found


def frontal_zones(army, side):
    """[(unit, its frontal hexes)] for the side's units in line and unlimbered artillery (3.3, 3.4)."""
    return [(u, army.frontal_hexes(u)) for u in army.of(side) if u.facing is not None]


def run_lines(session, side, targets, visibility):
    army = session.army
    found = lines_of_fire(session, side, targets, visibility)
    section = session.report.section(f"The {side} lines of fire (3.3, 4.0, 5.3)")
    if not found:
        section.add(f"no {side} unit able to fire has an enemy hex in range and in its frontal arc")
    for hex_name, kind, reach, t, distance, line in found:
        names = ", ".join(u.name for u in reach)
        at = ", ".join(u.name for u in army.in_hex(t) if u.is_combat)
        verdict = "clear" if line.clear else f"blocked at {line.blocked_at}: {line.clause}"
        path = [h for h, _ in line.steps]
        if not line.clear:
            path = path[:path.index(line.blocked_at) + 1] if line.blocked_at in path else path
        section.add(f"{hex_name} ({names}, {kind}) to {t} ({at}), {distance} hex{'es' if distance != 1 else ''}: "
                    f"{verdict}", hex=hex_name, target=t, kind=kind, range=distance, sight=line.sight,
                    blocked_at=line.blocked_at, path=path)
    zones = session.report.section(f"The {side} frontal zones (3.4)")
    for unit, hexes in frontal_zones(army, side):
        zones.add(f"{unit.name} in {unit.hex}: {', '.join(hexes)}", unit=unit.name, hexes=hexes)
    return found


def draw_lines(army, side, found):
    """The lines of fire over the map: green to a target in clear sight, red to the hex that blocks
    it (crossed), the frontal zones of the side's faced units shaded, every stack outlined and named."""
    pic = Picture(army.module.find_map(army.map_name))
    pic.terrain(army.companion.map(army.map_name))
    pic.grid(names=False)
    for _, hexes in frontal_zones(army, side):
        for h in hexes:
            pic.shade(h, SIDE_COLOURS[side], opacity=0.25)
    for hex_name, stack in army.stacks().items():
        pic.outline(hex_name, SIDE_COLOURS[stack[0].side], width=0.08)
        pic.label(hex_name, ", ".join(u.name.split()[0] for u in stack), size=0.16)
    drawn = list(army.stacks())
    for hex_name, kind, _, t, _, line in found:
        end = t if line.clear else line.blocked_at
        colour = colours.GOOD if line.clear else colours.BAD
        pic.canvas.line(pic.centre(hex_name), pic.centre(end), stroke=colour, stroke_width=0.06 * pic.size,
                        stroke_linecap="round", stroke_dasharray=None if kind == "small arms" else
                        f"{pic.size * 0.15} {pic.size * 0.07}")
        if not line.clear:
            pic.cross(end, "")
        drawn += [hex_name, t]
    pic.legend(f"{side} lines of fire", [(colours.GOOD, "clear line of sight", "line"),
                                         (colours.BAD, "blocked: to the hex that blocks it (crossed)", "line"),
                                         (SIDE_COLOURS[side], "frontal zones (3.4); dashed lines: artillery", "hex")])
    pic.focus([h for h in drawn])
    return pic
