"""Units where a set-up places them, for checks of set-ups (`adjutant check setup`), and what such a
check finds.

The units come from a game (a save, a log at its current step, a predefined set-up inside a module)
or from a module's own SetupStacks; either way a unit is a piece the companion file's [units] makes
a unit, placed in a hex of a board the companion file describes.
"""
from collections import Counter
from dataclasses import dataclass

from adjutant import StackedUnit
from ..errors import GameStateError

from .companion_rules import CompanionRules


@dataclass(frozen=True)
class PlacedUnit:
    where: str   # the piece or SetupStack, for messages
    map: str
    board: str
    hex: str
    unit: StackedUnit
    side: str


@dataclass
class SetupFinding:
    """What a set-up check found wrong in one hex."""

    source: str   # the save, or "module" for SetupStacks, or the predefined set-up's name
    map: str
    hex: str
    side: str
    pieces: tuple
    problem: str

    def as_json(self):
        d = dict(self.__dict__)
        d["pieces"] = list(self.pieces)
        return d


class PlacedUnits(CompanionRules):
    """The units of set-ups, placed in hexes, by one companion file. Pieces on maps the module does not
    have (a game from another version of it) or on hex boards the companion file does not describe
    are not checked: `notes()` counts them, by map."""

    def __init__(self, module, companion, state=None):
        super().__init__(module, companion, state)
        self._unchecked = Counter()

    def notes(self):
        return [f"{n} piece{'' if n == 1 else 's'} on {where}: not checked" for where, n in self._unchecked.items()]

    def game_units(self, game):
        """The units of a game's pieces standing on hex boards the companion file describes."""
        for piece in game.pieces:
            if not piece.map:
                continue
            try:
                view = game.map(piece.map)
            except GameStateError:
                self._unchecked[f"map {piece.map!r}, which the module does not have"] += 1
                continue
            yield from self._placed(view, piece.x, piece.y, piece, f"piece {piece.name!r}")

    def setup_stack_units(self):
        """The units of the module's SetupStacks, where VASSAL would place them."""
        for view in self.module.maps:
            for stack in view.setup_stacks:
                place = view.setup_stack_place(stack)
                if not place.placed:
                    continue
                for slot in stack.slots:
                    yield from self._placed(view, place.x, place.y, slot,
                                            f"SetupStack {stack.name!r} (line {stack.line}), piece {slot.piece_name!r}",
                                            name=slot.piece_name)

    def _placed(self, view, x, y, piece, where, name=None):
        board, hex_name = self.hex_name(view, x, y)
        if hex_name is None:
            return
        movement = self.movement(view.name, board)
        if movement is None:
            self._unchecked[f"map {view.name!r}, which the companion file does not describe"] += 1
            return
        unit = self.companion.unit(piece, self.module)
        if unit is None:
            return
        cls = self.unit_class(movement, unit, where)
        yield PlacedUnit(where, view.name, board, hex_name,
                         StackedUnit(name or piece.name, cls, unit), unit.get(movement.side_attribute, ""))
