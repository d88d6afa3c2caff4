"""Victory points (LIN 15.1): the towns and cities the Confederates come to control, major
victories, and at the end of the game rail interdiction, the Harrisburg bridge and the year's
victory level (15.2, 15.5). The running net total is the game's NetVP property.

Town VPs and the rail lines that score are the companion file's places: `kind = "town"` with
`vp` (per hex: Washington's three hexes score 5 each) and `kind = "rail interdiction"` with `vp`
and the line's hexes. A save shows the position now, not the turn it comes from: that the town
was held from the Initial Phase with no Union unit entering, and that the line of communications
lasted the whole turn, are the player's to deny (`not_held=`, `loc_lost=`)."""
import re
from fractions import Fraction

from adjutant.procedures.report import Quantity

from .loc import Lines
from .scenarios import NET_VP, keep_value, kept_value


def victory(session, scenario, net_vp=None, controlled=None, half=(), not_held=(), loc_lost=(),
            confederate_major_victories=0, union_major_victories=0, end=None, harrisburg_bridge_destroyed=None):
    charts = session.charts
    before = Fraction(str(kept_value(session, NET_VP, net_vp, "net_vp")))
    gained = Fraction(0)
    section = session.report.section(f"Victory points, turn {session.turn} (15.1)")
    major = int(charts.rule("victory", "major_victory"))
    for side, count, sign in (("Confederate", confederate_major_victories, 1), ("Union", union_major_victories, -1)):
        if count:
            gained += sign * major * count
            section.add(f"{count} {side} major victory(ies): {sign * major * count:+d} VP", side=side,
                        vp=sign * major * count)
    if controlled is None:
        controlled = _marked_controlled(session, section)
    gained += _towns(session, section, set(controlled), set(half), set(not_held), set(loc_lost))
    last = end if end is not None else session.turn == scenario.last_turn
    if last:
        if harrisburg_bridge_destroyed is None:
            harrisburg_bridge_destroyed = _harrisburg_bridge_destroyed(session)
        gained += _game_end(session, section, harrisburg_bridge_destroyed)
    after = before + gained
    written = keep_value(session, NET_VP, _number(after)) if gained else None
    section.add(f"net Confederate VP: {_number(before)} {'+' if gained >= 0 else '-'} {_number(abs(gained))} = "
                f"{_number(after)}" + (f" (written to the game's {written} property)" if written else ""),
                vp=gained, net_vp=after, quantity=Quantity("Confederate VP gained", gained))
    if last:
        level = victory_level(charts, scenario.year, after)
        session.report.section(f"Victory level, {scenario.year} (15.2, 15.5)").add(
            f"net {_number(after)} VP: {level}", net_vp=after, level=level)


def _number(value):
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _marked_controlled(session, section):
    """The towns the Confederate Control markers mark as scored (15.1), read through the companion
    file's state the option control_state names; none when the file has no such state."""
    name = session.charts.option("control_state")
    reading = session.army.state_reading(name)
    if reading is None:
        section.add(f"the companion file has no [state.{name}]: towns already scored only as controlled=")
        return ()
    section.add(f"towns already scored: {', '.join(sorted(reading.places)) or 'none'} ({reading.describe()})",
                controlled=sorted(reading.places))
    return reading.places


def _harrisburg_bridge_destroyed(session):
    """Whether the game's map state has taken the bridge off 15.1's Harrisburg hexside; None when the
    hexside is not on the map."""
    hexside = "/".join(sorted(str(session.charts.rule("victory", "harrisburg_bridge_hexside")).split("/")))
    try:
        for hex_name in hexside.split("/"):
            session.army.require_hex(hex_name)
    except ValueError:
        return None
    return hexside in session.army.state.without(session.charts.option("bridge"))


