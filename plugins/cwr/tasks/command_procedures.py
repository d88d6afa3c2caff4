"""The command procedures of the Civil War Regimental Series (3.6, 3.7, 9.1-11.0) as the plugin's
procedures: Command Radius on the map, orders, Stoppage, Emergency Retreat, Initiative, Leader Loss,
reinforcements and Forced March. Each job is in its own module (command_map, order_procedures,
command_events, arrivals); this registers them."""
from adjutant.plugin import Parameter, name_list

from ..emergency_retreat import EVENTS

SIDE = Parameter("side", str, "whose commands (--side only says who reads the report)", choices=("Union", "Confederate"))

COMMAND = Parameter("command", str, "a brigade, division or corps, as the units name it")

ORDER = (Parameter("sender", str, "the side's Army Commander (10.1: his rating counts for Acceptance)", ""),
         Parameter("method", str, "how it is sent", "written", ("oral", "written", "in person")),
         Parameter("type", str, "Complex or Simple", "complex", ("complex", "simple")))

YES_NO = ("true", "false")


def _yes(text):
    return str(text).lower() == "true"


def register(plugin):
    @plugin.procedure("command", "9.3: the Command Radius of each division leader (from his corps HQ, 12 MP), brigade "
                                 "leader (from his division leader, 8 MP), regiment and battery (from its brigade "
                                 "leader, 6 MP, or adjacent to its brigade in CR), traced in the leader's MP by the "
                                 "engine: enemy units and zones block, friendly combat units negate the zone.",
                      SIDE, example="cwr-demo.vsav side=Union", quantities=("MP to command", "units in command"))
    def command_procedure(context, side):
        from .. import command_map
        from ..session import start
        session = start(context, f"{side} Command Radius (CWR 9.3)", side=side, one_side="cwr.command")
        command_map.report_command(session, side)
        return session.finish()

    @plugin.procedure("orders", "10.1-10.2: an order from the side's Army Commander: In Person in the Leader's hex "
                                "away from the Army HQ, or sent from the Army HQ he is stacked with (the MP path "
                                "to the command's HQ, a turn per 10 MP); its cost; entered in the Order Log with the "
                                "turn it arrives; its "
                                "Acceptance roll when it has arrived (2d6 on the Acceptance Value: A, D4-D6, Dt) and "
                                "what it does to the command's orders; or a Delay Reduction roll. The Order Log is "
                                "kept in the game's global property [globals] order_log names.",
                      COMMAND,
                      Parameter("step", str, "send: delivery and cost; accept: the Acceptance roll of the order that "
                                             "has arrived; reduce: the Delay Reduction roll of the order in Delay (and "
                                             "the lockout's 6)", "send", ("send", "accept", "reduce")),
                      Parameter("sender", str, "send: the side's Army Commander (10.1: his rating counts for "
                                               "Acceptance, his class rides the path)", ""),
                      Parameter("number", int, "the order's number in the Order Log (send: default the next one; "
                                               "accept: default the order that has arrived)", 0),
                      Parameter("method", str, "send: how it is sent", "written", ("oral", "written", "in person")),
                      Parameter("type", str, "send: Complex or Simple", "complex", ("complex", "simple")),
                      example="cwr-demo.vsav command=\"Meredith's Brigade\" sender=Meade step=send",
                      quantities=("aide MP", "delivery turns", "order cost CP"))
    def orders_procedure(context, command, step="send", sender="", number=0, method="written", type="complex"):
        from .. import order_procedures
        from ..session import start
        session = start(context, f"Orders to {command} (CWR 10.1-10.2)")
        if step == "send":
            if not sender:
                raise ValueError("step=send needs sender=NAME, the side's Army Commander (10.1)")
            order_procedures.send(session, command, sender, number, method, type)
        elif step == "accept":
            order_procedures.receive(session, command, number)
        else:
            order_procedures.reduce(session, command)
        return session.finish()

    @plugin.procedure("orders-odds", "10.2, 11.0: before rolling, the exact chance of each Acceptance result of an "
                                     "order, of each delay being lifted, and of each Initiative result of the "
                                     "command's leader.",
                      COMMAND, *ORDER,
                      example="cwr-demo.vsav command=\"Meredith's Brigade\" sender=Meade method=oral")
    def orders_odds_procedure(context, command, sender="", method="written", type="complex"):
        from .. import order_procedures
        from ..session import start
        session = start(context, f"Odds of orders to {command} (CWR 10.2, 11.0)")
        order_procedures.odds(session, command, sender, method, type)
        return session.finish()

    @plugin.procedure("stoppage", "10.3: a command with an Accepted Complex order fired on by Small Arms rolls 2d6 "
                                  "against the Stoppage Table's minimum (its wrecked and total units, its leader's "
                                  "rating; -3 at night); below it, Stoppage: its orders cancelled in the Order "
                                  "Log, which gives its Accepted order.",
                      COMMAND,
                      Parameter("fired", str, "fired on by Small Arms since its last Command Phase", "true", YES_NO),
                      Parameter("leader_lost", str, "its original leader was killed, wounded or reassigned (10.3a)",
                                "false", YES_NO),
                      Parameter("night", str, "a Night turn, or fire taken during one (10.3a)", "false", YES_NO),
                      Parameter("wrecked", int, "a division's or corps's wrecked members (the Loss Chart); a "
                                                "brigade's are counted from its regiments' strengths", -1),
                      example="cwr-wrecked.vsav command=\"Cutler's Brigade\"", quantities=("Stoppage",))
    def stoppage_procedure(context, command, fired="true", leader_lost="false", night="false", wrecked=-1):
        from .. import command_events
        from ..session import start
        session = start(context, f"Stoppage Check of {command} (CWR 10.3)")
        command_events.stoppage(session, command, _yes(fired), _yes(leader_lost), _yes(night),
                                None if wrecked < 0 else wrecked)
        return session.finish()

    @plugin.procedure("emergency-retreat", "10.4: after the Emergency Retreat of a command with a HQ of its own (a "
                                           "brigade or division governed by its corps HQ is refused, naming the "
                                           "corps), each infantry and cavalry unit checks on Straggler Table 1 (+1 "
                                           "when forced); the losses written; all its orders cancelled in the Order "
                                           "Log.",
                      COMMAND,
                      Parameter("event", str, "why it retreats: voluntary (the owner declares it, 10.4); alone with "
                                              "enemy, displaced, retreat small arms, retreat close combat (its HQ's "
                                              "event forcing it: +1 on each check, 9.2c, 10.4); retreat artillery "
                                              "(the HQ retreated from artillery fire alone: refused, no Emergency "
                                              "Retreat is required)", "voluntary", EVENTS),
                      example="cwr-demo.vsav command=\"III Corps\" event=displaced", quantities=("HQ MP", "SP lost"))
    def retreat_procedure(context, command, event="voluntary"):
        from .. import command_events
        from ..session import start
        session = start(context, f"Emergency Retreat of {command} (CWR 10.4)")
        command_events.retreat(session, command, event)
        return session.finish()

    @plugin.procedure("initiative", "11.0: a leader's d66 on the Initiative Table in his rating's column for his "
                                    "own formation or a subordinate's he is stacked with: Success (an order Accepted "
                                    "as Complex, written in the Order Log), Loose Cannon, or nothing; at most two "
                                    "attempts in a command each turn, counted from the Order Log.",
                      COMMAND,
                      Parameter("leader", str, "who attempts (default: the command's own leader)", ""),
                      example="cwr-demo.vsav command=\"Archer's Brigade\"",
                      quantities=("Failure", "Loose Cannon", "Success"))
    def initiative_procedure(context, command, leader=""):
        from .. import command_events
        from ..session import start
        session = start(context, f"Initiative for {command} (CWR 11.0)")
        command_events.initiative(session, command, leader)
        return session.finish()

    @plugin.procedure("leader-loss", "9.1: a leader in a hex fired on with casualties, or entered by enemy combat "
                                     "units with no friendly combat unit, rolls 2d6 on the Leader Loss Table; "
                                     "Killed or Wounded: removed, and who is promoted (9.1a).",
                      Parameter("leader", str, "the leader checking"),
                      Parameter("cause", str, "fire on his hex, or enemy entry", "fire", ("fire", "entry")),
                      Parameter("result", str, "the Fire Combat result on his hex (M, M+2 or casualties)", "1"),
                      Parameter("seniority", str, "leaders most senior first (the game's rules), for promotions",
                                ""),
                      example="cwr-demo.vsav leader=Davis cause=fire result=2", quantities=("Killed", "Wounded"))
    def leader_loss_procedure(context, leader, cause="fire", result="1", seniority=""):
        from .. import command_events
        from ..session import start
        session = start(context, f"Leader Loss of {leader} (CWR 9.1)")
        command_events.loss(session, leader, cause, result, name_list(seniority))
        return session.finish()

    @plugin.procedure("reinforcements", "3.6: a group entering at its Entry hex in the order lined up, the n-th unit "
                                        "spending n times the hex's cost; a blocked Entry hex shifts along the edge "
                                        "10 hexes at a time (3.6a); those that enter are placed on it.",
                      Parameter("entry", str, "the Entry hex (A16.07)"),
                      Parameter("units", str, "the units in the order they are lined up: NAME,NAME,..."),
                      Parameter("waiting", int, "units still lined up at this Entry hex from before", 0),
                      example="cwr-demo.vsav entry=A16.07 units=\"I Corps Wagon,Stevens's Battery\"",
                      quantities=("MP left",))
    def reinforcements_procedure(context, entry, units, waiting=0):
        from .. import arrivals
        from ..session import start
        session = start(context, f"Reinforcements at {entry} (CWR 3.6)")
        arrivals.reinforce(session, entry, name_list(units), waiting)
        return session.finish()

    @plugin.procedure("forced-march", "3.7: infantry in Column (never DG or R) checks on Straggler Table 1 for 2 extra "
                                      "MP, then on Table 2 for 2 more; the losses written.",
                      Parameter("unit", str, "the infantry unit"),
                      Parameter("checks", int, "one or two straggler checks", 1, (1, 2)),
                      Parameter("changed_formation", str, "it changed formation this Movement Phase", "false",
                                YES_NO),
                      example="cwr-demo.vsav unit=\"14th Tennessee\" checks=2",
                      quantities=("forced march MP", "SP lost"))
    def forced_march_procedure(context, unit, checks=1, changed_formation="false"):
        from .. import arrivals
        from ..session import start
        session = start(context, f"Forced March of {unit} (CWR 3.7)")
        arrivals.force_march(session, unit, checks, _yes(changed_formation))
        return session.finish()
