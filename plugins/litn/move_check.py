"""LIN moves judged (`adjutant check moves`, `adjutant run litn.check`): the companion file's
movement costs (the Movement Costs Chart), cavalry zones by facing with each side's costs (8.4),
+1 MP into a hex of enemy combat units and a stop there, lone enemy non-combat units overrun in the
hex a move ends in (8.3), and the allowance `command` wrote into each unit (its `ma`), less the
force's stacking reduction (8.2); where that allowance does not reach, the Minimum Movement
Allowance (7.1): half the printed allowance along a path every hex of which is more than 6 hexes
from every enemy unit. An entrained unit's move is charged by 8.9 (rail.py); at the end of the
phase, bridges and rail destroyed or repaired (8.7, given as a StateChange) and entrenchment (8.8)
are judged (works.py)."""
from fractions import Fraction
from types import SimpleNamespace

from adjutant import ZoneOfControl, ZoneStep
from adjutant.rules.army_unit import is_true
from adjutant.rules.map_state import MapStateReader
from adjutant.rules.move_check import MoveChecker, OtherWay
from adjutant.rules.mp import mp_text, parse_mp

from .army import COMBAT_TYPES, command_rating, enemy_of
from .charts import LitnCharts
from .overrun import overrun
from .procedures import stacking_reduction
from .rail import DESTINATION_HEXES, ENTRAIN, RailCapacity, RailNet, RailTrip, rail_cost, rail_path
from .works import PhaseUnit, PhaseWorks, StateChange


def for_phase(context):
    """The move check of one Movement Phase (adjutant.plugin.Context) on the map as the game's state
    leaves it at the phase's start (the save `before`, or the log's first position), with the bridges
    and rail the phase destroyed or repaired (8.7) read from the state at its end."""
    charts = LitnCharts.load(context.charts)
    reader = MapStateReader(context.companion, context.module)
    end = reader.read(context.game)
    if context.before is not None:
        start = reader.read(context.before)
    else:
        here = context.game.position
        context.game.seek(0)
        start = reader.read(context.game)
        context.game.seek(here)
    bridges, rail = charts.option("bridge"), ["rail"]
    change = StateChange(destroyed_bridges=end.without(bridges) - start.without(bridges),
                         destroyed_rail=end.cut(rail) - start.cut(rail),
                         repaired_bridges=start.without(bridges) - end.without(bridges),
                         repaired_rail=start.cut(rail) - end.cut(rail))
    checker = LitnMoveChecker(context.game, context.module, context.companion, context.charts, before=context.before,
                              change=change, destroyed_bridges=start.without(bridges),
                              destroyed_rail=start.cut(rail), state=start)
    checker.state_reader = reader
    return checker


