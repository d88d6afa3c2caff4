"""The lfm Reorganization, Construction, night, stacking and reinforcement procedures on the demo's
module and saves (each test named after its clause)."""
import pytest

from adjutant.plugin import Context
from adjutant_plugins.lfm.army import Army, ArmyError
from adjutant_plugins.lfm.demo import CHARTS, COMBAT_SAVE, DEMO_SAVE, ENTRY_SAVE
from adjutant_plugins.lfm.demo.module import MAP_NAME
from adjutant_plugins.lfm.demo.positions import unit
from adjutant_plugins.lfm.demo.saves import write_save
from lfm_helpers import Demo, lines, piece_named, texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lfm-recovery"))


def army_of(demo, game):
    return Army(Context(demo.module, demo.companion, game, "written"))


def charts_with(tmp_path, **options):
    path = tmp_path / "charts.toml"
    path.write_text(CHARTS.read_text(encoding="utf-8") + "".join(f'{k} = "{v}"\n' for k, v in options.items()),
                    encoding="utf-8")
    return path


# ---- 15: shattered brigades ----

def test_15_1_half_lost_shatters_every_regiment_of_the_brigade_wherever_it_is(demo, tmp_path):
    # Davis's Brigade: 2nd Mississippi 5, 42nd Mississippi 5 (3 left), 55th North Carolina 5 printed SP
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", properties={"2nd Mississippi": {"SP": 1}},
                         off_map=["55th North Carolina"])
    report, game = demo.run(save, "shatter", side="Confederate")
    line = next(x for x in lines(report) if x.data.get("brigade") == "Davis's Brigade")
    assert (line.data["sp"], line.data["total"], line.data["shattered"]) == (4, 15, True)
    army = army_of(demo, game)
    assert all(army.named(n).shattered for n in ("2nd Mississippi", "42nd Mississippi", "55th North Carolina"))
    assert not army.named("1st Tennessee").shattered   # Archer's Brigade lost nothing


def test_15_1_less_than_half_lost_is_not_shattered(demo):
    report, game = demo.run(DEMO_SAVE, "shatter", side="Confederate")   # Davis lost 2 SP of 15
    line = next(x for x in lines(report) if x.data.get("brigade") == "Davis's Brigade")
    assert line.data["shattered"] is False and line.data["lost"] == 2
    assert not army_of(demo, game).named("2nd Mississippi").shattered


def test_15_3_restored_above_half_recovers(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", properties={"2nd Mississippi": {"SP": 1},
                                                                     "42nd Mississippi": {"SP": 1}})
    _, game = demo.run(save, "shatter", side="Confederate")   # 7 SP of 15
    game.save(str(tmp_path / "shattered.vsav"))
    rebuilt = demo.position(tmp_path / "shattered.vsav", tmp_path / "r.vsav",
                            properties={"2nd Mississippi": {"SP": 5}})
    assert army_of(demo, demo.game(rebuilt)).named("42nd Mississippi").shattered
    report, game = demo.run(rebuilt, "shatter", side="Confederate")
    assert any("15.3" in t and "removed" in t for t in texts(report))
    assert not army_of(demo, game).named("42nd Mississippi").shattered


def test_15_4_noted_total_replaces_the_printed_strength(demo):
    report, _ = demo.run(DEMO_SAVE, "shatter", side="Confederate", totals="Davis's Brigade:26")
    line = next(x for x in lines(report) if x.data.get("brigade") == "Davis's Brigade")
    assert (line.data["total"], line.data["shattered"]) == (26, True)   # 13 on the map: half of 26 lost


# ---- 17b: recovery from disorder ----

def test_17b_2_roll_at_most_the_lowest_cohesion_removes_D(demo):
    report, game = demo.run(DEMO_SAVE, "recovery", side="Union", rolls=("remove D 6th Wisconsin*=5",))
    assert next(x for x in lines(report) if x.data.get("hex") == "1109").data["removed"] is True
    assert not army_of(demo, game).named("6th Wisconsin").disorganized


def test_17b_2_roll_above_the_rating_leaves_D(demo):
    report, game = demo.run(DEMO_SAVE, "recovery", side="Union", rolls=("remove D 6th Wisconsin*=6",))
    assert next(x for x in lines(report) if x.data.get("hex") == "1109").data["removed"] is False
    assert army_of(demo, game).named("6th Wisconsin").disorganized


