"""The Stoppage Check (10.3): a command with an Accepted Complex order that took Small Arms fire
since its last Command Phase rolls against the minimum its wrecked and total units and its leader's
rating give; below it, the command stops, falls back out of small arms range and loses its orders."""
from dataclasses import dataclass


@dataclass(frozen=True)
class CommandUnderFire:
    """A command at its Command Phase. `units`, `wrecked`: 10.3b, the divisions of a corps, the
    brigades of a division, the regiments of a brigade, Attached ones counted, Detached ones not.
    `leader_rating`: the current leader's (a brigade leader's command value, 9.1). `night`: the
    check is on a Night turn or the fire was taken during one (10.3a)."""
    command: str
    leader_rating: int
    units: int
    wrecked: int
    order: str = None              # the Accepted order's type: "complex", "simple" or None
    small_arms_fire: bool = False  # fired on by Small Arms (not artillery alone) since its last Command Phase
    original_leader_lost: bool = False
    night: bool = False


@dataclass(frozen=True)
class StoppageCheck:
    command: str
    required: bool
    why: str
    wrecked: int = 0               # counted, +1 for a lost original leader
    column: int = None
    minimum: int = None
    roll: int = None
    modifier: int = 0
    total: int = None
    stopped: bool = False
    retreat_hexes: int = None      # stopped: every unit moves back out of small arms range
    clause: str = "10.3"

    @property
    def text(self):
        if not self.required:
            return f"{self.command}: no Stoppage Check: {self.why}"
        mod = f" {self.modifier:+d} (night, 10.3a)" if self.modifier else ""
        end = (f"Stoppage: every unit moves back {self.retreat_hexes} hexes out of small arms range and all "
               "its orders are cancelled" if self.stopped else "passed")
        return (f"{self.command}: Stoppage Check, {self.wrecked} wrecked, column {self.column}, minimum "
                f"{self.minimum}; roll {self.roll}{mod} = {self.total}: {end} ({self.clause})")


def stoppage_required(command):
    """10.3: only a command with a currently Accepted Complex order that has been fired on by Small
    Arms since the owner's last Command Phase checks. (required, why)."""
    if command.order != "complex":
        return False, "it has no Accepted Complex order (10.3)"
    if not command.small_arms_fire:
        return False, "it took no Small Arms fire since its last Command Phase (10.3)"
    return True, "an Accepted Complex order and Small Arms fire taken (10.3)"


def stoppage_check(command, roll, charts):
    """10.3 Procedure: the Stoppage Table's column by wrecked units (10.3a: +1 when the original
    leader is lost) and units in the command, the minimum roll by that column and the leader's
    rating; the roll (-3 at night, 10.3a) below the minimum is Stoppage."""
    required, why = stoppage_required(command)
    if not required:
        return StoppageCheck(command.command, False, why)
    if command.units < 1 or not 0 <= command.wrecked <= command.units:
        raise ValueError(f"{command.command}: {command.wrecked} wrecked of {command.units} units (10.3b)")
    wrecked = command.wrecked + (int(charts.rule("stoppage", "leader_lost_wrecked")) if command.original_leader_lost else 0)
    column = int(charts.file.lookup("stoppage_columns", wrecked, value=command.units).result)
    minimum = int(charts.file.lookup("stoppage_table", command.leader_rating, value=column).result)
    dice = roll(str(charts.rule("stoppage", "dice")), f"{command.command} stoppage check")
    modifier = int(charts.rule("stoppage", "night_modifier")) if command.night else 0
    total = dice + modifier
    stopped = total < minimum
    return StoppageCheck(command.command, True, why, wrecked, column, minimum, dice, modifier, total, stopped,
                         int(charts.rule("stoppage", "retreat_hexes")) if stopped else None,
                         "10.3, 10.3a" if modifier or wrecked != command.wrecked else "10.3")
