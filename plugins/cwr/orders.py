"""Orders from the Army Commander (10.1-10.2): what they cost, when they arrive, whether the
receiving leader accepts, delays or distorts them, and what that does to the orders a command holds.
Pure functions over small values; every roll goes through `roll(dice, purpose)`."""
import math
from dataclasses import dataclass, replace

from adjutant.procedures.charts import ChartError

METHODS = ("oral", "written", "in person", "initiative")
TYPES = ("complex", "simple")
ACCEPTANCE_RESULTS = ("A", "D4", "D5", "D6", "Dt")


@dataclass(frozen=True)
class Order:
    """One order of the Order Log (10.2): its number, the command it goes to, Oral, Written or In
    Person, Complex or Simple. `detachment_only`: it only creates Detachments (10.5), leaving the
    command's own orders alone."""
    number: int
    command: str
    method: str
    kind: str
    detachment_only: bool = False

    def __post_init__(self):
        if self.method not in METHODS:
            raise ValueError(f"order {self.number}: method {self.method!r} is not one of {', '.join(METHODS)} (10.2)")
        if self.kind not in TYPES:
            raise ValueError(f"order {self.number}: type {self.kind!r} is not one of {', '.join(TYPES)} (10.2)")

    def army_order(self):
        """Only the Army Commander's orders cost CP and are checked for Acceptance (11.0)."""
        if self.method == "initiative":
            raise ValueError(f"order {self.number}: an Initiative order has no cost and no Acceptance check (11.0)")
        return self

    @property
    def shorthand(self):
        """The Order Log's notation: WC, OC, WS, OS, IP-C, IP-S (10.2)."""
        kind = "C" if self.kind == "complex" else "S"
        if self.method == "initiative":
            return f"I-{kind}"
        return f"IP-{kind}" if self.method == "in person" else ("W" if self.method == "written" else "O") + kind


@dataclass(frozen=True)
class Delivery:
    distance_mp: float
    turns: int
    clause: str


def delivery(distance_mp, charts):
    """10.1: an order sent from the Army HQ takes 1 turn for every 10 MP from the Army HQ to the
    command's HQ, any portion of 10 adding a turn; it is checked for Acceptance in the Command Phase
    it arrives."""
    if distance_mp < 0:
        raise ValueError(f"a delivery distance of {distance_mp} MP")
    per_turn = int(charts.rule("orders", "delivery_mp_per_turn"))
    return Delivery(distance_mp, math.ceil(distance_mp / per_turn), "10.1")


@dataclass(frozen=True)
class ArmyCommand:
    """The Army Commander at the start of the Command Phase (10.1): his rating, whether he is
    stacked with the Army HQ, whether the HQ is moving (9.2b), whether he has spent one entire turn
    stacked with the (not moving) Army HQ since his last In Person order, and the leaders in his hex."""
    rating: int
    with_army_hq: bool
    army_hq_moving: bool = False
    in_person_ready: bool = True
    stacked_with: tuple = ()


@dataclass(frozen=True)
class IssuedOrders:
    command_points: int
    spent: int
    costs: dict        # order number -> CP
    problems: list     # (order number or None, why, clause)

    @property
    def allowed(self):
        return not self.problems


def command_points(rating, charts):
    """10.2: the CP the Army Commander has each turn, from the chart for Command Points by his rating."""
    return int(charts.file.lookup("command_points", rating).result)


def order_cost(order, charts):
    """10.2 Order Costs: the CP of the method plus the CP of the type; In Person orders cost none."""
    order.army_order()
    if order.method == "in person":
        return int(charts.rule("order_costs", "in_person"))
    return int(charts.rule("order_costs", order.method)) + int(charts.rule("order_costs", order.kind))


