"""Initiative (11.0): a corps, division or brigade leader rolls two dice (11-66) in the column of
his rating: on the Success line he creates an order, instantly Accepted as Complex; on the Loose
Cannon line the opponent writes a Simple movement order for him (or for the subordinate he tried
for). At most two attempts within a command (HQ) each turn, one per formation."""
from dataclasses import dataclass, replace
from fractions import Fraction

from adjutant.procedures.charts import ChartError

SUCCESS, LOOSE_CANNON, FAILURE = "Success", "Loose Cannon", "Failure"
D66 = tuple(10 * a + b for a in range(1, 7) for b in range(1, 7))


@dataclass(frozen=True)
class Attempt:
    """One Initiative attempt: the leader, his level (corps, division, brigade; the army commander
    may not, 11.0d), his command rating, the command (HQ) he is in, the formation the order is for
    (his own, or a subordinate's with whom he is stacked), and that subordinate leader if any."""
    leader: str
    level: str
    rating: int
    command: str
    formation: str
    subordinate: str = None
    stacked_with_subordinate: bool = False


@dataclass(frozen=True)
class InitiativeResult:
    attempt: Attempt
    allowed: bool
    why: str
    roll: int = None
    column: str = None
    result: str = None      # Success, Loose Cannon, Failure
    applies_to: str = None  # who gets the order or the Loose Cannon
    clause: str = "11.0"

    @property
    def text(self):
        a = self.attempt
        if not self.allowed:
            return f"{a.leader}: no Initiative attempt for {a.formation}: {self.why}"
        said = {SUCCESS: f"Success: {self.applies_to} creates an Initiative order, Accepted as Complex",
                LOOSE_CANNON: f"Loose Cannon: the opponent writes a Simple movement order for {self.applies_to} (11.0a)",
                FAILURE: "no Initiative"}[self.result]
        return f"{a.leader} (rating {a.rating}) Initiative for {a.formation}: d66 {self.roll}: {said} ({self.clause})"


def _numbers(charts, text, line, column):
    """The d66 numbers a Success or Loose Cannon cell lists ("11-25", "64, 65-66", "none")."""
    where = f"{charts.path}: [initiative_table] {line}, column {column}"
    text = str(text).strip()
    if text == "":
        raise ChartError(f"{where} is not filled in: copy it from the printed chart")
    if text.lower() in ("none", "-"):
        return frozenset()
    out = set()
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        try:
            low, high = int(low), int(high or low)
        except ValueError:
            raise ChartError(f"{where}: {part.strip()!r} is not a d66 number or range") from None
        if low not in D66 or high not in D66 or high < low:
            raise ChartError(f"{where}: {part.strip()!r} is not a d66 number or range (11-66)")
        out.update(n for n in D66 if low <= n <= high)
    return frozenset(out)


def initiative_lines(rating, charts):
    """The Initiative Table's column for this rating: (label, Success numbers, Loose Cannon numbers).
    A rating outside the printed columns reads the nearest one."""
    section = charts.file.section("initiative_table")
    labels = [str(c) for c in section.get("columns", [])]
    if not labels:
        raise ChartError(f"{charts.path}: [initiative_table] has no columns (the leader ratings)")
    ratings = []
    for label in labels:
        try:
            ratings.append(int(label))
        except ValueError:
            raise ChartError(f"{charts.path}: [initiative_table] column {label!r} is not a leader rating") from None
    index = min(range(len(ratings)), key=lambda i: (abs(ratings[i] - rating), -ratings[i]))
    cells = {}
    for line in ("success", "loose_cannon"):
        row = section.get(line)
        if not isinstance(row, list) or len(row) != len(labels):
            raise ChartError(f"{charts.path}: [initiative_table] {line} must list one cell per column")
        cells[line] = _numbers(charts, row[index], line, labels[index])
    both = cells["success"] & cells["loose_cannon"]
    if both:
        raise ChartError(f"{charts.path}: [initiative_table] column {labels[index]}: {min(both)} is on both lines")
    return labels[index], cells["success"], cells["loose_cannon"]


def initiative_chances(rating, charts):
    """The exact chance of each result at this rating: {Success, Loose Cannon, Failure: Fraction}."""
    _, success, loose = initiative_lines(rating, charts)
    return {SUCCESS: Fraction(len(success), 36), LOOSE_CANNON: Fraction(len(loose), 36),
            FAILURE: Fraction(36 - len(success) - len(loose), 36)}


def may_attempt(attempt, earlier, charts):
    """11.0, 11.0d: may this attempt be made, given this turn's earlier attempts (Attempts)?
    (allowed, why)."""
    if attempt.level == "army":
        return False, "the Army Commander cannot use Initiative (11.0d)"
    if attempt.level not in ("corps", "division", "brigade"):
        raise ValueError(f"{attempt.leader}: level {attempt.level!r} is not corps, division or brigade")
    limit = int(charts.rule("initiative", "attempts_per_command"))
    in_command = [e for e in earlier if e.command == attempt.command]
    if len(in_command) >= limit:
        return False, (f"{len(in_command)} leaders of {attempt.command} already attempted Initiative this turn "
                       f"(at most {limit}, 11.0)")
    if any(e.formation == attempt.formation for e in earlier):
        return False, f"a leader already attempted Initiative for {attempt.formation} this turn (11.0)"
    if attempt.subordinate and not attempt.stacked_with_subordinate:
        return False, f"{attempt.leader} is not stacked with {attempt.subordinate} (11.0)"
    return True, "within the limits of 11.0"


def attempt_initiative(attempt, earlier, roll, charts):
    """11.0: the attempt's d66 in the column of the leader's rating. A Loose Cannon falls on the
    subordinate the attempt was for (11.0a). `earlier`: this turn's earlier Attempts."""
    allowed, why = may_attempt(attempt, earlier, charts)
    if not allowed:
        return InitiativeResult(attempt, False, why)
    column, success, loose = initiative_lines(attempt.rating, charts)
    dice = roll("d66", f"{attempt.leader} initiative for {attempt.formation}")
    if dice in success:
        result, clause = SUCCESS, "11.0"
    elif dice in loose:
        result, clause = LOOSE_CANNON, "11.0, 11.0a"
    else:
        result, clause = FAILURE, "11.0"
    target = attempt.subordinate or attempt.leader
    return InitiativeResult(attempt, True, why, dice, column, result, target, clause)


def after_initiative(orders, order):
    """11.0b: a successful Initiative order (Accepted as Complex) replaces the command's Accepted
    order and cancels the one in Delay; one only creating a Detachment leaves them alone.
    `orders`: the command's orders.CommandOrders. Returns (CommandOrders, why)."""
    if order.kind != "complex":
        raise ValueError(f"order {order.number}: Initiative orders are Accepted as Complex (11.0)")
    if order.detachment_only:
        return orders, "it only creates a Detachment: the command's orders stand (11.0b)"
    why = "the Initiative order is the command's Accepted order"
    if orders.accepted:
        why += f", replacing order {orders.accepted.number}"
    if orders.delayed:
        why += f"; order {orders.delayed.number} in Delay is cancelled"
    return replace(orders.without_delay(), accepted=order), why + " (11.0b)"
