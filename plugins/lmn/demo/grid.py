"""The demo board's hex grid (adjutant.procedures.demo_grid): LMN's CCRR numbering, columns 01-30,
rows 01-44, with the Off Map box's small grid beside it."""
from adjutant.procedures.demo_grid import DemoGrid

GRID = DemoGrid(columns=30, rows=44, x0=40, y0=50, dx=41.569219381653056, dy=48.0, width=1270, height=2155)
OFF_MAP_GRID = DemoGrid(columns=4, rows=3, x0=40, y0=50, dx=41.569219381653056, dy=48.0, width=200, height=190)
