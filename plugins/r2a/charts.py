"""The Roads to Antietam charts a player fills in (charts-template.toml beside this file), read for
the procedures: every lookup names its table, row and column when the player left it blank."""
from pathlib import Path

from adjutant.procedures.charts import GameCharts

TEMPLATE = Path(__file__).with_name("charts-template.toml")

# What the rulebook leaves open (rules catalogue 5F) and the readings a player may choose, with
# the defaults docs/r2a.md explains: {option: default}, and {option: the values it takes}.
DEFAULT_OPTIONS = {
    # ---- Union Panic, McClellan's takeover, reorganization, paralysis (command) ----
    "reorganization_ten": "fails",
    "takeover_paralysis_roll": "roll",

    # ---- rail movement, attachment, ammunition (rail) ----
    "rail_repeat_modifier": "as_printed",
    "rail_cap_state": "station",

    # ---- victuals, foraging, depots, levies (supply) ----
    "forage_five": "half_down",
    "levy_supply": "example",

    # ---- victory points and levels (victory) ----
    "victory_levels": "standard",
    "vp_band_200": "decisive",
    "harpers_ferry_surrender": "extra",
    "alternate_automatic": "kept",
    "alternate_decisive": "divisions",

}
CHOICES = {
    # ---- Union Panic, McClellan's takeover, reorganization, paralysis (command) ----
    "reorganization_ten": ("fails", "succeeds"),
    "takeover_paralysis_roll": ("roll", "none"),

    # ---- rail movement, attachment, ammunition (rail) ----
    "rail_repeat_modifier": ("as_printed", "penalty"),
    "rail_cap_state": ("station", "map"),

    # ---- victuals, foraging, depots, levies (supply) ----
    "forage_five": ("half_down", "full"),
    "levy_supply": ("example", "text"),

    # ---- victory points and levels (victory) ----
    "victory_levels": ("standard", "alternate"),
    "vp_band_200": ("decisive", "draw"),
    "harpers_ferry_surrender": ("extra", "instead"),
    "alternate_automatic": ("kept", "dropped"),
    "alternate_decisive": ("divisions", "vp"),

}


class R2aCharts(GameCharts):
    rules = "r2a"
    template = TEMPLATE
    default_options = DEFAULT_OPTIONS
    choices = CHOICES
