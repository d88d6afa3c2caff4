"""Civil War Regimental Series command and control as pure functions: orders (10.1-10.2),
stoppage (10.3), emergency retreat (10.4, 9.2c), initiative (11.0), leaders (9.1), command radius
(9.3), reinforcements (3.6) and forced march (3.7), each test named after its clause. The tables are
the demo chart file's (EXAMPLE values: the printed charts are not in the rules); rolls are given."""
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.cwr import (command_radius as cr, emergency_retreat as er, forced_march as fm,
                                  initiative as ini, leaders as ld, orders as od, reinforcements as rf,
                                  stoppage as st)
from adjutant_plugins.cwr.charts import TEMPLATE, CwrCharts
from chart_helpers import Given

DEMO = Path(od.__file__).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return CwrCharts.load(DEMO)


def with_options(tmp_path, **options):
    text = DEMO.read_text() + "".join(f'{k} = "{v}"\n' for k, v in options.items())
    path = tmp_path / "charts.toml"
    path.write_text(text)
    return CwrCharts.load(path)


# ---- 10.1 delivery, 10.2 costs ----

@pytest.mark.parametrize("mp, turns", [(0, 0), (1, 1), (10, 1), (10.5, 2), (20, 2), (21, 3)])
def test_10_1_delivery_one_turn_per_10_mp_any_portion_adds_one(charts, mp, turns):
    assert od.delivery(mp, charts).turns == turns


def test_10_2_order_cost_is_method_plus_type_and_in_person_is_free(charts):
    # demo: oral 1, written 2, complex 2, simple 1
    assert od.order_cost(od.Order(1, "I Corps", "written", "complex"), charts) == 4
    assert od.order_cost(od.Order(2, "I Corps", "oral", "simple"), charts) == 2
    assert od.order_cost(od.Order(3, "I Corps", "in person", "complex"), charts) == 0


def test_10_2_orders_may_not_cost_more_cp_than_the_commander_has(charts):
    army = od.ArmyCommand(rating=2, with_army_hq=True)   # demo: rating 2 = 3 CP
    ok = od.issue([od.Order(1, "I Corps", "oral", "simple")], army, charts)
    assert ok.allowed and (ok.command_points, ok.spent) == (3, 2)
    over = od.issue([od.Order(1, "I Corps", "oral", "simple"), od.Order(2, "II Corps", "oral", "simple")], army, charts)
    assert not over.allowed and "4 CP" in over.problems[0][1]


def test_10_1a_orders_are_sent_only_stacked_with_a_still_army_hq(charts):
    order = [od.Order(1, "I Corps", "oral", "simple")]
    away = od.issue(order, od.ArmyCommand(2, with_army_hq=False), charts)
    moving = od.issue(order, od.ArmyCommand(2, with_army_hq=True, army_hq_moving=True), charts)
    assert [p[2] for p in away.problems] == ["10.1a"] and "moving" in moving.problems[0][1]


def test_10_1_in_person_order_alone_with_the_leader_away_from_army_hq(charts):
    ip = od.Order(1, "Hood", "in person", "complex")
    good = od.ArmyCommand(2, with_army_hq=False, stacked_with=("Hood",))
    assert od.issue([ip], good, charts).allowed
    assert not od.issue([ip, od.Order(2, "I Corps", "oral", "simple")], good, charts).allowed
    assert not od.issue([ip], od.ArmyCommand(2, with_army_hq=False, stacked_with=()), charts).allowed
    tired = od.ArmyCommand(2, with_army_hq=False, in_person_ready=False, stacked_with=("Hood",))
    assert "one entire turn" in od.issue([ip], tired, charts).problems[0][1]


# ---- 10.2 acceptance ----

def test_10_1_in_person_adds_2_to_the_acceptance_value(charts):
    # demo acceptance values: oral 0, written 1, complex 0, simple 1
    oral = od.acceptance_value(od.Order(1, "Hood", "oral", "complex"), 2, 1, charts)
    ip = od.acceptance_value(od.Order(1, "Hood", "in person", "complex"), 2, 1, charts)
    assert (oral.total, ip.total) == (3, 5)


def test_10_2_acceptance_two_dice_in_the_acceptance_value_column(charts):
    roll = Given(3)
    result = od.accept(od.Order(1, "Hood", "written", "simple"), 2, 2, roll, charts)   # value 2+2+1+1 = 6
    assert roll.asked == [("2d6", "Hood acceptance of order 1")]
    assert (result.value.total, result.column, result.result) == (6, "5-6", "D6")
    # the +2 of an In Person order moves the same roll to the 7-8 column: D5
    ip = od.accept(od.Order(1, "Hood", "in person", "simple"), 2, 2, Given(3), charts)   # 2+2+2+1 = 7
    assert (ip.column, ip.result) == ("7-8", "D5")


