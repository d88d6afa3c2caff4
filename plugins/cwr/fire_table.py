"""The Fire Combat Table (5.5-5.7, 8.2): the column shifts of a fire, the roll and its result as
data for the procedure to apply (casualties and who takes them, the Straggler Table, the Morale
Check and its upward shifts, Low Ammo), and the exact chance of each result before rolling."""
import re
from dataclasses import dataclass
from fractions import Fraction

from adjutant import Dice
from adjutant.procedures.charts import ChartError

from .fire_strength import fire_strength

TABLE = "fire_combat_table"
DICE = "2d6"
RESULT = re.compile(r"^(?:(?P<none>-|NE)|M(?:\+(?P<up>\d+))?|(?P<n>[1-9]\d*))$")
TARGET_FORMATIONS = ("limbered", "column", "mounted")


@dataclass(frozen=True)
class Shift:
    name: str       # the [fire_column_shifts] / [fire_terrain_shifts] / [fire_hexside_shifts] key
    columns: int    # right (+) or left (-)
    clause: str
    why: str

    @property
    def text(self):
        return f"{self.columns:+d} column{'s' * (abs(self.columns) != 1)}: {self.why} ({self.clause})"


@dataclass(frozen=True)
class Outcome:
    """A Fire Combat Table cell decoded (5.7a-b)."""
    cell: str
    casualties: int = 0
    straggler_table: int | None = None   # 1 after a result of 1, 2 after 2 or more (5.8a)
    morale_check: bool = False
    morale_shifts: int = 0               # upward shifts on the Morale Table ("M+2": 2, 5.7a)

    @property
    def text(self):
        if self.casualties:
            return (f"{self.cell}: {self.casualties} casualt{'y' if self.casualties == 1 else 'ies'}, a Straggler "
                    f"Check on Table {self.straggler_table} (5.8a), then a Morale Check (5.7b)")
        if self.morale_check:
            up = f", {self.morale_shifts} upward shifts on the Morale Table" if self.morale_shifts else ""
            return f"{self.cell}: a Morale Check only{up} (5.7a)"
        return f"{self.cell}: no effect"


@dataclass(frozen=True)
class Selective:
    """How a Selective Artillery Fire (5.5) is resolved at a stack."""
    kind: str               # "limbered" (5.5 (1)), "unlimbered" (5.5 (2)) or "normal"
    battery: str | None     # 5.5 (1): the Limbered battery fired on, as if alone in the hex
    loss_order: tuple       # the units that take casualties, in order
    clause: str
    morale_needs_retreat: bool = False  # 5.5 (1): Morale results without a retreat are ignored by the hex


@dataclass(frozen=True)
class Resolution:
    """A fire rolled: everything the procedure applies, nothing applied."""
    strength: object        # fire_strength.Strength
    shifts: tuple
    roll: int | None        # None: no roll (5.3e)
    column: str | None      # the column read, after shifts
    outcome: Outcome | None
    losses: tuple           # ((unit, casualties), ...) in the order taken (5.7b, 5.5)
    morale_check: bool      # a combat unit is left to check (5.7d); stragglers may still end it
    low_ammo: tuple         # ((unit, ammo before, ammo after), ...) on 11 or 12 (5.7c)
    wagons_destroyed: tuple # supply wagons alone in the hex, destroyed on 1 or more (8.1c)
    selective: Selective | None = None   # how a Selective Artillery Fire is taken (5.5)


def decode(charts, cell):
    m = RESULT.match(str(cell).strip())
    if not m:
        raise ChartError(f"{charts.path}: [{TABLE}] {cell!r}: a result is \"-\", \"M\", \"M+2\" or a number "
                         f"of casualties")
    if m["none"]:
        return Outcome(cell)
    if m["n"]:
        n = int(m["n"])
        return Outcome(cell, n, 1 if n == 1 else 2, True)
    return Outcome(cell, morale_check=True, morale_shifts=int(m["up"] or 0))


