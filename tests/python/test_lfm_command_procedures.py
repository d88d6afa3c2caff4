"""lfm.initiative and lfm.command on the demo's saves (tests/python/lfm_helpers.py): the 20.11 and
20.13 worked examples, the rolls of 20.4 applied and each command state written to the save."""
import pytest
from PIL import Image

from adjutant_plugins.lfm.command_distances import CommandDistances
from adjutant_plugins.lfm.demo import ACTING_SAVE, CHARTS, COMMAND_SAVE, DEMO_SAVE
from lfm_helpers import Demo, lines, piece_named


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lfm-command"))


def states(report, side):
    return {line.data["unit"]: line.data["in_command"] for line in lines(report, f"{side} command (")
            if "unit" in line.data}


def acting(report, side):
    return lines(report, f"{side} acting army commander")[0].data["commander"]


def written(game, name):
    return piece_named(game, name).properties["Command"]


def test_20_11_longstreet_in_command_stacked_with_early_puts_early_and_his_units_in_command(demo):
    report, game = demo.run(COMMAND_SAVE, "command", side="Confederate", rolls=["Longstreet command*=3"])
    found = states(report, "Confederate")
    assert found == dict.fromkeys(("Longstreet", "Early", "Hays", "5th Louisiana", "6th Louisiana",
                                   "7th Louisiana"), True)
    why = {line.data["unit"]: line.text for line in lines(report, "Confederate command (") if "unit" in line.data}
    assert "stacked with Longstreet" in why["Early"] and "(20.11)" in why["Early"]
    assert all(written(game, n) == "in" for n in found)


def test_20_11_without_longstreet_in_command_early_rolls_his_own(demo):
    report, game = demo.run(COMMAND_SAVE, "command", side="Confederate",
                            rolls=["Longstreet command*=6", "Longstreet command*=6", "Early command*=6"])
    found = states(report, "Confederate")
    assert not any(found.values())
    rolls = [line.data["commander"] for line in lines(report, "Confederate command rolls")]
    assert rolls == ["Longstreet", "Longstreet", "Early"]
    assert written(game, "Longstreet") == "out" and written(game, "7th Louisiana") == "out"


def test_20_5_regiments_chain_by_adjacency_within_their_brigade(demo, tmp_path):
    chained = demo.position(COMMAND_SAVE, tmp_path / "chain.vsav", moves={"6th Louisiana": "1505",
                                                                          "7th Louisiana": "1506"})
    report, _ = demo.run(chained, "command", side="Confederate", rolls=["Longstreet command*=3"])
    assert states(report, "Confederate")["7th Louisiana"] is True
    broken = demo.position(COMMAND_SAVE, tmp_path / "broken.vsav", moves={"6th Louisiana": "1505",
                                                                          "7th Louisiana": "1507"})
    report, game = demo.run(broken, "command", side="Confederate", rolls=["Longstreet command*=3"])
    assert states(report, "Confederate")["7th Louisiana"] is False
    assert written(game, "7th Louisiana") == "out"


def test_20_13_buford_acts_until_in_reynolds_range(demo, tmp_path):
    report, _ = demo.run(ACTING_SAVE, "command", side="Union", previous="Buford")
    assert acting(report, "Union") == "Buford"
    near = demo.position(ACTING_SAVE, tmp_path / "reynolds.vsav", moves={"Reynolds": "1308"})  # 4 hexes
    report, _ = demo.run(near, "command", side="Union", previous="Buford")
    assert acting(report, "Union") == "Reynolds"
    assert lines(report, "Union acting army commander")[0].data["relieved"] == ["Buford"]


def test_20_13_heth_then_hill_then_ewell_then_lee(demo, tmp_path):
    report, _ = demo.run(ACTING_SAVE, "command", side="Confederate", previous="Heth")
    assert acting(report, "Confederate") == "Heth"          # Hill and Ewell out of range
    hill = demo.position(ACTING_SAVE, tmp_path / "hill.vsav", moves={"Hill": "0408"})
    report, _ = demo.run(hill, "command", side="Confederate", previous="Heth")
    assert acting(report, "Confederate") == "Hill"
    report, _ = demo.run(hill, "command", side="Confederate", previous="Hill")
    assert acting(report, "Confederate") == "Hill"          # Ewell is not in range of Hill yet
    ewell = demo.position(hill, tmp_path / "ewell.vsav", moves={"Ewell": "0406"})
    report, _ = demo.run(ewell, "command", side="Confederate", previous="Hill")
    assert acting(report, "Confederate") == "Ewell"
    lee = demo.position(ewell, tmp_path / "lee.vsav", moves={"Lee": "0206"})
    report, _ = demo.run(lee, "command", side="Confederate", previous="Ewell")
    assert acting(report, "Confederate") == "Lee"


