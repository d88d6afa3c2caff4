"""The saves: counters placed in hexes, stack by stack, with the players and the global
properties (Turn, Hour, the artillery ammunition points), written as a .vsav by adjutant.NewSave."""
import adjutant
from adjutant.procedures.demo_saves import add_stacks

from .counters import BY_NAME, COUNTERS, PLAYERS
from .grid import GRID
from .module import AMMO_POINTS, AMMO_PROPERTIES, HOUR, MAP_NAME, ORDER_LOG, TURN, module_metadata
from .traits import counter_traits


def write_save(path, placement, description, order_log="", turn=TURN, hour=HOUR):
    """Writes a save of the counters `placement` puts in each hex ({hex: [(name, state)]}, each
    stack top first) and the Order Log `order_log` (order_log.py's text), as a new file `path`."""
    save = adjutant.NewSave()
    stacks = [(MAP_NAME, GRID.snapped(h), [(name, counter_traits(BY_NAME[name], **state))
                                           for name, state in reversed(units)])   # bottom first, as VASSAL lists
              for h, units in placement.items()]
    add_stacks(save, stacks, COUNTERS, 1863070100000)
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    save.set_global_property("Turn", turn)
    save.set_global_property("Hour", hour)
    for side, name in AMMO_PROPERTIES.items():
        save.set_global_property(name, AMMO_POINTS[side])
    save.set_global_property(ORDER_LOG, order_log)
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(), description)
