"""The CWR plugin's base: the demo module and saves, the series' hex names (1.4a), the unit
vocabulary read through the companion file's [units] mapping, stacks top first, facing and
frontal hexes, and writing a property back into a save."""
import pytest

from adjutant.cli import main
from adjutant.plugin import Context
from adjutant.plugin_host import load_plugins
from adjutant_plugins.cwr.army import ArmyError
from adjutant_plugins.cwr.demo import (CLOSE_COMBAT_SAVE, DEMO_SAVE, FIRE_SAVE, FIREFIGHT_SAVE, MODULE, SAVES,
                                       WRECKED_SAVE)
from adjutant_plugins.cwr.demo.module import BOARD_NAME, MAP_NAME
from adjutant_plugins.cwr.session import start

from cwr_helpers import Demo


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-demo"))


def test_demo_files_open(demo):
    assert (demo.folder / MODULE).exists()
    for save in SAVES:
        game = demo.game(save)
        assert len(demo.army(save).units) == sum(1 for p in game.pieces if p.map)


@pytest.mark.parametrize("name, point", [("A1.01", (40, 748)), ("A2.01", (95, 716)), ("A10.10", (538, 140)),
                                         ("A16.12", (871, 12)), ("A1.12", (40, 44))])
def test_hex_names_1_4a_both_ways(demo, name, point):
    """1.4a: map letter, column from the left, row from the bottom, as VASSAL's numbering names them."""
    view = demo.module.find_map(MAP_NAME)
    assert view.point_of(name) == point
    assert view.location_name(*point) == name
    grid = view.hex_grid(BOARD_NAME)
    assert grid.name(grid.hex(name)) == grid.location_name(grid.hex(name)) == name   # the engine names it so too


def test_rows_count_from_the_bottom(demo):
    view = demo.module.find_map(MAP_NAME)
    assert view.point_of("A5.01")[1] > view.point_of("A5.02")[1] > view.point_of("A5.12")[1]
    assert view.point_of("A1.05")[0] < view.point_of("A2.05")[0] < view.point_of("A16.05")[0]


def test_regiment_vocabulary(demo):
    army = demo.army(FIRE_SAVE)
    u = army.named("19th Indiana")
    assert (u.side, u.type, u.weapon, u.sp, u.printed_sp, u.morale) == ("Union", "infantry", "R", 6, 6, "B")
    assert (u.formation, u.facing, u.state, u.ammo, u.wrecked) == ("line", 0, "normal", "normal", False)
    assert (u.brigade, u.division, u.corps) == ("Meredith's Brigade", "Wadsworth's Division", "I Corps")
    assert u.hex == "A2.02"
    assert army.named("1st Tennessee").facing == 3


def test_battery_guns_and_leaders(demo):
    army = demo.army(FIRE_SAVE)
    battery = army.named("Stevens's Battery")
    assert (battery.type, battery.weapon, battery.sp, battery.printed_sp, battery.formation) == \
        ("artillery", "N", 5, 6, "unlimbered")
    army = demo.army(CLOSE_COMBAT_SAVE)
    meredith = army.named("Meredith")
    assert (meredith.type, meredith.rating, meredith.morale_rating, meredith.facing) == ("leader", 2, 3, None)
    heth = demo.army(DEMO_SAVE).named("Heth")
    assert (heth.rating, heth.morale_rating) == (2, 2)   # one rating serves for both


def test_every_unit_reads_its_vocabulary(demo):
    army = demo.army(DEMO_SAVE)
    assert {u.type for u in army.units} == {"infantry", "cavalry", "artillery", "leader", "hq", "wagon"}
    for u in army.units:
        assert u.side in ("Union", "Confederate") and u.attributes["class"] and u.attributes["kind"]
        if u.is_combat:
            assert u.weapon and u.sp > 0 and u.morale in "ABCDEF" and u.state in ("normal", "sh")
            assert (u.facing is None) == (u.formation in ("column", "mounted", "limbered"))
    assert army.named("42nd Mississippi").state == "sh"
    assert army.named("14th Tennessee").formation == "column"
    assert army.named("8th Illinois Cavalry").attributes["ma"] == "12"   # 3.1c: mounted
    assert army.named("17th Virginia Cavalry").attributes["ma"] == "6"   # 3.1c: in line


