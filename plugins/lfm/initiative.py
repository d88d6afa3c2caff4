"""The Initiative Phase (Sequence of Play 1) as a pure function: both players roll one die and add
their current army commander's command value; the higher total has the initiative and is the
first player. A tie goes to the commander with the higher CV; otherwise both roll again until the
tie is broken."""
from dataclasses import dataclass

MOST_ROUNDS = 1000   # ties re-rolled: a roll that never breaks them is an error, not a hang
CLAUSE = "Sequence of Play 1"


@dataclass(frozen=True)
class Contender:
    """A side and its current army commander (the acting one when the army commander is absent,
    20.13; the replacement after a casualty, 8.11)."""
    side: str
    commander: str
    cv: int


@dataclass(frozen=True)
class InitiativeRound:
    dice: tuple      # each contender's die, in the order given
    totals: tuple    # die + CV

    def text(self, contenders):
        return "; ".join(f"{c.side} ({c.commander}, CV {c.cv}): d6 {d} + {c.cv} = {t}"
                         for c, d, t in zip(contenders, self.dice, self.totals))


@dataclass(frozen=True)
class InitiativeResult:
    contenders: tuple
    rounds: tuple
    winner: str       # the side with the initiative: the first player
    clause: str
    why: str

    @property
    def lines(self):
        return [r.text(self.contenders) for r in self.rounds] + [f"{self.winner} has the initiative: {self.why} ({self.clause})"]


def determine_initiative(first, second, roll):
    """Sequence of Play 1: which of two Contenders has the initiative. roll: (dice, purpose) -> int."""
    if first.side == second.side:
        raise ValueError(f"initiative: both contenders are the {first.side} side")
    contenders, rounds = (first, second), []
    for n in range(1, MOST_ROUNDS + 1):
        again = f" (roll {n})" if n > 1 else ""
        dice = tuple(roll("d6", f"{c.side} initiative{again}") for c in contenders)
        totals = tuple(d + c.cv for d, c in zip(dice, contenders))
        rounds.append(InitiativeRound(dice, totals))
        if totals[0] != totals[1]:
            win = contenders[0] if totals[0] > totals[1] else contenders[1]
            return InitiativeResult(contenders, tuple(rounds), win.side, CLAUSE,
                                    f"the higher total, {max(totals)} to {min(totals)}")
        if first.cv != second.cv:
            win = first if first.cv > second.cv else second
            return InitiativeResult(contenders, tuple(rounds), win.side, CLAUSE + ", ties",
                                    f"a tie at {totals[0]} goes to the higher CV, {win.commander}'s {win.cv}")
    raise ValueError(f"initiative: still tied after {MOST_ROUNDS} rolls")
