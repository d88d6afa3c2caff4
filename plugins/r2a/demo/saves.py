"""The saves: counters placed in hexes of the three boards, stack by stack (markers under the
units), with the board layout, the players and the global properties the companion file's
[globals] name, written as a .vsav by adjutant.NewSave; and the Panic log, in which the Union total
crosses 65."""
import adjutant
from adjutant.procedures.demo_saves import add_stacks

from .counters import BY_NAME, COUNTERS, PLAYERS
from .grid import map_point
from .module import DATE, GLOBALS, MAP_NAME, layout_text, module_metadata
from .traits import counter_traits


def write_save(path, placement, description, date=DATE, properties=None):
    """Writes a save of the counters `placement` puts in each hex ({hex: [(name, state)]}, each
    stack top first), the module's global properties with `date` and `properties` over them, as a
    new file `path`."""
    def pieces(units):   # a VASSAL stack lists its pieces bottom first
        return [(name, counter_traits(BY_NAME[name], **state)) for name, state in reversed(units)]

    save = adjutant.NewSave()
    add_stacks(save, [(MAP_NAME, map_point(h), pieces(units)) for h, units in placement.items()], COUNTERS,
               1862082000000)
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    values = {name: initial for name, initial, _ in GLOBALS} | {"Date": date} | (properties or {})
    for name, value in values.items():
        save.set_global_property(name, value)
    save.add_restore(layout_text())
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(), description)


def write_panic_log(path, save_path, module_path):
    """The Panic log: from the Panic save, Smith's division loses 2 manpower in combat (UnionLosses
    33 -> 35: total 64), then is demoralized (its 4 manpower: total 68, Panic)."""
    game = adjutant.open_game(str(save_path), adjutant.open_module(str(module_path)))
    smith = next(p for p in game.pieces if p.name == "Smith's Division")
    game.chat("Smith's Division loses 2 manpower in combat")
    game.set_property(smith.id, "Manpower", "4")
    game.set_global_property("UnionLosses", "35")
    game.chat("Smith's Division is demoralized")
    game.set_property(smith.id, "Demoralized_Level", "2")
    game.save_log(str(path))
