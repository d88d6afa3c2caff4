"""Leaders (9.1): when they check on the Leader Loss Table, what the check does, and who is
promoted into the vacancy a lost leader leaves, down to the generic Repl leader of a brigade."""
from dataclasses import dataclass

from adjutant.procedures.charts import ChartError

LEVELS = ("army", "corps", "division", "brigade")
LOSS_RESULTS = ("Killed", "Wounded", "Unhurt")


@dataclass(frozen=True)
class LossChecks:
    leaders: tuple     # the leaders who check, in the order given
    why: str
    entered: bool = False  # enemy entered a hex without friendly combat units: survivors move away


def leader_loss_checks(leaders, fire_result=None, entered_by_enemy=False, friendly_combat_units=0):
    """9.1 Leader Loss: who in a hex checks. Fired on: each leader, when the result is 1 or more
    casualties (never on M or M+2). Enemy combat units entering the hex: each leader, when no
    friendly combat unit is there. `fire_result`: the Fire Combat result ("M", "M+2", or casualties)."""
    leaders = tuple(leaders)
    if entered_by_enemy:
        if friendly_combat_units:
            return LossChecks((), "enemy entered the hex, but friendly combat units are there (9.1)")
        return LossChecks(leaders, "enemy combat units entered a hex without friendly combat units (9.1)", True)
    if fire_result is None:
        return LossChecks((), "no fire and no enemy entry (9.1)")
    if str(fire_result).strip() in ("M", "M+2"):
        return LossChecks((), f"no Leader Loss on a result of {fire_result} (9.1)")
    try:
        casualties = int(fire_result)
    except ValueError:
        raise ValueError(f"{fire_result!r} is not a Fire Combat result (M, M+2, or casualties)") from None
    if casualties < 1:
        return LossChecks((), "the fire caused no casualties (9.1)")
    return LossChecks(leaders, f"the hex was fired on with {casualties} casualt{'y' if casualties == 1 else 'ies'} (9.1)")


@dataclass(frozen=True)
class LeaderLoss:
    leader: str
    roll: int
    result: str        # Killed, Wounded, Unhurt
    removed: bool
    displaced: bool    # placed in any hex with a unit of his command (after an enemy entry)
    clause: str = "9.1"

    @property
    def text(self):
        if self.removed:
            end = "removed from play"
        elif self.displaced:
            end = "placed in any hex containing a unit of his command"
        else:
            end = "stays"
        return f"{self.leader}: Leader Loss 2d6 {self.roll}: {self.result}: {end} ({self.clause})"


def leader_loss(leader, checks, roll, charts):
    """9.1: two dice on the Leader Loss Table; Wounded or Killed removes the leader, any other
    result after an enemy entry places him in a hex with a unit of his command."""
    dice = roll("2d6", f"{leader} leader loss")
    cell = str(charts.file.lookup("leader_loss_table", dice).result).strip()
    if cell not in LOSS_RESULTS:
        raise ChartError(f"{charts.path}: [leader_loss_table] row {dice}: {cell!r} is not one of "
                         f"{', '.join(LOSS_RESULTS)}")
    removed = cell in ("Killed", "Wounded")
    return LeaderLoss(leader, dice, cell, removed, checks.entered and not removed)


def command_eliminated(leaders, combat_units_left):
    """9.1: when every combat unit of a command is eliminated, its leaders are removed (they return
    with the first unit Straggler Recovery brings back). The leaders removed."""
    return tuple(leaders) if combat_units_left == 0 else ()


@dataclass(frozen=True)
class Leader:
    """A leader of the chain of command: his level, the command he leads and the command above it
    (None for the Army Commander), and whether he is on the map."""
    name: str
    level: str
    command: str
    parent: str = None
    on_map: bool = True

    def __post_init__(self):
        if self.level not in LEVELS:
            raise ValueError(f"{self.name}: level {self.level!r} is not one of {', '.join(LEVELS)}")


@dataclass(frozen=True)
class Promotion:
    leader: str        # who fills the vacancy ("Repl" at brigade level; None: nobody on the map can)
    command: str       # the command he now leads
    level: str
    replaces: str
    temporary: bool = False   # a more senior leader is not on the map yet (9.1)
    placed: str = None        # where a Repl goes
    clause: str = "9.1a"

    @property
    def text(self):
        if self.leader is None:
            return f"{self.command}: no leader on the map to promote in place of {self.replaces} ({self.clause})"
        if self.leader == "Repl":
            return f"{self.command}: a Repl leader replaces {self.replaces}, {self.placed} ({self.clause})"
        temp = " (temporarily: the senior leader is not on the map)" if self.temporary else ""
        return f"{self.leader} is promoted to lead {self.command} in place of {self.replaces}{temp} ({self.clause})"


def promotions(lost, leaders, seniority):
    """9.1 Promotion, 9.1a: the vacancy `lost` leaves is filled by the senior on-map leader of the
    next level down in that command (the Army's by the senior corps leader), whose own vacancy is
    filled the same way, down to the brigade, where a Repl leader takes over: in the promoted
    brigade leader's hex, or, for a brigade leader killed or wounded, the flipped counter goes to any
    hex with a combat unit of his brigade. `seniority`: leader names, most senior first (game rules).
    The Promotions in order; every command in them has lost its original leader (10.3a)."""
    rank = {name: i for i, name in enumerate(seniority)}
    out, promoted = [], set()
    level, command, gone, moved = lost.level, lost.command, lost.name, False
    while True:
        if level == "brigade":
            placed = (f"in {gone}'s hex" if moved else
                      f"the counter flipped to its Repl side, in any hex with a combat unit of {command}")
            out.append(Promotion("Repl", command, level, gone, placed=placed))
            return out
        below = LEVELS[LEVELS.index(level) + 1]
        eligible = [l for l in leaders if l.level == below and l.name != lost.name and l.name not in promoted
                    and (level == "army" or l.parent == command)]
        unlisted = [l.name for l in eligible if l.name not in rank]
        if unlisted:
            raise ValueError(f"the seniority list does not rank {unlisted[0]} (9.1: seniority is in the game rules)")
        on_map = sorted((l for l in eligible if l.on_map), key=lambda l: rank[l.name])
        if not on_map:
            out.append(Promotion(None, command, level, gone))
            return out
        chosen = on_map[0]
        temporary = any(rank[l.name] < rank[chosen.name] for l in eligible if not l.on_map)
        out.append(Promotion(chosen.name, command, level, gone, temporary))
        promoted.add(chosen.name)
        level, command, gone, moved = chosen.level, chosen.command, chosen.name, True
