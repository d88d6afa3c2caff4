"""The Lee Invades the North demo: a small VASSAL module made by this project, and saves that
set up the rulebook's command examples (LIN 7.1), for the litn rules plugin. `write_demo` writes
them; `adjutant demo` (steps.py) writes those missing and runs the plugin on them.

write_demo(out_dir) writes into OUT_DIR (created when missing), each file under a temporary name
and then renamed over the file of that name:

  litn-demo.vmod        the module: one map, "Main Map", of 30 x 36 hexes numbered CCRR (columns
                        01-30, rows 01-36) on a board painted from demo/companion.toml (board.py);
                        sides Union and Confederate; global properties Turn, Year, LostDispatch, Scenario,
                        NetVP, Militia and HookerBox (docs/litn.md); a
                        palette of every counter (counters.py), built from the prototypes Leader,
                        Infantry, Cavalry and Wagon (traits.py)
  litn-demo.vsav        turn 5 of 1862: the comprehensive command example of LIN 7.1 (Lee,
                        Longstreet, McLaws, R.H. Anderson and Walker in 1622; Jackson, A.P. Hill,
                        J. Jones and Hood in 1625; D.H. Hill in 1924; Lawton in 1629), Stuart's
                        cavalry to the west, and the Union army placed for the attrition example of
                        LIN 11 (two corps masked, the wagon hidden)
                        (positions.py)
  litn-broadcast.vsav   the first broadcast example of LIN 7.1: Lee in 1610, Longstreet in 1615 and
                        Pickett in 1619 (5, 9 and 4 cavalry MP apart), McClellan and I Corps in the
                        north-east corner
  litn-battle.vsav      a battle (LIN 10): I and XII Corps with their wagon in 1622, with Lee,
                        Longstreet and three of his divisions
  companion.toml        a copy of demo/companion.toml whose strength source matches `strength`

`strength` says how each combat unit's strength is held: a DynamicProperty "Strength" (dynamic, the
default), a Marker "Strength" (marker: readable, not changeable in play) or a layer named "Strength"
whose active level is the strength (layer: levels 1 to 30; the companion file then reads
{ layer = "Strength" }).

Every rating here is an EXAMPLE VALUE unless its comment says "rulebook": the real values are on
the game's counters and record sheets.
"""
import tomllib
from pathlib import Path

from adjutant import write_new_file
from adjutant.procedures.demo import write_game_files

from .module import write_module
from .positions import BATTLE_HEXES, BROADCAST_HEXES, DEMO_HEXES, HIDDEN, MASKED
from .saves import write_save

HERE = Path(__file__).resolve().parent
COMPANION = HERE / "companion.toml"
CHARTS = HERE / "charts.toml"   # the demo's chart file: the printed charts' blanks filled with example values
STRENGTHS = ("dynamic", "marker", "layer")
MODULE, DEMO_SAVE, BROADCAST_SAVE, BATTLE_SAVE, COMPANION_COPY, CHARTS_COPY = (
    "litn-demo.vmod", "litn-demo.vsav", "litn-broadcast.vsav", "litn-battle.vsav", "companion.toml", "charts.toml")


def write_demo(out_dir, strength="dynamic", keep_existing=False):
    """Writes the module, the saves, the companion file and the chart file into `out_dir` (with
    `keep_existing`, only those missing there); the paths written."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
    text = COMPANION.read_text(encoding="utf-8")
    companion = tomllib.loads(text)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    writers = {   # each writes a new file at the path it is given
        MODULE: lambda new: write_module(new, companion, strength),
        DEMO_SAVE: lambda new: write_save(new, DEMO_HEXES, strength, "LIN 7.1 comprehensive example, turn 5 of 1862",
                                          masked=MASKED, hidden=HIDDEN),
        BROADCAST_SAVE: lambda new: write_save(new, BROADCAST_HEXES, strength, "LIN 7.1 broadcast example"),
        BATTLE_SAVE: lambda new: write_save(new, BATTLE_HEXES, strength, "LIN 10: a battle in 1622"),
        COMPANION_COPY: lambda new: write_new_file(new, companion_copy(text, strength)),
        CHARTS_COPY: lambda new: write_new_file(new, CHARTS.read_text(encoding="utf-8")),
    }
    return write_game_files(out_dir, writers, keep_existing)


def companion_copy(text, strength):
    """The companion file's text with its strength source matching `strength`."""
    if strength != "layer":
        return text
    old, new = 'strength = { property = "Strength" }', 'strength = { layer = "Strength" }'
    if text.count(old) != 1:
        raise ValueError(f"{COMPANION}: expected one line '{old}' to change for strength layer")
    return text.replace(old, new)
