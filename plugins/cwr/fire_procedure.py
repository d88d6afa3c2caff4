"""The Fire Combat procedure (5.0-5.9, 8.2) on a save: `cwr.fire` builds the fire from the units
where they stand (fire_build), refuses it with every reason the rules give, rolls it and applies the
result (fire_apply); `cwr.fire-odds` gives the chance of each result before rolling; `cwr.fire-lines`
(fire_lines) draws one side's lines of fire."""
from dataclasses import replace

from adjutant.procedures.report import Quantity

from .artillery_ammo import spend, supply_for
from .fire import check_fire
from .fire_apply import STATE_NAMES, Application, morale_leader, straggler_unit
from .fire_build import Sightlines, build_fire, parse_shots
from .fire_split import check_split_fire
from .fire_table import allocate_casualties, fire_odds, resolve_fire
from .morale import hex_state, morale_odds
from .stragglers import straggler_odds


class FireRefused(ValueError):
    """The rules refuse the fire: every reason, each with its clause."""

    def __init__(self, refusals, blocked=()):
        self.refusals = tuple(refusals)
        sight = "".join(f"; line of sight {line.text}" for line in blocked)
        super().__init__("the fire is refused: " + "; ".join(str(r) for r in self.refusals) + sight)


def _split_targets(text):
    """"HEX=NAME:SP,NAME:SP;HEX=..." as [(hex, shots)]."""
    parts = []
    for item in (i.strip() for i in (text or "").split(";")):
        if not item:
            continue
        hex_name, eq, shots = item.partition("=")
        if not eq or not hex_name.strip():
            raise ValueError(f"split is HEX=NAME:SP,NAME:SP[;HEX=...], not {item!r}")
        parts.append((hex_name.strip(), parse_shots(shots, f"split at {hex_name.strip()}")))
    return parts


def _chance(p):
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})"


def prepare(session, firers, target, split="", selective=False, visibility=None, batteries=None):
    """The fires (one, or the parts of a split fire) built and checked, and the firing side's
    artillery ammunition (artillery_ammo.Supply, None when no battery fires): ([Built], Supply);
    FireRefused with every refusal when the rules refuse them. The points go to the parts in turn
    (8.4a: one for each battery or section that fires)."""
    sightlines = Sightlines(session.army)
    parts = [(target, parse_shots(firers))] + [(hex_name, shots) for hex_name, shots in _split_targets(split)]
    supply = supply_for(session, [session.army.named(name) for _, shots in parts for name, _ in shots])
    untraced = supply.untraced if supply else set()
    points = supply.points if supply else None
    built = []
    for hex_name, shots in parts:
        b = build_fire(session, sightlines, shots, hex_name, selective=selective, visibility=visibility,
                       ammo_points=points, untraced=untraced, battery_limit=batteries)
        built.append(b)
        if points is not None:
            points -= min(points, sum(1 for _, _, u in b.fire.shots() if u.type == "artillery"))
    session.side = built[0].fire.side
    fires = [b.fire for b in built]
    refusals = check_split_fire(session.charts, fires) if len(fires) > 1 else check_fire(session.charts, fires[0])
    if refusals:
        raise FireRefused(refusals, [line for b in built for lines in b.lines.values() for line in lines
                                     if not line.clear])
    return built, supply


def describe(section, built, strength, shifts):
    """The fire's lines of sight, each unit's Fire Strength, the total and the column shifts."""
    for hex_name, lines in built.lines.items():
        for line in lines:
            section.add(f"line of sight {line.text} (4.0)", hex=hex_name, sight=line.sight,
                        blocked_at=line.blocked_at, path=[s for s, _ in line.steps])
    for h in built.fire.hexes:
        section.add(f"{h.hex} is {h.range} hex{'es' if h.range != 1 else ''} from {built.fire.target.hex}",
                    hex=h.hex, range=h.range, quantity=Quantity("range", h.range, of=h.hex))
    for c in strength.contributions:
        section.add(c.text, unit=c.unit, sp=c.sp, fire_strength=str(c.value),
                    quantity=Quantity("fire strength", c.value, of=c.unit))
    section.add(strength.text, fire_strength=str(strength.total), column_value=strength.column_value)
    for s in shifts:
        section.add(s.text, shift=s.name, columns=s.columns)


