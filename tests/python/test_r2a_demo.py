"""The r2a plugin's base: the demo module of three boards and its saves, the hex names as the
rules print them (E2101, S5801, N5816), the unit vocabulary read through the companion file's
[units] mapping, the map's places, areas, rail lines and links, the map state, the game's date,
and writing back into a save."""
import datetime

import pytest

from adjutant.plugin import Context
from adjutant_plugins.r2a.army import Army, ArmyError
from adjutant_plugins.r2a.demo import (ALEXANDRIA_SAVE, DEMO_SAVE, LEVY_SAVE, MODULE, PANIC_LOG, PANIC_SAVE, RAIL_SAVE,
                                       SAVES)
from adjutant_plugins.r2a.demo.grid import map_point
from adjutant_plugins.r2a.demo.module import MAP_NAME
from adjutant_plugins.r2a.dates import show_date
from adjutant_plugins.r2a.session import parse_date, start

from r2a_helpers import Demo, piece_named

MARKERS = ("Station Destroyed", "Station Damaged", "Depot Destroyed", "Confederate Control")


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-demo"))


def test_demo_files_open(demo):
    assert (demo.folder / MODULE).exists()
    for save in SAVES:
        game = demo.game(save)
        army = demo.army(save)
        units = [p for p in game.pieces if p.map and p.name not in MARKERS]
        assert units and len(army.units) == len(units) and army.off_map == [], save


@pytest.mark.parametrize("name, board, point", [("E2101", "E", (40, 60)), ("E2102", "E", (40, 124)),
                                                ("E2201", "E", (95, 28)), ("E3301", "E", (705, 60)),
                                                ("S5801", "S", (1647, 28)), ("N5816", "N", (2312, 284)),
                                                ("N5821", "N", (2312, 604))])
def test_hex_names_both_ways(demo, name, board, point):
    """The board's letter, then column and row from the board's hOff and vOff; odd columns of E
    (counted from its column 21) stand half a hex higher than 21, 23 ..."""
    view = demo.module.find_map(MAP_NAME)
    assert view.point_of(name, board) == point == map_point(name)
    assert view.location_name(*point) == name
    grid = view.hex_grid(board)
    assert grid.name(grid.hex(name)) == name


def test_the_three_boards_are_one_map_with_no_hex_touching_another_board(demo):
    army = demo.army(DEMO_SAVE)
    assert {"E2101", "E3616", "S5501", "S6108", "N5512", "N6123"} <= set(army.hexes)
    assert "E2100" not in army.hexes and "N5511" not in army.hexes
    for hex_name in ("E3601", "S5501", "S6101", "N5512", "N6112"):
        assert {h[0] for h in army.neighbours(hex_name)} == {hex_name[0]}, hex_name
    assert army.named("Piatt's Brigade").hex == "S5804"


def test_unit_vocabulary(demo):
    army = demo.army(DEMO_SAVE)
    hill = army.named("A.P. Hill's Division")
    assert (hill.side, hill.type, hill.size, hill.rank, hill.corps, hill.manpower) == (
        "Confederate", "infantry", "division", "", "Jackson's Command", 10)
    assert (hill.fatigue, hill.victuals, hill.ammo, hill.supplied, hill.disorganized, hill.demoralized) == (
        0, 3, 2, True, False, False)
    assert army.named("Ewell's Division").fatigue == 2
    assert army.named("Taliaferro's Division").demoralized and army.named("Taliaferro's Division").victuals == 1
    assert army.named("Sykes's Division").disorganized
    assert not army.named("Bayard's Brigade").supplied
    assert army.named("Smith's Division").rail_last_turn and not army.named("Slocum's Division").rail_last_turn
    assert army.named("Sumner").reorganized and not army.named("Porter").reorganized
    assert army.named("Washington Garrison").designation == "DC" and army.named("Baltimore Garrison").designation == "Balt"
    pope = army.named("Pope")
    assert (pope.type, pope.rank, pope.initiative, pope.command_radius, pope.size) == ("leader", "army", 2, 4, "")
    assert army.named("Heintzelman").initiative == 2 and army.named("Heintzelman").command_radius is None
    cavalry = army.named("3rd Indiana Cavalry")
    assert (cavalry.type, cavalry.size, cavalry.is_combat, cavalry.ammo) == ("cavalry", "regiment", True, None)


