"""The saves: counters placed in hexes, stack by stack, face-down or up, with the players and the
global properties, written as a .vsav by adjutant.NewSave."""
import adjutant
from adjutant.procedures.demo_saves import add_stacks

from ..losses import OFF_MAP
from .counters import BY_NAME, COUNTERS, PLAYERS
from .grid import GRID, OFF_MAP_GRID
from .module import MAP_NAME, TURN, YEAR, module_metadata
from .positions import FACE_UP_CAVALRY
from .traits import counter_traits


def write_save(path, placement, description, off_map=(), strengths=None):
    """Writes a save of the counters `placement` puts in each hex ({hex: [counter names]}), those of
    `off_map` in the Off Map box, as a new file `path`; `strengths` gives reduced strengths."""
    strengths = strengths or {}

    def pieces(names):
        return [(name, counter_traits(BY_NAME[name], face_down=BY_NAME[name].maskable and name not in FACE_UP_CAVALRY,
                                      strength=strengths.get(name))) for name in names]

    save = adjutant.NewSave()
    stacks = [(MAP_NAME, GRID.snapped(h), pieces(names)) for h, names in placement.items()]
    if off_map:
        stacks.append((OFF_MAP, OFF_MAP_GRID.snapped("0101"), pieces(off_map)))
    add_stacks(save, stacks, COUNTERS, 1862080000000)
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    save.set_global_property("Turn", TURN)
    save.set_global_property("Year", YEAR)
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(), description)
