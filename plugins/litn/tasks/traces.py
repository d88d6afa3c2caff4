"""The tasks of traces.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    """The kinds of `adjutant trace` these rules give."""

    @plugin.trace("loc", "LIN 7.2 line of communications: at most four non-road hexes, then along --lines "
                         "(road, rail) to a target (--to: friendly depots, or Lee's hex for a corps leader); "
                         "not through --enemy units, nor across a major river but at a bridge.",
                  Parameter("major_river", str, "hexside features not crossed", (), many=True),
                  Parameter("bridge", str, "... unless one of these is there", (), many=True),
                  needs=("targets",))
    def loc(trace, major_river, bridge):
        from ..traces import line_of_communication
        return line_of_communication(trace.movement, trace.start, trace.targets, lines=trace.lines,
                                     major_river=major_river, bridge=bridge, enemy=trace.enemy)

    @plugin.trace("combat-supply", "LIN 10.2 combat supply: an undepleted wagon within 2 MP, else a depot "
                                   "(--to) within 4 MP, with the --class's costs and the --zones' costs; not "
                                   "through --enemy combat units.",
                  Parameter("wagons", str, "hexes of undepleted wagons", (), many=True),
                  needs=("unit_class",))
    def combat(trace, wagons):
        from ..traces import combat_supply
        return combat_supply(trace.movement, trace.start, trace.unit_class, wagons=wagons, depots=trace.targets,
                             enemy=trace.enemy, zones=trace.zones)

    @plugin.trace("attrition", "LIN 11 attrition exemption: a friendly depot (--to) within 4 MP with the "
                               "--class's costs, not through --enemy units.",
                  needs=("unit_class", "targets"))
    def attrition(trace):
        from ..traces import attrition_exemption
        return attrition_exemption(trace.movement, trace.start, trace.unit_class, depots=trace.targets,
                                   enemy=trace.enemy)
