"""The LFM plugin's base: the demo module and saves, the CCRR hex names, the unit vocabulary read
through the companion file's [units] mapping, stacks top first, zones of control (5.1: the unit's
own hex and the 6 around it) and of influence (6.1: 3 hexes, artillery 5, where the unit sees; none
at night, 23.5), breastworks (24), the chain of command (20.2), and writing back into a save."""
import pytest

from adjutant.cli import main
from adjutant.plugin import Context
from adjutant.plugin_host import load_plugins
from adjutant_plugins.lfm.army import ArmyError
from adjutant_plugins.lfm.demo import (ACTING_SAVE, COMBAT_SAVE, COMMAND_SAVE, DEMO_SAVE, ENTRY_SAVE, MODULE, SAVES,
                                       ZOC_SAVE)
from adjutant_plugins.lfm.demo.module import BOARD_NAME, MAP_NAME
from adjutant_plugins.lfm.session import start

from lfm_helpers import Demo


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lfm-demo"))


def test_demo_files_open(demo):
    assert (demo.folder / MODULE).exists()
    for save in SAVES:
        game = demo.game(save)
        army = demo.army(save)
        units = [p for p in game.pieces if p.map and p.name not in ("Breastworks", "Build")]
        assert len(army.units) + len(army.off_map) == len(units)


@pytest.mark.parametrize("name, point", [("0101", (40, 60)), ("0201", (95, 28)), ("0907", (483, 444)),
                                         ("2016", (1093, 988)), ("2001", (1093, 28))])
def test_hex_names_both_ways(demo, name, point):
    """CCRR: column then row, both from 01 at the top left; odd columns stand half a hex lower."""
    view = demo.module.find_map(MAP_NAME)
    assert view.point_of(name) == point
    assert view.location_name(*point) == name
    grid = view.hex_grid(BOARD_NAME)
    assert grid.name(grid.hex(name)) == name   # the engine names it so too


def test_regiment_vocabulary(demo):
    army = demo.army(DEMO_SAVE)
    u = army.named("42nd Mississippi")
    assert (u.side, u.type, u.sp, u.printed_sp, u.cohesion, u.mode) == ("Confederate", "infantry", 3, 5, 3, "")
    assert (u.brigade, u.division, u.corps) == ("Davis's Brigade", "Heth's Division", "III Corps")
    assert (u.command, u.disorganized, u.shattered, u.detached, u.hex) == ("out", False, False, False, "0610")
    assert army.named("6th Wisconsin").disorganized and army.named("6th Wisconsin").counts_disorganized
    assert army.named("56th Pennsylvania").detached
    assert army.named("19th Indiana").in_command


def test_modes_and_movement_classes(demo):
    """1.2: infantry and dismounted cavalry 5 MP, mounted cavalry and horse artillery 8, in quarter MP."""
    army = demo.army(DEMO_SAVE)
    expected = {"19th Indiana": ("", "infantry", "20"), "8th Illinois Cavalry": ("dismounted", "dismounted cavalry", "20"),
                "12th Illinois Cavalry": ("mounted", "mounted cavalry", "32"),
                "Calef's Battery": ("limbered", "horse artillery", "32"),
                "Hall's Battery": ("unlimbered", "unlimbered artillery", "0"), "Meade": ("", "commander", "32")}
    for name, (mode, cls, ma) in expected.items():
        u = army.named(name)
        assert (u.mode, u.attributes["class"], u.attributes["ma"]) == (mode, cls, ma), name
    assert army.named("12th Illinois Cavalry").mounted and army.named("Calef's Battery").limbered
    assert army.named("Calef's Battery").is_artillery and not army.named("Meade").is_combat


