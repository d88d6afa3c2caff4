"""The saves: counters placed in hexes, stack by stack (markers under the units), units in the
Reinforcements box, with the players and the global properties Turn and Night, written as a .vsav
by adjutant.NewSave."""
import adjutant
from adjutant.procedures.demo_saves import add_stacks

from .counters import BY_NAME, COUNTERS, PLAYERS
from .grid import BOX_GRID, GRID
from .module import BOX_MAP, MAP_NAME, NIGHT, TURN, module_metadata
from .traits import counter_traits


def write_save(path, placement, description, box=None, turn=TURN, night=NIGHT):
    """Writes a save of the counters `placement` puts in each hex of the map and `box` in each hex
    of the Reinforcements box ({hex: [(name, state)]}, each stack top first), as a new file `path`."""
    def pieces(units):   # a VASSAL stack lists its pieces bottom first
        return [(name, counter_traits(BY_NAME[name], **state)) for name, state in reversed(units)]

    save = adjutant.NewSave()
    stacks = [(MAP_NAME, GRID.snapped(h), pieces(units)) for h, units in placement.items()]
    stacks += [(BOX_MAP, BOX_GRID.snapped(h), pieces(units)) for h, units in (box or {}).items()]
    add_stacks(save, stacks, COUNTERS, 1863070100000)
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    save.set_global_property("Turn", turn)
    save.set_global_property("Night", night)
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(), description)
