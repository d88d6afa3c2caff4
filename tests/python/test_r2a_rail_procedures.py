"""The r2a rail procedure (r2a.rail: rulebook 4, Optional III) on the demo's module and saves: the
Couch example (rules catalogue 5E), the state maximums kept over the turn in RailMoves, the -2 of a
rail move last turn, the move along path= and the refusals (each test named after its clause)."""
import pytest

from adjutant_plugins.r2a.army import ArmyError
from adjutant_plugins.r2a.demo import ALEXANDRIA_SAVE, CHARTS, DEMO_SAVE, RAIL_SAVE

from r2a_helpers import Demo, lines, texts

COUCH, SMITH = "Couch's Division", "Smith's Division"


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-rail"))


def charts_with(tmp_path, **options):
    path = tmp_path / "charts.toml"
    path.write_text(CHARTS.read_text(encoding="utf-8") + "\n[options]\n" +
                    "".join(f'{k} = "{v}"\n' for k, v in options.items()), encoding="utf-8")
    return path


def rail(demo, save, unit, roll, charts=None, **parameters):
    return demo.run(save, "rail", rolls=[f"rail {unit}={roll}"], charts=charts, unit=unit, **parameters)


def written(game, path):
    game.save(str(path))
    return path


def with_globals(demo, save, out, **values):
    game = demo.game(save)
    for name, value in values.items():
        game.set_global_property(name, value)
    return written(game, out)


def test_4_couch_example_fatigue_written_no_move_and_virginia_maximum_spent(demo, tmp_path):
    # Rules catalogue 5E: Couch at 6 Mile Post, no rail move last turn, +1 fatigue, rolls 5: no move.
    report, game = rail(demo, RAIL_SAVE, COUCH, 5)
    after = written(game, tmp_path / "after.vsav")
    army = demo.army(after)
    couch = army.named(COUCH)
    assert (couch.fatigue, couch.hex, couch.rail_last_turn) == (1, "E2812", False)
    assert army.global_value("rail_moves") == "Aug 20: Couch's Division (division, VA, no move)"
    line = next(x for x in lines(report) if "fatigue" in x.data)
    assert (line.data["roll"], line.data["moves"], line.data["state"]) == (5, False, "VA")
    # Another Union unit in Virginia the same turn: Smith's division at Alexandria is refused.
    with pytest.raises(ArmyError, match=r"Couch's Division already moved or attempted in VA; Smith's Division "
                                         r"\(division\) would exceed the maximum"):
        rail(demo, after, SMITH, 1)


def test_4_couch_example_no_other_union_unit_moves_this_activation_nor_by_rail_in_virginia_this_turn(demo):
    report, _ = rail(demo, RAIL_SAVE, COUCH, 5)
    said = texts(report)
    assert any("neither it nor any other Union unit may be moved during the current activation phase" in t
               for t in said)
    assert "4: the VA maximum is reached (Couch's Division): no other Union unit may attempt to move by rail in VA " \
           "this turn" in said


def test_4_the_report_says_what_the_maryland_maximum_still_allows(demo):
    # A brigade's attempt leaves room for a division or another brigade ("1 Division & 1 Brigade/Regiment").
    report, _ = rail(demo, DEMO_SAVE, "Washington Garrison", 5)
    assert "4: with Washington Garrison, the MD maximum still allows another unit this turn: a division or a " \
           "brigade or regiment" in texts(report)


def test_4_couch_may_try_again_in_a_later_activation(demo, tmp_path):
    _, game = rail(demo, RAIL_SAVE, COUCH, 5)
    report, game = rail(demo, written(game, tmp_path / "a.vsav"), COUCH, 2)
    army = demo.army(written(game, tmp_path / "b.vsav"))
    assert army.named(COUCH).fatigue == 2 and army.named(COUCH).rail_last_turn
    assert army.global_value("rail_moves") == ("Aug 20: Couch's Division (division, VA, no move); Couch's Division "
                                               "(division, VA, moved)")
    with pytest.raises(ArmyError, match="again this turn"):
        rail(demo, tmp_path / "b.vsav", COUCH, 1)


