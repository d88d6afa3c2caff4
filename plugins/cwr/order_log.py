"""The Order Log (10.2) kept in the game: each command's Accepted order, its order in Delay, a
Distorted order's lockout (10.2 optional rule), the orders on their way to it with the turn they
arrive, and this turn's Initiative attempts (11.0), in the global property the companion file's
[globals] `order_log` names (adjutant.procedures.kept), so that it travels with the save.

The text (docs/cwr.md "The Order Log"): records separated by "; ", each `NAME = ITEM, ITEM ...`:

  Meredith's Brigade = A 1WC, P 3OC T6 Meade        Accepted order 1 (Written Complex); order 3
                                                    (Oral Complex) from Meade arrives in turn 6
  Cutler's Brigade = D 2WS D5 T4, L T5             order 2 in Delay (D5) since turn 4 (or last rolled
                                                    for in turn 4); locked by a Distorted order, its
                                                    last roll in turn 5
  initiative 4 = III Corps: Archer's Brigade        turn 4's attempts: the corps, the formation

An order is its number and its shorthand (WC, OC, WS, OS, IP-C, IP-S, and I-C for an Initiative
order). Names may not hold ";", "=", "," or ":"."""
import re
from dataclasses import dataclass, field, replace

from adjutant.procedures.kept import kept_property

from .army import ArmyError
from .command_chain import command
from .orders import CommandOrders, Order

KEY = "order_log"
WHAT = "the Order Log (CWR 10.2-11.0: each command's orders, the orders on their way, this turn's Initiative attempts)"
SHORTHAND = {"WC": ("written", "complex"), "WS": ("written", "simple"), "OC": ("oral", "complex"),
             "OS": ("oral", "simple"), "IP-C": ("in person", "complex"), "IP-S": ("in person", "simple"),
             "I-C": ("initiative", "complex"), "I-S": ("initiative", "simple")}
ORDER = re.compile(r"(\d+)(" + "|".join(re.escape(s) for s in SHORTHAND) + r")$")
RESERVED = ";=,:"
TURN = re.compile(r"T\d+")
DELAY = re.compile(r"(\S+) (D[456])(?: (T\d+))?")


@dataclass(frozen=True)
class Pending:
    """An order on its way (10.1): checked for Acceptance in the Command Phase of turn `arrives`."""
    order: Order
    sender: str
    arrives: int


@dataclass
class OrderLog:
    orders: dict = field(default_factory=dict)       # command -> CommandOrders
    pending: dict = field(default_factory=dict)      # command -> [Pending]
    attempts_turn: int = 0
    attempts: list = field(default_factory=list)     # [(corps, formation)] of turn attempts_turn

    def of(self, command):
        return self.orders.get(command, CommandOrders())

    def set(self, command, orders):
        self.orders[command] = orders

    def on_the_way(self, command):
        return list(self.pending.get(command, ()))

    def send(self, command, pending):
        self.pending.setdefault(command, []).append(pending)

    def arrived(self, command, number):
        self.pending[command] = [p for p in self.pending.get(command, ()) if p.order.number != number]

    def next_number(self, commands):
        """One more than the highest order number of these commands (one side's: each Army
        Commander numbers his orders 1, 2, 3 ..., 10.2)."""
        numbers = [o.number for name, c in self.orders.items() if name in commands
                   for o in (c.accepted, c.delayed) if o is not None]
        numbers += [p.order.number for name, ps in self.pending.items() if name in commands for p in ps]
        return max(numbers, default=0) + 1

    def attempts_in(self, turn):
        """This turn's Initiative attempts: [(corps, formation)] (those of an earlier turn are gone)."""
        return list(self.attempts) if self.attempts_turn == turn else []

    def attempt(self, turn, corps, formation):
        self.attempts = self.attempts_in(turn) + [(corps, formation)]
        self.attempts_turn = turn


def next_number(army, log, side):
    """The number of `side`'s next order: one more than the highest of its commands' in the log."""
    commands = set()
    for name in set(log.orders) | set(log.pending):
        try:
            if command(army, name).side == side:
                commands.add(name)
        except ArmyError:   # a command no longer in the game
            continue
    return log.next_number(commands)


def order_text(order):
    return f"{order.number}{order.shorthand}"


def _name(name, what):
    if not name or any(c in name for c in RESERVED) or name != name.strip():
        raise ArmyError(f"{what} {name!r} cannot be kept in the Order Log: a name there may not hold "
                        f"{', '.join(repr(c) for c in RESERVED)} (docs/cwr.md)")
    return name


