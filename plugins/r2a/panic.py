"""Union Panic and Pope's replacement (rule 2) as pure functions over dates (datetime.date, one turn
a day of 1862): the Panic total and its onset, the -1 on Union combat rolls, and whether McClellan
may replace Pope on a date. The chart file's [union_panic] and [mcclellan] give the numbers.

A Panic dated the day of the takeover is taken to have come before it (the takeover is made in the
Leader Transfer segment; the caller keeps panic_date only for a Panic McClellan found)."""
import datetime
from dataclasses import dataclass

from adjutant.procedures.charts import ChartError

from .dates import game_date, show_date

def _chart_date(charts, section, key):
    text = charts.rule(section, key)
    try:
        return game_date(text)
    except ValueError as e:
        raise ChartError(f"{charts.path}: [{section}] {key}: {e}") from None


@dataclass(frozen=True)
class Part:
    """One term of the Panic total: its value and what it counts."""
    value: int
    what: str


@dataclass(frozen=True)
class PanicTotal:
    date: datetime.date
    parts: tuple
    total: int
    threshold: int
    panic: bool               # Panic has occurred (now or before)
    onset: bool               # this total is the first to reach the threshold
    panic_date: object        # the day Panic began, or None
    clause: str
    why: str

    @property
    def lines(self):
        counted = " + ".join(f"{p.value} {p.what}" for p in self.parts)
        return [f"Union Panic total on {show_date(self.date)}: {counted} = {self.total}", f"{self.why} ({self.clause})"]


def panic_total(charts, date, demoralized_manpower, manpower_losses, unsupplied_divisions, panic_date=None):
    """Rule 2: the Union Panic total on `date` and whether Panic occurs: the total of all currently
    demoralized Union manpower, all Union manpower losses from all causes and the number of currently
    unsupplied Union divisions, "equal to or greater than" [union_panic] threshold. panic_date: the day
    Panic began, if it has (it stays begun whatever the total does later)."""
    for name, value in (("demoralized manpower", demoralized_manpower), ("manpower losses", manpower_losses),
                        ("unsupplied divisions", unsupplied_divisions)):
        if value < 0:
            raise ValueError(f"Union Panic total: {name} {value} is negative")
    parts = (Part(demoralized_manpower, "demoralized Union manpower"),
             Part(manpower_losses, "Union manpower losses from all causes"),
             Part(unsupplied_divisions, "unsupplied Union divisions"))
    total = sum(p.value for p in parts)
    threshold = int(charts.rule("union_panic", "threshold"))
    reached = total >= threshold
    if panic_date is not None:
        if date < panic_date:
            raise ValueError(f"Union Panic total on {show_date(date)}: before the day Panic began, {show_date(panic_date)}")
        why = (f"Panic began on {show_date(panic_date)}; the total is "
               + (f"still {threshold} or more" if reached else f"below {threshold} now, but Panic has occurred"))
        return PanicTotal(date, parts, total, threshold, True, False, panic_date, "2", why)
    if reached:
        return PanicTotal(date, parts, total, threshold, True, True, date, "2",
                          f"{total} is {threshold} or more: Union Panic occurs on {show_date(date)}")
    return PanicTotal(date, parts, total, threshold, False, False, None, "2",
                      f"{total} is less than {threshold}: no Panic")


@dataclass(frozen=True)
class CombatModifier:
    amount: int
    clause: str
    why: str

    @property
    def text(self):
        return f"Union combat rolls {self.amount:+d}: {self.why} ({self.clause})"


def union_combat_drm(charts, date, panic_date=None, takeover_date=None):
    """Rule 2: the modifier to every Union combat die roll on `date`: [union_panic] combat_drm from
    the onset of Panic until Pope is replaced by McClellan, and on the takeover turn when Panic had
    occurred ("Panic continues"); none from the turn following the takeover ("Panic ends")."""
    drm = int(charts.rule("union_panic", "combat_drm"))
    if panic_date is None or date < panic_date:
        return CombatModifier(0, "2", "no Union Panic")
    if takeover_date is None or date < takeover_date:
        return CombatModifier(drm, "2", f"Union Panic since {show_date(panic_date)}, Pope in command")
    if panic_date > takeover_date:
        return CombatModifier(0, "2", f"Panic on {show_date(panic_date)} came after McClellan's takeover on "
                                      f"{show_date(takeover_date)}: the reduction lasts only until Pope is replaced")
    if date == takeover_date:
        return CombatModifier(drm, "2 turn of takeover", "McClellan takes command: Panic continues")
    return CombatModifier(0, "2 turn following takeover", f"Panic ended the turn after McClellan's takeover "
                                                         f"on {show_date(takeover_date)}")


@dataclass(frozen=True)
class Condition:
    number: int
    met: bool
    clause: str
    why: str


@dataclass(frozen=True)
class Eligibility:
    date: datetime.date
    eligible: bool
    conditions: tuple

    @property
    def lines(self):
        head = (f"McClellan may replace Pope on {show_date(self.date)}" if self.eligible
                else f"McClellan may not replace Pope on {show_date(self.date)}: no condition is met")
        return [head] + [f"condition {c.number}: {'met' if c.met else 'not met'}: {c.why} ({c.clause})"
                         for c in self.conditions]


def mcclellan_eligible(charts, date, panic_date=None):
    """Rule 2 Pope's replacement: may the Union player replace Pope with McClellan in the Leader
    Transfer segment of `date`'s turn? Any of: 1) Panic has occurred and the date is [mcclellan]
    panic_from or later; 2) [mcclellan] days_after_panic days have elapsed since the onset of Panic
    (onset Aug 20: Aug 23); 3) the date is [mcclellan] any_from or later."""
    panic_from = _chart_date(charts, "mcclellan", "panic_from")
    days = int(charts.rule("mcclellan", "days_after_panic"))
    any_from = _chart_date(charts, "mcclellan", "any_from")
    panicked = panic_date is not None and panic_date <= date
    if not panicked:
        first = Condition(1, False, "2 condition 1", "no Union Panic has occurred")
        second = Condition(2, False, "2 condition 2", "no Union Panic has occurred")
    else:
        late = date >= panic_from
        first = Condition(1, late, "2 condition 1",
                          f"Panic on {show_date(panic_date)} and {show_date(date)} is "
                          + (f"{show_date(panic_from)} or later" if late else f"before {show_date(panic_from)}"))
        due = panic_date + datetime.timedelta(days=days)
        elapsed = (date - panic_date).days
        second = Condition(2, date >= due, "2 condition 2",
                           f"{elapsed} days since the onset of Panic on {show_date(panic_date)}: "
                           + (f"{days} have elapsed" if date >= due else f"{days} elapse on {show_date(due)}"))
    third = Condition(3, date >= any_from, "2 condition 3",
                      f"{show_date(date)} is " + (f"{show_date(any_from)} or later" if date >= any_from
                                             else f"before {show_date(any_from)}"))
    conditions = (first, second, third)
    return Eligibility(date, any(c.met for c in conditions), conditions)