def test_4_the_maximum_is_per_turn_a_new_date_clears_the_attempts(demo, tmp_path):
    _, game = rail(demo, RAIL_SAVE, COUCH, 5)
    later = with_globals(demo, written(game, tmp_path / "a.vsav"), tmp_path / "b.vsav", Date="Aug 21")
    report, game = rail(demo, later, SMITH, 6)   # 6 - 2 = 4: no move
    assert any("of Aug 20, an earlier turn" in t for t in texts(report))
    assert demo.army(written(game, tmp_path / "c.vsav")).global_value("rail_moves") == \
        "Aug 21: Smith's Division (division, VA, no move)"


def test_4_a_rail_move_last_turn_subtracts_two(demo, tmp_path):
    report, game = rail(demo, RAIL_SAVE, SMITH, 5)   # 5 - 2 = 3: moves
    assert next(x for x in lines(report) if "fatigue" in x.data).data["modified_roll"] == 3
    assert any("-2, it moved by rail last turn" in t for t in texts(report))
    assert demo.army(written(game, tmp_path / "a.vsav")).global_value("rail_moves").endswith("(division, VA, moved)")


def test_option_rail_repeat_modifier_penalty_adds_two(demo, tmp_path):
    report, _ = rail(demo, RAIL_SAVE, SMITH, 2, charts=charts_with(tmp_path, rail_repeat_modifier="penalty"))
    line = next(x for x in lines(report) if "fatigue" in x.data)
    assert (line.data["modified_roll"], line.data["moves"]) == (4, False)


def test_option_rail_cap_state_map_counts_couch_against_maryland(demo, tmp_path):
    _, game = rail(demo, RAIL_SAVE, COUCH, 5, charts=charts_with(tmp_path, rail_cap_state="map"))
    assert demo.army(written(game, tmp_path / "a.vsav")).global_value("rail_moves").endswith("(division, MD, no move)")


def test_4_a_move_from_the_district_counts_against_maryland(demo, tmp_path):
    report, game = rail(demo, DEMO_SAVE, "Washington Garrison", 5)
    assert any("District of Columbia is in no state" in t for t in texts(report))
    assert demo.army(written(game, tmp_path / "a.vsav")).global_value("rail_moves") == \
        "Aug 20: Washington Garrison (brigade, MD, no move)"


def test_4_the_unit_moves_along_path_up_to_35_rail_hexes(demo, tmp_path):
    report, game = rail(demo, RAIL_SAVE, COUCH, 1, path="E2712,E2613,E2614")
    army = demo.army(written(game, tmp_path / "a.vsav"))
    assert army.named(COUCH).hex == "E2614" and army.named(COUCH).rail_last_turn
    assert next(x for x in lines(report) if "hexes" in x.data).data["hexes"] == 3


def test_4_the_roll_is_counted_as_rail_move_allowed_and_the_move_as_moved_by_rail(demo):
    # without path= a roll that allows the move moves nothing: moved by rail 0
    for roll, path, allowed, moved in ((1, "", 1, 0), (5, "", 0, 0), (1, "E2712,E2613,E2614", 1, 1),
                                       (5, "E2712,E2613,E2614", 0, 0)):
        report, _ = rail(demo, RAIL_SAVE, COUCH, roll, **({"path": path} if path else {}))
        assert {(q.name, q.value) for q in report.quantities()} == {
            ("fatigue", 1), ("rail move allowed", allowed), ("moved by rail", moved)}, (roll, path)


def test_4_without_a_path_the_hexes_it_may_reach_are_reported(demo):
    report, game = rail(demo, DEMO_SAVE, COUCH, 1)
    reach = next(x for x in lines(report) if "reach" in x.data).data["reach"]
    assert reach["E2911"] == 1 and reach["E2614"] == 3
    assert "E2211" not in reach        # Stuart's division in Leesburg
    assert "E2313" not in reach        # Jackson's ZOC, Loudoun county under Confederate control