def test_10_2_acceptance_results_a_delay_distorted(charts):
    order = od.Order(1, "Hood", "oral", "complex")
    assert od.accept(order, 1, 0, Given(2), charts).result == "Dt"    # value 1, column 0-2
    assert od.accept(order, 1, 0, Given(8), charts).result == "A"


def test_9_2b_the_army_hq_accepts_as_rating_2(charts):
    rating = int(charts.rule("orders", "army_hq_rating"))
    value = od.acceptance_value(od.Order(1, "Army HQ", "oral", "complex"), 3, rating, charts)
    assert rating == 2 and value.total == 5


def test_10_2_acceptance_chances_are_exact(charts):
    chances = od.acceptance_chances(6, charts)
    assert sum(chances.values()) == 1 and "Dt" not in chances
    assert chances["A"] == Fraction(26, 36)   # column 5-6: A from 6 up


def test_10_2_a_blank_acceptance_cell_names_the_table():
    with pytest.raises(ChartError, match=r"acceptance"):
        od.accept(od.Order(1, "Hood", "oral", "complex"), 1, 1, Given(7), CwrCharts.load(TEMPLATE))


def test_10_2_delay_reduction_one_die_in_the_delay_column(charts):
    order = od.Order(1, "Hood", "oral", "complex")
    roll = Given(4)
    assert od.reduce_delay(order, "D4", roll, charts).lifted and roll.asked[0][0] == "d6"
    assert not od.reduce_delay(order, "D5", Given(4), charts).lifted


def test_10_2_existing_orders_accepted_replaces_delay_waits_distorted_changes_nothing(charts):
    old, new = od.Order(1, "Hood", "oral", "complex"), od.Order(2, "Hood", "oral", "simple")
    held = od.CommandOrders(accepted=old)
    delayed, why = od.after_acceptance(held, new, "D5", charts)
    assert delayed.accepted == old and (delayed.delayed, delayed.delay) == (new, "D5")
    third = od.Order(3, "Hood", "written", "complex")
    again, why = od.after_acceptance(delayed, third, "D4", charts)
    assert again.delayed == third and "cancelling order 2" in why
    accepted, _ = od.after_acceptance(held, new, "A", charts)
    assert accepted.accepted == new
    same, _ = od.after_acceptance(held, new, "Dt", charts)
    assert same == held
    assert od.after_delay_lifted(delayed).accepted == new


def test_10_5_an_order_only_creating_detachments_leaves_the_orders(charts):
    held = od.CommandOrders(accepted=od.Order(1, "I Corps", "oral", "complex"))
    detach = od.Order(2, "I Corps", "oral", "complex", detachment_only=True)
    assert od.after_acceptance(held, detach, "A", charts)[0] == held


def test_10_2_optional_distorted_order_locks_until_a_six(charts, tmp_path):
    order = od.Order(1, "Hood", "oral", "complex")
    assert not od.after_acceptance(od.CommandOrders(), order, "Dt", charts)[0].locked
    on = with_options(tmp_path, distorted_lockout="on")
    assert od.after_acceptance(od.CommandOrders(), order, "Dt", on)[0].locked
    assert od.lockout_ends("Hood", Given(5), on) == (False, 5)
    assert od.lockout_ends("Hood", Given(6), on) == (True, 6)


def test_11_0_initiative_orders_have_no_cost_or_acceptance(charts):
    with pytest.raises(ValueError, match="11.0"):
        od.order_cost(od.Order(1, "Hood", "initiative", "complex"), charts)


# ---- 10.3 stoppage ----

def fired(**kw):
    base = dict(command="Hood", leader_rating=2, units=4, wrecked=1, order="complex", small_arms_fire=True)
    return st.CommandUnderFire(**{**base, **kw})


def test_10_3_only_complex_orders_under_small_arms_fire_check(charts):
    assert not st.stoppage_check(fired(order="simple"), Given(), charts).required
    assert not st.stoppage_check(fired(order=None), Given(), charts).required
    assert not st.stoppage_check(fired(small_arms_fire=False), Given(), charts).required


