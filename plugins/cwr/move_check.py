"""CWR moves judged (`adjutant check moves` with rules = "cwr"): the companion file's hex plus hexside
costs and road rate (3.0, 3.0a), frontal zones of control that stop a move (3.4), the stacking
penalty (3.2b) and 16 SP limit (3.2a), and the plugin's own rules over the log, read as one
Movement Phase: MP spent across a unit's moves, formation changes and their MP (3.1, 3.1c, 3.5,
read from the log's Formation changes), a unit that entered an enemy zone moving again (3.4),
units that started the phase stacked paying to leave (3.2b), Column, Mounted and Limbered
stacking (3.2a), enemy-occupied hexes (3.0b) and Close Combat's entry cost (7.0).

What a log cannot show is said in the verdict's note (docs/cwr.md): a forced march (3.7, announced),
the Gun Loss roll of a battery limbering in an enemy zone (3.5)."""
import re
from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil
from types import SimpleNamespace

from adjutant import ZoneOfControl
from adjutant.rules.move_check import MoveChecker, MoveVerdicts, Verdict
from adjutant.rules.moves import positions
from adjutant.rules.mp import mp_text, parse_mp

from .army import COMBAT_TYPES
from .charts import CwrCharts
from .close_combat_entry import entry_cost

CLAUSE = re.compile(r"\(\d\.\d")   # a refusal that names its clause: "(3.4)", "(3.0b, 7.2a)"
STACKING_MP = 2                 # 3.2b: to enter, and to leave, a hex with another friendly combat unit
MOVING_FORMATIONS = ("column", "mounted")   # 3.2a: never end a move stacked with another combat unit
SMALL_ARMS = ("infantry", "cavalry")
# The chart file's [formation_change] key for each change a unit type makes (3.1, 3.1c, 3.5).
CHANGE_KEYS = {("infantry", "line", "column"): "infantry_to_column",
               ("infantry", "column", "line"): "infantry_to_line",
               ("cavalry", "line", "mounted"): "cavalry_to_mounted",
               ("cavalry", "mounted", "line"): "cavalry_to_line",
               ("artillery", "unlimbered", "limbered"): "artillery_to_limbered"}


@dataclass(frozen=True)
class FormationChange:
    """A formation change's effect on a unit's MP: `used` the MP the unit has expended after it."""
    legal: bool
    cost: Fraction
    used: Fraction
    why: str
    clause: str


def formation_change(unit_type, before, after, used, allowances, charts):
    """3.1, 3.1c, 3.5: what changing from `before` to `after` costs a unit of `unit_type` that has
    used `used` MP; `allowances` its allowance in each formation, (before, after), None unknown: the
    change is paid from the formation it leaves, a battery's limbering from its limbered allowance
    (3.5: 3 MP, then the remaining 4)."""
    used = Fraction(used)
    allowance = allowances[1] if unit_type == "artillery" else allowances[0]
    if unit_type == "artillery" and (before, after) == ("limbered", "unlimbered"):
        if used:
            return FormationChange(False, Fraction(0), used, f"unlimbers after expending {mp_text(used)} MP: "
                                                             f"artillery unlimbers before any MP are expended (3.5)",
                                   "3.5")
        return FormationChange(True, Fraction(0), used, "unlimbers before expending any MP (3.5)", "3.5")
    key = CHANGE_KEYS.get((unit_type, before, after))
    if key is None:
        return FormationChange(False, Fraction(0), used, f"a {unit_type} unit has no change from {before or 'none'} "
                                                         f"to {after or 'none'} (3.1)", "3.1")
    cost = Fraction(int(charts.rule("formation_change", key)))
    clause = {"cavalry": "3.1c", "artillery": "3.5"}.get(unit_type, "3.1")
    if allowance is not None and used + cost > allowance:
        return FormationChange(False, cost, used + cost, f"changing {before} to {after} costs {mp_text(cost)} MP with "
                                                         f"{mp_text(max(allowance - used, Fraction(0)))} of "
                                                         f"{mp_text(allowance)} left ({clause})", clause)
    if key == "cavalry_to_mounted":
        after_used = (used + cost) * 2
        why = f"mounts: ({mp_text(used)} + {mp_text(cost)}) x 2 = {mp_text(after_used)} MP used (3.1c)"
    elif key == "cavalry_to_line":
        after_used = Fraction(ceil((used + cost) / 2))
        why = f"dismounts: ({mp_text(used)} + {mp_text(cost)}) / 2 rounded up = {mp_text(after_used)} MP used (3.1c)"
    else:
        after_used = used + cost
        why = f"{before} to {after}: {mp_text(cost)} MP, {mp_text(after_used)} used ({clause})"
    return FormationChange(True, cost, after_used, why, clause)


