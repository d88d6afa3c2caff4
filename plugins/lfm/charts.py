"""The Last Full Measure charts a player fills in (charts-template.toml beside this file), read for
the procedures: every lookup names its table, row and column when the player left it blank."""
from pathlib import Path

from adjutant.procedures.charts import GameCharts

TEMPLATE = Path(__file__).with_name("charts-template.toml")

# What the rulebook leaves open (rules catalogue 4F) and the readings a player may choose, with
# the defaults docs/lfm.md explains: {option: default}, and {option: the values it takes}.
DEFAULT_OPTIONS = {
    # ---- movement, zones, stacking, reinforcements (movement) ----

    # ---- command, initiative (command) ----
    "command_division_range": "range",
    "command_artillery_range": "commander",
    "command_distance": "path",
    "command_trace_end": "into",
    "command_acting_formation": "rolls",
    "command_relief_range": "own",
    "command_own_initiative": "in_command",

    # ---- bombardment, combat, charge, retreat (combat) ----
    "partial_los_bombards": "yes",
    "commander_drm": "flat",
    "voluntary_advance": "attacker",
    "charge_result": "hex",

    # ---- cohesion, shatter, recovery, construction, night (recovery) ----
    "rally_in_zoi": "blocked",
    "rally_chain": "all",
    "night_rebase": "shattered",
    "bridge_failed": "retry",
    "stacking_brigades": "one",
    "stacking_excess": "least_sp",
    "road_stacking": "off",
    "entry_column": "same_ma",

}
CHOICES = {
    # ---- movement, zones, stacking, reinforcements (movement) ----

    # ---- command, initiative (command) ----
    "command_division_range": ("range", "all"),
    "command_artillery_range": ("commander", "regiment"),
    "command_distance": ("path", "hexes"),
    "command_trace_end": ("into", "clear"),
    "command_acting_formation": ("rolls", "army_roll"),
    "command_relief_range": ("own", "army"),
    "command_own_initiative": ("in_command", "subordinates_only"),

    # ---- bombardment, combat, charge, retreat (combat) ----
    "partial_los_bombards": ("yes", "no"),
    "commander_drm": ("flat", "cv"),
    "voluntary_advance": ("attacker", "defender"),
    "charge_result": ("hex", "chargers"),

    # ---- cohesion, shatter, recovery, construction, night (recovery) ----
    "rally_in_zoi": ("blocked", "allowed"),
    "rally_chain": ("all", "any"),
    "night_rebase": ("shattered", "all"),
    "bridge_failed": ("retry", "remove"),
    "stacking_brigades": ("one", "total"),
    "stacking_excess": ("least_sp", "top"),
    "road_stacking": ("off", "on"),
    "entry_column": ("same_ma", "road"),

}


class LfmCharts(GameCharts):
    rules = "lfm"
    template = TEMPLATE
    default_options = DEFAULT_OPTIONS
    choices = CHOICES
