"""Command Radius (9.3): who is in command and why, from what the engine's trace measured. The
distances are MP of a leader's move, traced down the chain of command through hexes a leader could
enter (impassable terrain, enemy units and EZOC not negated by a friendly combat unit block; a
brigade leader's trace may enter but not pass a hex with a combat unit of another command): the
caller measures them; this applies the radii, the adjacency rule and the exemptions."""
from dataclasses import dataclass

ROLES = ("division leader", "brigade leader", "regiment", "brigade battery", "division battery",
         "corps battery", "reserve battery")
SOURCES = ("corps hq", "division leader", "brigade leader", "reserve hq", "generic hq")
# 9.3 Artillery Batteries: whom each level of battery may trace from.
BATTERY_SOURCES = {
    "brigade battery": ("brigade leader",),
    "division battery": ("division leader", "brigade leader"),
    "corps battery": ("corps hq", "division leader", "brigade leader"),
    "reserve battery": ("reserve hq",),
}


@dataclass(frozen=True)
class Trace:
    """One trace the engine measured: from `source` (a leader or HQ, of kind `source_kind`) to the
    unit, `mp` MP, None when no path within the rules reaches it. `source_on_map`: False while the
    HQ has not entered (9.3a)."""
    source: str
    source_kind: str
    mp: float = None
    source_on_map: bool = True

    def __post_init__(self):
        if self.source_kind not in SOURCES:
            raise ValueError(f"{self.source}: source kind {self.source_kind!r} is not one of {', '.join(SOURCES)}")


@dataclass(frozen=True)
class RadiusUnit:
    """A unit that must be within Command Radius: its role, its brigade (for the adjacency rule),
    the traces to it (a corps or division battery may have several sources, 9.3) and the units of
    its brigade adjacent to it."""
    name: str
    role: str
    traces: tuple
    brigade: str = None
    adjacent: tuple = ()

    def __post_init__(self):
        if self.role not in ROLES:
            raise ValueError(f"{self.name}: role {self.role!r} is not one of {', '.join(ROLES)}")


@dataclass(frozen=True)
class InCommand:
    name: str
    in_command: bool
    why: str
    source: str = None
    radius: int = None
    mp: float = None
    via: str = None    # the adjacent unit of the brigade that puts it in CR
    clause: str = "9.3"


def radius(role, source_kind, charts):
    """9.3 Command Radius Distance for a unit of this role traced from this kind of source: corps HQ
    to division leaders 12 MP, division leader to brigade leaders 8, brigade leader to combat units
    6, Army Reserve HQ to its batteries 12; a generic HQ (10.5) gives the radius of the level it
    stands for. A division or corps battery traced from a division leader or corps HQ: option
    battery_radius ("source": that leader's own radius, "combat": 6)."""
    rule = lambda key: int(charts.rule("command_radius", key))
    if role == "division leader":
        return rule("corps_hq_to_division")
    if role == "brigade leader":
        return rule("division_to_brigade")
    if role == "reserve battery":
        return rule("reserve_hq_to_batteries")
    if role in ("regiment", "brigade battery") or source_kind in ("brigade leader", "generic hq"):
        return rule("brigade_to_units")
    if charts.option("battery_radius") == "combat":
        return rule("brigade_to_units")
    return rule("corps_hq_to_division") if source_kind == "corps hq" else rule("division_to_brigade")


def _by_trace(unit, charts):
    allowed = BATTERY_SOURCES.get(unit.role)
    best = None
    for trace in unit.traces:
        if allowed and trace.source_kind not in allowed and trace.source_kind != "generic hq":
            raise ValueError(f"{unit.name}: a {unit.role} may not trace Command Radius from a {trace.source_kind} "
                             f"({trace.source}); only from a {' or '.join(allowed)} (9.3)")
        reach = radius(unit.role, trace.source_kind, charts)
        if unit.role in ("division leader", "brigade leader") and not trace.source_on_map:
            return InCommand(unit.name, True, f"exempt: {trace.source} is not on the map yet (9.3a)",
                             trace.source, reach, None, clause="9.3a")
        if trace.mp is not None and trace.mp <= reach:
            found = InCommand(unit.name, True, f"{trace.mp:g} MP from {trace.source}, within {reach} MP",
                              trace.source, reach, trace.mp)
            if best is None or trace.mp < best.mp:
                best = found
    return best


def command_radius(units, charts):
    """9.3: for each unit, whether it is within Command Radius and why: a trace within its radius
    (or an exempt leader, 9.3a), or, for a regiment or brigade battery, adjacency to a unit of its
    brigade in CR (option adjacent_in_radius: "direct", to one in CR by its own trace; "chain", to
    any one in CR, itself by adjacency). {name: InCommand}."""
    out = {}
    for unit in units:
        found = _by_trace(unit, charts)
        if found is not None:
            out[unit.name] = found
    adjacency = [u for u in units if u.role in ("regiment", "brigade battery") and u.name not in out]
    by_name = {u.name: u for u in units}
    chain = charts.option("adjacent_in_radius") == "chain"
    anchors = {n for n in out if by_name[n].role in ("regiment", "brigade battery")}
    changed = True
    while changed:
        changed = False
        for unit in adjacency:
            if unit.name in out:
                continue
            via = next((n for n in unit.adjacent if n in anchors and by_name.get(n) is not None
                        and by_name[n].brigade == unit.brigade and n != unit.name), None)
            if via is not None:
                out[unit.name] = InCommand(unit.name, True, f"adjacent to {via} of {unit.brigade}, which is in "
                                           "Command Radius", via=via)
                if chain:
                    anchors.add(unit.name)
                    changed = True
    for unit in units:
        if unit.name not in out:
            measured = [t for t in unit.traces if t.mp is not None]
            why = ("no trace reaches it" if not measured else
                   ", ".join(f"{t.mp:g} MP from {t.source}, beyond {radius(unit.role, t.source_kind, charts)} MP"
                             for t in measured))
            if unit.role in ("regiment", "brigade battery"):
                why += f", and it is not adjacent to a unit of {unit.brigade} in Command Radius"
            out[unit.name] = InCommand(unit.name, False, why)
    return out
