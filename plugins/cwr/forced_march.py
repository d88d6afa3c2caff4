"""Forced March (3.7): which units may force march, and the extra MP a first and a second
straggler check buy."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Marcher:
    name: str
    type: str
    formation_at_start: str   # at the beginning of the Movement Phase
    state: str = "normal"     # normal, sh, dg, r, bl
    changed_formation: bool = False


@dataclass(frozen=True)
class ForcedMarch:
    unit: str
    allowed: bool
    why: str
    checks: tuple = ()        # (Straggler Table, what the check gave)
    extra_mp: int = 0
    total_limit: int = None   # option forced_march_limit "total": the unit uses at most this many MP this turn
    clause: str = "3.7"


def may_force_march(unit):
    """3.7: only infantry in Column formation from the beginning of the Movement Phase, changing
    formation at no time, and never Disorganized or Routed. (allowed, why)."""
    if unit.type != "infantry":
        return False, f"only infantry may Force March, not {unit.type} (3.7)"
    if unit.formation_at_start != "column":
        return False, "it was not in Column formation at the beginning of the Movement Phase (3.7)"
    if unit.changed_formation:
        return False, "it changed formation during the movement (3.7)"
    if unit.state in ("dg", "r"):
        return False, f"a {'Disorganized' if unit.state == 'dg' else 'Routed'} unit may never Force March (3.7)"
    return True, "infantry in Column, neither Disorganized nor Routed (3.7)"


def forced_march(unit, checks_wanted, straggler_check, charts):
    """3.7: a Straggler Check on Table 1 buys 2 extra MP; a second on Table 2 two more. "No unit
    may use more than 4 MP in the current turn": option forced_march_limit, "extra" (at most 4 extra
    MP, two checks) or "total" (the unit's MP this turn capped at 4). `straggler_check(unit_name,
    table, modifier)` makes one check and returns what it gave."""
    if checks_wanted not in (1, 2):
        raise ValueError(f"{unit.name}: Forced March is one or two straggler checks (3.7), not {checks_wanted}")
    allowed, why = may_force_march(unit)
    if not allowed:
        return ForcedMarch(unit.name, False, why)
    tables = [int(charts.rule("forced_march", "first_table")), int(charts.rule("forced_march", "second_table"))]
    per_check = int(charts.rule("forced_march", "extra_mp"))
    limit = int(charts.rule("forced_march", "limit"))
    checks = tuple((t, straggler_check(unit.name, t, 0)) for t in tables[:checks_wanted])
    if charts.option("forced_march_limit") == "total":
        return ForcedMarch(unit.name, True, why, checks, per_check * checks_wanted, limit)
    return ForcedMarch(unit.name, True, why, checks, min(per_check * checks_wanted, limit))
