"""Combat (LFM 8, 4.1-4.4, 13, 16.1-16.2, 21, 24.2-24.4): which enemy hexes must be attacked, the SP a
hex counts, flanking, the Odds table and the CRT with every DRM, the first loss, commander casualties,
and one round of combat with whether another is due. Map facts (adjacency, ZOC contacts, terrain)
are the caller's."""
from dataclasses import dataclass, field
from fractions import Fraction

from .results import parse_result

DICE = "d6"                 # 8.8: "roll one 6-sided die on the CRT"
CASUALTY_ROLL = 1           # 21.1, 8.11: a commander is a casualty on a 1
COMBAT_TYPES = ("infantry", "cavalry", "artillery", "horse artillery")
ARTILLERY = ("artillery", "horse artillery")
RANKED = ("army", "corps", "division")     # 8.11 "above 1 star", 21.1


@dataclass(frozen=True)
class Unit:
    name: str
    type: str
    sp: int = 0
    cohesion: int = 0
    mode: str = ""
    disorganized: bool = False
    shattered: bool = False
    rank: str = ""               # commanders: army, corps, division, brigade
    cv: int = 0
    replacement: bool = False    # 8.11: a replacement commander cannot be eliminated


@dataclass(frozen=True)
class Stack:
    hex: str
    units: tuple
    breastworks: bool = False    # 24.2-24.3: breastworks, a town or a sunken road (a defending hex)
    across_stone_wall: bool = False   # 24.4: an attacking hex attacking across a stone wall hexside

    @property
    def combat_units(self):
        return [u for u in self.units if u.type in COMBAT_TYPES]

    @property
    def commanders(self):
        return [u for u in self.units if u.type == "commander"]

    @property
    def disorganized(self):
        """16.1-16.2, 16.5: the hex has a disorganized (or shattered) unit."""
        return any(u.disorganized or u.shattered for u in self.combat_units)


def holds_breastworks(stack):
    """24.2: a breastwork helps the units defending in its hex except mounted cavalry."""
    return any(not (u.type == "cavalry" and u.mode == "mounted") for u in stack.combat_units)


# ---- 8.1-8.2, 8.5: who must be attacked ----

def check_attacks(contacts, attacks, cannot_attack=None):
    """8.1-8.2, 8.5: the problems (clause, text) of the attacks planned for a round; none when legal.
    `contacts`: {friendly hex: the enemy hexes in its ZOC}; `attacks`: (attacking hexes, defending
    hexes) per combat; `cannot_attack`: {friendly hex: (clause, why)} for units that may not attack
    (16.4 shattered, 3.1 cavalry that charged)."""
    cannot_attack = cannot_attack or {}
    problems, used, attacked = [], {}, set()
    for i, (attacking, defending) in enumerate(attacks, 1):
        for a in sorted(attacking):
            if a in cannot_attack:
                clause, why = cannot_attack[a]
                problems.append((clause, f"combat {i}: {a} may not attack: {why}"))
            if a in used:
                problems.append(("8.5, 4.4", f"combat {i}: {a} already attacks in combat {used[a]}: a stack "
                                             f"cannot split its SP against several combats"))
            used.setdefault(a, i)
            for d in sorted(defending):
                if d not in contacts.get(a, ()):
                    problems.append(("8.1", f"combat {i}: {d} is not in the ZOC of {a}"))
        attacked |= set(defending)
    for a in sorted(contacts):
        if a in cannot_attack:
            continue
        for d in sorted(set(contacts[a]) - attacked):
            problems.append(("8.1", f"{d} is in the ZOC of {a} and is not attacked: every enemy unit in a "
                                    f"friendly ZOC must be attacked"))
    seen = set()
    return [p for p in problems if not (p in seen or seen.add(p))]


def another_round_due(contacts, cannot_attack=None):
    """13: after a round, another is fought while an enemy hex is in the ZOC of a hex that may attack."""
    cannot_attack = cannot_attack or {}
    return any(enemies for hex_, enemies in contacts.items() if hex_ not in cannot_attack)


# ---- 4.1-4.2, 8.3, 7.7: strength ----

@dataclass(frozen=True)
class HexStrength:
    hex: str
    infantry_cavalry: int
    artillery: int
    left_out: int                # SP in the hex not counted (4.1, 8.4: still bound by the result)

    @property
    def total(self):
        return self.infantry_cavalry + self.artillery


