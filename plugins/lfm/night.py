"""Night turns (23): what night changes, its start (D and shatter markers off, shattered brigades
take their on-map strength as their new total, 15.4, 23.4) and its end (the routed pool goes to
the cemetery; a brigade with no regiment on the map is destroyed, 23.7)."""
from dataclasses import dataclass

# 23.2-23.6, 15.3: what holds during every night turn, for the procedures and the report.
NIGHT_RULES = (
    ("combat", False, "23.2: no combat"),
    ("enter_zoc", False, "23.2: no unit may enter a ZOC"),
    ("command_determination", False, "23.2: no need for command determination"),
    ("zoi", False, "23.5: there are no ZOI"),
    ("off_road_movement", False, "23.6: only road movement or movement along roads, unless retreating from a ZOC"),
)


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    clause: str


def night_move(along_roads, enters_zoc, retreat_from_zoc=False):
    """23.2, 23.3, 23.6: may a unit make this move at night?"""
    if enters_zoc:
        return Verdict(False, "23.2-23.3: no unit may enter a ZOC at night")
    if retreat_from_zoc:
        return Verdict(True, "23.3, 23.6: a unit starting in a ZOC retreats, off roads if need be, and is not disorganized")
    if not along_roads:
        return Verdict(False, "23.6: only road movement or movement along roads at night")
    return Verdict(True, "23.6: movement along roads")


@dataclass(frozen=True)
class BrigadeStrength:
    name: str
    total_sp: int            # its total strength before the night
    on_map_sp: int
    shattered: bool


@dataclass(frozen=True)
class NightStart:
    d_removed: tuple         # units whose D marker is removed
    shatter_removed: tuple   # brigades no longer shattered
    totals: dict             # brigade: its total strength from now on
    clauses: tuple


def start_of_night(charts, disorganized_units, brigades):
    """23.4, 15.3-15.4, at the start of the first night turn: every D and shatter marker removed;
    the on-map strength of shattered brigades is their new total (option night_rebase "all": of
    every brigade)."""
    rebase = charts.option("night_rebase")
    totals, clauses = {}, ["23.4: all disorganization and shatter markers are removed"]
    for b in brigades:
        new = b.on_map_sp if (b.shattered or rebase == "all") else b.total_sp
        totals[b.name] = new
        if new != b.total_sp:
            clauses.append(f"23.4, 15.4: {b.name}'s total strength is now {new} (was {b.total_sp})"
                           + ("" if b.shattered else " (option night_rebase = \"all\")"))
    return NightStart(tuple(disorganized_units), tuple(b.name for b in brigades if b.shattered), totals,
                      tuple(clauses))


@dataclass(frozen=True)
class NightEnd:
    cemetery: tuple          # units moved from the routed pool to the permanently eliminated pool
    destroyed: tuple         # brigades with no regiment on the map: commander removed, brigade destroyed
    clauses: tuple


def end_of_night(routed_pool, regiments_on_map):
    """23.7, at the end of the last night turn: `routed_pool` ((unit, brigade), ...) goes to the
    cemetery; every brigade named there or in `regiments_on_map` ({brigade: count}) with no
    regiment on the map is destroyed and its commander removed."""
    brigades = dict.fromkeys([b for _, b in routed_pool if b] + list(regiments_on_map))
    destroyed = tuple(b for b in brigades if not regiments_on_map.get(b, 0))
    clauses = ["23.7: the routed pool is permanently eliminated"] if routed_pool else []
    clauses += [f"23.7: brigade {b} has no regiment on the map: its commander is removed and it is destroyed"
                for b in destroyed]
    return NightEnd(tuple(u for u, _ in routed_pool), destroyed, tuple(clauses))
