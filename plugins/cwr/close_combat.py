"""A Close Combat resolved (7.0 procedure 1-7, 7.1, 7.2c, 8.2a), every step recorded with its clause,
and the exact chance of each Close Combat Odds Table result before rolling.

The fire pipeline and the morale machine are passed in as callables, so this module holds only the
order of the steps and what Close Combat changes in them:

    fire(volley: Volley) -> FireOutcome
        resolve one fire at the CC range (7.1a): casualties and the straggler check, NO morale check.
    morale_check(units, modifier, purpose) -> MoraleOutcome
        roll a Morale Check for the stack (top first) with `modifier` added to the Morale Table's
        other modifiers, and apply its result (6.2b).
    morale_result(units, result, purpose) -> MoraleOutcome
        apply a Morale-Table result given as text ("DGB2,L1") to the stack, without rolling (6.2b).
    roll(dice, purpose) -> int
        every die roll (adjutant.procedures.rolls.Rolls.roll).
"""
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Protocol

from adjutant.procedures.charts import ChartError

from .close_combat_entry import SMALL_ARMS

STATES_WORST_LAST = ("normal", "bl", "sh", "dg", "r")
ODDS_RESULT = re.compile(r"^([AD])(?:\s+(SH|DG|R)(?:B([1-4]))?(?:,\s*L([12]))?)?$", re.IGNORECASE)


@dataclass(frozen=True)
class Volley:
    """One side's fire in a Close Combat, for the fire pipeline."""
    side: str                          # "attacker" or "defender": who fires
    firers: tuple                      # ((CcUnit, SP it fires), ...): 7.1a's caps applied
    targets: tuple                     # the other side's stack, top first
    shift: int = 0                     # column shift Close Combat adds (7.1b rear hexside), beyond the pipeline's own
    shift_clause: str = ""
    hexside: tuple = ()                # 7.1b: features of the hexside the attacker crossed, his fire as if across it
    range: str = "CC"                  # 7.1a: the CC column of the Range Tables
    morale_check: bool = False         # 7.0 procedure 2-3: losses and straggler check only
    purpose: str = ""


@dataclass(frozen=True)
class FireOutcome:
    targets: tuple                     # the target stack after casualties and stragglers, eliminated units gone
    firers: tuple = ()                 # firers changed by the roll (Low/No Ammo, 8.2), matched by name
    result: str = ""                   # the Fire Combat Table's result, for the report
    casualties: int = 0
    stragglers: int = 0


@dataclass(frozen=True)
class MoraleOutcome:
    units: tuple                       # the stack after the result: its new state, straggler losses applied
    result: str                        # the result as printed, "DGB2,L1"
    state: str                         # the stack's state after it (normal | bl | sh | dg | r)
    retreat: int = 0                   # hexes back (B1-B4); 0 stays
    stragglers: int = 0                # L1/L2 losses


class Fire(Protocol):
    def __call__(self, volley: Volley) -> FireOutcome: ...


class MoraleCheck(Protocol):
    def __call__(self, units: tuple, modifier: int, purpose: str) -> MoraleOutcome: ...


class MoraleResult(Protocol):
    def __call__(self, units: tuple, result: str, purpose: str) -> MoraleOutcome: ...


class Roll(Protocol):
    def __call__(self, dice: str, purpose: str) -> int: ...


@dataclass(frozen=True)
class Step:
    step: str                          # the procedure's number: "1" ... "7"
    clause: str
    text: str
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Retreat:
    side: str
    hexes: int
    first_hex: str                     # 7.2c: where the first hex must be
    clause: str


@dataclass(frozen=True)
class OddsResult:
    winner: str                        # "attacker" or "defender"
    loser_result: str                  # the loser's Morale-Table result, "" for none
    loser_state: str                   # sh | dg | r, "" for none
    retreat: int                       # hexes the loser goes back: at least one (7.0: the winner alone remains)
    stragglers: int


@dataclass(frozen=True)
class OddsChances:
    attack: int                        # attacking SP counted (8.2a)
    defence: int
    odds: Fraction
    column: str
    dice: str
    chances: dict                      # {cell: Fraction}
    winner: dict                       # {"attacker": Fraction, "defender": Fraction}


