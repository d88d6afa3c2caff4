"""LIN 7.1 and 7.2, the Command Phase: CP rolls for the department leader and the cavalry
commander, broadcast to the highest-ranking leader of every hex, and every unit's movement
allowance from the CPs of its hex's highest-ranking leader."""
from dataclasses import dataclass
from fractions import Fraction

from adjutant.rules.mp import mp_text
from adjutant.procedures.report import Quantity

from .army import command_rating
from .loc import Lines

UNLIMITED = 999  # MP: a broadcast has no maximum distance


@dataclass(frozen=True)
class Candidate:
    """A leader who may broadcast to a hex, how far, and the CPs it gives on average."""

    sender: object
    distance: Fraction
    path: list
    order: int  # the department leader first


def received(given, result):
    """7.1 step 4: "Full" gives what the sender has, "-N" N fewer, never below 0."""
    return given if result.strip().lower() == "full" else max(0, given + int(result))


def _cp(value):
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def parse_senders(text):
    """sender=HEX:LEADER[,HEX:LEADER ...] as {hex: leader}; ValueError naming the part otherwise."""
    chosen = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        hex_name, colon, leader = part.partition(":")
        if not colon or not hex_name.strip() or not leader.strip():
            raise ValueError(f"sender= takes HEX:LEADER pairs such as 1924:Jackson, not {part!r}")
        chosen[hex_name.strip()] = leader.strip()
    return chosen


def loc_exempt(session, unit):
    """The Confederates pay no LOC modifier on turns 1-6 of the 1862 scenarios (7.2)."""
    return unit.side == "Confederate" and session.year == 1862 and session.turn <= 6


def common_modifiers(session, leader, lines, broadcast):
    """The die modifiers for `leader`'s Command Point Table roll (broadcast False) or for a
    broadcast he sends: LOC, year, Lost Dispatch; {name: value}, zero ones left out but a waived
    no-LOC modifier, named with value 0 so the report says why it is missing."""
    mods = {}
    if not lines.has(leader):
        if loc_exempt(session, leader):
            mods[f"no LOC waived (Confederate, 1862 turn {session.turn}, 7.2)"] = 0
        else:
            mods["no LOC"] = session.charts.modifier("no_loc")
    year = session.charts.year_modifier(session.year)
    if year:
        mods[f"year {session.year}"] = year
    if session.lost_dispatch and leader.side == "Union" and (
            not broadcast or session.charts.option("lost_dispatch_on_broadcast")):
        mods["Lost Dispatch"] = session.charts.modifier("lost_dispatch")
    return mods


def describe_modifiers(mods):
    return ", ".join(f"{name} {value:+d}" if value else name for name, value in mods.items()) or "no modifier"


