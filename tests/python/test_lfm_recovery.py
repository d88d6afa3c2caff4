"""Last Full Measure shatter, recovery, construction, night and stacking (4, 15, 17, 23-25; rules
catalogue 4 B "Stacking", C.6-7, C.9-11) on the demo chart file: each test named after its clause,
each option tested both ways."""
from pathlib import Path
from types import SimpleNamespace

import pytest

from adjutant.procedures.charts import ChartError
from adjutant_plugins.lfm import charts as lfm_charts
from adjutant_plugins.lfm.charts import LfmCharts
from adjutant_plugins.lfm.construction import burn_bridge, complete_build, may_burn_bridge, may_place_build
from adjutant_plugins.lfm.night import BrigadeStrength, NIGHT_RULES, end_of_night, night_move, start_of_night
from adjutant_plugins.lfm.recovery import (Commander, Placement, Unit, rally_targets, recover_routed,
                                           remove_disorganization)
from adjutant_plugins.lfm.shatter import Brigade, reorganize
from adjutant_plugins.lfm.stacking import Unit as StackUnit, stacking_excess
from chart_helpers import Given, edited_charts

DEMO = Path(lfm_charts.__file__).with_name("demo") / "charts.toml"
TEMPLATE = Path(lfm_charts.__file__).with_name("charts-template.toml")


@pytest.fixture(scope="module")
def charts():
    return LfmCharts.load(DEMO)


def charts_with(tmp_path, options=(), replace=()):
    """The demo chart file with lines replaced ((old, new)) and options set ({name: value})."""
    return edited_charts(LfmCharts, DEMO, tmp_path, replace, options)


def test_template_values_are_the_rulebook_ones():
    template = LfmCharts.load(TEMPLATE)
    assert template.rule("recovery", "commander_range") == {"Union": 3, "Confederate": 5}
    assert template.rule("stacking", "brigade_sp") == 16 and template.rule("stacking", "artillery_sp") == 6
    assert template.rule("reinforcement_entry", "road_mp_per_mp") == 4
    assert template.option("stacking_excess") == "least_sp"


# ---- 15: shattered brigades (catalogue C.6) ----

def test_15_1_half_or_more_lost_shatters(charts):
    r = reorganize(charts, Brigade("Iron", 12, 6, False, ("2 Wis", "6 Wis")))
    assert (r.after, r.lost_sp, r.regiments) == (True, 6, ("2 Wis", "6 Wis"))
    assert r.clause.startswith("15.1")


def test_15_1_less_than_half_lost_does_not_shatter(charts):
    r = reorganize(charts, Brigade("Iron", 12, 7, False))
    assert (r.after, r.lost_sp) == (False, 5)


def test_15_1_odd_total_half_is_a_fraction(charts):
    assert reorganize(charts, Brigade("Iron", 13, 7, False)).after is False     # lost 6 < 6.5
    assert reorganize(charts, Brigade("Iron", 13, 6, False)).after is True      # lost 7


def test_15_3_recovers_once_rebuilt_to_more_than_half(charts):
    r = reorganize(charts, Brigade("Iron", 12, 7, True))
    assert (r.before, r.after) == (True, False) and r.clause.startswith("15.3")


def test_15_3_exactly_half_stays_shattered(charts):
    assert reorganize(charts, Brigade("Iron", 12, 6, True)).after is True


def test_15_fraction_is_read_from_the_chart(tmp_path):
    third = charts_with(tmp_path, replace=[('lost_fraction = "1/2"', 'lost_fraction = "1/3"')])
    assert reorganize(third, Brigade("Iron", 12, 8, False)).after is True


def test_15_no_total_strength_is_an_error(charts):
    with pytest.raises(ValueError, match="Iron"):
        reorganize(charts, Brigade("Iron", 0, 0, False))


# ---- 17b: removing D markers (catalogue C.7) ----

def reb(name, cohesion, **kw):
    return Unit(name, "infantry", cohesion, "Confederate", brigade="Archer", division="Heth", corps="III", **kw)


