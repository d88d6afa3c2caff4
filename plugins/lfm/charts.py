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

    # ---- bombardment, combat, charge, retreat (combat) ----
    "partial_los_bombards": "yes",
    "commander_drm": "flat",
    "voluntary_advance": "attacker",

    # ---- cohesion, shatter, recovery, construction, night (recovery) ----

}
CHOICES = {
    # ---- movement, zones, stacking, reinforcements (movement) ----

    # ---- command, initiative (command) ----

    # ---- bombardment, combat, charge, retreat (combat) ----
    "partial_los_bombards": ("yes", "no"),
    "commander_drm": ("flat", "cv"),
    "voluntary_advance": ("attacker", "defender"),

    # ---- cohesion, shatter, recovery, construction, night (recovery) ----

}


class LfmCharts(GameCharts):
    rules = "lfm"
    template = TEMPLATE
    default_options = DEFAULT_OPTIONS
    choices = CHOICES
