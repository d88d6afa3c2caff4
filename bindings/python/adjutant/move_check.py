"""Every move of a log judged by the companion file's movement rules (`adjutant check moves`).

For each step that moves pieces within one hex board, the cheapest legal path from where they were
to where they went is found with every other piece where it stood at that moment: enemy units
(another side's) block or cost as [movement] says, and exert zones of control. The verdict names
the pieces, the step and VASSAL's hex names, with the path's cost and the reason when illegal.
"""
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from .moves import log_moves
from .units import unit_of


class MoveCheckError(ValueError):
    """The companion file cannot judge a move: a unit without a class, a class [movement] lacks."""


@dataclass
class Verdict:
    step: int                      # 1-based, as VASSAL's log counts
    map: str
    pieces: tuple                  # names
    start: str                     # hex names
    end: str
    distance: Optional[int] = None  # hexes as the crow flies
    cost: Optional[Fraction] = None  # MP of the cheapest legal path
    allowance: Optional[Fraction] = None
    legal: Optional[bool] = None   # None: not judged (see note)
    reason: str = ""
    path: list = field(default_factory=list)
    note: str = ""

    def as_json(self):
        d = dict(self.__dict__)
        d["pieces"] = list(self.pieces)
        for key in ("cost", "allowance"):
            d[key] = None if d[key] is None else str(d[key])
        return d


def _mp(text, where):
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise MoveCheckError(f"{where}: movement allowance {text!r} is not a number") from None


class MoveChecker:
    """Judges the moves of one game; keeps each piece's unit attributes and each map's search."""

    def __init__(self, game, module, companion):
        self.game, self.module, self.companion = game, module, companion
        self._units = {}
        self._movements = {}

    def unit(self, piece_id):
        if piece_id not in self._units:
            try:
                piece = self.game.piece(piece_id)
            except Exception:  # a piece removed since: it is no longer on any map
                return None
            self._units[piece_id] = (piece.name, unit_of(self.companion, piece, self.module))
        return self._units[piece_id]

    def movement(self, map_name, board):
        key = (map_name, board)
        if key not in self._movements:
            # A [[map]] that names no board covers the map's only hex board.
            terrain = next((t for t in self.companion.maps if t.map == map_name and t.board in (board, "")), None)
            self._movements[key] = self.companion.movement(map_name, terrain.board) if terrain else None
        return self._movements[key]

    def check(self, on_move=None):
        verdicts = []
        for move, before in log_moves(self.game):
            verdict = self.judge(move, before)
            if verdict is not None:
                verdicts.append(verdict)
                if on_move:
                    on_move(verdict)
        return verdicts

    def _place(self, view, x, y):
        hex_ = view.hex_at(x, y)
        if hex_ is None:
            return None, None
        board = view.board_at(x, y)
        return board, view.hex_grid(board).name(hex_)

    def judge(self, move, before):
        view = self.game.map(move.map)
        board, start = self._place(view, *move.start)
        end_board, end = self._place(view, *move.end)
        if start is None or end is None:
            return None  # off the hex boards: not a move on the map
        verdict = Verdict(move.step + 1, view.name, move.names, start, end)
        if board != end_board:
            verdict.note = f"from board {board!r} to {end_board!r}: moves between boards are not checked yet"
            return verdict
        movement = self.movement(view.name, board)
        if movement is None:
            verdict.note = f"the companion file has no terrain for map {view.name!r}"
            return verdict
        grid = view.hex_grid(board)
        verdict.distance = grid.distance(grid.hex(start), grid.hex(end))

        classes, allowances, sides = [], [], set()
        for piece_id in move.pieces:
            found = self.unit(piece_id)
            if found is None or found[1] is None:
                continue  # a marker, not a unit
            name, unit = found
            where = f"step {verdict.step}, piece {name!r}"
            cls = unit.get(movement.class_attribute)
            if not cls:
                raise MoveCheckError(f"{where}: no unit attribute {movement.class_attribute!r} to give its movement class")
            if cls not in movement.classes:
                raise MoveCheckError(f"{where}: unknown unit class {cls!r} (the classes are {', '.join(movement.classes)})")
            classes.append(cls)
            if movement.allowance_attribute and unit.get(movement.allowance_attribute):
                allowances.append(_mp(unit[movement.allowance_attribute], where))
            if unit.get(movement.side_attribute):
                sides.add(unit[movement.side_attribute])
        if not classes:
            verdict.note = "no unit moved (markers only)"
            return verdict
        verdict.allowance = min(allowances) if allowances else None

        enemies, sources = self._enemies(view, board, grid, movement, sides, set(move.pieces), before)
        zones = movement.zones(sources) if movement.has_zones and sources else None
        path = movement.path(start, end, classes, verdict.allowance, enemies, zones)
        if path is None:
            verdict.legal = False
            verdict.reason = "no legal path"
            return verdict
        verdict.cost, verdict.path = path.total, path.hexes
        verdict.legal = path.legal
        verdict.reason = path.reason
        return verdict

    def _enemies(self, view, board, grid, movement, sides, moving, before):
        """Hexes of other sides' units on this board, and the zones their classes exert."""
        enemies, sources = [], []
        if not sides:
            return enemies, sources
        for piece_id, (map_id, x, y) in before.items():
            if piece_id in moving or map_id != view.save_id or view.board_at(x, y) != board:
                continue
            found = self.unit(piece_id)
            if found is None or found[1] is None:
                continue
            unit = found[1]
            side = unit.get(movement.side_attribute)
            hex_ = view.hex_at(x, y)
            if not side or side in sides or hex_ is None:
                continue
            name = grid.name(hex_)
            enemies.append(name)
            if not movement.zone_classes or unit.get(movement.class_attribute) in movement.zone_classes:
                facing = unit.get(movement.facing_attribute) if movement.facing_attribute else None
                sources.append((name, int(facing) if facing not in (None, "") else None))
        return enemies, sources
