"""Morale (6.0-6.3): the Morale Check of a stack (its top unit's rating, column-shifted by the
modifiers and one leader's rating minus one, read at a d66 roll; Blood Lust units on the Blood Lust
table), its result combined with the stack's state (6.2b), its straggler losses and retreat, and the
retreat's bookkeeping (6.3: a new retreat in an EZOC, units that cannot finish, units forced off the
map, displaced units). The map's geometry is not read here: the path's facts are inputs."""
import re
from dataclasses import dataclass
from fractions import Fraction

from adjutant.procedures.charts import ChartError

from .stragglers import Losses, UnitLoss, morale_unit, take_stragglers

STATES = ("bl", "normal", "sh", "dg", "r")   # best to worst, as the Rally Diagram runs
_CODE = re.compile(r"^(BL|NE|SH|DG|R)(?:B([1-4]))?(?:L([12]))?$")
_BLOOD_LUST = {"normal": "bl", "bl": "bl", "sh": "bl", "dg": "normal", "r": "sh"}   # 6.2b exception 2


@dataclass(frozen=True)
class Leader:
    """A leader in the hex; `rating` is the one used for morale (a brigade leader's right value, 9.1)."""
    name: str
    rating: int


@dataclass(frozen=True)
class MoraleResult:
    code: str            # as the chart prints it: "DGB2L1", "SHB1*"
    state: str | None    # bl, sh, dg, r; None for NE (no effect)
    retreat: int         # B1-B4
    stragglers: int      # L1, L2
    star: bool           # 6.2a: the retreat may be ignored by some stacks
    clause: str = "6.2"


def parse_result(charts, code, where):
    """A Morale or Blood Lust Table cell as a MoraleResult; ChartError naming `where` otherwise.
    Option dgb2_straggler "one": a DGB2 with no L code still loses one straggler (6.2's example)."""
    text = str(code).strip()
    compact = re.sub(r"[\s,]", "", text).upper()
    star = "*" in compact
    m = _CODE.match(compact.replace("*", ""))
    if not m:
        raise ChartError(f"{charts.path}: {where}: {text!r} is not a morale result "
                         "(BL, NE, SH, DG or R, then B1-B4, L1-L2, '*')")
    state = None if m[1] == "NE" else m[1].lower()
    retreat, stragglers, clause = int(m[2] or 0), int(m[3] or 0), "6.2"
    if (state, retreat, m[3]) == ("dg", 2, None) and charts.option("dgb2_straggler") == "one":
        stragglers, clause = 1, "6.2 (option dgb2_straggler = \"one\": DGB2 loses one straggler)"
    return MoraleResult(text, state, retreat, stragglers, star, clause)


def combine(current, result_state):
    """6.2b: the state a stack in `current` takes on a result's state: (state, clause)."""
    if result_state is None:
        return current, "6.2b: no effect, the state remains"
    if result_state == "bl":
        return _BLOOD_LUST[current], ("6.2b" if current == "normal" or current == "bl" else "6.2b exception 2")
    if current == "dg" and result_state == "dg":
        return "r", "6.2b exception 1: DG + DG = R"
    worse = max(current, result_state, key=STATES.index)
    return worse, "6.2b: the worse state takes effect or remains"


def hex_state(states):
    """6.0a: the one state of a hex whose units arrive in `states`: Routed if any is (even
    momentarily); Blood Lust only if all are (BL stacked with others reverts to Normal); else the worst."""
    states = list(states)
    if "r" in states:
        return "r"
    if states and all(s == "bl" for s in states):
        return "bl"
    return max(("normal" if s == "bl" else s for s in states), key=STATES.index, default="normal")


def worsen(state):
    """6.3d: a displaced stack's state one level worse (Sh to DG); Routed stays Routed."""
    return STATES[min(STATES.index(state) + 1, len(STATES) - 1)]


def retreat_optional(units, protected_terrain=False):
    """6.2a: may the stack ignore a '*' result's retreat? With an unlimbered battery and some
    non-artillery unit, or in a Sunken Road or Breastworks (`protected_terrain`)."""
    combat = [u for u in units if u.in_combat]
    unlimbered = any(u.type == "artillery" and u.formation == "unlimbered" for u in combat)
    return protected_terrain or (unlimbered and any(u.type != "artillery" for u in combat))