def hex_strength(stack, charts):
    """4.1-4.2, 8.3, 7.7: at most 8 infantry/cavalry SP and 6 artillery SP of a hex count."""
    most_ic = int(charts.rule("combat", "infantry_cavalry_sp"))
    most_art = int(charts.rule("combat", "artillery_sp"))
    ic = sum(u.sp for u in stack.combat_units if u.type not in ARTILLERY)
    art = sum(u.sp for u in stack.combat_units if u.type in ARTILLERY)
    counted_ic, counted_art = min(ic, most_ic), min(art, most_art)
    return HexStrength(stack.hex, counted_ic, counted_art, ic + art - counted_ic - counted_art)


# ---- 8.7: flanking ----

def flanked(attacking_hexes, adjacent):
    """8.7: attacked from 3 or more hexes, or from 2 that are not adjacent; `adjacent(a, b)`."""
    hexes = sorted(set(attacking_hexes))
    return len(hexes) >= 3 or (len(hexes) == 2 and not adjacent(*hexes))


# ---- 8.9: the die roll modifiers ----

def _commander(stacks, side, charts):
    ranked = [c for s in stacks for c in s.commanders if c.rank in RANKED and c.cv]
    if not ranked:
        return None
    best = max(ranked, key=lambda c: c.cv)
    if charts.option("commander_drm") == "cv":
        value = int(charts.file.lookup("commander_drm", best.cv, column=f"{side}ing").result)
        return (f"{side}ing commander {best.name} (CV {best.cv})", value,
                "8.9, 20.3 (option commander_drm = \"cv\")")
    return (f"{side}ing commander {best.name} (CV {best.cv})", int(charts.rule("combat_drm", f"{side}ing_commander")),
            "8.9, 20.3")


def modifiers(attackers, defenders, charts, *, flank=False, elevation=""):
    """8.9: every DRM of one combat, attacker's and defender's: (label, value, clause).
    `elevation`: "attacker" or "defender", the side the elevation favours, or ""."""
    drm = lambda key: int(charts.rule("combat_drm", key))
    out = []
    for s in attackers:
        if s.disorganized:
            out.append((f"attacking hex {s.hex} disorganized", drm("attacking_hex_disorganized"), "16.1"))
    for s in defenders:
        if s.disorganized:
            out.append((f"defending hex {s.hex} disorganized or shattered", drm("defending_hex_disorganized"),
                        "16.2, 16.5"))
    fortified = [s.hex for s in defenders if s.breastworks and holds_breastworks(s)]
    if fortified:
        out.append((f"breastworks in {', '.join(fortified)}", drm("breastworks"), "24.2-24.3"))
    elif attackers and all(s.across_stone_wall for s in attackers):
        out.append(("across a stone wall", drm("stone_wall"), "24.4"))
    if flank:
        out.append(("flanking attack", drm("flank"), "8.7"))
    if elevation in ("attacker", "defender"):
        out.append((f"elevation favorable to the {elevation}", drm(f"{elevation}_higher"), "8.9"))
    elif elevation:
        raise ValueError(f"elevation is \"attacker\", \"defender\" or \"\", not {elevation!r}")
    for stacks, side in ((attackers, "attack"), (defenders, "defend")):
        c = _commander(stacks, side, charts)
        if c:
            out.append(c)
    return tuple(out)


# ---- 8.8: the Odds table and the CRT ----

@dataclass(frozen=True)
class Odds:
    attack: int
    defence: int
    ratio: Fraction
    odds: str                    # the Odds table column the ratio reads
    crt_column: str              # the CRT column it names


def odds(attack, defence, charts):
    """8.8: attacker SP : defender SP on the Odds table, and the CRT column it gives."""
    if attack <= 0 or defence <= 0:
        raise ValueError(f"odds need strength on both sides (attacker {attack} SP, defender {defence} SP)")
    ratio = Fraction(attack, defence)
    read = charts.file.lookup("odds_table", 0, value=float(ratio))
    return Odds(attack, defence, ratio, read.column_label, str(read.result))


def chances(charts, crt_column, drm):
    """8.8, before rolling: {CRT cell: chance} in `crt_column` with the net `drm`."""
    return charts.file.distribution("combat_results_table", DICE, column=crt_column, modifiers=drm)


# ---- 8.10: losses ----

