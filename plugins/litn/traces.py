"""Lee Invades the North's traces on the general search (Movement.trace, docs/tracing.md): lines of
communications (7.2), combat supply (10.2), the supply line a retreat shortens (10.6) and the
attrition exemption (11), each a function of the map's Movement for scripts; all but 10.6's are
also a kind of `adjutant trace` (loc, combat-supply, attrition)."""


def line_of_communication(movement, start, targets, *, lines, major_river=(), bridge=(), enemy=(),
                          destroyed_bridges=(), destroyed_rail=(), off_road=4, count_start=False):
    """LIN 7.2: at most `off_road` non-road hexes (the start not counted unless `count_start`, rules
    catalogue 1F.6) to a hex of `lines` (road, rail), then any distance along them to a target (a
    friendly depot, or Lee's hex for a corps leader). Not through enemy units; no part across a
    `major_river` hexside without a `bridge`; the road or rail part not across `destroyed_bridges`
    (hexside pairs) nor into `destroyed_rail` hexes. Zones have no effect."""
    return movement.trace(start, list(targets), most=off_road, line_hexes_free=True, count_start=count_start,
                          lines=list(lines), cut_hexsides=list(destroyed_bridges), cut_lines=list(destroyed_rail),
                          blocked=list(enemy), blocked_sides=list(major_river), unblocked_by=list(bridge))


def combat_supply(movement, unit, unit_class, *, wagons=(), depots=(), enemy=(), zones=None):
    """LIN 10.2: an undepleted wagon within 2 MP, or else a depot within 4 MP, with the unit's
    movement costs and the zones' costs; not through enemy combat units (`enemy`: the caller leaves
    out the unit's own battle hex)."""
    terms = dict(measure="MP", unit_class=unit_class, blocked=list(enemy), zones=zones, zone_rule="pay cost")
    wagon = movement.trace(unit, list(wagons), most=2, **terms)
    if wagon.found:
        return wagon
    depot = movement.trace(unit, list(depots), most=4, **terms)
    if not depot.found:
        depot.reason = f"no undepleted wagon within 2 MP ({wagon.reason}), no depot within 4 MP ({depot.reason})"
    return depot


def supply_line(movement, unit, unit_class, *, sources, enemy=(), zones=None):
    """LIN 10.6's "supply line" from a hex: the nearest of `sources` (undepleted wagons and depots)
    at any distance, traced as 10.2 traces one (the unit's costs, the zones' costs, not through enemy
    combat units); `.used` is its length in MP."""
    return movement.trace(unit, list(sources), measure="MP", most=UNBOUNDED_MP, unit_class=unit_class,
                          blocked=list(enemy), zones=zones, zone_rule="pay cost")


UNBOUNDED_MP = 10_000  # more MP than any path across a map


def attrition_exemption(movement, unit, unit_class, *, depots, enemy=(), zones=None, pay_zones=False):
    """LIN 11: a friendly depot within 4 MP with the unit's movement costs, not through enemy units.
    The rule does not mention zones: ignored unless `pay_zones`."""
    return movement.trace(unit, list(depots), measure="MP", most=4, unit_class=unit_class, blocked=list(enemy),
                          zones=zones if pay_zones else None, zone_rule="pay cost" if pay_zones else "ignore")
