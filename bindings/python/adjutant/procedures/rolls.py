"""Die rolls for a procedure: from a seed, so that the same seed gives the same rolls again, except
the rolls a player made at the table and gives (`--roll "Lee CP=4"`). Every roll is kept, with its
purpose and whether it was given, for the report.

    rolls = Rolls(seed=7, given=["Lee*=4"])
    rolls.d6("Lee CP")        # 4, given
    rolls.d6("Jackson")       # from the seed
"""
import fnmatch
import hashlib
import secrets
from dataclasses import dataclass

from adjutant import Dice


@dataclass(frozen=True)
class Roll:
    purpose: str
    dice: str
    result: int
    given: bool = False

    def as_json(self):
        return dict(self.__dict__)

    def __str__(self):
        return f"{self.purpose}: {self.dice} = {self.result}" + (" (given)" if self.given else "")


def parse_given(text):
    """"PURPOSE=N" (PURPOSE may use * and ?) as (pattern, N); ValueError naming the text otherwise."""
    pattern, sep, value = text.rpartition("=")
    if not sep or not pattern.strip() or not value.strip().lstrip("-").isdigit():
        raise ValueError(f"a given roll is PURPOSE=NUMBER, such as \"Lee CP=4\", not {text!r}")
    return pattern.strip(), int(value)


def run_seed(seed, index):
    """The seed of run `index` (0, 1, ...) of a simulation seeded with `seed`: from the two numbers
    alone, so that a run's rolls do not depend on which process or machine makes it, nor on the runs
    before it; `adjutant run --seed` with it makes the same run again."""
    digest = hashlib.sha256(f"{int(seed)}:{int(index)}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


class Rolls:
    def __init__(self, seed=None, given=()):
        self.seed = secrets.randbits(32) if seed is None else int(seed)
        self._dice = Dice(self.seed)
        self._given = [parse_given(g) if isinstance(g, str) else tuple(g) for g in given]
        self.rolls = []

    def roll(self, dice, purpose):
        """`dice` ('d6', '2d6', 'd66', 'NdS') for `purpose`: the first unused given roll whose pattern
        matches the purpose, else the next from the seed."""
        for i, (pattern, value) in enumerate(self._given):
            if fnmatch.fnmatchcase(purpose, pattern):
                possible = Dice.distribution(dice)
                if value not in possible:
                    raise ValueError(f"the given roll {pattern}={value} cannot be: {dice} gives "
                                     f"{min(possible)} to {max(possible)}")
                del self._given[i]
                self.rolls.append(Roll(purpose, dice, value, given=True))
                return value
        result = self._dice.roll(dice, purpose)
        self.rolls.append(Roll(purpose, dice, result))
        return result

    def d6(self, purpose):
        return self.roll("d6", purpose)

    def unused(self):
        """Given rolls no roll asked for (a typo in a purpose, most likely)."""
        return [f"{p}={v}" for p, v in self._given]
