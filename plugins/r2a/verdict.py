"""What the rule modules answer when they judge: allowed or not, with every clause judged."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    clauses: tuple           # every clause judged: the ones broken first
    broken: tuple = ()       # the clauses broken, as in clauses