class LitnMoveChecker(MoveChecker):
    """`before`: the save the moves start from (when judging two saves), for the units' states at the
    phase's start. `change`: the bridges and rail hexes destroyed or repaired in the phase (8.7);
    `destroyed_bridges` ("a/b" hexsides) and `destroyed_rail` (hexes): those destroyed before it,
    which no train crosses (8.9). `state`: the map state the moves are judged on (`for_phase`)."""

    def __init__(self, game, module, companion, charts=None, before=None, change=StateChange(),
                 destroyed_bridges=frozenset(), destroyed_rail=frozenset(), state=None):
        super().__init__(game, module, companion, state)
        self.charts = LitnCharts.load(charts)
        self.before_game = before
        self.change = change
        self.destroyed = (frozenset(destroyed_bridges), frozenset(destroyed_rail))
        self._nets = {}
        self.capacity = RailCapacity()
        self.trip = None          # the 8.9 part of the move being judged (a RailTrip), or None
        self.rail_result = None   # its RailPath, or None
        self._where = None        # (map, board) of the move being judged
        self.start_states = {}    # piece id -> PhaseUnit's reading at the phase's start
        self.seen_entrained = {}  # piece id -> entrained at its last move (a log)
        self.spent = {}           # piece id -> MP its moves cost this phase
        self.last_verdict = {}    # piece id -> the verdict of its last move
        # 8.2 separate exits, over the moves judged as one Movement Phase (a log's moves, or those
        # between two saves): where each unit began, and the formations that have left each hex.
        self.began = {}       # piece id -> the hex of its first move
        self.departed = {}    # (hex, side) -> corps (Union) or divisions (Confederate) moved out of it
        self.exit_loss = {}   # piece id -> 8.2's MP lost: formations that left its first hex ahead of it
        self.left_ahead = 0   # for the move being judged: its units' 8.2 loss
        self.moving_ids = []  # for the move being judged: its units' piece ids
        self.state_reader = None  # reads a log's map state move by move (for_phase gives it)
        self.earlier = Fraction(0)  # for the move being judged: MP its units spent in earlier moves this phase
        self.own_allowance = None   # for the move being judged: the allowance `command` gave it, less all that

    def allowance(self, movers, allowances, sides):
        own = [parse_mp(u.attributes["ma"]) for u in movers if str(u.attributes.get("ma", "")).strip()]
        if self._destination(movers):  # 8.9: toward a Destination marker without a CP, 4 MP's worth
            self.own_allowance = None
            return max([rail_cost(DESTINATION_HEXES)] + own)
        if not own:
            self.own_allowance = None
            return None
        self.own_allowance = max(Fraction(0), self._reduced(min(own), movers, sides, self.left_ahead) - self.earlier)
        return self.own_allowance

    def _reduced(self, slowest, movers, sides, left_ahead=0):
        """A force's allowance less its stacking reduction and 1 MP per formation that left its hex
        ahead of it (8.2), never below 1 by them; wagons and non-combat leaders are never reduced."""
        force = [SimpleNamespace(type=u.unit_class, kind=u.attributes.get("kind", ""),
                                 strength=int(u.attributes.get("strength") or 0)) for u in movers]
        if all(u.unit_class in ("wagon", "leader") for u in movers):
            return slowest
        reduction = stacking_reduction(force, next(iter(sides), "")) + left_ahead
        return max(min(slowest, Fraction(1)), slowest - reduction)

    def other_ways(self, movement, position, sides):
        """When the force's own allowance does not reach: the Minimum Movement Allowance (7.1), where it
        gives more, then a force march (8.6)."""
        ways = [self._minimum_allowance(movement, position, sides), self._force_march(movement, position, sides)]
        return [w for w in ways if w is not None]

    def _minimum_allowance(self, movement, position, sides):
        """7.1 Minimum Movement Allowance: a unit that stays more than 6 hexes (counted as the crow
        flies) from every enemy unit during its entire move may expend 50% of its printed allowance;
        militia still only with a leader. None where it gives no more than the force's own allowance."""
        start, movers = position.start, position.movers
        kinds = [u.attributes.get("kind", "") for u in movers]
        if "militia" in kinds and not any(u.unit_class == "leader" or k in LEADER_KINDS for u, k in zip(movers, kinds)):
            return None
        half = min(self.charts.rounded(self.charts.allowance("infantry" if k == "militia" else u.unit_class) / 2)
                   for u, k in zip(movers, kinds))
        if self.charts.option("minimum_stacking_reduction"):
            half = self._reduced(half, movers, sides)
        half = max(Fraction(0), half - self.earlier)
        if self.own_allowance is not None and half <= self.own_allowance:
            return None
        enemies = sorted(set(position.enemy_units))
        clear = FarFromEnemies(movement, enemies)
        if not clear.far(start):
            return OtherWay(None, "", f"nor by the Minimum Movement Allowance (7.1): {start} is within "
                                      f"{FarFromEnemies.RANGE} hexes of an enemy unit")
        far = f"every hex more than {FarFromEnemies.RANGE} hexes from every enemy unit"
        return OtherWay(half, f"by the Minimum Movement Allowance (7.1): {mp_text(half)} MP, {far}",
                        f"nor by the Minimum Movement Allowance (7.1): no path of {mp_text(half)} MP with {far}",
                        zones=movement.python_zones(clear))

    def _force_march(self, movement, position, sides):
        """8.6: a unit whose highest-ranking leader in the hex it began the phase in received CPs equal
        to his command rating may force march, "whether they move together with that leader or
        separately": its allowance plus his initiative. A log does not say whether the player force
        marched: the verdict says the move is legal only so."""
        if self.own_allowance is None or len(sides) != 1:
            return None
        side = next(iter(sides))
        extras = []
        for pid in self.moving_ids:
            reading = self.start_states.get(pid)
            if reading is None:
                return None
            # Who stood in the hex at the phase's start, with the CPs the Command Phase gave them (the
            # game's values as the check reads them, a log's from its first move).
            stack = [(r.name, (self.unit(other) or (None, None))[1] or r.attributes)
                     for other, r in self.start_states.items() if r.end == reading.end]
            stack = [(name, a) for name, a in stack if a.get("side") == side]
            leaders = [(name, a) for name, a in stack if a.get("kind") in LEADER_KINDS
                       and str(a.get("rank", "")).strip() and str(a.get("cp", "")).strip()]
            if not leaders:
                return None
            leader, attributes = min(leaders, key=lambda item: (int(item[1]["rank"]), item[0]))
            force = [SimpleNamespace(is_combat=a.get("type") in COMBAT_TYPES) for _, a in stack]
            command = command_rating(SimpleNamespace(command=int(attributes["command"]), kind=attributes["kind"]),
                                     force)
            cp = int(attributes["cp"])
            if cp < command:
                who = f"{leader}, in {reading.end}" if leader == reading.name else \
                    f"{leader}, who led {reading.name} in {reading.end}"
                return OtherWay(None, "", f"nor by a force march (8.6): {who} at the phase's start, has {cp} CP of "
                                          f"command {command}")
            extras.append((int(attributes["initiative"]), leader, reading.end))
        if not extras:
            return None
        extra, leader, began = min(extras)
        allowance = self.own_allowance + extra
        names = ",".join(sorted(self.start_states[pid].name for pid in self.moving_ids))
        return OtherWay(allowance, f"only as a force march (8.6): +{extra} MP, {leader}'s initiative, "
                                   f"{mp_text(allowance)} MP; its losses: litn.force-march hex={began} units={names} "
                                   f"on the game before the move",
                        f"nor as a force march (8.6): {mp_text(allowance)} MP",
                        enemy_hexes=list(position.enemy_hexes), zones=self.zones(movement, position, sides))

    def zones(self, movement, position, sides):
        if not movement.has_zones or not position.zone_sources or len(sides) != 1:
            return None
        side = next(iter(sides))
        own_combat = sorted({h for h, u in position.friendly_units if u.unit_class in COMBAT_TYPES})
        shared = set(own_combat)
        if any(u.unit_class in COMBAT_TYPES for u in position.movers):
            shared.add(position.start)  # 8.4: no zone from a cavalry unit an enemy combat unit shares a hex with
        sources = [(h, f) for h, f in position.zone_sources if h not in shared]
        if not sources:
            return None
        # A unit whose facing is unset faces every way: the union of its zones for each facing.
        self.facing_unknown = sorted(h for h, f in sources if f is None)
        enemy = enemy_of(side)
        cost = self.charts.option("union_zone_cost" if enemy == "Union" else "confederate_zone_cost")
        return movement.zones(sources, barriers=own_combat if enemy == "Confederate" else [], enter_cost=cost)

    facing_unknown = ()  # the hexes of the enemy cavalry of the move being judged whose facing is unset

    def check(self, moves=None):
        if moves is None:
            self.game.seek(0)
        self.start_states = self._readings(self.before_game if moves is not None else self.game)
        verdicts = super().check(moves)
        end = self._readings(self.game)
        if moves is None:
            self._entrained_after_last_move(end)
        verdicts.extend(self._phase_end(end))
        return verdicts

    def judge(self, move, before):
        self.facing_unknown = ()
        if move.step is not None and self.state_reader is not None:
            self._follow_map_state()
        start = self.hex_name(self.game.map(move.map), *move.start)[1]
        moving = [(pid, self.unit(pid)) for pid in move.pieces]
        moving = [(pid, found[1]) for pid, found in moving if found is not None and found[1] is not None]
        side = next((u.get("side", "") for _, u in moving if u.get("side")), "")
        view = self.game.map(move.map)
        self._where = (view.name, self.hex_name(view, *move.start)[0])
        self.trip = self._trip(move, [pid for pid, _ in moving])
        self.rail_result = None
        # 8.2: a unit's first move out of the hex it began the phase in loses 1 MP per formation that
        # left that hex ahead of it; its later drags keep the same loss.
        first = [pid for pid, _ in moving if pid not in self.began]
        for pid in first:
            self.began[pid] = start
            self.exit_loss[pid] = self.departed.get((start, side), 0)
        self.left_ahead = max((self.exit_loss.get(pid, 0) for pid, _ in moving), default=0)
        self.moving_ids = [pid for pid, _ in moving]
        # 7.1: an allowance is for the whole Movement Phase, however many drags a move is made in.
        self.earlier = max((self.spent.get(pid, Fraction(0)) for pid, _ in moving), default=Fraction(0))
        verdict = super().judge(move, before)
        if verdict is not None and self.earlier and verdict.allowance is not None:
            verdict.note = "; ".join(filter(None, [verdict.note, f"{mp_text(self.earlier)} MP spent by earlier moves "
                                                                 f"this phase, {mp_text(verdict.allowance)} left (7.1)"]))
        if first and start is not None:
            formations = sum(1 for pid, u in moving if pid in first and _formation(u))
            self.departed[(start, side)] = self.departed.get((start, side), 0) + formations
        if verdict is not None and self.left_ahead and verdict.allowance is not None:
            began = self.began[next(pid for pid, _ in moving)]
            verdict.note = "; ".join(filter(None, [verdict.note, f"{self.left_ahead} MP less: formation(s) left "
                                                                 f"{began} ahead of it (8.2)"]))
        if verdict is not None and verdict.legal is not None:
            self._note_overrun(move, before, verdict, moving, side)
        if verdict is not None and self.facing_unknown:
            known = f"; {verdict.note}" if verdict.note else ""
            verdict.note = (f"facing unknown for the cavalry in {', '.join(self.facing_unknown)}: its zone counted "
                            f"in every direction (8.4){known}")
        if verdict is not None and self.trip is not None:
            self._judge_rail(verdict, side, moving)
        for pid, _ in moving:
            if verdict is not None and verdict.cost is not None:
                self.spent[pid] = self.spent.get(pid, 0) + verdict.cost
            self.last_verdict[pid] = verdict
        return verdict

    def _follow_map_state(self):
        """A log: the map as its markers stand at this move (a bridge destroyed earlier in the phase is
        gone for the moves after it, 8.7)."""
        state = self.state_reader.read(self.game)
        if state != self.state:
            self.use_state(state)
            self.destroyed = (state.without(self.charts.option("bridge")), state.cut(["rail"]))
            self._nets = {}

    def _note_overrun(self, move, before, verdict, moving, side):
        """8.3: lone enemy non-combat units in the hex a move ends in are eliminated. (Where it
        passed on the way a log does not say: only the end hex is certain.)"""
        view = self.game.map(move.map)
        there = []
        for piece_id, (map_id, x, y) in before.items():
            found = self.unit(piece_id) if map_id == view.save_id else None
            if found is None or found[1] is None or self.hex_name(view, x, y)[1] != verdict.end:
                continue
            there.append(SimpleNamespace(name=found[0], side=found[1].get("side", ""), type=found[1].get("type", "")))
        combat = any(u.get("type") in COMBAT_TYPES for _, u in moving)
        eliminated = overrun(there, side, combat, self.charts.option("overrun_by"))
        if eliminated:
            text = (f"overruns {', '.join(sorted(u.name for u in eliminated))} in {verdict.end}: eliminated, "
                    f"remove it (8.3)")
            verdict.note = "; ".join(filter(None, [verdict.note, text]))

    # ---- 8.9 railroad movement ----

    def _trip(self, move, pids):
        """The move's part of the rail procedure from the movers' `entrained` state: in a log, at their
        last move (or the phase's start) and now; between two saves, at the start and the end."""
        if not pids:
            return None
        if move.step is None:
            before = any(self._start_state(pid, "entrained") for pid in pids)
            after = any(is_true(self.companion.unit(self.game.piece(pid), self.module).get("entrained"))
                        for pid in pids)
            trip = RailTrip(before, after)
        else:
            now = any(is_true(self.companion.unit(self.game.piece(pid), self.module).get("entrained")) for pid in pids)
            before = any(self.seen_entrained.get(pid, self._start_state(pid, "entrained")) for pid in pids)
            for pid in pids:
                self.seen_entrained[pid] = now
            trip = RailTrip(before, now, riding=now)
        return trip if trip.before or trip.after else None

    def find_path(self, movement, position, end, classes, allowance, zones, other=None):
        if self.trip is None:
            return super().find_path(movement, position, end, classes, allowance, zones, other)
        enemy_hexes = (other or position).enemy_hexes
        net = self._net(movement)
        path = rail_path(movement, net, position.start, end, classes, allowance, enemy_hexes, zones,
                         position.friendly, self.trip)
        destination = self._destination(position.movers)
        if path is not None and destination:
            self._destination_route(path, net, position, end, enemy_hexes, destination)
        if path is not None or self.rail_result is None:
            self.rail_result = path
        return path

    def _judge_rail(self, verdict, side, moving):
        rail = self.rail_result
        reasons = [verdict.reason] if verdict.reason else []
        if side != "Union":
            reasons.append("only Union units move by rail (8.9)")
        if rail is not None and rail.rail_hexes:
            for pid, unit in moving:
                exceeded = self.capacity.add(self.unit(pid)[0], unit)
                if exceeded and exceeded not in reasons:
                    reasons.append(exceeded)
        if rail is None:
            reasons = [r for r in reasons if r != "no legal path"] + ["no legal path along usable rail (8.9)"]
        verdict.legal = not reasons
        verdict.reason = "; ".join(reasons)
        if rail is not None:
            verdict.note = "; ".join(filter(None, [rail.detail, verdict.note]))

    def _net(self, movement):
        map_name, board = self._where
        if (map_name, board) not in self._nets:
            destroyed_bridges, destroyed_rail = self.destroyed
            self._nets[(map_name, board)] = RailNet(movement, self._terrain(),
                                                    self.charts.option("union_rail_areas"),
                                                    destroyed_rail, destroyed_bridges)
        return self._nets[(map_name, board)]

    def _terrain(self):
        """The companion file's terrain of the map (or board) of the move being judged."""
        map_name, board = self._where
        return self.companion.map(map_name, board) or self.companion.map(map_name)

    def _destination(self, movers):
        """8.9 Destination Markers: the hex an entrained unit's Destination marker names (the
        `destination` state), for a move that stays on the rail; '' without one."""
        if self.trip is None or not (self.trip.before and self.trip.after):
            return ""
        return next((str(u.attributes.get("destination", "")).strip() for u in movers
                     if str(u.attributes.get("destination", "")).strip()), "")

    def _destination_route(self, path, net, position, end, enemy_hexes, destination):
        """8.9: toward the Destination marker by the most direct route, at most 28 hexes a turn."""
        to_dest = net.routes(destination, blocked=set(enemy_hexes))
        reasons = []
        if path.rail_hexes > DESTINATION_HEXES:
            reasons.append(f"{path.rail_hexes} rail hexes: toward a Destination marker at most {DESTINATION_HEXES} "
                           f"a turn (8.9)")
        if position.start not in to_dest or end not in to_dest or \
                to_dest[position.start][0] - to_dest[end][0] != path.rail_hexes:
            reasons.append(f"not the most direct route toward its Destination marker in {destination} (8.9)")
        path.detail += f", toward its Destination marker in {destination}, no CP needed"
        if reasons:
            path.legal = False
            path.reason = "; ".join(filter(None, [path.reason] + reasons))
        elif path.total <= rail_cost(DESTINATION_HEXES):
            path.legal, path.reason = True, ""

    def _entrained_after_last_move(self, end):
        """A log: a unit entrained or detrained after its last move pays 1 MP more on that move."""
        for pid, entrained in self.seen_entrained.items():
            reading = end.get(pid)
            verdict = self.last_verdict.get(pid)
            if reading is None or verdict is None or verdict.cost is None or \
                    is_true(reading.attributes.get("entrained")) == entrained:
                continue
            what = "detrains" if entrained else "entrains"
            verdict.cost += ENTRAIN
            self.spent[pid] = self.spent.get(pid, 0) + ENTRAIN
            reasons = [verdict.reason] if verdict.reason else []
            if not entrained and reading.attributes.get("side") != "Union":
                reasons.append("only Union units move by rail (8.9)")
            elif not entrained and not self._net(self._movement_of(reading)).usable(reading.end):
                reasons.append(f"entrains in {reading.end}, not a rail hex the Union may use (8.9)")
            if verdict.allowance is not None and verdict.cost > verdict.allowance:
                reasons.append(f"costs {mp_text(verdict.cost)} MP with 1 to {what[:-1]} after the move, over the "
                               f"allowance of {mp_text(verdict.allowance)} (8.9)")
            verdict.legal = not reasons
            verdict.reason = "; ".join(reasons)
            verdict.note = "; ".join(filter(None, [verdict.note, f"{what} at {reading.end}: 1 MP (8.9)"]))

    # ---- the phase: where each unit began and ended, its states ----

    def _readings(self, game):
        """{piece id: PhaseUnit} for every unit of the game on a map the companion file describes."""
        return {piece.id: PhaseUnit(piece.name, attributes, None, hex_name, where=(view.name, board))
                for piece, attributes, (view, board), hex_name in self.placed_units(game)}

    def _start_state(self, pid, name):
        reading = self.start_states.get(pid)
        return reading is not None and is_true(reading.attributes.get(name))

    def _movement_of(self, reading):
        self._where = reading.where
        return self.movement(*reading.where)

    def _phase_end(self, end):
        """8.7's destroyed and repaired bridges and rail, 8.8's entrenchment and a unit entraining
        without moving, judged over every unit's phase."""
        units = []
        for pid, reading in end.items():
            first = self.start_states.get(pid)
            unit = PhaseUnit(reading.name, reading.attributes, first.end if first else None, reading.end,
                             self.spent.get(pid, Fraction(0)), pid in self.last_verdict,
                             first.attributes if first else {})
            units.append(unit)
        if not units:
            return []
        movement = self._movement_of(next(iter(end.values())))
        terrain = self._terrain()
        works = PhaseWorks(self._where[0], movement, terrain, units, _allowance, _hex_cp(units),
                           {"potomac": self.charts.option("potomac"), "bridge": self.charts.option("bridge"),
                            "bridge_repair_phases": self.charts.option("bridge_repair_phases")})
        out = works.verdicts(self.change)
        net = self._net(movement)
        for unit in units:
            if unit.moved or not unit.state("entrained") or unit.state("entrained", at_start=True):
                continue
            reasons = []
            if unit.side != "Union":
                reasons.append("only Union units move by rail (8.9)")
            elif not net.usable(unit.end):
                reasons.append(f"{unit.end} is not a rail hex the Union may use (8.9)")
            allowance = _allowance(unit)
            if allowance is not None and allowance < ENTRAIN:
                reasons.append(f"entraining costs 1 MP, over the allowance of {mp_text(allowance)} (8.9)")
            out.append(works.verdict([unit], unit.end, "entrains", reasons, ENTRAIN, clause="8.9"))
        return out

    def leaving_cost(self, movement, position):
        """8.3: a force leaving a hex held by enemy combat units pays 1 MP more (once its roll to
        leave succeeded: litn.leave-hex)."""
        return 1 if position.start in position.enemy_hexes else 0

    def exerts_zone(self, unit, unit_class):
        """8.4: an entrenched cavalry unit has no zone of control."""
        return not is_true(unit.get("entrenched"))

    def obstacle(self, unit, unit_class):
        """8.3: only enemy combat units cost +1 MP and stop the mover; non-combat units alone are
        overrun at no cost."""
        return unit_class in COMBAT_TYPES


