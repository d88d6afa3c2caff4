"""LMN moves judged (`adjutant check moves`): the companion file's Terrain Effects Chart (14.0) and
zones (8.0-8.3: +2 MP to enter, +1 to leave, none into the mover's combat units or fortifications,
none from units in a fortification), and the plugin's own rules over the log, read as one Movement
Phase: units move one at a time, each finishing before the next (5.0); rigid zones (8.0: no step
from one enemy-zone hex to another); movement command control (11.0, 11.1, 11.3 C); rail movement
(7.0-7.2); the Potomac (18.1 A, 18.3 E).

What a log cannot show is said in the verdict's note (docs/lmn.md): the d6 of a unit out of command
control (11.1), a forced march (5.6)."""
import re
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil
from types import SimpleNamespace

from adjutant import PositionUnit, ZoneOfControl, ZoneStep
from adjutant.rules.army_unit import is_true
from adjutant.rules.move_check import MoveChecker, Verdict
from adjutant.rules.mp import mp_text, parse_mp

from .army import NORTH
from .charts import LmnCharts

RAIL_HEXES_PER_MP = 5   # 7.0
ZONE_LEAVE = 1          # 8.3 E: what leaving an enemy-controlled hex adds (the rigid rule's test path)
COMMANDERS = ("leader", "fortification")  # 11.0
# The chat the lmn.no-command-move procedure posts into a log it writes: its section's title names
# the unit, a line gives the MP rolled (11.1).
ROLL_TITLE = re.compile(r"\[Adjutant\] (.+) without command control \(11\.1\)$")
ROLL_LINE = re.compile(r"\[Adjutant\]\s+d6 \d+.* = (\d+) MP along ")


def for_moves(context):
    """The move check of the log (or of the moves from the save `before`), as one Movement Phase."""
    return LmnMoveChecker(context.game, context.module, context.companion, context.charts, before=context.before)


@dataclass
class MoveAtHand:
    """What the plugin learns about the move being judged, for the verdict."""

    ids: list
    names: list
    attributes: dict                 # the moving unit's (the first one's)
    side: str
    rail: str = ""                   # "ride" (moves by rail), "entrained" or "detrained" in the move's phase
    command: str = ""                # why the unit is out of movement command control ("" in command)
    best_roll: Fraction = None       # 11.1: the MP its d6 gave (rolled), else the most a d6 gives it
    rolled: bool = False
    rigid: bool = False              # only a path across the rigid zones reaches the end
    rail_reason: str = ""
    movement: object = None          # the Movement of the move's map
    reasons: list = field(default_factory=list)
    notes: list = field(default_factory=list)


class LooseZones(ZoneOfControl):
    """The same zones with zone-to-zone steps allowed: the path a move took when it broke 8.0."""

    def __init__(self, zones):
        self.zones = zones

    def controlled(self, hex):
        return self.zones.controlled(hex)

    def step(self, from_hex, to_hex, first, used_line):
        cost = self.zones.entry_cost(to_hex) + (ZONE_LEAVE if self.zones.controlled(from_hex) else 0)
        return ZoneStep(cost=cost) if cost else None


