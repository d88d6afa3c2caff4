"""Set-ups judged by the companion file's rules (`adjutant check setup`): every unit on a hex board
may stand in its hex's terrain (its class may enter it), and the units of each side in each hex keep
the stacking limits of [[movement.stack_limit]].

The units come from a game (a save, a log at its current step, a predefined set-up inside a module)
or from a module's own SetupStacks; either way a unit is a piece the companion file's [units] makes
a unit, placed in a hex of a board the companion file describes.
"""
from dataclasses import dataclass

from .companion_rules import CheckError, CompanionRules
from ._adjutant import StackedUnit, StackingError


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


class SetupChecker(CompanionRules):
    """Judges the units of set-ups by one companion file."""

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

    def check(self, units, source):
        """Findings for these placed units: prohibited terrain, then stacking limits per hex and side."""
        findings, stacks = [], {}
        for placed in units:
            movement = self.movement(placed.map, placed.board)
            if movement.terrain_cost(placed.hex, placed.unit.unit_class) is None:
                findings.append(SetupFinding(source, placed.map, placed.hex, placed.side, (placed.unit.name,),
                                             f"{placed.unit.unit_class} may not stand in "
                                             f"{movement.terrain(placed.hex)}"))
            stacks.setdefault((placed.map, placed.board, placed.hex, placed.side), []).append(placed.unit)
        for (map_name, board, hex_name, side), stacked in stacks.items():
            try:
                problems = self.movement(map_name, board).over_stack_limits(stacked)
            except StackingError as e:
                raise CheckError(f"{source}, hex {hex_name}: {e}") from None
            for problem in problems:
                findings.append(SetupFinding(source, map_name, hex_name, side, tuple(u.name for u in stacked),
                                             f"stacking limit exceeded: {problem}"))
        return findings