def top_unit(fire):
    """The unit whose state sets the target's shifts: the first combat unit of the stack (5.7), or the
    Limbered battery Selective Fire engages alone (5.5 (1))."""
    chosen = selective_target(fire.target) if fire.selective else None
    if chosen and chosen.battery:
        return next(u for u in fire.target.stack if u.name == chosen.battery)
    combat = fire.target.combat_units
    return combat[0] if combat else None


def _shift(charts, section, key, clause, why):
    return Shift(key, int(charts.file.value(section, key)), clause, why)


def column_shifts(charts, fire, extra=()):
    """The column shifts of a fire (5.6-5.7, 3.3, 8.2), each once (5.6a); `extra`: Shifts another rule
    adds (close combat's, 7.1b)."""
    shifts = []
    top = top_unit(fire)
    if top is not None and top.formation in TARGET_FORMATIONS:
        shifts.append(_shift(charts, "fire_column_shifts", top.formation, "5.7",
                             f"the target's top combat unit {top.name} is {top.formation}"))
    terrain = charts.file.data.get("fire_terrain_shifts", {})
    for t in fire.target.terrain:
        if t in terrain:
            shifts.append(_shift(charts, "fire_terrain_shifts", t, "5.6a", f"the target is in {t}"))
    shifts += _hexside_shift(charts, fire)
    flanks = [h.flank for h in fire.hexes]
    how = all if charts.option("flank_fire") == "all" else any
    if flanks and how(flanks):
        shifts.append(_shift(charts, "fire_column_shifts", "flank", "3.3",
                             f"flanking fire (option flank_fire = {charts.option('flank_fire')!r})"))
    low = [unit.ammo == "low" for _, _, unit in fire.shots()]
    how = all if charts.option("low_ammo_shift") == "all" else any
    if low and how(low):
        shifts.append(_shift(charts, "fire_column_shifts", "low_ammo", "8.2",
                             f"Low Ammo firers (option low_ammo_shift = {charts.option('low_ammo_shift')!r})"))
    once = []
    for s in (*shifts, *extra):
        if s.name not in {o.name for o in once}:
            once.append(s)
    return tuple(once)


def _hexside_shift(charts, fire):
    """5.6b-c: a hexside feature shifts only when all fire enters through it (a slope: from below)."""
    features = {h.entry_feature for h in fire.hexes}
    if len(features) != 1 or not fire.hexes:
        return []
    feature = features.pop()
    if not feature or feature not in charts.file.data.get("fire_hexside_shifts", {}):
        return []
    if charts.option("hexside_fire") == "same" and len({h.entry_side for h in fire.hexes}) != 1:
        return []
    if feature == "slope":
        if not all(h.from_below for h in fire.hexes):
            return []
        corner = (f" (at a corner: option slope_at_corner = {charts.option('slope_at_corner')!r})"
                  if any(isinstance(h.entry_side, tuple) for h in fire.hexes) else "")
        return [_shift(charts, "fire_hexside_shifts", feature, "5.6b", f"all fire crosses a slope from below{corner}")]
    return [_shift(charts, "fire_hexside_shifts", feature, "5.6c", f"all fire crosses the {feature} hexside")]


def column_read(charts, value, shift):
    table = charts.file.table(TABLE)
    i = max(0, min(len(table.columns) - 1, table.column_for(float(value)) + shift))
    return table.columns[i].label


def selective_target(target):
    """How Selective Artillery Fire at `target` is resolved (5.5)."""
    combat = target.combat_units
    guns = [u for u in combat if u.type == "artillery"]
    limbered = [u for u in guns if u.formation == "limbered"]
    unlimbered = [u for u in guns if u.formation != "limbered"]
    if len(guns) == len(combat) and (not limbered or not unlimbered):
        return Selective("normal", None, tuple(u.name for u in combat),
                         "5.5: only limbered, or only unlimbered, artillery: a normal fire combat")
    if limbered:
        return Selective("limbered", limbered[0].name, (limbered[0].name,),
                         "5.5 (1): the Limbered battery alone; Morale results without a retreat are ignored", True)
    order = sorted(unlimbered, key=lambda u: -u.sp)  # the owner chooses between equals: stack order here
    return Selective("unlimbered", None, tuple(u.name for u in order),
                     "5.5 (2): casualties to the unlimbered artillery, the most guns first")


