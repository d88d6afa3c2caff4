"""Artillery bombardment (LFM 7, 18, 16.5-16.6): which batteries may fire at a target hex and with
what strength, the Artillery table's number of cohesion checks, and those checks on the one target
unit the firer chooses. Range, LOS and zones are facts the caller gives."""
from dataclasses import dataclass, field
from fractions import Fraction

from adjutant.procedures.charts import ChartError

from .cohesion import cohesion_check, failure_chance

OUTCOMES = ("none", "disorganized", "retreat", "eliminated")   # 7.8: one step per failed check
TABLE = "artillery_table"


@dataclass(frozen=True)
class Battery:
    name: str
    hex: str
    sp: int
    range: int                   # hexes from its hex to the target hex
    los: str = "clear"           # clear, partial or blocked (27)
    mode: str = "unlimbered"
    in_enemy_zoc: bool = False
    building: bool = False       # 24.1a: building breastworks


@dataclass(frozen=True)
class Target:
    name: str
    cohesion: int
    disorganized: bool = False
    shattered: bool = False


@dataclass(frozen=True)
class Strength:
    firing: tuple                # (battery, SP it adds before halving, "full" or "half")
    refused: tuple               # (battery, clause, why)
    problems: tuple              # (clause, why): the fire as a whole is not allowed
    full_sp: int
    half_sp: int                 # 7.6: long-range SP summed, then halved rounded up
    strength: int

    @property
    def legal(self):
        return not self.problems and bool(self.firing)


def _refusal(b, charts):
    shortest = int(charts.rule("bombardment", "shortest_range"))
    longest = int(charts.rule("bombardment", "longest_range"))
    if b.mode != "unlimbered":
        return "7.2", f"{b.mode}: only unlimbered artillery bombards"
    if b.in_enemy_zoc:
        return "7.2, 7.7", "in an enemy ZOC: it uses the CRT against adjacent units instead"
    if b.building:
        return "24.1a", "building breastworks: it cannot bombard"
    if b.range < shortest:
        return "7.3", f"{b.range} hexes: the range must be {shortest} hexes or more"
    if b.range > longest:
        return "7.2", f"{b.range} hexes: the range is {longest} hexes at most"
    if b.los == "blocked":
        return "7.5, 27", "no line of sight to the target hex"
    if b.los == "partial" and charts.option("partial_los_bombards") == "no":
        return "7.5, 27 (option partial_los_bombards = \"no\")", "a partially obstructed LOS is no LOS"
    if b.los not in ("clear", "partial"):
        raise ValueError(f"battery {b.name}: los is clear, partial or blocked, not {b.los!r}")
    return None