def yank(name, cohesion, **kw):
    return Unit(name, "infantry", cohesion, "Union", brigade="Iron", division="Wadsworth", corps="I", **kw)


def test_17b_3_rolls_against_the_lowest_cohesion_and_rallies_the_stack(charts):
    roll = Given(3)
    r = remove_disorganization(charts, "Confederate", [reb("13 Ala", 5), reb("1 Tenn", 3)], [], roll)
    assert r.target.source == "1 Tenn" and r.target.value == 3
    assert (r.roll, r.removed) == (3, True) and roll.asked[0][0] == "d6"


def test_17b_2_a_roll_above_the_rating_fails(charts):
    r = remove_disorganization(charts, "Confederate", [reb("13 Ala", 5), reb("1 Tenn", 3)], [], Given(4))
    assert r.removed is False


def test_17b_4_army_commander_stacked_or_adjacent(charts):
    units = [reb("1 Tenn", 3)]
    lee = Commander("Lee", "army", "Confederate", cv=6, distance=1)
    r = remove_disorganization(charts, "Confederate", units, [lee], Given(6))
    assert r.target.source == "Lee" and r.removed is True
    far = Commander("Lee", "army", "Confederate", cv=6, distance=2)
    assert [t.source for t in rally_targets(charts, "Confederate", units, [far])] == ["1 Tenn"]


def test_17b_5_corps_or_division_range_union_3_confederate_5(charts):
    hill = Commander("Hill", "corps", "Confederate", cv=4, corps="III", distance=5)
    assert "Hill" in [t.source for t in rally_targets(charts, "Confederate", [reb("1 Tenn", 3)], [hill])]
    wads = Commander("Wadsworth", "division", "Union", cv=4, division="Wadsworth", distance=4)
    assert "Wadsworth" not in [t.source for t in rally_targets(charts, "Union", [yank("2 Wis", 3)], [wads])]
    wads3 = Commander("Wadsworth", "division", "Union", cv=4, division="Wadsworth", distance=3)
    assert "Wadsworth" in [t.source for t in rally_targets(charts, "Union", [yank("2 Wis", 3)], [wads3])]


def test_17b_5_only_a_commander_of_the_chain(charts):
    ewell = Commander("Ewell", "corps", "Confederate", cv=5, corps="II", distance=0)
    assert [t.source for t in rally_targets(charts, "Confederate", [reb("1 Tenn", 3)], [ewell])] == ["1 Tenn"]


def test_17b_use_names_the_rating_rolled_against(charts):
    hill = Commander("Hill", "corps", "Confederate", cv=4, corps="III", distance=2)
    r = remove_disorganization(charts, "Confederate", [reb("1 Tenn", 5)], [hill], Given(5), use="Hill")
    assert r.target.source == "Hill" and r.removed is False
    with pytest.raises(ValueError, match="Lee"):
        remove_disorganization(charts, "Confederate", [reb("1 Tenn", 5)], [hill], Given(5), use="Lee")


def test_16_5_shattered_units_stay_disorganized(charts):
    r = remove_disorganization(charts, "Confederate", [reb("1 Tenn", 3, shattered=True), reb("7 Tenn", 4)], [],
                               Given(1))
    assert r.removed and r.still_disorganized == ("1 Tenn",)


def test_option_rally_chain_all_or_any(tmp_path, charts):
    mixed = [reb("1 Tenn", 3), Unit("Bty", "artillery", 4, "Confederate", division="Pender", corps="III")]
    heth = Commander("Heth", "division", "Confederate", cv=4, division="Heth", distance=1)
    assert "Heth" not in [t.source for t in rally_targets(charts, "Confederate", mixed, [heth])]
    any_chain = charts_with(tmp_path, {"rally_chain": "any"})
    assert "Heth" in [t.source for t in rally_targets(any_chain, "Confederate", mixed, [heth])]


