"""The Roads to Antietam demo: a small VASSAL module made by this project, and saves that set up
the rules catalogue's worked examples (5E), for the r2a rules plugin. `write_demo` writes them;
`adjutant demo` (steps.py) writes those missing and runs the plugin on them.

  r2a-demo.vmod        the module: "Main Map" with three boards laid out in a row, blank boards
                       between them: "E" (HCTR east, hexes E2101-E3616), "S" (RTG south,
                       S5501-S6108), "N" (RTG north, N5512-N6123), painted from demo/companion.toml;
                       a palette of each side's leaders, divisions, brigades and cavalry and the
                       map-state markers; the global properties the companion file's [globals] name
  r2a-demo.vsav        Aug 20: both armies in northern Virginia, every state of the vocabulary
  r2a-rail.vsav        rulebook 4: Couch's division at 6 Mile Post, no rail move last turn
  r2a-alexandria.vsav  Victory III: a Station Destroyed marker on Alexandria, nothing else destroyed
  r2a-panic.vsav       rulebook 2 on Aug 20: the Union total 62 (26 demoralized manpower, 33 lost
                       in the global property UnionLosses, 3 unsupplied divisions)
  r2a-panic.vlog       from r2a-panic.vsav: Smith's division loses 2 manpower (64), then is
                       demoralized (68): the total crosses 65
  r2a-levy.vsav        Supply: A.P. Hill's division in Carlisle, Ewell and Fitz Lee nearby
  companion.toml       the boards' places, areas, rail lines and rail links, the unit mapping,
                       example movement, the map state, the globals
  charts.toml          the chart file: the rule text's values, and EXAMPLE values in the blanks
"""
from pathlib import Path

from adjutant.procedures.demo import write_demo_game

from .module import write_module
from .positions import ALEXANDRIA_HEXES, DEMO_HEXES, LEVY_HEXES, PANIC_HEXES, PANIC_LOSSES, RAIL_HEXES
from .saves import write_panic_log, write_save

HERE = Path(__file__).resolve().parent
COMPANION = HERE / "companion.toml"
CHARTS = HERE / "charts.toml"
MODULE, COMPANION_COPY, CHARTS_COPY = "r2a-demo.vmod", "companion.toml", "charts.toml"
DEMO_SAVE, RAIL_SAVE, ALEXANDRIA_SAVE, PANIC_SAVE, LEVY_SAVE = (
    "r2a-demo.vsav", "r2a-rail.vsav", "r2a-alexandria.vsav", "r2a-panic.vsav", "r2a-levy.vsav")
PANIC_LOG = "r2a-panic.vlog"
LEVY_DATE = "Sep 10"
SAVES = {
    DEMO_SAVE: (DEMO_HEXES, {}, "R2A demo: Aug 20"),
    RAIL_SAVE: (RAIL_HEXES, {}, "R2A worked example: Couch's division by rail from 6 Mile Post (4)"),
    ALEXANDRIA_SAVE: (ALEXANDRIA_HEXES, {}, "R2A worked example: Alexandria station destroyed alone (Victory III)"),
    PANIC_SAVE: (PANIC_HEXES, {"UnionLosses": str(PANIC_LOSSES)}, "R2A worked example: Union Panic on Aug 20 (2)"),
    LEVY_SAVE: (LEVY_HEXES, {"Date": LEVY_DATE}, "R2A worked example: A.P. Hill levies Carlisle (Supply)"),
}


def write_demo(out_dir, keep_existing=False):
    """Writes the module, the saves, the Panic log, the companion file and the chart file into
    `out_dir` (with `keep_existing`, only those missing there); the paths written."""
    out = Path(out_dir)
    saves = {name: lambda new, placement=placement, properties=properties, description=description:
             write_save(new, placement, description, properties=properties)
             for name, (placement, properties, description) in SAVES.items()}
    saves[PANIC_LOG] = lambda new: write_panic_log(new, out / PANIC_SAVE, out / MODULE)
    return write_demo_game(out_dir, (MODULE, write_module), saves, (COMPANION, COMPANION_COPY), (CHARTS, CHARTS_COPY),
                           keep_existing)
