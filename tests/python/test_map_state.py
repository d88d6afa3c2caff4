"""Map state read from a save through the companion file's [state.NAME]s (adjutant.rules.map_state):
markers on hexes and hexsides, a global property's list, the static fallback only when the module
has neither, what changed between two positions, and the map with the state applied."""
import pytest

import adjutant
from adjutant.rules.map_state import Change, MapStateError, MapStateReader
from adjutant_plugins.litn.demo.positions import DEMO_HEXES
from adjutant_plugins.litn.demo.saves import write_save


def demo_save(litn_demo, path, markers=None):
    write_save(str(path), DEMO_HEXES, "dynamic", "map state", markers=markers)
    module = adjutant.open_module(str(litn_demo.module))
    return module, adjutant.open_game(str(path), module)


def companion_with(litn_demo, folder, old, new):
    text = litn_demo.companion.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    folder.mkdir(exist_ok=True)
    path = folder / "companion.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_markers_on_hexes_and_hexsides_are_read_where_they_stand(litn_demo, tmp_path):
    module, game = demo_save(litn_demo, tmp_path / "marked.vsav",
                             {"Bridge Destroyed": ["1525/1426", "2830/2831"], "Destroyed Rail": ["3010"]})
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    state = MapStateReader(companion, module).read(game)
    # A marker halfway between two hexes' centres is on their hexside, written in sorted order.
    assert state.hexsides("bridge_destroyed") == {"1426/1525", "2830/2831"}
    assert state.hexes("rail_destroyed") == {"3010"}
    assert state.source("bridge_destroyed") == "marker"
    assert state.describe("rail_destroyed") == "marker 'Destroyed Rail'"
    assert state.where() == {"bridge_destroyed": ["1426/1525", "2830/2831"], "rail_destroyed": ["3010"]}
    with pytest.raises(ValueError, match=r"\[state.rail_destroyed\] is a hex state"):
        state.hexsides("rail_destroyed")
    with pytest.raises(KeyError, match=r"no \[state.control\]"):
        state.hexes("control")


def test_a_module_with_the_markers_and_none_placed_holds_nothing(litn_demo, tmp_path):
    module, game = demo_save(litn_demo, tmp_path / "clear.vsav")
    state = MapStateReader(adjutant.open_companion(str(litn_demo.companion), module), module).read(game)
    assert state.hexsides("bridge_destroyed") == frozenset() and state.source("bridge_destroyed") == "marker"
    assert state.where() == {}


def test_the_fallback_counts_only_when_the_module_has_neither_marker_nor_property(litn_demo, tmp_path):
    module, game = demo_save(litn_demo, tmp_path / "clear.vsav")
    path = companion_with(litn_demo, tmp_path / "fallback", 'marker = "Bridge Destroyed"',
                          'marker = "Burned Bridge"\nfallback = ["1525/1426"]')
    state = MapStateReader(adjutant.open_companion(str(path), module), module).read(game)
    assert state.hexsides("bridge_destroyed") == {"1426/1525"}
    assert state.describe("bridge_destroyed") == "the companion file's fallback (the module has no 'Burned Bridge')"
    # The marker the module has: its pieces decide, the fallback is not used.
    path = companion_with(litn_demo, tmp_path / "unused", 'marker = "Bridge Destroyed"',
                          'marker = "Bridge Destroyed"\nfallback = ["1525/1426"]')
    state = MapStateReader(adjutant.open_companion(str(path), module), module).read(game)
    assert state.hexsides("bridge_destroyed") == frozenset() and state.source("bridge_destroyed") == "marker"
    # Neither, and no fallback: nothing, and said so.
    path = companion_with(litn_demo, tmp_path / "none", 'marker = "Bridge Destroyed"', 'marker = "Burned Bridge"')
    state = MapStateReader(adjutant.open_companion(str(path), module), module).read(game)
    assert state.source("bridge_destroyed") == "none"
    assert state.describe("bridge_destroyed").startswith("nothing: the module has no 'Burned Bridge'")


def test_a_global_property_lists_the_state(litn_demo, tmp_path):
    module, game = demo_save(litn_demo, tmp_path / "clear.vsav")
    path = companion_with(litn_demo, tmp_path / "property", 'marker = "Destroyed Rail"', 'property = "DestroyedRail"')
    companion = adjutant.open_companion(str(path), module)
    reader = MapStateReader(companion, module)
    # The module has no such property and the save holds none: the state is unknown.
    assert reader.read(game).source("rail_destroyed") == "none"
    game.set_global_property("DestroyedRail", "3010, 3009 3008")
    state = reader.read(game)
    assert state.hexes("rail_destroyed") == {"3008", "3009", "3010"}
    assert state.describe("rail_destroyed") == "global property 'DestroyedRail'"
    game.set_global_property("DestroyedRail", "3010,3099")
    with pytest.raises(MapStateError, match="global property 'DestroyedRail' .* names '3099', no hex of map 'Main Map'"):
        reader.read(game)


def test_two_positions_compare_and_say_what_changed(litn_demo, tmp_path):
    module, before_game = demo_save(litn_demo, tmp_path / "before.vsav", {"Destroyed Rail": ["3010"]})
    _, after_game = demo_save(litn_demo, tmp_path / "after.vsav",
                              {"Bridge Destroyed": ["1426/1525"], "Destroyed Rail": ["3009"]})
    reader = MapStateReader(adjutant.open_companion(str(litn_demo.companion), module), module)
    before, after = reader.read(before_game), reader.read(after_game)
    assert before == reader.read(before_game) and before != after
    assert after.changes(before) == {"bridge_destroyed": Change(frozenset({"1426/1525"}), frozenset()),
                                     "rail_destroyed": Change(frozenset({"3009"}), frozenset({"3010"}))}
    assert before.changes(before) == {}


def test_the_map_with_the_state_applied_loses_bridges_roads_and_rail(litn_demo, tmp_path):
    module, game = demo_save(litn_demo, tmp_path / "marked.vsav",
                             {"Bridge Destroyed": ["1630/1631"], "Destroyed Rail": ["3010"]})
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    state = MapStateReader(companion, module).read(game)
    plain, changed = companion.movement("Main Map"), companion.movement("Main Map", state=state.where())
    assert plain.lines_at("3010") == ["rail"] and changed.lines_at("3010") == []
    # Infantry crossed the Potomac on the Valley Pike's bridge at 1630/1631; with the bridge destroyed
    # the pike no longer crosses there, and the river cannot be crossed.
    assert plain.path("1630", "1631", ["infantry"]).hexes == ["1630", "1631"]
    assert changed.explain(["1630", "1631"], ["infantry"]).reason != ""
    assert changed.lines_at("1630") == ["road"] and changed.lines_at("1631") == ["road"]
    # The file's own map, and a Movement made without the state, are untouched.
    assert companion.movement("Main Map").lines_at("3010") == ["rail"]
    with pytest.raises(ValueError, match=r"no \[state.burned\]"):
        companion.movement("Main Map", state={"burned": ["1426/1525"]})
