"""The Civil War Regimental Series morale machine (5.8, 5.9, 6.0-6.4, 9.4) on the demo chart file's
example values: each test named after the clause it holds to, on the rule text's and the rules
catalogue's worked examples (3E) and its ambiguity (3F, option dgb2_straggler)."""
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant_plugins.cwr import charts as cwr_charts
from adjutant_plugins.cwr.charts import CwrCharts
from adjutant_plugins.cwr.morale import (Leader, causes_displacement, combine, displaced, ezoc_retreat,
                                         hex_state, morale_check, morale_odds, retreat_outcome, worsen)
from adjutant_plugins.cwr.rally import RallyStack, rally
from adjutant_plugins.cwr.stragglers import (Brigade, Recovering, Unit, recover_stragglers, straggler_check,
                                             straggler_odds, take_stragglers)
from adjutant_plugins.cwr.wrecked import group_wrecked, unit_wrecked
from chart_helpers import Given, edited_charts

DEMO = Path(cwr_charts.__file__).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return CwrCharts.load(DEMO)


def charts_with(tmp_path, replace=(), options=()):
    """The demo chart file with lines replaced ((old, new)) and options set ({name: value})."""
    return edited_charts(CwrCharts, DEMO, tmp_path, replace, options)


def inf(name="1st Va", morale="C", sp=6, printed=None, formation="line"):
    return Unit(name, "infantry", morale, sp, printed if printed is not None else sp, formation)


def battery(name="Bty A", morale="C", sp=4, formation="unlimbered"):
    return Unit(name, "artillery", morale, sp, sp, formation)


# ---- 6.2b: the worked examples (rules catalogue 3E) ----
# Demo morale_table, column C: 41 SHB1L1, 63 DGB2L1, 11 NE; column F: 66 RB4L2; column A: 11 BL.

def test_6_2b_example_dg_receiving_shb1_l1_stays_dg_retreats_1_with_1_straggler(charts):
    check = morale_check(charts, (inf(),), "dg", Given(41))
    assert check.result.code == "SHB1L1"
    assert (check.after, check.retreat, check.losses.total) == ("dg", 1, 1)


def test_6_2b_example_dg_receiving_rb4_l2_becomes_routed(charts):
    check = morale_check(charts, (inf(morale="F"),), "dg", Given(66))
    assert check.result.code == "RB4L2"
    assert (check.after, check.retreat, check.losses.total) == ("r", 4, 2)


def test_6_2b_example_routed_receiving_ne_stays_routed_without_retreat_or_stragglers(charts):
    check = morale_check(charts, (inf(),), "r", Given(11))
    assert check.result.code == "NE"
    assert (check.after, check.retreat, check.losses.total) == ("r", 0, 0)


def test_6_2b_exception_1_dg_receiving_dgb2_l1_retreats_2_with_1_straggler_then_routed(charts):
    check = morale_check(charts, (inf(),), "dg", Given(63))
    assert check.result.code == "DGB2L1"
    assert (check.after, check.retreat, check.losses.total) == ("r", 2, 1)
    assert "DG + DG = R" in check.clauses[0]


def test_6_2b_exception_2_dg_receiving_bl_reverts_to_normal(charts):
    check = morale_check(charts, (inf(morale="A"),), "dg", Given(11))
    assert check.result.code == "BL"
    assert check.after == "normal"


def test_6_2b_exception_2_shaken_or_routed_receiving_bl():
    assert combine("sh", "bl")[0] == "bl"
    assert combine("r", "bl")[0] == "sh"
    assert combine("normal", "bl")[0] == "bl"


def test_6_2b_the_worse_state_takes_effect_or_remains():
    assert combine("sh", "dg")[0] == "dg"
    assert combine("dg", "sh")[0] == "dg"
    assert combine("normal", "sh")[0] == "sh"
    assert combine("sh", "sh")[0] == "sh"
    assert combine("dg", "r")[0] == "r"


