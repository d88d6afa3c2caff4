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

    # ---- bombardment, combat, charge, retreat (combat) ----

    # ---- cohesion, shatter, recovery, construction, night (recovery) ----

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

    # ---- bombardment, combat, charge, retreat (combat) ----

    # ---- cohesion, shatter, recovery, construction, night (recovery) ----

}


class LfmCharts(GameCharts):
    rules = "lfm"
    template = TEMPLATE
    default_options = DEFAULT_OPTIONS
    choices = CHOICES
