"""McClellan's takeover (rule 2) turn by turn as a pure function: for a date on or after the
takeover, which Union corps are under command paralysis, whether the corps roll for reorganization
and with what bonus, whether the army reorganizes, and the Panic modifier to Union combat rolls.
Two schedules, by whether Panic had occurred when McClellan took command; the chart file's
[takeover] gives the bonuses and the turn all reorganize."""
import datetime
from dataclasses import dataclass, replace

from adjutant.procedures.charts import ChartError
from adjutant.procedures.words import counted

from .dates import show_date
from .panic import union_combat_drm

PARALYSIS = ("all", "non_reorganized", "none")


@dataclass(frozen=True)
class TakeoverTurn:
    date: datetime.date
    takeover_date: datetime.date
    after: int                # turns after the takeover: 0 is the turn of takeover
    panic: bool               # Panic had occurred when McClellan took command
    paralysis: str            # "all" Union units, "non_reorganized" corps, or "none" from the takeover
    paralysis_roll: bool      # those corps still make rule 3's paralysis roll (option takeover_paralysis_roll)
    reorganization_roll: bool # the corps not yet reorganized roll at the end of the Random Event phase
    roll_bonus: int
    all_reorganized: bool     # disorganization ends: every corps reorganizes, and the cavalry
    combat_drm: int
    clause: str
    lines: tuple


def _schedule(charts, panic):
    prefix = "panic" if panic else "no_panic"
    bonuses = charts.rule("takeover", f"{prefix}_roll_bonus")
    last = int(charts.rule("takeover", f"{prefix}_all_reorganized"))
    if not isinstance(bonuses, list) or last != len(bonuses) + 1:
        raise ChartError(f"{charts.path}: [takeover] {prefix}_roll_bonus must list the bonus of each turn "
                         f"from the first after the takeover to the one before {prefix}_all_reorganized ({last})")
    return [int(b) for b in bonuses], last


def takeover_turn(charts, date, takeover_date, panic, panic_date=None):
    """Rule 2: what McClellan's takeover on `takeover_date` imposes on `date`'s turn. panic: whether
    Union Panic had occurred when he took command (the "If Panic has occurred" schedule);
    panic_date: the day Panic began, when known (a Panic after the takeover has its own combat
    modifier's reason)."""
    after = (date - takeover_date).days
    if after < 0:
        raise ValueError(f"the takeover schedule on {show_date(date)}: McClellan takes command only on {show_date(takeover_date)}")
    bonuses, last = _schedule(charts, panic)
    if panic_date is None or (panic and panic_date > takeover_date):
        panic_date = takeover_date if panic else None
    drm = union_combat_drm(charts, date, panic_date, takeover_date)
    roll = charts.option("takeover_paralysis_roll") == "roll"
    reading = f"option takeover_paralysis_roll = \"{charts.option('takeover_paralysis_roll')}\""
    which = "If Panic has occurred" if panic else "If no Panic has occurred"
    when = "the turn of McClellan's takeover" if after == 0 else \
        f"{counted(after, 'turn', 'turns')} after McClellan's takeover on {show_date(takeover_date)}"
    lines = [f"{show_date(date)}: {when} ({which})"]
    if after == 0:
        clause = f"2 {which}: turn of takeover"
        lines.append(f"Union command paralysis for all Union units ({clause}); "
                     + ("each corps makes the paralysis roll" if roll else "no corps rolls") + f" ({reading})")
        turn = TakeoverTurn(date, takeover_date, 0, panic, "all", roll, False, 0, False, drm.amount, clause, ())
    elif after < last:
        bonus = bonuses[after - 1]
        clause = f"2 {which}: turn {after} following takeover"
        lines.append(f"each corps not yet reorganized rolls for reorganization, {bonus:+d} ({clause})")
        lines.append("Union command paralysis for the corps not reorganized ("
                     + ("each makes the paralysis roll" if roll else "no roll") + f", {reading})")
        turn = TakeoverTurn(date, takeover_date, after, panic, "non_reorganized", roll, True, bonus, False,
                            drm.amount, clause, ())
    else:
        clause = f"2 {which}: turn {last} following takeover"
        if after == last:
            lines.append("disorganization ends: every corps not already reorganized reorganizes (HCTR Combined "
                         f"Game \"Union Reorganization\"), and the Union cavalry (\"Union Cavalry\") ({clause}); "
                         "this ends the army's disorganization, not the units': a unit on its disorganized side "
                         "stays on it (2 NOTE: \"Units on their disorganized sides are not flipped to their "
                         "organized side when a Corp is reorganized\")")
        else:
            lines.append(f"the army reorganized on {show_date(takeover_date + datetime.timedelta(days=last))} ({clause}): "
                         "no paralysis from the takeover")
        turn = TakeoverTurn(date, takeover_date, after, panic, "none", False, False, 0, True, drm.amount, clause, ())
    lines.append(drm.text)
    return replace(turn, lines=tuple(lines))