def test_6_0a_a_hex_holds_its_worst_state_routed_spreads_blood_lust_reverts():
    assert hex_state(["sh", "dg", "normal"]) == "dg"
    assert hex_state(["normal", "r"]) == "r"
    assert hex_state(["bl", "bl"]) == "bl"
    assert hex_state(["bl", "normal"]) == "normal"
    assert hex_state(["bl", "sh"]) == "sh"


# ---- 6.1 Morale Check ----

def test_6_1_a_leader_adds_his_rating_minus_one_as_upward_shifts(charts):
    # rated D, leader rated 3: +2, read in column B where 11 is BL (D reads NE there)
    check = morale_check(charts, (inf(morale="D"),), "normal", Given(11), leader=Leader("Kemper", 3))
    assert check.column == "B" and check.result.code == "BL" and check.after == "bl"
    assert check.modifiers == (("leader Kemper (3 - 1)", 2),)
    assert morale_check(charts, (inf(morale="D"),), "normal", Given(11), leader=Leader("Kemper", 1)).column == "D"


def test_6_1_modifiers_are_cumulative_plus_is_up_and_shifts_clamp_at_the_edge(charts):
    check = morale_check(charts, (inf(morale="C"),), "normal", Given(66), modifiers=(("M+2", 2), ("night", -1)))
    assert check.column == "B" and check.result.code == "DGB2L1"
    assert morale_check(charts, (inf(morale="B"),), "normal", Given(66), modifiers=(("M+2", 2),)).column == "A"
    assert morale_check(charts, (inf(morale="E"),), "normal", Given(66), modifiers=(("CC", -6),)).column == "F"


def test_6_1_the_top_unit_gives_the_rating_and_the_roll_is_d66(charts):
    roll = Given(41)
    check = morale_check(charts, (inf("top", "F"), inf("below", "A")), "normal", roll)
    assert check.unit == "top" and check.column == "F" and check.result.code == "DGB1"
    assert roll.asked == [("d66", "morale check top")]


def test_5_8c_artillery_on_top_gives_its_rating_to_the_morale_check(charts):
    check = morale_check(charts, (battery(morale="F"), inf(morale="A")), "normal", Given(66))
    assert (check.unit, check.rating, check.result.code) == ("Bty A", "F", "RB4L2")


def test_6_1_blood_lust_units_roll_2d6_on_the_blood_lust_table(charts):
    roll = Given(9)
    check = morale_check(charts, (inf(),), "bl", roll, leader=Leader("Kemper", 3))
    assert roll.asked == [("2d6", "blood lust 1st Va")]
    assert (check.table, check.result.code, check.after) == ("blood_lust_table", "NE", "normal")
    assert morale_check(charts, (inf(),), "bl", Given(8)).after == "bl"


def test_5_7d_no_combat_unit_left_no_morale_check(charts):
    assert morale_check(charts, (Unit("Kemper", "leader"),), "normal", Given()) is None
    assert morale_check(charts, (inf(sp=0),), "normal", Given()) is None


# ---- 6.2 results: stragglers, '*', the ambiguous DGB2 ----

def test_6_2_l_losses_fall_on_the_top_infantry_unit_never_on_artillery(charts):
    check = morale_check(charts, (battery(morale="F"), inf("a", sp=6), inf("b", sp=6)), "normal", Given(66))
    assert [(l.unit, l.lost) for l in check.losses.losses] == [("a", 2)]


def test_6_3b_units_eliminated_by_morale_stragglers_are_removed_before_the_retreat(charts):
    check = morale_check(charts, (inf("a", "F", sp=1), inf("b", "F", sp=5)), "normal", Given(66))
    assert [u.name for u in check.losses.stack] == ["b"]
    assert check.losses.losses[1].lost == 1 and check.retreat == 4
    alone = morale_check(charts, (inf("a", "F", sp=2),), "normal", Given(66))
    assert alone.losses.stack == () and alone.retreat == 0


