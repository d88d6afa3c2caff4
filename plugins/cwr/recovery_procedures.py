"""Straggler Recovery (9.4) and Wrecked status (5.9) on a save: each brigade's eligible units (in
Command Radius by the engine's trace of the brigade leader's MP, 6 hexes from the enemy as the
option `distance` counts them, in Line, Normal) recovering one SP each, and units, brigades and
divisions judged wrecked by their losses."""
from collections import Counter

from adjutant.procedures.report import Quantity

from .army import enemy_of
from .command_radius import RadiusUnit, Trace, command_radius, radius
from .distances import FAR, Distances
from .order_log import read_log
from .stack_effects import enemy_hexes, rule_unit, stack_state
from .stragglers import RATINGS, STRAGGLING_TYPES, Brigade, Recovering, recover_stragglers
from .wrecked import group_wrecked, unit_wrecked


class RecoveryRefused(ValueError):
    """The rules refuse Straggler Recovery now: why, with its clause; nothing is written."""

    def __init__(self, side, reason):
        self.reason = reason
        super().__init__(f"{side} Straggler Recovery is refused: {reason}; nothing written")


def _brigades(units, side):
    """{brigade: its infantry and cavalry}; 9.4a: units outside a brigade form one."""
    found = {}
    for unit in units:
        if unit.type in STRAGGLING_TYPES:
            found.setdefault(unit.brigade or f"{side} units outside a brigade (9.4a)", []).append(unit)
    return found


def _brigade_morale(units):
    """The brigade's morale rating: its regiments' (the most of them; a tie, the worse)."""
    counts = Counter(u.morale for u in units)
    return max(counts, key=lambda m: (counts[m], RATINGS.index(m) if m in RATINGS else -1))


def _leader_mp(army, leader, unit, most, side):
    """9.3: the MP of the brigade leader's trace to the unit (the engine's general trace, as the
    generic plugin's cwr preset runs it), None when none is within `most`."""
    own = [u for u in army.of(side) if u.is_combat]
    trace = army.map.trace(leader.hex, [unit.hex], measure="MP", most=most,
                           unit_class=leader.attributes.get("class") or "leader",
                           blocked=[u.hex for u in army.of(enemy_of(side)) if u.is_combat],
                           stops=[u.hex for u in own if u.brigade != leader.brigade],
                           zones=army.engine_zones(side), zone_rule="no passage",
                           zone_exempt=[u.hex for u in own])
    return float(trace.used) if trace.found else None


def in_radius(session, side, members, brigade):
    army, charts = session.army, session.charts
    leader = next((u for u in army.of(side) if u.is_leader and u.brigade == brigade), None)
    reach = radius("regiment", "brigade leader", charts)
    units = []
    for unit in members:
        traces = ()
        if leader is not None:
            traces = (Trace(leader.name, "brigade leader", _leader_mp(army, leader, unit, 2 * reach, side)),)
        adjacent = tuple(o.name for o in members if o is not unit and army.distance(o.hex, unit.hex) <= 1)
        units.append(RadiusUnit(unit.name, "regiment", traces, brigade, adjacent))
    return command_radius(units, charts), leader


def _under_orders(session, members):
    """9.4c: whether the brigade, or a command it is in, holds an Accepted order in the Order Log."""
    log = read_log(session)
    commands = {getattr(u, level) for u in members for level in ("brigade", "division", "corps")} - {""}
    return sorted(c for c in commands if log.of(c).accepted)


