"""The stacking limits a stack breaks, as sentences for people: the engine judges the
[[movement.stack_limit]]s (Movement.over_stack_limits, exact sums); these name the hex and the
units each limit counted, with what each counts, instead of the limit's list of classes."""


def over_stack_limits(movement, units, hex_name):
    """One sentence per limit the StackedUnits `units` (one side's, in `hex_name`) exceed, in the
    rules' order: "19 sp in A2.10, over the limit of 16: 55th North Carolina 8, 2nd Mississippi 6",
    "3 units in 0504, over the limit of 2: Alpha, Bravo, Delta". Raises adjutant.StackingError as
    the engine does for a counted unit whose measured attribute is not a number."""
    problems = list(movement.over_stack_limits(units))
    sentences = []
    for limit in movement.stack_limits:
        if not problems:
            break
        total, _, rest = problems[0].partition(" ")
        if rest != _engine_tail(limit):
            continue
        problems.pop(0)
        measure = limit["measure"]
        counted = [u for u in units if limit["classes"] is None or u.unit_class in limit["classes"]]
        names = ", ".join(u.name + (f" {u.attributes.get(measure, '')}" if measure else "") for u in counted)
        sentences.append(f"{total} {measure or 'units'} in {hex_name}, over the limit of {limit['most']}: {names}")
    return sentences + [f"{p} in {hex_name}" for p in problems]   # a sentence no limit reads as: the engine's own


def _engine_tail(limit):
    """The engine's sentence for `limit` after its total (core/movement/stacking.cc)."""
    of = f" of {limit['describe']}" if limit["classes"] is not None else ""
    return f"{limit['measure'] or 'units'}{of}, over the limit of {limit['most']}"
