"""Units that come and go: the Union militia raised and removed with the Confederates north of the
Potomac (18.3), and eliminated dummies placed again on a leader or a fortification (6.0, 4.2 A.1)."""

from adjutant.plugin import name_list, named_values
from .losses import eliminate


def militia(session, dummy_towns):
    """18.3 C-E, at the end of a Union Player-Turn: Confederates north of the Potomac raise the
    militia (a 1-5 at each of the chart's towns and two dummies, one a town) if they are not on the
    map; none north removes all six."""
    army, charts = session.army, session.charts
    section = session.report.section("Union militia (18.3)")
    north = sorted(u.name for u in army.of("Confederate") if army.north(u.hex) and not u.is_fortification)
    militia = sorted((u for u in army.units + army.waiting if u.kind == "militia"), key=lambda u: u.name)
    dummies = sorted((u for u in army.units + army.waiting if u.kind == "militia dummy"), key=lambda u: u.name)
    on_map = [u for u in militia + dummies if u.hex]
    if not north:
        section.add("no Confederate unit north of the Potomac: every militia unit is removed (18.3 D)",
                    confederates_north=0)
        for u in on_map:
            section.add(f"{u.name}: {eliminate(session, u).replace('eliminated', 'removed')}", unit=u.name)
        return
    section.add(f"{len(north)} Confederate unit{'s' if len(north) > 1 else ''} north of the Potomac "
                f"({', '.join(north)})", confederates_north=len(north))
    if on_map:
        section.add(f"the militia are already on the map ({', '.join(u.name for u in on_map)}): none raised "
                    f"(18.3 C)")
        return
    towns = charts.rule("militia", "towns")
    if len(militia) < len(towns):
        raise ValueError(f"the game has {len(militia)} militia units (kind militia), 18.3 C places {len(towns)}")
    def held(town, hex_name, unit):
        """5.2 H: no unit enters a hex of enemy combat units or fortifications."""
        enemy = [u.name for u in army.in_hex(hex_name, "Confederate") if u.is_combat or u.is_fortification]
        if enemy:
            section.add(f"{unit.name}: not placed at {town} ({hex_name}): Confederate units hold it (5.2 H); the "
                        f"Union player places it when he may", unit=unit.name, hex=hex_name, placed=False)
        return bool(enemy)

    for unit, town in zip(militia, towns):
        hex_name = army.place_hexes("town", town)[0]
        if held(town, hex_name, unit):
            continue
        army.move(unit, hex_name)
        text = f"{unit.name} (1-5) at {town} ({hex_name})"
        if unit.strength != 1:
            army.write(unit, "strength", 1)
            text += ", intact again (18.3 D)"
        section.add(text, unit=unit.name, hex=hex_name)
    chosen = name_list(dummy_towns) or towns[:int(charts.rule("militia", "dummies"))]
    if len(chosen) != int(charts.rule("militia", "dummies")) or len(set(chosen)) != len(chosen) or \
            any(t not in towns for t in chosen):
        raise ValueError(f"dummy_towns: {charts.rule('militia', 'dummies')} different towns of "
                         f"{', '.join(towns)} (18.3 C)")
    for unit, town in zip(dummies, chosen):
        hex_name = army.place_hexes("town", town)[0]
        if held(town, hex_name, unit):
            continue
        army.move(unit, hex_name)
        section.add(f"{unit.name} at {town} ({hex_name})", unit=unit.name, hex=hex_name)


def dummies(session, side, at):
    """6.0, 4.2 A.1: in his Reinforcement Phase a player places each dummy eliminated earlier on a
    friendly leader or fortification hex (by default the first leader by name; Confederate dummies
    only south of the Potomac, 18.1 A)."""
    army = session.army
    section = session.report.section(f"{side} dummies placed again (6.0)")
    waiting = sorted((u for u in army.waiting if u.side == side and u.kind == "dummy"), key=lambda u: u.name)
    chosen = dict(named_values(at, "at", "NAME:HEX"))
    allowed = sorted({u.hex for u in army.of(side) if u.is_leader or u.is_fortification})
    if side == "Confederate":
        allowed = [h for h in allowed if not army.north(h)]
    if not waiting:
        section.add("no eliminated dummy to place")
        return
    if not allowed:
        section.add(f"no {side} leader or fortification to place them on"
                    + (" south of the Potomac (18.1 A)" if side == "Confederate" else ""))
        return
    for unit in waiting:
        hex_name = chosen.get(unit.name, allowed[0])
        if hex_name not in allowed:
            raise ValueError(f"{unit.name} may go only on a friendly leader or fortification"
                             f"{' south of the Potomac' if side == 'Confederate' else ''}: {', '.join(allowed)}")
        army.move(unit, hex_name)
        who = ", ".join(u.name for u in army.in_hex(hex_name, side) if u.is_leader or u.is_fortification)
        section.add(f"{unit.name} placed face-down in {hex_name} with {who}", unit=unit.name, hex=hex_name)
