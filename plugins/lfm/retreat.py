"""Retreats and advances (LFM 9-12, 3.6, 14.1, 14.4, 23.3): a retreat judged from the facts of the hexes
the stack could enter (which are opposite an enemy hex, in an enemy ZOC, nearer the brigade
commander ...), and who may advance into a vacated hex. The map's geometry is the caller's."""
from dataclasses import dataclass, field

ARTILLERY = ("artillery", "horse artillery")


@dataclass(frozen=True)
class RetreatHex:
    hex: str
    opposite: bool = False                   # 10.2: directly opposite and away from an enemy (or bombarding) hex
    enemy_zoc: bool = False
    friendly_occupied: bool = False          # 10.10: an enemy ZOC occupied by friends does not kill artillery
    enemy_occupied: bool = False             # never entered
    nearer_brigade_commander: bool = False   # 10.9: closer to the unit's brigade commander
    adjacent_to_brigade: bool = False        # 10.9: adjacent to a friendly unit of the same brigade


@dataclass(frozen=True)
class Retreater:
    name: str
    type: str
    disorganized: bool = False
    shattered: bool = False                  # 10.8, 15.2: its brigade is shattered


@dataclass
class Retreat:
    problems: list = field(default_factory=list)   # (clause, text): the retreat as given is not allowed
    steps: list = field(default_factory=list)      # (clause, text)
    eliminated: list = field(default_factory=list)  # unit names
    disorganized: bool = False               # the stack ends with a D marker
    limbered: list = field(default_factory=list)   # 10.10
    lose_one_unit: bool = False              # 14.4: the owner chooses which (the caller reports and takes it)
    ends_in: str = ""                        # the hex the stack ends in ("" : it stays)

    @property
    def legal(self):
        return not self.problems


def _pool(choices):
    """10.3: the hexes open to a retreat: never into an enemy ZOC when another hex is open."""
    open_ = [h for h in choices if not h.enemy_occupied]
    return [h for h in open_ if not h.enemy_zoc] or open_


def first_hexes(first_choices):
    """10.2, 10.3: the hexes the first step of a retreat may take: out of an enemy ZOC where one is
    open, then opposite an enemy hex where one of those is."""
    pool = _pool(first_choices)
    return [h.hex for h in pool if h.opposite] or [h.hex for h in pool]


def _rank(choices, chosen, step, problems, prefer, prefer_clause, prefer_text):
    """10.3: never into an enemy ZOC when another hex is open; then the `prefer`red hexes."""
    by_name = {h.hex: h for h in choices}
    if chosen not in by_name:
        problems.append(("10.1", f"{step} retreat hex {chosen} is not one of the hexes it could enter "
                                 f"({', '.join(h.hex for h in choices) or 'none'})"))
        return None
    hex_ = by_name[chosen]
    if hex_.enemy_occupied:
        problems.append(("10.1", f"{step} retreat hex {chosen} holds enemy units"))
        return hex_
    pool = _pool(choices)
    free = [h for h in pool if not h.enemy_zoc]
    if hex_.enemy_zoc and free:
        problems.append(("10.3", f"{chosen} is in an enemy ZOC and {', '.join(h.hex for h in free)} "
                                 f"{'is' if len(free) == 1 else 'are'} not"))
    elif not prefer(hex_) and any(prefer(h) for h in pool):
        problems.append((prefer_clause, f"{step} retreat hex {chosen}: {prefer_text} "
                                        f"({', '.join(h.hex for h in pool if prefer(h))})"))
    return hex_


