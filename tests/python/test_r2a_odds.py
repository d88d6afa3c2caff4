"""r2a.odds on the demo's module and saves: the exact chance of each outcome of a reorganization
(2), paralysis (3), rail (4) or forage (8) roll before rolling, nothing rolled; each test named
after its clause."""
from fractions import Fraction

import pytest

from adjutant_plugins.r2a.army import ArmyError
from adjutant_plugins.r2a.demo import DEMO_SAVE, LEVY_SAVE, RAIL_SAVE
from adjutant_plugins.r2a.demo.positions import DEMO_HEXES, unit
from adjutant_plugins.r2a.demo.saves import write_save
from r2a_helpers import Demo, lines, texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-odds"))


def chances(report, key):
    return {x.data[key]: Fraction(x.data["chance"]) for x in lines(report) if "chance" in x.data
            and x.data["chance"] is not None}


def save_of(tmp_path, placement, date="Aug 20", **properties):
    path = tmp_path / "position.vsav"
    write_save(str(path), placement, "an odds test", date=date, properties=properties)
    return path


# ---- 4: rail ----

def test_4_couch_not_moved_by_rail_last_turn_moves_on_1_to_3(demo):
    report, _ = demo.run(RAIL_SAVE, "odds", kind="rail", unit="Couch's Division")
    assert chances(report, "unit") == {"Couch's Division": Fraction(1, 2)}
    assert any("+1 fatigue whatever the roll" in t for t in texts(report))
    assert not report.rolls


def test_4_moved_by_rail_last_turn_subtracts_two(demo):
    report, _ = demo.run(RAIL_SAVE, "odds", kind="rail", unit="Smith's Division")
    assert chances(report, "unit") == {"Smith's Division": Fraction(5, 6)}


def test_4_only_union_infantry_moves_by_rail(demo):
    with pytest.raises(ArmyError, match="only Union infantry"):
        demo.run(DEMO_SAVE, "odds", kind="rail", unit="3rd Indiana Cavalry")


# ---- 3: paralysis ----

def test_3_the_bonus_follows_the_distance_to_the_army_commander(demo):
    report, _ = demo.run(DEMO_SAVE, "odds", kind="paralysis", side="Confederate")
    # Jackson (5) 1 hex from Lee, radius 6: d6 + 7 > 10 on 4-6; Longstreet (4) 2 hexes: d6 + 6 on 5-6
    assert chances(report, "corps") == {"Jackson's Command": Fraction(1, 2), "Longstreet's Command": Fraction(1, 3)}
    union, _ = demo.run(DEMO_SAVE, "odds", kind="paralysis", side="Union", corps="III Corps")
    assert "+1 5 hexes from the army commander, beyond his command radius 4" in texts(union)[-1]


def test_3_paralysis_odds_need_side_as_r2a_paralysis_does(demo):
    with pytest.raises(ArmyError, match="kind=paralysis needs side=Union or side=Confederate"):
        demo.run(DEMO_SAVE, "odds", kind="paralysis")
    with pytest.raises(ValueError, match="procedure 'paralysis' needs parameter 'side'"):
        demo.run(DEMO_SAVE, "paralysis")
    with pytest.raises(ValueError, match="parameter 'side' must be one of Union, Confederate"):
        demo.run(DEMO_SAVE, "odds", kind="paralysis", side="Blue")


def test_3_in_the_army_commanders_hex_adds_3(demo, tmp_path):
    save = save_of(tmp_path, {**DEMO_HEXES, "E2215": [unit("Lee"), unit("Jackson")],
                              "E2314": [unit("A.P. Hill's Division")]})
    report, _ = demo.run(save, "odds", kind="paralysis", side="Confederate", corps="Jackson")
    assert chances(report, "corps") == {"Jackson's Command": Fraction(2, 3)}   # d6 + 5 + 3 > 10 on 3-6


# ---- 2: reorganization ----

def test_2_no_reorganization_roll_before_mcclellans_takeover(demo):
    with pytest.raises(ArmyError, match="McClellan has not taken command"):
        demo.run(DEMO_SAVE, "odds", kind="reorganization")


