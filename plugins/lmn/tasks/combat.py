"""The tasks of combat.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

DEFENDER = Parameter("hex", str, "the defender's hex")

FROM = Parameter("from_hexes", str, "the attacking hexes, HEX,HEX (default: every adjacent hex with the enemy's "
                                    "combat units)", "")

UNITS = Parameter("units", str, "the attacking units, NAME,NAME (default: every combat unit in those hexes)", "")

COUNTER = Parameter("counterattack", bool, "a counterattack (11.3 D.3: no leader needed)", False)


def register(plugin):
    @plugin.procedure("odds", "11.4, 12.3, 14.0, 15.2: the strengths of an attack (leaders' bonuses, fortified "
                              "defenders doubled plus the fortification, hexsides only when every attacker crosses "
                              "them), the odds rounded down, and the chance of each result of the chart file's CRT.",
                      DEFENDER, FROM, UNITS, COUNTER, example="lmn-combat.vsav hex=1818")
    def odds(context, hex, from_hexes="", units="", counterattack=False):
        from ..combat import run_odds
        from ..session import start
        session = start(context, f"Odds of an attack on {hex} (LMN 12.3)")
        run_odds(session, hex, from_hexes, units, counterattack)
        return session.finish()

    @plugin.procedure("combat", "12.0-13.3: an attack resolved on the chart file's CRT: step losses (the owner's "
                                "losses=, else the strongest unit first), eliminations, retreats, disruption, "
                                "advance after combat, dummies removed, leaders moved to the nearest friendly "
                                "unit, cavalry retreating instead of De/Ae when only infantry fight them.",
                      DEFENDER, FROM, UNITS, COUNTER,
                      Parameter("losses", str, "steps each unit loses, NAME:N,NAME:N (10.0 A: the owner's "
                                               "choice; default: the strongest unit first)", ""),
                      Parameter("advance", str, "the attacking units that advance into an emptied hex, NAME,NAME "
                                                "(12.5)", ""),
                      Parameter("retreat_to", str, "where a retreat goes, FROM:TO[,FROM:TO] (default: away from "
                                                   "the enemy, out of enemy zones)", ""),
                      example="lmn-combat.vsav hex=1818", quantities=("SP lost", "VP"))
    def combat(context, hex, from_hexes="", units="", counterattack=False, losses="", advance="", retreat_to=""):
        from ..combat import Combat, run_odds
        from ..session import start
        session = start(context, f"Combat in {hex} (LMN 12-13)")
        b = run_odds(session, hex, from_hexes, units, counterattack)
        Combat(session, b, losses, advance, retreat_to).run()
        return session.finish()
