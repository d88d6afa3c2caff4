"""Lee Invades the North: the Command Phase (CP rolls, broadcast, movement allowances), attrition
and the other procedures players do by hand, run on a real save with the values of the charts the
player fills in (charts-template.toml). docs/litn.md explains each, its options and its report.

    adjutant run litn.command demo.vsav --module litn-demo.vmod --companion companion.toml --charts charts.toml
"""
from adjutant.plugin import Parameter, Plugin, name_list

from . import tasks

plugin = Plugin("litn", "Lee Invades the North", rules="litn")
tasks.register(plugin)

SIDE = Parameter("side", str, "whose procedure (--side only says who reads the report)",
                 choices=("Union", "Confederate"))
TURN = Parameter("turn", int, "the game turn (default: the game's Turn property)", None)
YEAR = Parameter("year", int, "1862 or 1863 (default: the game's Year property)", None, (1862, 1863))
LOST = Parameter("lost_dispatch", bool, "the Union has found the Lost Dispatch (default: LostDispatch)", None)


@plugin.procedure("command", "7.1-7.2: CP rolls for the department leader and the cavalry commander, broadcast "
                             "to the highest-ranking leader of every hex, lines of communication, and every "
                             "unit's movement allowance (written to the units' MA and CP properties). Who "
                             "broadcasts to a hex is the player's choice: by default the leader whose broadcast "
                             "gives the most CPs to expect (the chart's chances), the nearer on a tie.",
                  SIDE, TURN, YEAR, LOST,
                  Parameter("sender", str, "who broadcasts to a hex, as HEX:LEADER[,HEX:LEADER ...] "
                                           "(default: the most CPs to expect)", ""),
                  example="litn-demo.vsav side=Confederate", quantities=("CP", "MA"))
def command(context, side=None, turn=None, year=None, lost_dispatch=None, sender=""):
    from .command import run_command
    from .session import start
    session = start(context, "Command Phase (LIN 7)", side, turn, year, lost_dispatch, one_side="the Command Phase")
    session.report.title = f"{session.side} Command Phase, turn {session.turn} of {session.year} (LIN 7)"
    run_command(session, sender)
    return session.finish()


@plugin.procedure("attrition", "11: one roll per side; every infantry and cavalry unit loses SP by its territory "
                               "(+1 to the roll without a LOC), never below 1; units within 4 MP of a friendly "
                               "depot and wagons are exempt. 1862 scenarios, odd turns from 3.",
                  Parameter("side", str, "whose attrition (default: both sides, a roll each; --side only says who "
                                         "reads the report)", None, ("Union", "Confederate")),
                  TURN, YEAR, example="litn-demo.vsav side=Union", quantities=("SP lost",))
def attrition(context, side=None, turn=None, year=None):
    from .attrition import run_attrition
    from .session import start
    session = start(context, "Attrition (LIN 11)", side, turn, year)
    run_attrition(session)
    return session.finish()


@plugin.procedure("force-march", "8.6: whether the stack may force march, then a d6 for the force (option "
                                 "force_march_roll: or one per unit); on 5-6 each combat unit loses 10% of its SP "
                                 "(rounded up).", Parameter("hex", str, "the hex of the units that force marched"),
                  Parameter("side", str, "whose force march (--side only says who reads the report)", None,
                            ("Union", "Confederate")),
                  Parameter("units", str, "the units that force marched, NAME,NAME (default: the whole stack)", ""),
                  example="command.vlog hex=1625 side=Confederate", quantities=("SP lost",))
def force_march(context, hex, side=None, units=""):
    from . import procedures
    from .session import start
    session = start(context, f"Force march from {hex} (LIN 8.6)", side, need_turn=False)
    procedures.force_march(session, hex, name_list(units))
    return session.finish()


@plugin.procedure("morale-recovery", "12: each demoralized unit recovers on d6 <= its leader's initiative + 1 "
                                     "(the department leader's or cavalry commander's when stacked with it).",
                  SIDE, example="litn-demo.vsav side=Confederate", quantities=("recovers",))
def morale_recovery(context, side=None):
    from . import procedures
    from .session import start
    session = start(context, "Morale recovery (LIN 12)", side, need_turn=False, one_side="morale recovery")
    procedures.morale_recovery(session)
    return session.finish()


@plugin.procedure("leave-hex", "8.3: can the force in a hex leave the enemy units there? d6 +1/-1 by the "
                               "highest-ranking leaders' initiative, success at or under the mover's initiative.",
                  Parameter("hex", str, "the hex the force leaves"), SIDE,
                  Parameter("units", str, "the units leaving, NAME,NAME (default: the whole stack)", ""),
                  example="litn-demo.vsav hex=1622 side=Confederate", quantities=("leaves",))
def leave_hex(context, hex, side=None, units=""):
    from . import procedures
    from .session import start
    session = start(context, f"Leaving the enemy-occupied hex {hex} (LIN 8.3)", side, need_turn=False,
                    one_side="leaving a hex")
    procedures.leave_hex(session, hex, name_list(units))
    return session.finish()