def test_7_1c_straggler_losses_taken_as_casualties_when_permanent(charts):
    check = morale_check(charts, (inf(),), "normal", Given(41), casualties=True)
    assert check.losses.kind == "casualties" and check.losses.total == 1


def test_6_2_option_dgb2_straggler_code_default_no_l_code_no_straggler(charts):
    check = morale_check(charts, (inf(),), "normal", Given(55))
    assert check.result.code == "DGB2" and check.losses.total == 0 and check.retreat == 2


def test_6_2_option_dgb2_straggler_one_dgb2_loses_one_straggler(tmp_path):
    charts = charts_with(tmp_path, options={"dgb2_straggler": "one"})
    check = morale_check(charts, (inf(),), "normal", Given(55))
    assert check.result.code == "DGB2" and check.losses.total == 1
    assert morale_check(charts, (inf(),), "normal", Given(53)).losses.total == 0   # DGB1: no L code


def test_6_2a_star_retreat_may_be_ignored_with_an_unlimbered_battery_or_in_breastworks(charts):
    stack = (inf(), battery())
    stays = morale_check(charts, stack, "normal", Given(26), stay=True)
    assert stays.result.star and stays.retreat == 0 and stays.retreat_skipped and stays.after == "sh"
    assert morale_check(charts, stack, "normal", Given(26), stay=False).retreat == 1
    assert morale_check(charts, (battery(), battery("Bty B")), "normal", Given(26), stay=True).retreat == 1
    assert morale_check(charts, (inf(), battery(formation="limbered")), "normal", Given(26), stay=True).retreat == 1
    assert morale_check(charts, (inf(),), "normal", Given(26), stay=True, protected_terrain=True).retreat == 0
    assert morale_check(charts, stack, "normal", Given(34), stay=True).retreat == 1   # SHB1: no '*'


def test_6_2_a_cell_that_is_not_a_morale_result_names_the_file_and_cell(tmp_path):
    charts = charts_with(tmp_path, replace=[('11 = ["SH", "NE", "NE", "NE",', '11 = ["SH", "NE", "NE", "XX",')])
    with pytest.raises(ChartError, match=r"charts.toml: \[morale_table\] row 11, column C: 'XX'"):
        morale_check(charts, (inf(),), "normal", Given(11))


def test_6_1_odds_exact_distribution_of_the_shifted_column_and_the_states_after(charts):
    odds = morale_odds(charts, (inf(morale="D"),), "dg", leader=Leader("Kemper", 2))
    assert odds.column == "C"
    assert odds.cells == charts.file.distribution("morale_table", "d66", column="D", shift=1)
    assert sum(odds.cells.values()) == 1 and sum(odds.states.values()) == 1
    # column C from DG: NE and SH results keep DG; its DG results (45-65) make R (6.2b exception 1), RB2L1 (66) R
    dg_results = sum(p for c, p in odds.cells.items() if c.startswith(("DG", "R")))
    assert odds.states["r"] == dg_results and dg_results == Fraction(14, 36)
    assert morale_odds(charts, (inf(),), "bl").states == {"bl": Fraction(26, 36), "normal": Fraction(10, 36)}


# ---- 5.8 Stragglers ----

def test_5_8a_table_1_after_a_fire_result_of_1_table_2_after_2_or_more(charts):
    assert straggler_check(charts, (inf(morale="F"),), 1, Given(6)).lost == 3
    assert straggler_check(charts, (inf(morale="F"),), 2, Given(6)).table == "straggler_table_2"
    assert straggler_check(charts, (inf(morale="F"),), 3, Given(6)).lost == 4


def test_5_8a_the_first_infantry_or_cavalry_unit_checks_in_its_morale_column(charts):
    roll = Given(6)
    check = straggler_check(charts, (battery(morale="A"), inf("1st Va", "F")), 1, roll)
    assert check.unit == "1st Va" and check.lost == 3
    assert roll.asked == [("d6", "straggler check 1st Va")]