def test_5_a_dc_unit_by_rail_is_refused_a_path_out_of_the_dc_defense_area_before_the_roll(demo, tmp_path):
    # Washington Garrison (DC) from Washington to Baltimore: the move check refuses it under 5; so does r2a.rail.
    path = "E2909,E3009,E3108,E3208,E3207,E3306,E3305"
    with pytest.raises(ArmyError, match=r"E3208, E3207, E3306, E3305: 5: DC units must remain within the District "
                                        r"of Columbia defense area"):
        rail(demo, DEMO_SAVE, "Washington Garrison", 1, path=path)
    report, _ = rail(demo, DEMO_SAVE, "Washington Garrison", 1)
    reach = next(x for x in lines(report) if "reach" in x.data).data["reach"]
    area = demo.army(DEMO_SAVE).dc_defense_hexes()
    assert reach and set(reach) <= area and "E3305" not in reach


def test_4_a_path_into_an_enemy_unit_is_refused_before_the_roll(demo):
    with pytest.raises(ArmyError, match="E2211 is enemy occupied"):
        demo.run(DEMO_SAVE, "rail", unit=COUCH, path="E2911,E2811,E2711,E2611,E2511,E2411,E2311,E2211")


def test_4_a_path_off_the_rail_is_refused(demo):
    with pytest.raises(ArmyError, match="E2812 to E2813 is not along continuous rail hexes"):
        demo.run(RAIL_SAVE, "rail", unit=COUCH, path="E2813")


def test_4_cavalry_may_not_move_by_rail(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "a.vsav", moves={"Bayard's Brigade": "E2812"})
    with pytest.raises(ArmyError, match="cavalry may not move by rail"):
        demo.run(save, "rail", unit="Bayard's Brigade")


def test_4_a_unit_must_begin_in_a_station(demo):
    with pytest.raises(ArmyError, match="E2912, not in a rail station"):
        demo.run(DEMO_SAVE, "rail", unit=SMITH)


def test_4_a_destroyed_station_cuts_the_line_to_the_terminus(demo, tmp_path):
    # Alexandria station destroyed: 6 Mile Post's only line ends there.
    save = demo.position(ALEXANDRIA_SAVE, tmp_path / "a.vsav", moves={"Washington Garrison": "E2812"})
    with pytest.raises(ArmyError, match="no continuous line of rail hexes"):
        demo.run(save, "rail", unit="Washington Garrison")


def test_optional_III_1_the_demo_has_the_rtg_maps_so_harrisburg_is_a_terminus(demo, tmp_path):
    # Camp Curtin (N5815) joins only Harrisburg (N5816).
    save = demo.position(DEMO_SAVE, tmp_path / "a.vsav", moves={"Piatt's Brigade": "N5815"})
    report, _ = demo.run(save, "rail", rolls=["rail Piatt's Brigade=5"], unit="Piatt's Brigade")
    assert any("Optional III 1" in t and "Harrisburg" in t for t in texts(report))
    assert next(x for x in lines(report) if "fatigue" in x.data).data["state"] == "PA"


def test_optional_III_a_rail_move_may_end_on_the_rtg_maps(demo, tmp_path):
    # York (S5804) one rail hex on along the Northern Central, on board S.
    _, game = rail(demo, DEMO_SAVE, "Piatt's Brigade", 1, path="S5804,S5805")
    assert demo.army(written(game, tmp_path / "a.vsav")).named("Piatt's Brigade").hex == "S5805"
    # Washington to S5801 over the E3301-S5801 link: from board E onto board S.
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Kearny's Division": "E2909"})
    report, game = rail(demo, save, "Kearny's Division", 1,
                        path="E2909,E3009,E3108,E3208,E3207,E3306,E3305,E3304,E3303,E3302,E3301,S5801")
    assert demo.army(written(game, tmp_path / "b.vsav")).named("Kearny's Division").hex == "S5801"
    assert next(x for x in lines(report) if "hexes" in x.data).data["hexes"] == 33
