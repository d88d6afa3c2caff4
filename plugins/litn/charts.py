"""The Lee Invades the North charts a player fills in (charts-template.toml beside this file), read
for the procedures: every lookup names its table, row and column when the player left it blank."""
import math
from fractions import Fraction
from pathlib import Path

from adjutant.procedures.charts import ChartError, ChartFile

TEMPLATE = Path(__file__).with_name("charts-template.toml")

# What the rulebook leaves open (rules catalogue 1F), with the defaults docs/litn.md explains.
DEFAULT_OPTIONS = {
    "broadcast_class": "broadcast",
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
    "union_rail_areas": ["Maryland", "Pennsylvania", "District of Columbia", "B&O"],
    "potomac": ["river"],
    "bridge_repair_phases": 1,
}

ROUNDINGS = ("down", "nearest", "up", "exact")
RANK_TIES = ("command", "name")  # leaders of one rank in a hex: the better (lower) command rating, or by name


class LitnCharts:
    def __init__(self, chart_file):
        self.file = chart_file
        self.path = chart_file.path
        options = chart_file.data.get("options", {})
        unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
        if unknown:
            raise ChartError(f"{self.path}: [options] has no option {unknown[0]!r} "
                             f"(the options are {', '.join(DEFAULT_OPTIONS)})")
        self.options = {**DEFAULT_OPTIONS, **options}
        if self.options["ma_rounding"] not in ROUNDINGS:
            raise ChartError(f"{self.path}: [options] ma_rounding must be one of {', '.join(ROUNDINGS)}")
        if self.options["force_march_roll"] not in ("stack", "unit"):
            raise ChartError(f"{self.path}: [options] force_march_roll must be \"stack\" or \"unit\"")
        phases = self.options["bridge_repair_phases"]
        if not isinstance(phases, int) or isinstance(phases, bool) or phases < 1:
            raise ChartError(f"{self.path}: [options] bridge_repair_phases must be a whole number of phases, 1 or more")
        if self.options["rank_tie"] not in RANK_TIES:
            raise ChartError(f"{self.path}: [options] rank_tie must be one of {', '.join(RANK_TIES)}")

    @classmethod
    def load(cls, path):
        return cls(ChartFile.load(path if path else TEMPLATE, rules="litn"))

    def option(self, name):
        return self.options[name]

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

    def rule(self, section, key):
        return self.file.value(section, key)

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