class CommandPhase:
    def __init__(self, session):
        self.s = session
        self.army = session.army
        self.side = session.side
        self.lines = Lines(self.army, session.charts)
        self.zones = self.army.zones(self.side, session.charts)
        self.cps = {}        # hex -> CPs of its highest-ranking leader
        self.sources = {}    # hex -> how they came
        self.senders = {}    # unit name -> CPs a leader may broadcast
        self.chosen_senders = {}  # hex -> the leader the player chose to broadcast to it
        self.choices_used = set()  # the hexes a broadcast went to

    # ---- 7.1 receiving ----

    def roll_command_points(self, section):
        for kind in ("department leader", "cavalry commander"):
            leader = self.army.leader_of_kind(self.side, kind)
            if leader is None:
                section.add(f"no {self.side} {kind} on the map")
                continue
            mods = common_modifiers(self.s, leader, self.lines, broadcast=False)
            roll = self.s.d6(f"{leader.name} CP")
            cp, result = self.s.charts.command_points(roll, sum(mods.values()))
            self.senders[leader.name] = cp
            if self.army.highest_ranking(leader.hex, self.side) is leader:
                self.cps[leader.hex] = cp
                self.sources[leader.hex] = f"{leader.name}'s own roll"
            section.add(f"{leader.name} ({kind}, {leader.hex}): d6 {roll}, {describe_modifiers(mods)} -> "
                        f"{result.row_roll}: {cp} CP", leader=leader.name, hex=leader.hex, roll=roll,
                        modifiers=mods, modified_roll=result.row_roll, cp=cp,
                        quantity=Quantity("CP", cp, of=leader.name))

    # ---- 7.2 ----

    def report_lines(self, section):
        for unit in self.army.of(self.side):
            if unit.kind in ("department leader", "cavalry commander", "corps leader"):
                t = self.lines.trace(unit)
                text = (f"{unit.name} ({unit.hex}): LOC via {' '.join(t.hexes)}" if t.found
                        else f"{unit.name} ({unit.hex}): no LOC ({t.reason})")
                section.add(text, leader=unit.name, hex=unit.hex, loc=t.found, path=list(t.hexes), reason=t.reason)

    # ---- 7.1 broadcast ----

    def distance(self, sender, hex_name):
        """The broadcast path in cavalry MP (7.1): the sender's hex not counted, the receiver's
        counted; zone costs paid unless a friendly combat unit is in the hex; not through enemy units
        (out of the sender's own hex it may)."""
        blocked = [h for h in self.army.enemy_hexes(self.side) if h != hex_name]
        t = self.army.map.trace(sender.hex, [hex_name], measure="MP", most=UNLIMITED,
                                unit_class=self.s.charts.broadcast_class(), blocked=blocked,
                                zones=self.zones, zone_rule="pay cost",
                                zone_exempt=self.army.combat_hexes(self.side))
        return (t.used, list(t.hexes)) if t.found else (None, [])

    def eligible_senders(self, receiver, hex_name, received_only=True):
        """Who may broadcast to the receiver: the department leader (not to the cavalry commander),
        the cavalry commander (to cavalry and wagons), the corps leader of a Confederate division,
        Couch (to leaders stacked with militia), in that order of preference; corps leaders and Couch
        only once they have received CPs, unless `received_only` is false (planning)."""
        army, side = self.army, self.side
        found = []
        dept = army.leader_of_kind(side, "department leader")
        if dept is not None and receiver.kind != "cavalry commander":
            found.append(dept)
        cav = army.leader_of_kind(side, "cavalry commander")
        if cav is not None and cav is not receiver and (receiver.type == "cavalry" or receiver.kind == "wagon"):
            found.append(cav)
        if side == "Confederate" and receiver.corps:
            found.extend(u for u in army.of(side) if u.kind == "corps leader" and u.corps == receiver.corps
                         and u is not receiver and (u.name in self.senders or not received_only))
        if side == "Union" and any(u.kind == "militia" for u in army.in_hex(hex_name, side)):
            found.extend(u for u in army.of(side) if u.name == "Couch" and u is not receiver
                         and (u.name in self.senders or not received_only))
        return [u for u in found if u.hex != hex_name]

    def expected_cp(self, sender, distance):
        """The CPs a broadcast from `sender` over `distance` gives on average (the chart's exact chances)."""
        given = self.senders[sender.name]
        mods = common_modifiers(self.s, sender, self.lines, broadcast=True)
        _, chances = self.s.charts.broadcast_chances(distance, sum(mods.values()))
        return sum((p * received(given, result) for result, p in chances.items()), Fraction(0))

    def broadcast(self, section, receiver, hex_name):
        """7.1: the player chooses who broadcasts to the hex; the sender chosen is the one he names
        (sender=HEX:LEADER), else the one whose broadcast gives the most CPs to expect, the nearer on
        a tie, then the department leader."""
        candidates = []
        for order, sender in enumerate(self.eligible_senders(receiver, hex_name)):
            if self.senders.get(sender.name, 0) <= 0:
                continue
            distance, path = self.distance(sender, hex_name)
            if distance is not None:
                candidates.append(Candidate(sender, distance, path, order))
        if not candidates:
            self.cps[hex_name] = 0
            self.sources[hex_name] = "no broadcast could reach it"
            section.add(f"{receiver.name} ({hex_name}): no leader with CPs can broadcast to it: 0 CP",
                        receiver=receiver.name, hex=hex_name, cp=0, quantity=Quantity("CP", 0, of=receiver.name))
            return
        # The chances matter only where the player has a choice the rules leave him.
        expected = ({c.sender.name: self.expected_cp(c.sender, c.distance) for c in candidates}
                    if len(candidates) > 1 and hex_name not in self.chosen_senders else {})
        chosen = self._chosen(candidates, expected, receiver, hex_name)
        sender, distance, path = chosen.sender, chosen.distance, chosen.path
        mods = common_modifiers(self.s, sender, self.lines, broadcast=True)
        roll = self.s.d6(f"broadcast {sender.name} -> {receiver.name}")
        result = self.s.charts.broadcast(distance, roll, sum(mods.values()))
        cp = received(self.senders[sender.name], result.result)
        self.cps[hex_name] = cp
        self.sources[hex_name] = f"broadcast from {sender.name}"
        if receiver.kind in ("corps leader",) or receiver.name == "Couch":
            self.senders[receiver.name] = cp
        others = [c for c in candidates if c is not chosen]
        if hex_name in self.chosen_senders:
            why = " (as the player chose)"
        elif others:
            alternatives = "; ".join(f"{c.sender.name} at {mp_text(c.distance)} MP: {_cp(expected[c.sender.name])} CP"
                                     for c in others)
            why = f" ({_cp(expected[sender.name])} CP to expect, rather than {alternatives})"
        else:
            why = ""
        section.add(f"{sender.name} -> {receiver.name} ({hex_name}): {mp_text(distance)} cavalry MP via {' '.join(path)}"
                    f"{why}; column {result.column_label}, d6 {roll}, {describe_modifiers(mods)} -> {result.row_roll}: "
                    f"{result.result}: {cp} CP",
                    sender=sender.name, receiver=receiver.name, hex=hex_name, distance=distance, path=path,
                    expected=expected.get(sender.name), column=result.column_label, roll=roll, modifiers=mods,
                    modified_roll=result.row_roll, result=result.result, cp=cp,
                    quantity=Quantity("CP", cp, of=receiver.name),
                    alternatives=[{"sender": c.sender.name, "distance": c.distance,
                                   "expected": expected.get(c.sender.name)} for c in others])

    def _chosen(self, candidates, expected, receiver, hex_name):
        named = self.chosen_senders.get(hex_name)
        self.choices_used.add(hex_name)
        if named is None:
            return max(candidates, key=lambda c: (expected.get(c.sender.name, 0), -c.distance, -c.order))
        for c in candidates:
            if c.sender.name == named:
                return c
        raise ValueError(f"sender={hex_name}:{named}: {named} cannot broadcast to {receiver.name} in {hex_name} "
                         f"(those who can: {', '.join(c.sender.name for c in candidates)})")

    def broadcast_all(self, section):
        """The department leader first to the hexes of Confederate corps leaders (and Couch), then
        every other hex from the nearer eligible sender (7.1: corps leaders broadcast after Lee)."""
        receivers = []
        for hex_name in self.army.hexes(self.side):
            leader = self.army.highest_ranking(hex_name, self.side)
            if leader is None or hex_name in self.cps:
                continue
            if leader.kind in ("department leader", "cavalry commander"):
                continue
            receivers.append((0 if leader.kind == "corps leader" or leader.name == "Couch" else 1, hex_name, leader))
        for _, hex_name, leader in sorted(receivers, key=lambda r: (r[0], r[1])):
            self.broadcast(section, leader, hex_name)

    # ---- 7.1 movement allowances ----

    def allowances(self, section):
        charts = self.s.charts
        result = {}
        for hex_name in self.army.hexes(self.side):
            units = self.army.in_hex(hex_name, self.side)
            leader = self.army.highest_ranking(hex_name, self.side)
            if leader is None:
                for u in units:
                    result[u.name] = (Fraction(0), "no leader in the hex")
                section.add(f"{hex_name}: no leader: {', '.join(u.name for u in units)} cannot move", hex=hex_name)
                continue
            cp = self.cps.get(hex_name, 0)
            command = command_rating(leader, units)
            share = Fraction(min(cp, command), command)
            leader_ma = charts.rounded(share * charts.allowance(leader.type))
            parts = []
            for u in units:
                ma = self._allowance(u, leader, share, leader_ma)
                militia_alone = u.kind == "militia" and (leader.side != "Union" or leader.kind == "wagon")
                if militia_alone:
                    ma = Fraction(0)
                note = "militia move only with a Union leader" if militia_alone else self._minimum(u, ma)
                result[u.name] = (ma, note)
                parts.append(f"{u.name} {mp_text(ma)} MP" + (f" ({note})" if note else ""))
                self.army.write(u, "ma", ma)  # where the module cannot show it, the report's chat does
            self.army.write(leader, "cp", cp)
            section.add(f"{hex_name}: {leader.name} has {cp} CP of command {command} ({float(share) * 100:.0f}%; "
                        f"{self.sources.get(hex_name, '')}): " + "; ".join(parts),
                        hex=hex_name, leader=leader.name, cp=cp, command=command, share=share,
                        allowances={u.name: result[u.name][0] for u in units},
                        quantity=[Quantity("MA", result[u.name][0], of=u.name) for u in units])
        return result

    def _allowance(self, unit, leader, share, leader_ma):
        charts = self.s.charts
        wagon_like = unit.kind == "wagon" or (unit.side == "Union" and unit.type == "artillery")
        if wagon_like and unit is not leader and leader.kind != "wagon":
            return min(leader_ma, Fraction(6))
        unit_type = "infantry" if unit.kind == "militia" else unit.type
        return charts.rounded(share * charts.allowance(unit_type))

    def _minimum(self, unit, ma):
        """The Minimum Movement Allowance (7.1) where it is more than the unit's share: a condition
        the player must keep, which the move check judges."""
        half = self.s.charts.rounded(self.s.charts.allowance("infantry" if unit.kind == "militia" else unit.type) / 2)
        if half <= ma:
            return ""
        return f"or {mp_text(half)} MP by 7.1's minimum, if it stays more than 6 hexes from every enemy unit all its move"


def run_command(session, senders=""):
    phase = CommandPhase(session)
    phase.chosen_senders = parse_senders(senders)
    report = session.report
    phase.report_lines(report.section("Lines of communication (7.2)"))
    phase.roll_command_points(report.section("Command points (7.1)"))
    phase.broadcast_all(report.section("Broadcast (7.1)"))
    unused = sorted(set(phase.chosen_senders) - phase.choices_used)
    if unused:
        raise ValueError(f"sender={unused[0]}:{phase.chosen_senders[unused[0]]}: no broadcast goes to {unused[0]} "
                         f"(it receives one only where a leader below the department leader and cavalry "
                         f"commander leads the hex)")
    phase.allowances(report.section("Movement allowances (7.1)"))
    report.note(f"MA rounded {session.charts.option('ma_rounding')}; broadcast distances in "
                f"{session.charts.broadcast_class()!r} MP (rail read as {session.charts.option('broadcast_rail')!r}), "
                f"read as the next whole MP for the column")
    return phase
