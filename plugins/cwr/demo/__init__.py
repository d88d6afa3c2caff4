"""The Civil War Regimental Series demo: a small VASSAL module made by this project, and saves
that set up the rules catalogue's worked examples, for the cwr rules plugin. `write_demo` writes
them; `adjutant demo` (steps.py) writes those missing and runs the plugin on them.

  cwr-demo.vmod           the module: "Main Map", board A of 16 x 12 hexes that VASSAL names as the
                          series does (A10.10: column from the left, row from the bottom), painted
                          from demo/companion.toml; a palette of two brigades a side, their
                          batteries, leaders, HQs and wagons, each side's Army Commander and Army HQ
  cwr-demo.vsav           the morning of the battle: both sides' brigades deployed; Cutler holds
                          order 1 (WC), and Meade's order 2 (WC) reaches him this turn
  cwr-fire.vsav           5.2: an R6 1 hex and an M5 3 hexes from their targets; 5.4: an R8 on an N
                          battery of 5 guns, 2 hexes from two enemy hexes
  cwr-wrecked.vsav        5.9: a 6-SP regiment at 3 SP and a 5-SP one at 2 (and a 6-SP one at 4);
                          Cutler holds an Accepted Complex order (10.3)
  cwr-close-combat.vsav   7.0: two regiments and a leader stacked in front of a defender with a
                          battery, a third regiment in its rear hex (7.1b)
  cwr-firefight.vsav      5.0: two lines with a battery each, 2 hexes apart
  cwr-ammo.vsav           8.4b: a battery that traces to its Army Supply Train, one whose way out an
                          enemy zone closes; the other side's train not yet on the map
  companion.toml          the terrain, example movement costs, the unit mapping, the sight rules
  charts.toml             the chart file: the rule text's values, and EXAMPLE values in the blanks
"""
from pathlib import Path

from adjutant.procedures.demo import write_demo_game

from .module import write_module
from .positions import (AMMO_HEXES, CLOSE_COMBAT_HEXES, DEMO_HEXES, FIRE_HEXES, FIREFIGHT_HEXES, ORDER_LOGS,
                        WRECKED_HEXES)
from .saves import write_save

HERE = Path(__file__).resolve().parent
COMPANION = HERE / "companion.toml"
CHARTS = HERE / "charts.toml"
MODULE, COMPANION_COPY, CHARTS_COPY = "cwr-demo.vmod", "companion.toml", "charts.toml"
DEMO_SAVE, FIRE_SAVE, WRECKED_SAVE, CLOSE_COMBAT_SAVE, FIREFIGHT_SAVE, AMMO_SAVE = (
    "cwr-demo.vsav", "cwr-fire.vsav", "cwr-wrecked.vsav", "cwr-close-combat.vsav", "cwr-firefight.vsav",
    "cwr-ammo.vsav")
SAVES = {
    DEMO_SAVE: (DEMO_HEXES, "CWR demo: the morning of the battle"),
    FIRE_SAVE: (FIRE_HEXES, "CWR worked examples: fire strength (5.2) and split fire (5.4)"),
    WRECKED_SAVE: (WRECKED_HEXES, "CWR worked example: wrecked status (5.9)"),
    CLOSE_COMBAT_SAVE: (CLOSE_COMBAT_HEXES, "CWR close combat: a front and a rear attack (7.0)"),
    FIREFIGHT_SAVE: (FIREFIGHT_HEXES, "CWR firefight: two lines 2 hexes apart (5.0)"),
    AMMO_SAVE: (AMMO_HEXES, "CWR artillery ammunition: traces to the Army Supply Train (8.4b)"),
}


def write_demo(out_dir, keep_existing=False):
    """Writes the module, the saves, the companion file and the chart file into `out_dir` (with
    `keep_existing`, only those missing there); the paths written."""
    saves = {name: lambda new, placement=placement, description=description, log=ORDER_LOGS.get(name, ""):
             write_save(new, placement, description, log) for name, (placement, description) in SAVES.items()}
    return write_demo_game(out_dir, (MODULE, write_module), saves, (COMPANION, COMPANION_COPY), (CHARTS, CHARTS_COPY),
                           keep_existing)