def test_option_rally_in_zoi_blocked_or_allowed(tmp_path, charts):
    roll = Given(1)
    r = remove_disorganization(charts, "Union", [yank("2 Wis", 4)], [], roll, in_zoi=True)
    assert (r.attempted, r.removed, roll.asked) == (False, False, [])
    allowed = charts_with(tmp_path, {"rally_in_zoi": "allowed"})
    assert remove_disorganization(allowed, "Union", [yank("2 Wis", 4)], [], Given(1), in_zoi=True).removed


# ---- 17a: recovering a routed regiment (catalogue C.7) ----

MEREDITH = Commander("Meredith", "brigade", "Union", brigade="Iron", division="Wadsworth", corps="I")
NEAR = (Placement("1510", 0, False, False, True), Placement("1511", 1, True, False, True),
        Placement("1610", 1, False, False, False), Placement("1612", 2, False, False, True))


def test_17a_2_roll_at_most_cohesion_returns_the_regiment(charts):
    roll = Given(4)
    r = recover_routed(charts, MEREDITH, yank("2 Wis", 4), roll, False, False, False, NEAR)
    assert (r.attempted, r.roll, r.recovered) == (True, 4, True)
    assert roll.asked[0][0] == "d6"


def test_17a_2_roll_above_cohesion_fails(charts):
    r = recover_routed(charts, MEREDITH, yank("2 Wis", 4), Given(5), False, False, False, NEAR)
    assert (r.recovered, r.hexes) == (False, ()) and "17a.4" in r.clauses[0]


def test_17a_3_placed_in_or_adjacent_within_stacking_outside_zoi_and_zoc(charts):
    r = recover_routed(charts, MEREDITH, yank("2 Wis", 4), Given(1), False, False, False, NEAR)
    assert r.hexes == ("1510",)
    none = recover_routed(charts, MEREDITH, yank("2 Wis", 4), Given(1), False, False, False, NEAR[1:])
    assert none.attempted is False and none.clauses[0].startswith("17a.3")


@pytest.mark.parametrize("moved, zoi, ezoc", [(True, False, False), (False, True, False), (False, False, True)])
def test_17a_1_commander_not_moved_nor_in_zoi_or_ezoc(charts, moved, zoi, ezoc):
    roll = Given(1)
    r = recover_routed(charts, MEREDITH, yank("2 Wis", 4), roll, moved, zoi, ezoc, NEAR)
    assert (r.attempted, r.recovered, roll.asked) == (False, False, [])


def test_17a_1_only_his_own_brigade(charts):
    other = Unit("14 Bklyn", "infantry", 4, "Union", brigade="Cutler", division="Wadsworth", corps="I")
    r = recover_routed(charts, MEREDITH, other, Given(1), False, False, False, NEAR)
    assert r.attempted is False and "Cutler" in r.clauses[0]


def test_17a_5_batteries_by_corps_division_or_brigade_commanders(charts):
    battery = Unit("Bty B 4 US", "artillery", 4, "Union", division="Wadsworth", corps="I")
    assert recover_routed(charts, MEREDITH, battery, Given(2), False, False, False, NEAR).recovered
    reynolds = Commander("Reynolds", "corps", "Union", cv=5, corps="I")
    assert recover_routed(charts, reynolds, battery, Given(2), False, False, False, NEAR).recovered
    meade = Commander("Meade", "army", "Union", cv=5)
    assert recover_routed(charts, meade, battery, Given(2), False, False, False, NEAR).attempted is False


# ---- 24: breastworks (catalogue C.9) ----

def test_24_1a_who_may_take_a_build_marker():
    assert may_place_build("infantry", "", True, False).allowed
    assert may_place_build("cavalry", "dismounted", True, False).allowed
    assert may_place_build("artillery", "limbered", True, False).allowed
    assert not may_place_build("cavalry", "mounted", True, False).allowed
    assert not may_place_build("infantry", "", False, False).allowed
    assert not may_place_build("infantry", "", True, True).allowed


