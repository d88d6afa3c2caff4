"""Supply (CWR 8.0-8.3, 5.7c): Low and No Ammo, resupply from the unit's own corps wagon or the army
train, supply wagons overrun and fired on, the army train's roads."""
from pathlib import Path

import pytest

from adjutant_plugins.cwr.charts import TEMPLATE, CwrCharts
from adjutant_plugins.cwr.close_combat_entry import CcUnit
from adjutant_plugins.cwr.supply import (Wagon, ammo_after_fire, ammo_fire_effect, resupply, train_may_enter,
                                         wagon_fired_on, wagon_overrun)

DEMO = Path(TEMPLATE).with_name("demo") / "charts.toml"
I_WAGON = Wagon("I Corps wagon", "Union", "wagon", "I")
XI_WAGON = Wagon("XI Corps wagon", "Union", "wagon", "XI")
TRAIN = Wagon("Army train", "Union", "train")
REB_TRAIN = Wagon("ANV train", "Confederate", "train")


@pytest.fixture(scope="module")
def charts():
    return CwrCharts.load(DEMO)


def unit(type="infantry", ammo="low", corps="I", **kw):
    return CcUnit("19th Ind", "Union", type, 5, ammo=ammo, corps=corps, **kw)


@pytest.mark.parametrize("before, roll, after", [("normal", 11, "low"), ("normal", 12, "low"), ("low", 11, "none"),
                                                 ("low", 12, "none"), ("none", 12, "none"), ("normal", 10, "normal"),
                                                 ("low", 2, "low")])
def test_8_2_a_roll_of_11_or_12_makes_low_ammo_then_no_ammo(charts, before, roll, after):
    assert ammo_after_fire(before, roll, charts).ammo == after


def test_8_2_low_ammo_fires_one_column_left_and_no_ammo_cannot_fire(charts):
    assert ammo_fire_effect("normal", charts) == (True, 0)
    assert ammo_fire_effect("low", charts) == (True, -1)
    assert ammo_fire_effect("none", charts) == (False, 0)


def test_8_2_low_ammo_reads_the_fire_charts_one_copy(tmp_path):
    """The Low Ammo rolls and shift are the fire block's ([fire] low_ammo_rolls, [fire_column_shifts]
    low_ammo): changed there, supply follows; the supply block has no copy of them."""
    text = DEMO.read_text(encoding="utf-8")
    changed = text.replace("low_ammo_rolls = [11, 12]", "low_ammo_rolls = [12]", 1)
    changed = changed.replace("low_ammo = -1 ", "low_ammo = -2 ", 1)
    assert changed != text
    path = tmp_path / "charts.toml"
    path.write_text(changed, encoding="utf-8")
    mine = CwrCharts.load(path)
    assert ammo_after_fire("normal", 11, mine).ammo == "normal"
    assert ammo_after_fire("normal", 12, mine).ammo == "low"
    assert ammo_fire_effect("low", mine) == (True, -2)
    assert "low_ammo_rolls" not in mine.file.section("supply")

def test_8_3_resupply_at_four_hexes_from_every_enemy_unit(charts):
    assert resupply(unit(), 4, [(I_WAGON, 1)], charts).ammo == "normal"
    near = resupply(unit(ammo="none"), 3, [(I_WAGON, 1)], charts)
    assert not near.eligible and near.ammo == "none" and [c for c, _ in near.reasons] == ["8.3"]


def test_8_3_resupply_within_two_hexes_of_a_wagon(charts):
    assert resupply(unit(), 6, [(I_WAGON, 2)], charts).source == "I Corps wagon"
    assert [c for c, _ in resupply(unit(), 6, [(I_WAGON, 3)], charts).reasons] == ["8.3, 8.3a"]


def test_8_3a_only_the_units_own_corps_wagon_or_the_army_train(charts):
    assert not resupply(unit(), 6, [(XI_WAGON, 1), (REB_TRAIN, 1)], charts).eligible
    assert resupply(unit(), 6, [(XI_WAGON, 1), (TRAIN, 2)], charts).source == "Army train"
    assert resupply(unit(), 6, [(TRAIN, 1), (I_WAGON, 1)], charts).source == "I Corps wagon"


def test_8_3a_a_unit_without_a_corps_draws_from_the_army_train_only(charts):
    assert not resupply(unit(corps=""), 6, [(I_WAGON, 0)], charts).eligible
    assert resupply(unit(corps=""), 6, [(TRAIN, 2)], charts).eligible


@pytest.mark.parametrize("state, ok", [("normal", True), ("sh", True), ("bl", True), ("dg", False), ("r", False)])
def test_8_3b_disorganized_or_routed_units_cannot_resupply(charts, state, ok):
    assert resupply(unit(state=state), 6, [(I_WAGON, 1)], charts).eligible is ok


def test_8_3b_artillery_must_be_limbered_to_resupply(charts):
    assert not resupply(unit("artillery", formation="unlimbered"), 6, [(I_WAGON, 1)], charts).eligible
    assert resupply(unit("artillery", formation="limbered"), 6, [(I_WAGON, 1)], charts).eligible


def test_8_1c_a_wagon_alone_is_destroyed_by_an_enemy_combat_unit_in_its_hex():
    assert wagon_overrun(friendly_combat_in_hex=False, enemy_combat_in_hex=True)[0]
    assert not wagon_overrun(friendly_combat_in_hex=True, enemy_combat_in_hex=True)[0]


def test_8_1c_a_wagon_alone_is_destroyed_by_a_fire_result_of_1_or_more(charts):
    assert wagon_fired_on("1", False, charts)[0] and wagon_fired_on("3", False, charts)[0]
    assert not wagon_fired_on("M", False, charts)[0]
    assert not wagon_fired_on("2", True, charts)[0]


def test_8_1b_the_army_train_keeps_to_roads_or_clear_hexes_beside_them():
    assert train_may_enter(True, False, False)[0]
    assert train_may_enter(False, True, True)[0]
    assert not train_may_enter(False, True, False)[0]
    assert not train_may_enter(False, False, True)[0]
