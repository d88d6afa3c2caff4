"""The `retreat` procedure (LIN 10.6): judges the paths the player chooses for the units retreating
from a combat hex and moves them when every one is legal; without paths, says where they may end.

    path=1623,1624                       every retreating unit along one path
    path=Hood+McLaws:1623,1624;1522      Hood and McLaws by one path, the others (no names) by another
    entered_by=1724,1623:Hood+McLaws     the hexes the enemy entered the battle from; with names, only
                                         those units came in from it (default: the whole enemy force there)
"""

from .army import enemy_of
from .retreat import Ground, Retreat


def run_retreat(session, hex_name, reason, names=(), path="", entered_by="", enemy_retreated=False):
    """The retreat from `hex_name` of the side's units (`names`, default every unit but wagons), over
    the map as the game's state leaves it (destroyed bridges)."""
    army, side = session.army, session.side
    army.require_hex(hex_name)
    stack = army.in_hex(hex_name, side)
    if not stack:
        raise ValueError(f"no {side} unit in {hex_name}")
    ground = Ground(army, session.charts, hex_name, side)
    force, wagons = _retreating(army, side, stack, names, hex_name)
    came_in = _entered_by(army, ground, side, entered_by)
    if enemy_retreated:
        came_in = {}
    groups = _groups(army, side, force, wagons, path, hex_name)
    section = session.report.section(f"Retreat from {hex_name}")
    section.add(f"{side}, {reason}: " + _why(reason), reason=reason)
    if came_in:
        section.add("the enemy entered the battle through " +
                    ", ".join(ground.hexside(hex_name, h) for h in sorted(came_in)) +
                    ": not left that way unless the enemy units there are too weak to block (10.6)",
                    entered_by=sorted(came_in))
    elif enemy_retreated:
        section.add("the enemy retreated first: the hexsides it entered the battle by do not block (10.6)")
    left_behind = [u.name for u in stack if u.kind == "wagon" and u not in wagons]
    if left_behind:
        section.add(f"{', '.join(left_behind)} may accompany the retreat: name it in units= or path= (10.6)")

    moves, refused = [], False
    for members, group_wagons, hexes in groups:
        retreat = Retreat(ground, members, reason, came_in, group_wagons)
        names_text = ", ".join(u.name for u in members + group_wagons)
        strength = f" ({retreat.strength} SP)" if army.viewer.own(side) else ""
        lines = session.report.section(f"Retreat of {names_text}{strength}")
        choice = retreat.choice()
        if not choice.routes:
            lines.add("no legal route of at least 4 MP: removed from play (10.6): remove "
                      + ", ".join(u.name for u in members), units=[u.name for u in members], removed=True)
            continue
        if choice.destination.rule:
            lines.add(f"it must end {choice.destination.rule} (10.6)", rule=choice.destination.rule)
        if hexes is None:
            _ends(lines, choice)
            continue
        route, why = retreat.judge(hexes)
        if not why:
            why = next((cannot for _, cannot in retreat.accompanying(route) if cannot), "")
        if why:
            refused = True
            best = choice.routes[0]
            lines.add(f"{' '.join(hexes)}: illegal: {why}; a legal retreat: {best.text()}", legal=False,
                      reason=why, alternative=list(best.hexes[1:]), units=[u.name for u in members])
            continue
        lines.add(f"{route.text()}: legal", legal=True, end=route.end, cost=route.cost,
                  path=list(route.hexes[1:]), units=[u.name for u in members])
        for h, unit in retreat.overrun(route):
            lines.add(f"{unit.name} in {h} is overrun: eliminated (8.3): remove it", overrun=unit.name, hex=h)
        moves.append((lines, members + group_wagons, route.end))

    if refused:
        session.report.section("Nothing moved").add("a path is illegal: no unit is moved; give legal paths (10.6)")
        return
    for lines, members, end in moves:
        x, y = ground.point(end)
        for unit in members:
            army.game.move_piece(unit.piece.id, unit.piece.map, x, y)
        lines.add(f"moved to {end}: {', '.join(u.name for u in members)}", moved=[u.name for u in members], end=end)


