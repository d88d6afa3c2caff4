"""Cohesion checks (LFM 18, 16.5-16.6): one die, modified; above the unit's cohesion rating fails; a
shattered unit that fails is eliminated."""
from dataclasses import dataclass
from fractions import Fraction

DICE = "d6"   # 18: "roll one die"


@dataclass(frozen=True)
class CohesionCheck:
    unit: str
    cohesion: int
    roll: int
    modifiers: tuple     # (label, value)
    modified: int
    failed: bool
    eliminated: bool     # 16.6: a shattered unit that fails
    clause: str


def cohesion_check(unit, cohesion, roll, *, modifiers=(), shattered=False, purpose=None):
    """One cohesion check of `unit` (its name) rated `cohesion`; `modifiers` are (label, value) pairs
    added to the die; `roll(dice, purpose)` rolls it."""
    die = roll(DICE, purpose or f"cohesion check {unit}")
    modified = die + sum(v for _, v in modifiers)
    failed = modified > cohesion
    eliminated = failed and shattered
    if eliminated:
        clause = f"18, 16.6: {modified} > cohesion {cohesion}: failed; a shattered unit that fails is eliminated"
    elif failed:
        clause = f"18: {modified} > cohesion {cohesion}: failed"
    else:
        clause = f"18: {modified} <= cohesion {cohesion}: passed"
    return CohesionCheck(unit, cohesion, die, tuple(modifiers), modified, failed, eliminated, clause)


def failure_chance(cohesion, modifier=0):
    """18: the chance, before rolling, that a check at `cohesion` with a total `modifier` fails."""
    return Fraction(sum(1 for face in range(1, 7) if face + modifier > cohesion), 6)
