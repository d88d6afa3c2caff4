"""Fire Strength (5.2, 5.2a, 5.3e, 8.4a-b): each firing unit's SP times the Range Table's multiplier
for its weapon and the range, halved when Disorganized and, for artillery, when its side's
ammunition points are spent or it cannot trace supply; fractions kept to the total, then dropped."""
import math
from dataclasses import dataclass
from fractions import Fraction

from adjutant.procedures.charts import ChartError

SMALL_ARMS_RANGE = "small_arms_range"
ARTILLERY_RANGE = "artillery_range"
OUT_OF_RANGE = "-"


def range_table(unit):
    return ARTILLERY_RANGE if unit.type == "artillery" else SMALL_ARMS_RANGE


def fraction(charts, section, key, value):
    try:
        return Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise ChartError(f"{charts.path}: [{section}] {key}: {value!r} is not a number such as 2 or 1/2") from None


def fire_value(charts, key):
    """A rulebook number of the [fire] table as a Fraction."""
    return fraction(charts, "fire", key, charts.rule("fire", key))


def range_multiplier(charts, unit, hexes):
    """The Range Table's multiplier for the unit's weapon at `hexes` (an int, or "CC" for close
    combat, 7.1a): a Fraction, or None when the weapon does not reach (a "-" cell, or a range past
    the chart's columns). ChartError for a weapon the chart has no row for or a blank cell."""
    table = range_table(unit)
    raw = charts.file.section(table)
    labels = [str(c).strip() for c in raw.get("columns", [])]
    row = raw.get(unit.weapon)
    if not isinstance(row, list):
        weapons = [k for k in raw if k != "columns" and not k.startswith("_")]
        raise ChartError(f"{charts.path}: [{table}] has no weapon {unit.weapon!r} for {unit.name} "
                         f"(the weapons are {', '.join(weapons)})")
    if len(row) != len(labels):
        raise ChartError(f"{charts.path}: [{table}] {unit.weapon} has {len(row)} cells for {len(labels)} columns")
    key = "CC" if str(hexes).upper() == "CC" else str(int(hexes))
    if key not in labels:
        return None
    cell = str(row[labels.index(key)]).strip()
    if cell == "":
        raise ChartError(f"{charts.path}: [{table}] {unit.weapon} at range {key} is not filled in: "
                         f"copy it from the printed chart")
    if cell == OUT_OF_RANGE:
        return None
    return fraction(charts, table, f"{unit.weapon} at range {key}", cell)


@dataclass(frozen=True)
class Contribution:
    """One unit's (or artillery section's) Fire Strength in a fire."""
    unit: str
    hex: str
    sp: int
    weapon: str
    table: str
    multiplier: Fraction
    factors: tuple        # ((Fraction, clause, why), ...) applied after the multiplier
    value: Fraction
    ammo_point: bool      # spends one artillery ammunition point (8.4a)

    @property
    def text(self):
        steps = "".join(f" x {f} ({why}, {clause})" for f, clause, why in self.factors)
        return (f"{self.unit} ({self.weapon}) in {self.hex}: {self.sp} SP x {self.multiplier} ({self.table}, 5.2)"
                f"{steps} = {_number(self.value)}")


@dataclass(frozen=True)
class Strength:
    contributions: tuple
    total: Fraction       # fractions kept (5.2)
    column_value: int     # the total with its fraction dropped, for the Fire Combat Table (5.7)
    no_effect: bool       # below the minimum: No Effect without a roll (5.3e)
    ammo_points_spent: int

    @property
    def text(self):
        if self.no_effect:
            return f"total Fire Strength {_number(self.total)}: below 1, No Effect (5.3e)"
        return f"total Fire Strength {_number(self.total)}: column {self.column_value} (fractions dropped, 5.7)"


def _number(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def unit_strength(charts, unit, sp, hexes, hex_name="", *, ammo_points=True, ammo_trace=True):
    """One unit firing `sp` SP at `hexes` (5.2): a Contribution. `ammo_points`: its side has an
    artillery ammunition point left for it (8.4a); `ammo_trace`: it traces to the Army Supply
    Train (8.4b). ValueError when the weapon does not reach (5.3)."""
    multiplier = range_multiplier(charts, unit, hexes)
    if multiplier is None:
        raise ValueError(f"{unit.name} ({unit.weapon}) does not reach {hexes} hexes (5.3)")
    factors = []
    if unit.state == "dg":
        factors.append((fire_value(charts, "disorganized"), "5.2a", "Disorganized"))
    artillery = unit.type == "artillery"
    if artillery and not ammo_points:
        factors.append((fire_value(charts, "no_ammunition_points"), "8.4a", "no ammunition points left"))
    if artillery and not ammo_trace:
        factors.append((fire_value(charts, "no_ammunition_trace"), "8.4b", "no ammunition trace"))
    value = Fraction(sp) * multiplier
    for f, _, _ in factors:
        value *= f
    return Contribution(unit.name, hex_name, sp, unit.weapon, range_table(unit).replace("_", " "), multiplier,
                        tuple(factors), value, artillery)


def fire_strength(charts, fire):
    """The total Fire Strength of a fire (5.2-5.3e, 8.4): a Strength. Artillery ammunition points
    (fire.ammo_points, None when the game does not count them) go one to each battery or section
    in the order of the shots; those after the last fire at half strength (8.4a)."""
    contributions = []
    points = fire.ammo_points
    spent = 0
    for h in fire.hexes:
        for shot in h.shots:
            unit = h.unit(shot.unit)
            has_point = True
            if unit.type == "artillery" and points is not None:
                has_point = spent < points
                spent += 1 if has_point else 0
            contributions.append(unit_strength(charts, unit, shot.sp, h.range, h.hex, ammo_points=has_point,
                                               ammo_trace=shot.ammo_trace))
    total = sum((c.value for c in contributions), Fraction(0))
    minimum = fire_value(charts, "minimum_strength")
    return Strength(tuple(contributions), total, math.floor(total), total < minimum, spent)