def test_10_3_roll_below_the_minimum_is_stoppage(charts):
    # demo: 1 wrecked of 4 units -> column 2; rating 2 in column 2 -> minimum 6
    passed = st.stoppage_check(fired(), Given(6), charts)
    assert (passed.column, passed.minimum, passed.stopped) == (2, 6, False)
    stopped = st.stoppage_check(fired(), Given(5), charts)
    assert stopped.stopped and stopped.retreat_hexes == 4


def test_10_3a_a_lost_original_leader_adds_one_wrecked(charts):
    # 2 wrecked of 4 -> column 4, minimum 10
    check = st.stoppage_check(fired(original_leader_lost=True), Given(9), charts)
    assert (check.wrecked, check.column, check.minimum, check.stopped) == (2, 4, 10, True)


def test_10_3a_night_subtracts_3(charts):
    check = st.stoppage_check(fired(night=True), Given(8), charts)
    assert (check.total, check.stopped) == (5, True)


def test_10_3b_wrecked_more_than_units_is_refused(charts):
    with pytest.raises(ValueError, match="10.3b"):
        st.stoppage_check(fired(units=2, wrecked=3), Given(7), charts)


# ---- 10.4 emergency retreat ----

def test_10_4_forced_by_small_arms_or_close_combat_not_artillery_alone():
    assert er.forced("retreat small arms")[0] and er.forced("retreat close combat")[0]
    assert er.forced("alone with enemy")[0] and er.forced("displaced")[0]
    assert not er.forced("retreat artillery")[0]
    assert er.retreat_for("displaced")[0] and not er.retreat_for("voluntary")[0]
    with pytest.raises(ValueError, match="no Emergency Retreat is required"):
        er.retreat_for("retreat artillery")
    with pytest.raises(ValueError, match="'retreat' is none of voluntary"):
        er.retreat_for("retreat")


def test_10_4_hq_12_mp_then_infantry_and_cavalry_check_table_1_plus_1_if_forced(charts):
    asked = []
    check = lambda name, table, mod: asked.append((name, table, mod)) or "1 straggler"
    units = [er.RetreatingUnit("5 Tex", "infantry"), er.RetreatingUnit("Reilly", "artillery"),
             er.RetreatingUnit("1 Tex Cav", "cavalry"), er.RetreatingUnit("Hood HQ", "hq")]
    forced = er.emergency_retreat("Hood", units, True, check, charts)
    assert forced.hq_mp == 12 and forced.orders_cancelled
    assert asked == [("5 Tex", 1, 1), ("1 Tex Cav", 1, 1)]
    assert forced.checks[0][3] == "1 straggler"
    asked.clear()
    er.emergency_retreat("Hood", units, False, check, charts)
    assert asked == [("5 Tex", 1, 0), ("1 Tex Cav", 1, 0)]


# ---- 11.0 initiative ----

def attempt(**kw):
    base = dict(leader="Law", level="brigade", rating=2, command="Hood", formation="Law's brigade")
    return ini.Attempt(**{**base, **kw})


def test_11_0_initiative_d66_success_loose_cannon_or_nothing(charts):
    # demo, rating 2: Success 11-32, Loose Cannon 65-66
    roll = Given(32)
    ok = ini.attempt_initiative(attempt(), [], roll, charts)
    assert roll.asked[0][0] == "d66" and ok.result == ini.SUCCESS
    assert ini.attempt_initiative(attempt(), [], Given(33), charts).result == ini.FAILURE
    assert ini.attempt_initiative(attempt(), [], Given(65), charts).result == ini.LOOSE_CANNON


def test_11_0_initiative_chances_from_the_rating_column(charts):
    chances = ini.initiative_chances(2, charts)
    assert chances == {ini.SUCCESS: Fraction(14, 36), ini.LOOSE_CANNON: Fraction(2, 36),
                       ini.FAILURE: Fraction(20, 36)}


def test_11_0_at_most_two_attempts_per_command(charts):
    earlier = [attempt(leader="Law"), attempt(leader="Robertson", formation="Robertson's brigade")]
    third = ini.attempt_initiative(attempt(leader="Benning", formation="Benning's brigade"), earlier, Given(), charts)
    assert not third.allowed and "at most 2" in third.why
    other = ini.attempt_initiative(attempt(leader="Kershaw", command="McLaws", formation="Kershaw's brigade"),
                                   earlier, Given(11), charts)
    assert other.allowed


def test_11_0_one_attempt_per_formation_each_turn(charts):
    earlier = [attempt(leader="Law")]
    again = ini.attempt_initiative(attempt(leader="Hood", level="division"), earlier, Given(), charts)
    assert not again.allowed and "Law's brigade" in again.why