def test_17b_5_commander_range_is_3_hexes_for_the_union(demo, tmp_path):
    # Wadsworth (CV 5, the 6th Wisconsin's division) 3 hexes away is offered, 4 hexes away is not
    near = demo.position(DEMO_SAVE, tmp_path / "n.vsav", moves={"Wadsworth": "1409"})
    far = demo.position(DEMO_SAVE, tmp_path / "f.vsav", moves={"Wadsworth": "1509"})
    offered = [texts(demo.run(s, "recovery", side="Union")[0])[0] for s in (near, far)]
    assert "Wadsworth 5" in offered[0] and "Wadsworth" not in offered[1]


def test_17b_5_commander_range_is_5_hexes_for_the_confederates(demo, tmp_path):
    # the 2nd Mississippi disorganized in 0214, out of every Union ZOI; Heth (its division) 5 hexes away
    moved = {"2nd Mississippi": "0214", "Hill": "2001"}
    d = {"2nd Mississippi": {"Disorganized_Level": 2}}
    near = demo.position(DEMO_SAVE, tmp_path / "n.vsav", moves={**moved, "Heth": "0209"}, properties=d)
    far = demo.position(DEMO_SAVE, tmp_path / "f.vsav", moves={**moved, "Heth": "0208"}, properties=d)
    report, game = demo.run(near, "recovery", side="Confederate", use="0214:Heth", rolls=("remove D*=3",))
    line = next(x for x in lines(report) if x.data.get("hex") == "0214")
    assert line.data["target"] == "Heth" and line.data["removed"] is True
    assert not army_of(demo, game).named("2nd Mississippi").disorganized
    with pytest.raises(ValueError, match="Heth"):
        demo.run(far, "recovery", side="Confederate", use="0214:Heth")


def test_6_2_option_rally_in_zoi_blocked_a_stack_in_an_enemy_zoi_does_not_roll(demo, tmp_path):
    # the 2nd Mississippi in 0709 is in a Union ZOI
    save = demo.position(DEMO_SAVE, tmp_path / "z.vsav", properties={"2nd Mississippi": {"Disorganized_Level": 2}})
    report, game = demo.run(save, "recovery", side="Confederate")
    assert next(x for x in lines(report) if x.data.get("hex") == "0709").data["roll"] is None
    assert army_of(demo, game).named("2nd Mississippi").disorganized
    allowed, game = demo.run(save, "recovery", side="Confederate", rolls=("remove D*=1",),
                             charts=charts_with(tmp_path, rally_in_zoi="allowed"))
    assert next(x for x in lines(allowed) if x.data.get("hex") == "0709").data["removed"] is True


# ---- 17a: recovery from rout ----

def test_17a_3_recovered_regiment_placed_by_its_brigade_commander(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "r.vsav", off_map=["2nd Wisconsin"])
    report, game = demo.run(save, "recovery", side="Union", routed="2nd Wisconsin", rolls=("recover*=4",))
    line = next(x for x in lines(report) if x.data.get("unit") == "2nd Wisconsin")
    assert line.data["commander"] == "Meredith" and line.data["recovered"] is True
    army = army_of(demo, game)
    assert army.distance(army.named("2nd Wisconsin").hex, army.named("Meredith").hex) <= 1


def test_17a_1_a_commander_who_moved_does_not_recover(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "r.vsav", off_map=["2nd Wisconsin"])
    report, game = demo.run(save, "recovery", side="Union", routed="2nd Wisconsin", moved="Meredith")
    assert next(x for x in lines(report) if x.data.get("unit") == "2nd Wisconsin").data["roll"] is None
    assert army_of(demo, game).named("2nd Wisconsin").hex == ""


def test_17a_1_a_second_regiment_is_refused_because_the_commander_has_tried_once(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "r.vsav", off_map=["19th Indiana", "24th Michigan"])
    report, _ = demo.run(save, "recovery", side="Union", routed="19th Indiana,24th Michigan", rolls=("recover*=6",))
    second = next(x for x in lines(report) if x.data.get("unit") == "24th Michigan")
    assert second.data["recovered"] is False
    assert second.text == ("24th Michigan: Meredith has already made the one recovery attempt of this phase "
                           "(17a.1, 17a.5)")


# ---- 23: night ----

def test_23_4_night_start_removes_every_D(demo):
    _, game = demo.run(COMBAT_SAVE, "night", side="Union", phase="start")
    army = army_of(demo, game)
    assert not army.named("19th Indiana").disorganized and not army.named("24th Michigan").disorganized


def test_23_4_night_start_removes_shatter_and_notes_the_on_map_strength(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", properties={"2nd Mississippi": {"SP": 1},
                                                                     "42nd Mississippi": {"SP": 1}})
    _, game = demo.run(save, "shatter", side="Confederate")   # 7 SP of 15
    game.save(str(tmp_path / "shattered.vsav"))
    report, game = demo.run(tmp_path / "shattered.vsav", "night", side="Confederate", phase="start")
    assert next(x for x in lines(report) if x.data.get("brigade") == "Davis's Brigade").data["total"] == 7
    assert not army_of(demo, game).named("2nd Mississippi").shattered


