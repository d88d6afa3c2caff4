"""The Initiative Phase (LIN 3.B): the Lost Dispatch roll of the 1862 scenarios (5.1) and the
initiative roll that says who chooses the first player (5)."""
from adjutant.procedures.report import Quantity
from adjutant.rules.army_unit import is_true

from .army import enemy_of
from .scenarios import LOST_DISPATCH, keep_value, kept_value

LOST_DISPATCH_FROM = 6            # 5.1: "Starting on turn 6 of both 1862 scenarios"
LOST_DISPATCH_ROLLS = (1, 2)      # 5.1: "On a roll of 1 or 2 the dispatch is discovered"
ROLLER_CHOOSES = (1, 2, 3, 4, 5)  # 5: "On a roll of 1-5 ... chooses who will be the first player"


def initiative(session):
    """5: the Confederate player rolls (the Union player once the Lost Dispatch is found, 5.1);
    on 1-5 the roller chooses the first player, on 6 his opponent."""
    roller = "Union" if session.lost_dispatch else "Confederate"
    section = session.report.section(f"Initiative, turn {session.turn} of {session.year}")
    why = "the Union has found the Lost Dispatch (5.1)" if session.lost_dispatch else "5"
    roll = session.d6(f"initiative {roller}")
    chooser = roller if roll in ROLLER_CHOOSES else enemy_of(roller)
    section.add(f"the {roller} player rolls ({why}): d6 {roll}: the {chooser} player chooses who moves first "
                f"this turn (1-5: the roller, 6: his opponent)", roller=roller, roll=roll, chooser=chooser,
                quantity=[Quantity("chooses the first player", int(side == chooser), of=side)
                          for side in (roller, enemy_of(roller))])


def lost_dispatch(session, found=None):
    """5.1: from turn 6 of the 1862 scenarios the Union rolls; 1-2 finds the dispatch, written to
    the game's LostDispatch property."""
    section = session.report.section(f"The Lost Dispatch, turn {session.turn} of {session.year}")
    already = is_true(kept_value(session, LOST_DISPATCH, found, "found"))
    if session.year != 1862 or session.turn < LOST_DISPATCH_FROM:
        section.add(f"no roll: the Union looks for the Lost Dispatch only in the 1862 scenarios, from turn "
                    f"{LOST_DISPATCH_FROM} (5.1)", found=already, rolled=False)
        return
    if already:
        section.add("the Union has found it already: no roll (the Union rolls for initiative and adds 1 to its "
                    "Command Point Table rolls)", found=True, rolled=False)
        return
    roll = session.d6("Lost Dispatch")
    discovered = roll in LOST_DISPATCH_ROLLS
    if not discovered:
        section.add(f"d6 {roll}: not found (1-2 finds it)", roll=roll, found=False, rolled=True,
                    quantity=Quantity("Lost Dispatch found", 0))
        return
    name = keep_value(session, LOST_DISPATCH, "true")
    section.add(f"d6 {roll}: found (written to the game's {name} property). For the rest of the game the "
                f"Union player rolls for initiative (5.1) and adds 1 to his Command Point Table rolls; Miles and "
                f"White are released (15.2)", roll=roll, found=True, rolled=True,
                quantity=Quantity("Lost Dispatch found", 1))
