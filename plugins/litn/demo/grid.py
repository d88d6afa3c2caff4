"""The demo board's hex grid (adjutant.procedures.demo_grid): columns 01-30, rows 01-36."""
from adjutant.procedures.demo_grid import DemoGrid

GRID = DemoGrid(columns=30, rows=36, x0=40, y0=60, dx=55.42562584220407, dy=64.0, width=1700, height=2330)
COLUMNS, ROWS, X0, Y0, DX, DY, WIDTH, HEIGHT = (GRID.columns, GRID.rows, GRID.x0, GRID.y0, GRID.dx, GRID.dy,
                                                GRID.width, GRID.height)
hex_centre, snapped, all_hexes, neighbours, corners, hexside_segment = (
    GRID.hex_centre, GRID.snapped, GRID.all_hexes, GRID.neighbours, GRID.corners, GRID.hexside_segment)


def hexside_point(a, b):
    """The integer point halfway between two hexes' centres: where a marker on their hexside stands."""
    (ax, ay), (bx, by) = hex_centre(a), hex_centre(b)
    return int((ax + bx) / 2), int((ay + by) / 2)