def recovery(session, side, given, night):
    army, charts = session.army, session.charts
    if not session.on_the_hour:
        raise RecoveryRefused(side, f"{session.hour or 'the hour is unknown'}: not an hour turn (:00): Straggler "
                                    f"Recovery happens in the Rally Phase of the hour turns only (9.4)")
    section = session.report.section(f"{side} Straggler Recovery (9.4)")
    enemy = enemy_hexes(army, side)   # 9.4 condition 2: "all enemy units", leaders and wagons too
    measure = Distances(army, charts, side)
    measure.note(session)
    section.add(f"{session.hour}, a {'night' if night else 'day'} turn: recovery by the Brigade Straggler Recovery "
                f"table's {'night' if night else 'day'} row", hour=session.hour, night=night)
    for name, members in _brigades(army.of(side), side).items():
        cr, leader = in_radius(session, side, members, name)
        morale = _brigade_morale(members)
        lost = sum(u.printed_sp - u.sp for u in members)
        stragglers = given.get(name, lost)
        part = session.report.section(f"{name} (morale {morale})")
        part.add(f"{stragglers} stragglers marked" + ("" if name in given else
                 f" (taken as all its losses, printed SP - SP: give stragglers={name}:N from the Brigade Loss "
                 f"Chart, casualties are not recovered)"), stragglers=stragglers,
                 quantity=Quantity("stragglers", stragglers, of=name))
        recovering = []
        for unit in members:
            found = measure.nearest(unit.hex, enemy, unit.attributes.get("class"))
            nearest = FAR if found is None or found.hexes is None else found.hexes
            recovering.append(Recovering(rule_unit(unit), cr[unit.name].in_command, nearest,
                                         stack_state(army.in_hex(unit.hex, side))))
            part.add(f"{unit.name} ({unit.sp} of {unit.printed_sp} SP): "
                     f"{'in' if cr[unit.name].in_command else 'not in'} Command Radius "
                     f"({cr[unit.name].why}{'' if leader else f'; no leader of {name} on the map'})",
                     unit=unit.name, in_command=cr[unit.name].in_command)
        ordered = _under_orders(session, members) if night else []
        if ordered:
            part.add(f"the Order Log: an Accepted order in {', '.join(ordered)} (9.4c)", accepted=ordered)
        r = recover_stragglers(charts, Brigade(name, morale, stragglers, tuple(recovering), bool(ordered)),
                               session.hour, night)
        for unit, why in r.ineligible:
            part.add(f"{unit}: not eligible, {why}", unit=unit, eligible=False)
        if r.reason:
            part.add(f"nothing recovered: {r.reason}", recovered=0)
            continue
        bonus = f" + {r.bonus} (9.4b: all its units eligible)" if r.bonus else ""
        part.add(f"the table gives {r.table_value}{bonus}; {r.recovered} recovered, at most one SP a unit ({r.clause})",
                 recovered=r.recovered, quantity=Quantity("SP recovered", r.recovered, of=name))
        for gain in r.gains:
            unit = army.named(gain.unit)
            was_wrecked = unit.wrecked or unit_wrecked(charts, rule_unit(unit)).wrecked
            written = army.write(unit, "sp", gain.after)
            part.add(f"{unit.name}: {gain.before} -> {gain.after} SP" + ("" if written else " (record it: the "
                     "strength is not writable in this module)"), unit=unit.name, sp=gain.after,
                     quantity=Quantity("SP", gain.after, of=unit.name))
            if was_wrecked:
                _recovered_from_wreck(army, charts, part, unit)
        part.add(f"erase {r.recovered} stragglers of {name} on the Brigade Loss Chart ({stragglers - r.recovered} "
                 f"left)", left=stragglers - r.recovered,
                 quantity=Quantity("stragglers left", stragglers - r.recovered, of=name))
    session.report.note("Eliminated units returning by Straggler Recovery (9.4d) are placed by the player.")


def _recovered_from_wreck(army, charts, part, unit):
    """5.9: a regiment that recovers stragglers above its wreck point is no longer wrecked (its
    penalties end; one Brigade Status box of its brigade is cleared, the division checked again)."""
    w = unit_wrecked(charts, rule_unit(unit))
    if w.wrecked:
        return
    note = ""
    if unit.wrecked:
        note = " (written)" if army.write(unit, "wrecked", "false") else \
            " (record it: wrecked is not writable in this module)"
    part.add(f"{unit.name}: {unit.sp} of {unit.printed_sp} SP, above its wreck point ({w.threshold}): no longer "
             f"wrecked{note}; clear a Brigade Status box of {unit.brigade or 'its brigade'} and check the Division "
             f"status ({w.clause}: regiments can recover stragglers to a point where they are no longer wrecked)",
             unit=unit.name, wrecked=False)


def wrecked_status(session, side, check_marks):
    army, charts = session.army, session.charts
    sides = [side] if side else ["Union", "Confederate"]
    for s in sides:
        section = session.report.section(f"{s} wrecked status (5.9)")
        members = [u for u in army.of(s) + [u for u in army.off_map if u.side == s] if u.type in STRAGGLING_TYPES]
        by_brigade, units = {}, {}
        if not members:
            section.add(f"no {s} infantry or cavalry (5.9: only they become wrecked)")
        for unit in members:
            w = units[unit.name] = unit_wrecked(charts, rule_unit(unit))
            text = (f"{unit.name}: {unit.sp} of {unit.printed_sp} SP, {w.count} lost: "
                    f"{'wrecked' if w.wrecked else 'not wrecked'} (at {w.threshold} SP or less, {w.clause})")
            if w.wrecked != unit.wrecked:
                text += " (written)" if army.write(unit, "wrecked", "true" if w.wrecked else "false") else \
                    " (record it: wrecked is not writable in this module)"
            section.add(text, unit=unit.name, wrecked=w.wrecked, lost=w.count,
                        quantity=Quantity("SP lost", w.count, of=unit.name))
            if unit.brigade:
                by_brigade.setdefault(unit.brigade, []).append(unit)
        divisions = {}
        for brigade, regiments in by_brigade.items():
            w = _group(section, brigade, [units[u.name] for u in regiments], check_marks, "regiment")
            divisions.setdefault(regiments[0].division, []).append(w)
        for division, brigades in divisions.items():
            if division:
                _group(section, division, brigades, check_marks, "brigade")


def _group(section, name, members, check_marks, what):
    """A brigade's or division's status by its check mark; None (unknown) when not given."""
    if any(m is None for m in members):
        section.add(f"{name}: a member's status is unknown, give its check mark", group=name)
        return None
    count = sum(1 for m in members if m.wrecked)
    what = f"wrecked {what}{'' if count == 1 else 's'}"
    if name not in check_marks:
        section.add(f"{name}: {count} {what}; its check mark is on the Loss Chart: give check_marks={name}:N",
                    group=name, count=count)
        return None
    w = group_wrecked(name, members, check_marks[name])
    section.add(f"{name}: {w.count} {what}, check mark at {w.threshold}: {'wrecked' if w.wrecked else 'not wrecked'} "
                f"({w.clause})", group=name, wrecked=w.wrecked, count=w.count)
    return w
