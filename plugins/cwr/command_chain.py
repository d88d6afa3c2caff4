"""The chain of command of a save as the command procedures read it: a command by its name (a
brigade, a division or a corps, as the units' brigade, division and corps attributes name them),
its leader, its units (10.3b), and the MP path a leader or HQ would ride from one hex to another
(9.3: traces.command_radius on the engine's general trace)."""
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
    hq: object         # the corps HQ (army.Unit) or None
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


def leader_of(army, level, name):
    """The leader counter of a command: a brigade's leader has its brigade, a division's its division
    and no brigade, a corps's its corps and neither."""
    for u in army.units + army.off_map:
        if not u.is_leader or getattr(u, level) != name:
            continue
        if level == "brigade" or (level == "division" and not u.brigade) or (not u.brigade and not u.division):
            return u
    return None


def hq_of(army, corps):
    return next((u for u in army.units + army.off_map if u.type == "hq" and u.corps == corps), None)


def command(army, name):
    level = level_of(army, name)
    units = tuple(u for u in army.units + army.off_map if getattr(u, level) == name)
    leader = leader_of(army, level, name)
    hq = hq_of(army, units[0].corps) if level == "corps" else None
    return Command(name, level, units[0].side, leader, hq, units)


def leader_level(unit):
    """The level a leader leads at (brigade, division, corps)."""
    if unit.brigade:
        return "brigade"
    return "division" if unit.division else "corps"


def led_command(army, leader):
    if not leader.is_leader:
        raise ArmyError(f"{leader.name} is not a leader")
    level = leader_level(leader)
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
