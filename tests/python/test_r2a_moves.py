"""The r2a move check (`adjutant check moves`, rules = "r2a") on logs of the demo's saves: a Union
infantry move beyond its allowance judged as a rail move (rulebook 4: eligibility, 35 rail hexes,
enemy units, ZOC and Confederate counties, the state maximums counted over the log, never cavalry),
the Balt and DC limits (5); each test named after its clause."""
import pytest

import adjutant
from adjutant.plugin import Context
from adjutant_plugins.r2a import plugin
from adjutant_plugins.r2a.demo import CHARTS, DEMO_SAVE, RAIL_SAVE

from adjutant.rules.verdict_table import move_verdicts_text
from r2a_helpers import Demo, piece_named


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-moves"))


def check(demo, save, out, moves, globals_=None, companion=None):
    """The verdicts of a log of `save` (its global properties set to `globals_` first) in which each
    (unit, hex) of `moves` moves in turn, judged with the demo's companion file or `companion`."""
    game = demo.game(save)
    if globals_:
        for name, value in globals_.items():
            game.set_global_property(name, value)
        game.save(str(out.with_suffix(".vsav")))
        game = demo.game(out.with_suffix(".vsav"))
    for name, hex_name in moves:
        x, y = game.map(demo.map_name).point_of(hex_name, hex_name[:1])
        game.move_piece(piece_named(game, name).id, demo.map_name, x, y)
    game.save_log(str(out))
    log = adjutant.open_game(str(out), demo.module)
    return plugin.tasks["moves"].run(Context(demo.module, companion or demo.companion, log, str(out),
                                             charts=str(CHARTS)))


def companion_with_west_map(demo, tmp_path):
    """The demo's companion file with board N standing for an HCTR west map: a "balt_west" area."""
    text = (demo.folder / demo.companion_file).read_text(encoding="utf-8")
    board_n = 'board = "N"\ndefault_terrain = "clear"\n'
    assert board_n in text
    path = tmp_path / "companion.toml"
    path.write_text(text.replace(board_n, board_n + '\n[[map.area]]\nname = "HCTR west map"\nkind = "balt_west"\n'
                                                    'hexes = ["N5512..N6123"]\n'), encoding="utf-8")
    return adjutant.open_companion(str(path), demo.module)


def test_4_union_infantry_beyond_its_allowance_moves_by_rail(demo, tmp_path):
    # York to Baltimore: 3 + 23 + 4 = 30 rail hexes over the Northern Central's link.
    (v,) = check(demo, DEMO_SAVE, tmp_path / "a.vlog", [("Piatt's Brigade", "E3305")])
    assert v.legal is True and "by rail (4)" in v.note and "30 rail hexes of 35" in v.note
    assert "PA maximum" in v.note
    # the table's hexes are the rail hexes travelled, not the distance across boards; no MP spent
    assert (v.distance, v.means, v.cost) == (30, "rail", None)
    table = move_verdicts_text("a.vlog", [v])
    assert "│ 30 rail │ no MP (rail) │" in table


def test_4_a_move_within_the_allowance_is_an_ordinary_move(demo, tmp_path):
    (v,) = check(demo, RAIL_SAVE, tmp_path / "a.vlog", [("Couch's Division", "E2911")])
    assert v.legal is True and "rail" not in v.note


def test_4_more_than_35_rail_hexes_is_refused(demo, tmp_path):
    # Washington to York: 6 + 4 + 23 + 3 = 36.
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Couch's Division": "E2909"})
    (v,) = check(demo, save, tmp_path / "a.vlog", [("Couch's Division", "S5804")])
    assert v.legal is False and "no continuous rail hexes join E2909 to S5804 within 35 rail hexes" in v.reason


def test_4_no_rail_move_through_enemy_zoc_or_a_confederate_county(demo, tmp_path):
    (v,) = check(demo, DEMO_SAVE, tmp_path / "a.vlog", [("Couch's Division", "E2113")])
    assert v.legal is False and "enters an enemy unit, an enemy ZOC or a Confederate-controlled county" in v.reason


