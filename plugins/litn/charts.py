"""The Lee Invades the North charts a player fills in (charts-template.toml beside this file), read
for the procedures: every lookup names its table, row and column when the player left it blank."""
import math
from fractions import Fraction
from pathlib import Path

from adjutant.procedures.charts import ChartError, GameCharts

TEMPLATE = Path(__file__).with_name("charts-template.toml")

# What the rulebook leaves open (rules catalogue 1F), with the defaults docs/litn.md explains.
DEFAULT_OPTIONS = {
    "broadcast_class": "broadcast",
    "broadcast_rail": "cap",
    "broadcast_exact_class": "broadcast_exact",
    "reaction_class": "reaction",
    "ma_rounding": "down",
    "minimum_stacking_reduction": True,
    "lost_dispatch_on_broadcast": True,
    "rank_tie": "command",
    "force_march_roll": "stack",
    "loc_count_start": False,
    "loc_lines": ["road", "rail"],
    "major_river": ["river"],
    "bridge": ["bridge"],
    "union_zone_cost": [1],
    "confederate_zone_cost": [2, 1],
    "unsupplied_options": "any",
    "commitment_rounding": "nearest",
    "demoralization_command": "printed",
    "force_march_commitment": "always",
    "retreat_route": "any",
    "retreat_enemy_hex_cost": 0,
    "overrun_by": "any",
    "victory_band_overlap": "lesser",
    "hooker_box_floor": 1,
    "control_state": "confederate_control",
    "union_rail_areas": ["Maryland", "Pennsylvania", "District of Columbia", "B&O"],
    "potomac": ["river"],
    "bridge_repair_phases": 1,
}
CHOICES = {  # the options that take one of a few words
    "ma_rounding": ("down", "nearest", "up", "exact"),
    "broadcast_rail": ("cap", "exact"),
    "force_march_roll": ("stack", "unit"),
    "rank_tie": ("command", "name"),  # leaders of one rank in a hex: the better (lower) command rating, or by name
    "unsupplied_options": ("any", "all"),
    "commitment_rounding": ("nearest", "up", "down"),
    "demoralization_command": ("printed", "modified"),
    "force_march_commitment": ("always", "surprise"),
    "retreat_route": ("any", "cheapest"),  # 10.6: any path of 4 MP, or only one that is the cheapest to its end
    "overrun_by": ("any", "combat"),       # 8.3: "enemy units" overrun lone non-combat units, or only combat units
    "victory_band_overlap": ("lesser", "greater"),  # 15.5: net 11 is in two rows of the 1863 levels
}