@dataclass
class CloseCombat:
    steps: list = field(default_factory=list)
    winner: str = ""
    attackers: tuple = ()
    defenders: tuple = ()
    retreats: list = field(default_factory=list)
    casualties: dict = field(default_factory=dict)   # {side: stragglers taken as casualties (7.1c)}
    gun_losses: list = field(default_factory=list)   # [(battery, guns lost, roll)]

    def add(self, step, clause, text, **data):
        self.steps.append(Step(step, clause, text, data))


# ---- 7.1a: who fires ----

@dataclass(frozen=True)
class Firers:
    firers: tuple                      # ((CcUnit, SP), ...)
    left_out: tuple                    # ((name, clause, why), ...)


def cc_firers(units, side, charts, battery=None):
    """7.1a: the units of a stack (top first) that fire in a Close Combat and the SP each fires:
    small arms in line formation from the top down to 8 SP (5.1a: the last one in part); the defender
    also one unlimbered battery of any strength (`battery` names it, else the strongest). Routed and No
    Ammo units never fire (5.3a, 8.2); column and mounted attackers cannot (7.2a)."""
    most = int(charts.rule("close_combat", f"{side}_small_arms_sp"))
    cap = most
    batteries = int(charts.rule("close_combat", "defender_batteries")) if side == "defender" else 0
    firers, left_out, guns = [], [], []
    for u in units:
        if not u.is_combat:
            continue
        why = _cannot_fire(u)
        if why:
            left_out.append((u.name, *why))
        elif u.type == "artillery":
            guns.append(u)
        elif cap <= 0:
            left_out.append((u.name, "7.1a", f"the {side} fires at most {most} SP of small arms"))
        else:
            sp = min(u.sp, cap)
            cap -= sp
            firers.append((u, sp))
    if battery is not None and battery not in {g.name for g in guns}:
        raise ValueError(f"battery {battery!r} is not an unlimbered battery of the {side} able to fire")
    guns.sort(key=lambda g: (g.name != battery, -g.sp))
    chosen = guns[:batteries]
    for g in guns[batteries:]:
        why = "the attacker fires small arms only" if side == "attacker" else \
            f"the defender fires {batteries} battery"
        left_out.append((g.name, "7.1a", why))
    firers.extend((g, g.sp) for g in chosen)
    return Firers(tuple(firers), tuple(left_out))


def _cannot_fire(u):
    if u.state == "r":
        return "5.3a", "routed units may not fire"
    if u.ammo == "none":
        return "8.2", "No Ammo units cannot fire"
    if u.type == "artillery" and u.formation != "unlimbered":
        return "7.1a", "only unlimbered artillery fires in a Close Combat"
    if u.type != "artillery" and u.formation != "line":
        return "7.1a, 7.2a", f"in {u.formation} formation: only units in line fire in a Close Combat"
    if u.sp <= 0:
        return "5.1", "no strength left"
    return None


# ---- 7.0 procedure 6, 8.2a: the Close Combat Odds Table ----

def odds_strength(units):
    """8.2a: the SP a side counts on the Odds Table: every combat unit's, Low and No Ammo alike."""
    return sum(u.sp for u in units if u.is_combat)


def parse_odds_result(cell, charts):
    m = ODDS_RESULT.match(str(cell).strip())
    if not m:
        raise ChartError(f"{charts.path}: [close_combat_odds_table] {cell!r}: a result is A or D (who wins), then "
                         f"optionally the loser's Morale-Table result (SH, DG or R, B1-B4, ,L1 or ,L2), "
                         f"such as \"A DGB2,L1\"")
    who, state, back, lost = m.groups()
    return OddsResult("attacker" if who.upper() == "A" else "defender",
                      str(cell).strip()[1:].strip(), (state or "").lower(), max(1, int(back or 0)), int(lost or 0))


def odds_chances(attack, defence, charts, modifiers=0):
    """The column read at attack/defence SP (rounded down to a printed column) and the exact chance
    of each result, and of each side winning, before rolling."""
    if defence <= 0 or attack <= 0:
        raise ValueError(f"odds need strength on both sides (attacker {attack} SP, defender {defence} SP)")
    odds = Fraction(attack, defence)
    dice = str(charts.rule("close_combat", "odds_dice"))
    table = charts.file.table("close_combat_odds_table")
    column = table.columns[table.column_for(float(odds))].label
    chances = charts.file.distribution("close_combat_odds_table", dice, value=float(odds), modifiers=modifiers)
    winner = {"attacker": Fraction(0), "defender": Fraction(0)}
    for cell, p in chances.items():
        winner[parse_odds_result(cell, charts).winner] += p
    return OddsChances(attack, defence, odds, column, dice, chances, winner)


