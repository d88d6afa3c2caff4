"""cwr.command: the Command Radius (9.3) of one side's leaders traced on the map: each division
leader from his corps HQ, each brigade leader from his division leader, each regiment and battery
from the leaders it may trace from, by the engine's MP path (command_chain.ride), judged by
command_radius.command_radius."""
from adjutant.procedures.report import Quantity

from .command_chain import ride, mp_text
from .command_radius import RadiusUnit, Trace, command_radius

ROLE_LEVEL = {"division leader": "division", "brigade leader": "brigade"}


def _leaders(army, side):
    units = [u for u in army.units + army.off_map if u.side == side]
    corps_hq = {u.corps: u for u in units if u.type == "hq"}
    division = {u.division: u for u in units if u.is_leader and u.division and not u.brigade}
    brigade = {u.brigade: u for u in units if u.is_leader and u.brigade}
    return units, corps_hq, division, brigade


def _role(unit):
    if unit.is_leader:
        return "brigade leader" if unit.brigade else ("division leader" if unit.division else None)
    if not unit.is_combat:
        return None
    if unit.brigade:
        return "brigade battery" if unit.is_artillery else "regiment"
    if unit.is_artillery:
        return "division battery" if unit.division else "corps battery"
    return None


def _sources(unit, role, corps_hq, division, brigade):
    """(source unit, source kind) pairs the unit may trace from (9.3), those in the game."""
    if role == "division leader":
        found = [(corps_hq.get(unit.corps), "corps hq")]
    elif role == "brigade leader":
        found = [(division.get(unit.division), "division leader")]
    elif role in ("regiment", "brigade battery"):
        found = [(brigade.get(unit.brigade), "brigade leader")]
    else:
        found = [(division.get(unit.division), "division leader")] if role == "division battery" else \
            [(corps_hq.get(unit.corps), "corps hq")] + [(d, "division leader") for d in division.values()
                                                      if d.corps == unit.corps]
        found += [(b, "brigade leader") for b in brigade.values()
                  if b.division == unit.division or (role == "corps battery" and b.corps == unit.corps)]
    return [(s, kind) for s, kind in found if s is not None]


def trace_side(army, side):
    """{unit name: (role, [(source, kind, Path)])} for every unit of `side` that must be in
    Command Radius and whose sources are in the game; and the units with none: [(unit, why)]."""
    units, corps_hq, division, brigade = _leaders(army, side)
    traced, unjudged = {}, []
    for unit in units:
        role = _role(unit)
        if role is None or not unit.hex:
            continue
        sources = _sources(unit, role, corps_hq, division, brigade)
        if not sources:
            above = {"division leader": unit.corps, "brigade leader": unit.division}.get(role, unit.brigade
                                                                                          or unit.division)
            unjudged.append((unit, f"no leader or HQ of {above} in the game to trace from"))
            continue
        paths = []
        for source, kind in sources:
            other = ()
            if kind == "brigade leader":   # 9.3: may enter, not pass, a hex of another command's combat units
                other = {u.hex for u in army.of(side) if u.is_combat and u.brigade != source.brigade}
            paths.append((source, kind, ride(army, source, unit.hex, other) if source.hex else None))
        traced[unit.name] = (unit, role, paths)
    return traced, unjudged


def judge(army, side, charts):
    """The traces and command_radius's verdicts: (traced, unjudged, {name: InCommand})."""
    traced, unjudged = trace_side(army, side)
    radius_units = []
    for name, (unit, role, paths) in traced.items():
        traces = tuple(Trace(s.name, kind, None if p is None or p.mp is None else float(p.mp), bool(s.hex))
                       for s, kind, p in paths)
        adjacent = ()
        if role in ("regiment", "brigade battery"):
            adjacent = tuple(o.name for o, r, _ in traced.values() if o is not unit and o.brigade == unit.brigade
                             and r in ("regiment", "brigade battery") and army.distance(o.hex, unit.hex) <= 1)
        radius_units.append(RadiusUnit(name, role, traces, unit.brigade or None, adjacent))
    return traced, unjudged, command_radius(radius_units, charts)


def report_command(session, side):
    army, charts = session.army, session.charts
    traced, unjudged, verdicts = judge(army, side, charts)
    section = session.report.section(f"{side} Command Radius (9.3)")
    for name, (unit, role, paths) in traced.items():
        verdict = verdicts[name]
        best = next((p for s, _, p in paths if s.name == verdict.source and p is not None), None)
        path = list(best.hexes) if best is not None and best.mp is not None else []
        state = "in command" if verdict.in_command else "OUT of command"
        section.add(f"{unit.describe()}, {role} in {unit.hex}: {state}: {verdict.why} ({verdict.clause})",
                    unit=name, role=role, hex=unit.hex, in_command=verdict.in_command, source=verdict.source,
                    radius=verdict.radius, mp=verdict.mp, path=[h for h in path], via=verdict.via,
                    **({} if verdict.mp is None else {"quantity": Quantity("MP to command", verdict.mp, of=name)}))
        for source, kind, p in paths:
            if p is None:
                continue
            if p.mp is None:
                section.add(f"    from {source.name} ({kind}, {source.hex}): no path ({p.reason})", unit=name,
                            source=source.name)
            elif source.name != verdict.source or len(paths) > 1:
                section.add(f"    from {source.name} ({kind}): {mp_text(p.mp)} MP along {'-'.join(p.hexes)}",
                            unit=name, source=source.name, mp=p.mp)
    for unit, why in unjudged:
        section.add(f"{unit.describe()} in {unit.hex}: not judged: {why} (9.3)", unit=unit.name, in_command=None)
    out = [n for n, v in verdicts.items() if not v.in_command]
    section.add(f"{len(verdicts) - len(out)} of {len(verdicts)} in Command Radius" +
                (f"; out: {', '.join(out)}" if out else ""), in_command=len(verdicts) - len(out), out=out,
                quantity=Quantity("units in command", len(verdicts) - len(out)))
    session.report.note(f"options: adjacent_in_radius = {charts.option('adjacent_in_radius')!r}, battery_radius = "
                        f"{charts.option('battery_radius')!r} (docs/cwr.md)")
    return traced, verdicts


def draw_command(picture, army, traced, verdicts):
    """The radii on a Picture: each unit's path from its source, green in command, red out."""
    drawn = []
    for name, (unit, _, paths) in traced.items():
        verdict = verdicts[name]
        colour = "#2e8b57" if verdict.in_command else "#c0392b"
        best = next((p for s, _, p in paths if s.name == verdict.source and p is not None and p.mp is not None),
                    None)
        if best is not None and len(best.hexes) > 1:
            picture.route([h for h in best.hexes], colour)
        picture.outline(unit.hex, colour, width=0.08)
        picture.label(unit.hex, unit.name.split()[0], size=0.15)
        drawn.append(unit.hex)
    picture.legend("Command Radius (9.3): the path from its leader", [("#2e8b57", "in Command Radius", "line"),
                                                                        ("#c0392b", "out of Command Radius", "line")])
    return drawn
