"""The Civil War Regimental Series charts a player fills in (charts-template.toml beside this
file), read for the procedures: every lookup names its table, row and column when the player left
it blank."""
from pathlib import Path

from adjutant.procedures.charts import GameCharts

TEMPLATE = Path(__file__).with_name("charts-template.toml")

# What the rulebook leaves open (rules catalogue 3F) and the readings a player may choose, with
# the defaults docs/cwr.md explains: {option: default}, and {option: the values it takes}.
DEFAULT_OPTIONS = {
    # ---- movement (3.0) ----
    "forced_march_limit": "extra",

    # ---- fire (5.0) ----
    "flank_fire": "any",
    "low_ammo_shift": "any",
    "hexside_fire": "same",
    "sp_from_top": "eligible",
    "split_fire_limit": "from",
    "slope_at_corner": "none",

    # ---- stragglers, morale, rally (5.8-6.4, 9.4) ----
    "dgb2_straggler": "code",
    "distance": "range",
    "rally_map_edge": "eliminated",

    # ---- close combat, supply (7.0, 8.0) ----
    "cc_rear_shift": "defender_fire",
    "artillery_ammunition": "counted",
    "count_battery_hex": "no",

    # ---- leaders, command, orders, initiative (9.0-11.0) ----
    "adjacent_in_radius": "direct",
    "battery_radius": "source",
    "distorted_lockout": "off",

}
CHOICES = {
    # ---- movement (3.0) ----
    "forced_march_limit": ("extra", "total"),

    # ---- fire (5.0) ----
    "flank_fire": ("any", "all"),
    "low_ammo_shift": ("any", "all"),
    "hexside_fire": ("same", "any"),
    "sp_from_top": ("eligible", "stack"),
    "split_fire_limit": ("from", "at"),
    "slope_at_corner": ("none", "both", "either"),

    # ---- stragglers, morale, rally (5.8-6.4, 9.4) ----
    "dgb2_straggler": ("code", "one"),
    "distance": ("range", "path"),
    "rally_map_edge": ("eliminated", "off"),

    # ---- close combat, supply (7.0, 8.0) ----
    "cc_rear_shift": ("defender_fire", "attacker_fire"),
    "artillery_ammunition": ("counted", "unlimited"),
    "count_battery_hex": ("no", "yes"),

    # ---- leaders, command, orders, initiative (9.0-11.0) ----
    "adjacent_in_radius": ("direct", "chain"),
    "battery_radius": ("source", "combat"),
    "distorted_lockout": ("off", "on"),

}


class CwrCharts(GameCharts):
    rules = "cwr"
    template = TEMPLATE
    default_options = DEFAULT_OPTIONS
    choices = CHOICES