def strength(batteries, charts, *, hexes_adjacent=False):
    """7.2-7.6: the batteries that may fire and the SP they bombard with; `hexes_adjacent`: the
    (two) firing hexes are adjacent to each other."""
    full_range = int(charts.rule("bombardment", "full_strength_range"))
    most_hexes = int(charts.rule("bombardment", "firing_hexes"))
    firing, refused = [], []
    for b in batteries:
        why = _refusal(b, charts)
        if why:
            refused.append((b.name, *why))
        else:
            firing.append((b.name, b.sp, "full" if b.range <= full_range else "half", b.hex))
    hexes = sorted({h for *_, h in firing})
    problems = []
    if len(hexes) > most_hexes:
        problems.append(("7.3", f"artillery in {len(hexes)} hexes ({', '.join(hexes)}): at most {most_hexes} "
                                f"adjacent hexes combine fire"))
    elif len(hexes) == 2 and not hexes_adjacent:
        problems.append(("7.3", f"{hexes[0]} and {hexes[1]} are not adjacent: they cannot combine fire"))
    full_sp = sum(sp for _, sp, kind, _ in firing if kind == "full")
    long_sp = sum(sp for _, sp, kind, _ in firing if kind == "half")
    half_sp = -(-long_sp // 2)
    return Strength(tuple(f[:3] for f in firing), tuple(refused), tuple(problems), full_sp, half_sp,
                    full_sp + half_sp)


def _checks(charts, cell, where):
    text = str(cell).strip()
    if text in ("-", ""):
        return 0
    try:
        return int(text)
    except ValueError:
        raise ChartError(f"{charts.path}: [{TABLE}] {where}: {text!r} is not a number of cohesion checks") from None


def table_chances(charts, sp):
    """7.8, before rolling: {number of cohesion checks: chance} at `sp` bombarding SP."""
    dice = str(charts.rule("bombardment", "dice"))
    out = {}
    for cell, p in charts.file.distribution(TABLE, dice, value=sp).items():
        n = _checks(charts, cell, f"column for {sp} SP")
        out[n] = out.get(n, 0) + p
    return out


def outcome_chances(checks_chances, target, modifier=0):
    """7.8, 18, before rolling: {outcome: chance} for `target` facing the Artillery table's checks."""
    fail = failure_chance(target.cohesion, modifier)
    out = {o: Fraction(0) for o in OUTCOMES}
    for n, p in checks_chances.items():
        # level: how many steps of OUTCOMES the unit has taken; states {level: chance}
        states = {_start(target): Fraction(1)}
        for _ in range(n):
            nxt = {}
            for level, q in states.items():
                if level == 3:
                    nxt[3] = nxt.get(3, 0) + q
                    continue
                worse = 3 if target.shattered else level + 1
                nxt[worse] = nxt.get(worse, 0) + q * fail
                nxt[level] = nxt.get(level, 0) + q * (1 - fail)
            states = nxt
        for level, q in states.items():
            out[_outcome(target, level)] += p * q
    return {o: q for o, q in out.items() if q}


def _start(target):
    # 7.8: a unit already D retreats on its first failure; 16.5: shattered units are D
    return 1 if target.disorganized or target.shattered else 0


def _outcome(target, level):
    if level == _start(target) and level == 1:
        return "none"
    return OUTCOMES[level]


@dataclass
class Effect:
    target: str
    checks: list = field(default_factory=list)   # CohesionCheck
    outcome: str = "none"                        # none, disorganized, retreat, eliminated
    steps: list = field(default_factory=list)    # (clause, text)

    @property
    def adverse(self):
        """8.11: a retreat or an elimination (commander casualties)."""
        return self.outcome in ("retreat", "eliminated")


def cohesion_checks(target, checks, roll, modifiers=()):
    """7.8: `checks` cohesion checks of one target unit, all before the next unit's: the first failure
    D, the second a retreat, the third eliminated (a unit already D retreats on its first); a shattered
    unit that fails is eliminated (16.6)."""
    effect = Effect(target.name)
    level = _start(target)
    for i in range(1, checks + 1):
        check = cohesion_check(target.name, target.cohesion, roll, modifiers=modifiers, shattered=target.shattered,
                               purpose=f"bombardment cohesion check {i} {target.name}")
        effect.checks.append(check)
        effect.steps.append((check.clause.split(":")[0], check.clause))
        if not check.failed:
            continue
        level = 3 if check.eliminated else level + 1
        effect.outcome = OUTCOMES[level]
        why = {1: "the first failure: disorganized (D)",
               2: "already D: it retreats" if _start(target) else "the second failure: it retreats",
               3: "eliminated (routed)"}[level]
        effect.steps.append(("16.6" if check.eliminated else "7.8", f"{target.name}: {why}"))
        if level == 3:
            if i < checks:
                effect.steps.append(("7.8", f"{target.name} is eliminated: {checks - i} checks left unrolled"))
            break
    return effect


@dataclass(frozen=True)
class Bombardment:
    strength: Strength
    chances: dict                # {checks: chance} before rolling
    outcome_chances: dict        # {outcome: chance} before rolling
    roll: int
    column: str
    checks: int
    effect: Effect


def bombard(batteries, target, charts, roll, *, hexes_adjacent=False, modifiers=()):
    """7: one bombardment of `target` (the unit the firer chose in the target hex): the strength, the odds
    before rolling, the Artillery table roll and the target's cohesion checks. ValueError when the fire
    is not allowed (the reasons and clauses in the message)."""
    s = strength(batteries, charts, hexes_adjacent=hexes_adjacent)
    if not s.legal:
        why = "; ".join(f"{c}: {t}" for c, t in s.problems) or \
            "no battery may fire (" + "; ".join(f"{n}: {c}: {t}" for n, c, t in s.refused) + ")"
        raise ValueError(f"bombardment of {target.name}: {why}")
    chances = table_chances(charts, s.strength)
    total = sum(v for _, v in modifiers)
    odds = outcome_chances(chances, target, total)
    die = roll(str(charts.rule("bombardment", "dice")), f"artillery table {target.name}")
    read = charts.file.lookup(TABLE, die, value=s.strength)
    checks = _checks(charts, read.result, f"column {read.column_label}, row {read.row_roll}")
    return Bombardment(s, chances, odds, die, read.column_label, checks,
                       cohesion_checks(target, checks, roll, modifiers))
