"""Who may attack by Close Combat and at what cost (7.0, 7.2a, 7.2b): pure checks over the attacking
stack and the facts of its move (found by the movement and command layers), each refusal with its
clause."""
from dataclasses import dataclass

SMALL_ARMS = ("infantry", "cavalry")
COMBAT = ("infantry", "cavalry", "artillery")


@dataclass(frozen=True)
class CcUnit:
    """One unit in a Close Combat, in the vocabulary of the companion file's [units]."""
    name: str
    side: str
    type: str                  # infantry | cavalry | artillery | leader | hq | wagon | train
    sp: int = 0                # current SP (a battery's guns)
    state: str = "normal"      # normal | sh | dg | r | bl
    formation: str = "line"    # line | column | mounted | limbered | unlimbered
    ammo: str = "normal"       # normal | low | none
    wrecked: bool = False
    weapon: str = ""
    morale: str = ""
    corps: str = ""

    @property
    def is_combat(self):
        return self.type in COMBAT


@dataclass(frozen=True)
class CcMove:
    """The facts of the attackers' move into the target hex."""
    target_cost: float              # MP of the target hex's terrain and any hexside crossed (the TEM)
    mp_left: float                  # MP the attackers have left before entering
    started_together: bool = True   # the attacking combat units started the Movement Phase stacked together
    ezoc_hexes: int = 0             # EZOC hexes entered on the way, the target hex not counted
    ezoc_to_ezoc: bool = False      # moved directly from one EZOC hex into another before the target
    command_radius: bool = True     # the command radius reaches into the target hex (9.3, traced as 7.2b says)
    source: str = ""                # the hex they enter from
    apart: tuple = ()               # (name, hex): attackers standing elsewhere than `source`


@dataclass(frozen=True)
class Finding:
    subject: str                    # a unit's name, or "attack" for the whole stack
    clause: str
    text: str


@dataclass(frozen=True)
class CcEntry:
    allowed: bool
    mp: float                       # what entering the target hex costs (7.0 procedure 1)
    attackers: tuple                # the units that may attack
    refusals: tuple                 # Findings: why a unit, or the attack, may not
    notes: tuple                    # Findings that do not forbid (units that attack but cannot fire)


def entry_cost(target_cost, charts):
    """7.0: the target hex's terrain and hexside cost plus one MP."""
    return target_cost + int(charts.rule("close_combat", "entry_mp"))


def check_entry(units, move, charts):
    """7.0, 7.2a, 7.2b: may this stack (top first) attack by Close Combat after this move?"""
    refusals, notes, allowed = [], [], []
    states = [str(s).lower() for s in charts.rule("close_combat", "attacker_states")]
    fighters = [u for u in units if u.type in SMALL_ARMS and not _refusal(u, states, ())]
    for u in units:
        why = _refusal(u, states, fighters)
        if why:
            refusals.append(Finding(u.name, *why))
            continue
        allowed.append(u)
        if u.type in SMALL_ARMS and u.formation != "line":
            notes.append(Finding(u.name, "7.2a", f"attacks in {u.formation} formation and cannot fire"))
    if not any(u.type in SMALL_ARMS for u in allowed):
        refusals.append(Finding("attack", "7.2a", "no infantry or cavalry unit may attack"))
    mp = entry_cost(move.target_cost, charts)
    if move.mp_left < mp:
        refusals.append(Finding("attack", "7.0, 3.0c", f"entering costs {mp:g} MP (terrain {move.target_cost:g} + "
                                                       f"{mp - move.target_cost:g}), only {move.mp_left:g} left; "
                                                       f"the one-hex move never makes a Close Combat"))
    if not move.started_together:
        where = "; ".join(f"{name} stands in {hex_name}, not in {move.source}" for name, hex_name in move.apart)
        refusals.append(Finding("attack", "7.0", "units attacking together must start the Movement Phase stacked "
                                                 "together" + (f": {where}" if where else "")))
    most = int(charts.rule("close_combat", "ezoc_hexes"))
    if move.ezoc_hexes > most:
        refusals.append(Finding("attack", "7.0", f"entered {move.ezoc_hexes} EZOC hexes before the target; "
                                                 f"attackers may ignore {most}"))
    if move.ezoc_to_ezoc:
        refusals.append(Finding("attack", "7.0", "moved directly from one EZOC hex to another before the target"))
    if not move.command_radius:
        refusals.append(Finding("attack", "7.2b", "the command radius does not reach into the target hex"))
    return CcEntry(not refusals, mp, tuple(allowed), tuple(refusals), tuple(notes))


def _refusal(u, states, fighters):
    """(clause, why) this unit may not attack, or None."""
    if u.type == "leader":
        if not fighters:
            return "7.2a", "a leader attacks only stacked with infantry or cavalry that may attack"
        return None
    if u.type == "artillery":
        return "7.2a", "artillery may never attack by Close Combat"
    if u.type not in SMALL_ARMS:
        return "7.2a", f"a {u.type} may not attack: only infantry, cavalry and leaders stacked with them"
    if u.wrecked:
        return "7.2a", "a wrecked unit may never attack by Close Combat"
    if u.state not in states:
        return "7.2a", f"in morale state {u.state.upper()}: attackers must be {' or '.join(s.upper() for s in states)}"
    return None
