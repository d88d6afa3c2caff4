"""The demo board's hex grid: VASSAL's HexGrid (columns vertical) with HexGridNumbering hOff = vOff = 1,
stagger: columns 01-30, rows 01-36. Odd columns stand half a hex lower than even ones. The board is
cut so that exactly these hexes have their centres on it."""
import math

COLUMNS, ROWS = 30, 36
X0, Y0, DX, DY = 40, 60, 55.42562584220407, 64.0
WIDTH, HEIGHT = 1700, 2330


def hex_centre(name):
    """The centre of a hex as VASSAL's HexGrid computes it (float), by its CCRR name."""
    col = int(name[:2]) - 1
    row = int(name[2:]) - 1 - (col % 2)
    return X0 + col * DX, Y0 + row * DY + (DY / 2 if col % 2 else 0)


def snapped(name):
    """The integer point VASSAL snaps a piece in the hex to."""
    col = int(name[:2]) - 1
    row = int(name[2:]) - 1 - (col % 2)
    return int(DX * col + X0), int(DY * row + (int(DY / 2) if col % 2 else 0) + Y0)


def hexside_point(a, b):
    """The integer point halfway between two hexes' centres: where a marker on their hexside stands."""
    (ax, ay), (bx, by) = hex_centre(a), hex_centre(b)
    return int((ax + bx) / 2), int((ay + by) / 2)


def all_hexes():
    return ["%02d%02d" % (c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)]


def neighbours(name):
    c, r = int(name[:2]), int(name[2:])
    if c % 2:   # odd columns stand lower
        around = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    else:
        around = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    return ["%02d%02d" % (a, b) for a, b in around if 1 <= a <= COLUMNS and 1 <= b <= ROWS]


def hex_list(value):
    """A companion hex list (an array or one string of names; A..B ranges) as names."""
    items = value if isinstance(value, list) else value.split()
    names = []
    for item in items:
        for part in item.split():
            if ".." in part:
                a, b = part.split("..")
                names += ["%02d%02d" % (c, r) for c in range(int(a[:2]), int(b[:2]) + 1)
                          for r in range(int(a[2:]), int(b[2:]) + 1)]
            else:
                names.append(part)
    return names


def hexside_list(value):
    return [tuple(s.split("/")) for s in hex_list(value)]


def corners(cx, cy):
    r = 2 * DX / 3
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def hexside_segment(a, b):
    (ax, ay), (bx, by) = hex_centre(a), hex_centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    half = DX / 3
    return (mx - uy * half, my + ux * half), (mx + uy * half, my - ux * half), (ux, uy)
