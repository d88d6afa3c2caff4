"""The exact chance of each outcome of a roll before it is made (`r2a.odds`): a Union corps'
reorganization (2), a corps' paralysis roll (3), a rail attempt (4), a forage march (8), with the
inputs read from the save as those procedures read them. Nothing is rolled or written."""
from adjutant.plugin import Parameter

from . import forage, paralysis, rail, reorganization
from .army import ArmyError
from .dates import show_date
from .session import parse_date, start
from .takeover import takeover_turn

KINDS = ("reorganization", "paralysis", "rail", "forage")


def percent(chance):
    return f"{chance} ({float(chance):.0%})"


def modifiers(odds):
    """The roll's modifiers, each with its clause."""
    return " ".join(m.text for m in odds.modifiers) + f" ({odds.clause})"


# ---- readers: what each roll takes from the save ----

def corps_leaders(army, side, corps=""):
    """The side's corps leaders, or the one of `corps` (a corps or its leader's name)."""
    leaders = army.corps_leaders(side)
    if not corps:
        return leaders
    found = [c for c in leaders if corps in (c.corps, c.name)]
    if not found:
        raise ArmyError(f"corps={corps}: no {side} corps or corps leader of that name on the map (the corps are "
                        f"{', '.join(c.corps for c in leaders) or 'none'})")
    return found


def reorganizing_corps(army, leader, mcclellan):
    """reorganization.Corps of a Union corps leader: his corps' divisions as the save shows them."""
    divisions = tuple(reorganization.Division(d.name, d.demoralized, d.disorganized, d.supplied)
                      for d in army.divisions_of(leader.corps))
    return reorganization.Corps(leader.corps, leader.name, leader.initiative, divisions,
                                bool(mcclellan and mcclellan.hex == leader.hex), leader.reorganized)


def commander_distance(army, leader, commander):
    """(hexes to the army commander or None, why): None when he is off the map or on another board
    (the demo's boards are apart: the distance between them means nothing)."""
    if commander is None or not commander.hex:
        return None, "the army commander is not on the map"
    if commander.hex[:1] != leader.hex[:1]:
        return None, f"{commander.name} ({commander.hex}) is on another board than {leader.name} ({leader.hex})"
    hexes = army.distance(leader.hex, commander.hex)
    return hexes, f"{hexes} hex{'' if hexes == 1 else 'es'} from {commander.name} ({commander.hex})"


def rail_unit(unit):
    return rail.RailUnit(unit.name, unit.side, unit.type, unit.size, unit.fatigue, unit.rail_last_turn)


def forager(army, unit):
    """forage.Forager of a unit where it stands: its hex's state and forage region's `forage`."""
    region = army.forage_region(unit.hex)
    value = region.values.get("forage") if region else None
    state = army.state_of(unit.hex)
    if state is None:
        raise ArmyError(f"{unit.name} ({unit.hex}) is in no state: the forage rules give the District no value")
    if unit.victuals is None:
        raise ArmyError(f"unit {unit.name!r} has no victuals (map victuals in the companion file's [units])")
    return forage.Forager(unit.name, unit.side, unit.victuals, unit.fatigue, state,
                          None if value in (None, "") else int(value))


def schedule_bonus(session):
    """(bonus, turn or None, why): the takeover schedule's reorganization bonus on the save's date."""
    army = session.army
    taken = army.global_value("takeover_date")
    if not taken:
        raise ArmyError("McClellan has not taken command (no takeover date): no reorganization roll before his "
                        "takeover (rule 2); give bonus=N for the odds of a roll anyway")
    if session.date is None:
        raise ArmyError("the save has no date ([globals] date): give bonus=N")
    took = parse_date(taken, f"global property {army.companion.globals.get('takeover_date')!r}")
    panic = army.global_value("panic_date")
    had_panic = bool(panic) and parse_date(panic, "the Panic date") <= took
    turn = takeover_turn(session.charts, session.date, took, had_panic)
    return turn.roll_bonus, turn, "; ".join(turn.lines)


# ---- the odds of each kind ----

def reorganization_odds(session, corps="", mcclellan="", bonus=None):
    army, charts = session.army, session.charts
    section = session.report.section("Union corps reorganization before rolling (2)")
    turn = None
    if bonus is None:
        bonus, turn, why = schedule_bonus(session)
        section.add(why)
    else:
        section.add(f"the reorganization roll's bonus: {bonus:+d} (parameter bonus=)")
    if turn is not None and turn.all_reorganized:
        section.add(f"every corps not already reorganized reorganizes: chance 1 ({turn.clause})", chance=1)
        return
    if turn is not None and not turn.reorganization_roll:
        section.add(f"no reorganization roll on {show_date(session.date)} ({turn.clause})", chance=None)
        return
    leader = army.army_commander("Union")
    mac = leader if leader is not None and leader.name == "McClellan" else None
    units = [reorganizing_corps(army, c, mac) for c in corps_leaders(army, "Union", corps)]
    stacked = [c.name for c in units if c.with_mcclellan and not c.reorganized]
    if mcclellan:
        plus = corps_leaders(army, "Union", mcclellan)[0].corps
    elif len(stacked) > 1:
        raise ArmyError(f"McClellan's +2 goes to one corps a turn (rule 2): give mcclellan= one of "
                        f"{', '.join(stacked)}")
    else:
        plus = stacked[0] if stacked else ""
    for c in units:
        if c.reorganized:
            section.add(f"{c.name}: reorganized on an earlier turn: no roll (2)", corps=c.name, chance=1)
            continue
        odds = reorganization.reorganization_odds(charts, c, bonus, mcclellan=c.name == plus)
        section.add(f"{c.name} ({c.commander}): reorganized {percent(odds.chance)}, not {percent(1 - odds.chance)}: "
                    f"d6 {modifiers(odds)}", corps=c.name, chance=str(odds.chance))