def test_leaders_and_corps(demo):
    army = demo.army(DEMO_SAVE)
    assert army.army_commander("Union").name == "Pope"
    assert army.army_commander("Confederate").name == "Lee"
    assert [c.name for c in army.corps_leaders("Union")] == ["Heintzelman", "Porter", "Sumner", "Franklin"]
    assert army.corps_leader("V Corps", "Union").name == "Porter"
    assert [u.name for u in army.divisions_of("III Corps")] == ["Kearny's Division", "Hooker's Division"]
    assert [u.name for u in army.corps_units("V Corps")] == ["Morell's Division", "Sykes's Division",
                                                            "Piatt's Brigade"]
    assert [u.name for u in army.leaders("Confederate")] == ["Lee", "Jackson", "Longstreet"]


def test_mcclellan_commands_once_he_has_taken_over(demo, tmp_path):
    game = demo.game(DEMO_SAVE)
    game.set_global_property("TakeoverDate", "Aug 23")
    game.save(str(tmp_path / "takeover.vsav"))
    assert demo.army(tmp_path / "takeover.vsav").army_commander("Union").name == "McClellan"


def test_places_areas_and_lines(demo):
    army = demo.army(DEMO_SAVE)
    assert army.state_of("E2911") == "VA" and army.state_of("E3305") == "MD" and army.state_of("N5619") == "PA"
    assert army.state_of("E2909") is None   # the District
    assert army.county_of("E2911").name == "Alexandria County"
    assert (army.county_of("E2911").vp, army.county_of("E2911").control_hex) == (10, "E2911")
    assert army.county_of("N5619").name == "Cumberland County" and army.county_of("N5619").vp == 2
    assert army.area("PA").hexes >= {"S5501", "N5816"}   # drawn on two boards, one area
    assert sorted(a.name for a in army.counties("VA")) == ["Alexandria County", "Fairfax County", "Loudoun County"]
    assert army.area("Baltimore County").vp == 20 and army.area("Montgomery").vp == 5
    assert army.forage_region("N5619").values["forage_confederate"] == 4
    assert "E2911" in army.dc_defense_hexes() and "E2614" not in army.dc_defense_hexes()
    alexandria = army.place("Alexandria", "station")
    assert (alexandria.hex, alexandria.terminus, alexandria.vp) == ("E2911", True, 3)
    assert alexandria.lines == ("Orange & Alexandria", "Loudoun & Hampshire")
    assert army.place("Alexandria", "depot").vp == 10 and army.place("Harrisburg", "depot").vp == 5
    assert army.place("Carlisle", "town").vp == 4
    assert army.place_at("E2812", "station").name == "6 Mile Post"
    assert [p.name for p in army.termini()] == ["Washington", "Alexandria", "Baltimore", "Harrisburg"]
    assert army.automatic_win_hexes() == ["E2809", "E2910", "E3205"]
    assert army.rail_links() == [("E3301", "S5801", 23), ("N5816", "N5821", 6)]
    assert army.line_hexes("Orange & Alexandria")[:3] == ["E2911", "E2812", "E2712"]
    assert army.line_hexes("Orange & Alexandria")[-1] == army.place("Rappahannock Station", "station").hex
    assert army.lines_at("E2614") == ["Orange & Alexandria", "Manassas Gap"]
    assert {"E3301", "S5801", "N5816", "N5821"} <= army.rail_hexes() and "E2101" not in army.rail_hexes()
    with pytest.raises(ArmyError, match="no rail line 'B&O'"):
        army.line_hexes("B&O")


def test_map_state(demo):
    alexandria = demo.army(ALEXANDRIA_SAVE)
    assert [p.name for p in alexandria.destroyed_stations()] == ["Alexandria"]
    assert alexandria.damaged_stations() == [] and alexandria.destroyed_depots() == []
    assert alexandria.confederate_counties() == []
    assert not alexandria.aqueduct_destroyed() and not alexandria.bridge_destroyed()
    general = demo.army(DEMO_SAVE)
    assert general.destroyed_stations() == []
    assert [a.name for a in general.confederate_counties()] == ["Loudoun County"]   # the marker on Leesburg


