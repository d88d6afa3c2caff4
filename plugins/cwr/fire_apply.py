"""A fire's result applied to the save (5.7-5.9, 6.1-6.2, 8.2): the casualties resolve_fire names,
the Straggler Check on the table it says, the Morale Check with its upward shifts and the state
written, Low and No Ammo written, wrecked units marked; each step a report line with its clause."""
from adjutant.procedures.report import Quantity

from .fire_table import low_ammo_after
from .fire_build import fire_unit
from .morale import Leader, hex_state, morale_check
from .stragglers import Unit as StragglerUnit
from .stragglers import straggler_check
from .wrecked import unit_wrecked

STATE_NAMES = {"normal": "Normal", "sh": "Shaken", "dg": "Disorganized", "r": "Routed", "bl": "Blood Lust"}


def straggler_unit(unit):
    """An Army unit as stragglers.py and morale.py read it."""
    if not unit.is_combat:
        return StragglerUnit(unit.name, unit.type)
    return StragglerUnit(unit.name, unit.type, unit.morale, unit.sp, unit.printed_sp, unit.formation)


def _written(army, unit, attribute, value):
    return "" if army.write(unit, attribute, value) else f" (the companion file maps no writable {attribute}: " \
                                                          f"set it by hand)"


def morale_leader(army, hex_name, choice=""):
    """The leader whose rating counts in the hex's Morale Check (9.1): `choice` "" the best morale
    rating there, "none", or a leader's name; a morale.Leader or None."""
    leaders = [u for u in army.in_hex(hex_name) if u.is_leader]
    if choice.lower() == "none":
        return None
    if choice:
        found = next((u for u in leaders if u.name == choice), None)
        if found is None:
            raise ValueError(f"leader {choice!r} is not in {hex_name} (the leaders there: "
                             f"{', '.join(u.name for u in leaders) or 'none'})")
    else:
        found = max(leaders, key=lambda u: u.morale_rating or 0, default=None)
    return None if found is None or found.morale_rating is None else Leader(found.name, found.morale_rating)


def fired_on(fire, resolution):
    """The names of the combat units the fire is at: the target's, or the Limbered battery alone
    that a Selective Artillery Fire takes (5.5 (1))."""
    chosen = resolution.selective
    if chosen and chosen.battery:
        return (chosen.battery,)
    return tuple(u.name for u in fire.target.combat_units)


