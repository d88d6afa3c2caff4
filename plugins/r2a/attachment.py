"""Special attachment (7): infantry regiments/brigades and cavalry regiments may attach to friendly
units of the same type; Union units with a corps affiliation only to a unit of that corps; DC and
Balt units only to units of the same designation (others may attach to them); Shen, RR, Kan and
Res units likewise until the Union army is reorganized, then to any Union unit; of the Union
cavalry only the 3 IN and 6 NY regiments attach, to any cavalry brigade. The Here Come the Rebels
"Attachment Restrictions" (page 28) apply as well: base-game rules, not judged here."""
from dataclasses import dataclass

from .verdict import Verdict


@dataclass(frozen=True)
class AttachUnit:
    name: str
    side: str                # Union | Confederate
    type: str                # infantry | cavalry | leader
    size: str                # division | brigade | regiment
    corps: str = ""          # the corps it belongs to, "" for none
    designation: str = ""    # DC | Balt | Shen | RR | Kan | Res | ""


def _list(charts, key):
    return list(charts.rule("attachment", key))


def may_attach(charts, unit, to, army_reorganized=False):
    """7: may `unit` attach to `to`? `army_reorganized`: the Union army has been reorganized (2)."""
    broken, kept = [], []

    def judge(ok, clause):
        (kept if ok else broken).append(clause)

    judge(unit.name != to.name, f"7: units attach to other friendly units: {unit.name} to {to.name}")
    judge(unit.side == to.side, f"7: {unit.name} attaches only to a friendly unit ({unit.side}; {to.name}: {to.side})")
    judge(unit.type == to.type and unit.type in ("infantry", "cavalry"),
          f"7: units attach to units of the same type: {unit.type} to {to.type}")
    sizes = _list(charts, f"{unit.type}_sizes") if unit.type in ("infantry", "cavalry") else []
    judge(unit.size in sizes, f"7: {unit.type} {' and '.join(s + 's' for s in sizes) or 'units'} attach"
                              f" ({unit.name} is a {unit.size or unit.type})")
    if unit.side == "Union":
        if unit.type == "cavalry":
            named = _list(charts, "union_cavalry")
            if unit.name in named:
                judge(to.type == "cavalry" and to.size == "brigade",
                      f"7 (5): {unit.name} may attach to any cavalry brigade ({to.name} is a {to.type} {to.size})")
            else:
                judge(False, f"7 (5): of the Union cavalry only {' & '.join(named)} may attach, not {unit.name}")
        else:
            _union_infantry(charts, unit, to, army_reorganized, judge)
    allowed = not broken
    return Verdict(allowed, tuple(broken + kept), tuple(broken))


def _union_infantry(charts, unit, to, army_reorganized, judge):
    if unit.corps:
        judge(to.corps == unit.corps, f"7 (1): {unit.name} has the {unit.corps} corps affiliation: only to a unit "
                                      f"of that corps ({to.name}: {to.corps or 'none'})")
    designation = unit.designation
    if designation in _list(charts, "restricted_designations"):
        judge(to.designation == designation, f"7 (3): a {designation} unit attaches only to a {designation} unit "
                                             f"({to.name}: {to.designation or 'none'})")
    elif designation in _list(charts, "until_reorganized_designations"):
        if army_reorganized:
            judge(True, f"7 (4): the Union army is reorganized: a {designation} unit may attach to any Union unit")
        else:
            judge(to.designation == designation,
                  f"7 (4): until the Union army is reorganized a {designation} unit attaches only to a "
                  f"{designation} unit ({to.name}: {to.designation or 'none'})")
    if to.designation in _list(charts, "restricted_designations") and designation != to.designation:
        judge(True, f"7 (3): a {to.designation} unit may have other units attach to it")