# ---- 7.0 procedure 1-7 ----

def resolve(attackers, defenders, charts, fire, morale_check, morale_result, roll, *, rear=False, hexside=(),
            battery=None, odds_modifier=0, entry_mp=None, entry_hex=""):
    """One Close Combat (7.0 procedure), attackers and defenders top first. `rear`: the attacker
    entered through the defender's rear hexside (7.1b); `hexside`: the features of the hexside he
    crossed; `battery`: the defender's battery that fires (7.1a); `entry_hex`: the hex he came from
    (7.2c). Returns a CloseCombat: the steps with their clauses, the winner, both stacks after."""
    return _Sequence(charts, fire, morale_check, morale_result, roll, rear, tuple(hexside), battery, odds_modifier,
                     entry_hex).run(tuple(attackers), tuple(defenders), entry_mp)


class _Sequence:
    def __init__(self, charts, fire, morale_check, morale_result, roll, rear, hexside, battery, odds_modifier,
                 entry_hex):
        self.charts, self.fire, self.morale_check, self.morale_result, self.roll = \
            charts, fire, morale_check, morale_result, roll
        self.rear, self.hexside, self.battery, self.odds_modifier = rear, hexside, battery, odds_modifier
        self.entry_hex = entry_hex
        self.cc = CloseCombat()

    def run(self, attackers, defenders, entry_mp):
        cc = self.cc
        cc.attackers, cc.defenders = attackers, defenders
        self.routed = {u.name for u in defenders if u.state == "r" and u.type in SMALL_ARMS}
        paid = f", paying {entry_mp:g} MP (terrain + 1)" if entry_mp is not None else " (terrain + 1 MP)"
        cc.add("1", "7.0 procedure 1", f"the attackers enter the defender's hex{paid}", mp=entry_mp)
        if self.routed:
            cc.add("1", "7.1c", f"{', '.join(sorted(self.routed))} routed when attacked: stragglers from the Morale "
                                f"Table are casualties", routed=sorted(self.routed))
        defender_fired = self._fires("defender", "2")
        if not self._present("attacker"):
            return self._end("defender", "2", "no attacking combat unit is left: the defender wins")
        self._fires("attacker", "3")
        if defender_fired:
            if self._attacker_morale():
                return self._end("defender", "4", "the attacker retreats: the Close Combat ends", "7.0 procedure 4")
        else:
            cc.add("4", "7.0 procedure 3 *", "the defender could not fire: the attacker is exempt from its "
                                             "Morale Check")
        if not self._present("attacker"):
            return self._end("defender", "4", "no attacking combat unit is left: the defender wins")
        if not self._present("defender"):
            return self._end("attacker", "5", "no defending combat unit is left: no Morale Check (5.7d); the "
                                              "attacker wins")
        if self._defender_morale():
            return self._end("attacker", "5", "the defender retreats: the Close Combat ends", "7.0 procedure 5")
        return self._odds()

    # -- steps 2 and 3 --

    def _fires(self, side, step):
        cc = self.cc
        own, other = ("defenders", "attackers") if side == "defender" else ("attackers", "defenders")
        chosen = cc_firers(getattr(cc, own), side, self.charts, self.battery if side == "defender" else None)
        for name, clause, why in chosen.left_out:
            cc.add(step, clause, f"{name} does not fire: {why}", unit=name, fires=False)
        if not chosen.firers:
            cc.add(step, f"7.0 procedure {step}", f"the {side} cannot fire", fired=False)
            return False
        shift, clause = self._shift(side)
        volley = Volley(side, chosen.firers, getattr(cc, other), shift, clause,
                        self.hexside if side == "attacker" else (), purpose=f"CC {side} fire")
        out = self.fire(volley)
        setattr(cc, other, tuple(out.targets))
        setattr(cc, own, _merge(getattr(cc, own), out.firers))
        fired = ", ".join(f"{u.name} {sp} SP" for u, sp in chosen.firers)
        extra = f", {shift:+d} columns ({clause})" if shift else ""
        across = f", across {'/'.join(self.hexside)} (7.1b)" if volley.hexside else ""
        cc.add(step, f"7.0 procedure {step}, 7.1a",
               f"the {side} fires ({fired}){extra}{across}: {out.result or 'no effect'}; {out.casualties} casualties, "
               f"{out.stragglers} stragglers, no Morale Check", fired=True, firers=[u.name for u, _ in chosen.firers],
               shift=shift, result=out.result, casualties=out.casualties, stragglers=out.stragglers)
        return True

    def _shift(self, side):
        """7.1b: the rear hexside's shift, on the fire option cc_rear_shift says."""
        if not self.rear:
            return 0, ""
        shift = int(self.charts.rule("close_combat", "rear_shift"))
        reading = self.charts.option("cc_rear_shift")
        if reading == "defender_fire" and side == "defender":
            return shift, "7.1b rear hexside, option cc_rear_shift = \"defender_fire\""
        if reading == "attacker_fire" and side == "attacker":
            return -shift, "7.1b rear hexside, option cc_rear_shift = \"attacker_fire\""
        return 0, ""

    # -- steps 4 and 5 --

    def _attacker_morale(self):
        """7.0 procedure 4; True when the attacker retreats."""
        modifier = int(self.charts.rule("close_combat", "attacker_morale_modifier"))
        out = self._check("attacker", "4", modifier, "CC attacker morale", "7.0 procedure 4")
        if out.retreat:
            self._retreat("attacker", out.retreat, "7.0 procedure 4")
        return out.retreat > 0

    def _defender_morale(self):
        """7.0 procedure 5; True when the defender retreats (after its additional check)."""
        modifier = int(self.charts.rule("close_combat", "defender_morale_modifier"))
        out = self._check("defender", "5", modifier, "CC defender morale", "7.0 procedure 5")
        if not out.retreat:
            return False
        self._retreat("defender", out.retreat, "7.0 procedure 5")
        again = self._check("defender", "5", 0, "CC defender additional morale",
                            "7.0 procedure 5: the additional check, without the -4")
        if again.retreat:
            self._retreat("defender", again.retreat, "7.0 procedure 5, additional check")
        self._guns_limber()
        return True

    def _check(self, side, step, modifier, purpose, clause):
        cc = self.cc
        attr = "attackers" if side == "attacker" else "defenders"
        before = getattr(cc, attr)
        out = self.morale_check(before, modifier, purpose)
        setattr(cc, attr, tuple(out.units))
        cc.add(step, clause, f"the {side} checks morale at {modifier:+d}: {out.result} ({out.state.upper()}"
                             f"{f', back {out.retreat}' if out.retreat else ''})", modifier=modifier,
               result=out.result, state=out.state, retreat=out.retreat, stragglers=out.stragglers)
        self._permanent(side, step, before, out)
        return out

    def _permanent(self, side, step, before, out):
        """7.1c: stragglers of a unit Routed when attacked, or made R or DG by this CC, are casualties."""
        if not out.stragglers:
            return
        was = _state(before)
        routed = side == "defender" and self.routed
        made = out.state in ("dg", "r") and out.state != was
        if routed or made:
            why = "routed when attacked" if routed else f"made {out.state.upper()} by the Close Combat"
            self.cc.casualties[side] = self.cc.casualties.get(side, 0) + out.stragglers
            self.cc.add(step, "7.1c", f"the {side}'s {out.stragglers} stragglers are casualties ({why})",
                        casualties=out.stragglers)

    # -- step 6 --

    def _odds(self):
        cc, charts = self.cc, self.charts
        chances = odds_chances(odds_strength(cc.attackers), odds_strength(cc.defenders), charts, self.odds_modifier)
        cc.add("6", "7.0 procedure 6, 8.2a",
               f"both sides remain: {chances.attack} SP against {chances.defence} SP, column {chances.column} "
               f"(Low and No Ammo units counted normally); the attacker wins with chance "
               f"{chances.winner['attacker']}", attack=chances.attack, defence=chances.defence,
               column=chances.column, chances=chances.chances, winner_chances=chances.winner)
        die = self.roll(chances.dice, "CC odds")
        r = charts.file.lookup("close_combat_odds_table", die, value=float(chances.odds), modifiers=self.odds_modifier)
        result = parse_odds_result(r.result, charts)
        loser = "defender" if result.winner == "attacker" else "attacker"
        cc.add("6", "7.0 procedure 6", f"{chances.dice} {die}: {r.result}: the {result.winner} wins",
               roll=die, result=r.result, winner=result.winner)
        if result.loser_result:
            attr = loser + "s"
            before = getattr(cc, attr)
            out = self.morale_result(before, result.loser_result, f"CC odds {loser}")
            setattr(cc, attr, tuple(out.units))
            cc.add("6", "7.0 procedure 6", f"the {loser} takes {result.loser_result}: {out.state.upper()}",
                   result=result.loser_result, state=out.state, stragglers=out.stragglers)
            self._permanent(loser, "6", before, out)
        self._retreat(loser, result.retreat, "7.0 procedure 6")
        if loser == "defender":
            self._guns_limber()
        return self._end(result.winner, "6", f"the {result.winner} wins and remains in the hex")

    # -- retreat, guns, end --

    def _retreat(self, side, hexes, clause):
        first = (f"the hex it entered from{f' ({self.entry_hex})' if self.entry_hex else ''}" if side == "attacker"
                 else "opposite the attacker's entry hex, or as close as enemy units allow")
        self.cc.retreats.append(Retreat(side, hexes, first, clause))
        self.cc.add(self.cc.steps[-1].step, "7.2c", f"the {side} retreats {hexes} hex{'es' if hexes > 1 else ''}, "
                                                    f"first into {first}; exempt from EZOC fire in that first hex",
                    side=side, hexes=hexes)

    def _guns_limber(self):
        """3.5, 6.3f: a defending battery that leaves the CC limbers in it and rolls on the Gun Loss Table."""
        cc = self.cc
        dice = None
        changed = []
        for u in cc.defenders:
            if u.type == "artillery" and u.formation == "unlimbered" and u.sp > 0:
                dice = dice or str(self.charts.rule("close_combat", "gun_loss_dice"))
                die = self.roll(dice, f"CC gun loss {u.name}")
                lost = min(u.sp, int(self.charts.file.lookup("gun_loss_table", die).result))
                cc.gun_losses.append((u.name, lost, die))
                cc.add(cc.steps[-1].step, "3.5, 6.3f", f"{u.name} limbers in the Close Combat to retreat: "
                                                       f"{dice} {die}, {lost} gun{'s' if lost != 1 else ''} lost",
                       unit=u.name, roll=die, guns=lost)
                u = replace(u, sp=u.sp - lost, formation="limbered")
            changed.append(u)
        cc.defenders = tuple(u for u in changed if not (u.is_combat and u.sp <= 0))

    def _present(self, side):
        return any(u.is_combat and u.sp > 0 for u in (self.cc.attackers if side == "attacker" else self.cc.defenders))

    def _end(self, winner, step, text, clause="7.0"):
        cc = self.cc
        cc.winner = winner
        cc.add(step, clause, text, winner=winner)
        cc.add("7", "7.0 procedure 7", "both sides may change facing and stacking order, column and mounted units "
                                       "may form line without drawing fire" + self._move_on(winner),
               **self._movers(winner))
        return cc

    def _movers(self, winner):
        """7.0 procedure 7: the winning attacking units not DG or R move on; leaders are not attacking units."""
        if winner != "attacker":
            return {"may_move": [], "stopped": [], "leaders": []}
        units = [u for u in self.cc.attackers if u.is_combat]
        return {"may_move": [u.name for u in units if u.state not in ("dg", "r")],
                "stopped": [u.name for u in units if u.state in ("dg", "r")],
                "leaders": [u.name for u in self.cc.attackers if u.type == "leader"]}

    def _move_on(self, winner):
        movers = self._movers(winner)
        states = {u.name: u.state.upper() for u in self.cc.attackers}
        parts = []
        if movers["may_move"]:
            parts.append(f"{_listed(movers['may_move'])} may continue moving with their remaining MP")
        if movers["stopped"]:
            shown = "/".join(sorted({states[n] for n in movers["stopped"]}))
            parts.append(f"{_listed(movers['stopped'])} ({shown}) may not continue moving: attacking units that "
                         f"are DG or R stop")
        for name in movers["leaders"]:
            parts.append(f"{name} is a leader, not an attacking unit: he moves as leaders do (9.1)")
        return "".join(f"; {p}" for p in parts)


def _listed(names):
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _merge(units, changed):
    by_name = {u.name: u for u in changed}
    return tuple(by_name.get(u.name, u) for u in units)


def _state(units):
    """The stack's morale state: the worst of its units' (6.0a)."""
    states = [u.state for u in units] or ["normal"]
    return max(states, key=lambda s: STATES_WORST_LAST.index(s) if s in STATES_WORST_LAST else 0)
