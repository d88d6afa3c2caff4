"""The arithmetic of a LIN battle, apart from the position and the dice: rounding, the strength a
committed force fires with, the CRT rolls a strength makes, and the demoralization thresholds."""
import math
from fractions import Fraction


def half_up(x):
    """10.5: "round fractions to the nearest whole number, rounding 1/2 up"."""
    return math.floor(Fraction(x) + Fraction(1, 2))


def rounded(x, how):
    """A committed strength, rounded as the option commitment_rounding says."""
    x = Fraction(x)
    return half_up(x) if how == "nearest" else math.ceil(x) if how == "up" else math.floor(x)


def committed_weight(parts, committed, entrenched_first):
    """The factor (as a Fraction) by which the committed strength is modified (10.5): each part
    (strength, multiplier, entrenched) of the force counts in proportion to its strength; with
    `entrenched_first`, committed points are taken from the entrenched parts before the others
    ("the defender may take entrenched points to be committed before non-entrenched ones")."""
    total = sum(s for s, _, _ in parts)
    if not total or not committed:
        return Fraction(1)
    if not entrenched_first:
        return Fraction(sum(s * m for s, m, _ in parts), total)
    dug = [(s, m) for s, m, e in parts if e]
    open_ = [(s, m) for s, m, e in parts if not e]
    dug_sp = sum(s for s, _ in dug)
    if committed <= dug_sp:
        return Fraction(sum(s * m for s, m in dug), dug_sp)
    open_sp = sum(s for s, _ in open_)
    rest = committed - dug_sp
    modified = sum(s * m for s, m in dug) + (Fraction(rest * sum(s * m for s, m in open_), open_sp) if open_sp else 0)
    return Fraction(modified) / committed


def crt_strengths(strength, column):
    """10.5 Excess Strength: one roll on the `column` (56) column per full 56 and one for the rest:
    120 -> [56, 56, 8]."""
    if strength <= 0:
        return []
    full, rest = divmod(strength, column)
    return [column] * full + ([rest] if rest else [])


def must_check_morale(lost, committed):
    """10.6: from the round in which losses total 10% or more of the initial committed strength."""
    return lost > 0 and 10 * lost >= committed


def tenths_lost(lost, committed):
    """10.6: +1 for every full 10% of the initial committed force lost (29% gives 2)."""
    if not committed:
        return 10 if lost else 0
    return min(10, (10 * lost) // committed)