def check_losses(lost, cohesion_used, at_least_sp=None):
    """8.10: the problems (clause, text) of the units a stack eliminates, in order: the first with the
    cohesion rating used in the combat; in an exchange the attacker's units at least match
    `at_least_sp` (the defender's loss), no more units than that needs."""
    lost = list(lost)
    problems = []
    if lost and lost[0].cohesion != cohesion_used:
        problems.append(("8.10", f"the first loss {lost[0].name} has cohesion {lost[0].cohesion}, not the "
                                 f"{cohesion_used} used in the combat"))
    if at_least_sp is not None:
        total = sum(u.sp for u in lost)
        if total < at_least_sp:
            problems.append(("8.10", f"the attacker loses {total} SP: at least the defender's {at_least_sp} SP"))
        elif lost and total - lost[-1].sp >= at_least_sp:
            problems.append(("8.10", f"{lost[-1].name} is one unit more than matching the defender's "
                                     f"{at_least_sp} SP needs"))
    return problems


# ---- 8.11, 21: commander casualties ----

def exposed_commanders(stack):
    """8.11, 21.1-21.2: the commanders of a hex who become casualties on a 1 when it suffers a retreat
    or an elimination: army, corps and division commanders, not replacements."""
    return [c for c in stack.commanders if c.rank in RANKED and not c.replacement]


def commander_casualties(stack, roll):
    """8.11, 21.1-21.2: in a hex that suffered a retreat or elimination, each commander above 1 star
    rolls a die: a casualty on a 1. [(commander, die or None, casualty, clause)]."""
    out = []
    for c in stack.commanders:
        if c.rank not in RANKED:
            out.append((c.name, None, False, "21.2: a brigade commander is unaffected"))
        elif c.replacement:
            out.append((c.name, None, False, "8.11: a replacement commander cannot be eliminated"))
        else:
            die = roll("d6", f"commander casualty {c.name}")
            hit = die == CASUALTY_ROLL
            out.append((c.name, die, hit, f"21.1: {die}: " + ("a casualty, flipped to his replacement" if hit
                                                                else "unaffected")))
    return out


# ---- one combat, one round ----

@dataclass(frozen=True)
class Combat:
    attackers: tuple             # Stack
    defenders: tuple             # Stack
    elevation: str = ""          # the side the elevation favours (8.9), or ""


@dataclass
class CombatResult:
    combat: Combat
    strengths: dict              # {hex: HexStrength}
    odds: Odds
    modifiers: tuple             # (label, value, clause)
    drm: int
    chances: dict                # {CRT cell: chance} before rolling
    roll: int
    cell: str
    result: object               # results.Result
    casualties: list = field(default_factory=list)   # (hex, commander, die, casualty, clause)


def resolve(combat, charts, roll, adjacent):
    """8.3-8.11: one combat: strength, odds, DRMs, chances before rolling, the CRT roll and result,
    and commander casualty rolls in every hex of a side the result hurts. `adjacent(a, b)`."""
    strengths = {s.hex: hex_strength(s, charts) for s in (*combat.attackers, *combat.defenders)}
    attack = sum(strengths[s.hex].total for s in combat.attackers)
    defence = sum(strengths[s.hex].total for s in combat.defenders)
    o = odds(attack, defence, charts)
    flank = flanked([s.hex for s in combat.attackers], adjacent)
    mods = modifiers(combat.attackers, combat.defenders, charts, flank=flank, elevation=combat.elevation)
    drm = sum(v for _, v, _ in mods)
    before = chances(charts, o.crt_column, drm)
    targets = "+".join(s.hex for s in combat.defenders)
    die = roll(DICE, f"CRT {'+'.join(s.hex for s in combat.attackers)} -> {targets}")
    read = charts.file.lookup("combat_results_table", die, column=o.crt_column, modifiers=drm)
    result = parse_result(charts, read.result, f"[combat_results_table] column {o.crt_column}, row {read.row_roll}")
    out = CombatResult(combat, strengths, o, mods, drm, before, die, str(read.result), result)
    for stacks, side in ((combat.attackers, result.attacker), (combat.defenders, result.defender)):
        if side.adverse:
            for s in stacks:
                out.casualties += [(s.hex, *c) for c in commander_casualties(s, roll)]
    return out


@dataclass(frozen=True)
class Round:
    results: tuple               # CombatResult, in the order fought
    another_round: bool          # 13


def combat_round(combats, charts, roll, adjacent, after):
    """13: one round: every combat resolved in order; `after(results)` applies them (retreats,
    advances) and gives (contacts, cannot_attack) as check_attacks takes them; another round is due
    while an enemy hex is still in the ZOC of a hex that may attack."""
    results = tuple(resolve(c, charts, roll, adjacent) for c in combats)
    contacts, cannot_attack = after(results)
    return Round(results, another_round_due(contacts, cannot_attack))