def test_23_7_night_end_sends_the_routed_pool_to_the_cemetery(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "r.vsav", off_map=["2nd Wisconsin"])
    report, _ = demo.run(save, "night", side="Union", phase="end", routed="2nd Wisconsin")
    assert any(x.data.get("cemetery") == ["2nd Wisconsin"] for x in lines(report))


# ---- 4: stacking ----

def _crowded(demo, tmp_path):
    # Meredith's four regiments (4 + 5 + 4 + 4 = 17 SP) in 1107
    return demo.position(DEMO_SAVE, tmp_path / "crowd.vsav", moves={"2nd Wisconsin": "1107", "6th Wisconsin": "1107"})


def test_4_5_excess_eliminated_fewest_sp(demo, tmp_path):
    report, game = demo.run(_crowded(demo, tmp_path), "stacking", hex="1107")
    gone = next(x for x in lines(report) if x.data.get("eliminated")).data["eliminated"]
    army = army_of(demo, game)
    assert len(gone) == 1 and army.named(gone[0]).sp == 0 and army.named(gone[0]).printed_sp == 4
    assert army.named("24th Michigan").sp == 5


def test_4_5_option_stacking_excess_top_eliminates_from_the_top(demo, tmp_path):
    save = _crowded(demo, tmp_path)
    top = next(u for u in demo.army(save).in_hex("1107") if u.is_combat)
    report, game = demo.run(save, "stacking", hex="1107", charts=charts_with(tmp_path, stacking_excess="top"))
    assert next(x for x in lines(report) if x.data.get("eliminated")).data["eliminated"] == [top.name]
    assert army_of(demo, game).named(top.name).sp == 0


def test_4_1_a_legal_stack_loses_nothing(demo):
    report, game = demo.run(DEMO_SAVE, "stacking", side="Union")
    assert not any(x.data.get("eliminated") for x in lines(report))
    assert game.change_count == 0


def test_4_stacking_takes_exactly_one_of_hex_and_side(demo):
    for given in ({}, {"hex": "1107", "side": "Union"}):
        with pytest.raises(ArmyError, match="give exactly one of hex=HEX or side=SIDE"):
            demo.run(DEMO_SAVE, "stacking", **given)
    task = demo.plugin.tasks["stacking"]
    assert all("give hex= or side=, exactly one" in p.help for p in task.parameters if p.name in ("hex", "side"))
    with pytest.raises(ValueError, match="parameter 'side' must be one of Union, Confederate"):
        demo.run(DEMO_SAVE, "stacking", side="union")


# ---- 26: reinforcements ----

def test_26_5_column_of_three_stacks_has_20_19_18_road_mp(demo):
    report, _ = demo.run(ENTRY_SAVE, "reinforcements", units="Davis,42nd Mississippi,55th North Carolina")
    assert [x.data["movement"] for x in lines(report) if "movement" in x.data] == [20, 19, 18]
    assert any("2 road MP less than the first stack, 18" in t for t in texts(report))


def test_26_6_zoi_on_the_entry_hex_means_normal_movement(demo, tmp_path):
    save = demo.position(ENTRY_SAVE, tmp_path / "z.vsav", moves={"8th Illinois Cavalry": "0209"})
    report, _ = demo.run(save, "reinforcements", units="Davis,42nd Mississippi")
    moving = [x.data for x in lines(report) if "movement" in x.data]
    assert [(m["movement"], m["road_movement"]) for m in moving] == [(5, False), (4, False)]
    assert any("1 MP less than the first stack, 4" in t for t in texts(report))


def test_26_7_delayed_entry_reaches_5_hexes_a_turn(demo):
    near, _ = demo.run(ENTRY_SAVE, "reinforcements", units="Davis", delayed=1, enter="0103")
    far, _ = demo.run(ENTRY_SAVE, "reinforcements", units="Davis", delayed=1, enter="0102")
    assert lines(near, "Delayed")[0].data["allowed"] and not lines(far, "Delayed")[0].data["allowed"]


def test_26_2_a_delayed_entry_is_on_the_map_edge(demo):
    with pytest.raises(ArmyError, match=r"0311 is not on the map edge.*\(26.2\)"):
        demo.run(ENTRY_SAVE, "reinforcements", units="Davis", delayed=1, enter="0311")


