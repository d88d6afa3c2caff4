"""Split Fire (5.4): one unit or stack firing at several targets at the same range, its SP split
among them as evenly as whole numbers allow, artillery in sections of 2 guns or more, no other
unit joining, one split fire from a hex."""
from .fire import Refusal, check_fire


def check_split_fire(charts, fires, phase=None):
    """Every reason the rules refuse the split fire `fires` (one Fire a target, each from the same
    single hex), given the `phase` so far (a FirePhase). Empty when it may be made."""
    refusals = []
    if len(fires) < 2:
        return [Refusal("5.4", "a split fire engages more than one target")]
    hexes = {h.hex for f in fires for h in f.hexes}
    source = fires[0].hexes[0].hex if fires[0].hexes else None
    for f in fires:
        joiners = [h.hex for h in f.hexes if h.hex != source]
        if joiners:
            refusals.append(Refusal("5.4 (3)", f"only the split fire from {source} may engage {f.target.hex}: "
                                               f"{', '.join(joiners)} may not add its strength"))
    targets = [f.target.hex for f in fires]
    if len(set(targets)) != len(targets):
        refusals.append(Refusal("5.4", "a split fire engages each target once"))
    ranges = sorted({h.range for f in fires for h in f.hexes if h.hex == source})
    if len(ranges) > 1:
        refusals.append(Refusal("5.4 (1)", f"the targets of a split fire must be at the same range, not "
                                           f"{' and '.join(map(str, ranges))} hexes"))
    for i, f in enumerate(fires):
        for r in check_fire(charts, f, phase, together=fires[:i] + fires[i + 1:]):
            if r not in refusals:
                refusals.append(r)
    fired = {}
    for f in fires:
        for h, shot, unit in f.shots():
            fired[unit] = fired.get(unit, 0) + shot.sp
    for unit, sp in fired.items():
        if sp > unit.sp:
            refusals.append(Refusal("5.1", f"{unit.name} has {unit.sp} SP and cannot fire {sp} in all"))
    if phase is not None and charts.option("split_fire_limit") == "from" and source in phase.split_from:
        refusals.append(Refusal("5.4 (4)", f"{source} has already made a split fire this phase "
                                           f"(option split_fire_limit = \"from\")"))
    if len(hexes) == 1 and not refusals:
        refusals += _distribution(charts, fires, phase)
    return refusals


def _distribution(charts, fires, phase):
    """5.4 (2): all available SP, as evenly as possible, artillery sections of 2 guns or more."""
    refusals = []
    section = int(charts.rule("fire", "split_section_guns"))
    stack = fires[0].hexes[0].stack
    by_unit = {}
    for f in fires:
        for s in f.hexes[0].shots:
            by_unit.setdefault(s.unit, []).append((f.target.hex, s.sp))
    for name, parts in by_unit.items():
        unit = next(u for u in stack if u.name == name)
        small = [(t, sp) for t, sp in parts if sp < section]
        if unit.type == "artillery" and len(parts) > 1 and small:
            t, sp = small[0]
            refusals.append(Refusal("5.4 (2)", f"{name} fires {sp} gun{'s' * (sp != 1)} at {t}: artillery "
                                               f"splits only into sections of {section} SP or more"))
    totals = [sum(s.sp for s in f.hexes[0].shots) for f in fires]
    source = fires[0].hexes[0].hex
    limit = int(charts.rule("fire", "hex_sp_limit"))
    before = sum(sp for where, sp in (phase.fired.values() if phase else ()) if where == source)
    available = min(limit - before, sum(next(u for u in stack if u.name == n).sp for n in by_unit))
    if sum(totals) < available:
        refusals.append(Refusal("5.4 (2)", f"a split fire distributes all available SP: {sum(totals)} of "
                                           f"{available} from {source}"))
    units = [(next(u for u in stack if u.name == n).type == "artillery", sum(sp for _, sp in parts))
             for n, parts in by_unit.items()]
    best = most_even(units, len(fires), section)
    spread = max(totals) - min(totals)
    if best is not None and spread > max(best) - min(best):
        refusals.append(Refusal("5.4 (2)", f"SP must be split as evenly as possible: "
                                           f"{' / '.join(map(str, totals))} could be "
                                           f"{' / '.join(map(str, best))}"))
    return refusals


def most_even(units, targets, section=2):
    """The most even per-target SP totals the units can give (`units`: [(is_artillery, SP)]), each
    target getting at least 1 SP and an artillery unit that splits doing so in parts of at least
    `section`: a tuple, or None."""
    states = {(0,) * targets}
    for artillery, sp in units:
        parts = [p for p in _compositions(sp, targets)
                 if not artillery or sum(1 for x in p if x) <= 1 or all(x == 0 or x >= section for x in p)]
        states = {tuple(a + b for a, b in zip(s, p)) for s in states for p in parts}
    even = [s for s in states if min(s) >= 1]
    return min(even, key=lambda s: (max(s) - min(s), s)) if even else None


def _compositions(total, parts):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest
