"""The tasks of supply_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from ..army import SIDES

PHASES = ("status", "effects", "recovery", "repair")

HARPERS_FERRY_HELP = ("Optional III: the Union holds Harper's Ferry (default: read from the map's place Harper's "
                      "Ferry, held by the side of the combat units in it; empty, the Union's unless a Confederate "
                      "control marker lies on it)")


def register(plugin):
    @plugin.procedure("victuals", "8: a side's supply phase: status (a unit not in supply or above fatigue 0 "
                                  "spends a victual; none left flips it to its unsupplied side, victuals flip it "
                                  "back), effects (unsupplied: disorganized, already disorganized: -1 manpower), "
                                  "recovery (in supply at fatigue 0: +2 victuals, at most 5), repair (a die for each "
                                  "damaged rail station, repaired on 1). Every change written.",
                      Parameter("side", str, "the side whose supply phase it is (not needed for repair)", "", SIDES),
                      Parameter("phase", str, "status, effects, recovery or repair", choices=PHASES),
                      Parameter("unsupplied", str, "the units NOT in supply by the SJW or HCTR rules (the base games' "
                                                   "supply trace is not in these rules), NAME,...; default: every unit "
                                                   "is in supply", ""),
                      Parameter("levied", str, "status: the units a levy puts in supply at this check (Optional III; "
                                               "r2a.levy names them), NAME,...", ""),
                      example="r2a-demo.vsav side=Confederate phase=status \"unsupplied=Taliaferro's Division\"",
                      quantities=("fatigue", "manpower", "manpower lost", "station repaired", "victuals"))
    def victuals_procedure(context, phase, side="", unsupplied="", levied=""):
        from ..army import ArmyError
        from ..session import start
        from ..supply_procedures import station_repair, supply_effects, supply_recovery, supply_status
        if phase != "repair" and not side:
            raise ArmyError(f"r2a.victuals phase={phase} is one side's: give side=Union or side=Confederate")
        if levied and phase != "status":
            raise ArmyError("levied= is for phase=status (Optional III: in supply at the next supply status check)")
        if unsupplied and phase not in ("status", "recovery"):
            raise ArmyError(f"unsupplied= is for phase=status or recovery, not {phase}")
        session = start(context, f"{side + ' ' if side else ''}supply: the {phase} phase (R2A 8)", side=side or None)
        if phase == "status":
            supply_status(session, side, name_list(unsupplied), name_list(levied))
        elif phase == "effects":
            supply_effects(session, side)
        elif phase == "recovery":
            supply_recovery(session, side, name_list(unsupplied))
        else:
            station_repair(session)
        return session.finish()

    @plugin.procedure("forage", "8, Optional III: a forage march: +1 fatigue (an extended march roll at 3 or 4), a "
                                "die on the forage table against the hex's forage value (Pennsylvania: 4 Confederate, "
                                "6 Union; +1 to a Confederate roll there while the Union holds Harper's Ferry), the "
                                "victuals received (at most 5). Fatigue and victuals written.",
                      Parameter("unit", str, "the foraging unit"),
                      Parameter("union_holds_harpers_ferry", bool, HARPERS_FERRY_HELP, None),
                      Parameter("modifier", int, "the base game's die modifiers (Harper's Ferry, dispersal), as one "
                                                 "number", 0),
                      example="r2a-levy.vsav \"unit=Fitz Lee's Brigade\" union_holds_harpers_ferry=yes",
                      quantities=("fatigue", "forage table victuals", "forage value", "victuals", "victuals gained"))
    def forage_procedure(context, unit, union_holds_harpers_ferry=None, modifier=0):
        from ..session import start
        from ..supply_procedures import forage_march
        session = start(context, f"Forage march of {unit} (R2A 8)")
        forage_march(session, unit, union_holds_harpers_ferry, modifier)
        session.side = session.army.named(unit).side
        return session.finish()

    @plugin.procedure("levy", "8, Optional III: a Confederate unit levies the town it stands in: its victuals (a "
                              "Pennsylvania town 2 x its VP, a Maryland town 8, a Baltimore hex 4) shared to units "
                              "within 5 hexes, checked and written; the units it puts in supply at the next supply "
                              "status check (the levier and others passing through: option levy_supply); a Maryland "
                              "town in Frederick, Washington or Carroll county costs 1 VP a unit supplied.",
                      Parameter("unit", str, "the levying unit, in the town"),
                      Parameter("town", str, "the town levied (the companion file's [[map.place]] kind town)"),
                      Parameter("others", str, "the other units passing through the town to be supplied, NAME,...", ""),
                      Parameter("grants", str, "the victuals given, UNIT:N,...", ""),
                      example="r2a-levy.vsav \"unit=A.P. Hill's Division\" town=Carlisle \"others=Ewell's Division\" "
                              "\"grants=A.P. Hill's Division:5,Ewell's Division:3\"",
                      quantities=("levy VP", "victuals", "victuals gained", "victuals shared", "victuals to share"))
    def levy_procedure(context, unit, town, others="", grants=""):
        from ..session import start
        from ..supply_procedures import grants_of, levy_town
        session = start(context, f"Levy of {town} by {unit} (R2A 8, Optional III)")
        levy_town(session, unit, town, name_list(others), grants_of(grants))
        session.side = session.army.named(unit).side
        return session.finish()

    @plugin.procedure("depot", "8: a destroyed Union depot's victuals (2 x the VP for its destruction) shared to "
                               "Confederate units within 5 hexes, checked and written.",
                      Parameter("depot", str, "the destroyed depot (the companion file's [[map.place]] kind depot)"),
                      Parameter("grants", str, "the victuals given, UNIT:N,..."),
                      example="r2a-supply.vsav \"depot=Manassas Junction\" \"grants=A.P. Hill's Division:4,Ewell's Division:3\"",
                      quantities=("victuals", "victuals gained", "victuals shared", "victuals to share"))
    def depot_procedure(context, depot, grants):
        from ..session import start
        from ..supply_procedures import depot_victuals, grants_of
        session = start(context, f"Victuals of depot {depot} (R2A 8)", side="Confederate")
        depot_victuals(session, depot, grants_of(grants))
        return session.finish()
