"""Emergency Retreat (10.4, 9.2c): when a command must retreat, how far its HQ goes, and the
straggler checks its infantry and cavalry make afterwards (+1 when forced). The HQ's path and the
other units' moves are the engine's; this says what the rules require of them."""
from dataclasses import dataclass

FORCING_EVENTS = {
    "alone with enemy": (True, "the HQ is caught alone in a hex with enemy units (10.4)"),
    "displaced": (True, "the HQ was forced to displace (9.2c)"),
    "retreat small arms": (True, "the HQ retreated from Fire Combat involving Small Arms (9.2c, 10.4)"),
    "retreat close combat": (True, "the HQ retreated from Close Combat (9.2c, 10.4)"),
    "retreat artillery": (False, "the HQ retreated from artillery fire alone: no Forced Emergency Retreat (10.4)"),
}


VOLUNTARY = "voluntary"
EVENTS = (VOLUNTARY,) + tuple(FORCING_EVENTS)


def forced(event):
    """9.2c, 10.4: does this event force the command to Emergency Retreat in its next Movement
    Phase? (forced, why)."""
    if event not in FORCING_EVENTS:
        raise ValueError(f"{event!r} is not an HQ event ({', '.join(FORCING_EVENTS)})")
    return FORCING_EVENTS[event]


def retreat_for(event):
    """The Emergency Retreat an `event` calls for: (forced, why). `voluntary`: the owner declares
    one (10.4); an HQ event that forces one; ValueError for an event that forces none (artillery
    fire alone: there is nothing to carry out unless the owner declares one) or an unknown one."""
    if event == VOLUNTARY:
        return False, ("declared by its owner: only when the command is under threat of being surrounded or destroyed "
                       "(10.4)")
    if event not in FORCING_EVENTS:
        raise ValueError(f"event={event!r} is none of {', '.join(EVENTS)} (10.4, 9.2c)")
    is_forced, why = forced(event)
    if not is_forced:
        raise ValueError(f"event={event!r}: an HQ retreating from artillery fire alone forces no Emergency Retreat "
                         "(10.4), so no Emergency Retreat is required; if the owner declares one (the command under "
                         "threat of being surrounded or destroyed), run it with event=voluntary")
    return True, why


@dataclass(frozen=True)
class RetreatingUnit:
    name: str
    type: str          # infantry, cavalry, artillery, leader, hq, wagon, train


@dataclass(frozen=True)
class EmergencyRetreat:
    command: str
    forced: bool
    hq_mp: int                 # the HQ moves this far away from enemy units first
    checks: tuple              # (unit, Straggler Table, modifier, what the check gave)
    orders_cancelled: bool = True
    clause: str = "10.4"
    hq: str = "the HQ"         # the command's HQ, named

    @property
    def text(self):
        kind = "Forced" if self.forced else "Voluntary"
        return (f"{self.command}: {kind} Emergency Retreat: {self.hq} moves {self.hq_mp} MP away from enemy units, "
                f"the other units keep Command Radius outside enemy Small Arms range; {len(self.checks)} straggler "
                f"checks; all orders cancelled ({self.clause})")


def emergency_retreat(command, units, is_forced, straggler_check, charts, hq="the HQ"):
    """10.4 Procedure, after the movement: each infantry and cavalry unit of the command checks on
    Straggler Table 1, +1 after a Forced ER; every order of the command (Accepted or in Delay) is
    cancelled. `units`: the command's units (for the Army HQ, 10.4a, only those assigned directly
    to it). `straggler_check(unit_name, table, modifier)` makes one check and returns what it gave."""
    table = int(charts.rule("emergency_retreat", "straggler_table"))
    modifier = int(charts.rule("emergency_retreat", "forced_modifier")) if is_forced else 0
    checks = tuple((u.name, table, modifier, straggler_check(u.name, table, modifier))
                   for u in units if u.type in ("infantry", "cavalry"))
    return EmergencyRetreat(command, bool(is_forced), int(charts.rule("emergency_retreat", "hq_mp")), checks,
                            hq=hq)
