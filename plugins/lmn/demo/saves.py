"""The saves: counters placed in hexes, stack by stack, face-down or up, with the players and the
global properties, written as a .vsav by adjutant.NewSave."""
import adjutant

from ..losses import OFF_MAP
from .counters import BY_NAME, COUNTERS, PLAYERS
from .grid import GRID, OFF_MAP_GRID
from .module import MAP_NAME, TURN, YEAR, module_metadata
from .positions import FACE_UP_CAVALRY
from .traits import counter_traits


def write_save(path, placement, description, off_map=(), strengths=None):
    """Writes a save of the counters `placement` puts in each hex ({hex: [counter names]}), those of
    `off_map` in the Off Map box, as a new file `path`; `strengths` gives reduced strengths."""
    gpids = {c.name: n for n, c in enumerate(COUNTERS, 1)}
    strengths = strengths or {}
    save = adjutant.NewSave()
    next_id = 1862080000000   # VASSAL's piece ids are times in milliseconds; any unique strings do
    stacks = [(MAP_NAME, GRID.snapped(h), names) for h, names in placement.items()]
    if off_map:
        stacks.append((OFF_MAP, OFF_MAP_GRID.snapped("0101"), list(off_map)))
    for map_name, (x, y), names in stacks:
        members = []
        for name in names:
            counter = BY_NAME[name]
            face_down = counter.maskable and name not in FACE_UP_CAVALRY
            traits = counter_traits(counter, face_down=face_down, strength=strengths.get(name))
            basic = ("piece;;;%s;%s" % (counter.image, counter.name), "%s;%d;%d;%d;0" % (map_name, x, y, gpids[name]))
            save.add_piece(str(next_id), traits + [basic])
            members.append(str(next_id))
            next_id += 1
        save.add_stack(str(next_id), map_name, x, y, members)
        next_id += 1
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    save.set_global_property("Turn", TURN)
    save.set_global_property("Year", YEAR)
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(), description)
