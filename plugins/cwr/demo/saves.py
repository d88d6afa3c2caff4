"""The saves: counters placed in hexes, stack by stack, with the players and the global
properties (Turn, Hour, the artillery ammunition points), written as a .vsav by adjutant.NewSave."""
import adjutant

from .counters import BY_NAME, COUNTERS, PLAYERS
from .grid import GRID
from .module import AMMO_POINTS, AMMO_PROPERTIES, HOUR, MAP_NAME, ORDER_LOG, TURN, module_metadata
from .traits import counter_traits


def write_save(path, placement, description, order_log="", turn=TURN, hour=HOUR):
    """Writes a save of the counters `placement` puts in each hex ({hex: [(name, state)]}, each
    stack top first) and the Order Log `order_log` (order_log.py's text), as a new file `path`."""
    gpids = {c.name: n for n, c in enumerate(COUNTERS, 1)}
    save = adjutant.NewSave()
    next_id = 1863070100000   # VASSAL's piece ids are times in milliseconds; any unique strings do
    for hex_name, units in placement.items():
        x, y = GRID.snapped(hex_name)
        members = []
        for name, state in reversed(units):   # a VASSAL stack lists its pieces bottom first
            counter = BY_NAME[name]
            basic = ("piece;;;%s;%s" % (counter.image, counter.name), "%s;%d;%d;%d;0" % (MAP_NAME, x, y, gpids[name]))
            save.add_piece(str(next_id), counter_traits(counter, **state) + [basic])
            members.append(str(next_id))
            next_id += 1
        save.add_stack(str(next_id), MAP_NAME, x, y, members)
        next_id += 1
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    save.set_global_property("Turn", turn)
    save.set_global_property("Hour", hour)
    for side, name in AMMO_PROPERTIES.items():
        save.set_global_property(name, AMMO_POINTS[side])
    save.set_global_property(ORDER_LOG, order_log)
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(), description)