def _shift(charts, modifiers, leader):
    mods = list(modifiers)
    if leader is not None:
        mods.append((f"leader {leader.name} ({leader.rating} - 1)",
                     leader.rating + int(charts.rule("morale", "leader_offset"))))
    return tuple(mods), sum(v for _, v in mods)


@dataclass(frozen=True)
class MoraleCheck:
    unit: str            # the unit whose rating was read
    rating: str
    table: str           # morale_table or blood_lust_table
    dice: str
    roll: int
    modifiers: tuple     # (label, column shift), the leader's included
    column: str          # the column read, after the shifts (clamped at the table's edge)
    result: MoraleResult
    before: str
    after: str
    losses: Losses       # the result's straggler losses (6.3b: eliminated units removed)
    retreat: int         # hexes to retreat, after the '*' choice
    retreat_skipped: bool
    clauses: tuple


def blood_lust_check(charts, unit, roll):
    """6.1, 6.4 C: a Blood Lust stack rolls 2d6 on the Blood Lust table instead of checking morale;
    the result's state replaces BL (NE: the marker is removed). (roll, MoraleResult, state after)."""
    die = roll("2d6", f"blood lust {unit.name}")
    r = charts.file.lookup("blood_lust_table", die)
    result = parse_result(charts, r.result, f"[blood_lust_table] row {r.row_roll}")
    return die, result, result.state or "normal"


def morale_check(charts, units, state, roll, modifiers=(), leader=None, stay=False,
                 protected_terrain=False, casualties=False):
    """6.1-6.2: the Morale Check of a stack (`units` top first, its hex's `state`) with the Morale
    Table's modifiers ((label, column shift); "+" toward A) and one leader in the hex. `stay`: the
    stack ignores a '*' retreat where 6.2a lets it. `casualties`: the result's losses are permanent
    (7.1c). None when no combat unit is left (5.7d)."""
    unit = morale_unit(units)
    if unit is None:
        return None
    if state == "bl":
        die, result, after = blood_lust_check(charts, unit, roll)
        mods, table, dice = (), "blood_lust_table", "2d6"
        column, clause = charts.file.table(table).columns[0].label, "6.1: Blood Lust table instead of a Morale Check"
    else:
        mods, shift = _shift(charts, modifiers, leader)
        die = roll("d66", f"morale check {unit.name}")
        r = charts.file.lookup("morale_table", die, column=unit.morale, shift=shift)
        result = parse_result(charts, r.result, f"[morale_table] row {r.row_roll}, column {r.column_label}")
        after, clause = combine(state, result.state)
        column, table, dice = r.column_label, "morale_table", "d66"
    losses, retreat, skipped, clauses = apply_result(result, units, stay, protected_terrain, casualties)
    return MoraleCheck(unit.name, unit.morale, table, dice, die, mods, column, result, state, after,
                       losses, retreat, skipped, (clause,) + clauses)


def apply_result(result, units, stay=False, protected_terrain=False, casualties=False):
    """6.2, 6.2a, 6.3b: a result's straggler losses taken from the top infantry or cavalry unit
    (eliminated units removed before the retreat) and the hexes to retreat:
    (Losses, retreat, retreat skipped, clauses)."""
    losses = take_stragglers(units, result.stragglers, "casualties" if casualties else "stragglers")
    clauses = (result.clause,) + (("7.1c: the losses are permanent",) if casualties and result.stragglers else ())
    skipped = bool(result.retreat and result.star and stay and retreat_optional(units, protected_terrain))
    if skipped:
        clauses += ("6.2a: '*' result, the stack stays",)
    if result.retreat and not losses.stack:
        clauses += ("6.3b: no unit left to retreat",)
    return losses, 0 if skipped or not losses.stack else result.retreat, skipped, clauses


@dataclass(frozen=True)
class MoraleOdds:
    table: str
    column: str          # the column the shifts read (the Blood Lust table's one column)
    modifiers: tuple
    cells: dict          # {result as printed: Fraction}
    states: dict         # {state after 6.2b: Fraction}


