"""cwr.orders and cwr.orders-odds: an order's delivery (10.1: the MP path from the sender to the
receiving command's leader or HQ, a turn per 10 MP), its Acceptance roll (10.2), the Delay
Reduction roll, and the odds of each before rolling. The command's orders are reported, not kept:
the save holds no Order Log; the player gives the command's current orders (accepted=, delayed=,
delay=) and copies the new state the report gives into his log."""
from fractions import Fraction

from .command_chain import command, mp_text, ride
from .army import ArmyError
from .initiative import initiative_chances
from .orders import (ACCEPTANCE_RESULTS, CommandOrders, Order, acceptance_value, accept, acceptance_chances, after_acceptance,
                     after_delay_lifted, delivery, lockout_ends, order_cost, reduce_delay)


def _receiver(army, name):
    """The command and the counter that receives its orders: its leader (a corps without one: its HQ)."""
    cmd = command(army, name)
    receiver = cmd.leader or cmd.hq
    if receiver is None:
        raise ArmyError(f"{name} has no leader or HQ in the game to receive an order")
    return cmd, receiver


def _held(accepted, delayed, delay, name, method, kind):
    def order(n):
        return Order(int(n), name, method, kind) if n else None
    if delayed and delay not in ("D4", "D5", "D6"):
        raise ArmyError(f"order {delayed} is in Delay: give delay=D4, D5 or D6")
    return CommandOrders(order(accepted), order(delayed), delay if delayed else None)


def _state(orders):
    held = []
    if orders.accepted:
        held.append(f"Accepted: order {orders.accepted.number}")
    if orders.delayed:
        held.append(f"in Delay ({orders.delay}): order {orders.delayed.number}")
    if orders.locked:
        held.append("locked by a Distorted order")
    return "; ".join(held) or "no order"


def send(session, name, sender_name, number, method, kind):
    """10.1: the path from the sender to the receiver in the sender's MP, ceil(MP/10) turns, and
    the order's cost in CP (10.2)."""
    army, charts = session.army, session.charts
    cmd, receiver = _receiver(army, name)
    sender = army.named(sender_name)
    order = Order(number, name, method, kind)
    section = session.report.section(f"Order {number} ({order.shorthand}) from {sender.name} to {name} (10.1)")
    cost = order_cost(order, charts)
    section.add(f"cost {cost} CP (10.2 Order Costs)", cp=cost, quantity="CP")
    if method == "in person":
        section.add(f"In Person: {sender.name} gives it in {receiver.name}'s hex; it is checked for Acceptance this "
                    "Command Phase (10.1)", turns=0, quantity="turns")
        return
    if not receiver.hex or not sender.hex:
        raise ArmyError(f"{receiver.name if not receiver.hex else sender.name} is not on the map: no delivery path")
    path = ride(army, sender, receiver.hex)
    if path.mp is None:
        section.add(f"no path from {sender.hex} to {receiver.name} in {receiver.hex}: {path.reason} (10.1)",
                    delivered=False)
        return
    arrives = delivery(path.mp, charts)
    when = f", in the Command Phase of turn {session.turn + arrives.turns}" if session.turn else ""
    section.add(f"{mp_text(path.mp)} MP ({sender.attributes.get('class')}) along {'-'.join(path.hexes)}",
                mp=path.mp, path=[h for h in path.hexes], quantity="MP")
    section.add(f"arrives in {arrives.turns} turn{'s' if arrives.turns != 1 else ''}{when}: one turn per "
                f"{charts.rule('orders', 'delivery_mp_per_turn')} MP, any portion adding one; checked for "
                f"Acceptance when it arrives ({arrives.clause})", turns=arrives.turns, quantity="turns")