def test_5_8_modifiers_are_added_to_the_die(charts):
    assert straggler_check(charts, (inf(morale="C"),), 1, Given(2), modifiers=(("flank", 2),)).lost == 1
    assert straggler_check(charts, (inf(morale="C"),), 1, Given(2)).lost == 0


def test_5_8b_an_eliminated_checking_unit_passes_the_rest_to_the_next_unit(charts):
    check = straggler_check(charts, (inf("a", "F", sp=1), battery(), inf("b", "A", sp=5)), 2, Given(6))
    assert check.lost == 4
    assert [(l.unit, l.before, l.after) for l in check.losses.losses] == [("a", 1, 0), ("b", 5, 2)]
    assert [u.name for u in check.losses.stack] == ["Bty A", "b"]


def test_5_8c_artillery_never_straggles(charts):
    assert straggler_check(charts, (battery(),), 2, Given()) is None
    assert take_stragglers((battery(), inf(sp=1)), 3).untaken == 2


def test_5_8_straggler_odds_exact(charts):
    assert straggler_odds(charts, (inf(morale="F"),), 1) == {1: Fraction(2, 6), 2: Fraction(2, 6), 3: Fraction(2, 6)}


# ---- 5.9 Wrecked ----

def test_5_9_a_6_sp_unit_is_wrecked_at_3_and_a_5_sp_unit_at_2(charts):
    assert unit_wrecked(charts, inf(sp=3, printed=6)).wrecked
    assert not unit_wrecked(charts, inf(sp=4, printed=6)).wrecked
    assert unit_wrecked(charts, inf(sp=2, printed=5)).wrecked
    assert not unit_wrecked(charts, inf(sp=3, printed=5)).wrecked


def test_5_9_artillery_never_becomes_wrecked(charts):
    assert not unit_wrecked(charts, Unit("Bty", "artillery", "C", 1, 6)).wrecked


def test_5_9_brigade_and_division_wrecked_at_their_check_marks(charts):
    regiments = [unit_wrecked(charts, inf(sp=s, printed=6)) for s in (2, 3, 6, 5)]
    assert group_wrecked("Kemper", regiments, 2).wrecked
    assert not group_wrecked("Kemper", regiments, 3).wrecked
    assert group_wrecked("Pickett", [True, False, False], 1).wrecked
    assert not group_wrecked("Pickett", [False, False, False], 1).wrecked


# ---- 6.3 Retreat ----

def test_6_3c_units_that_cannot_complete_the_retreat_stop_and_are_routed():
    short = retreat_outcome((inf(),), "sh", required=3, possible=1)
    assert (short.moved, short.state) == (1, "r")
    assert retreat_outcome((inf(),), "sh", required=3, possible=3).state == "sh"


def test_6_3c_units_forced_off_the_map_lose_all_strength_as_stragglers():
    out = retreat_outcome((inf("a", sp=4), battery()), "dg", required=3, possible=1, off_map=True)
    assert out.losses.kind == "stragglers" and [(l.unit, l.lost) for l in out.losses.losses] == [("a", 4)]
    assert out.removed == ("a", "Bty A")


def test_6_3e_a_new_retreat_replaces_the_old_when_at_least_old_minus_1():
    assert (ezoc_retreat(4, 1, 3).remaining, ezoc_retreat(4, 1, 3).replaced) == (3, True)
    assert (ezoc_retreat(4, 1, 2).remaining, ezoc_retreat(4, 1, 2).replaced) == (3, False)
    assert ezoc_retreat(2, 1, 1).replaced and ezoc_retreat(2, 1, 1).remaining == 1
    assert (ezoc_retreat(3, 2, 0).remaining, ezoc_retreat(3, 2, 0).replaced) == (1, False)


