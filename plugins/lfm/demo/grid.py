"""The demo board's hex grid (adjutant.procedures.demo_grid): CCRR numbering, columns 01-20, rows
01-16 (VASSAL names a hex 0907: column 09, row 07), and the Reinforcements box's small grid beside
it, which the companion file does not describe (units there are off the map: 26)."""
from adjutant.procedures.demo_grid import DemoGrid

GRID = DemoGrid(columns=20, rows=16, x0=40, y0=60, dx=55.42562584220407, dy=64.0, width=1140, height=1050)
BOX_GRID = DemoGrid(columns=4, rows=3, x0=40, y0=50, dx=41.569219381653056, dy=48.0, width=200, height=190)
