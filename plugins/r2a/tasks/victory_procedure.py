"""The tasks of victory_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter


def register(plugin):
    @plugin.procedure("victory", "Victory I-VII, the Victory levels, Optional II and III: the Confederate victory "
                                 "points of the save line by line (counties under Confederate control, destroyed "
                                 "depots and stations with the victory lines they cut, the C&O aqueduct, the "
                                 "Marysville bridge, manpower lost, Panic, levies, the objective hexes the Union "
                                 "holds at the end), each with its clause, the total and the victory level. Nothing "
                                 "is rolled or written.",
                      Parameter("confederate_losses", int, "Victory V: Confederate manpower lost in combat, retreat, "
                                                           "cavalry retreat or surrender (default: the global "
                                                           "property [globals] confederate_losses names, else 0)",
                                None),
                      Parameter("union_losses", int, "Victory V: Union manpower lost in combat, retreat, cavalry "
                                                     "retreat or surrender (default: the global property [globals] "
                                                     "union_losses names, all causes, less the one [globals] "
                                                     "union_attrition names, supply attrition)", None),
                      Parameter("harpers_ferry_surrendered", int, "Victory V: the Union manpower of those lost "
                                                                  "surrendered at Harper's Ferry", 0),
                      Parameter("levy_units", int, "Optional III: units supplied by levied towns in Frederick, "
                                                   "Washington or Carroll County", 0),
                      Parameter("levied", str, "Optional III: the Pennsylvania towns levied, TOWN,... (their "
                                               "companion vp)", ""),
                      Parameter("end", bool, "Victory VII and the levels: the end of the game (the objective hexes "
                                             "a Union combat unit holds score)", False),
                      Parameter("crossed", bool, "Optional II Game End: a Confederate infantry unit has crossed the "
                                                 "Potomac (default: one is in Maryland or Pennsylvania now)", None),
                      example="r2a-alexandria.vsav", quantities=("VP",))
    def victory_procedure(context, confederate_losses=None, union_losses=None, harpers_ferry_surrendered=0,
                          levy_units=0, levied="", end=False, crossed=None):
        from ..session import start
        from ..victory_procedure import check_crossed, check_parameters, read_position, score
        check_parameters(confederate_losses, union_losses, harpers_ferry_surrendered, levy_units)
        session = start(context, "Confederate victory points and the victory level (R2A)")
        check_crossed(session.army, crossed)
        position, notes = read_position(session, confederate_losses, union_losses, harpers_ferry_surrendered,
                                        levy_units, levied, end)
        score(session, position, notes, crossed)
        return session.finish()