def test_24_1b_build_marker_becomes_breastworks_next_construction_phase():
    assert complete_build(occupied=True, in_zoi=False).result == "breastworks"


def test_24_10_in_a_zoi_the_marker_stays():
    assert complete_build(occupied=True, in_zoi=True).result == "pending"


def test_24_1b_and_24_9_cancelled_when_unoccupied_or_retreated():
    assert complete_build(occupied=False, in_zoi=False).result == "cancelled"
    assert complete_build(occupied=True, in_zoi=False, builder_retreated=True).result == "cancelled"


# ---- 25: burning bridges (catalogue C.10) ----

class Check:
    """A cohesion check callable: passes when the modifiers total at most `passes_up_to`."""

    def __init__(self, passes_up_to):
        self.limit, self.asked = passes_up_to, []

    def __call__(self, modifiers):
        self.asked.append(modifiers)
        return SimpleNamespace(passed=sum(v for _, v in modifiers) <= self.limit)


def test_25_a_unit_of_1_sp_next_to_the_bridge_places_the_marker(charts):
    assert may_burn_bridge(charts, 1, True).allowed
    assert not may_burn_bridge(charts, 0, True).allowed
    assert not may_burn_bridge(charts, 3, False).allowed


def test_25_passed_check_destroys_the_bridge(charts):
    check = Check(0)
    r = burn_bridge(charts, moved=False, in_zoi_or_ezoc=False, raining=False, check=check)
    assert r.result == "destroyed" and check.asked == [()]


def test_25_zoi_and_rain_each_add_1(charts):
    check = Check(2)
    r = burn_bridge(charts, moved=False, in_zoi_or_ezoc=True, raining=True, check=check)
    assert r.modifiers == (("in a ZOI or ZOC", 1), ("rain", 1)) and r.result == "destroyed"
    assert burn_bridge(charts, False, True, True, Check(1)).result != "destroyed"


def test_25_a_unit_that_moved_makes_no_check(charts):
    check = Check(9)
    assert burn_bridge(charts, True, False, False, check).result == "removed" and check.asked == []


def test_option_bridge_failed_retry_or_remove(tmp_path, charts):
    assert burn_bridge(charts, False, True, False, Check(0)).result == "burning"
    remove = charts_with(tmp_path, {"bridge_failed": "remove"})
    assert burn_bridge(remove, False, True, False, Check(0)).result == "removed"


# ---- 23: night (catalogue C.11) ----

def test_23_night_rules_no_combat_no_zoi_roads_only():
    rules = {name: allowed for name, allowed, _ in NIGHT_RULES}
    assert rules == {"combat": False, "enter_zoc": False, "command_determination": False, "zoi": False,
                     "off_road_movement": False}


def test_23_6_only_movement_along_roads_unless_retreating_from_zoc():
    assert night_move(along_roads=True, enters_zoc=False).allowed
    assert not night_move(along_roads=False, enters_zoc=False).allowed
    assert night_move(along_roads=False, enters_zoc=False, retreat_from_zoc=True).allowed
    assert not night_move(along_roads=True, enters_zoc=True).allowed


def test_23_4_start_of_night_removes_markers_and_rebases_shattered(charts):
    r = start_of_night(charts, ("2 Wis",), [BrigadeStrength("Iron", 12, 5, True),
                                             BrigadeStrength("Cutler", 14, 10, False)])
    assert r.d_removed == ("2 Wis",) and r.shatter_removed == ("Iron",)
    assert r.totals == {"Iron": 5, "Cutler": 14}
    # 15.4: after the night Iron is shattered again only when it loses half of its new 5
    assert reorganize(charts, Brigade("Iron", r.totals["Iron"], 5, False)).after is False
    assert reorganize(charts, Brigade("Iron", r.totals["Iron"], 2, False)).after is True


def test_option_night_rebase_all(tmp_path):
    every = charts_with(tmp_path, {"night_rebase": "all"})
    r = start_of_night(every, (), [BrigadeStrength("Iron", 12, 5, True), BrigadeStrength("Cutler", 14, 10, False)])
    assert r.totals == {"Iron": 5, "Cutler": 10}