def paralysis_odds(session, side, corps=""):
    army, charts = session.army, session.charts
    section = session.report.section(f"{side} corps paralysis rolls before rolling (3)")
    commander = army.army_commander(side)
    radius = commander.command_radius if commander is not None else None
    if commander is not None:
        section.add(f"army commander {commander.name} ({commander.hex}), command radius {radius}")
    for leader in corps_leaders(army, side, corps):
        hexes, where = commander_distance(army, leader, commander)
        odds = paralysis.paralysis_odds(charts, paralysis.CorpsLeader(leader.corps, leader.name, leader.initiative,
                                                                      hexes), radius or 0)
        section.add(f"{leader.corps} ({leader.name}, {where}): exempt {percent(odds.chance)}, subject to paralysis "
                    f"{percent(1 - odds.chance)}: d6 {modifiers(odds)}", corps=leader.corps, hexes=hexes,
                    chance=str(odds.chance))


def rail_odds(session, name):
    unit = session.army.named(name)
    if not (unit.side == "Union" and unit.type == "infantry"):
        raise ArmyError(f"{unit.name} is a {unit.side} {unit.type or 'unit'}: only Union infantry moves by rail (4)")
    section = session.report.section(f"{unit.name}'s rail attempt before rolling (4)")
    moves = rail.rail_odds(session.charts, rail_unit(unit))
    modifier, why = rail.repeat_modifier(session.charts, rail_unit(unit))
    section.add(f"{unit.name} at {unit.hex}: the attempt costs +1 fatigue whatever the roll (4)")
    section.add(f"moves {percent(moves)}, no move {percent(1 - moves)}: d6 {modifier:+d} on the rail table"
                + (f" ({why})" if why else " (it did not move by rail last turn)"), unit=unit.name,
                chance=str(moves))


def forage_odds(session, name, harpers_ferry=False, modifier=0):
    army, charts = session.army, session.charts
    unit = army.named(name)
    f = forager(army, unit)
    value, clause = forage.forage_value(charts, f.side, f.state, f.forage)
    modifiers = forage.forage_modifiers(charts, f.side, f.state, harpers_ferry, modifier)
    section = session.report.section(f"{unit.name}'s forage march before rolling (8)")
    shown = "".join(f" {d:+d} ({label})" for label, d in modifiers)
    section.add(f"{unit.name} at {unit.hex} ({f.state}), {f.victuals} victuals, fatigue {f.fatigue}: {clause}; "
                f"d6{shown} on the forage table")
    for got, chance in forage.forage_odds(charts, f, value, modifiers).items():
        section.add(f"{got} victuals received: {percent(chance)}", victuals=got, chance=str(chance),
                    quantity="victuals")


def register(plugin):
    @plugin.procedure("odds", "2, 3, 4, 8: the exact chance of each outcome before rolling: a Union corps' "
                              "reorganization, a corps' paralysis roll, a unit's rail attempt, a unit's forage "
                              "march, with the inputs read from the save. Nothing is rolled or written.",
                      Parameter("kind", str, "reorganization, paralysis, rail or forage", choices=KINDS),
                      Parameter("side", str, "paralysis: the side whose corps roll (Union or Confederate)", "Union"),
                      Parameter("corps", str, "reorganization, paralysis: one corps (or its leader); default every "
                                              "corps of the side", ""),
                      Parameter("mcclellan", str, "reorganization: the corps whose leader uses McClellan's +2 "
                                                  "(default the one corps in his hex)", ""),
                      Parameter("bonus", int, "reorganization: the roll's bonus (default the takeover schedule's on "
                                              "the save's date)", None),
                      Parameter("unit", str, "rail, forage: the unit", ""),
                      Parameter("harpers_ferry", bool, "forage: the Union controls Harper's Ferry (Optional III)",
                                False),
                      Parameter("modifier", int, "forage: the base game's die modifier", 0),
                      example="r2a-rail.vsav kind=rail \"unit=Couch's Division\"")
    def odds_procedure(context, kind, side="Union", corps="", mcclellan="", bonus=None, unit="", harpers_ferry=False,
                       modifier=0):
        if kind in ("rail", "forage") and not unit:
            raise ArmyError(f"kind={kind} needs unit=NAME")
        session = start(context, f"Odds of the {kind} roll before rolling (R2A)",
                        side=side if kind == "paralysis" else None)
        if kind == "reorganization":
            reorganization_odds(session, corps, mcclellan, bonus)
        elif kind == "paralysis":
            paralysis_odds(session, side, corps)
        elif kind == "rail":
            rail_odds(session, unit)
        else:
            forage_odds(session, unit, harpers_ferry, modifier)
        return session.finish()
