"""The tasks of victory.py declared: names, help, parameters; each imports its code when it runs."""
from adjutant.plugin import Parameter

from ..scenarios import SCENARIO, TURN, YEAR


def register(plugin):
    hexes = "HEX,HEX"

    @plugin.procedure("victory", "15.1: VP of the turn: major victories, towns a Confederate infantry unit of 10+ SP "
                                 "holds with no Union unit (half without a line of communications), and at the end of "
                                 "the game rail interdiction and the Harrisburg bridge; the net total in the game's "
                                 "NetVP property, and the year's victory level at the end (15.2, 15.5).",
                      Parameter("net_vp", str, "the net Confederate VP before this turn (default: NetVP)", None),
                      Parameter("controlled", str, f"towns' hexes already scored in full, {hexes} (default: the "
                                                   f"Confederate Control markers)", None, many=True),
                      Parameter("half", str, f"towns' hexes scored at half (marker face down), {hexes}", (), many=True),
                      Parameter("not_held", str, f"occupied hexes not held the whole turn, {hexes}", (), many=True),
                      Parameter("loc_lost", str, f"hexes whose line of communications failed in the turn, {hexes}",
                                (), many=True),
                      Parameter("confederate_major_victories", int, "Confederate major victories this turn", 0),
                      Parameter("union_major_victories", int, "Union major victories this turn", 0),
                      Parameter("end", bool, "the game ends this turn (default: the scenario's last turn)", None),
                      Parameter("harrisburg_bridge_destroyed", bool, "at the end: the bridge 3902/4002 is destroyed "
                                                                     "(default: a Bridge Destroyed marker there)", None),
                      SCENARIO, TURN, YEAR, example="litn-demo.vsav end=true", quantities=("Confederate VP gained",))
    def run_victory(context, net_vp=None, controlled=None, half=(), not_held=(), loc_lost=(),
                    confederate_major_victories=0, union_major_victories=0, end=None,
                    harrisburg_bridge_destroyed=None, scenario=None, turn=None, year=None):
        from ..scenarios import scenario_of
        from ..session import start
        from ..victory import victory
        session = start(context, "Victory points (LIN 15.1)", None, turn, year)
        victory(session, scenario_of(session, scenario), net_vp, controlled, half, not_held, loc_lost,
                confederate_major_victories, union_major_victories, end, harrisburg_bridge_destroyed)
        return session.finish()
