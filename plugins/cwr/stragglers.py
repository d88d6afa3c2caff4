"""Stragglers (5.8, 6.3c, 9.4): the Straggler Check after a numeric fire result, straggler losses
taken down a stack, and the hourly Straggler Recovery of a brigade. Pure functions over plain values:
every roll goes through `roll(dice, purpose)`, every result says the clause that produced it."""
from dataclasses import dataclass, field, replace

from adjutant.procedures.charts import ChartError

COMBAT_TYPES = ("infantry", "cavalry", "artillery")
STRAGGLING_TYPES = ("infantry", "cavalry")   # 5.8c: artillery never loses strength to stragglers
RATINGS = ("A", "B", "C", "D", "E", "F")


@dataclass(frozen=True)
class Unit:
    """A unit of a stack as these rules read it: its name, type (infantry, cavalry, artillery,
    leader, hq, wagon, train), morale rating (A-F), current and printed strength, formation."""
    name: str
    type: str
    morale: str = ""
    sp: int = 0
    printed_sp: int = 0
    formation: str = "line"

    @property
    def in_combat(self):
        return self.type in COMBAT_TYPES and self.sp > 0

    @property
    def straggles(self):
        return self.type in STRAGGLING_TYPES and self.sp > 0


@dataclass(frozen=True)
class UnitLoss:
    unit: str
    before: int
    after: int

    @property
    def lost(self):
        return self.before - self.after

    @property
    def eliminated(self):
        return self.after == 0


@dataclass(frozen=True)
class Losses:
    """Strength points taken from a stack: each unit's loss, the stack left (eliminated units
    removed, 6.3b), and the points no unit was left to take."""
    kind: str                        # "stragglers" or "casualties"
    losses: tuple = ()
    stack: tuple = ()
    untaken: int = 0
    clause: str = ""

    @property
    def total(self):
        return sum(loss.lost for loss in self.losses)


@dataclass(frozen=True)
class StragglerCheck:
    unit: str                        # the unit whose morale column was read (5.8a)
    table: str                       # straggler_table_1 or straggler_table_2
    roll: int
    modifiers: tuple                 # (label, value) as given
    lost: int                        # the table's result
    losses: Losses
    clause: str


def checking_unit(stack):
    """5.8a, 5.8c: the first infantry or cavalry unit from the top of the stack (None: no check)."""
    return next((u for u in stack if u.straggles), None)


def morale_unit(stack):
    """5.8b, 5.8c, 6.1: the top combat unit left in the stack gives the Morale Check its rating,
    artillery included (None: no combat unit left, no check, 5.7d)."""
    return next((u for u in stack if u.in_combat), None)


def take_stragglers(stack, count, kind="stragglers"):
    """`count` points taken from the first infantry or cavalry unit, the rest from the next when it
    is eliminated (5.8b); artillery never takes them (5.8c). `kind` "casualties" where a rule makes
    them permanent (7.1c)."""
    left, losses, units = count, [], []
    for unit in stack:
        if left and unit.straggles:
            taken = min(left, unit.sp)
            left -= taken
            losses.append(UnitLoss(unit.name, unit.sp, unit.sp - taken))
            unit = replace(unit, sp=unit.sp - taken)
            if unit.sp == 0:
                continue   # 6.3b: removed before the retreat
        units.append(unit)
    return Losses(kind, tuple(losses), tuple(units), left, "5.8b, 5.8c")


def straggler_table(fire_result):
    """5.8a: Table 1 after a fire result of 1, Table 2 after 2 or more."""
    if fire_result < 1:
        raise ValueError(f"a Straggler Check follows a numeric fire result of 1 or more, not {fire_result}")
    return "straggler_table_1" if fire_result == 1 else "straggler_table_2"


def _total(modifiers):
    return sum(value for _, value in modifiers)


def _strength(charts, table, cell, where):
    try:
        return int(cell)
    except ValueError:
        raise ChartError(f"{charts.path}: [{table}] {where}: {cell!r} is not a number of strength points") from None


def straggler_check(charts, stack, fire_result, roll, modifiers=(), table=None):
    """5.8: one die + modifiers ((label, value) pairs from the Straggler Table) in the morale column
    of the first infantry or cavalry unit; its losses taken down the stack. `table` overrides the
    table 5.8a chooses (an Emergency Retreat reads Table 1). None when no unit can straggle."""
    unit = checking_unit(stack)
    if unit is None:
        return None
    table = table or straggler_table(fire_result)
    die = roll("d6", f"straggler check {unit.name}")
    r = charts.file.lookup(table, die, modifiers=_total(modifiers), column=unit.morale)
    lost = _strength(charts, table, r.result, f"row {r.row_roll}, column {unit.morale}")
    return StragglerCheck(unit.name, table, die, tuple(modifiers), lost, take_stragglers(stack, lost),
                          "5.8, 5.8a" + (", 5.8b" if lost >= unit.sp else ""))


def straggler_odds(charts, stack, fire_result, modifiers=(), table=None):
    """The exact chance of each straggler loss before rolling: {points: Fraction} ({} when no unit
    can straggle)."""
    unit = checking_unit(stack)
    if unit is None:
        return {}
    table = table or straggler_table(fire_result)
    dist = charts.file.distribution(table, "d6", modifiers=_total(modifiers), column=unit.morale)
    return {_strength(charts, table, cell, f"column {unit.morale}"): p for cell, p in dist.items()}


