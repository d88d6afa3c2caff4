"""The Roads to Antietam Confederate ammunition (Optional II) on the demo chart file: the start,
expenditure on D/F/E results outside the exempt counties, the effects of being out, depot capture
and the ammunition train, and the refusals (north of the Potomac, surrounded by enemy ZOC)."""
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant_plugins.r2a import charts as r2a_charts
from adjutant_plugins.r2a.ammo import (AmmoUnit, Grant, depot_ammo, expend, may_receive, out_of_ammo, replenish,
                                       starting_ammo, surrounded)
from adjutant_plugins.r2a.charts import R2aCharts

DEMO = Path(r2a_charts.__file__).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return R2aCharts.load(DEMO)


def test_optional_II_start_infantry_12_cavalry_9(charts):
    assert (starting_ammo(charts, "infantry"), starting_ammo(charts, "cavalry")) == (12, 9)
    with pytest.raises(ValueError, match="leader"):
        starting_ammo(charts, "leader")


def test_optional_II_d_costs_two_f_or_e_one_outside_the_exempt_counties(charts):
    hood = AmmoUnit("Hood", "infantry", 12)
    assert expend(charts, hood, ["D"], "Fairfax").after == 10
    assert expend(charts, hood, ["F"], "Frederick").after == 11
    assert expend(charts, hood, ["E"], "Frederick").after == 11
    assert expend(charts, hood, ["D", "F"], "Frederick").after == 9
    assert expend(charts, hood, [], "Frederick").after == 12


@pytest.mark.parametrize("county", ["Caroline", "Culpepper", "Madison", "Orange", "Spotsylvania"])
def test_optional_II_no_expenditure_in_the_exempt_counties(charts, county):
    assert expend(charts, AmmoUnit("Hood", "infantry", 12), ["D"], county).after == 12


def test_optional_II_never_negative(charts):
    got = expend(charts, AmmoUnit("Hood", "infantry", 1), ["D"], "Frederick")
    assert got.after == 0 and "never negative" in got.clauses[0]


def test_optional_II_out_of_ammo_halves_combat_value_rounded_down_not_below_half(charts):
    out = AmmoUnit("Hood", "infantry", 0)
    assert out_of_ammo(charts, out, 5, 2).combat_value == 2
    assert out_of_ammo(charts, out, 4, 2).combat_value == 2
    assert out_of_ammo(charts, out, 1, 0).combat_value == Fraction(1, 2)
    assert out_of_ammo(charts, AmmoUnit("Hood", "infantry", 1), 5, 2).combat_value == 5


def test_optional_II_out_of_ammo_artillery_value_0(charts):
    got = out_of_ammo(charts, AmmoUnit("Hood", "infantry", 0), 5, 3)
    assert got.out and got.artillery_value == 0
    assert out_of_ammo(charts, AmmoUnit("Hood", "infantry", 2), 5, 3).artillery_value == 3


def test_optional_II_demoralized_and_out_of_ammo_may_not_attack(charts):
    assert not out_of_ammo(charts, AmmoUnit("Hood", "infantry", 0), 5, 3, demoralized=True).may_attack
    assert out_of_ammo(charts, AmmoUnit("Hood", "infantry", 0), 5, 3).may_attack
    assert out_of_ammo(charts, AmmoUnit("Hood", "infantry", 3), 5, 3, demoralized=True).may_attack


def test_optional_II_cavalry_retreat_minus_2(charts):
    assert out_of_ammo(charts, AmmoUnit("Hampton", "cavalry", 0), 2, 0).cavalry_retreat_drm == -2
    assert out_of_ammo(charts, AmmoUnit("Hood", "infantry", 0), 2, 0).cavalry_retreat_drm == 0


def test_optional_II_1_depot_capture_amounts(charts):
    assert depot_ammo(charts, "Harper's Ferry")[0] == 12
    assert depot_ammo(charts, "Alexandria")[0] == 15
    assert depot_ammo(charts, "Baltimore")[0] == 15
    assert depot_ammo(charts, "Manassas Junction")[0] == 6


def test_optional_II_1_depot_ammo_to_units_within_ten_hexes(charts):
    near, far = AmmoUnit("Hood", "infantry", 2), AmmoUnit("Jones", "infantry", 2)
    got = replenish(charts, [Grant(near, 6, distance=10), Grant(far, 6, distance=11)], set(), depot="Manassas Junction")
    assert [(g.unit, g.after) for g in got.given] == [("Hood", 8)]
    assert got.refused[0][0] == "Jones" and "beyond 10" in got.refused[0][1]


def test_optional_II_replenishment_never_above_the_start_nor_the_source(charts):
    got = replenish(charts, [Grant(AmmoUnit("Stuart", "cavalry", 5), 8), Grant(AmmoUnit("Hood", "infantry", 0), 8)],
                    set())
    assert [(g.unit, g.after) for g in got.given] == [("Stuart", 9), ("Hood", 4)]
    assert "never more than its start, 9" in got.given[0].clauses[0]
    assert "only 4 left" in got.given[1].clauses[0]


def test_optional_II_2_ammunition_train_8_anywhere(charts):
    got = replenish(charts, [Grant(AmmoUnit("Hood", "infantry", 0), 8, distance=60)], set())
    assert got.available == 8 and got.given[0].after == 8


@pytest.mark.parametrize("occupied, refused", [
    ({"Winchester", "Culpepper"}, True),
    ({"Winchester"}, False),
    ({"Harper's Ferry"}, True),
    ({"Williamsport", "Falling Waters", "Sharpsburg", "Naval Battery"}, True),
    ({"Williamsport", "Falling Waters", "Sharpsburg"}, False),
])
def test_optional_II_exceptions_north_of_the_potomac(charts, occupied, refused):
    north = AmmoUnit("Hood", "infantry", 2, north_of_potomac=True)
    assert may_receive(charts, north, occupied).allowed is not refused
    assert may_receive(charts, AmmoUnit("Hood", "infantry", 2), occupied).allowed


def test_optional_II_surrounded_by_enemy_zoc_may_not_receive(charts):
    ring = ["a", "b", "c", "d", "e", "f"]
    assert surrounded(ring, set(ring))
    assert not surrounded(ring, set(ring[:5]))
    trapped = AmmoUnit("Hood", "infantry", 2, surrounded=True)
    got = replenish(charts, [Grant(trapped, 4)], set())
    assert not got.given and "surrounded" in got.refused[0][1]


def test_optional_II_the_map_edge_is_open_not_enemy_zoc(charts):
    edge = ["a", "b", "c"]   # a corner hex: three neighbours on the map, every one in enemy ZOC
    assert not surrounded(edge, set(edge))
