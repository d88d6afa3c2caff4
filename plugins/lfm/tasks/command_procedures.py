"""Last Full Measure's Initiative Phase and Command Determination as the plugin's procedures:
lfm.initiative and lfm.command. The work is in command_phase (the save read, the rolls, the
verdicts written), command_distances (the 20.11 trace on the map) and command_picture."""
from adjutant.plugin import Parameter

SIDE = Parameter("side", str, "whose command (--side only says who reads the report)", choices=("Union", "Confederate"))


def _previous(side):
    return Parameter(f"{side.lower()}_previous" if side else "previous", str,
                     f"who acted as {side + ' ' if side else ''}army commander last turn with the army commander "
                     "off the map (20.13: he acts until relieved); empty on the first turn or when the army "
                     "commander commanded", "")


def register(plugin):
    @plugin.procedure("initiative", "Sequence of Play 1: each player rolls d6 + his army commander's CV (the acting "
                                    "one when the army commander is off the map, 20.13); the higher total has the "
                                    "initiative, a tie goes to the higher CV, else both roll again.",
                      _previous("Union"), _previous("Confederate"),
                      example="lfm-acting.vsav union_previous=Buford confederate_previous=Heth",
                      quantities=("has the initiative",))
    def initiative_procedure(context, union_previous="", confederate_previous=""):
        from ..command_phase import initiative
        from ..session import start
        session = start(context, "Initiative (LFM Sequence of Play 1)")
        initiative(session, {"Union": union_previous, "Confederate": confederate_previous})
        return session.finish()

    @plugin.procedure("command", "20.4-20.13, 22.3: the side's command this turn: the acting army commander "
                                 "(20.13), the command rolls of 20.4 in order (army d6 <= CV, corps within 8; "
                                 "corps and division commanders d6 - 1 in command, d6 out, +1 per shattered brigade; "
                                 "5 hexes), commanders stacked with an in-command superior (20.11), regiments "
                                 "within 2 hexes of their brigade commander or next to an in-command regiment of "
                                 "it (20.5), artillery (20.8), detached regiments (22.3); ranges by the 20.11 trace; "
                                 "each one's command state written to the save; with picture=, the chain drawn.",
                      SIDE, _previous(""),
                      Parameter("picture", str, "write the chain to this new .png or .svg: green in command, red "
                                                "out, the acting army commander ringed", "", output=True),
                      example="lfm-command.vsav side=Confederate", quantities=("in command",))
    def command_procedure(context, side, previous="", picture=""):
        from ..command_phase import command, commanders_of, units_of
        from ..command_picture import command_picture
        from ..session import start
        session = start(context, f"{side} Command (LFM 20)", side=side, one_side="lfm.command")
        acting, result, distances = command(session, side, previous)
        if picture:
            army = session.army
            command_picture(army, distances, commanders_of(army, side), units_of(army, side), acting,
                            result).save(picture)
            session.report.files.append(str(picture))
        return session.finish()