def judge_retreat(units, first_choices, path, second_choices=(), *, nr_terrain=False, charged_by_cavalry=False,
                  bombarded=False):
    """10, 3.6, 14.1, 14.4: a retreat of the stack `units` (Retreater) along `path` (0-2 hex names);
    `first_choices`: the hexes next to the stack's (RetreatHex); `second_choices`: those next to the
    first hex taken; `bombarded`: the one unit a bombardment makes retreat, where 7.8 (its elimination
    is the next failed check) rules out 14.4's loss of a unit. A Retreat: its problems (none when
    legal) and what it does to the units."""
    r = Retreat()
    forced = not nr_terrain or charged_by_cavalry
    if nr_terrain and charged_by_cavalry:
        r.steps.append(("3.6, 10.5", "charged by cavalry: it must retreat even from NR terrain"))
    if not forced:
        r.steps.append(("10.5", "in NR terrain: it may stay" if not path else "in NR terrain: it retreats by choice"))
    for u in units:
        if forced and u.shattered:
            r.eliminated.append(u.name)
            r.steps.append(("10.8", f"{u.name}: its brigade is shattered: eliminated when forced to retreat"))
    if forced and bombarded and any(u.disorganized for u in units):
        r.steps.append(("7.8", "a bombarded unit retreats and only the next failed check eliminates it: 14.4's loss "
                               "of a unit of a disorganized stack does not apply"))
    elif forced and any(u.disorganized or u.shattered for u in units):
        r.lose_one_unit = True
    survivors = [u for u in units if u.name not in r.eliminated]
    if not path:
        if forced and survivors:
            if any(not h.enemy_occupied for h in first_choices):
                r.problems.append(("10.1", "a forced retreat is one or two hexes"))
            else:
                r.steps.append(("10", "no hex to retreat into: the rules give no result for this"))
        return r
    if len(path) > 2:
        r.problems.append(("10.1", f"{len(path)} hexes: a retreat is one or two hexes"))
    if forced:
        r.disorganized = True
        r.steps.append(("14.1", "forced to retreat: disorganized (D)"))
    enemy = "the bombarding battery's hex (the battery is the enemy unit)" if bombarded else "an enemy hex"
    first = _rank(first_choices, path[0], "the first", r.problems, lambda h: h.opposite, "10.2",
                  f"the first hex must be directly opposite and away from {enemy} where one is open")
    last = first
    if first is not None and first.enemy_zoc:
        r.disorganized = True
        r.steps.append(("10.4", f"{first.hex} is in an enemy ZOC: the retreat ends there, disorganized (D)"))
        if len(path) > 1:
            r.problems.append(("10.4", f"a unit that must retreat into a ZOC ends its retreat in {first.hex}"))
    elif first is not None and len(path) > 1:
        last = _rank(second_choices, path[1], "the second", r.problems,
                     lambda h: h.nearer_brigade_commander or h.adjacent_to_brigade, "10.9",
                     "the second hex must move closer to the brigade commander or end adjacent to the brigade")
        if last is not None and last.enemy_zoc:
            r.disorganized = True
            r.steps.append(("10.4", f"{last.hex} is in an enemy ZOC: disorganized (D)"))
    r.ends_in = last.hex if last is not None else ""
    for u in survivors:
        if u.type in ARTILLERY:
            entered = [h for h in (first, last) if h is not None]
            if any(h.enemy_zoc and not h.friendly_occupied for h in entered):
                r.eliminated.append(u.name)
                r.steps.append(("10.10", f"{u.name}: artillery whose only retreat is into an enemy ZOC not "
                                         f"occupied by friends is eliminated"))
            else:
                r.limbered.append(u.name)
                r.steps.append(("10.10", f"{u.name} limbers and stays limbered through the retreat"))
    return r


# ---- 11-12: advances ----

def may_advance(unit_type, advancing, vacated_by, step, charts, *, participated=True):
    """12.1, 11.4, 11.6: may a unit of `unit_type` of the `advancing` side ("attacker" or "defender")
    advance into a hex `vacated_by` a side, at `step` ("12" after a combat's retreats, "11.4" after the
    attacker's voluntary retreats, "11.6" after the defender's)? (bool, clause)."""
    if unit_type in ARTILLERY:
        return False, "12.1: artillery does not advance"
    if step == "11.4":
        side = charts.option("voluntary_advance")
        clause = f"11.4 (option voluntary_advance = \"{side}\")"
        ok = advancing == "defender" and vacated_by == side
        return ok, f"{clause}: the defender advances into a hex vacated by the {side}"
    if step == "11.6":
        ok = advancing == "attacker" and vacated_by == "defender"
        return ok, "11.6: the attacker advances into a hex vacated by the defender"
    if step == "12":
        if vacated_by == advancing:
            return False, "12.1: an advance is into a hex vacated by enemy units"
        if not participated:
            return False, "12.1: only units that took part in the combat against the vacated hex advance"
        return True, "12.1: it took part in the combat against the vacated hex"
    raise ValueError(f"step is \"12\", \"11.4\" or \"11.6\", not {step!r}")


