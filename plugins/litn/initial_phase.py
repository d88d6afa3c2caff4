"""The Initial Phase of LIN 3.A, but for attrition, replacements and wagons: the reorganization of
scenario 2 (15.4), the Union militia (4.2), Hooker's dissatisfaction (15.6) and the variable entry
of scenario 3's Confederate cavalry (15.6)."""
from adjutant.procedures.report import Quantity
from adjutant.rules.army_unit import is_true

from .army import ArmyError
from .charts import _whole
from .scenarios import HOOKER_BOX, MILITIA, NET_VP, keep_value, kept_value

MILITIA_VP, MILITIA_RANGE = 5, 15      # 4.2: "5 net victory points or ... a combat unit within 15 hexes of Harrisburg"
REORGANIZE_TURNS, REORGANIZE_ALL_TURN = range(1, 5), 5   # 15.4: "on turns 1-4 ...; In the Initial Phase of turn 5 all"
REORGANIZE_UNITS, REORGANIZE_RANGE = 4, 3                # 15.4: "four units ... within three hexes of McClellan"
REORGANIZE_ROLLS = (1, 2, 3, 4)                          # 15.4: "on a roll of 1-4, the unit is no longer disorganized"
HOOKER_FROM, HOOKER_REPLACED_AT = 2, 6                   # 15.6: "starting with turn 2 ... 6 or more"
VARIABLE_ENTRY_FROM = 3                                   # 15.6: "Beginning on turn 3"
ENTRY_HEXES = "1031, 1029 or 1026"                        # 15.6, 15.5


def harrisburg(session, given=""):
    """The hex of Harrisburg (4.2: 4001 on the game's map): `given`, or the companion file's place
    of that name."""
    if given:
        session.army.require_hex(given)
        return given
    hexes = sorted({h for p in session.army.map.places() if p.name == "Harrisburg" for h in p.hexes})
    if len(hexes) != 1:
        raise ArmyError("the companion file has no place named Harrisburg with one hex: give harrisburg=HEX")
    return hexes[0]


def militia(session, net_vp=None, triggered=None, harrisburg_hex="", harrisburg_controlled=None):
    army = session.army
    section = session.report.section(f"Union militia, turn {session.turn} (4.2)")
    city = harrisburg(session, harrisburg_hex)
    before = is_true(kept_value(session, MILITIA, triggered, "triggered"))
    vp = int(kept_value(session, NET_VP, net_vp, "net_vp"))
    near = sorted((army.distance(u.hex, city), u.name, u.hex) for u in army.of("Confederate") if u.is_combat)
    reasons = []
    if before:
        reasons.append("the condition was met on an earlier turn: the Union rolls every turn for the rest of the game")
    if vp >= MILITIA_VP:
        reasons.append(f"the Confederates have {vp} net VP (5 or more)")
    if near and near[0][0] <= MILITIA_RANGE:
        distance, name, hex_name = near[0]
        reasons.append(f"{name} in {hex_name} is {distance} hexes from Harrisburg ({city}), 15 or fewer")
    if not reasons:
        nearest = f"; the nearest Confederate combat unit, {near[0][1]}, is {near[0][0]} hexes away" if near else ""
        section.add(f"no militia: the Confederates have {vp} net VP (fewer than 5) and no combat unit within 15 "
                    f"hexes of Harrisburg ({city}){nearest}", net_vp=vp, triggered=False,
                    quantity=Quantity("militia units", 0))
        return
    for reason in reasons:
        section.add(reason, net_vp=vp, triggered=True)
    if not before:
        name = keep_value(session, MILITIA, "true")
        section.add(f"the condition is met: written to the game's {name} property (4.2: every turn after too)")
    if harrisburg_controlled is None:
        # 15.1: the Control marker stays when the Union reoccupies the hex (the VP are kept); control
        # for 4.2 is the marker with no Union unit there.
        control = session.army.state_reading(session.charts.option("control_state"))
        harrisburg_controlled = control is not None and city in control.places and \
            not session.army.in_hex(city, "Union")
    if harrisburg_controlled:
        section.add(f"Harrisburg ({city}) is Confederate-controlled: no militia can appear (4.2); no roll",
                    militia_units=0, quantity=Quantity("militia units", 0))
        return
    roll = session.d6("militia")
    r = session.charts.file.lookup("union_militia_table", roll)
    units = _whole(r.result, session.charts.path, "union_militia_table", r.row_roll)
    section.add(f"Union Militia table, d6 {roll}: {units} militia unit(s) placed at Harrisburg ({city})",
                roll=roll, militia_units=units, quantity=Quantity("militia units", units))