def test_stack_top_first(demo):
    """5.1a counts infantry from the top of the stack down: the Army lists a stack top first."""
    army = demo.army(FIRE_SAVE)
    assert [u.name for u in army.in_hex("A9.04")] == ["24th Michigan", "Stevens's Battery"]
    assert army.top("A9.04").name == "24th Michigan"
    close = demo.army(CLOSE_COMBAT_SAVE)
    assert [u.name for u in close.in_hex("A9.06")] == ["Meredith", "24th Michigan", "19th Indiana"]
    assert close.top("A9.06").name == "24th Michigan"


def test_worked_example_distances(demo):
    army = demo.army(FIRE_SAVE)
    assert army.distance("A2.02", "A2.03") == 1           # 5.2: R6 at 1 hex
    assert army.distance("A2.06", "A2.09") == 3           # 5.2: 5 SP at 3 hexes
    assert army.distance("A9.04", "A9.06") == army.distance("A9.04", "A10.05") == 2   # 5.4
    wrecked = demo.army(WRECKED_SAVE)
    assert [(u.printed_sp, u.sp) for u in map(wrecked.named, ("76th New York", "147th New York"))] == [(6, 3), (5, 2)]


def test_facing_frontal_and_rear(demo):
    """3.3: the 3 frontal hexsides; the close combat's third attacker stands behind the defender."""
    army = demo.army(CLOSE_COMBAT_SAVE)
    defender = army.named("55th North Carolina")
    assert army.direction("A9.07", "A9.06") == 3 and army.direction("A9.07", "A9.08") == 0
    assert set(army.frontal_hexes(defender)) == {"A9.06", "A8.06", "A10.06"}
    assert army.relative_side(defender, "A9.08") == 3
    assert army.relative_side(defender, "A9.06") == 0


def test_frontal_zones_3_4(demo):
    """3.4: zones in the 3 frontal hexes of units in line and unlimbered artillery only."""
    army = demo.army(FIREFIGHT_SAVE)
    union_zone = army.zone_hexes("Union")
    assert {"A7.05", "A8.05", "A9.05", "A10.05"} <= union_zone
    assert "A8.03" not in union_zone and "A7.03" not in union_zone   # behind the line


def test_routed_units_have_no_zone(demo, tmp_path):
    out = demo.position(FIRE_SAVE, tmp_path / "routed.vsav", properties={"19th Indiana": {"State_Level": 4}})
    army = demo.army(out)
    assert army.named("19th Indiana").state == "r"
    assert army.named("19th Indiana").attributes["class"] == "infantry line routed"
    assert "A3.03" not in army.zone_hexes("Union")
    assert "A3.03" in demo.army(FIRE_SAVE).zone_hexes("Union")


def test_write_back_lands_in_the_save(demo, tmp_path):
    game = demo.game(FIRE_SAVE)
    army = start(Context(demo.module, demo.companion, game, FIRE_SAVE), "test").army
    unit = army.named("1st Tennessee")
    assert army.write(unit, "sp", 4) and army.write(unit, "state", "dg") and army.write(unit, "ammo", "low")
    assert army.write(unit, "facing", 2)   # the rotator turned: Facing_Facing 3
    game.save(str(tmp_path / "written.vsav"))
    again = demo.army(tmp_path / "written.vsav").named("1st Tennessee")
    assert (again.sp, again.state, again.ammo, again.facing) == (4, "dg", "low", 2)


def test_session_reads_turn_and_hour(demo):
    session = start(Context(demo.module, demo.companion, demo.game(DEMO_SAVE), DEMO_SAVE), "test")
    assert (session.turn, session.hour, session.on_the_hour) == (4, "08:00", True)
    with pytest.raises(ArmyError, match="side must be"):
        start(Context(demo.module, demo.companion, demo.game(DEMO_SAVE), DEMO_SAVE), "test", side="Rebels")


def test_unknown_hex_names_the_scheme(demo):
    with pytest.raises(ArmyError, match="A1.12"):
        demo.army(FIRE_SAVE).in_hex("10.10")   # the bare grid location is no hex name here


def test_plugins_lists_cwr(capsys):
    assert main(["plugins"]) in (0, None)
    assert "cwr Civil War Regimental Series" in capsys.readouterr().out
    assert {"moves", "setup"} == {t.name for t in load_plugins()["cwr"].checks()}