def for_moves(context):
    """The move check of the log (or of the moves from the save `before`), as one Movement Phase."""
    return CwrMoveChecker(context.game, context.module, context.companion, context.charts, before=context.before)


# The demo's Confederate Movement Phase (cwr-demo.vsav): each step a move (unit, hex) or a
# formation change (unit, "formation=NEW"), with what the check finds.
DEMO_PHASE = [
    ("14th Tennessee", "A7.01"),              # 9 MP in Column of 8: illegal; a Forced March would allow it (3.7)
    ("7th Tennessee", "A4.06"),               # legal: into the Union's zone, where it stops (3.4)
    ("7th Tennessee", "A4.05"),               # illegal: it entered an enemy zone (3.4)
    ("17th Virginia Cavalry", "A3.06"),       # legal: all 6 MP in Line
    ("17th Virginia Cavalry", "formation=mounted"),   # illegal: mounting costs 1 MP, none left (3.1c)
    ("2nd Mississippi", "formation=column"),  # legal: 1 MP (the demo chart's example cost, 3.1)
    ("2nd Mississippi", "A3.10"),             # illegal: a Column unit ends stacked with 55th North Carolina (3.2a)
    ("Marye's Battery", "A3.08"),             # legal: one Limbered battery with Unlimbered artillery (3.2a)
    ("Marye's Battery", "formation=unlimbered"),  # illegal: it has moved (3.5)
    ("Pegram's Battery", "A3.07"),            # illegal: Unlimbered artillery moves only limbered (3.5)
    ("1st Tennessee", "A5.05"),               # legal: a Close Combat into 19th Indiana, terrain + 1 MP (7.0)
]


def demo_step(ws):
    """The demo's `check moves`: DEMO_PHASE written as a log of cwr-demo.vsav, judged."""
    import adjutant
    from adjutant.procedures.demo import DemoFile
    from . import plugin
    from .demo import CHARTS_COPY, DEMO_SAVE
    from .demo.module import BOARD_NAME, MAP_NAME

    game = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    pieces = {p.name: p.id for p in game.pieces if not p.is_stack}
    for name, what in DEMO_PHASE:
        if what.startswith("formation="):
            game.set_property(pieces[name], "Formation", what.split("=", 1)[1])
        else:
            game.move_piece(pieces[name], MAP_NAME, *game.map(MAP_NAME).point_of(what, BOARD_NAME))
    _, illegal = plugin.judge_demo_log(ws, game, CHARTS_COPY)
    return [DemoFile("moves.vlog", f"{DEMO_SAVE} plus a Confederate Movement Phase: {len(DEMO_PHASE)} moves and "
                                   f"formation changes"),
            DemoFile("moves.txt", f"the move check, each verdict with its clause: illegal: {illegal}")]


class NoZones(ZoneOfControl):
    """No zone anywhere: the search that tells a zone stop from a move too long."""

    def controlled(self, hex):
        return False

    def step(self, from_hex, to_hex, first, used_line):
        return None


@dataclass
class MoveAtHand:
    """What the checker learns about the move being judged, for the verdict."""
    ids: list
    units: list                     # the moving units' attributes
    used: Fraction                  # MP they had used this phase before the move
    reasons: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    entered_zone: bool = False      # the move ended in an enemy zone it entered (3.4)
    end_in_zone: bool = False
    close_combat: bool = False      # the move enters a hex of enemy combat units (7.0)
    forced: str = ""                # what a forced march would have allowed (3.7)
    base: Fraction = None           # the force's allowance for the whole phase (None: none)
    hexes: list = field(default_factory=list)   # every hex name of the move's map (for neighbours)
    stacking: dict = field(default_factory=dict)  # path hexes -> the stacking MP its steps pay, said (3.2b)


