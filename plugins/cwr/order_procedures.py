"""cwr.orders and cwr.orders-odds: an order from the side's Army Commander, In Person or sent
(10.1: the MP path from the Army HQ to the receiving command's HQ, a turn per 10 MP), its
Acceptance roll (10.2), the Delay Reduction roll, and the odds of each before rolling. The
command's orders live in the Order Log the game keeps (order_log.py): each step reads it and
writes the new state back."""
from dataclasses import replace
from fractions import Fraction

from adjutant.procedures.report import Quantity

from .command_chain import army_top, command, mp_text, order_hq, ride
from .army import ArmyError
from .initiative import initiative_chances
from .order_log import Pending, format_record, held_text, next_number, read_log, write_log
from .orders import (ACCEPTANCE_RESULTS, Order, acceptance_value, accept, acceptance_chances, after_acceptance,
                     after_delay_lifted, delivery, lockout_ends, order_cost, reduce_delay)


def _receiver(army, name):
    """The command and the counter that receives its orders: its leader (a corps without one: its HQ)."""
    cmd = command(army, name)
    receiver = cmd.leader or cmd.hq
    if receiver is None:
        raise ArmyError(f"{name} has no leader or HQ in the game to receive an order")
    return cmd, receiver


def _turn(session, what):
    if not session.turn:
        raise ArmyError(f"{session.army.game.source}: the game has no global property Turn: {what} needs the turn")
    return session.turn


def _write(session, section, log, name):
    """The Order Log written back; the report shows the command's own record (the rest is secret)."""
    write_log(session, log)
    record = format_record(log, name) or f"{name} = (no order)"
    section.add(f"Order Log: {record}", order_log=record)


def _army_commander(army, side, sender, receiver):
    """10.1: "Orders are issued by the Army Commander" (who leads no command, so no leader gives
    himself an order); the side's Army Commander and Army HQ."""
    top = army_top(army, side)
    if sender.name != top.commander.name:
        own = (" and leads the command: a leader cannot give himself an order"
               if receiver is not None and sender.name == receiver.name else "")
        raise ArmyError(f"{sender.name} is not the {side} Army Commander ({top.commander.name}){own}: orders are "
                        "issued by the Army Commander (10.1)")
    return top


def _in_person(top, sender, receiver, name):
    """10.1 In Person: the sender in the receiving Leader's hex, not in the Army HQ's (the save is
    the position at the beginning of the Command Phase)."""
    if receiver is None or not receiver.is_leader:
        raise ArmyError(f"{name} has no leader counter in the game: an In Person order is given to a Leader (10.1)")
    if not sender.hex or sender.hex != receiver.hex:
        raise ArmyError(f"{sender.name} is in {sender.hex or 'no hex on the map'}, {receiver.name} in "
                        f"{receiver.hex or 'no hex on the map'}: an In Person order needs the Army Commander in the "
                        "same hex as the Leader at the beginning of the Command Phase (10.1)")
    if top.hq is not None and top.hq.hex == sender.hex:
        raise ArmyError(f"{sender.name} is in {sender.hex} with {top.hq.name}: an In Person order may not be given "
                        "in the Army HQ's hex (10.1)")


def _destination(army, cmd, receiver, section):
    """10.1: the HQ the order rides to (its own, or the one governing it, 9.2); without one on the
    map, its leader, said so in the report."""
    hq = order_hq(army, cmd)
    if hq is not None and hq.hex:
        if hq is not cmd.hq:
            section.add(f"{cmd.name} has no HQ of its own: the order goes to {hq.name}, the HQ governing it (9.2, "
                        "10.1)", hq=hq.name)
        return hq
    why = f"{hq.name} is not on the map" if hq is not None else f"{cmd.name} has no HQ counter in the game"
    if receiver is None or not receiver.hex:
        raise ArmyError(f"{why} and {receiver.name if receiver else 'no leader'} is not on the map either: no "
                        f"delivery path to {cmd.name} (10.1)")
    section.add(f"{why}: the delivery is measured to its leader {receiver.name} instead of a command HQ (10.1)",
                hq=None)
    return receiver