def test_26_7_an_entry_hex_in_an_enemy_zoc_is_blocked(demo, tmp_path):
    save = demo.position(ENTRY_SAVE, tmp_path / "b.vsav", moves={"8th Illinois Cavalry": "0208"})
    report, _ = demo.run(save, "reinforcements", units="Davis")
    blocked, = [x for x in lines(report) if x.data.get("blocked")]
    assert "blocked, in an enemy ZOC" in blocked.text and "(26.7)" in blocked.text
    free, _ = demo.run(ENTRY_SAVE, "reinforcements", units="Davis")
    assert not [x for x in lines(free) if x.data.get("blocked")]


def test_15_a_side_with_no_brigade_on_the_map_is_said(demo):
    report, _ = demo.run(ENTRY_SAVE, "shatter", side="Confederate")
    assert any("no Confederate brigade has a regiment on the map" in t for t in texts(report))


# ---- 24, 25: construction ----

def _save(demo, tmp_path, name, placement, marker=None, hexside=None):
    path = tmp_path / name
    write_save(str(tmp_path / f"placed-{name}"), placement, "test")
    game = demo.game(tmp_path / f"placed-{name}")
    if marker:
        view = game.map(MAP_NAME)
        (ax, ay), (bx, by) = (view.point_of(h, demo.board) for h in hexside)
        game.move_piece(piece_named(game, marker).id, MAP_NAME, (ax + bx) // 2, (ay + by) // 2)
    game.save(str(path))
    return path


def test_24_1b_build_marker_with_a_unit_becomes_breastworks(demo, tmp_path):
    save = _save(demo, tmp_path, "b.vsav", {"1910": [unit("24th Michigan"), unit("Build")],
                                            "0301": [unit("1st Tennessee")]})
    report, _ = demo.run(save, "breastworks", side="Union")
    assert next(x for x in lines(report) if x.data.get("hex") == "1910").data["result"] == "breastworks"


def test_24_1b_empty_build_marker_is_cancelled(demo, tmp_path):
    save = _save(demo, tmp_path, "b.vsav", {"1910": [unit("Build")], "0301": [unit("1st Tennessee")]})
    report, _ = demo.run(save, "breastworks", side="Union")
    assert next(x for x in lines(report) if x.data.get("hex") == "1910").data["result"] == "cancelled"


def test_24_1a_a_unit_that_moved_may_not_build(demo):
    report, _ = demo.run(DEMO_SAVE, "breastworks", side="Union", build="Calef's Battery", moved="Calef's Battery")
    assert lines(report, "Union new build")[0].data["allowed"] is False


def _bridge_save(demo, tmp_path):
    # the Burning Bridge marker on the pike's bridge 0408/0508, the 1st Tennessee in 0508
    return _save(demo, tmp_path, "br.vsav", {"0508": [unit("1st Tennessee")], "0408": [unit("Burning Bridge")],
                                             "1910": [unit("24th Michigan")]},
                 marker="Burning Bridge", hexside=("0408", "0508"))


def test_25_passed_cohesion_check_destroys_the_bridge(demo, tmp_path):
    report, _ = demo.run(_bridge_save(demo, tmp_path), "bridge-burning", side="Confederate",
                         rolls=("burn bridge*=1",))
    line = next(x for x in lines(report) if x.data.get("hexside") == "0408/0508")
    assert (line.data["result"], line.data["roll"]) == ("destroyed", 1)


def test_25_failed_check_keeps_the_marker_by_default_and_rain_adds_1(demo, tmp_path):
    save = _bridge_save(demo, tmp_path)
    cohesion = demo.army(save).named("1st Tennessee").cohesion
    report, _ = demo.run(save, "bridge-burning", side="Confederate", raining="true",
                         rolls=(f"burn bridge*={cohesion}",))
    line = next(x for x in lines(report) if x.data.get("hexside") == "0408/0508")
    assert line.data["result"] == "burning" and "rain +1" in line.text
    removed, _ = demo.run(save, "bridge-burning", side="Confederate", raining="true",
                          rolls=(f"burn bridge*={cohesion}",), charts=charts_with(tmp_path, bridge_failed="remove"))
    assert next(x for x in lines(removed) if x.data.get("hexside") == "0408/0508").data["result"] == "removed"


def test_25_a_unit_that_moved_removes_the_marker(demo, tmp_path):
    report, _ = demo.run(_bridge_save(demo, tmp_path), "bridge-burning", side="Confederate", moved="1st Tennessee")
    line = next(x for x in lines(report) if x.data.get("hexside") == "0408/0508")
    assert line.data["result"] == "removed" and line.data["roll"] is None