def _towns(session, section, controlled, half, not_held, loc_lost):
    """15.1: a town scores once a single Confederate infantry unit of 10+ SP held it a whole turn with
    no Union unit entering; half without a line of communications, the other half when he later
    satisfies the conditions with one."""
    army, charts = session.army, session.charts
    least = int(charts.rule("victory", "town_strength"))
    lines = Lines(army, charts)
    gained = Fraction(0)
    for place in sorted(army.map.places("town"), key=lambda p: p.name):
        vp = Fraction(str(place.properties.get("vp", 0)))
        for hex_name in place.hexes:
            if hex_name in controlled:
                continue
            holders = [u for u in army.in_hex(hex_name, "Confederate")
                       if u.type == "infantry" and u.is_combat and u.strength >= least]
            if not holders:
                continue
            where = f"{place.name} ({hex_name})"
            if army.in_hex(hex_name, "Union"):
                section.add(f"{where}: a Union unit is in the hex: not controlled", hex=hex_name, vp=0)
                continue
            if hex_name in not_held:
                section.add(f"{where}: not held the whole turn (not_held=): not controlled", hex=hex_name, vp=0)
                continue
            holder = max(holders, key=lambda u: (u.strength, u.name))
            line = lines.trace(holder)
            with_loc = line.found and hex_name not in loc_lost
            if hex_name in half and not with_loc:
                continue
            share = vp / 2 if (hex_name in half or not with_loc) else vp
            why = ("the other half, now with a line of communications" if hex_name in half else
                   "with a line of communications" if with_loc else
                   "half: no line of communications " + ("the whole turn (loc_lost=)" if line.found else "now"))
            marker = "face up" if with_loc else "face down"
            gained += share
            section.add(f"{where}: {holder.name} holds it with {least}+ SP: {_number(share)} VP, {why}; place a "
                        f"Confederate Control marker {marker}", hex=hex_name, vp=share, unit=holder.name)
    return gained


def _game_end(session, section, bridge_destroyed):
    """15.1 at the end of the game: Confederate infantry on a scoring rail line; the Harrisburg
    bridge destroyed."""
    army, charts = session.army, session.charts
    gained = Fraction(0)
    for place in sorted((p for p in army.map.places() if p.kind == "rail interdiction"), key=lambda p: p.name):
        on = sorted(u.name for h in place.hexes for u in army.in_hex(h, "Confederate") if u.type == "infantry")
        vp = Fraction(str(place.properties.get("vp", 0)))
        if on:
            gained += vp
        section.add(f"{place.name}: " + (f"{', '.join(on)} on the line: {_number(vp)} VP" if on else
                                         "no Confederate infantry on the line: 0 VP"),
                    line=place.name, vp=vp if on else 0)
    if bridge_destroyed:
        vp = int(charts.rule("victory", "harrisburg_bridge"))
        gained += vp
        section.add(f"the Harrisburg bridge is destroyed: {vp} VP", vp=vp)
    elif bridge_destroyed is None:
        section.add(f"the Harrisburg bridge ({charts.rule('victory', 'harrisburg_bridge_hexside')}) is not on the "
                    f"map: not judged (harrisburg_bridge_destroyed= gives it)", vp=0)
    else:
        section.add("the Harrisburg bridge stands (no Bridge Destroyed marker on it): 0 VP", vp=0)
    return gained


BAND = re.compile(r"^\s*(-?\d+)\s*(?:-\s*(-?\d+)|(or more)|(or fewer))?\s*$")


def _band(text, path, section):
    m = BAND.match(text)
    if not m:
        raise ValueError(f"{path}: [{section}] {text!r} is not a band of net VP (\"13 or more\", \"10-12\", \"9\", "
                         f"\"4 or fewer\")")
    low = int(m.group(1))
    if m.group(3):
        return low, None
    if m.group(4):
        return None, low
    return low, int(m.group(2)) if m.group(2) else low


def victory_level(charts, year, net):
    """15.2, 15.5: the level of the year's table whose band holds the net VP. Where bands overlap
    (1863's 9-11 and 11-12), option victory_band_overlap: "lesser" takes the band listed nearer the
    middle of the table, "greater" the one further out. Between the two tactical victories: a draw."""
    name = f"victory_levels_{year}"
    rows = list(charts.file.section(name).items())
    held = []
    for i, (band, level) in enumerate(rows):
        low, high = _band(band, charts.path, name)
        if (low is None or net >= low) and (high is None or net <= high):
            held.append((abs(i - (len(rows) - 1) / 2), level))
    if not held:
        return "draw (between the two tactical victories, 15.1)"
    held.sort()
    return held[0][1] if charts.option("victory_band_overlap") == "lesser" else held[-1][1]