def test_6_3d_displaced_units_worsen_one_level_or_stack_at_the_worst_state():
    assert [worsen(s) for s in ("bl", "normal", "sh", "dg", "r")] == ["normal", "sh", "dg", "r", "r"]
    assert displaced((inf(),), "sh", "r", displace=True).state == "dg"
    assert displaced((inf(),), "sh", "dg", displace=False).state == "dg"
    assert displaced((inf(),), "normal", "r", displace=False).state == "r"


def test_6_3f_unlimbered_artillery_neither_displaces_nor_follows():
    d = displaced((battery(),), "normal", "dg", displace=True)
    assert not d.displaces and d.state == "dg"


def test_6_3d_leaders_and_hqs_alone_cause_no_displacement():
    assert not causes_displacement((Unit("Kemper", "leader"), Unit("Div HQ", "hq")))
    assert causes_displacement((Unit("Kemper", "leader"), inf()))


# ---- 6.4 Rally ----

def test_6_4_the_five_steps_in_order(charts):
    stacks = [
        RallyStack("A1.01", (inf("sh"),), "sh"),
        RallyStack("A1.02", (inf("dg"),), "dg"),
        RallyStack("A1.03", (inf("bl quiet"),), "bl"),
        RallyStack("A1.04", (inf("bl engaged"),), "bl", adjacent_enemy=True),
        RallyStack("A1.05", (inf("r led"),), "r", leaders=(Leader("Weak", 1), Leader("Kemper", 2)), enemy_distance=3),
        RallyStack("A1.06", (inf("r trapped", sp=4),), "r", enemy_distance=2, can_retreat=False),
        RallyStack("A1.07", (inf("r running"),), "r", enemy_distance=5),
        RallyStack("A1.08", (inf("r far"),), "r", enemy_distance=6),
    ]
    roll = Given(9, 4, 3, 5, 6)
    after, events = rally(charts, stacks, roll)
    assert [s.state for s in after] == ["normal", "sh", "normal", "normal", "dg", "r", "r", "r"]
    assert [(e.step, e.hex) for e in events] == [
        ("A", "A1.01"), ("B", "A1.02"), ("C", "A1.03"), ("C", "A1.04"),
        ("D", "A1.05"), ("D", "A1.06"), ("D", "A1.07"), ("D", "A1.08"),
        ("E", "A1.06"), ("E", "A1.07"), ("E", "A1.08")]
    assert roll.asked[0] == ("2d6", "blood lust bl engaged") and roll.asked[1] == ("d6", "rally A1.05")
    step_e = {e.hex: e for e in events if e.step == "E"}
    assert step_e["A1.06"].losses.kind == "casualties" and step_e["A1.06"].losses.total == 4
    assert step_e["A1.07"].retreat and not step_e["A1.08"].retreat


def test_6_4_d_routed_rally_on_2_or_less_after_the_leader(charts):
    def rallied(die, leaders=()):
        after, _ = rally(charts, [RallyStack("A1.01", (inf(),), "r", leaders=leaders)], Given(die))
        return after[0].state
    assert rallied(2) == "dg" and rallied(3) == "r"
    assert rallied(5, (Leader("Kemper", 3),)) == "dg" and rallied(6, (Leader("Kemper", 3),)) == "r"


def test_6_4_c_adjacent_blood_lust_that_rolls_bl_keeps_it(charts):
    after, _ = rally(charts, [RallyStack("A1.01", (inf(),), "bl", adjacent_enemy=True)], Given(5))
    assert after[0].state == "bl"


# ---- 9.4 Straggler Recovery ----

def ready(unit, **facts):
    return Recovering(unit, **{"in_command_radius": True, "enemy_distance": 8, **facts})


def test_9_4_only_on_hour_turns(charts):
    brigade = Brigade("Kemper", "A", 3, (ready(inf(sp=4, printed=6)),))
    assert recover_stragglers(charts, brigade, "14:15", night=False).recovered == 0
    assert recover_stragglers(charts, brigade, "14:00", night=False).recovered == 1