def test_commanders_ranks_and_cv(demo):
    army = demo.army(DEMO_SAVE)
    ranks = {u.name: (u.rank, u.stars, u.cv, u.formation) for u in army.units if u.is_commander}
    assert ranks["Meade"] == ("army", 4, 4, "")
    assert ranks["Reynolds"] == ("corps", 3, 5, "I Corps")
    assert ranks["Heth"] == ("division", 2, 3, "Heth's Division")
    assert ranks["Meredith"] == ("brigade", 1, None, "Meredith's Brigade")
    assert army.army_commander("Union").name == "Meade"
    assert [c.name for c in army.chain(army.named("24th Michigan"))] == ["Meredith", "Wadsworth", "Reynolds", "Meade"]
    assert [c.name for c in army.chain(army.named("Gamble"))] == ["Buford", "Meade"]   # no cavalry corps commander
    assert army.superior(army.named("Heth")).name == "Hill"
    assert [c.name for c in army.subordinates(army.named("Wadsworth"))] == ["Meredith", "Cutler"]
    assert [u.name for u in army.brigade_units("Archer's Brigade", "Confederate")] == \
        ["1st Tennessee", "7th Tennessee", "14th Tennessee"]


def test_stack_top_first_20_11(demo):
    """20.11: in-command Longstreet stacked with Early, Hays and the 5th Louisiana, the chain of
    adjacent regiments of the brigade beside them."""
    army = demo.army(COMMAND_SAVE)
    assert [u.name for u in army.in_hex("1503")] == ["Longstreet", "Early", "Hays", "5th Louisiana"]
    assert army.top("1503").name == "5th Louisiana" and army.top("1503", combat=False).name == "Longstreet"
    longstreet, early = army.named("Longstreet"), army.named("Early")
    assert longstreet.in_command and (longstreet.stars, early.stars) == (3, 2) and longstreet.corps != early.corps
    assert army.adjacent("1503", "1504") and army.adjacent("1504", "1505")
    assert [c.name for c in army.chain(army.named("7th Louisiana"))] == ["Hays", "Early"]


def test_acting_army_commanders_20_13(demo):
    army = demo.army(ACTING_SAVE)
    assert army.army_commander("Confederate") is None and army.army_commander("Union") is None
    assert {u.name for u in army.off_map} == {"Meade", "Lee"}   # in the Reinforcements box
    assert army.distance(army.named("Buford").hex, army.named("Reynolds").hex) == 10
    assert [c.name for c in army.commanders("Confederate")] == ["Hill", "Ewell", "Heth", "Archer"]
    assert army.distance("0608", "0116") > 8 and army.distance("0116", "1201") > 8


def test_entry_road_26_5(demo):
    army = demo.army(ENTRY_SAVE)
    entry = [p for p in army.map.places("entry") if p.properties["side"] == "Confederate"]
    assert [p.hexes for p in entry] == [["0108"]] and "pike" in army.lines_at("0108")
    assert sorted(u.name for u in army.off_map) == ["2nd Mississippi", "42nd Mississippi", "55th North Carolina",
                                                   "Davis"]
    assert "0108" not in army.influence_hexes("Union")   # 26.6: road movement may enter here


def test_zones_of_control_own_hex_and_six_5_1(demo):
    """8.2: enemy hex C (0414) is in the ZOC of friendly A (0313) and B (0514); C's own ZOC is its
    hex and the 6 around it."""
    army = demo.army(ZOC_SAVE)
    assert army.zone_hexes("Confederate") == {"0414", *army.neighbours("0414")}
    assert len(army.neighbours("0414")) == 6
    union = army.zone_hexes("Union")
    assert {"0313", "0514", "0414"} <= union
    assert army.in_zone(army.named("7th Tennessee")) and army.in_zone(army.named("19th Indiana"))
    assert "0612" not in union


def test_commanders_exert_no_zone(demo, tmp_path):
    out = demo.position(ZOC_SAVE, tmp_path / "alone.vsav", moves={"Meredith": "1010"})
    army = demo.army(out)
    assert "1110" not in army.zone_hexes("Union") and army.named("Meredith").hex == "1010"


