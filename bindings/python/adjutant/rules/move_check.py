"""Every move of a log judged by the companion file's movement rules (`adjutant check moves`).

For each step that moves pieces on a map's hex boards (across boards where their grids continue),
the cheapest legal path from where they were to where they went is found with every other piece
where it stood at that moment: enemy units (another side's) block or cost as [movement] says, and
exert zones of control; the mover's side's other units cost stacking penalties, and the stack it
ends in must keep the stacking limits. The verdict names the pieces, the step and VASSAL's hex
names, with the path's cost and the reasons when illegal. Moves on maps the companion file does not
describe are not judged: the result's notes count them.
"""
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from .companion_rules import CheckError, CompanionRules
from .moves import log_moves
from .mp import mp_text, parse_mp
from .stack_limits import over_stack_limits
from adjutant import PositionUnit, StackedUnit, StackingError


@dataclass
class Verdict:
    step: Optional[int]            # counted from 1 as VASSAL's step-through; None between two saves
    map: str
    pieces: tuple                  # names
    start: str                     # hex names
    end: str
    distance: Optional[int] = None  # hexes as the crow flies, or counted along the way of `means`
    cost: Optional[Fraction] = None  # MP of the cheapest legal path
    allowance: Optional[Fraction] = None  # MP the force had left when the step began ("MP left")
    legal: Optional[bool] = None   # None: not judged (see note)
    reason: str = ""
    path: list = field(default_factory=list)
    note: str = ""
    means: str = ""   # a move made by other means than MP ("rail"): its hexes counted along it, no MP spent

    @property
    def where(self):
        """'step 12', or where the move went between two saves, for messages."""
        return f"step {self.step}" if self.step is not None else f"the move {self.start} -> {self.end}"

    def as_json(self):
        d = dict(self.__dict__)
        d["pieces"] = list(self.pieces)
        for key in ("cost", "allowance"):
            d[key] = None if d[key] is None else mp_text(d[key])
        return d


class MoveVerdicts(list):
    """A game's verdicts, with `notes` on the moves that were not judged and why."""

    def __init__(self, verdicts=(), notes=()):
        super().__init__(verdicts)
        self.notes = list(notes)


def _mp(text, where):
    try:
        return parse_mp(text)
    except ValueError:
        raise CheckError(f"{where}: movement allowance {text!r} is not a number of MP (such as 6 or 6 1/2)") from None


