"""The tasks of reinforcement_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list


def register(plugin):
    @plugin.procedure("reinforcements", "26.5-26.7: the stacks holding the units named, off the map, entering in "
                                        "that order in a column on their side's entry hex: each stack's road MP "
                                        "(20, 19, 18 ... for MA 5), normal movement with a ZOI on the entry hex, "
                                        "and how far away a delayed stack may enter.",
                      Parameter("units", str, "units in the stacks entering, in entry order, NAME,..."),
                      Parameter("road", str, "the entry place's name (default the side's first)", ""),
                      Parameter("delayed", int, "turns the entry was delayed (26.7)", 0),
                      Parameter("enter", str, "the hex a delayed stack enters by (26.7)", ""),
                      example='lfm-entry.vsav units="Davis,42nd Mississippi,55th North Carolina"',
                      quantities=("MP", "road MP"))
    def reinforcements_procedure(context, units, road="", delayed=0, enter=""):
        from ..reinforcement_procedure import entry
        from ..session import start
        session = start(context, "Reinforcements (LFM 26)")
        entry(session, name_list(units), road, delayed, enter)
        return session.finish()
