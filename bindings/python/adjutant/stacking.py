"""Stacking limits: the companion file's [[movement.stack_limit]]s judged on the units of one side
in one hex (at the end of a move, or in a set-up)."""
from dataclasses import dataclass
from fractions import Fraction


class StackingError(ValueError):
    """A unit whose measured attribute is not a number."""


@dataclass(frozen=True)
class StackedUnit:
    name: str
    unit_class: str
    attributes: dict  # the unit's attributes from the companion file's [units]


def over_limits(limits, units):
    """Why these units, one side's in one hex, break the stacking limits: one sentence per limit
    exceeded, e.g. '18 strength of infantry, cavalry, over the limit of 16' or '3 units, over the
    limit of 2'. Empty when legal."""
    problems = []
    for limit in limits:
        counted = [u for u in units if limit["classes"] is None or u.unit_class in limit["classes"]]
        measure = limit["measure"]
        total = len(counted) if not measure else sum(_number(u, measure) for u in counted)
        if total > limit["most"]:
            what = f"{total} {measure}" if measure else f"{total} units"
            if limit["classes"] is not None:
                what += f" of {limit['describe']}"
            problems.append(f"{what}, over the limit of {limit['most']}")
    return problems


def _number(unit, attribute):
    text = unit.attributes.get(attribute, "")
    try:
        return Fraction(str(text).strip())
    except (ValueError, ZeroDivisionError):
        raise StackingError(f"unit {unit.name!r}: {attribute} {text!r} is not a number") from None
