"""Union Army Reorganization (rule 2) as pure functions: each Union corps not yet reorganized rolls
d6 + its commander's initiative, modified by McClellan's presence, its divisions' state and the
takeover schedule's bonus (takeover.TakeoverTurn); higher than 10 reorganizes it, 9 or less does
not, and 10 as option reorganization_ten reads it. A reorganized corps stays reorganized. The chart
file's [reorganization] gives the numbers; initiative values are the leaders'."""
from dataclasses import dataclass

from .modified_roll import Modifier, Odds, chance, roll_d6


@dataclass(frozen=True)
class Division:
    name: str
    demoralized: bool = False
    disorganized: bool = False
    supplied: bool = True


@dataclass(frozen=True)
class Corps:
    """A Union corps and its commander: with_mcclellan when he is in McClellan's hex."""
    name: str
    commander: str
    initiative: int
    divisions: tuple = ()
    with_mcclellan: bool = False
    reorganized: bool = False


@dataclass(frozen=True)
class Reorganization:
    corps: str
    rolled: object            # the ModifiedRoll, or None when the corps did not roll
    reorganized: bool
    clause: str
    why: str

    @property
    def text(self):
        shown = f"{self.rolled.text}: " if self.rolled else ""
        return f"{self.corps}: {shown}{self.why} ({self.clause})"


def modifiers(charts, corps, bonus, mcclellan=False):
    """Rule 2: the reorganization roll's modifiers for `corps`, each with its clause: its commander's
    initiative; [reorganization] mcclellan_hex when mcclellan (the one corps a turn given McClellan's
    bonus: he must be in McClellan's hex); per demoralized division; once if any division is
    disorganized; per unsupplied division; the takeover schedule's `bonus`."""
    value = lambda key: int(charts.rule("reorganization", key))
    found = [Modifier(corps.initiative, "2", f"{corps.commander}'s initiative")]
    if mcclellan:
        if not corps.with_mcclellan:
            raise ValueError(f"{corps.name}: {corps.commander} is not in McClellan's hex: no +2 (rule 2)")
        found.append(Modifier(value("mcclellan_hex"), "2", f"{corps.commander} in McClellan's hex"))
    for d in corps.divisions:
        if d.demoralized:
            found.append(Modifier(value("demoralized_division"), "2", f"{d.name} demoralized"))
    disorganized = [d.name for d in corps.divisions if d.disorganized]
    if disorganized:
        found.append(Modifier(value("disorganized_division"), "2",
                              f"a division disorganized ({', '.join(disorganized)})"))
    for d in corps.divisions:
        if not d.supplied:
            found.append(Modifier(value("unsupplied_division"), "2", f"{d.name} unsupplied"))
    if bonus:
        found.append(Modifier(bonus, "2", "the time since McClellan's return"))
    return tuple(found)


def reorganizes(charts, total):
    """Rule 2: (reorganized, clause, why) for a modified roll of `total`: higher than [reorganization]
    reorganized_above succeeds, fails_at_most or less fails, between them option reorganization_ten."""
    above = int(charts.rule("reorganization", "reorganized_above"))
    at_most = int(charts.rule("reorganization", "fails_at_most"))
    if total > above:
        return True, "2", f"higher than {above}: the corps is reorganized"
    if total <= at_most:
        return False, "2", f"{at_most} or less: the corps is not reorganized"
    reading = charts.option("reorganization_ten")
    return (reading == "succeeds", "2, option reorganization_ten",
            f"{total} is neither higher than {above} nor {at_most} or less: "
            + ("reorganized" if reading == "succeeds" else "not reorganized")
            + f" (option reorganization_ten = \"{reading}\")")


def roll_reorganization(charts, corps, turn, roll, mcclellan=False):
    """Rule 2: one corps' reorganization roll on a TakeoverTurn with a roll. roll: (dice, purpose)
    -> int. A corps already reorganized stays so and does not roll."""
    if corps.reorganized:
        return Reorganization(corps.name, None, True, "2", "reorganized on an earlier turn: it remains so")
    if turn.all_reorganized:
        return Reorganization(corps.name, None, True, turn.clause,
                              "disorganization ends: every corps not already reorganized reorganizes")
    if not turn.reorganization_roll:
        raise ValueError(f"{corps.name}: no reorganization roll on the turn of McClellan's takeover ({turn.clause})")
    rolled = roll_d6(roll, f"{corps.name} reorganization ({corps.commander})",
                     modifiers(charts, corps, turn.roll_bonus, mcclellan))
    done, clause, why = reorganizes(charts, rolled.total)
    return Reorganization(corps.name, rolled, done, clause, why)


def roll_reorganizations(charts, corps, turn, roll, mcclellan_corps=()):
    """Rule 2: every Union corps' reorganization on a TakeoverTurn, in the order given.
    mcclellan_corps: the name of the corps whose commander uses McClellan's +2 this turn ("only one
    Corp leader per turn": naming a second is refused); when none is named and exactly one corps is
    in McClellan's hex, that one."""
    named = (mcclellan_corps,) if isinstance(mcclellan_corps, str) else tuple(mcclellan_corps)
    if len(named) > 1:
        raise ValueError(f"McClellan's +2 for {named[1]}: it may only be utilized for one corps leader per "
                         f"turn, and {named[0]} has it (rule 2)")
    names = [c.name for c in corps]
    if named and named[0] not in names:
        raise ValueError(f"McClellan's +2 for {named[0]}: no such corps among {', '.join(names)}")
    if not named:
        stacked = [c.name for c in corps if c.with_mcclellan and not c.reorganized]
        if len(stacked) > 1:
            raise ValueError(f"McClellan's +2 goes to one corps a turn (rule 2): name one of {', '.join(stacked)}")
        named = tuple(stacked)
    return tuple(roll_reorganization(charts, c, turn, roll, mcclellan=c.name in named) for c in corps)


def reorganization_odds(charts, corps, bonus, mcclellan=False):
    """Rule 2: the exact chance that `corps` reorganizes on a roll with the schedule's `bonus`."""
    found = modifiers(charts, corps, bonus, mcclellan)
    return Odds(found, chance(found, lambda total: reorganizes(charts, total)[0]), "2")
