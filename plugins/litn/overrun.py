"""LIN 8.3 "Non-combat Units": a department leader, cavalry commander, corps leader or supply wagon
in a hex with no combat unit of its side is eliminated when enemy units enter the hex (at no
additional cost). 10.6 gives retreats into such hexes "the same effects as in movement"."""
from .army import COMBAT_TYPES



def overrun(units, mover_side, movers_have_combat, overrun_by="any"):
    """The units of `units` (the units of one hex, each with .side and .type) that movers of
    `mover_side` entering the hex eliminate: every unit of the other side when none of them is a
    combat unit; none when the movers have no combat unit and option overrun_by is "combat"."""
    if overrun_by == "combat" and not movers_have_combat:
        return []
    other = [u for u in units if u.side != mover_side]
    if not other or any(u.type in COMBAT_TYPES for u in other):
        return []
    return other