def test_zone_of_influence_where_seen_6_1(demo):
    army = demo.army(ZOC_SAVE)
    tennessee = army.named("7th Tennessee")   # 0414, level 0
    zoi = set(army.influence(tennessee))
    assert "0414" not in zoi and all(army.distance("0414", h) <= 3 for h in zoi)
    assert "0614" in zoi        # level 1, 2 hexes: nothing between is higher
    assert "0714" not in zoi    # level 1, 3 hexes: 27.3, the ridge hex at the target's level
    assert army.influence(tennessee, night=True) == []   # 23.5
    assert army.influence(army.named("Archer")) == []    # a commander is no combat unit
    assert army.influence_hexes("Confederate") == zoi


def test_artillery_influence_reaches_5(demo):
    army = demo.army(DEMO_SAVE)
    battery = army.named("Hall's Battery")   # 1108
    reach = max(army.distance("1108", h) for h in army.influence(battery))
    assert reach == 5
    assert max(army.distance("1107", h) for h in army.influence(army.named("19th Indiana"))) == 3


def test_combat_example_8_9_position(demo):
    army = demo.army(COMBAT_SAVE)
    assert army.breastworks("0910") and not army.breastworks("0810")
    assert army.breastworks("1307")   # 24.3: a town is permanent breastworks
    assert army.adjacent("0810", "0910") and army.adjacent("1010", "0910") and not army.adjacent("0810", "1010")
    assert army.elevation("0810") == army.elevation("1010") == 1 > army.elevation("0910") == 0
    assert army.named("Wadsworth").cv == 5 and army.named("Wadsworth").hex == "0810"
    assert all(u.disorganized for u in army.in_hex("1010") if u.is_combat)
    assert [u.name for u in army.in_hex("0910")] == ["Davis", "55th North Carolina", "42nd Mississippi"]


def test_terrain_and_hexsides(demo):
    army = demo.army(DEMO_SAVE)
    assert (army.terrain("0301"), army.terrain("1307"), army.terrain("0907")) == ("woods", "town", "clear")
    assert set(army.hexside("0408", "0508")) == {"creek", "bridge"}
    assert army.hexside("1109", "1209") == ("stone wall",)
    assert army.hexside("0510", "0610") == ("steep slope",)
    assert army.opposite("0910", "0810") == "1011"


def test_write_back_lands_in_the_save(demo, tmp_path):
    game = demo.game(DEMO_SAVE)
    army = start(Context(demo.module, demo.companion, game, DEMO_SAVE), "test").army
    regiment, battery, brigadier = army.named("1st Tennessee"), army.named("Pegram's Battery"), army.named("Archer")
    assert army.write(regiment, "sp", 2) and army.write(regiment, "disorganized", "true")
    assert army.write(regiment, "detached", "true") and army.write(regiment, "command", "in")
    assert army.write(battery, "mode", "limbered") and army.write(brigadier, "shattered", "true")
    army.move(regiment, "0606")
    game.save(str(tmp_path / "written.vsav"))
    again = demo.army(tmp_path / "written.vsav")
    one = again.named("1st Tennessee")
    assert (one.sp, one.disorganized, one.detached, one.command, one.hex) == (2, True, True, "in", "0606")
    assert again.named("Pegram's Battery").mode == "limbered" and again.named("Archer").shattered


def test_session_reads_turn_and_night(demo, tmp_path):
    session = start(demo.context(DEMO_SAVE), "test")
    assert (session.turn, session.night) == (3, False) and session.influence_hexes("Union")
    game = demo.game(DEMO_SAVE)
    game.set_global_property("Night", "true")
    game.save(str(tmp_path / "night.vsav"))
    night = start(demo.context(tmp_path / "night.vsav"), "test")
    assert night.night and night.influence_hexes("Union") == set()
    with pytest.raises(ArmyError, match="side must be"):
        start(demo.context(DEMO_SAVE), "test", side="Rebels")


def test_unknown_hex_names_the_scheme(demo):
    with pytest.raises(ArmyError, match="0101"):
        demo.army(DEMO_SAVE).in_hex("A10.10")


def test_plugins_lists_lfm(capsys):
    assert main(["plugins"]) in (0, None)
    assert "lfm Last Full Measure" in capsys.readouterr().out
    plugin = load_plugins()["lfm"]
    assert {"moves", "setup"} == {t.name for t in plugin.checks()}
    assert plugin.rules == "lfm"