def check_advance(moves, vacated, adjacent_unoccupied):
    """12.4: the problems (clause, text) of `moves` ({unit: hex}): each one hex into the vacated hex or an
    unoccupied hex next to it, with at least one unit into the vacated hex."""
    problems = []
    for unit, hex_ in sorted(moves.items()):
        if hex_ != vacated and hex_ not in adjacent_unoccupied:
            problems.append(("12.4", f"{unit}: {hex_} is neither {vacated} nor an unoccupied hex next to it"))
    if moves and vacated not in moves.values():
        problems.append(("12.4", f"at least one unit advances into {vacated} itself"))
    return problems


# ---- 9, 11, 23.3: voluntary retreats ----

WITHDRAWAL_CLAUSE = {"before": "9", "after": "11.1", "night": "23.3"}


def judge_withdrawal(units, path, steps, when, *, charged=False):
    """9, 11.1-11.2, 11.7-11.8, 23.3, 5.2: a voluntary retreat of `units` (Retreater, one hex) along
    `path` (hex names); `steps`: each path hex as RetreatHex seen from the hex before it (None where it
    is not adjacent to it); `when`: "before" combat (9), "after" combat (11) or "night" (23.3);
    `charged`: the units were charged by cavalry (11.8). No direction is imposed (10.2, 10.3 and 10.9
    bind forced retreats). A Retreat: its problems and what it does to the units."""
    r = Retreat()
    clause = WITHDRAWAL_CLAUSE[when]
    if not 1 <= len(path) <= 2:
        r.problems.append((clause, f"{len(path)} hexes: a retreat is one or two hexes"))
    zoc = []
    for i, (name, h) in enumerate(zip(path, steps)):
        if h is None:
            r.problems.append((clause, f"{name} is not adjacent to {path[i - 1] if i else 'the hex it leaves'}: a "
                                       f"retreat goes hex by hex"))
            continue
        if h.enemy_occupied:
            r.problems.append((clause, f"{name} holds enemy units"))
        if zoc and not h.enemy_occupied:
            r.problems.append(("5.2", f"{zoc[0].hex} is in an enemy ZOC: the retreat stops there, not in {name}"))
        if h.enemy_zoc:
            zoc.append(h)
            if when == "night":
                r.problems.append(("23.3", f"{name} is in an enemy ZOC: a night retreat enters no other ZOC"))
    for u in units:
        if u.type in ARTILLERY:
            r.limbered.append(u.name)
            r.steps.append(("11.7", f"{u.name} limbers to retreat"))
            for h in zoc:
                if not h.friendly_occupied:
                    r.problems.append(("11.7", f"{u.name}: artillery enters no other ZOC unless a friendly unit is "
                                               f"there, and {h.hex} has none"))
    if when == "night":
        r.steps.append(("23.3", "a retreat out of a ZOC at night does not disorganize"))
    elif zoc and when == "after" and charged:
        r.steps.append(("11.8", f"into {zoc[0].hex}, an enemy ZOC, after being charged by cavalry: not disorganized"))
    elif zoc:
        r.disorganized = True
        r.steps.append(("9, 5.4" if when == "before" else "11.8",
                        f"into {zoc[0].hex}, an enemy ZOC: disorganized (D)"))
    else:
        r.steps.append(("9" if when == "before" else "11.2", "into no enemy ZOC: not disorganized"))
    if not r.problems:
        r.ends_in = path[-1]
    return r