def morale_odds(charts, units, state, modifiers=(), leader=None):
    """The exact chance of each result of the stack's Morale Check before rolling (None when no
    combat unit is left): by printed result, and by the state the stack would be in after it."""
    unit = morale_unit(units)
    if unit is None:
        return None
    if state == "bl":
        mods, table, dist = (), "blood_lust_table", charts.file.distribution("blood_lust_table", "2d6")
        column = charts.file.table(table).columns[0].label
    else:
        mods, shift = _shift(charts, modifiers, leader)
        table = "morale_table"
        dist = charts.file.distribution(table, "d66", column=unit.morale, shift=shift)
        labels = [c.label for c in charts.file.table(table).columns]
        column = labels[max(0, min(len(labels) - 1, labels.index(unit.morale) + shift))]
    states = {}
    for cell, p in dist.items():
        result = parse_result(charts, cell, f"[{table}] column {column}")
        after = (result.state or "normal") if state == "bl" else combine(state, result.state)[0]
        states[after] = states.get(after, Fraction(0)) + p
    return MoraleOdds(table, column, mods, dict(dist), states)


# ---- Retreat bookkeeping (6.3) ----

@dataclass(frozen=True)
class RetreatOutcome:
    moved: int           # hexes retreated
    state: str           # the stack's state after it
    losses: Losses       # strength lost leaving the map (stragglers), 6.3c
    removed: tuple       # units taken off the map
    clause: str


def retreat_outcome(units, state, required, possible, off_map=False):
    """6.3c: a stack ordered `required` hexes whose path allows `possible` (stopped by enemy units
    or impassable terrain), or leaves the map after `possible` hexes (`off_map`). Short of the
    distance it stops and is Routed; off the map its infantry and cavalry lose all their strength as
    stragglers, its other units are removed (artillery does not straggle, 5.8c)."""
    if off_map:
        losses = Losses("stragglers", tuple(UnitLoss(u.name, u.sp, 0) for u in units if u.straggles), (), 0, "6.3c")
        return RetreatOutcome(possible, state, losses, tuple(u.name for u in units), "6.3c: forced off the map")
    if possible < required:
        return RetreatOutcome(possible, "r", Losses("stragglers", stack=tuple(units)), (),
                              f"6.3c: could retreat {possible} of {required} hexes, Routed")
    return RetreatOutcome(required, state, Losses("stragglers", stack=tuple(units)), (), "6.3")


@dataclass(frozen=True)
class EzocRetreat:
    remaining: int       # hexes still to retreat from the EZOC hex
    replaced: bool       # the new result's retreat replaced the original
    clause: str


def ezoc_retreat(original, moved, new):
    """6.3e: a stack that retreated `moved` hexes of an `original` retreat, into an EZOC hex, gets a
    new result retreating `new` hexes: the new retreat replaces the original, from the EZOC hex, when
    it is at least the original - 1; otherwise the rest of the original is executed."""
    if new and new >= original - 1:
        return EzocRetreat(new, True, f"6.3e: B{new} is at least the original B{original} - 1: it replaces it")
    return EzocRetreat(max(original - moved, 0), False,
                       f"6.3e: the remainder of the original B{original} ({max(original - moved, 0)} hexes)")


@dataclass(frozen=True)
class Displacement:
    displaces: bool      # False: the units stack with the retreating ones and follow
    state: str
    clause: str


def displaced(units, state, retreating_state, displace):
    """6.3d, 6.3f: friendly units in a retreat's path either displace one hex, one level worse, or
    stack with the retreating units and take the worse state of the two; unlimbered artillery does
    neither: it stays and absorbs the retreating units' state."""
    if any(u.type == "artillery" and u.formation == "unlimbered" for u in units if u.in_combat):
        return Displacement(False, hex_state([state, retreating_state]),
                            "6.3f: unlimbered artillery stays and absorbs the retreating units' state")
    if displace:
        return Displacement(True, worsen(state), "6.3d: displaced one hex, morale one level worse")
    return Displacement(False, hex_state([state, retreating_state]),
                        "6.3d: stacked with the retreating units, the worst state of the hex")


def causes_displacement(units):
    """6.3d: leaders and HQs alone in a hex do not cause displacement."""
    return any(u.type not in ("leader", "hq") for u in units)
