"""Victuals (rulebook 8 Supply): each unit's victual count through the turn's supply phases, and
the repair of damaged rail stations. The map is not read here: whether a unit is "in supply" as
per the SJW or HCTR rules is an input."""
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Unit:
    name: str
    side: str                    # Union, Confederate
    victuals: int
    fatigue: int
    in_supply: bool              # "in supply" as per the SJW or HCTR rules
    supplied: bool = True        # the counter's side: False when flipped to its unsupplied side
    disorganized: bool = False
    manpower: int | None = None  # None when the caller does not track it here


@dataclass(frozen=True)
class Change:
    unit: str
    attribute: str               # victuals, supplied, disorganized, manpower
    before: object
    after: object
    clause: str


@dataclass(frozen=True)
class Phase:
    """One phase over a list of units: the units as they end it, and every change with its clause."""
    units: tuple
    changes: tuple

    def unit(self, name):
        for u in self.units:
            if u.name == name:
                return u
        raise KeyError(f"no unit {name!r} in this phase")


def cap(charts):
    return int(charts.rule("victuals", "cap"))


def full_victuals(charts, name):
    """Rulebook 8: every unit is fully victualled at the start of the game and when it comes on the board."""
    full = cap(charts)
    return full, f"rulebook 8: {name} is fully victualled ({full}) at the start of the game or on entry"


def check_victuals(charts, unit):
    """The unit's victuals lie between 0 and the cap (rulebook 8: at most five)."""
    if not 0 <= unit.victuals <= cap(charts):
        raise ValueError(f"{unit.name}: {unit.victuals} victuals (rulebook 8: 0 to {cap(charts)})")


def supply_status(charts, units, supplied_by_levy=()):
    """Rulebook 8 supply status phase: a unit not "in supply" or above fatigue 0 expends one victual;
    then a unit with no victuals flips to its unsupplied side and a flipped unit with victuals flips
    back. `supplied_by_levy`: units a levy puts in supply at this check (Optional III; levy.py)."""
    spend = int(charts.rule("victuals", "status_spend"))
    levied = set(supplied_by_levy)
    out, changes = [], []
    for u in units:
        check_victuals(charts, u)
        in_supply = u.in_supply or u.name in levied
        victuals = u.victuals
        if not in_supply or u.fatigue > 0:
            why = "not in supply" if not in_supply else f"fatigue {u.fatigue}"
            victuals = max(0, u.victuals - spend)
            changes.append(Change(u.name, "victuals", u.victuals, victuals,
                                  f"rulebook 8 supply status phase: {why}: expends {spend} victual"
                                  + ("" if victuals < u.victuals else " (it has none left)")))
        elif u.name in levied and not u.in_supply:
            changes.append(Change(u.name, "victuals", u.victuals, victuals,
                                  "Optional III levies: in supply by a levy at this check: no victual spent"))
        supplied = u.supplied
        if victuals == 0 and u.supplied:
            supplied = False
            changes.append(Change(u.name, "supplied", True, False,
                                  "rulebook 8 supply status phase: no victuals remaining: flipped, out of supply"))
        elif victuals > 0 and not u.supplied:
            supplied = True
            changes.append(Change(u.name, "supplied", False, True,
                                  f"rulebook 8 supply status phase: {victuals} victuals remaining: "
                                  "flipped back to its supplied side"))
        out.append(replace(u, victuals=victuals, supplied=supplied))
    return Phase(tuple(out), tuple(changes))


def supply_effects(charts, units):
    """Rulebook 8 supply effects phase: a unit on its unsupplied side becomes disorganized; one
    already disorganized loses one MP; whatever victuals it obtained in the action cycle."""
    loss = int(charts.rule("victuals", "effects_manpower_loss"))
    out, changes = [], []
    for u in units:
        if u.supplied:
            out.append(u)
            continue
        regardless = " (regardless of victuals obtained during the action cycle)" if u.victuals else ""
        if not u.disorganized:
            changes.append(Change(u.name, "disorganized", False, True,
                                  "rulebook 8 supply effects phase: on its unsupplied side: disorganized" + regardless))
            out.append(replace(u, disorganized=True))
        else:
            after = None if u.manpower is None else u.manpower - loss
            changes.append(Change(u.name, "manpower", u.manpower, after,
                                  f"rulebook 8 supply effects phase: on its unsupplied side and already "
                                  f"disorganized: loses {loss} MP" + regardless))
            out.append(replace(u, manpower=after))
    return Phase(tuple(out), tuple(changes))


def recovery(charts, units):
    """Rulebook 8 recovery phase: a unit "in supply" and at fatigue 0 receives two victuals, up to the cap."""
    gain, most = int(charts.rule("victuals", "recovery_gain")), cap(charts)
    out, changes = [], []
    for u in units:
        check_victuals(charts, u)
        if not (u.in_supply and u.fatigue == 0):
            out.append(u)
            continue
        after = min(most, u.victuals + gain)
        capped = f" (capped at {most})" if after < u.victuals + gain else ""
        changes.append(Change(u.name, "victuals", u.victuals, after,
                              f"rulebook 8 recovery phase: in supply at fatigue 0: receives {gain} victuals{capped}"))
        out.append(replace(u, victuals=after))
    return Phase(tuple(out), tuple(changes))


@dataclass(frozen=True)
class Repair:
    station: str
    roll: int
    repaired: bool
    clause: str


def repair_stations(charts, damaged, roll):
    """Rulebook 8 supply line repair phase, every turn: one die per damaged rail station; it is
    repaired on the chart's roll (1)."""
    needed = int(charts.rule("victuals", "station_repair_roll"))
    out = []
    for station in damaged:
        die = roll("d6", f"repair rail station {station}")
        repaired = die == needed
        out.append(Repair(station, die, repaired,
                          f"rulebook 8 supply line repair phase: {die}: " +
                          ("the station is repaired" if repaired else f"not {needed}: it stays damaged")))
    return tuple(out)
