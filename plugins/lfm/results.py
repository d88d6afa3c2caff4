"""The notation of a Combat Results Table or Charge table cell in the LFM chart file. The rules name
the results (retreat, elimination, exchange: 8.10, 10, 14.1) but print no table, so a cell is
written as codes separated by spaces: "-" or "NE" no effect; "EX" an exchange (8.10: the defender
loses one unit, the attacker units of at least its SP); A or D (attacker, defender) followed by R
(retreats, 10), D (disorganized, 14), E (the whole stack eliminated) or a number (that many units
eliminated, 8.10): "DR", "A1 DR", "DE"."""
import re
from dataclasses import dataclass

from adjutant.procedures.charts import ChartError

_CODE = re.compile(r"^(?:(NE|-|EX)|([AD])(R|D|E|\d+))$")


@dataclass(frozen=True)
class SideResult:
    retreat: bool = False
    disorganized: bool = False
    eliminated: bool = False     # the whole stack
    losses: int = 0              # units eliminated, the first by 8.10
    exchange: bool = False       # 8.10: the defender loses one unit; the attacker at least its SP

    @property
    def adverse(self):
        """8.11, 21.1: a retreat or an elimination."""
        return self.retreat or self.eliminated or self.losses > 0 or self.exchange


@dataclass(frozen=True)
class Result:
    text: str
    attacker: SideResult
    defender: SideResult


def parse_result(charts, cell, where):
    """A cell as a Result; ChartError naming the file and `where` when it is not in the notation."""
    text = str(cell).strip()
    sides = {"A": {}, "D": {}}
    for code in re.split(r"[\s,]+", text.upper()):
        m = _CODE.match(code)
        if not m:
            raise ChartError(f"{charts.path}: {where}: {text!r} is not a result (\"-\", \"EX\", or A/D followed by "
                             f"R, D, E or a number of units, such as \"A1 DR\")")
        if m[1] == "EX":
            sides["A"]["exchange"] = sides["D"]["exchange"] = True
        elif m[2]:
            effect = sides[m[2]]
            if m[3] == "R":
                effect["retreat"] = True
            elif m[3] == "D":
                effect["disorganized"] = True
            elif m[3] == "E":
                effect["eliminated"] = True
            else:
                effect["losses"] = effect.get("losses", 0) + int(m[3])
    return Result(text, SideResult(**sides["A"]), SideResult(**sides["D"]))
