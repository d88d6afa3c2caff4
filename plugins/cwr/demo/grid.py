"""The demo board's hex grid: the series' hex numbers (1.4a), `A10.10` = map letter A, column 10
counted from the left, row 10 counted from the bottom, as VASSAL's HexGridNumbering names them:
columns vertical, stagger, `sep` ".", rows descending (`vDescend`) with two digits, the map letter
a literal of the location format. The board is cut so that exactly these hexes have their centres
on it; each column's lowest hex is row 01 (odd columns, counted from 1, stand half a hex lower)."""
import math
from dataclasses import dataclass

from adjutant.procedures.demo_grid import HexDrawing

MAP_LETTER = "A"


@dataclass(frozen=True)
class CwrGrid(HexDrawing):
    columns: int
    rows: int
    x0: int = 40
    dx: float = 55.42562584220407
    dy: float = 64.0

    @property
    def y0(self):
        """Half a hex less than the first centre: the even columns' hex above the top row is off the board."""
        return -int(self.dy * 5 / 16)

    @property
    def width(self):
        return int(self.x0 + (self.columns - 1) * self.dx + self.x0)

    @property
    def height(self):
        return int(self.rows * self.dy)

    def numbering(self):
        """The HexGridNumbering attributes (docs: ../shared/spec/vassal-format.md §7.3): a descending
        row is maxR - row with maxR = floor(height / dx + 0.5), so vOff brings the lowest row to 01."""
        max_row = math.floor(self.height / self.dx + 0.5)
        return dict(first="H", sep=".", hType="N", vType="N", hLeading="0", vLeading="1", hOff="1",
                    vOff=str(self.rows + 1 - max_row), hDescend="false", vDescend="true", stagger="true",
                    locationFormat=MAP_LETTER + "$gridLocation$")

    @staticmethod
    def split(name):
        """(column, row) of `A10.10`."""
        column, row = name.removeprefix(MAP_LETTER).split(".")
        return int(column), int(row)

    @staticmethod
    def name(column, row):
        """A hex's name as VASSAL gives it: `A10.10`."""
        return "%s%d.%02d" % (MAP_LETTER, column, row)

    def hex_centre(self, name):
        """The centre of a hex on the board image (float), where VASSAL draws it."""
        column, row = self.split(name)
        raw_col = column - 1
        raw_row = self.rows + 1 - row if raw_col % 2 == 0 else self.rows - row
        return self.x0 + raw_col * self.dx, self.y0 + raw_row * self.dy + (self.dy / 2 if raw_col % 2 else 0)

    def snapped(self, name):
        """The integer point VASSAL snaps a piece in the hex to."""
        column, row = self.split(name)
        raw_col = column - 1
        raw_row = self.rows + 1 - row if raw_col % 2 == 0 else self.rows - row
        return int(self.dx * raw_col + self.x0), int(self.dy * raw_row + (int(self.dy / 2) if raw_col % 2 else 0) + self.y0)

    def all_hexes(self):
        return [self.name(c, r) for c in range(1, self.columns + 1) for r in range(1, self.rows + 1)]


def hex_list(value):
    """A companion hex list (an array or one string of names; A..B ranges) as names."""
    items = value if isinstance(value, list) else value.split()
    names = []
    for item in items:
        for part in item.split():
            if ".." in part:
                a, b = part.split("..")
                (ca, ra), (cb, rb) = CwrGrid.split(a), CwrGrid.split(b)
                names += [CwrGrid.name(c, r) for c in range(ca, cb + 1) for r in range(ra, rb + 1)]
            else:
                names.append(part)
    return names


def hexside_list(value):
    return [tuple(s.split("/")) for s in hex_list(value)]


GRID = CwrGrid(columns=16, rows=12)
