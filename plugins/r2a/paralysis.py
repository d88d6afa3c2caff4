"""The Command Paralysis roll per corps (rule 3) as pure functions: when Command Paralysis strikes a
side, each corps rolls d6 + its commander's initiative, +3 in the army commander's hex, else +2
within his command radius, else +1 within 12 hexes of him; higher than 10 exempts the corps (its
units using Corps Activation suffer no movement penalty and may make Corps and Grand Assaults), 10
or less leaves it under the Command Paralysis rules. Distances and the radius come from the caller;
the chart file's [paralysis] gives the numbers."""
from dataclasses import dataclass

from adjutant.procedures.words import counted

from .modified_roll import Modifier, Odds, chance, roll_d6


@dataclass(frozen=True)
class CorpsLeader:
    """A corps and its commander; hexes: his distance in hexes to the army commander (0: the same
    hex; None: the army commander is not on the map)."""
    corps: str
    commander: str
    initiative: int
    hexes: object = None


@dataclass(frozen=True)
class Paralysis:
    corps: str
    rolled: object            # the ModifiedRoll
    exempt: bool
    clause: str
    why: str

    @property
    def text(self):
        return f"{self.corps}: {self.rolled.text}: {self.why} ({self.clause})"


def modifiers(charts, leader, command_radius):
    """Rule 3: the paralysis roll's modifiers for `leader`, each with its clause: his initiative, and
    the best that holds of [paralysis] army_commander_hex, command_radius (within the army
    commander's `command_radius` hexes), near (within near_hexes)."""
    value = lambda key: int(charts.rule("paralysis", key))
    found = [Modifier(leader.initiative, "3", f"{leader.commander}'s initiative")]
    hexes = leader.hexes
    if hexes is None:
        return tuple(found)
    if hexes < 0:
        raise ValueError(f"{leader.corps}: {hexes} hexes from the army commander is not a distance")
    near = value("near_hexes")
    if hexes == 0:
        found.append(Modifier(value("army_commander_hex"), "3", "in the army commander's hex"))
    elif hexes <= command_radius:
        found.append(Modifier(value("command_radius"), "3",
                              f"{counted(hexes, 'hex', 'hexes')} from the army commander, within his command "
                              f"radius {command_radius}"))
    elif hexes <= near:
        found.append(Modifier(value("near"), "3", f"{counted(hexes, 'hex', 'hexes')} from the army commander, "
                                                  f"beyond his command "
                                                  f"radius {command_radius}, within {near}"))
    return tuple(found)


def exempt(charts, total):
    """Rule 3: (exempt, why) for a modified roll of `total`."""
    above = int(charts.rule("paralysis", "exempt_above"))
    if total > above:
        return True, (f"higher than {above}: its units using Corps Activation suffer no movement penalty and "
                      "may make Corps and Grand Assaults")
    return False, f"{above} or less: the corps is subject to the Command Paralysis rules"


def roll_paralysis(charts, leader, command_radius, roll):
    """Rule 3: one corps' paralysis roll. command_radius: the army commander's, in hexes; roll:
    (dice, purpose) -> int."""
    rolled = roll_d6(roll, f"{leader.corps} paralysis ({leader.commander})", modifiers(charts, leader, command_radius))
    free, why = exempt(charts, rolled.total)
    return Paralysis(leader.corps, rolled, free, "3", why)


def paralysis_odds(charts, leader, command_radius):
    """Rule 3: the exact chance that `leader`'s corps is exempt from paralysis."""
    found = modifiers(charts, leader, command_radius)
    return Odds(found, chance(found, lambda total: exempt(charts, total)[0]), "3")