def allocate_casualties(target, casualties, selective=None):
    """Who takes `casualties` (5.7b: the top combat unit, the rest to the next; 5.5 the artillery):
    (((unit, n), ...), the combat units left)."""
    units = {u.name: u for u in target.stack}
    order = selective.loss_order if selective else tuple(u.name for u in target.combat_units)
    losses, left = [], casualties
    for name in order:
        if left <= 0:
            break
        n = min(left, units[name].sp)
        losses.append((name, n))
        left -= n
    lost = dict(losses)
    survivors = tuple(u.name for u in target.combat_units if u.sp - lost.get(u.name, 0) > 0)
    if selective and selective.battery:
        survivors = tuple(n for n in survivors if n == selective.battery)
    return tuple(losses), survivors


def low_ammo_after(units):
    """5.7c: every firing unit Low Ammo; one already Low Ammo becomes No Ammo."""
    return tuple((u.name, u.ammo, "none" if u.ammo == "low" else "low") for u in units)


def resolve_fire(charts, fire, roll, extra_shifts=()):
    """Rolls a fire through `roll(dice, purpose)` and reads the Fire Combat Table: a Resolution."""
    strength = fire_strength(charts, fire)
    shifts = column_shifts(charts, fire, extra_shifts)
    if strength.no_effect:
        return Resolution(strength, shifts, None, None, None, (), False, (), ())
    total = sum(s.columns for s in shifts)
    rolled = roll(DICE, f"fire at {fire.target.hex}")
    read = charts.file.lookup(TABLE, rolled, value=strength.column_value, shift=total)
    outcome = decode(charts, read.result)
    chosen = selective_target(fire.target) if fire.selective else None
    losses, survivors = allocate_casualties(fire.target, outcome.casualties, chosen)
    firers = [unit for _, _, unit in fire.shots()]
    low = low_ammo_after(firers) if rolled in charts.rule("fire", "low_ammo_rolls") else ()
    wagons = ()
    if not fire.target.combat_units and outcome.casualties >= 1:
        wagons = tuple(u.name for u in fire.target.stack if u.type == "wagon")
    return Resolution(strength, shifts, rolled, read.column_label, outcome, losses,
                      outcome.morale_check and bool(survivors), low, wagons, chosen)


@dataclass(frozen=True)
class Odds:
    strength: object
    shifts: tuple
    column: str | None
    chances: dict          # {Outcome: Fraction}, the whole 2d6 (empty: No Effect without a roll, 5.3e)
    low_ammo: Fraction     # the chance the roll marks the firers Low Ammo (5.7c)


def fire_odds(charts, fire, extra_shifts=()):
    """The exact chance of each Fire Combat Table result of `fire` before rolling: Odds."""
    strength = fire_strength(charts, fire)
    shifts = column_shifts(charts, fire, extra_shifts)
    if strength.no_effect:
        return Odds(strength, shifts, None, {}, Fraction(0))
    total = sum(s.columns for s in shifts)
    cells = charts.file.distribution(TABLE, DICE, value=strength.column_value, shift=total)
    chances = {}
    for cell, p in cells.items():
        outcome = decode(charts, cell)
        chances[outcome] = chances.get(outcome, Fraction(0)) + Fraction(p)
    dice = Dice.distribution(DICE)
    rolls = charts.rule("fire", "low_ammo_rolls")
    low = sum((Fraction(p) for r, p in dice.items() if r in rolls), Fraction(0))
    return Odds(strength, shifts, column_read(charts, strength.column_value, total), chances, low)