def test_20_13_first_turn_the_highest_ranked_acts(demo):
    report, _ = demo.run(ACTING_SAVE, "command", side="Confederate")
    assert acting(report, "Confederate") == "Ewell"         # the lowest numbered corps: II before III


def test_20_4_rolls_applied_in_order_and_written(demo):
    report, game = demo.run(DEMO_SAVE, "command", side="Union",
                            rolls=["Meade command*=5", "Reynolds command*=6", "Wadsworth command*=6",
                                   "Buford command*=1"])
    rolls = [(line.data["commander"], line.data["die"], line.data["passed"])
             for line in lines(report, "Union command rolls")]
    assert rolls == [("Meade", 5, False), ("Reynolds", 6, False), ("Wadsworth", 6, False), ("Buford", 1, True)]
    found = states(report, "Union")
    assert not found["Reynolds"] and not found["Meredith"] and not found["19th Indiana"]
    assert found["Gamble"] and found["12th Illinois Cavalry"]
    assert written(game, "19th Indiana") == "out"           # in before the phase
    assert written(game, "12th Illinois Cavalry") == "in"


def test_20_4_step_1_army_commander_passing_puts_corps_in_command(demo):
    report, game = demo.run(DEMO_SAVE, "command", side="Union", rolls=["Meade command*=4"])
    assert states(report, "Union")["Reynolds"] is True
    assert written(game, "Reynolds") == "in"


def test_22_3_detached_regiment_only_stacked_with_its_division_commander(demo, tmp_path):
    rolls = ["Meade command*=1", "Reynolds command*=1", "Wadsworth command*=1"]
    report, _ = demo.run(DEMO_SAVE, "command", side="Union", rolls=rolls)
    assert states(report, "Union")["56th Pennsylvania"] is False     # 1 hex from Cutler, detached
    stacked = demo.position(DEMO_SAVE, tmp_path / "detached.vsav", moves={"Wadsworth": "1304"})
    report, game = demo.run(stacked, "command", side="Union", rolls=rolls)
    assert states(report, "Union")["56th Pennsylvania"] is True
    assert written(game, "56th Pennsylvania") == "in"


def subordinates_only(tmp_path):
    """The demo's chart file read the other way: option command_own_initiative = "subordinates_only"."""
    path = tmp_path / "charts.toml"
    path.write_text(CHARTS.read_text() + 'command_own_initiative = "subordinates_only"\n')
    return path


def why(report, side):
    return {line.data["unit"]: line.text for line in lines(report, f"{side} command (") if "unit" in line.data}


def test_20_3_20_8_an_army_commander_out_of_command_puts_no_artillery_in_command(demo, tmp_path):
    near = demo.position(DEMO_SAVE, tmp_path / "near.vsav", moves={"Hall's Battery": "1908"})   # 1 from Meade
    failed = ["Meade command*=6", "Reynolds command*=6", "Wadsworth command*=6", "Buford command*=6"]
    report, game = demo.run(near, "command", side="Union", rolls=failed)
    found = states(report, "Union")
    assert found["Meade"] is False and found["Hall's Battery"] is False
    assert "Meade, the army commander, is out of command (20.3)" in why(report, "Union")["Hall's Battery"]
    assert written(game, "Hall's Battery") == "out"
    report, _ = demo.run(near, "command", side="Union", rolls=["Meade command*=1"] + failed[1:])
    assert "in range of Meade (the army commander)" in why(report, "Union")["Hall's Battery"]
    report, _ = demo.run(DEMO_SAVE, "command", side="Confederate", rolls=["Lee command*=6", "Hill command*=6",
                                                                     "Heth command*=6"])   # Pegram 6 from Lee
    assert states(report, "Confederate")["Pegram's Battery"] is False


def test_20_4_case_2_a_corps_commander_on_his_own_initiative_commands_his_artillery_20_8(demo, tmp_path):
    far = demo.position(DEMO_SAVE, tmp_path / "far.vsav", moves={"Reynolds": "1104", "Hall's Battery": "1105",
                                                                   "Wadsworth": "2016"})   # 9 from Meade
    rolls = ["Meade command*=6", "Reynolds command*=1", "Wadsworth command*=6", "Buford command*=6"]
    report, game = demo.run(far, "command", side="Union", rolls=rolls)
    found = states(report, "Union")
    assert found["Reynolds"] is True and found["Hall's Battery"] is True
    assert "in command: on his own initiative" in why(report, "Union")["Reynolds"]
    assert "(20.4 step 2 case 2, 20.3)" in why(report, "Union")["Reynolds"]
    assert "in range of Reynolds (in command)" in why(report, "Union")["Hall's Battery"]
    assert written(game, "Reynolds") == "in" and written(game, "Hall's Battery") == "in"
    report, game = demo.run(far, "command", side="Union", rolls=rolls, charts=subordinates_only(tmp_path))
    found = states(report, "Union")
    assert found["Reynolds"] is False and found["Hall's Battery"] is False
    assert 'command_own_initiative = "subordinates_only"' in why(report, "Union")["Reynolds"]
    assert written(game, "Hall's Battery") == "out"