class MoveChecker(CompanionRules):
    """Judges the moves of one game; keeps each piece's unit attributes and each map's search.
    `state`: the map state (adjutant.rules.map_state) the moves are judged on, none by default."""

    def __init__(self, game, module, companion, state=None):
        super().__init__(module, companion, state)
        self.game = game
        self._units = {}
        self._undescribed = Counter()  # moves not judged, by where they were

    def unit(self, piece_id):
        if piece_id not in self._units:
            try:
                piece = self.game.piece(piece_id)
            except Exception:  # a piece removed since: it is no longer on any map
                return None
            self._units[piece_id] = (piece.name, self.companion.unit(piece, self.module))
        return self._units[piece_id]

    def check(self, moves=None):
        """A verdict for each move of `moves` ((move, positions before it) pairs: adjutant.rules.moves),
        by default the game's log's, as MoveVerdicts: moves on boards the companion file does not
        describe are counted in its notes, not judged."""
        self._undescribed = Counter()
        judged = (self.judge(move, before) for move, before in (log_moves(self.game) if moves is None else moves))
        verdicts = [verdict for verdict in judged if verdict is not None]
        notes = [f"{n} move{'' if n == 1 else 's'} on {where}, which the companion file does not describe: not judged"
                 for where, n in self._undescribed.items()]
        return MoveVerdicts(verdicts, notes)

    def judge(self, move, before):
        view = self.game.map(move.map)
        board, start = self.hex_name(view, *move.start)
        end_board, end = self.hex_name(view, *move.end)
        if start is None or end is None:
            return None  # off the hex boards: not a move on the map
        movement = self.movement(view.name, board)
        if movement is None:
            described = any(t.map == view.name for t in self.companion.maps)
            self._undescribed[f"map {view.name!r}" + (f", board {board!r}" if described else "")] += 1
            return None
        verdict = Verdict(move.step, view.name, move.names, start, end)
        if self.movement(view.name, end_board) is not movement:
            verdict.note = (f"from board {board!r} to {end_board!r}: their hex grids are not one (or the companion "
                            f"file describes only one of them), so the move is not judged")
            return verdict
        verdict.distance = movement.distance(start, end)

        classes, allowances, sides, movers = [], [], set(), []
        for piece_id in move.pieces:
            found = self.unit(piece_id)
            if found is None or found[1] is None:
                continue  # a marker, not a unit
            name, unit = found
            where = f"{verdict.where}, piece {name!r}"
            cls = self.unit_class(movement, unit, where)
            classes.append(cls)
            movers.append(StackedUnit(name, cls, unit))
            if movement.allowance_attribute and unit.get(movement.allowance_attribute):
                allowances.append(_mp(unit[movement.allowance_attribute], where))
            if unit.get(movement.side_attribute):
                sides.add(unit[movement.side_attribute])
        if not classes:
            verdict.note = "no unit moved (markers only)"
            return verdict
        position = self._position(view, movement, sides, set(move.pieces), before)
        position.start, position.movers = start, movers
        verdict.allowance = self.allowance(movers, allowances, sides)
        leaving = Fraction(self.leaving_cost(movement, position))
        zones = self.zones(movement, position, sides)
        left = None if verdict.allowance is None else verdict.allowance - leaving
        path = self.find_path(movement, position, end, classes, left, zones)
        reasons = []
        unmet = ""
        if path is not None and not path.legal:
            other, unmet = self._another_way(movement, end, classes, position, sides, verdict)
            path = other or path
        if path is None:
            reasons.append("no legal path")
        else:
            verdict.cost, verdict.path = path.total + leaving, path.hexes
            if not path.legal and leaving and path.total > left:
                reasons.append(f"costs {mp_text(verdict.cost)} MP with {mp_text(leaving)} to leave the start hex, over "
                               f"the allowance of {mp_text(verdict.allowance)}" + (f" ({unmet})" if unmet else ""))
            elif not path.legal:
                reasons.append(path.reason + (f" ({unmet})" if unmet else ""))
        try:
            stacked = movers + [u for hex_, u in position.friendly_units if hex_ == end]
            reasons += [f"stacking limit exceeded at the end: {p}" for p in self.over_stack_limits(movement, stacked, end)]
        except StackingError as e:
            raise CheckError(f"{verdict.where}: {e}") from None
        verdict.legal = not reasons
        verdict.reason = "; ".join(reasons)
        return verdict

    def _another_way(self, movement, end, classes, position, sides, verdict):
        """The path the first of the game's other ways of moving allows (`other_ways`) where one is
        legal, and what the verdict says of those that are not."""
        unmet = []
        for other in self.other_ways(movement, position, sides):
            if other.allowance is not None:  # None: the way does not apply here, and `unmet` says why
                path = self.find_path(movement, position, end, classes, other.allowance, other.zones, other)
                if path is not None and path.legal:
                    verdict.allowance = other.allowance
                    verdict.note = other.note
                    return path, ""
            unmet.append(other.unmet)
        return None, "; ".join(filter(None, unmet))

    def placed_units(self, game):
        """(piece, unit attributes, (map view, board), hex name) of every unit of `game` (a piece
        the companion file makes a unit with a side) in a hex of a board the file describes."""
        for piece in game.pieces:
            if piece.is_stack or not piece.map:
                continue
            attributes = self.companion.unit(piece, self.module)
            if attributes is None or not attributes.get("side"):
                continue
            view = game.map(piece.map)
            board, hex_name = self.hex_name(view, piece.x, piece.y)
            if hex_name is not None and self.movement(view.name, board) is not None:
                yield piece, attributes, (view, board), hex_name

    # What a game's rules may judge otherwise (plugins subclass MoveChecker):

    def find_path(self, movement, position, end, classes, allowance, zones, other=None):
        """The cheapest legal path from position.start to end (.total, .hexes, .legal, .reason), or
        None: by default the search's over [movement]'s costs, among the position's units (`zones`
        None: the zones the companion file's model gives them), or for the game's other way of moving
        (`other`, an OtherWay: its enemy hexes and zones)."""
        if other is None:
            return movement.path(position.start, end, classes, allowance, zones=zones, units=position.units)
        return movement.path(position.start, end, classes, allowance, other.enemy_hexes, zones,
                             friendly=position.friendly)

    def over_stack_limits(self, movement, units, hex_name):
        """Why the StackedUnits ending a move in `hex_name` break [movement]'s stacking limits, one
        sentence per limit (adjutant.rules.stack_limits); a plugin may add its clause."""
        return over_stack_limits(movement, units, hex_name)

    def leaving_cost(self, movement, position):
        """MP the force pays to leave its start hex before its first step (position.start): by default none."""
        return 0

    def exerts_zone(self, unit, unit_class):
        """Whether another side's unit exerts its zone of control ([movement.zones]): by default yes."""
        return True

    def other_ways(self, movement, position, sides):
        """Other allowances the force may move with when its own does not reach, each under conditions
        given as the enemy hexes and zones of another search (OtherWays), tried in order: by default none."""
        return []

    def allowance(self, movers, allowances, sides):
        """The moving force's allowance: by default its slowest unit's."""
        return min(allowances) if allowances else None

    def zones(self, movement, position, sides):
        """The zones of control the mover meets; None for the companion file's [movement.zones] of
        the position's units (the default)."""
        return None

    def obstacle(self, unit, unit_class):
        """Whether another side's unit counts as an enemy unit in its hex ([movement] enemy_hexes)."""
        return True

    def _position(self, view, movement, sides, moving, before):
        """Where the other units on the boards of this movement stood: other sides' hexes and the
        zones their classes exert, the mover's side's units for stacking."""
        position = Position()
        if not sides:
            return position
        for piece_id, (map_id, x, y) in before.items():
            if piece_id in moving or map_id != view.save_id:
                continue
            found = self.unit(piece_id)
            if found is None or found[1] is None:
                continue
            name, unit = found
            side = unit.get(movement.side_attribute)
            board, hex_name = self.hex_name(view, x, y)
            if not side or hex_name is None or self.movement(view.name, board) is not movement:
                continue
            cls = unit.get(movement.class_attribute)
            known = cls if cls in movement.classes else None
            kind = self.unit_kind(movement, unit, f"piece {name!r}")
            if side in sides:
                if known:
                    position.friendly.append((hex_name, cls))
                position.friendly_units.append((hex_name, StackedUnit(name, cls, unit)))
                position.units.append(PositionUnit(hex_name, True, unit_class=known, kind=kind))
                continue
            position.enemy_units.append(hex_name)
            blocks = self.obstacle(unit, cls)
            if blocks:
                position.enemy_hexes.append(hex_name)
            facing = unit.get(movement.facing_attribute) if movement.facing_attribute else None
            facing = int(facing) if facing not in (None, "") else None
            exerts = self.exerts_zone(unit, cls)
            if (not movement.zone_classes or cls in movement.zone_classes) and exerts:
                position.zone_sources.append((hex_name, facing))
            position.units.append(PositionUnit(hex_name, False, unit_class=known, kind=kind, facing=facing, zone=exerts,
                                               blocks=blocks))
        return position


@dataclass(frozen=True)
class OtherWay:
    """Another allowance for a move (MoveChecker.other_ways): the search runs again with these."""

    allowance: Optional[Fraction]  # None: this way does not apply to the move (`unmet` says why)
    note: str                  # why it applies, for the verdict
    unmet: str                 # what a verdict adds when even this way does not reach
    enemy_hexes: list = field(default_factory=list)
    zones: object = None       # the zones of the second search (adjutant Zones), None for none


@dataclass
class Position:
    """The other units around a move, as the search and the stacking limits want them: `units` (the
    adjutant.PositionUnits the search and the zone model read), and the same as lists for plugins."""

    units: list = field(default_factory=list)          # PositionUnit, every other unit

    enemy_hexes: list = field(default_factory=list)    # hex names of the units that block or cost
    enemy_units: list = field(default_factory=list)    # hex names of every other side's unit
    zone_sources: list = field(default_factory=list)   # (hex, facing or None)
    friendly: list = field(default_factory=list)       # (hex, class): for stacking penalties
    friendly_units: list = field(default_factory=list)  # (hex, StackedUnit): for stacking limits
    start: str = ""                                     # the hex the move starts in
    movers: list = field(default_factory=list)          # the moving units (StackedUnit)