def test_11_0a_loose_cannon_falls_on_the_subordinate(charts):
    tried = attempt(leader="Hood", level="division", rating=2, formation="Law's brigade", subordinate="Law",
                    stacked_with_subordinate=True)
    assert ini.attempt_initiative(tried, [], Given(66), charts).applies_to == "Law"
    apart = attempt(leader="Hood", level="division", subordinate="Law", stacked_with_subordinate=False)
    assert not ini.attempt_initiative(apart, [], Given(), charts).allowed


def test_11_0d_the_army_commander_cannot_use_initiative(charts):
    assert not ini.attempt_initiative(attempt(leader="Lee", level="army"), [], Given(), charts).allowed


def test_11_0b_initiative_replaces_the_accepted_order_and_cancels_the_delayed(charts):
    held = od.CommandOrders(accepted=od.Order(1, "Hood", "oral", "simple"),
                            delayed=od.Order(2, "Hood", "oral", "complex"), delay="D5")
    new = od.Order(3, "Hood", "initiative", "complex")
    orders, why = ini.after_initiative(held, new)
    assert (orders.accepted, orders.delayed) == (new, None) and "cancelled" in why
    only = od.Order(4, "Hood", "initiative", "complex", detachment_only=True)
    assert ini.after_initiative(held, only)[0] == held


def test_11_0_a_blank_initiative_cell_names_the_table():
    with pytest.raises(ChartError, match=r"initiative_table\] success, column"):
        ini.attempt_initiative(attempt(), [], Given(11), CwrCharts.load(TEMPLATE))


# ---- 9.1 leaders ----

def test_9_1_leader_loss_only_on_casualties_never_on_m(charts):
    assert ld.leader_loss_checks(["Hood", "Law"], fire_result=1).leaders == ("Hood", "Law")
    assert ld.leader_loss_checks(["Hood"], fire_result="M").leaders == ()
    assert ld.leader_loss_checks(["Hood"], fire_result="M+2").leaders == ()
    assert ld.leader_loss_checks(["Hood"], fire_result=0).leaders == ()


def test_9_1_enemy_entry_checks_only_without_friendly_combat_units(charts):
    alone = ld.leader_loss_checks(["Hood"], entered_by_enemy=True)
    assert alone.leaders == ("Hood",) and alone.entered
    assert ld.leader_loss_checks(["Hood"], entered_by_enemy=True, friendly_combat_units=1).leaders == ()
    # an Unhurt leader after an entry is placed with his command
    survived = ld.leader_loss("Hood", alone, Given(7), charts)
    assert survived.result == "Unhurt" and survived.displaced and not survived.removed


def test_9_1_killed_or_wounded_removes_the_leader(charts):
    fire = ld.leader_loss_checks(["Hood"], fire_result=2)
    roll = Given(2)
    killed = ld.leader_loss("Hood", fire, roll, charts)
    assert roll.asked == [("2d6", "Hood leader loss")] and killed.removed and killed.result == "Killed"
    assert ld.leader_loss("Hood", fire, Given(3), charts).removed   # Wounded
    assert not ld.leader_loss("Hood", fire, Given(7), charts).removed


def test_9_1_a_command_with_no_combat_units_loses_its_leaders():
    assert ld.command_eliminated(["Law"], 0) == ("Law",) and ld.command_eliminated(["Law"], 1) == ()


CHAIN = [ld.Leader("Longstreet", "corps", "I Corps", "ANV"),
         ld.Leader("Hood", "division", "Hood's", "I Corps"), ld.Leader("McLaws", "division", "McLaws's", "I Corps"),
         ld.Leader("Law", "brigade", "Law's", "Hood's"), ld.Leader("Robertson", "brigade", "Robertson's", "Hood's"),
         ld.Leader("Kershaw", "brigade", "Kershaw's", "McLaws's")]
SENIORITY = ["Longstreet", "McLaws", "Hood", "Law", "Kershaw", "Robertson"]


def test_9_1a_a_lost_division_leader_cascades_down_to_a_repl():
    steps = ld.promotions(CHAIN[1], CHAIN, SENIORITY)
    assert [(p.leader, p.command) for p in steps] == [("Law", "Hood's"), ("Repl", "Law's")]
    assert steps[1].placed == "in Law's hex"