def issue(orders, army, charts):
    """10.1-10.2: may the Army Commander issue these orders this Command Phase? Their costs against
    his CP (unused CP are not saved), and every restriction they break."""
    available = command_points(army.rating, charts)
    costs = {o.number: order_cost(o, charts) for o in orders}
    problems = []
    in_person = [o for o in orders if o.method == "in person"]
    sent = [o for o in orders if o.method != "in person"]
    if in_person:
        if len(orders) > 1:
            problems.append((None, "an In Person order is the only order issued that turn", "10.1"))
        first = in_person[0]
        if first.command not in army.stacked_with:
            problems.append((first.number, f"the Army Commander is not in the hex of {first.command}'s leader "
                             "at the start of the Command Phase", "10.1"))
        if army.with_army_hq:
            problems.append((first.number, "the Army Commander is in the Army HQ's hex", "10.1"))
        if not army.in_person_ready:
            problems.append((first.number, "the Army Commander has not spent one entire turn stacked with the "
                             "Army HQ since his last In Person order", "10.1, 10.1a"))
    if sent:
        if not army.with_army_hq:
            problems.append((sent[0].number, "the Army Commander is not stacked with the Army HQ", "10.1a"))
        elif army.army_hq_moving:
            problems.append((sent[0].number, "the Army HQ is moving", "10.1a, 9.2b"))
    spent = sum(costs.values())
    if spent > available:
        problems.append((None, f"the orders cost {spent} CP, the Army Commander has {available}", "10.2"))
    return IssuedOrders(available, spent, costs, problems)


@dataclass(frozen=True)
class AcceptanceValue:
    total: int
    parts: tuple       # (what, value)


def acceptance_value(order, sender_rating, receiver_rating, charts):
    """10.2: the Acceptance Value, the sum of what the Order Log lists for it: the sender's and the
    receiver's ratings, the method (In Person: +2, 10.1) and the type. A receiver that is the Army
    HQ itself has rating 2 (9.2b): pass `charts.rule("orders", "army_hq_rating")`."""
    method = order.army_order().method.replace(" ", "_")
    parts = (("sender", int(sender_rating)), ("receiver", int(receiver_rating)),
             (order.method, int(charts.rule("acceptance_value", method))),
             (order.kind, int(charts.rule("acceptance_value", order.kind))))
    return AcceptanceValue(sum(v for _, v in parts), parts)


@dataclass(frozen=True)
class Acceptance:
    order: Order
    value: AcceptanceValue
    roll: int
    column: str
    result: str        # A, D4, D5, D6, Dt
    clause: str

    @property
    def text(self):
        said = {"A": "accepted", "Dt": "distorted: thrown away"}.get(self.result, f"delayed ({self.result})")
        return (f"order {self.order.number} ({self.order.shorthand}) to {self.order.command}: Acceptance Value "
                f"{self.value.total}, 2d6 {self.roll}: {said} ({self.clause})")


def _result(charts, table, cell, allowed, roll, column):
    cell = str(cell).strip()
    if cell not in allowed:
        raise ChartError(f"{charts.path}: [{table}] row {roll}, column {column}: {cell!r} is not one of "
                         f"{', '.join(allowed)}")
    return cell


def accept(order, sender_rating, receiver_rating, roll, charts):
    """10.2 New Order Acceptance: two dice on the Acceptance Table in the column of the Acceptance
    Value: A (accepted), D4-D6 (delayed), Dt (distorted)."""
    value = acceptance_value(order, sender_rating, receiver_rating, charts)
    dice = roll("2d6", f"{order.command} acceptance of order {order.number}")
    read = charts.file.lookup("acceptance_table", dice, value=value.total)
    result = _result(charts, "acceptance_table", read.result, ACCEPTANCE_RESULTS, dice, read.column_label)
    return Acceptance(order, value, dice, read.column_label, result, "10.2" if order.method != "in person" else "10.1, 10.2")


def acceptance_chances(value, charts):
    """The exact chance of each Acceptance result at this Acceptance Value: {result: Fraction}."""
    return charts.file.distribution("acceptance_table", "2d6", value=value)


@dataclass(frozen=True)
class DelayReduction:
    order: Order
    delay: str
    roll: int
    lifted: bool
    clause: str = "10.2"


