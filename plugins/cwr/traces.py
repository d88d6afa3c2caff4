"""The Civil War Regimental Series' command radius (9.3) and artillery ammunition trace (8.4b) on
the engine's general search (docs/tracing.md): `command_radius` and `artillery_ammunition` for the
procedures and scripts, `command-radius` and `ammunition` for `adjutant trace`."""
from adjutant.plugin import Parameter


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


def register(plugin):
    @plugin.trace("command-radius", "CWR 9.3 command radius: within --most MP of the leader's --class to the "
                                    "units (--to); not through --enemy units; --zones entered, not passed, "
                                    "unless a --friendly combat unit is there.",
                  Parameter("other_command", str, "hexes of another command's combat units: entered, not passed",
                            (), many=True),
                  needs=("unit_class", "most", "targets"))
    def radius(trace, other_command):
        return command_radius(trace.movement, trace.start, trace.unit_class, trace.most, targets=trace.targets,
                              enemy=trace.enemy, zones=trace.zones, zone_exempt=trace.friendly,
                              other_command=other_command)

    @plugin.trace("ammunition", "CWR 8.4b artillery ammunition: at most 10 non-road hexes, then along "
                                "--lines (roads) to the ammunition train (--to); --enemy units block, "
                                "--zones as for the command radius.",
                  Parameter("count_battery_hex", bool, "whether the battery's own hex is one of the 10", False),
                  needs=("targets",))
    def ammunition(trace, count_battery_hex):
        return artillery_ammunition(trace.movement, trace.start, roads=trace.lines, train=trace.targets,
                                    enemy=trace.enemy, zones=trace.zones, zone_exempt=trace.friendly,
                                    count_battery_hex=count_battery_hex)
