"""Units where a set-up places them, for checks of set-ups (`adjutant check setup`), and what such a
check finds.

The units come from a game (a save, a log at its current step, a predefined set-up inside a module)
or from a module's own SetupStacks; either way a unit is a piece the companion file's [units] makes
a unit, placed in a hex of a board the companion file describes.
"""
from dataclasses import dataclass

from adjutant import StackedUnit

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
    """The units of set-ups, placed in hexes, by one companion file."""


    def game_units(self, game):
        """The units of a game's pieces standing on hex boards the companion file describes."""
        for piece in game.pieces:
            if not piece.map:
                continue
            view = game.map(piece.map)
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
        movement = self.movement(view.name, board) if hex_name is not None else None
        if movement is None:
            return
        unit = self.companion.unit(piece, self.module)
        if unit is None:
            return
        cls = self.unit_class(movement, unit, where)
        yield PlacedUnit(where, view.name, board, hex_name,
                         StackedUnit(name or piece.name, cls, unit), unit.get(movement.side_attribute, ""))