def test_the_worked_examples_positions(demo):
    rail = demo.army(RAIL_SAVE)
    couch = rail.named("Couch's Division")
    assert (couch.hex, couch.rail_last_turn, couch.corps, couch.fatigue) == ("E2812", False, "IV Corps", 0)
    assert rail.corps_leader("IV Corps", "Union") is None
    levy = demo.army(LEVY_SAVE)
    assert levy.named("A.P. Hill's Division").hex == levy.place("Carlisle", "town").hex == "N5619"
    assert {u.name for u in levy.units if levy.distance(u.hex, "N5619") == 1} == {"Ewell's Division",
                                                                                  "Fitz Lee's Brigade"}


def panic_total(army, losses):
    """Rulebook 2: demoralized Union manpower + losses + unsupplied Union divisions."""
    union = [u for u in army.of("Union") if u.is_combat]
    return (sum(u.manpower for u in union if u.demoralized) + losses
            + sum(1 for u in union if u.is_division and not u.supplied))


def test_the_panic_log_crosses_65(demo):
    game = demo.game(PANIC_SAVE)
    assert game.global_property("Date") == "Aug 20" and game.global_property("UnionLosses") == "33"
    assert panic_total(demo.army(PANIC_SAVE), 33) == 62
    log = demo.game(PANIC_LOG)
    totals = []
    for step in range(log.step_count + 1):
        log.seek(step)
        army = Army(Context(demo.module, demo.companion, log, str(demo.path(PANIC_LOG))))
        totals.append(panic_total(army, int(log.global_property("UnionLosses"))))
    assert totals[0] == 62 and totals[-1] == 68 and 64 in totals
    assert max(t for t in totals if t < 65) == 64   # just below, then across


def test_session_date_and_turn(demo):
    session = start(demo.context(DEMO_SAVE), "test")
    assert session.date == datetime.date(1862, 8, 20) and session.turn == 232
    assert start(demo.context(LEVY_SAVE), "test").date == datetime.date(1862, 9, 10)
    assert parse_date("Sep 2") == datetime.date(1862, 9, 2) and show_date(datetime.date(1862, 9, 2)) == "Sep 2"
    with pytest.raises(ArmyError, match="'Aug 32'"):
        parse_date("Aug 32")
    with pytest.raises(ArmyError, match="side must be Union or Confederate"):
        start(demo.context(DEMO_SAVE), "test", side="French")


def test_write_back(demo, tmp_path):
    army = demo.army(DEMO_SAVE)
    hill = army.named("A.P. Hill's Division")
    for attribute, value in (("manpower", 8), ("fatigue", 3), ("victuals", 1), ("ammo", 0), ("supplied", "false"),
                             ("disorganized", "true"), ("demoralized", "true")):
        assert army.write(hill, attribute, value), attribute
    couch = army.named("Couch's Division")
    assert army.write(couch, "rail_last_turn", "true")
    assert army.write(army.named("Porter"), "reorganized", "true")
    army.move(couch, "E2911")
    army.game.save(str(tmp_path / "after.vsav"))
    after = demo.army(tmp_path / "after.vsav")
    hill = after.named("A.P. Hill's Division")
    assert (hill.manpower, hill.fatigue, hill.victuals, hill.ammo) == (8, 3, 1, 0)
    assert (hill.supplied, hill.disorganized, hill.demoralized) == (False, True, True)
    assert after.named("Couch's Division").rail_last_turn and after.named("Couch's Division").hex == "E2911"
    assert after.named("Porter").reorganized


def test_a_position_moves_pieces_across_boards(demo, tmp_path):
    out = demo.position(DEMO_SAVE, tmp_path / "moved.vsav", moves={"Couch's Division": "N5816"},
                        properties={"Couch's Division": {"Fatigue": 2}})
    army = demo.army(out)
    assert army.named("Couch's Division").hex == "N5816" and army.named("Couch's Division").fatigue == 2
    assert piece_named(army.game, "Couch's Division").map == MAP_NAME
