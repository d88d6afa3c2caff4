"""The demo map's boards and their hex grids. One VASSAL map, "Main Map", lays out in one row the
HCTR east board "E", the RTG south board "S" and the RTG north board "N", with blank boards between
them so that no hex of one board touches a hex of another (the boards are separate maps joined only
by the rules' rail links, E3301-S5801 and N5816-N5821). Each board numbers its hexes as the rules
print them: HexGridNumbering with columns vertical, stagger, 2-digit column and row from the board's
first column and row (hOff, vOff), the board's letter a literal of the location format: `E2101`.
The blank boards are as wide as makes every board's grid one lattice with the first's (VASSAL's
boards are placed by their pixel sizes), so the engine reads the three boards as one map."""
import math
from dataclasses import dataclass

from adjutant.procedures.demo_grid import HexDrawing
from adjutant.procedures.demo_grid import hex_list as shared_hex_list

DX, DY, X0, Y0 = 55.42562584220407, 64.0, 40, 60
GAP_HEXES = 4   # the blank between two boards, in hex columns at the least


@dataclass(frozen=True)
class BoardGrid(HexDrawing):
    board: str         # the board's name, which is also the letter its hex names begin with
    first_column: int  # hOff: the number of the board's left column
    first_row: int     # vOff: the number of its top row
    columns: int
    rows: int
    x0: int = X0
    y0: int = Y0
    dx: float = DX
    dy: float = DY

    @property
    def width(self):
        return int(self.x0 + (self.columns - 1) * self.dx + self.x0)

    @property
    def height(self):
        """Odd raw columns stand half a hex higher: the hex below their last row is off the board."""
        return int(self.y0 + (self.rows - 1) * self.dy + self.dy / 2 - 2)

    def numbering(self):
        return dict(hOff=str(self.first_column), vOff=str(self.first_row), hLeading="1", vLeading="1",
                    stagger="true", locationFormat=self.board + "$gridLocation$")

    def split(self, name):
        """(column, row) of `E2101`."""
        if not name.startswith(self.board) or len(name) != len(self.board) + 4:
            raise ValueError(f"{name!r} is no hex of board {self.board!r}")
        return int(name[-4:-2]), int(name[-2:])

    def name(self, column, row):
        return "%s%02d%02d" % (self.board, column, row)

    def holds(self, name):
        try:
            column, row = self.split(name)
        except ValueError:
            return False
        return (self.first_column <= column < self.first_column + self.columns
                and self.first_row <= row < self.first_row + self.rows)

    def _raw(self, name):
        column, row = self.split(name)
        raw_col = column - self.first_column
        return raw_col, row - self.first_row - (raw_col % 2)

    def hex_centre(self, name):
        """The centre of a hex on the board image (float), where VASSAL draws it."""
        raw_col, raw_row = self._raw(name)
        return self.x0 + raw_col * self.dx, self.y0 + raw_row * self.dy + (self.dy / 2 if raw_col % 2 else 0)

    def snapped(self, name):
        """The integer point on the board VASSAL snaps a piece in the hex to."""
        raw_col, raw_row = self._raw(name)
        return (int(self.dx * raw_col + self.x0),
                int(self.dy * raw_row + (int(self.dy / 2) if raw_col % 2 else 0) + self.y0))

    def all_hexes(self):
        return [self.name(c, r) for c in range(self.first_column, self.first_column + self.columns)
                for r in range(self.first_row, self.first_row + self.rows)]

    def neighbours(self, name):
        c, r = self.split(name)
        if (c - self.first_column) % 2 == 0:
            around = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
        else:
            around = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
        return [self.name(a, b) for a, b in around if self.holds(self.name(a, b))]


EAST = BoardGrid("E", first_column=21, first_row=1, columns=16, rows=16)
SOUTH = BoardGrid("S", first_column=55, first_row=1, columns=7, rows=8)
NORTH = BoardGrid("N", first_column=55, first_row=12, columns=7, rows=12)
BOARDS = (EAST, SOUTH, NORTH)
BY_BOARD = {g.board: g for g in BOARDS}


def _gap_widths():
    """The blank boards' widths: each hex board's left edge an even number of hex columns (within a
    fifth of a pixel) from the first's, so that its grid continues the first's lattice."""
    widths, left = [], 0
    for before in BOARDS[:-1]:
        left += before.width
        columns = math.ceil((left + GAP_HEXES * DX) / DX)
        while columns % 2 or abs(round(columns * DX) - columns * DX) > 0.2:
            columns += 1
        widths.append(round(columns * DX) - left)
        left = round(columns * DX)
    return widths


GAP_WIDTHS = _gap_widths()
GAP_HEIGHT = max(g.height for g in BOARDS)
# The layout: (board, column in VASSAL's board picker); the gaps' boards are "Gap 1", "Gap 2".
LAYOUT = [(BOARDS[0].board, 0)] + [x for i, g in enumerate(BOARDS[1:]) for x in ((f"Gap {i + 1}", 2 * i + 1),
                                                                                   (g.board, 2 * i + 2))]


def board_left(board):
    """The x of a board's left edge on the map (VASSAL places boards of one row side by side)."""
    widths = {g.board: g.width for g in BOARDS} | {f"Gap {i + 1}": w for i, w in enumerate(GAP_WIDTHS)}
    left = 0
    for name, _ in LAYOUT:
        if name == board:
            return left
        left += widths[name]
    raise ValueError(f"no board {board!r}")


def grid_of(hex_name):
    """The board grid holding a hex, by its name's letter."""
    grid = BY_BOARD.get(hex_name[:1])
    if grid is None or not grid.holds(hex_name):
        raise ValueError(f"no hex {hex_name!r} on the demo's boards")
    return grid


def map_point(hex_name):
    """The point on the map VASSAL snaps a piece in the hex to."""
    grid = grid_of(hex_name)
    x, y = grid.snapped(hex_name)
    return board_left(grid.board) + x, y


def hex_list(value):
    """A companion hex list (an array or one string of names; A..B ranges on one board) as names."""
    return shared_hex_list(value, expand=board_range)


def board_range(a, b):
    """The hexes of the range a..b, both on one board."""
    grid = grid_of(a)
    (ca, ra), (cb, rb) = grid.split(a), grid.split(b)
    return [grid.name(c, r) for c in range(ca, cb + 1) for r in range(ra, rb + 1)]