class LitnCharts(GameCharts):
    rules = "litn"
    template = TEMPLATE
    default_options = DEFAULT_OPTIONS
    choices = CHOICES

    def __init__(self, chart_file):
        super().__init__(chart_file)
        phases = self.options["bridge_repair_phases"]
        if not isinstance(phases, int) or isinstance(phases, bool) or phases < 1:
            raise ChartError(f"{self.path}: [options] bridge_repair_phases must be a whole number of phases, 1 or more")

    def broadcast_class(self):
        """The movement class a broadcast distance counts (7.1): rail read as a cap (the broadcast
        class, where rail is a road, 8.1) or as exactly 1 a hex (the broadcast_exact class)."""
        return self.options["broadcast_exact_class" if self.options["broadcast_rail"] == "exact" else "broadcast_class"]

    def command_points(self, roll, modifiers):
        """The Command Point Table's CPs at roll + modifiers, and the TableResult."""
        r = self.file.lookup("command_point_table", roll, modifiers=modifiers)
        return _whole(r.result, self.path, "command_point_table", r.row_roll), r

    def command_point_chances(self, modifiers):
        """The chance of each CP result of a d6 on the Command Point Table at these modifiers:
        {cp: Fraction}, in the order of the lowest roll giving each."""
        chances = {}
        for text, p in self.file.distribution("command_point_table", "d6", modifiers=modifiers).items():
            cp = _whole(text, self.path, "command_point_table")
            chances[cp] = chances.get(cp, 0) + p
        return chances

    def modifier(self, name):
        return int(self.file.value("command_modifiers", name))

    def year_modifier(self, year):
        return int(self.file.value("command_modifiers", f"year_{year}"))

    def broadcast(self, distance, roll, modifiers):
        """The Command Broadcast Table's result ("Full", "-1" ...) in the column of `distance` (cavalry
        MP, a fraction read as the next whole MP)."""
        return self.file.lookup("command_broadcast_table", roll, value=math.ceil(distance), modifiers=modifiers)

    def broadcast_chances(self, distance, modifiers):
        """The column the Command Broadcast Table reads at `distance`, and the chance of each result
        of a d6 there: (label, {result: Fraction})."""
        table = self.file.table("command_broadcast_table")
        label = table.columns[table.column_for(math.ceil(distance))].label
        return label, self.file.distribution("command_broadcast_table", "d6", value=math.ceil(distance),
                                             modifiers=modifiers)

    def allowance(self, unit_type):
        """The basic movement allowance printed on the map for a unit type."""
        return Fraction(str(self.file.value("movement_allowance", unit_type)))

    def attrition(self, roll, modifiers, column):
        r = self.file.lookup("attrition_table", roll, modifiers=modifiers, column=column)
        return _whole(r.result, self.path, "attrition_table", r.row_roll), r

    def rounds(self, attacker_option, defender_option):
        """The Combat Options Chart (10.3): 1, 2 or "U"."""
        row = self.file.value("combat_options_chart", attacker_option)
        columns = self.file.value("combat_options_chart", "columns")
        cell = row[columns.index(defender_option)] if isinstance(row, list) else ""
        if cell == "":
            raise ChartError(f"{self.path}: [combat_options_chart] {attacker_option} against {defender_option} is "
                             f"not filled in: copy it from the printed chart")
        return "U" if str(cell).upper() == "U" else int(cell)

    def commitment(self, rating, roll, modifiers):
        """The Commitment Table's percentage for a modified command rating at 2d6 + modifiers, and the
        TableResult."""
        r = self.file.lookup("commitment_table", roll, value=rating, modifiers=modifiers)
        return _whole(r.result, self.path, "commitment_table", r.row_roll), r

    def commitment_chances(self, rating, modifiers):
        return {int(k): p for k, p in self.file.distribution("commitment_table", "2d6", value=rating,
                                                             modifiers=modifiers).items()}

    def combat_result(self, strength, roll, modifiers, shift):
        """The Combat Results Table's SP eliminated by `strength` at d6 + modifiers, `shift` columns
        right (left when negative), and the TableResult."""
        r = self.file.lookup("combat_results_table", roll, value=strength, modifiers=modifiers, shift=shift)
        return _whole(r.result, self.path, "combat_results_table", r.row_roll), r

    def combat_chances(self, strength, modifiers, shift):
        return {int(k): p for k, p in self.file.distribution("combat_results_table", "d6", value=strength,
                                                             modifiers=modifiers, shift=shift).items()}

    def excess_losses(self, roll, excess):
        r = self.file.lookup("excess_losses_table", roll, modifiers=excess)
        return _whole(r.result, self.path, "excess_losses_table", r.row_roll), r

    def solitaire_option(self, roll, modifiers):
        return self.file.lookup("solitaire_defender_option", roll, modifiers=modifiers).result

    def battle(self, key):
        """A value of [battle] (10, 13, 14: all given by the rule text)."""
        return self.file.value("battle", key)

    def commitment_modifier(self, name):
        return int(self.file.value("commitment_modifiers", name))

    def rounded(self, mp):
        """MP as [options] ma_rounding says (1F.2)."""
        how = self.options["ma_rounding"]
        if how == "exact":
            return Fraction(math.floor(mp * 6), 6)
        if how == "down":
            return Fraction(math.floor(mp))
        if how == "up":
            return Fraction(math.ceil(mp))
        return Fraction(math.floor(mp + Fraction(1, 2)))


def _whole(text, path, table, row=None):
    try:
        return int(text)
    except ValueError:
        where = f"[{table}]" + ("" if row is None else f" row {row}")
        raise ChartError(f"{path}: {where}: {text!r} is not a whole number") from None