def format_record(log, command):
    """One command's record ("" when it holds no order and none is on its way)."""
    held = log.of(command)
    items = []
    if held.accepted:
        items.append(f"A {order_text(held.accepted)}")
    if held.delayed:
        items.append(f"D {order_text(held.delayed)} {held.delay}" + _turn_text(held.delay_turn))
    if held.locked:
        items.append("L" + _turn_text(held.lockout_turn))
    items += [f"P {order_text(p.order)} T{p.arrives} {_name(p.sender, 'sender')}" for p in log.pending.get(command, ())]
    return f"{_name(command, 'command')} = {', '.join(items)}" if items else ""


def _turn_text(turn):
    return f" T{turn}" if turn is not None else ""


def format_log(log):
    records = [r for r in (format_record(log, c) for c in sorted(set(log.orders) | set(log.pending))) if r]
    if log.attempts:
        records.append(f"initiative {log.attempts_turn} = " +
                       ", ".join(f"{_name(c, 'corps')}: {_name(f, 'formation')}" for c, f in log.attempts))
    return "; ".join(records)


class _Bad(ValueError):
    pass


def _order(text, command):
    found = ORDER.match(text)
    if not found:
        raise _Bad(f"{text!r} is not an order (its number and WC, OC, WS, OS, IP-C, IP-S or I-C)")
    method, kind = SHORTHAND[found.group(2)]
    return Order(int(found.group(1)), command, method, kind)


def _turn_of(text):
    return int(text[1:]) if text else None


def _command(log, command, items):
    held, pending = CommandOrders(), []
    for item in items:
        head, _, rest = item.partition(" ")
        if head == "A" and rest:
            held = replace(held, accepted=_order(rest, command))
        elif head == "D" and DELAY.fullmatch(rest):
            number, delay, turn = DELAY.fullmatch(rest).groups()
            held = replace(held, delayed=_order(number, command), delay=delay, delay_turn=_turn_of(turn))
        elif head == "L" and (not rest or TURN.fullmatch(rest)):
            held = replace(held, locked=True, lockout_turn=_turn_of(rest))
        elif head == "P" and re.fullmatch(r"\S+ T\d+ \S.*", rest):
            order, when, sender = rest.split(" ", 2)
            pending.append(Pending(_order(order, command), sender, int(when[1:])))
        else:
            raise _Bad(f"{item!r} is none of A ORDER, D ORDER D4|D5|D6 [TTURN], L [TTURN], P ORDER TTURN SENDER")
    log.orders[command] = held
    if pending:
        log.pending[command] = pending


def parse_log(text, where):
    """The OrderLog a global property holds; `where` names it for errors."""
    log = OrderLog()
    for record in (r.strip() for r in (text or "").split(";")):
        if not record:
            continue
        try:
            name, sep, rest = (p.strip() for p in record.partition("="))
            if not sep or not name:
                raise _Bad("a record is NAME = ITEM, ITEM ...")
            items = [i.strip() for i in rest.split(",") if i.strip()]
            turn = re.fullmatch(r"initiative (\d+)", name)
            if turn:
                log.attempts_turn = int(turn.group(1))
                for item in items:
                    corps, colon, formation = (p.strip() for p in item.partition(":"))
                    if not colon or not corps or not formation:
                        raise _Bad(f"{item!r} is not CORPS: FORMATION")
                    log.attempts.append((corps, formation))
            else:
                _command(log, name, items)
        except (_Bad, ValueError) as e:
            raise ArmyError(f"{where} holds {record!r}, not an Order Log record: {e} (docs/cwr.md, The Order "
                            f"Log)") from None
    return log


def _property(session):
    return kept_property(session.army.companion, session.army.module, KEY, WHAT)


def read_log(session):
    """The Order Log the game keeps (KeptValueError when the companion file or the module has no
    global property for it)."""
    name = _property(session)
    return parse_log(session.army.game.global_property(name), f"{session.army.game.source}: global property {name}")


def write_log(session, log):
    """Writes the Order Log back into its global property; the text written."""
    text = format_log(log)
    session.army.game.set_global_property(_property(session), text)
    return text


def held_text(orders):
    """A command's orders as a sentence."""
    held = []
    if orders.accepted:
        held.append(f"Accepted: order {orders.accepted.number} ({orders.accepted.shorthand})")
    if orders.delayed:
        held.append(f"in Delay ({orders.delay}): order {orders.delayed.number} ({orders.delayed.shorthand})")
    if orders.locked:
        held.append("locked by a Distorted order")
    return "; ".join(held) or "no order"