LEADER_KINDS = ("department leader", "cavalry commander", "corps leader", "leader")


class FarFromEnemies(ZoneOfControl):
    """Hexes within RANGE of an enemy unit may not be entered (the search of 7.1's minimum)."""

    RANGE = 6

    def __init__(self, movement, enemy_hexes):
        self.movement = movement
        self.enemies = enemy_hexes
        self._far = {}

    def far(self, hex_name):
        if hex_name not in self._far:
            self._far[hex_name] = all(self.movement.distance(hex_name, e) > self.RANGE for e in self.enemies)
        return self._far[hex_name]

    def controlled(self, hex):
        return not self.far(hex)

    def step(self, from_hex, to_hex, first, used_line):
        if self.far(to_hex):
            return None
        return ZoneStep(prohibited=True, reason=f"within {self.RANGE} hexes of an enemy unit")


def _allowance(unit):
    """A unit's MP as the Command Phase wrote them (its `ma`), None where unwritten."""
    text = str(unit.attributes.get("ma", "") or "").strip()
    return parse_mp(text) if text else None


def _hex_cp(units):
    """A unit's CPs: the most any unit of its side holds in the hex it ends in (the hex's
    highest-ranking leader receives them for it, 7.1), None where none is written."""
    def cp(unit):
        held = [int(u.attributes["cp"]) for u in units if u.end == unit.end and u.side == unit.side
                and str(u.attributes.get("cp", "")).strip().isdigit()]
        return max(held) if held else None
    return cp


def _formation(unit):
    """8.2: what counts when it leaves a hex ahead of others: a Union corps, a Confederate division."""
    return unit.get("type") == "infantry" and unit.get("kind") not in ("detachment", "militia")
