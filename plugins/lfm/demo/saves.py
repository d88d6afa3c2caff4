"""The saves: counters placed in hexes, stack by stack (markers under the units), units in the
Reinforcements box, with the players and the global properties Turn and Night, written as a .vsav
by adjutant.NewSave."""
import adjutant

from .counters import BY_NAME, COUNTERS, PLAYERS
from .grid import BOX_GRID, GRID
from .module import BOX_MAP, MAP_NAME, NIGHT, TURN, module_metadata
from .traits import counter_traits


def write_save(path, placement, description, box=None, turn=TURN, night=NIGHT):
    """Writes a save of the counters `placement` puts in each hex of the map and `box` in each hex
    of the Reinforcements box ({hex: [(name, state)]}, each stack top first), as a new file `path`."""
    gpids = {c.name: n for n, c in enumerate(COUNTERS, 1)}
    save = adjutant.NewSave()
    next_id = 1863070100000   # VASSAL's piece ids are times in milliseconds; any unique strings do
    stacks = [(MAP_NAME, GRID.snapped(h), units) for h, units in placement.items()]
    stacks += [(BOX_MAP, BOX_GRID.snapped(h), units) for h, units in (box or {}).items()]
    for map_name, (x, y), units in stacks:
        members = []
        for name, state in reversed(units):   # a VASSAL stack lists its pieces bottom first
            counter = BY_NAME[name]
            basic = ("piece;;;%s;%s" % (counter.image, counter.name), "%s;%d;%d;%d;0" % (map_name, x, y, gpids[name]))
            save.add_piece(str(next_id), counter_traits(counter, **state) + [basic])
            members.append(str(next_id))
            next_id += 1
        save.add_stack(str(next_id), map_name, x, y, members)
        next_id += 1
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    save.set_global_property("Turn", turn)
    save.set_global_property("Night", night)
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(), description)