def receive(session, name, sender_name, number, method, kind, accepted, delayed, delay):
    """10.2: the Acceptance roll and what it does to the command's orders."""
    army, charts = session.army, session.charts
    cmd, receiver = _receiver(army, name)
    sender = army.named(sender_name)
    order = Order(number, name, method, kind)
    held = _held(accepted, delayed, delay, name, method, kind)
    section = session.report.section(f"Order {number} ({order.shorthand}) to {name}: Acceptance (10.2)")
    value = acceptance_value(order, _rating(sender), _rating(receiver), charts)
    section.add("Acceptance Value " + " + ".join(f"{v} {what}" for what, v in value.parts) + f" = {value.total}",
                value=value.total)
    result = accept(order, _rating(sender), _rating(receiver), session.roll, charts)
    section.add(f"2d6 {result.roll} in column {result.column}: {result.result} ({result.clause})", roll=result.roll,
                result=result.result, column=result.column)
    after, why = after_acceptance(held, order, result.result, charts)
    section.add(f"{why}", result=result.result)
    section.add(f"{name} holds: {_state(after)} (before: {_state(held)})", orders=_state(after))


def reduce(session, name, number, delay, locked):
    """10.2 Delay Reduction (and the optional lockout's 6)."""
    charts = session.charts
    _receiver(session.army, name)
    order = Order(number, name, "written", "complex")
    section = session.report.section(f"Order {number} to {name}: Delay Reduction (10.2)")
    if locked:
        ended, die = lockout_ends(name, session.roll, charts)
        if die is None:
            section.add("the optional Distorted order lockout is off: no lockout to end (distorted_lockout, 10.2)")
        else:
            section.add(f"d6 {die}: {'the lockout ends' if ended else 'still locked: a 6 ends it'} (10.2 optional "
                        "rule)", roll=die, ended=ended)
    if delay is None:
        return
    result = reduce_delay(order, delay, session.roll, charts)
    held = CommandOrders(None, order, delay)
    if result.lifted:
        section.add(f"d6 {result.roll} in column {delay[1]}: the delay is lifted, order {number} is Accepted and "
                    f"replaces the Accepted order ({result.clause})", roll=result.roll, lifted=True)
        section.add(f"{name} holds: {_state(after_delay_lifted(held))}")
    else:
        section.add(f"d6 {result.roll} in column {delay[1]}: still in Delay ({delay}); roll again next Command Phase "
                    f"({result.clause})", roll=result.roll, lifted=False)


def _rating(unit):
    if unit.rating is None:
        raise ArmyError(f"{unit.name} has no rating (a leader's, mapped in the companion file's [units])")
    return unit.rating


def _percent(chance):
    return f"{float(chance) * 100:.1f}%"


def odds(session, name, sender_name, method, kind):
    """The exact chance of each Acceptance result for this order, of a delay being lifted, and of
    each Initiative result for the command's leader (11.0)."""
    army, charts = session.army, session.charts
    cmd, receiver = _receiver(army, name)
    order = Order(0, name, method, kind)
    section = session.report.section(f"Acceptance of an order {order.shorthand} to {name} (10.2)")
    if sender_name:
        sender = army.named(sender_name)
        value = acceptance_value(order, _rating(sender), _rating(receiver), charts)
        section.add("Acceptance Value " + " + ".join(f"{v} {what}" for what, v in value.parts) + f" = {value.total}",
                    value=value.total)
        chances = acceptance_chances(value.total, charts)
        for result in ACCEPTANCE_RESULTS:
            chance = chances.get(result, Fraction(0))
            section.add(f"{result}: {chance} ({_percent(chance)})", result=result, chance=chance,
                        quantity="probability")
    else:
        section.add("no sender given (sender=): no Acceptance Value")
    section = session.report.section("Delay Reduction (10.2): the chance a delay is lifted this Command Phase")
    for delay in ("D4", "D5", "D6"):
        dist = charts.file.distribution("delay_reduction_table", "d6", value=int(delay[1]))
        chance = sum(p for cell, p in dist.items() if str(cell).strip() == "A")
        section.add(f"{delay}: {chance} ({_percent(chance)})", delay=delay, chance=chance, quantity="probability")
    if receiver.rating is not None:
        section = session.report.section(f"Initiative of {receiver.name} (rating {receiver.rating}, 11.0)")
        for result, chance in initiative_chances(receiver.rating, charts).items():
            section.add(f"{result}: {chance} ({_percent(chance)})", result=result, chance=chance,
                        quantity="probability")
