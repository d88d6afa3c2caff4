"""The Lee Moves North charts a player fills in (charts-template.toml beside this file), read for
the procedures: every lookup names its table, row and column when the player left it blank."""
import re
from fractions import Fraction
from pathlib import Path

from adjutant.procedures.charts import ChartError, GameCharts

TEMPLATE = Path(__file__).with_name("charts-template.toml")

# What the rulebook leaves open (rules catalogue 2F), with the defaults docs/lmn.md explains.
DEFAULT_OPTIONS = {
    "game_turns": 20,
    "rail_supply": "or",
    "rail_control": "unblocked",
    "stacking_penalty": "infantry",
    "disruption": "report",
    "leader_bonus_stack": "sum",
    "rail_limit": "entrained",
    "depot_reach": "rail",
    "detrain_after_ride": "no",
}
CHOICES = {  # the options that take one of a few values
    "game_turns": (15, 20),
    "rail_supply": ("or", "literal"),
    "rail_control": ("unblocked", "occupied"),
    "stacking_penalty": ("infantry", "any"),
    "disruption": ("report", "no attack", "half"),
    "leader_bonus_stack": ("sum", "best"),
    "rail_limit": ("entrained", "entraining"),
    "depot_reach": ("rail", "sources"),
    "detrain_after_ride": ("no", "yes"),
}
# One result of the Combat Results Table: NE, De, Ae, D1, A2, Dr, Ar, Dd, Ad, Dc.
RESULT = re.compile(r"^(NE|[AD](e|r|d|c|\d+))$")


class LmnCharts(GameCharts):
    rules = "lmn"
    template = TEMPLATE
    default_options = DEFAULT_OPTIONS
    choices = CHOICES

    # ---- 10.1 ----

    def reduced(self, side, kind, strength):
        """The strength after one step (10.1); 0: eliminated."""
        if kind == "fortification":
            return max(0, strength - int(self.rule("step_reduction", "fortification")))
        table = "step_reduction_union" if side == "Union" else "step_reduction_confederate"
        after = self.file.data.get(table, {}).get(str(strength), "")
        if after == "":
            raise ChartError(f"{self.path}: [{table}] has no strength {strength}: 10.1 reduces only "
                             f"{', '.join(k for k in self.file.data.get(table, {}))}")
        return int(after)

    # ---- 13.0 ----

    def crt(self, odds, roll, modifiers):
        """The CRT's results at odds (attacker / defender, a Fraction) and d6 + modifiers: ([results], TableResult)."""
        r = self.file.lookup("combat_results_table", roll, value=float(odds), modifiers=modifiers)
        return self.results(r.result), r

    def crt_chances(self, odds, modifiers):
        """The column read at these odds, and {cell: Fraction} of a d6 + modifiers there."""
        table = self.file.table("combat_results_table")
        label = table.columns[table.column_for(float(odds))].label
        chances = self.file.distribution("combat_results_table", "d6", value=float(odds), modifiers=modifiers)
        for cell in chances:
            self.results(cell)
        return label, chances

    def below_the_table(self, odds):
        """A note when the odds are below the CRT's lowest column, which is read for them; "" otherwise."""
        first = self.file.table("combat_results_table").columns[0]
        if float(odds) >= first.start:
            return ""
        return f"below the lowest column of the chart file's CRT, {first.label}: read there"

    def results(self, cell):
        parts = [p.strip() for p in str(cell).split("/") if p.strip()]
        bad = [p for p in parts if not RESULT.match(p)]
        if bad or not parts:
            raise ChartError(f"{self.path}: [combat_results_table] {cell!r}: a result is NE, De, Ae, D1, A1 ..., "
                             f"Dr, Ar, Dd, Ad or Dc, joined by /")
        return parts

    def multiplier(self, key):
        return Fraction(str(self.rule("combat", key)))