class LmnMoveChecker(MoveChecker):
    """`before`: the save the moves start from (judging two saves), for the units' states (entrained)
    at the phase's start; a log's are its first position's."""

    def __init__(self, game, module, companion, charts=None, before=None):
        super().__init__(game, module, companion)
        self.charts = LmnCharts.load(charts)
        self.before_game = before
        self.at_start = {}      # piece id -> its unit attributes at the phase's start
        self.spent = {}         # piece id -> MP its moves cost so far
        self.command = {}       # piece id -> its command control when its movement began ("" in command)
        self.finished = set()   # pieces whose movement ended when another unit moved (5.0)
        self.last = None        # the piece id of the last unit moved
        self.rail_units = []    # names of the units counted against 7.2 D, in log order
        self.in_place = {}      # piece id -> (verdicts judged before it, its verdict) for entraining or detraining in place
        self.judged = 0         # verdicts given so far
        self.moved = set()
        self.entrained_when_moved = {}  # piece id -> entrained at its last move
        self.rolled = {}        # unit name -> the MP of its 11.1 roll, from the log's chat
        self.current = None

    def unit(self, piece_id):
        """(name, attributes) read now: a unit's face and Entrained change in play."""
        try:
            piece = self.game.piece(piece_id)
        except Exception:  # a piece removed since
            return None
        return piece.name, self.companion.unit(piece, self.module)

    def check(self, moves=None):
        if moves is None:
            self.rolled = self._rolls_in_chat()
            self.game.seek(0)
        start = self.before_game if moves is not None else self.game
        self.at_start = {p.id: self.companion.unit(p, self.module) for p in start.pieces if not p.is_stack}
        # 11.0: command status is set at the beginning of the Movement Phase, where leaders and
        # fortifications stood then.
        self.commanders = set()
        for piece in start.pieces:
            attributes = self.at_start.get(piece.id)
            if attributes and attributes.get("role") in COMMANDERS and piece.map:
                where = self.hex_name(start.map(piece.map), piece.x, piece.y)[1]
                if where:
                    self.commanders.add((attributes.get("side"), where))
        verdicts = super().check(moves)
        self._note_in_place((), "after the last move")
        in_order = []
        for before, verdict in self.in_place.values():   # noted in the log's order
            at = before + len(in_order)
            verdicts[at:at] = [verdict]
            in_order.append(verdict)
        verdicts.extend(self._after_moving())
        return verdicts

    # ---- one move ----

    def judge(self, move, before):
        self._note_in_place(move.pieces, f"before step {move.step}" if move.step is not None else "")
        verdict = self._judge(move, before)
        self.judged += verdict is not None
        return verdict

    def _judge(self, move, before):
        found = [(pid, self.unit(pid)) for pid in move.pieces]
        units = [(pid, f[0], f[1]) for pid, f in found if f is not None and f[1] is not None]
        if not units:
            return super().judge(move, before)
        pid, _, attributes = units[0]
        side = attributes.get("side", "")
        self.current = m = MoveAtHand([u[0] for u in units], [u[1] for u in units], attributes, side)
        m.rail = self._rail_state(pid, attributes)
        verdict = super().judge(move, before)
        if verdict is None or verdict.legal is None:
            return verdict
        self._verdict(verdict, move, pid, m)
        for p in m.ids:
            self.moved.add(p)
            self.entrained_when_moved[p] = is_true(attributes.get("entrained"))
            if verdict.cost is not None:
                self.spent[p] = self.spent.get(p, 0) + verdict.cost
        if self.last is not None and self.last not in m.ids:
            self.finished.add(self.last)
        self.last = pid
        return verdict

    def _verdict(self, verdict, move, pid, m):
        reasons = [verdict.reason] if verdict.reason else []
        if m.rigid:
            reasons = [f"every path there within the allowance steps directly from one enemy-zone hex to another "
                       f"(8.0: rigid zones)"]
        if m.rail_reason and "no legal path" in reasons:
            reasons.remove("no legal path")
            reasons.append(m.rail_reason)
        if "no legal path" in reasons:
            why = self._no_entry(verdict.end, m)
            if why:
                reasons[reasons.index("no legal path")] = why
        if len(m.ids) > 1:
            reasons.append(f"{len(m.ids)} units moved together: each unit moves individually (5.0)")
        if pid in self.finished:
            reasons.append("moved again after another unit moved: each unit finishes its movement before the next "
                           "moves (5.0)")
        if m.command and m.best_roll is not None:
            verdict.allowance = m.best_roll
            within = verdict.cost is not None and verdict.cost <= m.best_roll - self.spent.get(pid, 0)
            if within and m.rolled:
                m.notes.append(f"out of movement command control ({m.command}, 11.0): {mp_text(m.best_roll)} MP by "
                               f"its d6 (11.1)")
            elif within:
                m.notes.append(f"out of movement command control ({m.command}, 11.0): it moves by the d6 of 11.1, "
                               f"legal only if the roll gave {mp_text(verdict.cost)} MP or more; the log does not "
                               f"show the roll")
            elif reasons:
                gave = f"its d6 gave {mp_text(m.best_roll)} MP" if m.rolled else \
                    f"a d6 gives it at most {mp_text(m.best_roll)} MP"
                reasons[0] += f" (out of movement command control, {m.command}, 11.0: {gave}, 11.1)"
        reasons += m.reasons
        reasons += self._potomac(verdict, m)
        verdict.legal = not reasons
        verdict.reason = "; ".join(reasons)
        verdict.note = "; ".join(filter(None, [verdict.note] + m.notes))

    def _no_entry(self, hex_name, m):
        """Why no unit may enter the hex at all, where the rules say: ocean (14.0), a hex of enemy
        combat units or a fortification (5.2 H); "" otherwise."""
        if m.movement is not None and m.movement.terrain(hex_name) == "ocean":
            return f"{hex_name} is an ocean hex: no unit enters it (14.0)"
        for piece in self.game.pieces:
            if piece.is_stack or not piece.map or piece.id in m.ids:
                continue
            unit = self.companion.unit(piece, self.module)
            if unit and unit.get("side") not in ("", m.side) and unit.get("role") in ("combat", "fortification") \
                    and self.hex_name(self.game.map(piece.map), piece.x, piece.y)[1] == hex_name:
                return f"{hex_name} holds an enemy combat unit or fortification ({piece.name}): never entered (5.2 H)"
        return ""

    def allowance(self, movers, allowances, sides):
        base = super().allowance(movers, allowances, sides)
        if base is None or self.current is None:
            return base
        return max(Fraction(0), base - max(self.spent.get(p, 0) for p in self.current.ids))

    def obstacle(self, unit, unit_class):
        """5.2 H: a unit never enters a hex of enemy combat units (dummies included, 8.0) or
        fortifications; a leader or the depot alone does not stop it."""
        return unit.get("role") in ("combat", "fortification")

    def find_path(self, movement, position, end, classes, allowance, zones, other=None):
        m = self.current
        if m is None:
            return super().find_path(movement, position, end, classes, allowance, zones, other)
        m.movement = movement
        if m.rail:
            return self._rail_path(movement, position, end, allowance, m)
        pid = m.ids[0]
        if pid not in self.command:
            self.command[pid] = self._out_of_command(movement, position, m)
        m.command = self.command[pid]
        if m.command and allowance is not None:
            m.rolled = m.names[0] in self.rolled
            m.best_roll = self.rolled[m.names[0]] if m.rolled else _die_best(m.side, self.charts)
            allowance = min(allowance, m.best_roll - self.spent.get(pid, 0))
        units, classes = self._stacking(position.units, classes)
        path = movement.path(position.start, end, classes, allowance, zones=zones, units=units)
        if path is not None and path.legal or not movement.has_zones:
            return path
        loose = movement.python_zones(LooseZones(movement.zones(units=units)))
        broke = movement.path(position.start, end, classes, allowance, zones=loose, units=units)
        if broke is not None and broke.legal:
            m.rigid = True
            return SimpleNamespace(total=broke.total, hexes=broke.hexes, legal=False, reason="rigid zones")
        return path

    def _stacking(self, units, classes):
        """9.1 or 14.0 (option stacking_penalty): with "any", every unit pays to stack and unstack
        with any friendly unit, as infantry pays with infantry (the companion file's `stacking`)."""
        if self.charts.option("stacking_penalty") != "any":
            return units, classes
        def as_infantry(c):
            return "infantry" if c not in (None, "entrained") else c
        units = [PositionUnit(u.hex, u.friendly, unit_class=as_infantry(u.unit_class) if u.friendly else u.unit_class,
                              kind=u.kind, facing=u.facing, zone=u.zone, blocks=u.blocks) for u in units]
        return units, [as_infantry(c) for c in classes]

    # ---- 11.0 command control ----

    def _out_of_command(self, movement, position, m):
        """Why the unit is out of movement command control, "" when it has it: a friendly leader or
        fortification in its hex or next to it at the beginning of the Movement Phase (11.0; 11.3
        C.2 for the Union's fortifications), face-up cavalry (11.3 C.3); a leader commands himself."""
        if m.attributes.get("class") == "cavalry":
            return ""
        if m.attributes.get("role") == "leader":
            return ""
        for side, hex_name in self.commanders:
            if side == m.side and (hex_name == position.start or movement.distance(hex_name, position.start) == 1):
                return ""
        return f"no friendly leader or fortification in or next to {position.start} at the phase's start"

    def _rolls_in_chat(self):
        """{unit name: MP} of the 11.1 rolls the lmn.no-command-move procedure posted in the log."""
        rolled, title = {}, None
        self.game.seek(0)
        while self.game.position < self.game.step_count:
            for line in self.game.step_forward().chat:
                named, mp = ROLL_TITLE.search(line), ROLL_LINE.search(line)
                if named:
                    title = named.group(1)
                elif mp and title:
                    rolled[title] = Fraction(int(mp.group(1)))
        return rolled

    # ---- 7.0-7.2 rail movement ----

    def _rail_state(self, pid, attributes):
        now = is_true(attributes.get("entrained"))
        then = is_true((self.at_start.get(pid) or {}).get("entrained"))
        if now and then:
            return "ride"
        if now:
            return "entrained"
        return "detrained" if then else ""

    def _rail_path(self, movement, position, end, allowance, m):
        """7.0-7.2: 1 MP per 5 rail hexes along rail hexsides, north of the Potomac, never in or next
        to an enemy combat unit; Union infantry and dummies only (leaders too), two a phase."""
        leader = m.attributes.get("role") == "leader"   # 7.2 D: no penalty to entrain or detrain
        if m.rail == "entrained" and not leader:
            m.reasons.append("entrained in the phase it moved: entraining takes all its MP (7.0)")
        elif m.rail == "detrained" and not leader:
            m.reasons.append("detrained in the phase it moved: detraining takes all its MP (7.0)")
        m.reasons += self._rail_unit(m.attributes, m.names[0], m.rail)
        enemies = [u.hex for u in position.units if not u.friendly and u.kind == "combat"]
        def north(h):
            return NORTH in movement.areas_at(h)
        def clear(h):
            return north(h) and all(h != e and movement.distance(h, e) > 1 for e in enemies)
        hexes = _rail_route(self._rail_links(), position.start, end, clear)
        if hexes is None:
            m.rail_reason = self._no_rail_route(movement, position.start, end, north, enemies)
            return None
        cost = Fraction(ceil((len(hexes) - 1) / RAIL_HEXES_PER_MP))
        legal = allowance is None or cost <= allowance
        m.notes.append(f"by rail: {len(hexes) - 1} rail hexes, 1 MP per {RAIL_HEXES_PER_MP} (7.0); no command control "
                       f"needed (7.4 G)")
        reason = "" if legal else f"costs {mp_text(cost)} MP by rail, over the allowance of {mp_text(allowance)} (7.0)"
        return SimpleNamespace(total=cost, hexes=hexes, legal=legal, reason=reason)

    def _no_rail_route(self, movement, start, end, north, enemies):
        """Why no rail route joins start and end: which of 7.0, 7.2 C and 7.1 A / 7.2 B stops it."""
        links = self._rail_links()
        for h, verb in ((start, "starts"), (end, "ends")):
            if h not in links:
                return (f"{h} is not a rail hex: an entrained unit moves only along rail hexsides and {verb} its "
                        f"movement on a rail hex until it detrains (7.0, 11.3 C.1)")
        if _rail_route(links, start, end, lambda h: True) is None:
            return f"no rail line joins {start} and {end} (7.0)"
        route = _rail_route(links, start, end, north)
        if route is None:
            return f"every rail route from {start} to {end} runs south of the Potomac: the Union's rail runs north of it (7.2 C)"
        near = sorted({e for h in route for e in enemies if movement.distance(h, e) <= 1})
        return (f"every rail route from {start} to {end} passes in or next to an enemy combat unit (7.1 A, 7.2 B): "
                f"enemy combat units at {', '.join(near)}, in or beside the shortest")

    def _rail_unit(self, attributes, name, what):
        """7.0 (and its errata), 7.2 D: who may use the rail, and how many a phase (`what` the unit
        does: "ride", "entrained", "detrained" moving; "entrains", "detrains" in place; the option
        rail_limit says which count)."""
        reasons = []
        if attributes.get("side") != "Union":
            reasons.append("only Union units move by rail (7.0)")
        if attributes.get("type") == "cavalry":
            reasons.append("cavalry never moves by rail, face-down or not (7.0 errata)")
        counted = self.charts.option("rail_limit") == "entrained" or what in ("entrained", "entrains")
        if attributes.get("role") == "leader" or name in self.rail_units or not counted:
            return reasons
        self.rail_units.append(name)
        most = int(self.charts.rule("rail", "units_per_phase"))
        if len(self.rail_units) > most:
            reasons.append(f"{len(self.rail_units)} units on the rail this phase with {name} ("
                           f"{', '.join(self.rail_units[:-1])} before it): at most {most} infantry or dummy units "
                           f"(7.2 D)")
        return reasons

    def _rail_links(self):
        if not hasattr(self, "_links"):
            self._links = {}
            for terrain in self.companion.maps:
                for a, b, types in terrain.line_crossings():
                    if "rail" in types:
                        self._links.setdefault(a, set()).add(b)
                        self._links.setdefault(b, set()).add(a)
        return self._links

    def _note_in_place(self, moving, when):
        """Units entrained or detrained where they stood, seen before each move (`moving` its pieces;
        `when` says where in the log) and at the log's end: 7.0's conditions (all the unit's MP; a
        leader pays nothing, 7.2 D), counted against 7.2 D in the log's order."""
        for piece in self.game.pieces:
            if piece.is_stack or not piece.map or piece.id in self.moved or piece.id in self.in_place \
                    or piece.id in moving:
                continue
            now, then = self.companion.unit(piece, self.module), self.at_start.get(piece.id)
            if now is None or then is None or is_true(now.get("entrained")) == is_true(then.get("entrained")):
                continue
            view = self.game.map(piece.map)
            board, hex_name = self.hex_name(view, piece.x, piece.y)
            movement = self.movement(view.name, board) if hex_name else None
            if movement is None:
                continue
            what = "entrains" if is_true(now.get("entrained")) else "detrains"
            reasons = self._rail_unit(now, piece.name, what)
            if what == "entrains":
                if hex_name not in self._rail_links():
                    reasons.append(f"{hex_name} is not a rail hex (7.0)")
                elif NORTH not in movement.areas_at(hex_name):
                    reasons.append(f"{hex_name} is south of the Potomac: the Union's rail runs north of it (7.2 C)")
            if self._next_to_enemy(view, movement, piece, hex_name):
                reasons.append(f"{what[:-1]}s in or next to an enemy combat unit (7.2 B)")
            cost = "no MP, not counted against 7.2 D (a leader, 7.2 D)" if now.get("role") == "leader" else \
                "all its MP (7.0)"
            note = f"{what} in {hex_name}{', ' + when if when else ''}: {cost}"
            self.in_place[piece.id] = (self.judged, Verdict(None, view.name, (piece.name,), hex_name, hex_name, 0, None,
                                                            _allowance(now), not reasons, "; ".join(reasons),
                                                            [hex_name], note))

    def _after_moving(self):
        """Units that moved and then entrained or detrained: they had not all their MP left (7.0)."""
        out = []
        for piece in self.game.pieces:
            if piece.is_stack or not piece.map or piece.id not in self.moved:
                continue
            now = self.companion.unit(piece, self.module)
            if now is None or now.get("role") == "leader" or \
                    is_true(now.get("entrained")) == self.entrained_when_moved.get(piece.id):
                continue
            view = self.game.map(piece.map)
            board, hex_name = self.hex_name(view, piece.x, piece.y)
            what = "entrains" if is_true(now.get("entrained")) else "detrains"
            rode = what == "detrains" and is_true((self.at_start.get(piece.id) or {}).get("entrained"))
            if rode and self.charts.option("detrain_after_ride") == "yes":
                movement = self.movement(view.name, board)
                near = movement is not None and self._next_to_enemy(view, movement, piece, hex_name)
                reason = "detrains in or next to an enemy combat unit (7.2 B)" if near else ""
                note = f"detrains in {hex_name} at the end of its rail move (option detrain_after_ride, 11.3 C.1)"
                out.append(Verdict(None, view.name, (piece.name,), hex_name, hex_name, 0, None, _allowance(now),
                                   not near, reason, [hex_name], note))
                continue
            reason = f"{what} after moving this phase: {what[:-1]}ing takes all its MP (7.0)"
            if rode:
                reason += "; option detrain_after_ride = \"yes\" reads 11.3 C.1 as letting it detrain at the end"
            out.append(Verdict(None, view.name, (piece.name,), hex_name, hex_name, 0, None, _allowance(now), False,
                               reason, [hex_name], f"{what} in {hex_name}: all its MP (7.0)"))
        return out

    def _next_to_enemy(self, view, movement, piece, hex_name):
        side = self.companion.unit(piece, self.module).get("side")
        for other in self.game.pieces:
            if other.is_stack or other.map != piece.map:
                continue
            attributes = self.companion.unit(other, self.module)
            if attributes is None or attributes.get("side") in ("", side) or attributes.get("role") != "combat":
                continue
            h = self.hex_name(view, other.x, other.y)[1]
            if h is not None and movement.distance(h, hex_name) <= 1:
                return True
        return False

    # ---- 18.1 A, 18.3 E the Potomac ----

    def _potomac(self, verdict, m):
        north = NORTH in m.movement.areas_at(verdict.end)
        a = m.attributes
        if a.get("side") == "Confederate" and a.get("kind") == "dummy" and north:
            return ["a Confederate dummy never moves north of the Potomac (18.1 A)"]
        if a.get("side") == "Confederate" and a.get("type") == "cavalry" and a.get("class") != "cavalry" and north:
            return ["Confederate cavalry is north of the Potomac only face-up (18.1 A)"]
        if a.get("kind") in ("militia", "militia dummy") and not north:
            return ["militia never move south of the Potomac (18.3 E)"]
        return []


def _die_best(side, charts):
    """11.1: the most MP a d6 gives a unit out of command control (the Union subtracts one)."""
    return Fraction(6 + (int(charts.rule("movement", "no_command_union")) if side == "Union" else 0))


def _allowance(attributes):
    text = str(attributes.get("ma", "") or "").strip()
    return parse_mp(text) if text else None


def _rail_route(links, start, end, usable):
    """The fewest rail hexes from start to end along rail hexsides through usable hexes (both ends
    included), or None."""
    if start not in links or not usable(start):
        return None
    queue, seen = deque([(start, (start,))]), {start}
    while queue:
        here, path = queue.popleft()
        if here == end:
            return list(path)
        for nxt in sorted(links.get(here, ())):
            if nxt not in seen and usable(nxt):
                seen.add(nxt)
                queue.append((nxt, path + (nxt,)))
    return None