def test_4_cavalry_may_not_move_by_rail(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Bayard's Brigade": "S5804"})
    (v,) = check(demo, save, tmp_path / "a.vlog", [("Bayard's Brigade", "E3305")])
    assert v.legal is False and "cavalry may not move by rail" in v.reason


def test_4_the_state_maximum_is_counted_over_the_log(demo, tmp_path):
    # Pennsylvania: 1 division or two brigades. Piatt's brigade first, then Couch's division from York.
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Couch's Division": "S5804"})
    piatt, couch = check(demo, save, tmp_path / "a.vlog", [("Piatt's Brigade", "E3305"), ("Couch's Division", "E3305")])
    assert piatt.legal is True
    assert couch.legal is False and "Piatt's Brigade already moved or attempted in PA" in couch.reason


def test_4_the_maximum_counts_the_attempts_kept_for_the_day(demo, tmp_path):
    kept = {"RailMoves": "Aug 20: Sumner's Division (division, PA, no move)"}
    (v,) = check(demo, DEMO_SAVE, tmp_path / "a.vlog", [("Piatt's Brigade", "E3305")], kept)
    assert v.legal is False and "would exceed the maximum" in v.reason
    earlier = {"RailMoves": "Aug 19: Sumner's Division (division, PA, no move)"}
    (v,) = check(demo, DEMO_SAVE, tmp_path / "b.vlog", [("Piatt's Brigade", "E3305")], earlier)
    assert v.legal is True


def test_4_a_unit_moves_by_rail_once_a_turn(demo, tmp_path):
    first, second = check(demo, DEMO_SAVE, tmp_path / "a.vlog", [("Piatt's Brigade", "E3305"),
                                                                 ("Piatt's Brigade", "S5804")])
    assert first.legal is True
    assert second.legal is False and "may not attempt to move by rail again this turn" in second.reason


def test_4_it_may_not_attempt_to_move_by_rail_again_this_turn_is_the_reason_of_a_second_long_move(demo, tmp_path):
    # Kearny from Washington by rail to E3301 (a rail hex, no station), then a long move from there.
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Kearny's Division": "E2909"})
    first, second = check(demo, save, tmp_path / "a.vlog", [("Kearny's Division", "E3301"),
                                                            ("Kearny's Division", "E3509")])
    assert first.legal is True and "by rail (4)" in first.note
    assert second.legal is False
    assert "Kearny's Division moved by rail this turn: it may not attempt to move by rail again this turn" in \
        second.reason and "not in a rail station" not in second.reason


def test_4_only_a_unit_beginning_the_turn_in_a_station_moves_by_rail(demo, tmp_path):
    # Slocum begins the turn at E2912 (no station), walks into Alexandria (E2911), then goes 6 rail
    # hexes to E2515, beyond the 5 MP he has left.
    walk, train = check(demo, DEMO_SAVE, tmp_path / "a.vlog", [("Slocum's Division", "E2911"),
                                                                ("Slocum's Division", "E2515")])
    assert walk.legal is True
    assert train.legal is False and "4: it began the turn in E2912, not in a rail station" in train.reason


def test_the_mp_left_is_the_allowance_less_what_the_units_earlier_moves_in_the_log_cost(demo, tmp_path):
    there, back, again = check(demo, RAIL_SAVE, tmp_path / "a.vlog", [("Couch's Division", "E2712"),
                                                                      ("Couch's Division", "E2812"),
                                                                      ("Couch's Division", "E2712")])
    assert [v.allowance for v in (there, back, again)] == [6, 5, 4]
    assert [v.cost for v in (there, back, again)] == [1, 1, 1]


def test_5_balt_units_never_west_of_hex_row_2101_on_the_east_map(demo, tmp_path):
    # The hexes west of the row are the companion's "balt_west" areas (here board N as an HCTR west map).
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Baltimore Garrison": "E2105"})
    companion = companion_with_west_map(demo, tmp_path)
    east, = check(demo, save, tmp_path / "a.vlog", [("Baltimore Garrison", "E2106")], companion=companion)
    assert east.legal is True   # column 21 is the row itself, not west of it
    save = demo.position(DEMO_SAVE, tmp_path / "t.vsav", moves={"Baltimore Garrison": "N5816"})
    west, = check(demo, save, tmp_path / "b.vlog", [("Baltimore Garrison", "N5817")], companion=companion)
    assert west.legal is False and "Balt units may not move west of hex row 2101-2134" in west.reason


def test_5_the_rtg_maps_lie_north_not_west_of_the_balt_row(demo, tmp_path):
    # Baltimore to York by rail: the demo's companion has no "balt_west" area, the RTG maps are north.
    york, = check(demo, DEMO_SAVE, tmp_path / "a.vlog", [("Baltimore Garrison", "S5804")])
    assert york.legal is True and "by rail (4)" in york.note and "Balt" not in york.reason


def test_5_dc_units_remain_within_the_dc_defense_area(demo, tmp_path):
    inside, outside = check(demo, DEMO_SAVE, tmp_path / "a.vlog", [("Washington Garrison", "E3009"),
                                                                   ("Washington Garrison", "E3208")])
    assert inside.legal is True
    assert outside.legal is False and "DC units must remain within the District of Columbia defense area" in \
        outside.reason


def test_5_confederates_may_enter_the_dc_defense_area(demo, tmp_path):
    save = demo.position(RAIL_SAVE, tmp_path / "s.vsav", moves={"A.P. Hill's Division": "E2609"})
    (v,) = check(demo, save, tmp_path / "a.vlog", [("A.P. Hill's Division", "E2709")])
    assert v.legal is True and "E2709" in demo.army(save).dc_defense_hexes()
