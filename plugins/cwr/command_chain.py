"""The chain of command of a save as the command procedures read it: a command by its name (a
brigade, a division or a corps, as the units' brigade, division and corps attributes name them),
its leader, its HQ, its units (10.3b); the Army Commander and the Army HQ (10.1: the leader and the
HQ with no brigade, division or corps); and the MP path a leader or HQ would ride from one hex to
another (9.3: traces.command_radius on the engine's general trace)."""
from dataclasses import dataclass

from .army import ArmyError, enemy_of
from .traces import command_radius

LEVELS = ("brigade", "division", "corps")
FAR = 999   # MP: traces measure the whole path; the rules' radii are applied to what they measure
STRAGGLING = ("infantry", "cavalry")


@dataclass(frozen=True)
class Command:
    name: str
    level: str         # brigade, division, corps
    side: str
    leader: object     # army.Unit or None (a corps without a leader counter: its HQ leads it)
    hq: object         # its own HQ counter (army.Unit) or None: a corps's; a division's or brigade's
                       # only when it is a separate command (9.2)
    units: tuple       # every unit of the command (its brigades, batteries and leaders)

    @property
    def members(self):
        """10.3b: a brigade's regiments, a division's brigades, a corps's divisions (names)."""
        if self.level == "brigade":
            return tuple(u.name for u in self.units if u.type in STRAGGLING)
        below = "brigade" if self.level == "division" else "division"
        found = []
        for u in self.units:
            name = getattr(u, below)
            if name and u.is_combat and name not in found:
                found.append(name)
        return tuple(found)

    @property
    def rating(self):
        """The current leader's command rating (9.1: a brigade leader's left value)."""
        if self.leader is None or self.leader.rating is None:
            raise ArmyError(f"{self.name} has no leader with a rating in the game")
        return self.leader.rating


def level_of(army, name):
    for level in LEVELS:
        if any(getattr(u, level) == name for u in army.units + army.off_map):
            return level
    known = sorted({getattr(u, lv) for u in army.units + army.off_map for lv in LEVELS} - {""})
    raise ArmyError(f"no brigade, division or corps named {name!r} in the game (there are: {', '.join(known)})")


def _head(army, level, name, type):
    """The counter of `type` (leader, hq) at the head of a command: a brigade's has its brigade, a
    division's its division and no brigade, a corps's its corps and neither."""
    for u in army.units + army.off_map:
        if u.type != type or getattr(u, level) != name:
            continue
        if level == "brigade" or (level == "division" and not u.brigade) or (not u.brigade and not u.division):
            return u
    return None


def leader_of(army, level, name):
    return _head(army, level, name, "leader")


def hq_of(army, level, name):
    return _head(army, level, name, "hq")


def command(army, name):
    level = level_of(army, name)
    units = tuple(u for u in army.units + army.off_map if getattr(u, level) == name)
    return Command(name, level, units[0].side, leader_of(army, level, name), hq_of(army, level, name), units)


def order_hq(army, cmd):
    """10.1, 9.2: the HQ an order to `cmd` rides to: its own, or, for a division or brigade that is
    part of a division or corps (which "do not have an HQ of their own"), the HQ governing it: its
    division's, else its corps's. None when no such HQ counter is in the game."""
    if cmd.hq is not None:
        return cmd.hq
    member = cmd.leader or cmd.units[0]
    for level in LEVELS[LEVELS.index(cmd.level) + 1:]:
        name = getattr(member, level)
        found = hq_of(army, level, name) if name else None
        if found is not None:
            return found
    return None


@dataclass(frozen=True)
class ArmyTop:
    """The top of a side's chain of command (10.1): the Army Commander and the Army HQ (None when
    the game has no Army HQ counter)."""
    commander: object
    hq: object


def _top(army, side, type):
    return [u for u in army.units + army.off_map
            if u.side == side and u.type == type and not (u.brigade or u.division or u.corps)]


def army_top(army, side):
    """10.1: the side's Army Commander, the leader counter with no brigade, division or corps, and
    its Army HQ, the HQ counter with none."""
    leaders, hqs = _top(army, side, "leader"), _top(army, side, "hq")
    if not leaders:
        raise ArmyError(f"{army.game.source}: the {side} side has no Army Commander: a leader counter with no "
                        "brigade, division or corps (10.1: orders are issued by the Army Commander)")
    for found, what in ((leaders, "Army Commanders"), (hqs, "Army HQs")):
        if len(found) > 1:
            raise ArmyError(f"{army.game.source}: the {side} side has {len(found)} {what} (counters with no brigade, "
                            f"division or corps): {', '.join(u.name for u in found)}")
    return ArmyTop(leaders[0], hqs[0] if hqs else None)


def leader_level(unit):
    """The level a leader leads at (brigade, division, corps; army: the Army Commander)."""
    if unit.brigade:
        return "brigade"
    if unit.division:
        return "division"
    return "corps" if unit.corps else "army"


def led_command(army, leader):
    if not leader.is_leader:
        raise ArmyError(f"{leader.name} is not a leader")
    level = leader_level(leader)
    if level == "army":
        raise ArmyError(f"{leader.name} is the {leader.side} Army Commander: he leads no brigade, division or corps")
    return command(army, getattr(leader, level))


@dataclass(frozen=True)
class Path:
    mp: object         # a Fraction, None when no path within the rules reaches the target
    hexes: tuple       # series names, from the start
    reason: str = ""


def ride(army, mover, target_hex, other_command=(), mover_hex=None):
    """The MP `mover` (a leader or HQ, by its movement class) spends from its hex to `target_hex`
    (9.3): impassable terrain and enemy units block; enemy zones are entered, not passed, unless a
    friendly combat unit is there; `other_command` hexes are entered, not passed."""
    start = mover_hex or mover.hex
    if not start:
        return Path(None, (), f"{mover.name} is not on the map")
    unit_class = mover.attributes.get("class")
    if not unit_class:
        raise ArmyError(f"{mover.name} has no movement class: the companion file's [units] gives it none")
    friendly = {u.hex for u in army.of(mover.side) if u.is_combat}
    trace = command_radius(army.map, start, unit_class, FAR, targets=[target_hex],
                           enemy=sorted({u.hex for u in army.of(enemy_of(mover.side))}),
                           zones=army.engine_zones(mover.side), zone_exempt=sorted(friendly),
                           other_command=sorted(h for h in other_command if h != target_hex))
    if not trace.found:
        return Path(None, (), trace.reason or "no path")
    return Path(trace.used, tuple(h for h in trace.hexes))


def mp_text(value):
    return f"{float(value):g}"
