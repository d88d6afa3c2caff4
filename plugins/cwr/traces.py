"""The Civil War Regimental Series' command radius (9.3) and artillery ammunition trace (8.4b) on
the engine's general search (docs/tracing.md): `command_radius` and `artillery_ammunition` for the
procedures and scripts, `command-radius` and `ammunition` for `adjutant trace`."""


def command_radius(movement, leader, leader_class, radius, *, targets, enemy=(), zones=None, zone_exempt=(),
                   other_command=()):
    """CWR 9.3: within `radius` MP with the leader's movement costs; impassable terrain and enemy
    units block it; enemy zones may be entered, not passed, unless a friendly combat unit
    is there (`zone_exempt`: those hexes); `other_command` hexes (a brigade's radius: another command's combat
    units) may be entered, not passed."""
    return movement.trace(leader, list(targets), measure="MP", most=radius, unit_class=leader_class,
                          blocked=list(enemy), stops=list(other_command), zones=zones, zone_rule="no passage",
                          zone_exempt=list(zone_exempt))


def artillery_ammunition(movement, battery, *, roads, train, enemy=(), zones=None, zone_exempt=(),
                         count_battery_hex=False):
    """CWR 8.4b: at most 10 non-road hexes from the battery, then `roads` (primary, secondary, trail)
    any distance to the Army Supply Train or its entry hex (`train`); not through enemy units, nor
    through an enemy zone unless a friendly combat unit is there (`zone_exempt`: those hexes).
    "The first 10 hexes from the artillery unit" leaves out the battery's own hex unless
    `count_battery_hex` (docs/tracing.md)."""
    return movement.trace(battery, list(train), most=10, line_hexes_free=True, lines=list(roads),
                          count_start=count_battery_hex, blocked=list(enemy), zones=zones, zone_rule="no passage",
                          zone_exempt=list(zone_exempt))