def _why(reason):
    if reason == "demoralized":
        return ("it ends where its supply line is shorter than from the combat hex if it can, else closer to "
                "another friendly force if it can")
    return "it ends closer to another friendly force than the combat hex if it can"


def _ends(section, choice):
    """The hexes the group may end in, each with one legal route (the fewest hexes)."""
    first = {}
    for r in choice.routes:
        first.setdefault(r.end, r)
    section.add(f"it may end in {len(first)} hex(es), {choice.routes[0].cost} MP each:", ends=sorted(first))
    for end in sorted(first):
        section.add(f"{end}: by {first[end].text()}", end=end, path=list(first[end].hexes[1:]))


def _retreating(army, side, stack, names, hex_name):
    """The retreating units (no wagons) and the wagons named to accompany them."""
    if not names:
        return [u for u in stack if u.kind != "wagon"], []
    units = [_named(army, side, n, "units=") for n in names]
    force = [u for u in units if u.kind != "wagon"]
    strays = [u.name for u in force if u.hex != hex_name]
    if strays:
        raise ValueError(f"units=: {strays[0]} is not in {hex_name}")
    return force, [u for u in units if u.kind == "wagon"]


def _named(army, side, name, where):
    unit = army.named(side, name)
    if unit is None:
        raise ValueError(f"{where}: no {side} unit {name!r} on the map")
    return unit


def _groups(army, side, force, wagons, path, hex_name):
    """[(units, wagons, hexes or None)] from path= (no path: one group, hexes None)."""
    parts = [p.strip() for p in path.split(";") if p.strip()]
    if not parts:
        return [(force, wagons, None)]
    groups, assigned, rest_hexes = [], set(), None
    for part in parts:
        names, colon, hexes_text = part.rpartition(":")
        hexes = [h.strip() for h in hexes_text.split(",") if h.strip()]
        for h in hexes:
            army.require_hex(h)
        if not colon:
            if rest_hexes is not None:
                raise ValueError("path=: only one group may go without names (it takes the other units)")
            rest_hexes = hexes
            continue
        members, group_wagons = [], []
        for name in (n.strip() for n in names.split("+") if n.strip()):
            unit = _named(army, side, name, "path=")
            if unit.kind == "wagon":
                group_wagons.append(unit)
            elif unit not in force:
                raise ValueError(f"path=: {name} is not one of the units retreating from {hex_name}")
            elif unit.piece.id in assigned:
                raise ValueError(f"path=: {name} is in two groups")
            else:
                members.append(unit)
            assigned.add(unit.piece.id)
        if not members:
            raise ValueError(f"path=: the group {names!r} names no retreating unit")
        groups.append((members, group_wagons, hexes))
    rest = [u for u in force if u.piece.id not in assigned]
    if rest and rest_hexes is None:
        raise ValueError(f"path= gives no path for {', '.join(u.name for u in rest)}")
    if rest:
        groups.append((rest, [w for w in wagons if w.piece.id not in assigned], rest_hexes))
    return groups


def _entered_by(army, ground, side, text):
    """{adjacent hex: SP of the enemy units that entered the battle from it}."""
    came_in = {}
    enemy_here = [u for u in army.in_hex(ground.hex, enemy_of(side)) if u.is_combat]
    for part in (p.strip() for p in text.split(",") if p.strip()):
        hex_name, _, names = part.partition(":")
        hex_name = hex_name.strip()
        army.require_hex(hex_name)
        if hex_name not in ground.neighbours(ground.hex):
            raise ValueError(f"entered_by=: {hex_name} is not next to {ground.hex}")
        if names.strip():
            units = []
            for name in (n.strip() for n in names.split("+") if n.strip()):
                unit = army.named(enemy_of(side), name)
                if unit is None or unit.hex != ground.hex:
                    raise ValueError(f"entered_by=: no {enemy_of(side)} unit {name!r} in {ground.hex}")
                units.append(unit)
        else:
            units = enemy_here
        came_in[hex_name] = sum(u.strength for u in units if u.is_combat)
    return came_in