def send(session, name, sender_name, number, method, kind):
    """10.1: by the side's Army Commander; In Person in the receiving Leader's hex away from the
    Army HQ, checked this Command Phase; otherwise from the Army HQ he is stacked with (10.1a) along
    the MP path to the command's HQ, ceil(MP/10) turns; the order's cost in CP (10.2); the order
    entered in the Order Log with the turn it arrives."""
    army, charts = session.army, session.charts
    log = read_log(session)
    turn = _turn(session, "an order's arrival")
    cmd, receiver = _receiver(army, name)
    sender = army.named(sender_name)
    top = _army_commander(army, cmd.side, sender, receiver)
    following = next_number(army, log, cmd.side)
    number = number or following
    if number < following:
        raise ArmyError(f"order {number} is already in the {cmd.side} Order Log: give number={following} or leave "
                        "it out")
    order = Order(number, name, method, kind)
    if method == "in person":
        _in_person(top, sender, receiver, name)
    else:
        if top.hq is None or not top.hq.hex:
            raise ArmyError(f"the {cmd.side} Army HQ is {'not on the map' if top.hq else 'not in the game'}: orders "
                            "are sent from the Army HQ (10.1)")
        if sender.hex != top.hq.hex:
            raise ArmyError(f"{sender.name} is in {sender.hex or 'no hex on the map'}, {top.hq.name} in "
                            f"{top.hq.hex}: the Army Commander sends orders only when stacked with the Army HQ "
                            "(10.1a)")
    section = session.report.section(f"Order {number} ({order.shorthand}) from {sender.name} to {name} (10.1)")
    cost = order_cost(order, charts)
    section.add(f"cost {cost} CP (10.2 Order Costs)", cp=cost, quantity=Quantity("order cost CP", cost, of=name))
    if method == "in person":
        section.add(f"In Person: {sender.name} gives it in {receiver.name}'s hex {receiver.hex}, away from the Army "
                    "HQ; it is checked for Acceptance this Command Phase (10.1)", turns=0,
                    quantity=Quantity("delivery turns", 0, of=name))
        turns = 0
    else:
        target = _destination(army, cmd, receiver, section)
        path = ride(army, sender, target.hex, mover_hex=top.hq.hex)
        if path.mp is None:
            section.add(f"no path from {top.hq.name} in {top.hq.hex} to {target.name} in {target.hex}: {path.reason} "
                        "(10.1); the order is not sent", delivered=False)
            return
        arrives = delivery(path.mp, charts)
        turns = arrives.turns
        section.add(f"an aide rides from {top.hq.name} to {target.name}: {mp_text(path.mp)} MP "
                    f"({sender.attributes.get('class')}) along {'-'.join(path.hexes)}",
                    mp=path.mp, path=[h for h in path.hexes], destination=target.name,
                    quantity=Quantity("aide MP", path.mp, of=name))
        section.add(f"arrives in {turns} turn{'s' if turns != 1 else ''}, in the Command Phase of turn "
                    f"{turn + turns}: one turn per {charts.rule('orders', 'delivery_mp_per_turn')} MP, any portion "
                    f"adding one; checked for Acceptance when it arrives ({arrives.clause})", turns=turns,
                    quantity=Quantity("delivery turns", turns, of=name))
    if log.of(name).locked:
        section.add(f"{name} is locked by a Distorted order: it takes no new order until a 6 in a Delay Reduction "
                    "segment (10.2 optional rule)", locked=True)
    log.send(name, Pending(order, sender.name, turn + turns))
    _write(session, section, log, name)


def _arrived(log, name, number, turn):
    """The order on its way to `name` that is checked now: `number`, or the only one arrived."""
    on_the_way = log.on_the_way(name)
    if not on_the_way:
        raise ArmyError(f"no order is on its way to {name} in the Order Log: send one first (step=send)")
    if number:
        found = next((p for p in on_the_way if p.order.number == number), None)
        if found is None:
            raise ArmyError(f"order {number} is not on its way to {name}; the Order Log has "
                            f"{', '.join(str(p.order.number) for p in on_the_way)}")
    else:
        here = [p for p in on_the_way if p.arrives <= turn]
        if len(here) > 1:
            raise ArmyError(f"orders {', '.join(str(p.order.number) for p in here)} have arrived at {name}: give "
                            "number=")
        found = here[0] if here else min(on_the_way, key=lambda p: p.arrives)
    if found.arrives > turn:
        raise ArmyError(f"order {found.order.number} to {name} arrives in turn {found.arrives}, not before: this is "
                        f"turn {turn} (10.1)")
    return found


def receive(session, name, number):
    """10.2: the Acceptance roll of the order that has arrived, and what it does to the command's
    orders in the Order Log."""
    army, charts = session.army, session.charts
    log = read_log(session)
    turn = _turn(session, "an order's arrival")
    pending = _arrived(log, name, number, turn)
    order = pending.order
    cmd, receiver = _receiver(army, name)
    sender = army.named(pending.sender)
    held = log.of(name)
    section = session.report.section(f"Order {order.number} ({order.shorthand}) to {name}: Acceptance (10.2)")
    log.arrived(name, order.number)
    if held.locked:
        section.add(f"{name} is locked by a Distorted order: it takes no new order until a 6 (10.2 optional rule); "
                    f"order {order.number} is thrown away", locked=True)
        _write(session, section, log, name)
        return
    value = acceptance_value(order, _rating(sender), _rating(receiver), charts)
    section.add("Acceptance Value " + " + ".join(f"{v} {what}" for what, v in value.parts) + f" = {value.total}",
                value=value.total)
    result = accept(order, _rating(sender), _rating(receiver), session.roll, charts)
    section.add(f"2d6 {result.roll} in column {result.column}: {result.result} ({result.clause})", roll=result.roll,
                result=result.result, column=result.column)
    after, why = after_acceptance(held, order, result.result, charts, turn)
    section.add(f"{why}", result=result.result)
    section.add(f"{name} holds: {held_text(after)} (before: {held_text(held)})", orders=held_text(after))
    log.set(name, after)
    _write(session, section, log, name)


