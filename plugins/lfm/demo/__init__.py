"""The Last Full Measure demo: a small VASSAL module made by this project, and saves that set up
the rules catalogue's worked examples, for the lfm rules plugin. `write_demo` writes them;
`adjutant demo` (steps.py) writes those missing and runs the plugin on them.

  lfm-demo.vmod        the module: "Main Map", a board of 20 x 16 hexes VASSAL names 0907 (CCRR),
                       painted from demo/companion.toml, and the Reinforcements box; a palette of
                       each side's army, corps, division and brigade commanders, regiments,
                       batteries and cavalry, and the breastworks and bridge markers
  lfm-demo.vsav        the morning: both sides deployed across the pike, every type and mode
  lfm-zoc.vsav         8.2: friendly units in A and B both have enemy hex C in their ZOC
  lfm-combat.vsav      8.9: a stack in breastworks attacked from two hexes not adjacent to each
                       other, from higher ground, one attacking stack disorganized, Wadsworth (CV 5)
                       with the other
  lfm-command.vsav     20.11: Longstreet in command stacked with Early, Hays and the 5th Louisiana,
                       the 6th and 7th Louisiana in a chain from it
  lfm-acting.vsav      20.13: Buford with Reynolds out of range, Meade not arrived; Heth with Hill
                       and Ewell out of range, Lee not arrived
  lfm-entry.vsav       26.5: three Confederate stacks waiting to enter on the Chambersburg Pike
  companion.toml       the terrain, example movement costs (in quarter MP), the unit mapping, the
                       zones, the sight rules, the map state (breastworks, bridges)
  charts.toml          the chart file: the rule text's values, and EXAMPLE values in the blanks
"""
from pathlib import Path

from adjutant.procedures.demo import write_demo_game

from .module import write_module
from .positions import (ACTING_BOX, ACTING_HEXES, COMBAT_HEXES, COMMAND_HEXES, DEMO_HEXES, ENTRY_BOX, ENTRY_HEXES,
                        ZOC_HEXES)
from .saves import write_save

HERE = Path(__file__).resolve().parent
COMPANION = HERE / "companion.toml"
CHARTS = HERE / "charts.toml"
MODULE, COMPANION_COPY, CHARTS_COPY = "lfm-demo.vmod", "companion.toml", "charts.toml"
DEMO_SAVE, ZOC_SAVE, COMBAT_SAVE, COMMAND_SAVE, ACTING_SAVE, ENTRY_SAVE = (
    "lfm-demo.vsav", "lfm-zoc.vsav", "lfm-combat.vsav", "lfm-command.vsav", "lfm-acting.vsav", "lfm-entry.vsav")
SAVES = {
    DEMO_SAVE: (DEMO_HEXES, None, "LFM demo: the morning"),
    ZOC_SAVE: (ZOC_HEXES, None, "LFM worked example: enemy hex C in the ZOC of A and B (8.2)"),
    COMBAT_SAVE: (COMBAT_HEXES, None, "LFM worked example: combat die roll modifiers (8.9)"),
    COMMAND_SAVE: (COMMAND_HEXES, None, "LFM worked example: Longstreet stacked with Early (20.11)"),
    ACTING_SAVE: (ACTING_HEXES, ACTING_BOX, "LFM worked example: acting army commanders (20.13)"),
    ENTRY_SAVE: (ENTRY_HEXES, ENTRY_BOX, "LFM worked example: three stacks entering on one road (26.5)"),
}


def write_demo(out_dir, keep_existing=False):
    """Writes the module, the saves, the companion file and the chart file into `out_dir` (with
    `keep_existing`, only those missing there); the paths written."""
    saves = {name: lambda new, placement=placement, box=box, description=description:
             write_save(new, placement, description, box) for name, (placement, box, description) in SAVES.items()}
    return write_demo_game(out_dir, (MODULE, write_module), saves, (COMPANION, COMPANION_COPY), (CHARTS, CHARTS_COPY),
                           keep_existing)
