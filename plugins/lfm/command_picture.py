"""The command chain of one side as a picture: from each commander, regiment and battery back to
the one it takes command from (its superior, its brigade commander, an in-command regiment of its
brigade it is next to, a commander of its chain in range), the command trace green when it is in
command and red when it is out; the acting army commander ringed."""
from adjutant.render import Picture

from .command import ARTILLERY, RANKS, in_artillery_chain, in_formation

IN, OUT, ACTING = "#2e8b57", "#c0392b", "#d4a017"


def _superior(c, commanders, acting):
    """The commander `c` takes command from: one of higher rank stacked with him and in command, else
    the acting army commander for a corps commander, else the commander of his formation one rank up."""
    if c.name == acting.name:
        return None
    if c.rank == "corps":
        return acting
    above = RANKS[RANKS.index(c.rank) - 1] if c.rank in RANKS[1:] else None
    return next((o for o in commanders if o.rank == above and in_formation(c, o)), None)


def _source(unit, commanders, units, status, acting, distances):
    """Whom a unit takes command from, for the picture."""
    stacked = [c for c in commanders if c.hex == unit.hex and status(c.name)]
    if stacked:
        return stacked[0]
    if unit.type in ARTILLERY:
        chain = [c for c in commanders if c.name == acting.name or in_artillery_chain(unit, c)]
        near = [c for c in chain if status(c.name)] or chain
        return min(near, key=lambda c: distances.army.distance(c.hex, unit.hex), default=None)
    leader = next((c for c in commanders if c.rank == "brigade" and in_formation(unit, c)), None)
    if status(unit.name) and leader is not None and distances.army.distance(leader.hex, unit.hex) > 2:
        return next((v for v in units if v is not unit and v.brigade == unit.brigade and status(v.name)
                     and distances.army.distance(v.hex, unit.hex) == 1), leader)
    return leader


def command_picture(army, distances, commanders, units, acting, result):
    """The side's chain over the map's terrain, focused on what is drawn: a Picture to save."""
    picture = Picture(army.module.find_map(army.map_name))
    picture.terrain(army.companion.map(army.map_name))
    picture.grid(names=False)
    picture.focus(draw_command(picture, distances, commanders, units, acting, result))
    return picture


def draw_command(picture, distances, commanders, units, acting, result):
    """Draws the chain on a Picture (adjutant.render); the hexes drawn, for focus."""
    status = result.in_command
    by_name = {c.name: c for c in commanders}
    drawn = []
    for c in commanders:
        source = None if result.status(c.name).own_initiative else _superior(c, commanders, by_name[acting.name])
        stacked = next((o for o in commanders if o.hex == c.hex and status(o.name)
                        and RANKS.index(o.rank) < RANKS.index(c.rank)), None)
        _draw(picture, distances, stacked or source, c, status(c.name), drawn)
    for u in units:
        _draw(picture, distances, _source(u, commanders, units, status, acting, distances), u, status(u.name), drawn)
    for hex_name in dict.fromkeys(x.hex for x in list(commanders) + list(units)):
        here = [x.name.split()[0] for x in list(commanders) + list(units) if x.hex == hex_name]
        picture.label(hex_name, ", ".join(here), size=0.14)
    ac = by_name[acting.name]
    picture.outline(ac.hex, ACTING, width=0.12)
    picture.label(ac.hex, ac.name, below=-0.35, size=0.16)
    picture.legend("Command (20.4-20.11): the trace from whom each takes command",
                   [(IN, "in command", "line"), (OUT, "out of command", "line"),
                    (ACTING, "the acting army commander (20.13)", "hex")])
    return drawn


def _draw(picture, distances, source, unit, in_command, drawn):
    colour = IN if in_command else OUT
    if source is not None and source.hex != unit.hex:
        path = distances.path(source.hex, unit.hex)
        if path:
            picture.route(path, colour)
            drawn += path
    picture.outline(unit.hex, colour, width=0.06)
    drawn.append(unit.hex)