class Application:
    """Applies one Resolution at its target. `modifiers`: the Straggler and Morale Tables' modifiers
    as given ((label, value) pairs); `leader`: "" the target hex's best morale rating, "none", or a
    leader's name; `stay`: the stack ignores a '*' retreat where 6.2a lets it.

    The quantities: each unit fired on gets "casualties" (on the roll's line), "stragglers" (the
    Straggler Check's, on its line, and the Morale Check's L on the loss's line: 5.8, 6.2) and "SP
    lost" (every loss: casualties, stragglers and the Morale Check's losses, 0 on a line of its
    own), 0 included; the target hex "retreat hexes", 0 where it did not retreat."""

    def __init__(self, session, section, straggler_modifiers=(), morale_modifiers=(), leader="", stay=False):
        self.session, self.section = session, section
        self.army, self.charts = session.army, session.charts
        self.straggler_modifiers, self.morale_modifiers = tuple(straggler_modifiers), tuple(morale_modifiers)
        self.leader, self.stay = leader, stay
        self.changed = {}   # {unit name: Army unit} whose strength changed
        self.lost = {}      # {unit fired on: SP it lost}

    def decided(self, fire, resolution):
        """The roll's quantities: each unit's casualties; no Straggler Check (no casualties): 0
        stragglers; no Morale Check: a retreat of 0 hexes."""
        units = fired_on(fire, resolution)
        self.lost = dict.fromkeys(units, 0)
        casualties = dict(resolution.losses)
        marks = [Quantity("casualties", casualties.get(name, 0), of=name) for name in units]
        if resolution.outcome is None or not resolution.outcome.casualties:
            marks += [Quantity("stragglers", 0, of=name) for name in units]
        if not resolution.morale_check:
            marks.append(Quantity("retreat hexes", 0, of=fire.target.hex))
        return marks

    def unharmed(self):
        """A line marking "SP lost" 0 for each unit fired on that lost nothing."""
        names = [name for name, lost in self.lost.items() if not lost]
        if names:
            self.section.add(f"no SP lost: {', '.join(names)}", quantity=[Quantity("SP lost", 0, of=name)
                                                                        for name in names])

    def apply(self, fire, resolution):
        target = fire.target.hex
        outcome = resolution.outcome
        self._casualties(resolution)
        for name in resolution.wagons_destroyed:
            self.section.add(f"{name}: a wagon alone in {target}, destroyed by a result of 1 or more (8.1c): remove "
                             f"it", unit=name, destroyed=True)
        stack = self._stack(target, resolution)
        if outcome.casualties:
            stack = self._stragglers(stack, outcome)
        if resolution.morale_check:
            self._morale(target, stack, outcome, resolution.selective)
        elif outcome.morale_check:
            self.section.add(f"no combat unit left in {target}: no Morale Check (5.7d)")
        self.unharmed()
        self._wrecked()

    def low_ammo(self, resolution):
        for name, _, _ in resolution.low_ammo:
            unit = self.army.named(name)
            (_, before, after), = low_ammo_after([fire_unit(unit)])   # the unit's ammo now: a split fire's earlier roll counts
            word = "No Ammo" if after == "none" else "Low Ammo"
            note = _written(self.army, unit, "ammo", after)
            self.section.add(f"{name}: roll {resolution.roll}, {word} (was {before}; 5.7c, 8.2){note}", unit=name,
                             ammo=after)

    def _casualties(self, resolution):
        for name, n in resolution.losses:
            unit = self.army.named(name)
            before = unit.sp
            after = before - n
            note = _written(self.army, unit, "sp", after)
            self.changed[name] = unit
            self.lost[name] = self.lost.get(name, 0) + n
            gone = ": eliminated, remove the counter (5.7b)" if after == 0 else ""
            self.section.add(f"{name}: {n} casualt{'y' if n == 1 else 'ies'}, {before} to {after} SP (5.7b){gone}"
                             f"{note}", unit=name, casualties=n, sp=after, quantity=Quantity("SP lost", n, of=name))

    def _stack(self, target, resolution):
        """The target's units as the straggler and morale rules read them, eliminated combat units
        left out; a Selective Fire at a Limbered battery: that battery alone (5.5 (1))."""
        chosen = resolution.selective
        units = [u for u in self.army.in_hex(target) if not u.is_combat or u.sp > 0]
        if chosen and chosen.battery:
            units = [u for u in units if u.name == chosen.battery]
        return [straggler_unit(u) for u in units]

    def _stragglers(self, stack, outcome):
        table = f"straggler_table_{outcome.straggler_table}"
        check = straggler_check(self.charts, stack, outcome.casualties, self.session.roll, self.straggler_modifiers,
                                table=table)
        if check is None:
            self.section.add("no infantry or cavalry unit left to check for stragglers (5.8a, 5.8c)",
                             quantity=[Quantity("stragglers", 0, of=name) for name in self.lost])
            return stack
        straggled = {loss.unit: loss.lost for loss in check.losses.losses}
        mods = "".join(f" {v:+d} {label}" for label, v in check.modifiers)
        self.section.add(f"Straggler Check ({check.table.replace('_', ' ')}, 5.8a): {check.unit} rolls d6 "
                         f"{check.roll}{mods}, column {next(u.morale for u in stack if u.name == check.unit)}: "
                         f"{check.lost} SP straggle ({check.clause})", unit=check.unit, roll=check.roll,
                         table=check.table, stragglers=check.lost,
                         quantity=[Quantity("stragglers", straggled.get(name, 0), of=name) for name in self.lost])
        self._losses(check.losses, "straggle")
        return [u for u in check.losses.stack]

    def _losses(self, losses, verb, stragglers=False):
        """Each loss written and marked "SP lost"; `stragglers`: a straggler loss (the Morale Table's L,
        6.2, 5.8) also marked "stragglers" (the Straggler Check's are marked on its own line)."""
        for loss in losses.losses:
            unit = self.army.named(loss.unit)
            note = _written(self.army, unit, "sp", loss.after)
            self.changed[loss.unit] = unit
            self.lost[loss.unit] = self.lost.get(loss.unit, 0) + loss.lost
            row = f"{unit.brigade}'s row" if unit.brigade else "the army's row"
            gone = ": eliminated, remove the counter" if loss.eliminated else ""
            kind = "casualties (permanent)" if losses.kind == "casualties" else \
                f"stragglers: mark {loss.lost} on {row} of the Brigade Loss Chart (5.8)"
            self.section.add(f"{loss.unit}: {loss.lost} SP {verb}, {loss.before} to {loss.after} SP, {kind}{gone}{note}",
                             unit=loss.unit, lost=loss.lost, sp=loss.after,
                             quantity=[Quantity("SP lost", loss.lost, of=loss.unit)]
                             + ([Quantity("stragglers", loss.lost, of=loss.unit)]
                                if stragglers and losses.kind == "stragglers" else []))

    def _morale(self, target, stack, outcome, chosen):
        army = self.army
        names = {u.name for u in stack}
        units = [u for u in army.in_hex(target) if u.name in names]
        state = hex_state(u.state for u in units if u.is_combat)
        modifiers = self.morale_modifiers
        if outcome.morale_shifts:
            modifiers += ((f"{outcome.cell}: {outcome.morale_shifts} upward shifts (5.7a)", outcome.morale_shifts),)
        check = morale_check(self.charts, stack, state, self.session.roll, modifiers, morale_leader(self.army, target, self.leader),
                             stay=self.stay)
        no_retreat = Quantity("retreat hexes", 0, of=target)
        if check is None:
            self.section.add(f"no combat unit left in {target}: no Morale Check (5.7d)", quantity=no_retreat)
            return
        mods = "".join(f", {v:+d} {label}" for label, v in check.modifiers)
        self.section.add(f"Morale Check (6.1): {check.unit} (morale {check.rating}), {STATE_NAMES[check.before]}, "
                         f"{check.dice} {check.roll}{mods}: column {check.column}, {check.result.code}",
                         unit=check.unit, roll=check.roll, column=check.column, result=check.result.code,
                         table=check.table, **({} if check.retreat else {"quantity": no_retreat}))
        if chosen and chosen.morale_needs_retreat and not check.retreat:
            self.section.add(f"{check.result.code} does not make the battery retreat: ignored by every unit in "
                             f"{target} ({chosen.clause})")
            return
        survivors = {u.name for u in check.losses.stack}
        for unit in units:
            if not unit.is_combat or unit.name not in survivors or unit.state == check.after:
                continue
            before = unit.state
            note = _written(army, unit, "state", check.after)
            self.section.add(f"{unit.name}: {STATE_NAMES.get(before, before)} to {STATE_NAMES[check.after]} "
                             f"({check.clauses[0]}){note}", unit=unit.name, state=check.after)
        self._losses(check.losses, "lost", stragglers=True)
        if check.retreat:
            self.section.add(f"the stack in {target} retreats {check.retreat} hex{'es' if check.retreat > 1 else ''} "
                             f"(6.3): move it, then it may adjust its facing (3.3a); not moved here",
                             retreat=check.retreat, quantity=Quantity("retreat hexes", check.retreat, of=target))
        elif check.retreat_skipped:
            self.section.add(f"'*' result: the stack stays in {target} (6.2a)")

    def _wrecked(self):
        for name, unit in self.changed.items():
            w = unit_wrecked(self.charts, straggler_unit(unit))
            if w.wrecked and not unit.wrecked:
                note = _written(self.army, unit, "wrecked", "true")
                self.section.add(f"{name}: {unit.sp} of {unit.printed_sp} SP, wrecked ({w.clause}: wrecked at "
                                 f"{w.threshold}); fill a Brigade Status box of {unit.brigade or 'its brigade'}{note}",
                                 unit=name, wrecked=True)