def test_9_1a_a_lost_corps_leader_takes_the_senior_division_leader():
    steps = ld.promotions(CHAIN[0], CHAIN, SENIORITY)
    assert [(p.leader, p.command) for p in steps] == [("McLaws", "I Corps"), ("Kershaw", "McLaws's"),
                                                       ("Repl", "Kershaw's")]


def test_9_1_a_killed_brigade_leader_flips_to_repl_with_his_brigade():
    steps = ld.promotions(CHAIN[3], CHAIN, SENIORITY)
    assert [(p.leader, p.command) for p in steps] == [("Repl", "Law's")] and "flipped" in steps[0].placed


def test_9_1_only_leaders_on_the_map_are_promoted_temporarily():
    chain = [l if l.name != "Law" else ld.Leader("Law", "brigade", "Law's", "Hood's", on_map=False) for l in CHAIN]
    steps = ld.promotions(chain[1], chain, SENIORITY)
    assert steps[0].leader == "Robertson" and steps[0].temporary


# ---- 9.3 command radius ----

def trace(mp, source="Law", kind="brigade leader", on_map=True):
    return cr.Trace(source, kind, mp, on_map)


def test_9_3_radius_distances(charts):
    units = [cr.RadiusUnit("Hood", "division leader", (trace(12, "I Corps HQ", "corps hq"),)),
             cr.RadiusUnit("McLaws", "division leader", (trace(13, "I Corps HQ", "corps hq"),)),
             cr.RadiusUnit("Law", "brigade leader", (trace(8, "Hood", "division leader"),)),
             cr.RadiusUnit("Robertson", "brigade leader", (trace(9, "Hood", "division leader"),)),
             cr.RadiusUnit("4 Ala", "regiment", (trace(6),), "Law's"),
             cr.RadiusUnit("15 Ala", "regiment", (trace(7),), "Law's"),
             cr.RadiusUnit("Dance", "reserve battery", (trace(12, "Reserve HQ", "reserve hq"),))]
    got = {n: r.in_command for n, r in cr.command_radius(units, charts).items()}
    assert got == {"Hood": True, "McLaws": False, "Law": True, "Robertson": False, "4 Ala": True,
                   "15 Ala": False, "Dance": True}


def test_9_3_adjacent_to_an_in_radius_unit_of_the_same_brigade(charts):
    units = [cr.RadiusUnit("4 Ala", "regiment", (trace(6),), "Law's", ("15 Ala",)),
             cr.RadiusUnit("15 Ala", "regiment", (trace(9),), "Law's", ("4 Ala", "44 Ala")),
             cr.RadiusUnit("44 Ala", "regiment", (trace(11),), "Law's", ("15 Ala",)),
             cr.RadiusUnit("1 Tex", "regiment", (trace(10, "Robertson"),), "Robertson's", ("4 Ala",))]
    got = cr.command_radius(units, charts)
    assert got["15 Ala"].in_command and got["15 Ala"].via == "4 Ala"
    assert not got["44 Ala"].in_command       # "direct": 15 Ala is in CR only by adjacency
    assert not got["1 Tex"].in_command        # 4 Ala is of another brigade


def test_9_3_option_adjacent_in_radius_chain(tmp_path):
    charts = with_options(tmp_path, adjacent_in_radius="chain")
    units = [cr.RadiusUnit("4 Ala", "regiment", (trace(6),), "Law's", ("15 Ala",)),
             cr.RadiusUnit("15 Ala", "regiment", (trace(9),), "Law's", ("4 Ala", "44 Ala")),
             cr.RadiusUnit("44 Ala", "regiment", (trace(11),), "Law's", ("15 Ala",))]
    got = cr.command_radius(units, charts)
    assert got["44 Ala"].in_command and got["44 Ala"].via == "15 Ala"


def test_9_3a_leaders_are_exempt_while_their_hq_is_off_the_map(charts):
    units = [cr.RadiusUnit("Hood", "division leader", (trace(None, "I Corps HQ", "corps hq", on_map=False),))]
    got = cr.command_radius(units, charts)["Hood"]
    assert got.in_command and got.clause == "9.3a"


def test_9_3_battery_sources_and_option_battery_radius(charts, tmp_path):
    div = cr.RadiusUnit("Reilly", "division battery", (trace(8, "Hood", "division leader"),))
    assert cr.command_radius([div], charts)["Reilly"].in_command                  # "source": 8 MP
    combat = with_options(tmp_path, battery_radius="combat")
    assert not cr.command_radius([div], combat)["Reilly"].in_command              # "combat": 6 MP
    two = cr.RadiusUnit("Reilly", "division battery", (trace(9, "Hood", "division leader"), trace(5, "Law")))
    assert cr.command_radius([two], charts)["Reilly"].source == "Law"
    wrong = cr.RadiusUnit("Bachman", "brigade battery", (trace(3, "Hood", "division leader"),))
    with pytest.raises(ValueError, match="9.3"):
        cr.command_radius([wrong], charts)


