"""The tasks of voluntary_procedures.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter, name_list

from ..voluntary_when import CLAUSE, WHEN

STEPS = ("12", "11.4", "11.6")


def register(plugin):
    @plugin.procedure("withdraw", "9, 11, 23.3: a voluntary retreat of one or two hexes, judged and moved: before "
                                  "combat (9: cavalry or designated units, not stacked with infantry or artillery, "
                                  "attacked from an adjacent enemy hex by no mounted cavalry), after the first round (11.3 the phasing player's "
                                  "units adjacent to enemy units, 11.5 the defender's adjacent to attacking units; "
                                  "11.7 artillery limbers and enters no other ZOC without friends there; 11.8 D into a "
                                  "ZOC unless charged), or at night out of a ZOC into none (23.3, no D). A ZOC entered "
                                  "ends the retreat (5.2); stacking over the limits is allowed (10.7). A commander "
                                  "retreats only with units of his hex.",
                      Parameter("units", str, "the retreating units, NAME,... (one hex; commanders go with them)"),
                      Parameter("path", str, "the hexes retreated through, HEX[,HEX] (1 or 2)"),
                      Parameter("when", str, "before (9), after (11) or night (23.3)", choices=tuple(WHEN)),
                      Parameter("side", str, "after combat: whose retreat, attacker (11.3, the phasing player) or "
                                             "defender (11.5)", "", ("attacker", "defender")),
                      Parameter("attackers", str, "the attacking hexes, HEX,... (before: who attacks the units; "
                                                  "after, side=defender: the attacking units' hexes; default every "
                                                  "adjacent enemy hex)", ""),
                      Parameter("designated", str, "units the scenario designates (or USSS) that may retreat before "
                                                   "combat, NAME,... (9)", ""),
                      Parameter("charged", bool, "the units were charged by cavalry (11.8: no D into a ZOC), or "
                                                 "before combat are cavalry that charged (3.8: even from mounted "
                                                 "cavalry)", False),
                      example="lfm-withdraw.vsav units=\"8th Illinois Cavalry,Gamble\" path=1110 when=after "
                              "side=defender attackers=0910")
    def withdraw_procedure(context, units, path, when, side="", attackers="", designated="", charged=False):
        from ..army import ArmyError
        from ..combat_map import parse_path
        from ..session import start
        from ..voluntary_procedures import adjacent_enemies, one_stack, withdraw
        if when == "after" and side not in ("attacker", "defender"):
            raise ArmyError("when=after needs side=attacker (11.3) or side=defender (11.5)")
        session = start(context, f"Voluntary retreat {WHEN[when]} (LFM {CLAUSE[when]})")
        army = session.army
        stack, from_hex = one_stack(army, units, "retreat")
        session.side = stack[0].side
        hexes = name_list(attackers)
        for h in hexes:
            army.require_hex(h)
        if when == "before" and not hexes:
            hexes = adjacent_enemies(army, from_hex, stack[0].side)
        withdraw(session, stack, from_hex, parse_path(army, path), when, side, hexes, name_list(designated), charged)
        return session.finish()

    @plugin.procedure("advance", "12, 11.4, 11.6: units advance into a vacated hex: infantry and cavalry, not "
                                 "artillery, that fought against it (12.1), within stacking (12.3), one hex into it "
                                 "or an unoccupied hex next to it with at least one unit into it (12.4); after a "
                                 "voluntary retreat (11.4, 11.6) from one adjacent hex into the vacated hex. No "
                                 "shattered (16.4) or detached (22.3) unit into an enemy ZOC; command does not bar "
                                 "an advance (8.6).",
                      Parameter("units", str, "the advancing units, NAME,..."),
                      Parameter("vacated", str, "the vacated hex (0910)"),
                      Parameter("into", str, "where units other than into the vacated hex go, UNIT:HEX,... (12.4)",
                                ""),
                      Parameter("step", str, "12 (after a combat's retreats), 11.4 (the defender, after the "
                                             "attacker's voluntary retreats) or 11.6 (the attacker, after the "
                                             "defender's)", "12", STEPS),
                      Parameter("participated", str, "the units that fought against the vacated hex, NAME,... "
                                                     "(12.1; default: the units named)", ""),
                      example="lfm-advance.vsav units=\"2nd Mississippi,Davis\" vacated=1010 step=11.6")
    def advance_procedure(context, units, vacated, into="", step="12", participated=""):
        from ..army import ArmyError
        from ..session import start
        from ..voluntary_procedures import advance, destinations
        session = start(context, f"Advance into {vacated} (LFM {step})")
        army = session.army
        army.require_hex(vacated)
        named = [army.named(n) for n in name_list(units)]
        if not named or len({u.side for u in named}) != 1 or any(not u.hex for u in named):
            raise ArmyError("units=: name one side's advancing units on the map, NAME,...")
        session.side = named[0].side
        took_part = name_list(participated) or [u.name for u in named]
        advance(session, named, vacated, destinations(army, named, vacated, into), step, took_part,
                bool(name_list(participated)))
        return session.finish()
