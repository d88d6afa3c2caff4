"""The distribution of each quantity a procedure reports (report.Quantity) over many runs: for each
(name, of), how many runs reported it and how often each value came. A quantity's mean and quartiles
are over the runs that reported it (`runs`, out of `of_runs`): a run that did not report it gave no
value, which is not 0 (a plugin that means 0 reports 0). Tallies of parts of the runs
merge into the tally of them all, whatever the parts, so the result does not depend on how the runs
were shared among processes."""
from collections import Counter
from fractions import Fraction


class Tally:
    def __init__(self):
        self.runs = 0
        self.values = {}  # (name, of): Counter {value: runs}, in the order first reported

    def add_run(self, quantities):
        """One run's quantities (report.Quantity); those of the same name and `of` add up."""
        totals = {}
        for q in quantities:
            key = (q.name, q.of)
            totals[key] = totals.get(key, 0) + q.value
        for key, value in totals.items():
            self.values.setdefault(key, Counter())[_exact(value)] += 1
        self.runs += 1

    def merge(self, other):
        """Adds another tally's runs (the runs after this one's, for the order of first report)."""
        self.runs += other.runs
        for key, counts in other.values.items():
            self.values.setdefault(key, Counter()).update(counts)
        return self

    def summaries(self):
        return [Summary(name, of, counts, self.runs) for (name, of), counts in self.values.items()]


def _exact(value):
    """A value as a key that equals itself across processes: 3 and Fraction(3) are one value."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


class Summary:
    """One quantity's distribution: `counts` {value: runs that gave it}; `runs` of the `of_runs` of the
    simulation reported it."""

    def __init__(self, name, of, counts, of_runs=None):
        self.name, self.of = name, of
        self.counts = dict(sorted(counts.items()))
        self.runs = sum(self.counts.values())
        self.of_runs = self.runs if of_runs is None else of_runs

    @property
    def label(self):
        return f"{self.name} of {self.of}" if self.of else self.name

    @property
    def mean(self):
        total = sum(Fraction(v) * n for v, n in self.counts.items())
        return total / self.runs

    def quantile(self, p):
        """The nearest-rank quantile: the least value that at least p of the runs do not exceed."""
        rank = max(1, -(-Fraction(p) * self.runs // 1))   # ceil(p * runs), at least the first
        seen = 0
        for value, n in self.counts.items():
            seen += n
            if seen >= rank:
                return value
        return value

    @property
    def low(self):
        return next(iter(self.counts))

    @property
    def high(self):
        return next(reversed(self.counts))

    def as_json(self):
        return {"name": self.name, "of": self.of, "runs": self.runs, "of_runs": self.of_runs,
                "mean": round(float(self.mean), 6),
                "min": plain(self.low), "q1": plain(self.quantile(Fraction(1, 4))),
                "median": plain(self.quantile(Fraction(1, 2))), "q3": plain(self.quantile(Fraction(3, 4))),
                "max": plain(self.high), "distribution": [[plain(v), n] for v, n in self.counts.items()]}


def plain(value):
    """A value as JSON holds it: a fraction as a string such as '7/2'."""
    return str(value) if isinstance(value, Fraction) else value
