"""The tasks of traces.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.trace("command-radius", "CWR 9.3 command radius: within --most MP of the leader's --class to the "
                                    "units (--to); not through --enemy units; --zones entered, not passed, "
                                    "unless a --friendly combat unit is there.",
                  Parameter("other_command", str, "hexes of another command's combat units: entered, not passed",
                            (), many=True),
                  needs=("unit_class", "most", "targets"))
    def radius(trace, other_command):
        from ..traces import command_radius
        return command_radius(trace.movement, trace.start, trace.unit_class, trace.most, targets=trace.targets,
                              enemy=trace.enemy, zones=trace.zones, zone_exempt=trace.friendly,
                              other_command=other_command)

    @plugin.trace("ammunition", "CWR 8.4b artillery ammunition: at most 10 non-road hexes, then along "
                                "--lines (roads) to the ammunition train (--to); --enemy units block, "
                                "--zones as for the command radius.",
                  Parameter("count_battery_hex", bool, "whether the battery's own hex is one of the 10", False),
                  needs=("targets",))
    def ammunition(trace, count_battery_hex):
        from ..traces import artillery_ammunition
        return artillery_ammunition(trace.movement, trace.start, roads=trace.lines, train=trace.targets,
                                    enemy=trace.enemy, zones=trace.zones, zone_exempt=trace.friendly,
                                    count_battery_hex=count_battery_hex)
