"""Lee Moves North's supply (16) on the general search: `supply` for scripts, `lmn-supply` for
`adjutant trace`."""
from types import SimpleNamespace


def supply(movement, unit, *, sources, depot=None, rail=(), units=None, unit_class=None, enemy=(), zones=None,
           zone_exempt=(), literal=False, depot_to_rail=True):
    """LMN 16: within 6 hexes of a source, or of a `rail` hex from which an unblocked rail line leads
    to one, a unit is supplied; 7-12 unsupplied; beyond, isolated. Enemy units and enemy zones block
    every part (16.2). The position is `units` (adjutant.PositionUnit: the enemy units that block, and
    the companion file's zones of the enemy units, which say where they do not extend: 8.1B), with
    `enemy` the hexes of enemy units that block though they bar no move (a leader alone); or by hand,
    `enemy` hexes, `zones` and `zone_exempt` hexes outside every zone (8.1B: the traced side's combat
    units). The trace never enters a hex or
    crosses a hexside `unit_class` may not (14: ocean, mountain hexsides; default: the file's first
    class). The CSA `depot` is a source only if it traces at most 10 hexes to another source, or
    with `depot_to_rail` to a `rail` hex leading from one (16.1 B: a subsidiary source), and it feeds
    no rail line (16.4 G). Returns .state ("supplied", "unsupplied",
    "isolated"), .trace (the unit's, to 12 hexes; None when isolated), .reason (why isolated, or why
    unsupplied within 6 hexes of a rail line when `literal`) and
    .depot_source (whether the depot could act as a source). `literal`: 16.3's "within six hexes of a
    Supply source of an unblocked rail line" read as written: supplied only within 6 hexes of a source
    an (unblocked) rail line leads from, the rail line itself counting only for the 7-12 band."""
    terms = dict(blocked=list(enemy), zones=zones, zone_rule="no entry", zone_exempt=list(zone_exempt), units=units,
                 unit_class=unit_class or movement.classes[0])
    depot_source = False
    if depot is not None:
        others = [s for s in sources if s != depot]
        depot_source = movement.trace(depot, others, lines=list(rail) if depot_to_rail else [], most=10,
                                      **terms).found
    trace = movement.trace(unit, list(sources), direct_targets=[depot] if depot_source else [], lines=list(rail),
                           most=12, **terms)
    if not trace.found:
        reason = trace.reason
        if not movement.trace(unit, list(sources), direct_targets=[depot] if depot_source else [], lines=list(rail),
                              most=12).found:
            reason = "no source nor rail line leading from one within 12 hexes, even with nothing in the way"
        return SimpleNamespace(state="isolated", trace=None, reason=reason, depot_source=depot_source)
    state = "supplied" if trace.used <= 6 else "unsupplied"
    reason = ""
    if literal and state == "supplied":
        on_rail = [s for s in sources if set(movement.lines_at(s)) & set(rail)]
        near = movement.trace(unit, on_rail, most=6, **terms) if on_rail else None
        if near is not None and near.found:
            trace = near
        else:
            state = "unsupplied"
            reason = "within 6 hexes of a rail line, not of a source one leads from (option rail_supply, 16.3)"
    return SimpleNamespace(state=state, trace=trace, reason=reason, depot_source=depot_source)
