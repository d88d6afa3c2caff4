"""The Lee Moves North demo: a small VASSAL module made by this project, and saves that set up the
rulebook's worked examples, for the lmn rules plugin. `write_demo` writes them; `adjutant demo`
(steps.py) writes those missing and runs the plugin on them.

  lmn-demo.vmod     the module: "Main Map", 30 x 44 hexes numbered CCRR as the game's map is (a made-up
                    sketch of the campaign area: only the supply source hexes of 16.1 are the rulebook's),
                    painted from demo/companion.toml; an "Off Map" box where eliminated units and the
                    militia not yet raised wait; a palette of part of the 1862 countersheet
  lmn-demo.vsav     turn 8 of 1862: Lee north of the Potomac, a cavalry probe, a unit out of command
  lmn-combat.vsav   the catalogue's worked examples: 26 against 9 (12.3 K), Lee with two 5-6
                    divisions (11.4), a 5 in a 2-strength fortification (15.2)
  companion.toml    the terrain, the Terrain Effects Chart (14.0) as movement costs, the unit mapping
  charts.toml       the chart file: the rule text's values, and EXAMPLE values in the blanks
"""
from pathlib import Path

from adjutant.procedures.demo import write_demo_game

from .module import write_module
from .positions import COMBAT_HEXES, COMBAT_STRENGTHS, DEMO_HEXES, DEMO_OFF_MAP
from .saves import write_save

HERE = Path(__file__).resolve().parent
COMPANION = HERE / "companion.toml"
CHARTS = HERE / "charts.toml"
MODULE, DEMO_SAVE, COMBAT_SAVE, COMPANION_COPY, CHARTS_COPY = (
    "lmn-demo.vmod", "lmn-demo.vsav", "lmn-combat.vsav", "companion.toml", "charts.toml")


def write_demo(out_dir, keep_existing=False):
    """Writes the module, the saves, the companion file and the chart file into `out_dir` (with
    `keep_existing`, only those missing there); the paths written."""
    saves = {
        DEMO_SAVE: lambda new: write_save(new, DEMO_HEXES, "LMN turn 8 of 1862", off_map=DEMO_OFF_MAP),
        COMBAT_SAVE: lambda new: write_save(new, COMBAT_HEXES, "LMN worked examples: odds, leader bonus, fortification",
                                            strengths=COMBAT_STRENGTHS),
    }
    return write_demo_game(out_dir, (MODULE, write_module), saves, (COMPANION, COMPANION_COPY), (CHARTS, CHARTS_COPY),
                           keep_existing)
