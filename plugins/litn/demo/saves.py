"""The saves: counters placed in hexes, stack by stack, map-state markers on hexes and hexsides, with
the players and the global properties, written as a .vsav by adjutant.NewSave."""
import adjutant

from .counters import BY_NAME, COUNTERS, MARKERS, PLAYERS
from .grid import hexside_point, snapped
from .module import MAP_NAME, REPLACEMENT_POINTS, marker_piece, module_metadata
from .positions import HOOKER_BOX, LOST_DISPATCH, MILITIA, NET_VP, SCENARIO, TURN, YEAR
from .traits import counter_traits


def write_save(path, placement, variant, description, masked=(), hidden=(), markers=None):
    """Writes a save of the counters `placement` puts in each hex ({hex: [counter names]}) as a new
    file `path`; `description` is the save's comment. `markers`: {marker name: [hexes, or hexsides
    "A/B" for a Bridge Destroyed marker on the hexside]}."""
    gpids = {c.name: n for n, c in enumerate([c for s in ("Confederate", "Union") for c in COUNTERS if c.side == s], 1)}
    gpids.update((name, len(COUNTERS) + n) for n, name in enumerate(MARKERS, 1))
    save = adjutant.NewSave()
    next_id = 1662800000000   # VASSAL's piece ids are times in milliseconds; any unique strings do
    for hex_name, names in placement.items():
        x, y = snapped(hex_name)
        members = []
        for name in names:
            counter = BY_NAME[name]
            piece_id = str(next_id)
            next_id += 1
            traits = counter_traits(counter, variant, expanded=True, masked=name in masked, hidden=name in hidden)
            basic = ("piece;;;%s;%s" % (counter.image, counter.name), "%s;%d;%d;%d;0" % (MAP_NAME, x, y, gpids[name]))
            save.add_piece(piece_id, traits + [basic])
            members.append(piece_id)
        save.add_stack(str(next_id), MAP_NAME, x, y, members)
        next_id += 1
    for name, places in (markers or {}).items():
        for place in places:
            x, y = hexside_point(*place.split("/")) if "/" in place else snapped(place)
            save.add_piece(str(next_id), [marker_piece(name, MARKERS[name], gpids[name], (MAP_NAME, x, y))])
            next_id += 1
    for player_id, player_name, side in PLAYERS:
        save.add_player(player_id, player_name, side)
    for name, value in (("Turn", TURN), ("Year", YEAR), ("LostDispatch", LOST_DISPATCH), ("Scenario", SCENARIO),
                        ("NetVP", NET_VP), ("Militia", MILITIA), ("HookerBox", HOOKER_BOX), (REPLACEMENT_POINTS, "")):
        save.set_global_property(name, value)
    save.add_restore("SETUP_STACK\t")   # the game is not new: no at-start stacks to place
    save.write(path, module_metadata(variant), description)
