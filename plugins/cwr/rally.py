"""The Rally Phase (6.4): the five steps in order over all the phasing player's stacks: Shaken
removed, Disorganized flipped to Shaken, Blood Lust removed (rolled for next to the enemy), Routed
rallied on a die less a leader's rating, Routed stacks near the enemy retreated or eliminated. The
map's facts (adjacency, distance to the enemy, whether the retreat can be made) are inputs."""
from dataclasses import dataclass, replace

from .morale import blood_lust_check
from .stragglers import Losses, UnitLoss, morale_unit


@dataclass(frozen=True)
class RallyStack:
    hex: str
    units: tuple             # stragglers.Unit, top first
    state: str
    leaders: tuple = ()      # morale.Leader in the hex
    adjacent_enemy: bool = False
    enemy_distance: int = 99  # hexes to the nearest enemy unit
    can_retreat: bool = True  # step E: a path exists to 6 hexes from every enemy unit


@dataclass(frozen=True)
class RallyEvent:
    step: str                # "A" to "E"
    hex: str
    before: str
    after: str
    text: str
    roll: int | None = None
    retreat: bool = False    # step E: retreat until 6 hexes from all enemy units
    losses: Losses | None = None   # step E: eliminated, the strength lost as casualties


def rally(charts, stacks, roll):
    """6.4 A-E in order. Returns (stacks after, events in the order they happened)."""
    stacks, events = list(stacks), []

    def each(step, wants, act):
        for i, s in enumerate(stacks):
            if s.state == wants:
                after, text, extra = act(s)
                events.append(RallyEvent(step, s.hex, s.state, after, text, **extra))
                stacks[i] = replace(s, state=after)

    each("A", "sh", lambda s: ("normal", "6.4 A: Sh removed", {}))
    each("B", "dg", lambda s: ("sh", "6.4 B: DG flipped to Sh", {}))
    each("C", "bl", lambda s: _step_c(charts, s, roll))
    each("D", "r", lambda s: _step_d(charts, s, roll))
    each("E", "r", lambda s: _step_e(charts, s))
    return stacks, events


def _step_c(charts, s, roll):
    if not s.adjacent_enemy:
        return "normal", "6.4 C: BL removed, not adjacent to an enemy unit", {}
    unit = morale_unit(s.units)
    die, result, after = blood_lust_check(charts, unit, roll)
    return after, f"6.4 C: adjacent to an enemy unit, Blood Lust table {die}: {result.code}", {"roll": die}


def _step_d(charts, s, roll):
    leader = max(s.leaders, key=lambda l: l.rating, default=None)
    die = roll("d6", f"rally {s.hex}")
    rating = leader.rating if leader else 0
    rallies_at = int(charts.rule("rally", "rout_rallies_at"))
    by = f" - {rating} ({leader.name})" if leader else " (no leader)"
    if die - rating <= rallies_at:
        return "dg", f"6.4 D: d6 {die}{by} = {die - rating}, {rallies_at} or less: DG", {"roll": die}
    return "r", f"6.4 D: d6 {die}{by} = {die - rating}, more than {rallies_at}: stays R", {"roll": die}


def _step_e(charts, s):
    distance = int(charts.rule("rally", "enemy_distance"))
    if s.enemy_distance >= distance:
        return "r", f"6.4 E: {s.enemy_distance} hexes from the enemy, no retreat", {}
    if s.can_retreat:
        return "r", f"6.4 E: within {distance} hexes of an enemy unit: retreat until {distance} hexes " \
                    "from all of them (6.3f applies)", {"retreat": True}
    losses = Losses("casualties", tuple(UnitLoss(u.name, u.sp, 0) for u in s.units if u.in_combat), (), 0, "6.4 E")
    return "r", "6.4 E: cannot retreat: all remaining strength lost as casualties, eliminated", {"losses": losses}
