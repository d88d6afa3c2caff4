"""Cavalry charges (LFM 3, 5.6-5.7, 16.4): who may charge, the Charge table column (the chargers'
highest cohesion minus the target hex's highest), its DRMs, the odds before rolling, the roll, and
what follows (chargers end disorganized; a target that must retreat does so even from NR terrain).
Movement costs and terrain are facts the caller gives."""
from dataclasses import dataclass, field

from .combat import commander_casualties, holds_breastworks
from .results import parse_result

TABLE = "charge_table"
TERRAIN = ("steep_slope", "breastworks", "stone_wall", "creek", "town_or_woods")   # 3.10


@dataclass(frozen=True)
class Approach:
    """The target hex and the hexside crossed into it (3.3, 3.10)."""
    entry_cost: float            # 3.3: the hex's full cost with any hexside cost (quarter MP)
    steep_slope: bool = False
    breastworks: bool = False
    stone_wall: bool = False
    creek: bool = False
    town_or_woods: bool = False
    town: bool = False           # 24.3: a town is a breastwork as well as 3.10's town


def check_charge(chargers, approach, mp_left, *, started_stacked=True, changed_stack=False, used_road=False):
    """3.1-3.4, 5.6, 16.4: the problems (clause, text) of a charge by `chargers` (a Stack); `mp_left`:
    {unit name: quarter MP left}. Command is not needed (3.2)."""
    problems = []
    units = chargers.combat_units
    if not units:
        problems.append(("3.1", "no cavalry charges"))
    for u in units:
        if u.type != "cavalry" or u.mode != "mounted":
            problems.append(("3.1", f"{u.name}: only mounted cavalry charges"))
        if u.shattered:
            problems.append(("16.4", f"{u.name}: a shattered brigade cannot enter a ZOC"))
        if mp_left.get(u.name, 0) < approach.entry_cost:
            problems.append(("3.3", f"{u.name} has {mp_left.get(u.name, 0):g} quarter MP, the target hex costs "
                                    f"{approach.entry_cost:g}"))
    if used_road:
        problems.append(("3.1, 5.6", "cavalry that used road movement may not charge"))
    if not started_stacked:
        problems.append(("3.4", "a charging stack must begin the movement phase stacked together"))
    if changed_stack:
        problems.append(("3.4", "a charging stack cannot pick up or drop off regiments during its move"))
    return problems


def column(chargers, targets):
    """3.9: the chargers' highest cohesion - the target hex's highest: (charger, target, difference)."""
    best = max(u.cohesion for u in chargers.combat_units)
    theirs = max(u.cohesion for u in targets.combat_units)
    return best, theirs, best - theirs


def modifiers(chargers, targets, approach, charts):
    """3.10, cumulative: (label, value, clause). 16.5: a shattered target is disorganized too; 24.4: the
    stone wall is ignored behind breastworks."""
    drm = lambda key: int(charts.rule("charge_drm", key))
    out = []
    if targets.disorganized:
        out.append(("target disorganized", drm("target_disorganized"), "3.10, 16.5"))
    if any(u.shattered for u in targets.combat_units):
        out.append(("target shattered, on top of disorganized: a reading of 16.5 (shattered units are also "
                    "disorganized) with 3.10's cumulative modifiers", drm("target_shattered"), "3.10, 16.5"))
    if chargers.disorganized:
        out.append(("charging cavalry disorganized", drm("charger_disorganized"), "3.10"))
    for key in TERRAIN:
        if not getattr(approach, key):
            continue
        if key == "stone_wall" and approach.breastworks:
            out.append(("stone wall: none, behind breastworks", 0, "24.4"))
        elif key == "breastworks" and not holds_breastworks(targets):
            out.append(("breastworks: none for mounted cavalry", 0, "3.10, 24.2"))
        elif key == "breastworks" and approach.town:
            out.append(("breastworks: a town is one (24.3), counted with the town's own +1 below, as 3.10's "
                        "modifiers are cumulative: a reading", drm(key), "3.10, 24.3"))
        else:
            out.append((key.replace("_", " "), drm(key), "3.10"))
    return tuple(out)


def chances(charts, difference, drm):
    """3.9-3.10, before rolling: {Charge table cell: chance}."""
    return charts.file.distribution(TABLE, str(charts.rule("charge", "dice")), value=difference, modifiers=drm)


@dataclass
class Charge:
    cohesion: tuple              # (chargers' highest, target's highest, difference)
    column: str
    modifiers: tuple
    drm: int
    chances: dict
    roll: int
    cell: str
    result: object               # results.Result: attacker = the chargers
    steps: list = field(default_factory=list)       # (clause, text)
    casualties: list = field(default_factory=list)  # (hex, commander, die, casualty, clause)


def resolve(chargers, targets, approach, charts, roll, mp_left, *, started_stacked=True, changed_stack=False,
            used_road=False):
    """3: one charge of the `chargers` Stack into the `targets` Stack. ValueError (with the clauses)
    when the charge is not allowed."""
    problems = check_charge(chargers, approach, mp_left, started_stacked=started_stacked,
                            changed_stack=changed_stack, used_road=used_road)
    if problems:
        raise ValueError(f"charge from {chargers.hex} into {targets.hex}: " +
                         "; ".join(f"{c}: {t}" for c, t in problems))
    best, theirs, diff = column(chargers, targets)
    mods = modifiers(chargers, targets, approach, charts)
    drm = sum(v for _, v, _ in mods)
    before = chances(charts, diff, drm)
    die = roll(str(charts.rule("charge", "dice")), f"charge {chargers.hex} -> {targets.hex}")
    read = charts.file.lookup(TABLE, die, value=diff, modifiers=drm)
    result = parse_result(charts, read.result, f"[{TABLE}] column {read.column_label}, row {read.row_roll}")
    c = Charge((best, theirs, diff), read.column_label, mods, drm, before, die, str(read.result), result)
    if result.defender.retreat:
        c.steps.append(("3.6, 10.5", f"{targets.hex} must retreat, even from NR terrain"))
    if result.defender.retreat or result.defender.eliminated:
        left = min(mp_left.values()) - approach.entry_cost if mp_left else 0
        c.steps.append(("3.5", f"if {targets.hex} is vacated every charger enters it, paying "
                               f"{approach.entry_cost:g} quarter MP, and may move on with what is left "
                               f"({left:g} quarter MP)"))
    if result.attacker.retreat:
        c.steps.append(("3.7", "the chargers retreat and move no further this phase"))
    c.steps.append(("3.11, 14.1", f"the chargers in {chargers.hex} end the charge disorganized (D)"))
    c.steps.append(("3.1", "the chargers may not enter another ZOC and attack in this turn's combat phase"))
    for stack, side in ((chargers, result.attacker), (targets, result.defender)):
        if side.adverse:
            c.casualties += [(stack.hex, *x) for x in commander_casualties(stack, roll)]
    return c