def test_2_no_roll_on_the_takeover_turn(demo, tmp_path):
    report, _ = demo.run(save_of(tmp_path, DEMO_HEXES, TakeoverDate="Aug 20"), "odds", kind="reorganization")
    assert any("no reorganization roll on Aug 20" in t for t in texts(report))
    assert chances(report, "corps") == {}


MCCLELLAN_WITH_FRANKLIN = {**DEMO_HEXES, "E2808": [unit("McClellan"), unit("Franklin")],
                           "E2912": [unit("Slocum's Division"), unit("Smith's Division")]}


def test_2_without_panic_the_turn_after_adds_two_and_mcclellans_hex_two_more(demo, tmp_path):
    save = save_of(tmp_path, MCCLELLAN_WITH_FRANKLIN, date="Aug 21", TakeoverDate="Aug 20")
    report, _ = demo.run(save, "odds", kind="reorganization")
    got = chances(report, "corps")
    # Franklin (2) + 2 (T+1 without Panic) + 2 (McClellan's hex) > 10 on 5-6; Heintzelman (2) + 2 never
    assert got["VI Corps"] == Fraction(1, 3) and got["III Corps"] == 0
    assert got["II Corps"] == 1   # Sumner's corps was reorganized on an earlier turn


def test_2_with_panic_the_turn_after_has_no_bonus(demo, tmp_path):
    save = save_of(tmp_path, MCCLELLAN_WITH_FRANKLIN, date="Aug 21", TakeoverDate="Aug 20", PanicDate="Aug 18")
    report, _ = demo.run(save, "odds", kind="reorganization", corps="VI Corps")
    assert chances(report, "corps") == {"VI Corps": Fraction(0)}   # 2 + 2 + d6 never passes 10


def test_2_the_bonus_parameter_replaces_the_schedule(demo):
    report, _ = demo.run(DEMO_SAVE, "odds", kind="reorganization", corps="VI Corps", bonus=6)
    assert chances(report, "corps") == {"VI Corps": Fraction(2, 3)}   # d6 + 2 + 6 > 10 on 3-6
    assert any("parameter bonus=" in t for t in texts(report))


# ---- 8: forage ----

def test_8_forage_in_virginia_reads_the_hexs_forage_region(demo):
    report, _ = demo.run(DEMO_SAVE, "odds", kind="forage", unit="Taliaferro's Division")
    # forage value 2 (Northern Virginia): 1-3 the value, 4 half rounded up, 5 half rounded down, 6 none
    assert chances(report, "victuals") == {2: Fraction(1, 2), 1: Fraction(1, 3), 0: Fraction(1, 6)}


def test_8_optional_III_pennsylvania_4_and_harpers_ferry_adds_one(demo):
    report, _ = demo.run(LEVY_SAVE, "odds", kind="forage", unit="Ewell's Division", union_holds_harpers_ferry="no")
    assert chances(report, "victuals") == {4: Fraction(1, 2), 2: Fraction(1, 3), 0: Fraction(1, 6)}
    assert any("(union_holds_harpers_ferry= given)" in t for t in texts(report))
    report, _ = demo.run(LEVY_SAVE, "odds", kind="forage", unit="Ewell's Division", union_holds_harpers_ferry="yes")
    assert chances(report, "victuals") == {4: Fraction(1, 3), 2: Fraction(1, 3), 0: Fraction(1, 3)}


def test_8_forage_odds_read_harpers_ferry_from_the_map_as_r2a_forage_does(demo):
    # Harper's Ferry empty, no Confederate control marker: the Union's, +1, as r2a.forage reads it
    odds, _ = demo.run(LEVY_SAVE, "odds", kind="forage", unit="Fitz Lee's Brigade")
    forage, _ = demo.run(LEVY_SAVE, "forage", unit="Fitz Lee's Brigade", rolls=("forage Fitz Lee's Brigade=3",))
    held = "Optional III: the Union holds Harper's Ferry (Harper's Ferry"
    assert any(t.startswith(held) for t in texts(odds)) and any(t.startswith(held) for t in texts(forage))
    assert not any("given" in t for t in texts(odds))
    assert any(x.data.get("modifier") == 1 for x in lines(odds))