class CwrMoveChecker(MoveChecker):
    """`before`: the save the moves start from (judging two saves); a log's phase starts at its first
    position."""

    def __init__(self, game, module, companion, charts=None, before=None):
        super().__init__(game, module, companion)
        self.charts = CwrCharts.load(charts)
        self.before_game = before
        self.at_start = {}      # piece id -> (attributes, hex) at the phase's start
        self.used = {}          # piece id -> MP it has expended this phase
        self.changed = set()    # pieces that changed formation this phase (3.7)
        self.stopped = {}       # piece id -> where it entered an enemy zone (3.4)
        self.events = []        # a log's formation changes: (step, piece id, before, after, hex, in enemy zone)
        self.moving = []        # a log's steps that move pieces on a map: (step, piece ids), in order (3.0d)
        self.change_verdicts = []
        self.current = None
        self._hex_names = {}

    def unit(self, piece_id):
        """(name, attributes) read now: a unit's class and allowance follow its formation."""
        try:
            piece = self.game.piece(piece_id)
        except Exception:  # a piece removed since
            return None
        return piece.name, self.companion.unit(piece, self.module)

    # ---- the phase ----

    def check(self, moves=None):
        start = self.before_game if moves is not None else self.game
        if moves is None:
            self.game.seek(0)
        self.at_start = self._units_of(start)
        if moves is None:
            self.events = self._formation_changes()
        verdicts = super().check(moves)
        notes = verdicts.notes
        self._apply_changes(None)
        if moves is not None:
            self._changes_between_saves()
        everything = sorted(list(verdicts) + self.change_verdicts,
                            key=lambda v: (v.step is None, v.step or 0))
        return MoveVerdicts(everything, notes)

    def _units_of(self, game):
        """{piece id: (attributes, hex, map view)} for every unit on a map the companion file describes."""
        return {piece.id: (attributes, hex_name, view)
                for piece, attributes, (view, _), hex_name in self.placed_units(game)}

    def _formation_changes(self):
        """A log's Formation changes, in order, with whether the unit stood in an enemy zone then
        (3.5), and its steps that move pieces (self.moving); leaves the game at its start for the moves."""
        last = {pid: a for pid, (a, _, _) in self.at_start.items()}
        events = []
        self.moving = []
        while self.game.position < self.game.step_count:
            effect = self.game.step_forward()
            moved = {p.id for p in effect.pieces if p.moved and p.to_place.map}
            if moved:
                self.moving.append((effect.step, moved))
            for piece in effect.pieces:
                if not piece.changed or piece.id not in last or piece.removed:
                    continue
                now = self.companion.unit(self.game.piece(piece.id), self.module) or {}
                if now.get("formation", "") != last[piece.id].get("formation", ""):
                    where = self._where_is(piece.id)
                    if where is not None:
                        in_zone = self._in_enemy_zone(piece.id, now, *where)
                        events.append((effect.step, piece.id, last[piece.id], now, where[0], in_zone))
                last[piece.id] = now
        self.game.seek(0)
        return events

    def _where_is(self, pid):
        """(hex, map view, Movement) of a piece on a map the companion file describes, else None."""
        piece = self.game.piece(pid)
        if not piece.map:
            return None
        view = self.game.map(piece.map)
        board, hex_name = self.hex_name(view, piece.x, piece.y)
        movement = self.movement(view.name, board) if hex_name else None
        return None if movement is None else (hex_name, view, movement)

    def _in_enemy_zone(self, pid, attributes, hex_name, view, movement):
        if not movement.has_zones:
            return False
        position = self._position(view, movement, {attributes.get("side")}, {pid}, positions(self.game))
        return movement.zones(units=position.units).controlled(hex_name)

    def _apply_changes(self, step):
        """Judges the formation changes the log made before `step` (all that are left for None)."""
        while self.events and (step is None or self.events[0][0] < step):
            at, pid, before_attributes, after_attributes, hex_name, in_zone = self.events.pop(0)
            before, after = before_attributes.get("formation", ""), after_attributes.get("formation", "")
            name = self.game.piece(pid).name
            view = self.at_start[pid][2]
            attributes = after_attributes
            allowances = (_allowance(before_attributes), _allowance(after_attributes))
            used = self.used.get(pid, Fraction(0))
            change = formation_change(attributes.get("type", ""), before, after, used, allowances, self.charts)
            reasons = [] if change.legal else [change.why]
            notes = [change.why] if change.legal else [f"{before} to {after}"]
            if attributes.get("type") == "artillery" and after == "unlimbered" and in_zone:
                reasons.append(f"unlimbers in an enemy zone of control in {hex_name}: never (3.5)")
            if attributes.get("type") == "artillery" and after == "limbered" and in_zone:
                notes.append(f"limbers in an enemy zone of control: roll on the Gun Loss Table for the guns it loses "
                             f"(3.5); the log does not show the roll")
            # The MP left before the change, in the allowance it is paid from (3.5: limbering from the limbered).
            paid_from = allowances[1] if attributes.get("type") == "artillery" and after == "limbered" else allowances[0]
            left = None if paid_from is None else max(Fraction(0), paid_from - used)
            self.used[pid] = change.used
            self.changed.add(pid)
            self.change_verdicts.append(Verdict(at, view.name, (name,), hex_name, hex_name, 0, change.cost,
                                                left, not reasons, "; ".join(reasons), [hex_name],
                                                "; ".join(notes)))

    def _changes_between_saves(self):
        """Two saves do not say whether a unit changed formation before or after it moved: noted, not
        judged (3.5's unlimbering after moving is judged: illegal either way)."""
        end = self._units_of(self.game)
        for pid, (attributes, hex_name, view) in end.items():
            then = self.at_start.get(pid)
            if then is None or then[0].get("formation", "") == attributes.get("formation", ""):
                continue
            before, after = then[0].get("formation", ""), attributes.get("formation", "")
            moved = then[1] != hex_name
            reasons = []
            if attributes.get("type") == "artillery" and after == "unlimbered" and moved:
                reasons.append("moved and unlimbered: artillery that moves cannot unlimber in the same Movement "
                               "Phase (3.5)")
            note = (f"{before} to {after} between the two saves: whether before or after its move they do not say, so "
                    f"its MP are not judged (give the log)")
            self.change_verdicts.append(Verdict(None, view.name, (self.game.piece(pid).name,), hex_name, hex_name, 0,
                                                None, None, not reasons if reasons else None, "; ".join(reasons),
                                                [hex_name], note))

    # ---- one move ----

    def judge(self, move, before):
        if move.step is not None:
            self._apply_changes(move.step)
        found = [(pid, self.unit(pid)) for pid in move.pieces]
        units = [(pid, f[1]) for pid, f in found if f is not None and f[1] is not None]
        if not units:
            return super().judge(move, before)
        ids = [pid for pid, _ in units]
        used = max(self.used.get(pid, Fraction(0)) for pid in ids)
        self.current = m = MoveAtHand(ids, [a for _, a in units], used)
        view = self.game.map(move.map)
        m.hexes = self._hexes(view, self.hex_name(view, *move.start)[0])
        verdict = super().judge(move, before)
        self.current = None
        if verdict is None or verdict.legal is None:
            return verdict
        self._verdict(verdict, move, m, before)
        for pid in ids:
            if verdict.cost is not None:
                self.used[pid] = self.used.get(pid, Fraction(0)) + verdict.cost
            if m.entered_zone and pid not in self.stopped:
                self.stopped[pid] = f"{verdict.end} at {verdict.where}"
        return verdict

    def _hexes(self, view, board):
        """Every hex name of the Movement a move's board belongs to (where a Close Combat looks for the
        hexes next to its target)."""
        movement = self.movement(view.name, board)
        if movement is None:
            return []
        key = (view.name, id(movement))
        if key not in self._hex_names:
            self._hex_names[key] = [movement.map_hex(b, view.hex_grid(b).name(h))
                                    for b in ([b for b in movement.boards if b] or [board])
                                    for h in view.hex_grid(b).hexes()]
        return self._hex_names[key]

    def _verdict(self, verdict, move, m, before):
        reasons = [verdict.reason] if verdict.reason else []
        reasons = [r for r in reasons if not (r == "no legal path" and m.reasons)]
        for pid, attributes in zip(m.ids, m.units):
            name = self.game.piece(pid).name
            if pid in self.stopped and not m.close_combat:
                reasons.append(f"{name} entered an enemy zone of control in {self.stopped[pid]}: it ceases all "
                               f"movement for the turn (3.4)")
            if attributes.get("type") == "artillery" and attributes.get("formation") == "unlimbered":
                reasons.append(f"{name} is unlimbered: it limbers first, 3 MP, before it moves (3.5)")
        if m.used and verdict.cost is not None and verdict.allowance is not None and verdict.cost > verdict.allowance \
                and not any("over the allowance" in r for r in reasons):
            # The search grants the one-hex move (3.0c), which is only for a unit that has not moved.
            stacking = m.stacking.get(tuple(verdict.path or ()), [])
            reasons.append(f"costs {mp_text(verdict.cost)} MP, {mp_text(m.used + verdict.cost)} this phase, over the "
                           f"allowance of {mp_text(m.base)} (3.0)" + "".join(f"; in it {s}" for s in stacking))
        reasons += m.reasons
        if not m.reasons and not m.close_combat:
            reasons += self._stacking(verdict, m, before)
        reasons = [r if CLAUSE.search(r) else f"{r} (3.0)" for r in reasons]
        if reasons and m.forced:
            reasons[0] += f"; {m.forced}"
        if verdict.path and verdict.distance is not None and len(verdict.path) - 1 > verdict.distance:
            m.notes.insert(0, f"judged along {'-'.join(verdict.path)}, {len(verdict.path) - 1} hexes: the straight "
                              f"line is not the cheapest legal path")
        if verdict.path:
            m.notes += m.stacking.get(tuple(verdict.path), [])
        if m.used:
            m.notes.append(f"{mp_text(m.used)} MP used earlier this phase")
        verdict.legal = not reasons
        verdict.reason = "; ".join(reasons)
        verdict.note = "; ".join(filter(None, [verdict.note] + m.notes))

    def allowance(self, movers, allowances, sides):
        base = super().allowance(movers, allowances, sides)
        if base is None or self.current is None:
            return base
        self.current.base = base
        return max(Fraction(0), base - self.current.used)

    def over_stack_limits(self, movement, units, hex_name):
        """3.2a: 16 SP a hex (the companion file's [[movement.stack_limit]])."""
        return [f"{problem} (3.2a)" for problem in super().over_stack_limits(movement, units, hex_name)]

    def leaving_cost(self, movement, position):
        """3.2b: a combat unit that started the phase stacked with another friendly combat unit pays
        +2 MP to leave that hex even when the other has gone (while it is there the companion file's
        `stacking` charges it)."""
        m = self.current
        if m is None or m.used or not any(a.get("type") in COMBAT_TYPES for a in m.units):
            return 0
        if any(h == position.start and u.attributes.get("type") in COMBAT_TYPES for h, u in position.friendly_units):
            return 0
        for pid in m.ids:
            started = self.at_start.get(pid)
            if started is None or started[1] != position.start:
                continue
            if any(other not in m.ids and h == position.start and a.get("side") == started[0].get("side")
                   and a.get("type") in COMBAT_TYPES for other, (a, h, _) in self.at_start.items()):
                m.notes.append(f"+{STACKING_MP} MP to leave {position.start}: it started the phase stacked with "
                               f"another friendly combat unit (3.2b)")
                return STACKING_MP
        return 0

    def obstacle(self, unit, unit_class):
        """3.0b: enemy combat units bar their hex (Close Combat aside); a lone enemy leader, HQ or
        wagon bars it only to a force without infantry or cavalry."""
        if unit.get("type") in COMBAT_TYPES:
            return True
        m = self.current
        return m is not None and not any(a.get("type") in SMALL_ARMS for a in m.units)

    def find_path(self, movement, position, end, classes, allowance, zones, other=None):
        path = self._find_path(movement, position, end, classes, allowance, zones, other)
        if self.current is not None and path is not None and getattr(path, "steps", None):
            self.current.stacking[tuple(path.hexes)] = self._stacking_costs(path, position)
        return path

    @staticmethod
    def _stacking_costs(path, position):
        """3.2b: each step's stacking MP (the companion file's `stacking`: entering and leaving a hex
        of friendly units), said with the units whose hex it enters or leaves."""
        said = []
        for step in path.steps:
            mp = Fraction(step["stacking"])
            if not mp:
                continue
            parts = []
            for verb, hex_name in (("leaving", step["from_hex"]), ("entering", step["to_hex"])):
                names = [u.name for h, u in position.friendly_units if h == hex_name]
                if names:
                    parts.append(f"{verb} {hex_name}, the hex of {', '.join(names)}")
            said.append(f"+{mp_text(mp)} MP stacking on {step['from_hex']}-{step['to_hex']}"
                        + (f": {' and '.join(parts)}" if parts else "") + " (3.2b)")
        return said

    def _find_path(self, movement, position, end, classes, allowance, zones, other=None):
        m = self.current
        if m is None:
            return super().find_path(movement, position, end, classes, allowance, zones, other)
        enemy_combat = {u.hex for u in position.units if not u.friendly and u.kind == "combat"}
        if end in enemy_combat:
            return self._close_combat(movement, position, end, classes, allowance, zones, m)
        if end in position.enemy_hexes:
            m.reasons.append(f"{end} holds an enemy unit: leaders, HQs, wagons and artillery enter it only with "
                             f"infantry or cavalry (3.0b)")
            return None
        path = super().find_path(movement, position, end, classes, allowance, zones, other)
        zone_model = zones if zones is not None else (movement.zones(units=position.units) if movement.has_zones
                                                      else None)
        if path is not None and path.legal and zone_model is not None:
            m.end_in_zone = zone_model.controlled(end)
            m.entered_zone = m.end_in_zone and end != position.start
        if path is not None and path.legal or zone_model is None:
            self._forced_march(movement, position, end, classes, allowance, zones, m, path)
            return path
        free = movement.path(position.start, end, classes, allowance, zones=movement.python_zones(NoZones()),
                             units=position.units)
        if free is not None and free.legal:
            m.reasons.append(f"every path to {end} within its {mp_text(allowance)} MP enters an enemy zone of control "
                             f"before the end, or leaves one straight into another: entering one stops the move "
                             f"(3.4)")
            return SimpleNamespace(total=free.total, hexes=free.hexes, legal=False, reason="")
        self._forced_march(movement, position, end, classes, allowance, zones, m, path)
        return path

    def _close_combat(self, movement, position, end, classes, allowance, zones, m):
        """7.0: a move into a hex of enemy combat units is a Close Combat, judged only for its entry:
        the cheapest way to a hex next to it, then the target hex's terrain and hexside cost plus one."""
        names = [self.game.piece(pid).name for pid in m.ids]
        m.close_combat = True
        if not any(a.get("type") in SMALL_ARMS for a in m.units):
            m.reasons.append(f"{end} holds enemy combat units: only a Close Combat enters it, and only infantry or "
                             f"cavalry attack, leaders with them (3.0b, 7.2a)")
            return None
        for name, a in zip(names, m.units):
            if a.get("type") == "artillery":
                m.reasons.append(f"{name}: artillery may never attack by Close Combat (7.2a)")
        best = None
        for hex_name in m.hexes:
            if movement.distance(hex_name, end) != 1 or hex_name in position.enemy_hexes:
                continue
            if hex_name == position.start:
                to = SimpleNamespace(total=Fraction(0), hexes=[hex_name], legal=True)
            else:
                to = movement.path(position.start, hex_name, classes, None, zones=zones, units=position.units)
            if to is None or not to.legal:
                continue
            step = movement.explain([hex_name, end], classes)
            target = Fraction(step.total)
            total = Fraction(to.total) + entry_cost(target, self.charts)
            if best is None or total < best[0]:
                best = (total, list(to.hexes) + [end], target)
        if best is None:
            m.reasons.append(f"no path to a hex next to {end} for the Close Combat (7.0)")
            return None
        total, hexes, target = best
        legal = allowance is None or total <= allowance
        extra = entry_cost(target, self.charts) - target
        m.notes.append(f"a Close Combat into {end}: judged for its entry, terrain {mp_text(target)} + {mp_text(extra)} "
                       f"MP (7.0); the attack itself is the close combat procedure's")
        reason = "" if legal else (f"the Close Combat costs {mp_text(total)} MP to enter {end} (terrain "
                                   f"{mp_text(target)} + {mp_text(extra)}, 7.0), over the "
                                   f"{mp_text(allowance)} MP left; the one-hex move never makes one (3.0c)")
        return SimpleNamespace(total=total, hexes=hexes, legal=legal, reason=reason)

    def _forced_march(self, movement, position, end, classes, allowance, zones, m, path):
        """3.7: a move over the allowance that a forced march would cover is illegal as the log shows it
        (a forced march is announced, not in the log): the verdict's note says so. The same for a unit
        that has moved and goes on one hex past its allowance (the search's one-hex move, 3.0c, is only
        for a unit that has not moved), counting what it spent earlier in the phase."""
        if path is None or allowance is None or len(m.ids) != 1:
            return
        if path.legal and not (m.used and path.total > allowance):
            return
        pid, attributes = m.ids[0], m.units[0]
        started = self.at_start.get(pid)
        if attributes.get("type") != "infantry" or started is None or started[0].get("formation") != "column" \
                or pid in self.changed or attributes.get("state") in ("dg", "r"):
            return
        per_check = Fraction(int(self.charts.rule("forced_march", "extra_mp")))
        limit = Fraction(int(self.charts.rule("forced_march", "limit")))
        left = allowance - max(Fraction(0), m.used - m.base)   # below 0 once the unit has gone past its allowance
        most = left + min(2 * per_check, limit)
        if self.charts.option("forced_march_limit") == "total":
            most = min(left + 2 * per_check, limit - m.used)
        if most <= max(left, Fraction(0)):
            return
        forced = movement.path(position.start, end, classes, most, zones=zones, units=position.units)
        if forced is not None and forced.legal and forced.total <= most:
            checks = 1 if forced.total - left <= per_check else 2
            m.forced = (f"a Forced March would allow it (3.7): {checks} straggler check{'s' if checks > 1 else ''} "
                        f"for +{mp_text(per_check * checks)} MP, which the log does not show (it is announced)")

    # ---- 3.2a stacking at the end of a move ----

    def _movement_ends(self, step, ids):
        """The pieces of `ids` whose movement ends with the log's `step` (3.0d: one unit or stack moves
        at a time): those the next step that moves pieces does not move on; all of them at the log's end
        or between two saves (`step` None)."""
        if step is None:
            return set(ids)
        following = next((moved for at, moved in self.moving if at > step), set())
        return {pid for pid in ids if pid not in following}

    def _stacking(self, verdict, m, before):
        """3.2a: Column and Mounted units end no move stacked with another combat unit; one Limbered
        battery stacks with Line units and Unlimbered artillery, two only with each other. Judged where
        a mover's movement ends: a step it moves on from passes through (3.2a: they "can move through")."""
        ending = self._movement_ends(verdict.step, m.ids)
        if not ending:
            return []
        view = self.game.map(verdict.map)
        there = []
        for pid, (map_id, x, y) in before.items():
            if pid in m.ids or map_id != view.save_id:
                continue
            found = self.unit(pid)
            if found is None or found[1] is None or found[1].get("side") != m.units[0].get("side"):
                continue
            if self.hex_name(view, x, y)[1] == verdict.end:
                there.append((found[0], found[1]))
        movers = [(self.game.piece(pid).name, a) for pid, a in zip(m.ids, m.units) if pid in ending]
        combat = [(n, a) for n, a in movers + there if a.get("type") in COMBAT_TYPES]
        reasons = []
        if len(combat) > 1:
            for name, a in combat:
                if a.get("formation") in MOVING_FORMATIONS:
                    reasons.append(f"{name} ({a.get('formation')}) ends a move stacked with another combat unit in "
                                   f"{verdict.end} (3.2a)")
        limbered = [n for n, a in combat if a.get("type") == "artillery" and a.get("formation") == "limbered"]
        others = [n for n, a in combat if n not in limbered]
        if len(limbered) > 2:
            reasons.append(f"{len(limbered)} Limbered batteries in {verdict.end}: at most two stack together (3.2a)")
        elif len(limbered) == 2 and others:
            reasons.append(f"two Limbered batteries in {verdict.end} with {', '.join(others)}: two stack only with "
                           f"each other (3.2a)")
        return reasons


def _allowance(attributes):
    """A unit's allowance (its `ma`: the companion file's [units] gives it by type and formation), None
    where it has none."""
    text = str(attributes.get("ma", "") or "").strip()
    return parse_mp(text) if text else None