def test_9_4_at_most_one_point_per_eligible_unit_and_no_more_than_marked(charts):
    units = tuple(ready(inf(f"u{i}", "A", sp=3, printed=6)) for i in range(4))
    r = recover_stragglers(charts, Brigade("Kemper", "A", 5, units), "14:00", night=False)
    assert r.table_value == 3 and r.recovered == 3
    assert [(g.unit, g.before, g.after) for g in r.gains] == [("u0", 3, 4), ("u1", 3, 4), ("u2", 3, 4)]
    assert recover_stragglers(charts, Brigade("Kemper", "A", 2, units), "14:00", night=False).recovered == 2


def test_9_4_eligibility_command_radius_six_hexes_line_normal(charts):
    units = (ready(inf("out", sp=3, printed=6), in_command_radius=False),
             ready(inf("near", sp=3, printed=6), enemy_distance=5),
             ready(inf("column", sp=3, printed=6, formation="column")),
             ready(inf("shaken", sp=3, printed=6), state="sh"),
             ready(battery()),
             ready(inf("ok", sp=3, printed=6), enemy_distance=6))
    r = recover_stragglers(charts, Brigade("Kemper", "A", 5, units), "14:00", night=False)
    assert [g.unit for g in r.gains] == ["ok"]
    assert [name for name, _ in r.ineligible] == ["out", "near", "column", "shaken", "Bty A"]


def test_9_4d_eliminated_units_recover_where_they_can_be_placed(charts):
    units = (ready(inf("gone", sp=0, printed=6), placeable=True), ready(inf("lost", sp=0, printed=6)))
    r = recover_stragglers(charts, Brigade("Kemper", "A", 6, units), "14:00", night=False)
    assert [(g.unit, g.after) for g in r.gains] == [("gone", 1)]


def test_9_4b_plus_bonus_for_c_to_f_brigades_with_every_unit_eligible(charts, tmp_path):
    units = tuple(ready(inf(f"u{i}", "D", sp=3, printed=6)) for i in range(3))
    full = recover_stragglers(charts, Brigade("Kemper", "D", 5, units), "14:00", night=False)
    assert (full.table_value, full.bonus, full.recovered) == (1, 1, 2)
    one_out = units + (ready(inf("far", "D", sp=3, printed=6), in_command_radius=False),)
    assert recover_stragglers(charts, Brigade("Kemper", "D", 5, one_out), "14:00", night=False).recovered == 1
    plus_for_b = charts_with(tmp_path, replace=[('day = ["3", "2",', 'day = ["3", "2(+)",')])
    b = recover_stragglers(plus_for_b, Brigade("Kemper", "B", 5, units), "14:00", night=False)
    assert (b.bonus, b.recovered) == (0, 2)


def test_9_4c_no_recovery_at_night_under_an_accepted_order(charts):
    units = (ready(inf(sp=3, printed=6)),)
    assert recover_stragglers(charts, Brigade("K", "A", 3, units, accepted_order=True), "22:00", night=True).recovered == 0
    assert recover_stragglers(charts, Brigade("K", "A", 3, units, accepted_order=True), "14:00", night=False).recovered == 1
    assert recover_stragglers(charts, Brigade("K", "A", 3, units), "22:00", night=True).recovered == 1


def test_9_4_a_blank_recovery_cell_names_the_file_row_and_column():
    with pytest.raises(ChartError, match=r"charts-template.toml: \[straggler_recovery\] day, column C is not filled in"):
        recover_stragglers(CwrCharts.load(None), Brigade("K", "C", 3, (ready(inf(sp=3, printed=6)),)),
                           "14:00", night=False)


def test_6_1_a_blank_morale_cell_names_the_file_row_and_column():
    with pytest.raises(ChartError, match=r"charts-template.toml: .*morale_table.*"):
        morale_check(CwrCharts.load(None), (inf(),), "normal", Given(11))
