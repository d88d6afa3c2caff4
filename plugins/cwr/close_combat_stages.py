"""The fire and morale stages of a Close Combat (7.0 procedure 2-6) played by the fire pipeline
(fire_strength, fire_table, stragglers) and the morale machine (morale): the callables
close_combat.resolve takes, every roll through the session under the Close Combat step's purpose,
and what each stage did kept for the report."""
from dataclasses import dataclass, field, replace

from . import morale as morale_rules
from .close_combat import FireOutcome, MoraleOutcome, _state
from .fire import FiringHex, Fire, Shot, Target
from .fire_table import Shift, resolve_fire
from .stragglers import Unit as StackUnit, straggler_check


@dataclass
class Stages:
    """fire / morale_check / morale_result for close_combat.resolve, over `session` (its charts and
    rolls), the units' sides (`sides`: {"attacker": side, "defender": side}), the leaders' morale
    ratings ({name: rating}) and the terrain of the Close Combat hex (`hex`, `terrain`)."""
    session: object
    sides: dict
    leader_ratings: dict
    hex: str
    terrain: tuple = ()
    details: list = field(default_factory=list)   # (purpose, text): what a stage computed, for the report

    @property
    def charts(self):
        return self.session.charts

    def _roll(self, purpose):
        return lambda dice, _what: self.session.roll(dice, purpose)

    # ---- 7.0 procedure 2-3, 7.1a: fire at the CC column, losses and stragglers, no Morale Check ----

    def fire(self, volley):
        charts = self.charts
        firers = tuple(u for u, _ in volley.firers)
        shots = tuple(Shot(u.name, sp) for u, sp in volley.firers)
        target = Target(self.hex, tuple(volley.targets), self.terrain)
        firing = FiringHex(self.hex, firers, shots, "CC")
        fire = Fire(self.sides[volley.side], target, (firing,))
        extra = (Shift("close_combat_rear", volley.shift, volley.shift_clause, "through the defender's rear "
                                                                              "hexside"),) if volley.shift else ()
        res = resolve_fire(charts, fire, self._roll(volley.purpose), extra)
        for c in res.strength.contributions:
            self.details.append((volley.purpose, c.text))
        self.details.append((volley.purpose, res.strength.text))
        for s in res.shifts:
            self.details.append((volley.purpose, s.text))
        if res.roll is None:
            return FireOutcome(tuple(volley.targets), result="No Effect (5.3e)")
        self.details.append((volley.purpose, f"2d6 {res.roll}, column {res.column}: {res.outcome.text}"))
        lost = dict(res.losses)
        after = tuple(replace(u, sp=u.sp - lost.get(u.name, 0)) for u in volley.targets)
        stragglers = 0
        if res.outcome.casualties:
            check = straggler_check(charts, [_stack_unit(u) for u in after if _alive(u)], res.outcome.casualties,
                                    self._roll(f"{volley.purpose} stragglers"))
            if check is not None:
                stragglers = check.losses.total
                after = _taken(after, check.losses)
                self.details.append((volley.purpose, f"Straggler Check ({check.table.replace('_', ' ')}, column "
                                                      f"{_morale_of(volley.targets, check.unit)}): d6 {check.roll}, "
                                                      f"{check.lost} lost ({check.clause})"))
        changed = ()
        if res.low_ammo:
            ammo = {name: new for name, _, new in res.low_ammo}
            changed = tuple(replace(u, ammo=ammo[u.name]) for u in firers if u.name in ammo)
            self.details.append((volley.purpose, f"roll {res.roll}: " + ", ".join(
                f"{name} {'No' if new == 'none' else 'Low'} Ammo" for name, _, new in res.low_ammo) + " (5.7c, 8.2)"))
        return FireOutcome(tuple(u for u in after if _alive(u)), changed, res.outcome.cell, res.outcome.casualties,
                           stragglers)

    # ---- 7.0 procedure 4-6: Morale Checks and Odds Table results (6.1-6.2b) ----

    def morale_check(self, units, modifier, purpose):
        leader = self._leader(units)
        state = _state(units)
        modifiers = (("close combat (7.0)", modifier),) if modifier else ()
        check = morale_rules.morale_check(self.charts, [_stack_unit(u) for u in units], state, self._roll(purpose),
                                          modifiers=modifiers, leader=leader)
        if check is None:
            return MoraleOutcome(tuple(units), "none", state)
        mods = ", ".join(f"{label} {value:+d}" for label, value in check.modifiers) or "no modifiers"
        self.details.append((purpose, f"{check.unit} ({check.rating}) on the {check.table.replace('_', ' ')}: "
                                      f"{check.dice} {check.roll}, {mods}, column {check.column}: {check.result.code} "
                                      f"({'; '.join(check.clauses)})"))
        return self._outcome(units, check.result.code, check.after, check.losses, check.retreat)

    def morale_result(self, units, result, purpose):
        parsed = morale_rules.parse_result(self.charts, result.replace(",", ""), "[close_combat_odds_table]")
        after, clause = morale_rules.combine(_state(units), parsed.state)
        losses, retreat, _, clauses = morale_rules.apply_result(parsed, [_stack_unit(u) for u in units])
        self.details.append((purpose, f"{result}: {after.upper()} ({clause}; {'; '.join(clauses)})"))
        return self._outcome(units, result, after, losses, parsed.retreat and retreat)

    def _outcome(self, units, result, state, losses, retreat):
        after = tuple(replace(u, state=state) if _combat(u) else u for u in _taken(units, losses))
        return MoraleOutcome(tuple(u for u in after if _alive(u)), result, state, retreat, losses.total)

    def _leader(self, units):
        """9.1: one leader in the hex adds his rating to the Morale Check: the best of those present."""
        present = [(self.leader_ratings[u.name], u.name) for u in units
                   if u.type == "leader" and self.leader_ratings.get(u.name) is not None]
        if not present:
            return None
        rating, name = max(present)
        return morale_rules.Leader(name, rating)


def _combat(u):
    return u.type in ("infantry", "cavalry", "artillery")


def _alive(u):
    return not _combat(u) or u.sp > 0


def _stack_unit(u):
    return StackUnit(u.name, u.type, u.morale, u.sp, u.sp, u.formation)


def _taken(units, losses):
    """The units with a Losses' strength taken (eliminated units at 0 SP)."""
    after = {loss.unit: loss.after for loss in losses.losses}
    return tuple(replace(u, sp=after[u.name]) if u.name in after else u for u in units)


def _morale_of(units, name):
    return next((u.morale for u in units if u.name == name), "")