@plugin.procedure("reaction", "8.5: which stacks may react to an enemy unit entering a hex (the hex within "
                              "their leader's reaction zone), with their chance; roll=true rolls for each.",
                  Parameter("hex", str, "the hex the enemy unit entered"),
                  Parameter("roll", bool, "roll for every stack that may react", False), SIDE,
                  Parameter("units", str, "the units that would move, NAME,NAME (default: each whole stack)", ""),
                  example="litn-demo.vsav hex=1723 side=Confederate roll=true", quantities=("reacts",))
def reaction(context, hex, roll=False, side=None, units=""):
    from . import procedures
    from .session import start
    session = start(context, f"Reaction to a unit entering {hex} (LIN 8.5)", side, need_turn=False, one_side="reaction")
    procedures.reaction(session, hex, roll, name_list(units))
    return session.finish()


@plugin.procedure("combat-supply", "10.2: is each combat unit in a hex supplied (an undepleted wagon within 2 MP "
                                   "or a depot within 4 MP), and the depletion roll of each wagon used.",
                  Parameter("hex", str, "the battle hex"),
                  Parameter("pitched", bool, "a Pitched Battle was fought (wagons deplete on 5-6)", False), SIDE,
                  example="litn-demo.vsav hex=1622 side=Confederate pitched=true", quantities=("wagon depleted",))
def combat_supply(context, hex, pitched=False, side=None):
    from . import procedures
    from .session import start
    session = start(context, f"Combat supply in {hex} (LIN 10.2)", side, need_turn=False, one_side="combat supply")
    procedures.combat_supply(session, hex, pitched)
    return session.finish()


@plugin.procedure("wagon-depletion", "3.G.II, 10.2: at the end of the Combat Phase, every wagon with a Depletion "
                                     "marker turns to its depleted side.", SIDE,
                  example="litn-demo.vsav side=Confederate")
def wagon_depletion(context, side=None):
    from . import procedures
    from .session import start
    session = start(context, "Wagon depletion (LIN 10.2)", side, need_turn=False, one_side="wagon depletion")
    procedures.wagon_depletion(session)
    return session.finish()


@plugin.procedure("replacements", "15.2: the replacement points of the turn and the SP they buy for a unit (1862, "
                                  "from turn 5): 1 point an infantry SP, 2 a cavalry SP; run it once per unit.",
                  Parameter("unit", str, "the unit that receives them (none: only count the points)", ""),
                  Parameter("points", int, "the points spent on it (default: all the turn's points left)", None),
                  SIDE, TURN, YEAR, example="litn-demo.vsav side=Confederate unit=Hood")
def replacements(context, unit="", points=None, side=None, turn=None, year=None):
    from . import procedures
    from .session import start
    session = start(context, "Replacements (LIN 15.2)", side, turn, year, one_side="replacements")
    procedures.replacements(session, unit, points)
    return session.finish()


@plugin.procedure("odds", "The chance of every broadcast result to a receiver from each leader who may send it "
                          "(or from one sender), before rolling; with a sender alone, his Command Point Table roll.",
                  Parameter("receiver", str, "the leader receiving", ""),
                  Parameter("sender", str, "the broadcasting leader (default: every one eligible)", ""),
                  TURN, YEAR, LOST, example="litn-broadcast.vsav receiver=Pickett")
def odds(context, receiver="", sender="", turn=None, year=None, lost_dispatch=None):
    from .odds import run_odds
    from .session import start
    if not receiver and not sender:
        raise ValueError("odds needs receiver= (a broadcast) or sender= (a Command Point Table roll)")
    session = start(context, "Odds (LIN 7.1)", None, turn, year, lost_dispatch)
    run_odds(session, sender, receiver)
    return session.finish()


@plugin.check("moves", "Judge every move of the game's log (or since the save `before`) by the LIN rules: the "
                       "Movement Costs Chart of the companion file, cavalry zones by facing (8.4), +1 MP into and a "
                       "stop in a hex of enemy combat units (8.3), the allowance `command` wrote into each unit "
                       "less the force's stacking reduction (8.2), rail movement and capacity (8.9) and "
                       "entrenchment (8.8).")
def moves(context):
    from adjutant.rules.moves import asked_moves

    from .move_check import for_phase
    return for_phase(context).check(asked_moves(context))


@plugin.demo("Writes a small LIN game (module, saves, companion file) made by this project, then runs the "
             "Command Phase of LIN 7.1's example, the attrition of turn 5, the odds of a broadcast and a move "
             "check on it, written back as VASSAL saves and logs with text reports.",
             module="litn-demo.vmod", companion="companion.toml", charts="charts.toml")
def litn_demo(folder, console):
    from .demo.steps import run_demo  # here, not above: the demo paints images with PIL, which nothing else needs
    return run_demo(folder, console)