def reduce_delay(order, delay, roll, charts):
    """10.2 Delay Reduction, in each Command Phase after the Delay result: one die on the Delay
    table in the column of the delay (D4, D5, D6); A lifts the delay and the order is Accepted."""
    if delay not in ("D4", "D5", "D6"):
        raise ValueError(f"order {order.number}: {delay!r} is not a delay (D4, D5, D6)")
    die = roll("d6", f"{order.command} delay reduction of order {order.number}")
    read = charts.file.lookup("delay_reduction_table", die, value=int(delay[1]))
    cell = _result(charts, "delay_reduction_table", read.result, ("A", "D"), die, read.column_label)
    return DelayReduction(order, delay, die, cell == "A")


@dataclass(frozen=True)
class CommandOrders:
    """The orders a command holds: the Accepted one, the one in Delay and its delay, and whether a
    Distorted order keeps it from new orders (the 10.2 optional rule). `delay_turn`: the turn of the
    Delay result or of the last Delay Reduction roll (10.2: one roll in each subsequent Command
    Phase); `lockout_turn`: the turn of the lockout's last roll (one a turn); None when not known."""
    accepted: Order = None
    delayed: Order = None
    delay: str = None
    locked: bool = False
    delay_turn: int = None
    lockout_turn: int = None

    def without_delay(self):
        """The order in Delay gone (Accepted, cancelled or replaced)."""
        return replace(self, delayed=None, delay=None, delay_turn=None)

    def cancelled(self):
        """Everything cancelled (10.3 Stoppage, 10.4 Emergency Retreat)."""
        return replace(self.without_delay(), accepted=None)

    def reduction_due(self, turn):
        """10.2: may the order in Delay have its Delay Reduction roll in `turn`? Only in a Command
        Phase after the one of its Delay result or of its last roll."""
        return self.delayed is not None and (self.delay_turn is None or turn > self.delay_turn)

    def lockout_roll_due(self, turn):
        """10.2 optional rule: "Make one roll per turn"."""
        return self.locked and (self.lockout_turn is None or turn > self.lockout_turn)


def after_acceptance(orders, order, result, charts, turn=None):
    """10.2 Existing Orders: an Accepted order replaces the Accepted one; a Delay cancels the one in
    Delay and leaves the Accepted one until it is itself Accepted; a Distorted order changes nothing
    (with the optional rule on, the command is locked until a 6). An order only creating Detachments
    leaves the command's own orders alone (10.5). `turn`: the turn of the roll, kept with a Delay
    (its first Delay Reduction roll is in a later Command Phase). Returns (CommandOrders, why)."""
    if order.detachment_only:
        return orders, "it only creates Detachments: the command's own orders stand (10.5)"
    if result == "A":
        why = f"replaces order {orders.accepted.number} (10.2)" if orders.accepted else "the command's Accepted order (10.2)"
        if orders.delayed is not None and orders.delayed.number == order.number:
            return replace(orders.without_delay(), accepted=order), why
        return replace(orders, accepted=order), why
    if result in ("D4", "D5", "D6"):
        why = f"in Delay ({result})" + (f", cancelling order {orders.delayed.number} in Delay" if orders.delayed else "")
        return (replace(orders, delayed=order, delay=result, delay_turn=turn),
                why + "; the Accepted order stands until it is Accepted (10.2)")
    if result == "Dt":
        if charts.option("distorted_lockout") == "on":
            return replace(orders, locked=True), ("thrown away; the command takes no new order until a 6 "
                                                   "(10.2 optional rule)")
        return orders, "thrown away; existing orders are not affected (10.2)"
    raise ValueError(f"order {order.number}: {result!r} is not an Acceptance result ({', '.join(ACCEPTANCE_RESULTS)})")


def after_delay_lifted(orders):
    """The delay is lifted: the order in Delay becomes the Accepted order (10.2)."""
    return replace(orders.without_delay(), accepted=orders.delayed)


def lockout_ends(command, roll, charts):
    """10.2 optional rule, in the Delay Reduction segment: a command locked by a Distorted order
    takes new orders again on a 6 on one die: (ended, die); with the rule off, (True, None) and no roll."""
    if charts.option("distorted_lockout") != "on":
        return True, None
    die = roll("d6", f"{command} distorted order lockout")
    return die == 6, die
