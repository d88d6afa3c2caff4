"""LFM moves judged (`adjutant check moves` with rules = "lfm"), the log read as one Movement Phase.

The companion file gives the movement allowance by type and mode and the costs, in quarter MP
(1.2, docs/lfm.md). This checker adds what the file cannot say, with its own search over those
costs: the road rate (1/4 MP a hex, 2.2) is not used in or into a zone of influence (2.2), and is
1/2 MP for shattered or disorganized units (16.3); entering an enemy ZOC stops (5.2), leaving one
disorganizes (5.3), one straight into another stops and disorganizes (5.4); no ZOC is entered after
the road rate (5.5), out of command (5.7, 22.3), shattered (16.4) or at night (23.2); at night
every step is along a road line (23.6) except a retreat out of the ZOC the unit started in, which
does not disorganize (23.3); unlimbered
artillery does not move (1.4); stacks over the limits at the end of the phase lose the excess (4.1,
4.2, 4.5), charged to the move after which the hex went over; reinforcements entering from the
Reinforcements box count the first full hex, in a column 20, 19, 18 road MP, a stack of the box
entering with its slowest unit's allowance (26.5, 26.6); a stack entering elsewhere on the map edge
was delayed (26.7): up to 5 hexes from its entry hex a turn delayed, the delay being the game's
Turn less the units' OOA turn (`arrives`), and stated as the move's condition when the game does
not tell it. The phase is the side's of the log's
first move: a move of the other side's unit is judged by its own side's rules and noted.

What a log cannot show is said in the verdict's note: a cavalry charge (3.2: out of command,
mounted cavalry may enter a ZOC only to charge), the D marker a move calls for when the log does
not show it placed."""
import heapq
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction

from adjutant.plugin import Context
from adjutant.rules.army_unit import is_true
from adjutant.rules.move_check import MoveChecker, MoveVerdicts, Verdict
from adjutant.rules.moves import Move, positions
from adjutant.rules.mp import mp_text

from .army import Army, enemy_of
from .charts import LfmCharts
from .reinforcements import EnteringStack, column_allowances
from .stacking import Unit as StackUnit, stacking_excess

ARTILLERY = ("artillery", "horse artillery")
QUARTERS = 4            # the companion file counts quarter MP (docs/lfm.md)
QUARTER_MP_NOTE = "MP and MP left are quarter MP (LFM's costs and allowances: 4 quarter MP make 1 MP)"
ROAD_RATE = 1           # 2.2: 1/4 MP a road hex, in quarters
DISORDERED_ROAD_RATE = 2  # 16.3: 1/2 MP
NIGHT_RETREAT = 2       # 23.3 gives a night retreat no length: one or two hexes, as every retreat (10.1, 11.1)


def for_moves(context):
    return LfmMoveChecker(context.game, context.module, context.companion, context.charts, context.source)


@dataclass
class Mover:
    """The moving stack, as the search needs it."""
    names: list
    side: str
    classes: list
    allowance: Fraction
    road_rate: int = ROAD_RATE
    barred: str = ""            # why it may not enter an enemy ZOC ("" when it may)
    charge: bool = False        # out of command mounted cavalry: a ZOC only by a charge (3.2)
    used_road: bool = False     # an earlier move this phase used the road rate
    notes: list = field(default_factory=list)
    road_only: bool = False     # 23.6: at night, every step along a road line (not a retreat from a ZOC)
    entry_hint: str = ""        # what a refused entry from the Reinforcements box could have done instead
    free_steps: int = 0         # 23.3: steps off the roads left to a night retreat out of a ZOC
    night_retreat: bool = False  # 23.3: it started the night turn in an enemy ZOC


@dataclass
class Found:
    cost: Fraction
    hexes: list
    used_road: bool
    left_zone: bool            # 5.3: left an enemy ZOC (D)
    zone_to_zone: bool         # 5.4: from one enemy ZOC straight into another (stop and D)
    ends_in_zone: bool


