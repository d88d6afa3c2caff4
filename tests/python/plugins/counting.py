"""A plugin for the host's tests: one check and one procedure with parameters."""
from adjutant.plugin import Parameter, Plugin

plugin = Plugin("counting", "Counts pieces (test plugin)", rules="test")


@plugin.check("pieces", "Report how many pieces stand on a map.", Parameter("map", str, "the map's name"))
def pieces(game, map):
    return sum(1 for p in game.pieces if p.map == map)


@plugin.procedure("roll", "Roll dice for nothing.",
                  Parameter("dice", int, "how many", default=1), Parameter("loud", bool, "say it", default=False),
                  quantities=("dice",))

def roll(game, dice, loud):
    return dice