def test_20_4_case_2_22_3_a_detached_regiment_stacked_with_a_division_commander_on_his_own_initiative(
        demo, tmp_path):
    heth = demo.position(DEMO_SAVE, tmp_path / "heth.vsav", moves={"Heth": "0608", "42nd Mississippi": "0608",
                                                                     "Hill": "0116"},   # Heth 11 from Hill
                         properties={"42nd Mississippi": {"Detached_Level": "2"}})
    rolls = ["Lee command*=1", "Hill command*=1", "Heth command*=1"]        # Heth: 1 + 1 shattered <= CV 3
    report, game = demo.run(heth, "command", side="Confederate", rolls=rolls)
    found = states(report, "Confederate")
    assert found["Heth"] is True and found["Archer"] is True and found["42nd Mississippi"] is True
    assert "(22.3, 20.11)" in why(report, "Confederate")["42nd Mississippi"]
    assert written(game, "42nd Mississippi") == "in"
    report, _ = demo.run(heth, "command", side="Confederate", rolls=rolls, charts=subordinates_only(tmp_path))
    found = states(report, "Confederate")
    assert found["Heth"] is False and found["Archer"] is True and found["42nd Mississippi"] is False


def test_20_11_trace_not_through_an_enemy_zone_unless_a_friendly_unit_is_there(demo, tmp_path):
    army = demo.army(COMMAND_SAVE)        # Reynolds' zone covers 1708 and 1809
    reach = CommandDistances(army, "Confederate")("1707", "1909")
    assert (reach.hexes, reach.path) == (3, 5)
    held = demo.position(COMMAND_SAVE, tmp_path / "held.vsav", moves={"6th Louisiana": "1708"})
    reach = CommandDistances(demo.army(held), "Confederate")("1707", "1909")
    assert (reach.hexes, reach.path) == (3, 4)


def test_20_11_trace_may_end_in_an_enemy_zone(demo):
    reach = CommandDistances(demo.army(COMMAND_SAVE), "Confederate")("1607", "1707")
    assert (reach.path, reach.end_zoned) == (1, True)


def test_sequence_1_initiative_tie_goes_to_the_higher_cv(demo):
    report, _ = demo.run(ACTING_SAVE, "initiative", union_previous="Buford", confederate_previous="Heth",
                         rolls=["Union initiative=3", "Confederate initiative=5"])
    last = lines(report, "Army commanders")[-1]
    assert last.data["winner"] == "Union" and last.data["rounds"] == 1   # 3 + 5 = 5 + 3, Buford's CV 5 > Heth's 3
    assert "Union (Buford, CV 5): d6 3 + 5 = 8" in lines(report, "Army commanders")[2].text


def test_sequence_1_initiative_equal_cv_rolls_again(demo, tmp_path):
    lee = demo.position(ACTING_SAVE, tmp_path / "lee.vsav", moves={"Lee": "0206"})    # CV 5, as Buford's
    report, _ = demo.run(lee, "initiative", union_previous="Buford",
                         rolls=["Union initiative=3", "Confederate initiative=3",
                                "Union initiative (roll 2)=1", "Confederate initiative (roll 2)=2"])
    last = lines(report, "Army commanders")[-1]
    assert last.data["winner"] == "Confederate" and last.data["rounds"] == 2


def test_command_is_one_sides_procedure(demo):
    with pytest.raises(ValueError, match="side"):
        demo.run(COMMAND_SAVE, "command")


def test_20_4_the_command_chain_is_drawn_as_a_picture(demo, tmp_path):
    picture = tmp_path / "chain.png"
    report, _ = demo.run(COMMAND_SAVE, "command", side="Confederate", rolls=["Longstreet command*=3"],
                         picture=picture)
    assert report.files == [str(picture)]
    with Image.open(picture) as image:
        colours = {c for _, c in image.convert("RGB").getcolors(1 << 20)}
    assert (0x2e, 0x8b, 0x57) in colours   # in command: green
    with pytest.raises(Exception, match="exist"):   # never over a file
        demo.run(COMMAND_SAVE, "command", side="Confederate", rolls=["Longstreet command*=3"], picture=picture)