def test_23_7_end_of_night_routed_pool_lost_and_empty_brigades_destroyed():
    r = end_of_night((("2 Wis", "Iron"), ("1 Tenn", "Archer")), {"Iron": 3, "Archer": 0, "Cutler": 0})
    assert r.cemetery == ("2 Wis", "1 Tenn")
    assert r.destroyed == ("Archer", "Cutler")


# ---- 4: stacking (catalogue B "Stacking") ----

def inf(name, sp, cohesion=4, brigade="Iron"):
    return StackUnit(name, "infantry", sp, cohesion, brigade)


def art(name, sp, cohesion=4):
    return StackUnit(name, "artillery", sp, cohesion, mode="limbered")


def test_4_1_and_4_2_sixteen_of_a_brigade_plus_six_artillery_is_legal(charts):
    r = stacking_excess(charts, [inf("a", 8), inf("b", 8), art("x", 4), art("y", 2)])
    assert (r.eliminated, r.violations) == ((), ())


def test_4_5_the_excess_is_eliminated_fewest_sp_by_default(charts):
    # 18 SP, 2 over: the 1-SP regiment alone does not clear it, the 3-SP one does
    r = stacking_excess(charts, [inf("a", 7), inf("b", 7), inf("c", 1), inf("d", 3)])
    assert r.eliminated == ("d",) and r.lost_sp == 3 and r.violations[0].startswith("4.1")


def test_4_5_least_sp_ties_go_to_the_lowest_cohesion(charts):
    r = stacking_excess(charts, [inf("a", 8), inf("b", 3, 5), inf("c", 3, 2), inf("d", 3, 4)])
    assert r.eliminated == ("c",)


def test_option_stacking_excess_top(tmp_path):
    top = charts_with(tmp_path, {"stacking_excess": "top"})
    r = stacking_excess(top, [inf("a", 7), inf("b", 7), inf("c", 1), inf("d", 3)])
    assert r.eliminated == ("a",) and r.lost_sp == 7


def test_4_2_one_battery_over_six_may_be_alone(charts):
    assert stacking_excess(charts, [art("big", 8)]).eliminated == ()
    assert stacking_excess(charts, [art("big", 8), art("small", 2)]).eliminated == ("small",)
    assert stacking_excess(charts, [art("x", 4), art("y", 3)]).eliminated == ("y",)


def test_option_stacking_brigades_one_or_total(tmp_path, charts):
    two = [inf("a", 6), inf("b", 2, brigade="Cutler")]
    assert stacking_excess(charts, two).eliminated == ("b",)
    total = charts_with(tmp_path, {"stacking_brigades": "total"})
    assert stacking_excess(total, two).eliminated == ()


def test_4_3_mixed_mounted_and_dismounted_cavalry_is_a_violation(charts):
    r = stacking_excess(charts, [StackUnit("1 Va", "cavalry", 2, 4, "Jones", "mounted"),
                                 StackUnit("2 Va", "cavalry", 2, 4, "Jones", "dismounted")])
    assert r.violations == ("4.3: mounted and dismounted cavalry in one stack",) and r.eliminated == ()
    assert "must be all mounted or all dismounted" in r.clauses[0]


def test_option_road_stacking_on_or_off(tmp_path, charts):
    column = [inf("a", 6), inf("b", 4), art("x", 4), art("y", 2)]
    assert stacking_excess(charts, column, on_road=True).eliminated == ()
    road = charts_with(tmp_path, {"road_stacking": "on"})
    assert stacking_excess(road, column, on_road=True).eliminated == ("b", "y")
    assert stacking_excess(road, column, on_road=False).eliminated == ()


def test_options_reject_an_unknown_value(tmp_path):
    with pytest.raises(ChartError, match="stacking_excess"):
        charts_with(tmp_path, {"stacking_excess": "random"})