def fire(session, built, application):
    """One fire rolled and applied."""
    f = built.fire
    section = application.section
    resolution = resolve_fire(session.charts, f, session.roll)
    describe(section, built, resolution.strength, resolution.shifts)
    if resolution.roll is None:
        section.add("no roll: a Fire Strength below 1 is No Effect (5.3e)",
                    quantity=application.decided(f, resolution))
        application.unharmed()
        return resolution
    total = sum(s.columns for s in resolution.shifts)
    moved = f", {total:+d} column{'s' * (abs(total) != 1)}" if total else ""
    section.add(f"2d6 {resolution.roll}: column {resolution.column} (strength {resolution.strength.column_value}"
                f"{moved}): {resolution.outcome.text}", roll=resolution.roll, column=resolution.column,
                result=resolution.outcome.cell, quantity=application.decided(f, resolution))
    if resolution.selective:
        section.add(f"Selective Artillery Fire: {resolution.selective.clause}")
    application.apply(f, resolution)
    application.low_ammo(resolution)
    return resolution


def run_fire(session, built, supply, **apply_options):
    spent = 0
    for b in built:
        section = session.report.section(f"The {b.fire.side} fire at {b.fire.target.hex} (5.0-5.7)")
        if supply is not None and b is built[0]:
            supply.report(section)
        spent += fire(session, b, Application(session, section, **apply_options)).strength.ammo_points_spent
    spend(session, supply, spent, section)


def run_odds(session, built, supply, straggler_modifiers=(), morale_modifiers=(), leader=""):
    charts, army = session.charts, session.army
    for b in built:
        f = b.fire
        section = session.report.section(f"The {f.side} fire at {f.target.hex}: the odds before rolling")
        if supply is not None and b is built[0]:
            supply.report(section)
        odds = fire_odds(charts, f)
        describe(section, b, odds.strength, odds.shifts)
        if not odds.chances:
            section.add("No Effect without a roll: a Fire Strength below 1 (5.3e)")
            continue
        section.add(f"column {odds.column}; the chance of each result:", column=odds.column)
        target_units = army.in_hex(f.target.hex)
        state = hex_state(u.state for u in target_units if u.is_combat)
        leader_unit = morale_leader(army, f.target.hex, leader)
        for outcome, p in sorted(odds.chances.items(), key=lambda kv: (kv[0].casualties, kv[0].morale_check,
                                                                      kv[0].morale_shifts)):
            section.add(f"{outcome.text}: {_chance(p)}", result=outcome.cell, chance=p)
            if not outcome.morale_check:
                continue
            losses, _ = allocate_casualties(f.target, outcome.casualties)
            lost = dict(losses)
            stack = [straggler_unit(u) for u in target_units]
            stack = [replace(s, sp=s.sp - lost.get(s.name, 0)) for s in stack]
            if outcome.casualties:
                straggle = straggler_odds(charts, stack, outcome.casualties, straggler_modifiers,
                                          table=f"straggler_table_{outcome.straggler_table}")
                if straggle:
                    section.add("    stragglers (5.8): " + ", ".join(f"{n} SP {_chance(q)}" for n, q in
                                                                    sorted(straggle.items())))
            mods = morale_modifiers + (((f"{outcome.cell}", outcome.morale_shifts),) if outcome.morale_shifts else ())
            m = morale_odds(charts, stack, state, mods, leader_unit)
            if m is not None:
                section.add(f"    Morale Check, column {m.column}: " + ", ".join(
                    f"{STATE_NAMES[s]} {_chance(q)}" for s, q in sorted(m.states.items(), key=lambda kv: -kv[1])))
        section.add(f"Low Ammo for every firer on 11 or 12 (5.7c): {_chance(odds.low_ammo)}", low_ammo=odds.low_ammo)