class LfmMoveChecker(MoveChecker):
    def __init__(self, game, module, companion, charts=None, source=""):
        super().__init__(game, module, companion)
        self.charts = LfmCharts.load(charts)
        self.source = source
        with open(companion.file, "rb") as f:
            data = tomllib.load(f)
        self._costs = _class_costs(data)
        self._high = _high_sides(data)
        self._entries = [p for m in data.get("map", []) for p in m.get("place", []) if p.get("kind") == "entry"]
        self._feature_map = None
        self._step_cache = {}
        self.spent = {}        # piece id -> quarter MP spent this phase
        self.entry_allowance = {}  # piece id of a unit entered this phase -> (its allowance, its road rate) (26.5)
        self.steps = {}        # piece id -> hexes moved this phase
        self.road = set()      # piece ids that used the road rate this phase
        self.stopped = {}      # piece id -> where it entered an enemy ZOC
        self.entries = {}      # entry hex -> stacks entered there so far this phase
        self.entered = {}      # (box map, x, y) of a stack in the Reinforcements box -> (entry hex, EntryAllowance)
        self.at_start = {}     # piece id -> (map, x, y) at the phase's start
        self.modes = {}        # artillery piece id -> its mode before its next move ("limbered", "unlimbered")
        self.phase_side = None  # the side of the log's first move

    # ---- the log, with entries from the Reinforcements box ----

    def check(self, moves=None):
        self.game.seek(0)
        army = Army(Context(self.module, self.companion, self.game, self.source))
        self.modes = {u.piece.id: u.mode for u in army.units + army.off_map if u.type in ARTILLERY}
        verdicts, ends = [], {}
        for move, before, entering in self._moves():
            verdict = self._judge(move, before, entering)
            if verdict is not None:
                verdicts.append(verdict)
                for name in verdict.pieces:
                    ends[name] = verdict
        self._stacking(ends, verdicts)
        return MoveVerdicts(verdicts, [QUARTER_MP_NOTE])

    def _moves(self):
        game = self.game
        game.seek(0)
        before = positions(game)
        self.at_start = dict(before)
        while game.position < game.step_count:
            effect = game.step_forward()
            groups = {}
            for piece in effect.pieces:
                if piece.moved and piece.to_place.map:
                    entering = piece.from_place.map != piece.to_place.map
                    key = (entering, piece.from_place.map, piece.to_place.map, piece.from_place.x, piece.from_place.y,
                           piece.to_place.x, piece.to_place.y)
                    groups.setdefault(key, []).append(piece)
            for (entering, from_map, map_id, x0, y0, x1, y1), pieces in groups.items():
                if entering and not from_map:
                    continue
                yield (Move(effect.step, map_id, (x0, y0), (x1, y1), tuple(p.id for p in pieces),
                            tuple(p.name for p in pieces)), before, (from_map, x0, y0) if entering else None)
            for piece in effect.pieces:
                if piece.removed:
                    before.pop(piece.id, None)
                elif piece.created or piece.moved:
                    now = game.piece(piece.id)
                    if not now.is_stack:
                        before[piece.id] = (now.map or "", now.x, now.y)

    # ---- one move ----

    def _judge(self, move, before, entering):
        """`entering`: the (map, x, y) the move left off the map (the Reinforcements box), else None."""
        army = Army(Context(self.module, self.companion, self.game, self.source))
        view = self.game.map(move.map)
        end_board, end = self.hex_name(view, *move.end)
        if end is None or move.map != army.map_name:
            return None
        movers = [u for u in army.units if u.piece.id in move.pieces]
        if not movers:
            return None
        if entering is not None:
            start = None
        else:
            start = self.hex_name(view, *move.start)[1]
            if start is None:
                return None
        verdict = Verdict(move.step, view.name, tuple(u.name for u in movers), start or "", end)
        side = movers[0].side
        ids = [u.piece.id for u in movers]
        m = self._mover(army, movers, ids)
        reasons, notes = [], list(m.notes)
        if self.phase_side is None:
            self.phase_side = side
        elif side != self.phase_side:
            notes.append(f"a {side} move in the {self.phase_side} Movement Phase (the side of the log's first "
                         f"move): only the phasing player moves (Sequence of Play 5); judged by its own side's rules")
        unlimbered = [u.name for u in movers if self.modes.get(u.piece.id) == "unlimbered"]
        for u in movers:
            if u.piece.id in self.modes:
                self.modes[u.piece.id] = u.mode
        if unlimbered:
            verdict.legal = False
            verdict.reason = (f"{', '.join(unlimbered)} {'is' if len(unlimbered) == 1 else 'are'} unlimbered: "
                              f"unlimbered artillery may not move (1.4)")
            verdict.note = "; ".join(n for n in notes if n)
            return verdict
        for u in movers:
            if u.piece.id in self.stopped:
                reasons.append(f"{u.name} entered an enemy ZOC in {self.stopped[u.piece.id]}: it may move no "
                               f"further (5.2)")
        zones = army.zone_hexes(enemy_of(side))
        night = is_true(self.game.global_property("Night"))
        retreat = night and self._started_in(view, move.map, ids, zones)
        m.road_only = night
        m.night_retreat = retreat
        if retreat:
            m.free_steps = max(0, NIGHT_RETREAT - max(self.steps.get(pid, 0) for pid in ids))
        if entering is not None:
            start, first_cost, allowance_note = self._entry(army, movers, end, side, m, entering)
            if start is None:
                verdict.legal, verdict.reason = False, allowance_note
                return verdict
            verdict.start = f"{start} (entering)"
            notes.append(allowance_note)
        else:
            first_cost = Fraction(0)
        influence = set() if night else army.influence_hexes(enemy_of(side))
        enemy = {u.hex for u in army.of(enemy_of(side)) if u.is_combat}
        verdict.allowance = m.allowance
        verdict.distance = army.distance(start, end)
        left = m.allowance - first_cost
        strict = dict(zones=zones, influence=influence, enemy=enemy)
        found = None
        if entering is not None and start in zones:
            # 5.2, 5.7, 26.7: entering by a hex in an enemy ZOC enters the ZOC.
            reasons += [m.barred] if m.barred else []
            if end != start:
                reasons.append(f"the entry hex {start} is in an enemy ZOC: a stack entering it stops there (5.2); "
                               f"it may delay its entry instead (26.7)")
            elif not reasons:
                verdict.cost, verdict.path = first_cost, [start]
                for pid in ids:
                    self.stopped[pid] = f"{end} at {verdict.where}"
        else:
            found = self._search(army, m, start, end, left, **strict)
            if found is None:
                reasons.append(self._why_not(army, m, start, end, left, strict, verdict, first_cost))
                reasons += [m.entry_hint] if m.entry_hint else []
        if found is not None:
            verdict.cost, verdict.path = first_cost + found.cost, found.hexes
            if found.ends_in_zone:
                for pid in ids:
                    self.stopped[pid] = f"{end} at {verdict.where}"
                if m.charge:
                    notes.append("out of command: mounted cavalry enters an enemy ZOC only to charge (3.2, 5.7); "
                                 "the log does not show a charge")
            if night and found.left_zone:
                notes.append("23.3: it started the night turn in an enemy ZOC and retreats out of it: it does not "
                             "become disorganized")
            elif found.left_zone or found.zone_to_zone:
                clause = "5.4: from one enemy ZOC straight into another, it stops and" if found.zone_to_zone else \
                    "5.3: it left an enemy ZOC and"
                marked = all(u.disorganized for u in movers)
                notes.append(f"{clause} is disorganized: " + ("the log shows the D marker" if marked else
                                                            "mark it D (the log does not show the marker)"))
            if found.used_road:
                self.road.update(ids)
        if verdict.cost is not None:
            for pid in ids:
                self.spent[pid] = self.spent.get(pid, Fraction(0)) + verdict.cost
                self.steps[pid] = self.steps.get(pid, 0) + len(verdict.path) - 1
                if entering is not None:
                    self.entry_allowance[pid] = (m.allowance, m.road_rate)
        verdict.legal = not reasons
        verdict.reason = "; ".join(reasons)
        verdict.note = "; ".join(n for n in notes if n)
        return verdict

    def _started_in(self, view, map_id, ids, zones):
        """23.3: whether a mover stood in one of `zones` on this map at the phase's start."""
        for pid in ids:
            where = self.at_start.get(pid)
            if where and where[0] == map_id and self.hex_name(view, where[1], where[2])[1] in zones:
                return True
        return False

    def _mover(self, army, movers, ids):
        night = is_true(self.game.global_property("Night"))
        classes, allowances, barred, notes = [], [], [], []
        rates = []
        for u in movers:
            classes.append(u.attributes.get("class") or "")
            allowance, rate = self.entry_allowance.get(u.piece.id, (Fraction(str(u.attributes.get("ma") or "0")), None))
            allowances.append(allowance)
            rates += [rate] if rate is not None else []
        spent = max(self.spent.get(pid, Fraction(0)) for pid in ids)
        charge = False
        if night:
            barred.append("no unit enters an enemy ZOC at night (23.2)")
        for u in movers:
            if u.shattered:
                barred.append(f"{u.name} is shattered: a shattered brigade cannot enter a ZOC (16.4)")
            if u.is_combat and u.detached:
                barred.append(f"{u.name} is detached: it may not enter a ZOC (22.3)")
            elif u.is_combat and u.command == "out":
                if u.is_cavalry and u.mounted:
                    charge = True
                else:
                    barred.append(f"{u.name} is not in command: it may not enter a ZOC (5.7)")
        disordered = [u.name for u in movers if u.disorganized or u.shattered]
        rate = max(rates + [DISORDERED_ROAD_RATE if disordered else ROAD_RATE])
        if disordered:
            notes.append(f"{', '.join(disordered)} shattered or disorganized: the road rate is 1/2 MP a hex (16.3)")
        return Mover([u.name for u in movers], movers[0].side, classes, max(Fraction(0), min(allowances) - spent),
                     rate, "; ".join(barred), charge, any(pid in self.road for pid in ids), notes)

    # ---- 26.5, 26.6: reinforcements ----

    def _entry(self, army, movers, end, side, m, box):
        """(the entry hex, the MP its first full hex costs, what the verdict says); (None, None,
        why) where the stack may not have entered there. `box`: the (map, x, y) the movers
        stood on off the map at the phase's start: the units there are one entering stack, entering
        by one hex, in the column once, with its slowest unit's allowance however many moves bring
        it on."""
        hexes = {p["hex"]: p.get("name", p["hex"]) for p in self._entries if p.get("side") in (None, side)}
        members = {pid for pid, at in self.at_start.items() if at == box}
        stack = [u for u in army.units + army.off_map if u.piece.id in members] or movers
        if box in self.entered:
            start, allowance, said = self.entered[box]
            said = said + [f"its stack entered by {start}"]
        else:
            turn, arrives = self._arrival(stack)
            if turn is not None and turn < arrives:
                return None, None, f"entered the map on turn {turn}: its units arrive on turn {arrives} (26.1)"
            delay = None if turn is None else turn - arrives
            m.allowance = min(Fraction(str(u.attributes.get("ma") or "0")) for u in stack)
            start, late = (None, "") if delay == 0 else self._delayed_start(army, m, end, side, hexes, delay)
            if start is None and delay is not None and delay > 0:
                return None, None, late
            if start is None:
                start = next((h for h in hexes if h == end), None) or next(
                    (h for h in hexes if self._search(army, m, h, end, None, zones=set(), influence=set(),
                                                      enemy=set())), None)
            if start is None:
                return None, None, late or (f"entered the map in {end}: reinforcements enter on their road's "
                                            f"entry hex (26.2)")
            if delay == 0 and end != start and self._delayed_start(army, m, end, side, hexes, None)[0] not in (
                    None, start):
                m.entry_hint = "entering elsewhere on the map edge needs a delayed entry (26.7)"
            influenced = start in army.influence_hexes(enemy_of(side),
                                                       night=is_true(self.game.global_property("Night")))
            column = self.entries.setdefault(start, [])
            slowest = m.allowance
            column.append(EnteringStack(", ".join(u.name for u in stack), hexes.get(start, start),
                                        int(slowest / QUARTERS)))
            allowance = column_allowances(self.charts, column, entry_in_zoi=influenced)[-1]
            said = [late] if late else []
            if len(stack) > 1:
                said.append(f"its stack off the map ({', '.join(u.name for u in stack)}) enters with its slowest "
                            f"unit's allowance")
            self.entered[box] = (start, allowance, said)
        m.allowance = Fraction(allowance.movement) if allowance.road_movement else \
            Fraction(allowance.movement * QUARTERS)
        if not allowance.road_movement:
            m.road_rate = QUARTERS * 100   # 26.6: normal movement only
        first = self._enter_cost(army, m, start)
        return start, first, "; ".join(said + list(allowance.clauses)) + \
            f": the entry hex {start} costs {mp_text(first)} of its {mp_text(m.allowance)}"

    def _arrival(self, stack):
        """26.1, 26.7: (the game's Turn, the stack's OOA turn: the unit attribute `arrives`); (None,
        None) when the game or a unit does not tell."""
        turn = str(self.game.global_property("Turn") or "")
        arrives = {str(u.attributes.get("arrives") or "") for u in stack}
        if not turn.isdigit() or len(arrives) != 1 or not next(iter(arrives)).isdigit():
            return None, None
        return int(turn), int(arrives.pop())

    def _delayed_start(self, army, m, end, side, hexes, delay):
        """26.7: (the map edge hex a delayed stack entered by, what the verdict says): of the edge
        hexes from which the stack reaches `end` within its allowance, by the rules of the move if
        it can, else by the map alone, the cheapest when the delay is known (within 5 hexes a turn
        delayed), else the nearest a designated entry hex; nothing to say for the entry hex itself.
        (None, why) when there is none."""
        if not hexes:
            return None, f"entered the map in {end}: the companion file names no entry hex of the {side} (26.2)"
        self._read_map(army)
        edge = [h for h, near in self._around.items() if len(near) < 6]
        nearest = {h: min(hexes, key=lambda e: army.distance(e, h)) for h in edge}
        reach = None if delay is None else \
            delay * int(self.charts.rule("reinforcement_entry", "delay_hexes_per_turn"))
        night = is_true(self.game.global_property("Night"))
        zones = army.zone_hexes(enemy_of(side))
        strict = dict(zones=zones, enemy={u.hex for u in army.of(enemy_of(side)) if u.is_combat},
                      influence=set() if night else army.influence_hexes(enemy_of(side)))
        loose = dict(zones=set(), influence=set(), enemy=set())
        ordered = sorted((h for h in edge if reach is None or army.distance(nearest[h], h) <= reach),
                         key=lambda h: (army.distance(nearest[h], h), h))

        def cost(h, rules):
            """What entering by h and moving on to `end` costs; None when it cannot."""
            first = self._enter_cost(army, m, h)
            if h in rules["zones"]:   # 5.2, 5.7: an entry hex in an enemy ZOC stops the stack there
                return first if h == end and not m.barred else None
            found = None if h == end else self._search(army, m, h, end, m.allowance - first, **rules)
            return first if h == end else (None if found is None else first + found.cost)

        def reaching():
            """The edge hexes the stack may have entered by: with the delay known, the cheapest first;
            else the nearest its entry hex first (the shortest delay)."""
            for rules in (strict, loose):
                if delay is None:
                    yield from (h for h in ordered if cost(h, rules) is not None)
                else:
                    costs = [(c, army.distance(nearest[h], h), h) for h in ordered
                             for c in [cost(h, rules)] if c is not None]
                    yield from (h for _, _, h in sorted(costs))
        for h in reaching():
            away = army.distance(nearest[h], h)
            entry = nearest[h]
            if away == 0:
                return h, ""
            said = f"26.7: entered by {h}, {away} hex{'' if away == 1 else 'es'} from the {hexes[entry]} ({entry})"
            blocked = entry in zones or any(u.side != side for u in army.in_hex(entry))
            now = f"; {entry} is {'' if blocked else 'not '}blocked now (enemy units or an enemy ZOC)"
            if delay is not None:
                return h, f"{said}, within {reach} after {delay} turn(s) delayed{now}"
            turns = -(-away // int(self.charts.rule("reinforcement_entry", "delay_hexes_per_turn")))
            return h, (f"{said}: legal only as a delayed entry, {turns} turn(s) or more after its OOA turn with "
                       f"{entry} blocked by enemy units or an enemy ZOC{now}; the game does not tell the delay "
                       f"(the units' attribute `arrives`, their OOA turn, with the global property Turn)")
        if reach is None:
            return None, ""
        return None, (f"entered the map in {end}: reinforcements enter on their road's entry hex (26.2), or up to "
                      f"{reach} hexes from it after {delay} turn(s) delayed (26.7); none of those hexes reaches "
                      f"{end} within its allowance")

    def _enter_cost(self, army, m, hex_name):
        """The first full hex's cost (26.5): by the road when the stack enters by it, else its terrain."""
        classes = m.classes
        terrain = army.terrain(hex_name)
        worst = max(self._costs[c]["terrain"].get(terrain, 0) for c in classes)
        if army.lines_at(hex_name) and m.road_rate <= DISORDERED_ROAD_RATE:
            return Fraction(m.road_rate)
        return Fraction(worst)

    # ---- the search ----

    def _step(self, movement, classes, a, b):
        """(cross-country quarter MP or None, road quarter MP beyond the road rate or None) for a -> b."""
        key = (tuple(classes), a, b)
        if key not in self._step_cache:
            path = movement.explain([a, b], classes)
            step = path.steps[0] if path.steps else None
            if step is None or step["problem"] not in ("", "none"):
                self._step_cache[key] = (None, None)
            elif step["line_type"] is not None:
                extra = Fraction(step["total"]) - Fraction(step["line"])
                self._step_cache[key] = (self._cross_country(movement, classes, a, b), extra)
            else:
                self._step_cache[key] = (Fraction(step["total"]), None)
        return self._step_cache[key]

    def _cross_country(self, movement, classes, a, b):
        """Terrain plus hexside for the class that pays most, off the road (the file's costs)."""
        worst = Fraction(0)
        for c in classes:
            costs = self._costs[c]
            cost = costs["terrain"].get(movement.terrain(b))
            if cost is None or cost == "prohibited":
                return None
            total = Fraction(cost)
            for feature in self._features(a, b):
                if feature in costs["uphill"] and self._high.get((frozenset((a, b)), feature)) == b:
                    add = costs["uphill"][feature]
                else:
                    add = costs["hexside"].get(feature, 0)
                if add == "prohibited":
                    return None
                total += Fraction(add)
            worst = max(worst, total)
        return worst

    def _features(self, a, b):
        return self._feature_map.get(frozenset((a, b)), ())

    def _read_map(self, army):
        """Each hex's neighbours and each hexside's features, read once."""
        if self._feature_map is None:
            self._around = {a: army.neighbours(a) for a in army.hexes}
            self._feature_map = {frozenset((a, b)): army.hexside(a, b) for a, near in self._around.items() for b in near}

    def _search(self, army, m, start, end, allowance, zones, influence, enemy, loose=()):
        """The cheapest way from start to end by 1.2, 2.2, 5.2-5.7, 16.3; `loose`: rules not applied
        ("stop", "road", "barred", "night") for telling why a move is illegal. None when there is none."""
        self._read_map(army)
        movement = army.map
        first = (Fraction(0), 0, start, m.used_road, False, False, (start,))
        queue, seen, counter = [first], {}, 1
        while queue:
            cost, _, here, road, left, z2z, hexes = heapq.heappop(queue)
            if here == end:
                return Found(cost, list(hexes), road, left, z2z,
                             end in zones and end != start)
            if seen.get((here, road), None) is not None:
                continue
            seen[(here, road)] = cost
            if here in zones and here != start and "stop" not in loose:
                continue   # 5.2: it entered an enemy ZOC
            for there in self._around[here]:
                if there in enemy:
                    continue
                cross, road_extra = self._step(movement, m.classes, here, there)
                ways = []
                if m.road_only and road_extra is None and "night" not in loose and len(hexes) - 1 >= m.free_steps:
                    continue   # 23.6: off the roads at night (23.3: but a retreat out of a ZOC)
                if cross is not None:
                    ways.append((cross, False))
                if road_extra is not None and here not in influence and there not in influence:
                    ways.append((m.road_rate + road_extra, True))
                entering = there in zones
                for step_cost, by_road in ways:
                    used = road or by_road
                    if entering and used and "road" not in loose:
                        continue   # 5.5
                    if entering and m.barred and "barred" not in loose:
                        continue
                    total = cost + step_cost
                    if allowance is not None and total > allowance:
                        continue
                    if (there, used) in seen:
                        continue
                    heapq.heappush(queue, (total, counter, there, used, left or (here in zones and not entering),
                                           z2z or (here in zones and entering), hexes + (there,)))
                    counter += 1
        return None

    def _why_not(self, army, m, start, end, left, strict, verdict, first=Fraction(0)):
        """The sentence of the first rule that refuses the move, with its clause: the rules loosened one
        at a time, within the MP left, then without a limit. `first`: what the entry hex cost (26.5),
        counted in the cost and the MP left it is reported against."""
        road = "it used the road rate this move, and such a unit may not enter an enemy ZOC (5.5, 2.2)"
        stop = f"every way to {end} within its MP enters an enemy ZOC before the end, where it must stop (5.2)"
        night = "it leaves the roads: only movement along roads is allowed at night (23.6)" if m.road_only else ""
        if night and m.night_retreat:
            night += (f", but for the first {NIGHT_RETREAT} hexes of a retreat out of an enemy ZOC (23.3; its length "
                      f"read from 10.1, 11.1)")
        for allowance in (left, None):
            if allowance is None:
                found = self._search(army, m, start, end, None, **strict)
                if found is not None:
                    verdict.cost, verdict.path = first + found.cost, found.hexes
                    ziz = any(h in strict["influence"] for h in found.hexes)
                    return (f"costs {mp_text(first + found.cost)} quarter MP, over the {mp_text(first + left)} left "
                            f"of its movement allowance (1.2)" + ("; the road rate is not used in a zone of "
                                                                  "influence (2.2)" if ziz else ""))
            for loose, why in ((("night",), night), (("road",), road), (("barred",), m.barred), (("stop",), stop)):
                if why:
                    found = self._search(army, m, start, end, allowance, loose=loose, **strict)
                    if found is not None:
                        verdict.cost, verdict.path = first + found.cost, found.hexes
                        return why + _over(found, left, first)
        found = self._search(army, m, start, end, None, loose=("road", "barred", "night"), **strict)
        if found is not None:
            verdict.cost, verdict.path = first + found.cost, found.hexes
            return "; ".join(filter(None, [night, road, m.barred])) + _over(found, left, first)
        return f"no way to {end}: enemy units or terrain bar it (1.1)"

    # ---- 4: stacking at the end of the phase ----

    def _stacking(self, ends, verdicts):
        """4.5: each hex over the limits at the phase's end, charged to the move after which it went
        over (the units there at the end, each counted from its last move into the hex)."""
        army = Army(Context(self.module, self.companion, self.game, self.source))
        order = {id(v): i for i, v in enumerate(verdicts)}
        arrived = {}           # (hex, side) -> {unit name: the verdict of its last move, into that hex}
        for name, verdict in ends.items():
            unit = next((u for u in army.units if u.name == name), None)
            if verdict.cost is not None and unit is not None and unit.hex == verdict.end:
                arrived.setdefault((verdict.end, unit.side), {})[name] = verdict
        for (hex_name, side), moved in arrived.items():
            stack = [u for u in army.in_hex(hex_name, side) if u.is_combat]
            result = _excess(self.charts, stack)
            if not result.violations:
                continue
            moves = sorted({id(v): v for v in moved.values()}.values(), key=lambda v: order[id(v)])
            charged = next((v for v in moves if _excess(self.charts, [
                u for u in stack if u.name not in moved or order[id(moved[u.name])] <= order[id(v)]]).violations),
                moves[0])
            problem = (f"over the stacking limits in {hex_name} at the end of the movement phase ("
                       f"{'; '.join(result.violations)}): " + "; ".join(result.clauses))
            charged.legal = False
            charged.reason = "; ".join(filter(None, [charged.reason, problem]))


def _excess(charts, units):
    return stacking_excess(charts, [StackUnit(u.name, u.type, u.sp, u.cohesion, u.brigade, u.mode) for u in units])


def _over(found, left, first):
    return "" if found.cost <= left else \
        f"; it costs {mp_text(first + found.cost)} quarter MP, over the {mp_text(first + left)} left (1.2)"


def _class_costs(data):
    """{class: {"terrain", "hexside", "uphill"}} from the companion file's [movement.class.*]: the
    cross-country costs of a step the engine would take by the road (2.2: not in a ZOI)."""
    return {name: {k: dict(c.get(k, {})) for k in ("terrain", "hexside", "uphill")}
            for name, c in data.get("movement", {}).get("class", {}).items()}


def _high_sides(data):
    """{(hexside, feature): its higher hex} of the companion file's high-side features."""
    out = {}
    for m in data.get("map", []):
        for feature, places in m.get("hexsides", {}).items():
            if isinstance(places, dict):
                for side, high in places.items():
                    out[(frozenset(side.split("/")), feature)] = high
    return out


# The demo's Confederate Movement Phase on lfm-demo.vsav (turn 3, day), the regiments in command:
# (unit, hex) moves, with what the check finds.
DEMO_IN_COMMAND = ("14th Tennessee", "7th Tennessee", "1st Tennessee", "55th North Carolina", "2nd Mississippi")
DEMO_PHASE = [
    ("Heth", "0808"),                   # legal: the pike, then off it inside the Union ZOI (2.2)
    ("7th Tennessee", "1008"),          # legal: into the Union ZOC in 1008, where it stops (5.2)
    ("7th Tennessee", "0908"),          # illegal: it entered an enemy ZOC (5.2); leaving it would disorganize (5.3)
    ("14th Tennessee", "0308"),         # legal: west along the pike
    ("14th Tennessee", "0909"),         # illegal: it used the road rate: no ZOC after it (5.5), and too far
    ("6th Wisconsin", "1112"),          # legal: D, the road rate is 1/2 MP (16.3); noted: a Union move
    ("2nd Mississippi", "0707"),        # illegal: two brigades in 0707 at the end (4.1, 4.5)
]


def demo_step(ws):
    """The demo's `check moves`: DEMO_PHASE written as a log of lfm-demo.vsav, judged."""
    import adjutant
    from adjutant.procedures.demo import DemoFile
    from . import plugin
    from .demo import CHARTS_COPY, DEMO_SAVE
    from .demo.module import BOARD_NAME, MAP_NAME

    game = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    pieces = {p.name: p.id for p in game.pieces if not p.is_stack}
    for name in DEMO_IN_COMMAND:
        game.set_property(pieces[name], "Command", "in")
    for name, where in DEMO_PHASE:
        game.move_piece(pieces[name], MAP_NAME, *game.map(MAP_NAME).point_of(where, BOARD_NAME))
    _, illegal = plugin.judge_demo_log(ws, game, CHARTS_COPY)
    return [DemoFile("moves.vlog", f"{DEMO_SAVE} plus a Confederate Movement Phase: {len(DEMO_PHASE)} moves"),
            DemoFile("moves.txt", f"the move check, each verdict with its clause (quarter MP): illegal: "
                                  f"{illegal}")]