def reorganization(session, scenario, names=()):
    army = session.army
    section = session.report.section(f"Union reorganization, turn {session.turn} (15.4)")
    if scenario.number != 2:
        section.add(f"none: reorganization is a rule of scenario 2 only, not scenario {scenario.number}")
        return
    if army.companion.unit_source("disorganized") is None:
        raise ArmyError("the companion file maps no unit attribute 'disorganized' in [units.attributes]: "
                        "15.4 reads and writes it")
    disorganized = sorted((u for u in army.of("Union") if u.state("disorganized")), key=lambda u: u.name)
    if session.turn > REORGANIZE_ALL_TURN or not disorganized:
        section.add("no Union unit is disorganized", reorganized=[])
        return
    if session.turn == REORGANIZE_ALL_TURN:
        for unit in disorganized:
            section.add(f"{unit.name} ({unit.hex}): reorganized (turn 5: all units, no roll)" + _written(army, unit),
                        unit=unit.name, reorganized=True, quantity=Quantity("reorganized", 1, of=unit.name))
        return
    mcclellan = army.leader_of_kind("Union", "department leader")
    if mcclellan is None:
        raise ArmyError("no Union department leader (McClellan) on the map: 15.4 counts from him")
    within = {u.name: u for u in disorganized if army.distance(u.hex, mcclellan.hex) <= REORGANIZE_RANGE}
    if names:
        wrong = [n for n in names if n not in within]
        if wrong:
            raise ValueError(f"units=: {wrong[0]!r} is not a disorganized Union unit within {REORGANIZE_RANGE} hexes "
                             f"of {mcclellan.name} ({mcclellan.hex}); those that are: {', '.join(within) or 'none'}")
        if len(names) > REORGANIZE_UNITS:
            raise ValueError(f"units=: at most {REORGANIZE_UNITS} units try to reorganize each turn (15.4)")
        chosen = [within[n] for n in names]
        section.add(f"the Union player tries {', '.join(names)}", units=list(names))
    else:
        nearest = sorted(within.values(), key=lambda u: (army.distance(u.hex, mcclellan.hex), u.name))
        chosen = nearest[:REORGANIZE_UNITS]
        section.add(f"{len(within)} disorganized unit(s) within {REORGANIZE_RANGE} hexes of {mcclellan.name} "
                    f"({mcclellan.hex}); tried: the {len(chosen)} nearest (units= names the player's choice)",
                    units=[u.name for u in chosen])
    for unit in chosen:
        roll = session.d6(f"reorganize {unit.name}")
        ok = roll in REORGANIZE_ROLLS
        text = f"{unit.name} ({unit.hex}): d6 {roll}: " + ("reorganized" + _written(army, unit) if ok
                                                           else "stays disorganized (1-4 reorganizes)")
        section.add(text, unit=unit.name, roll=roll, reorganized=ok,
                    quantity=Quantity("reorganized", int(ok), of=unit.name))


def _written(army, unit):
    return "" if army.write(unit, "disorganized", "false") else " (turn it face up: not writable in this module)"


def hooker_dissatisfaction(session, scenario, box=None, vp=0, union_major_victories=0, hooker_name="Hooker",
                           meade="Meade", sykes="Sykes"):
    army = session.army
    section = session.report.section(f"Hooker dissatisfaction, turn {session.turn} (15.6)")
    if scenario.number != 3:
        section.add(f"none: Hooker's dissatisfaction is a rule of scenario 3 only, not scenario {scenario.number}")
        return
    leader = army.named("Union", hooker_name)
    if leader is None:
        section.add(f"{hooker_name} is not on the map: Meade commands already, no roll", replaced=True)
        return
    floor = int(session.charts.option("hooker_box_floor"))
    before = int(kept_value(session, HOOKER_BOX, box, "box"))
    after = max(floor, before + vp - 2 * union_major_victories)
    if after != before:
        name = keep_value(session, HOOKER_BOX, after)
        section.add(f"the marker moves from box {before} to {after}: +{vp} for Confederate VP scored, "
                    f"-2 x {union_major_victories} for Union major victories (box {floor} the lowest, option "
                    f"hooker_box_floor); written to the game's {name} property", box=after)
    if session.turn < HOOKER_FROM:
        section.add(f"no roll before turn {HOOKER_FROM}; the marker is in box {after}", box=after, replaced=False,
                    quantity=Quantity("Hooker replaced", 0))
        return
    roll = session.d6("Hooker dissatisfaction")
    total = roll + after
    if total < HOOKER_REPLACED_AT:
        section.add(f"d6 {roll} + box {after} = {total}: Hooker keeps his command (6 or more replaces him)",
                    roll=roll, box=after, replaced=False, quantity=Quantity("Hooker replaced", 0))
        return
    where = army.named("Union", meade)
    hex_text = f" in {where.hex}" if where is not None else " (not on the map: give meade=NAME)"
    section.add(f"d6 {roll} + box {after} = {total}: Lincoln replaces Hooker. The Union player: 1. removes the "
                f"{hooker_name} department leader counter; 2. removes the {meade} leader counter{hex_text} and puts "
                f"the {sykes} counter in its place, Sykes taking over Meade's current strength; 3. places the Meade "
                f"department leader counter where Meade was", roll=roll, box=after, replaced=True,
                hex=where.hex if where is not None else None, quantity=Quantity("Hooker replaced", 1))


def variable_entry(session, scenario, names):
    army = session.army
    section = session.report.section(f"Variable entry, turn {session.turn} (15.6)")
    if scenario.number != 3:
        section.add(f"none: variable entry is a rule of scenario 3 only, not scenario {scenario.number}")
        return
    if session.turn < VARIABLE_ENTRY_FROM:
        section.add(f"no roll before turn {VARIABLE_ENTRY_FROM}")
        return
    needed = variable_entry_roll(session.charts, session.turn)
    for name in names:
        unit = army.named("Confederate", name)
        if unit is not None:
            section.add(f"{name}: on the map in {unit.hex}, entered already", unit=name, entered=True)
            continue
        roll = session.d6(f"entry {name}")
        enters = roll <= needed
        section.add(f"{name}: d6 {roll}: " + (f"may enter at {ENTRY_HEXES} this turn" if enters else
                                              "does not enter; rolls again next turn") + f" (1-{needed} enters)",
                    unit=name, roll=roll, needed=needed, enters=enters,
                    quantity=Quantity("enters", int(enters), of=name))


def variable_entry_roll(charts, turn):
    """15.6's table: the highest roll that enters on `turn` (the row of the latest first turn not after it)."""
    rows = {int(k): v for k, v in charts.file.section("variable_entry").items()}
    first = max((t for t in rows if t <= turn), default=None)
    if first is None:
        raise ValueError(f"{charts.path}: [variable_entry] has no row for turn {turn}")
    return _whole(rows[first], charts.path, "variable_entry", first)