def _not_due(held, turn):
    """Why no roll is due this turn: the order in Delay and the lockout, each that is not."""
    why = []
    if held.delayed is not None and not held.reduction_due(turn):
        why.append(f"order {held.delayed.number} went into Delay ({held.delay}) or had its Delay Reduction roll in "
                   f"turn {held.delay_turn}, the Order Log says: one roll in each subsequent Command Phase (10.2), "
                   f"the next in turn {held.delay_turn + 1}")
    if held.locked and not held.lockout_roll_due(turn):
        why.append(f"the Distorted order lockout had its roll in turn {held.lockout_turn}: one roll per turn (10.2 "
                   f"optional rule), the next in turn {held.lockout_turn + 1}")
    return why


def reduce(session, name):
    """10.2 Delay Reduction of the command's order in Delay (and the optional lockout's 6), from
    the Order Log: one roll in each Command Phase after the Delay's, the turn of each kept."""
    charts = session.charts
    _receiver(session.army, name)
    log = read_log(session)
    held = log.of(name)
    if held.delayed is None and not held.locked:
        raise ArmyError(f"{name} has no order in Delay and no lockout in the Order Log: nothing to reduce")
    turn = _turn(session, "a Delay Reduction roll")
    not_due = _not_due(held, turn)
    if not held.reduction_due(turn) and not held.lockout_roll_due(turn):
        raise ArmyError(f"{name}: no Delay Reduction roll in turn {turn}: " + "; ".join(not_due))
    section = session.report.section(f"{name}: Delay Reduction (10.2)")
    for why in not_due:
        section.add(f"no roll: {why}", rolled=False)
    if held.lockout_roll_due(turn):
        ended, die = lockout_ends(name, session.roll, charts)
        if die is None:
            section.add("the optional Distorted order lockout is off: the lockout ends (distorted_lockout, 10.2)")
        else:
            section.add(f"d6 {die}: {'the lockout ends' if ended else 'still locked: a 6 ends it'} (10.2 optional "
                        "rule)", roll=die, ended=ended)
        held = replace(held, locked=False, lockout_turn=None) if ended else replace(held, lockout_turn=turn)
    if held.reduction_due(turn):
        number, delay = held.delayed.number, held.delay
        result = reduce_delay(held.delayed, delay, session.roll, charts)
        if result.lifted:
            held = after_delay_lifted(held)
            section.add(f"d6 {result.roll} in column {delay[1]}: the delay is lifted, order {number} is Accepted and "
                        f"replaces the Accepted order ({result.clause})", roll=result.roll, lifted=True)
        else:
            held = replace(held, delay_turn=turn)
            section.add(f"d6 {result.roll} in column {delay[1]}: order {number} still in Delay ({delay}); roll again "
                        f"in the next Command Phase, turn {turn + 1} ({result.clause})", roll=result.roll,
                        lifted=False)
    section.add(f"{name} holds: {held_text(held)}", orders=held_text(held))
    log.set(name, held)
    _write(session, section, log, name)


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
        _army_commander(army, cmd.side, sender, receiver)
        value = acceptance_value(order, _rating(sender), _rating(receiver), charts)
        section.add("Acceptance Value " + " + ".join(f"{v} {what}" for what, v in value.parts) + f" = {value.total}",
                    value=value.total)
        chances = acceptance_chances(value.total, charts)
        for result in ACCEPTANCE_RESULTS:
            chance = chances.get(result, Fraction(0))
            section.add(f"{result}: {chance} ({_percent(chance)})", result=result, chance=chance)
    else:
        section.add("no sender given (sender=): no Acceptance Value")
    section = session.report.section("Delay Reduction (10.2): the chance a delay is lifted this Command Phase")
    for delay in ("D4", "D5", "D6"):
        dist = charts.file.distribution("delay_reduction_table", "d6", value=int(delay[1]))
        chance = sum(p for cell, p in dist.items() if str(cell).strip() == "A")
        section.add(f"{delay}: {chance} ({_percent(chance)})", delay=delay, chance=chance)
    if receiver.rating is not None:
        section = session.report.section(f"Initiative of {receiver.name} (rating {receiver.rating}, 11.0)")
        for result, chance in initiative_chances(receiver.rating, charts).items():
            section.add(f"{result}: {chance} ({_percent(chance)})", result=result, chance=chance)