# ---- Straggler Recovery (9.4) ----

@dataclass(frozen=True)
class Recovering:
    """A unit of the brigade at the Straggler Recovery, with the facts the map gives: in Command
    Radius (condition 1), hexes to the nearest enemy unit (2), its hex's morale state (4). An
    eliminated unit (sp 0) is eligible when a hex meeting conditions 1 and 2 exists (9.4d)."""
    unit: Unit
    in_command_radius: bool
    enemy_distance: int
    state: str = "normal"
    placeable: bool = False


@dataclass(frozen=True)
class Brigade:
    """A brigade (or an army's units outside brigades, 9.4a) with its stragglers marked on the
    Brigade Loss Chart and its morale rating."""
    name: str
    morale: str
    stragglers: int
    units: tuple = field(default=())
    accepted_order: bool = False     # it or its command has a currently Accepted order (9.4c)


@dataclass(frozen=True)
class Recovery:
    brigade: str
    recovered: int                   # stragglers erased from the Brigade Loss Chart
    table_value: int
    bonus: int                       # 9.4b
    gains: tuple                     # UnitLoss with after > before: one point each
    ineligible: tuple                # (unit, why)
    reason: str                      # why nothing was recovered, if so
    clause: str


def eligibility(charts, r):
    """9.4 conditions 1-4 (and 9.4d for an eliminated unit): "" when eligible, else why not."""
    distance = int(charts.rule("straggler_recovery", "enemy_distance"))
    if r.unit.type not in STRAGGLING_TYPES:
        return "only infantry and cavalry recover stragglers (9.4, 5.8c)"
    if not r.in_command_radius:
        return "not within Command Radius (9.4 condition 1)"
    if r.enemy_distance < distance:
        return f"{r.enemy_distance} hexes from an enemy unit, fewer than {distance} (9.4 condition 2)"
    if r.unit.sp == 0:
        return "" if r.placeable else "eliminated, and no hex meets conditions 1 and 2 (9.4d)"
    if r.unit.formation != "line":
        return f"in {r.unit.formation} formation, not Line (9.4 condition 3)"
    if r.state != "normal":
        return f"morale state {r.state}, not normal (9.4 condition 4)"
    return ""


def recovery_table_value(charts, morale, night):
    """The Brigade Straggler Recovery table (9.4) for a morale rating, day or night: (stragglers,
    bonus marked "(+)")."""
    section = charts.file.section("straggler_recovery")
    columns, row = section.get("columns", []), "night" if night else "day"
    cells = section.get(row, [])
    where = f"{charts.path}: [straggler_recovery] {row}, column {morale}"
    if morale not in columns or len(cells) != len(columns):
        raise ChartError(f"{where}: the table has no such column (columns {columns}, {len(cells)} cells)")
    cell = str(cells[columns.index(morale)]).strip()
    if cell == "":
        raise ChartError(f"{where} is not filled in: copy it from the printed chart")
    plus = cell.endswith("(+)")
    number = cell[:-3].strip() if plus else cell
    if not number.isdigit():
        raise ChartError(f"{where}: {cell!r} is not a number of stragglers, with or without \"(+)\"")
    return int(number), plus


def recover_stragglers(charts, brigade, time, night):
    """9.4: on an hour turn (`time` "HH:00"), the brigade recovers the table's stragglers (+1 with
    "(+)" for a C-F brigade whose units are all eligible, 9.4b), at most one point per eligible unit
    (units taken in the order given) and no more than it has marked; none at night under an
    Accepted order (9.4c)."""
    def nothing(reason, value=0, bonus=0, ineligible=()):
        return Recovery(brigade.name, 0, value, bonus, (), tuple(ineligible), reason, "9.4")

    if not str(time).endswith(":00"):
        return nothing(f"{time} is not an hour turn (:00): recovery is on the hour (9.4)")
    if brigade.stragglers <= 0:
        return nothing("no stragglers marked on the Brigade Loss Chart (9.4)")
    if night and brigade.accepted_order:
        return nothing("a night turn with a currently Accepted order (9.4c)")
    value, plus = recovery_table_value(charts, brigade.morale, night)
    checked = [(r, eligibility(charts, r)) for r in brigade.units]
    ineligible = tuple((r.unit.name, why) for r, why in checked if why)
    bonus_ratings = charts.rule("straggler_recovery", "bonus_ratings")
    bonus = 1 if plus and brigade.morale in bonus_ratings and checked and not ineligible else 0
    per_unit = int(charts.rule("straggler_recovery", "per_unit"))
    budget = min(value + bonus, brigade.stragglers)
    gains = []
    for r, why in checked:
        room = min(per_unit, r.unit.printed_sp - r.unit.sp, budget)
        if why or room <= 0:
            continue
        gains.append(UnitLoss(r.unit.name, r.unit.sp, r.unit.sp + room))
        budget -= room
    recovered = sum(g.after - g.before for g in gains)
    reason = "" if recovered else "no eligible unit below its printed strength (9.4)" if value + bonus else \
        "the table gives none (9.4)"
    return Recovery(brigade.name, recovered, value, bonus, tuple(gains), ineligible, reason,
                    "9.4" + (", 9.4b" if bonus else ""))
