"""A d6 roll modified by named modifiers, each with its clause, as the reorganization roll (2) and
the paralysis roll (3) are made: the die, the modifiers, the total, and the exact chance before
rolling that the total passes."""
from dataclasses import dataclass
from fractions import Fraction

FACES = range(1, 7)


@dataclass(frozen=True)
class Modifier:
    amount: int
    clause: str
    why: str

    @property
    def text(self):
        return f"{self.amount:+d} {self.why} ({self.clause})"


@dataclass(frozen=True)
class ModifiedRoll:
    die: int
    modifiers: tuple

    @property
    def total(self):
        return self.die + sum(m.amount for m in self.modifiers)

    @property
    def text(self):
        return " ".join([f"d6 {self.die}"] + [m.text for m in self.modifiers] + [f"= {self.total}"])


def percent(chance):
    """A chance as the reports show it: "1/3 (33%)"."""
    return f"{chance} ({float(chance):.0%})"


@dataclass(frozen=True)
class Odds:
    """The chance, before rolling, that d6 + the modifiers passes."""
    modifiers: tuple
    chance: Fraction          # of success before rolling
    clause: str

    @property
    def text(self):
        shown = " ".join(m.text for m in self.modifiers) or "no modifier"
        return f"d6 {shown}: {percent(self.chance)} ({self.clause})"


def roll_d6(roll, purpose, modifiers):
    """One d6 for `purpose` through roll(dice, purpose), with its modifiers: a ModifiedRoll."""
    return ModifiedRoll(roll("d6", purpose), tuple(modifiers))


def chance(modifiers, passes):
    """The exact chance that d6 + the modifiers' sum passes (passes(total) -> bool): a Fraction."""
    shift = sum(m.amount for m in modifiers)
    return Fraction(sum(1 for face in FACES if passes(face + shift)), len(FACES))
