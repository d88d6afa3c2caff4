"""The hex grid of a demo board a plugin paints and writes (adjutant.build_file's hex_map with
CCRR numbering): VASSAL's HexGrid with columns vertical, HexGridNumbering hOff = vOff = 1, stagger,
so hexes are named CCRR from 0101; odd columns stand half a hex lower than even ones. The board is
cut so that exactly these hexes have their centres on it.

    grid = DemoGrid(columns=30, rows=36, x0=40, y0=60, dx=55.42562584220407, dy=64.0, width=1700, height=2330)
    grid.hex_centre("1622")   # where VASSAL draws it
    grid.snapped("1622")      # where VASSAL snaps a piece in it
"""
import math
from dataclasses import dataclass


class HexDrawing:
    """What a demo board's painter asks of a grid with `dx` and `hex_centre(name)`: a hex's corners
    and the segment of a hexside."""

    def corners(self, cx, cy):
        r = 2 * self.dx / 3
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]

    def hexside_segment(self, a, b):
        """The hexside between two adjacent hexes as a segment, and the unit vector from a to b."""
        (ax, ay), (bx, by) = self.hex_centre(a), self.hex_centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        half = self.dx / 3
        return (mx - uy * half, my + ux * half), (mx + uy * half, my - ux * half), (ux, uy)


@dataclass(frozen=True)
class DemoGrid(HexDrawing):
    columns: int
    rows: int
    x0: float
    y0: float
    dx: float
    dy: float
    width: int     # the board image's size
    height: int

    def hex_centre(self, name):
        """The centre of a hex as VASSAL's HexGrid computes it (float), by its CCRR name."""
        col = int(name[:2]) - 1
        row = int(name[2:]) - 1 - (col % 2)
        return self.x0 + col * self.dx, self.y0 + row * self.dy + (self.dy / 2 if col % 2 else 0)

    def snapped(self, name):
        """The integer point VASSAL snaps a piece in the hex to."""
        col = int(name[:2]) - 1
        row = int(name[2:]) - 1 - (col % 2)
        return int(self.dx * col + self.x0), int(self.dy * row + (int(self.dy / 2) if col % 2 else 0) + self.y0)

    def all_hexes(self):
        return ["%02d%02d" % (c, r) for c in range(1, self.columns + 1) for r in range(1, self.rows + 1)]

    def neighbours(self, name):
        c, r = int(name[:2]), int(name[2:])
        if c % 2:   # odd columns stand lower
            around = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
        else:
            around = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
        return ["%02d%02d" % (a, b) for a, b in around if 1 <= a <= self.columns and 1 <= b <= self.rows]



def hex_list(value, expand=None):
    """A companion hex list (an array or one string of names; A..B ranges) as names. `expand(a, b)`
    names the hexes of a range (default: four-digit names, column and row)."""
    items = value if isinstance(value, list) else value.split()
    names = []
    for item in items:
        for part in item.split():
            if ".." in part:
                names += (expand or _four_digit_range)(*part.split(".."))
            else:
                names.append(part)
    return names


def _four_digit_range(a, b):
    return ["%02d%02d" % (c, r) for c in range(int(a[:2]), int(b[:2]) + 1) for r in range(int(a[2:]), int(b[2:]) + 1)]


def hexside_list(value):
    """A companion hexside list ("A/B" names) as (a, b) pairs."""
    return [tuple(s.split("/")) for s in hex_list(value)]