# ---- 3.6 reinforcements ----

def test_3_6_the_nth_unit_counts_the_entry_hex_as_its_nth_hex():
    got = rf.arrivals([("1 Tex", 8), ("4 Tex", 8), ("5 Tex", 8)], entry_cost=3)
    assert [(a.position, a.mp_spent, a.enters) for a in got] == [(1, 3, True), (2, 6, True), (3, 9, False)]
    assert got[0].mp_left == 5
    later = rf.arrivals([("3 Ark", 8)], entry_cost=1, waiting=2)
    assert later[0].position == 3 and later[0].mp_spent == 3


def test_3_6a_a_blocked_entry_shifts_up_to_10_hexes_then_10_more(charts):
    edge = [f"A{i}.01" for i in range(1, 41)]
    entry = "A15.01"
    near = rf.entry_hexes(edge, entry, lambda h: h == entry, charts=charts)
    assert near.reach == 10 and near.hexes[:2] == ("A14.01", "A16.01") and "A26.01" not in near.hexes
    blocked_band = {f"A{i}.01" for i in range(5, 26)}
    far = rf.entry_hexes(edge, entry, lambda h: h in blocked_band, charts=charts)
    assert far.reach == 20 and far.hexes[0] == "A4.01" and "A35.01" in far.hexes and "A36.01" not in far.hexes
    assert not rf.entry_hexes(edge, entry, lambda h: False, charts=charts).blocked


def test_3_6a_the_army_train_waits_for_a_road_entry_hex(charts):
    edge = [f"A{i}.01" for i in range(1, 12)]
    shift = rf.entry_hexes(edge, "A5.01", lambda h: h == "A5.01", needs_road=True, has_road=lambda h: False,
                           charts=charts)
    assert shift.wait and shift.hexes == ()


# ---- 3.7 forced march ----

def test_3_7_only_column_infantry_neither_dg_nor_r():
    assert fm.may_force_march(fm.Marcher("5 Tex", "infantry", "column"))[0]
    assert not fm.may_force_march(fm.Marcher("5 Tex", "infantry", "line"))[0]
    assert not fm.may_force_march(fm.Marcher("1 Tex Cav", "cavalry", "column"))[0]
    assert not fm.may_force_march(fm.Marcher("5 Tex", "infantry", "column", state="dg"))[0]
    assert not fm.may_force_march(fm.Marcher("5 Tex", "infantry", "column", state="r"))[0]
    assert not fm.may_force_march(fm.Marcher("5 Tex", "infantry", "column", changed_formation=True))[0]
    assert fm.may_force_march(fm.Marcher("5 Tex", "infantry", "column", state="sh"))[0]


def test_3_7_table_1_buys_2_mp_table_2_two_more(charts):
    asked = []
    check = lambda name, table, mod: asked.append(table) or 0
    unit = fm.Marcher("5 Tex", "infantry", "column")
    assert fm.forced_march(unit, 1, check, charts).extra_mp == 2 and asked == [1]
    asked.clear()
    two = fm.forced_march(unit, 2, check, charts)
    assert (two.extra_mp, two.total_limit, asked) == (4, None, [1, 2])
    asked.clear()
    assert not fm.forced_march(fm.Marcher("5 Tex", "infantry", "line"), 2, check, charts).allowed and asked == []


def test_3_7_option_forced_march_limit_total(tmp_path):
    charts = with_options(tmp_path, forced_march_limit="total")
    two = fm.forced_march(fm.Marcher("5 Tex", "infantry", "column"), 2, lambda *a: 0, charts)
    assert (two.extra_mp, two.total_limit) == (4, 4)


# ---- every roll is reported ----

def test_rolls_go_through_the_seeded_roller(charts):
    rolls = Rolls(seed=3, given=["Hood acceptance*=12"])
    od.accept(od.Order(1, "Hood", "oral", "complex"), 2, 2, rolls.roll, charts)
    ini.attempt_initiative(attempt(), [], rolls.roll, charts)
    assert [(r.purpose, r.dice, r.given) for r in rolls.rolls] == [
        ("Hood acceptance of order 1", "2d6", True), ("Law initiative for Law's brigade", "d66", False)]
