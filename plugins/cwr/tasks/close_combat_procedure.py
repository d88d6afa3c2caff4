"""The tasks of close_combat_procedure.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

ATTACKERS = Parameter("attackers", str, "the attacking units, comma-separated (leaders with them included)")

TARGET = Parameter("target", str, "the defender's hex (A9.07)")

SOURCE = Parameter("from", str, "the hex the attackers enter from (default: the first attacker's hex)", "")

PATH = Parameter("path", str, "the hexes the attackers moved through this phase before `from`, their start first "
                              "(default: they started in `from`)", "")

MP = Parameter("mp", str, "MP the attackers have left before entering (default: their allowance less the path)", "")

IN_RADIUS = Parameter("in_radius", bool, "the command radius reaches the target hex (7.2b); not traced", True)

BATTERY = Parameter("battery", str, "the defender's battery that fires (7.1a; default: the strongest)", "")


def register(plugin):
    @plugin.procedure("close-combat", "7.0-7.2: a Close Combat resolved: who may attack (7.0, 7.2a-b), the defender "
                                      "fires 8 SP and one battery, the attacker 8 SP (7.1a, the CC column), the "
                                      "attacker's Morale Check at -6 unless the defender could not fire, the "
                                      "defender's at -4 (and again without it after a retreat), the Close Combat "
                                      "Odds Table; the rear hexside's -3 (7.1b, option cc_rear_shift), stragglers "
                                      "as casualties (7.1c); strengths, states, ammunition written, the winner "
                                      "moved in, the loser's forced retreat hex moved.",
                      ATTACKERS, TARGET, SOURCE, PATH, MP, IN_RADIUS, BATTERY,
                      example='cwr-close-combat.vsav attackers="Meredith,24th Michigan,19th Indiana" target=A9.07',
                      quantities=("MP left", "MP to enter", "SP lost"))
    def close_combat_procedure(context, attackers, target, path="", mp="", in_radius=True, battery="", **given):
        from ..close_combat_procedure import _attack, close_combat
        from ..session import start
        session = start(context, f"Close Combat into {target} (CWR 7.0)")
        attack = _attack(session, attackers, target, given.get("from", ""), path, mp, in_radius)
        close_combat(session, attack, battery or None)
        return session.finish()

    @plugin.procedure("close-combat-odds", "7.0 procedure 6: before rolling, who may attack, the Close Combat Odds "
                                           "Table's column at the present strengths and the exact chance of each "
                                           "result and of each side winning.",
                      ATTACKERS, TARGET, SOURCE, PATH, MP, IN_RADIUS,
                      example='cwr-close-combat.vsav attackers="2nd Wisconsin" target=A9.07',
                      quantities=("attack SP", "MP left", "MP to enter"))
    def close_combat_odds_procedure(context, attackers, target, path="", mp="", in_radius=True, **given):
        from ..close_combat_procedure import _attack, odds_report
        from ..session import start
        session = start(context, f"Close Combat odds into {target} (CWR 7.0)")
        odds_report(session, _attack(session, attackers, target, given.get("from", ""), path, mp, in_radius))
        return session.finish()
