"""The Construction phase (sequence of play 3; 24 Breastworks; 25 Burning Bridges). The map is not
read here: occupation, movement, retreats, ZOI, ZOC and rain are inputs. A bridge's cohesion check
is a callable `check(modifiers)` (modifiers: ((label, drm), ...)) giving a result whose `passed`
says whether the unit passed (18)."""
from dataclasses import dataclass

BUILDERS = ("infantry", "cavalry", "artillery", "horse artillery")


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    clauses: tuple


def may_place_build(unit_type, mode, in_hex_at_turn_start, in_zoi):
    """24.1a, sequence 3: may this unit take a build marker? Infantry, dismounted cavalry or
    artillery, in the hex since the start of the turn, not in an enemy ZOI. It may not move this turn."""
    reasons = []
    if unit_type not in BUILDERS or (unit_type == "cavalry" and mode != "dismounted"):
        reasons.append(f"24.1: {unit_type} {mode}".rstrip() + " does not build (infantry, dismounted cavalry, artillery)")
    if not in_hex_at_turn_start:
        reasons.append("24.1a: the unit was not in the hex at the start of the turn")
    if in_zoi:
        reasons.append("sequence of play 3: new build markers only on units not in a ZOI")
    if reasons:
        return Verdict(False, tuple(reasons))
    return Verdict(True, ("24.1a: the unit may take a build marker; it may not move this turn (artillery may not bombard)",))


@dataclass(frozen=True)
class BuildOutcome:
    result: str              # breastworks, pending (the marker stays), cancelled
    clause: str


def complete_build(occupied, in_zoi, builder_retreated=False):
    """24.1b, 24.9, 24.10: a build marker placed last turn, in this Construction phase. `occupied`: a
    unit (not necessarily the builder) is in the hex; `builder_retreated`: the builder was forced
    to retreat in the turn the marker was placed."""
    if builder_retreated:
        return BuildOutcome("cancelled", "24.9: the unit was forced to retreat in the build phase: the build is cancelled")
    if not occupied:
        return BuildOutcome("cancelled", "24.1b: no unit remained in the hex: the build is cancelled")
    if in_zoi:
        return BuildOutcome("pending", "24.10: the hex is in a ZOI: the build marker stays until the ZOI is gone")
    return BuildOutcome("breastworks", "24.1b, sequence of play 3: the build marker becomes breastworks")


def may_burn_bridge(charts, sp, next_to_bridge):
    """25: a unit with at least 1 SP in one of the two hexes bordering the bridge hexside places a
    Burning Bridge marker in the Construction phase."""
    least = int(charts.rule("construction", "bridge_min_sp"))
    reasons = []
    if not next_to_bridge:
        reasons.append("25: the unit is not in a hex bordering the bridge hexside")
    if sp < least:
        reasons.append(f"25: the unit has {sp} SP, fewer than {least}")
    if reasons:
        return Verdict(False, tuple(reasons))
    return Verdict(True, ("25: the unit may place a Burning Bridge marker",))


@dataclass(frozen=True)
class BridgeOutcome:
    result: str              # destroyed, burning (the marker stays), removed
    modifiers: tuple         # (label, drm) given to the cohesion check
    check: object            # the cohesion check's result; None when none was made
    clauses: tuple


def burn_bridge(charts, moved, in_zoi_or_ezoc, raining, check):
    """25: the next Construction phase after the marker: the bridge is destroyed if the unit has not
    moved and passes a cohesion check (+1 in a ZOI or ZOC, +1 more in rain). Option bridge_failed:
    after a failed check the marker stays ("retry") or is removed ("remove")."""
    if moved:
        return BridgeOutcome("removed", (), None, ("25: the unit moved: the Burning Bridge marker is removed",))
    modifiers = ()
    if in_zoi_or_ezoc:
        modifiers += (("in a ZOI or ZOC", int(charts.rule("construction", "bridge_zoi_drm"))),)
    if raining:
        modifiers += (("rain", int(charts.rule("construction", "bridge_rain_drm"))),)
    result = check(modifiers)
    if result.passed:
        return BridgeOutcome("destroyed", modifiers, result,
                             ("25: the unit passed its cohesion check: Destroyed Bridge marker",))
    failed = charts.option("bridge_failed")
    return BridgeOutcome("burning" if failed == "retry" else "removed", modifiers, result,
                         (f"25: the unit failed its cohesion check: the marker " +
                          ("stays" if failed == "retry" else "is removed") +
                          f" (option bridge_failed = \"{failed}\")",))
