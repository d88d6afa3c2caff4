"""Last Full Measure bombardment, combat, cavalry charges, retreats and cohesion checks (LFM 3, 7, 8,
10-14, 16, 18, 21, 24): the rule text's examples (8.2, 8.9) and each rule by clause, on the demo chart
file's made-up example tables, with rolls given through Rolls."""
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.lfm import bombardment, charge, combat, retreat
from adjutant_plugins.lfm.charts import TEMPLATE, LfmCharts
from adjutant_plugins.lfm.cohesion import cohesion_check, failure_chance
from adjutant_plugins.lfm.combat import Combat, Stack, Unit
from adjutant_plugins.lfm.retreat import Retreater, RetreatHex

DEMO = Path(TEMPLATE).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return LfmCharts.load(DEMO)


def with_options(tmp_path, **options):
    path = tmp_path / "charts.toml"
    path.write_text(DEMO.read_text() + "".join(f'{k} = "{v}"\n' for k, v in options.items()))
    return LfmCharts.load(path)


def rolls(*given):
    return Rolls(seed=1, given=given)


def inf(name, sp=4, cohesion=4, **kw):
    return Unit(name, "infantry", sp, cohesion, **kw)


def cav(name, sp=3, cohesion=4, mode="mounted", **kw):
    return Unit(name, "cavalry", sp, cohesion, mode=mode, **kw)


def gun(name, sp=3, **kw):
    return Unit(name, "artillery", sp, 3, mode="unlimbered", **kw)


def general(name, rank="division", cv=5, **kw):
    return Unit(name, "commander", rank=rank, cv=cv, **kw)


ROW = ["0101", "0102", "0103", "0104"]          # a column of hexes: neighbours differ by one


def adjacent(a, b):
    return abs(ROW.index(a) - ROW.index(b)) == 1


# ---- 18, 16.6: cohesion checks ----

def test_18_a_modified_roll_above_the_cohesion_rating_fails():
    r = rolls("cohesion*=4", "cohesion*=5", "cohesion*=4")
    assert not cohesion_check("6th Wis", 4, r.roll).failed
    assert cohesion_check("6th Wis", 4, r.roll).failed
    assert cohesion_check("6th Wis", 4, r.roll, modifiers=[("ZOI", 1)]).modified == 5
    assert failure_chance(4) == Fraction(1, 3) and failure_chance(4, 1) == Fraction(1, 2)


def test_16_6_a_shattered_unit_that_fails_is_eliminated():
    r = rolls("cohesion*=5", "cohesion*=5")
    assert cohesion_check("2nd Miss", 4, r.roll, shattered=True).eliminated
    assert not cohesion_check("2nd Miss", 4, r.roll).eliminated


# ---- 7: bombardment ----

def battery(name, sp, rng, hex_="0101", **kw):
    return bombardment.Battery(name, hex_, sp, rng, **kw)


def test_7_6_full_sp_at_2_to_4_half_at_5_to_8_summed_before_rounding_up(charts):
    s = bombardment.strength([battery("A", 3, 3), battery("B", 3, 5), battery("C", 2, 8)], charts)
    assert (s.full_sp, s.half_sp, s.strength) == (3, 3, 6)          # halved one by one: 3 + 2 + 1


@pytest.mark.parametrize("b, clause", [
    (battery("A", 3, 3, mode="limbered"), "7.2"),
    (battery("A", 3, 3, in_enemy_zoc=True), "7.2, 7.7"),
    (battery("A", 3, 1), "7.3"),
    (battery("A", 3, 9), "7.2"),
    (battery("A", 3, 3, los="blocked"), "7.5, 27"),
    (battery("A", 3, 3, building=True), "24.1a"),
])
def test_7_2_7_5_only_unlimbered_artillery_out_of_an_enemy_zoc_at_2_to_8_hexes_with_los(charts, b, clause):
    s = bombardment.strength([b, battery("B", 2, 4)], charts)
    assert s.refused == (("A", clause, s.refused[0][2]),) and s.strength == 2


def test_7_3_two_adjacent_hexes_may_combine_fire(charts):
    pair = [battery("A", 3, 3, "0101"), battery("B", 3, 4, "0102")]
    assert bombardment.strength(pair, charts, hexes_adjacent=True).legal
    assert bombardment.strength(pair, charts, hexes_adjacent=False).problems[0][0] == "7.3"
    three = pair + [battery("C", 3, 4, "0103")]
    assert not bombardment.strength(three, charts, hexes_adjacent=True).legal


def test_option_partial_los_bombards_both_ways(charts, tmp_path):
    partial = [battery("A", 3, 3, los="partial")]
    assert bombardment.strength(partial, charts).strength == 3
    no = with_options(tmp_path, partial_los_bombards="no")
    s = bombardment.strength(partial, no)
    assert s.strength == 0 and "partial_los_bombards" in s.refused[0][1] and not s.legal


@pytest.mark.parametrize("dice, outcome", [((6, 1, 1), "disorganized"), ((6, 1, 6), "retreat"),
                                           ((6, 6, 6), "eliminated"), ((1, 1, 1), "none")])
def test_7_8_first_failure_d_second_retreat_third_eliminated(dice, outcome):
    r = rolls(*(f"bombardment cohesion check {i} *={d}" for i, d in enumerate(dice, 1)))
    e = bombardment.cohesion_checks(bombardment.Target("14th Bn", 4), 3, r.roll)
    assert e.outcome == outcome and len(e.checks) == 3
    assert e.adverse == (outcome in ("retreat", "eliminated"))


def test_7_8_a_unit_already_d_retreats_on_its_first_failure_and_is_then_eliminated():
    r = rolls("*check 1 *=5", "*check 2 *=1", "*check 3 *=5")
    e = bombardment.cohesion_checks(bombardment.Target("14th Bn", 4, disorganized=True), 3, r.roll)
    assert e.outcome == "eliminated"
    r = rolls("*check 1 *=5", "*check 2 *=1")
    e = bombardment.cohesion_checks(bombardment.Target("14th Bn", 4, disorganized=True), 2, r.roll)
    assert e.outcome == "retreat"


def test_7_8_16_6_a_shattered_target_failing_is_eliminated_and_no_more_checks_are_rolled():
    r = rolls("*check 1 *=6")
    e = bombardment.cohesion_checks(bombardment.Target("2nd Miss", 4, shattered=True), 3, r.roll)
    assert e.outcome == "eliminated" and len(e.checks) == 1


def test_7_bombard_odds_before_rolling_then_the_artillery_table(charts):
    target = bombardment.Target("14th Bn", 4)
    r = rolls("artillery table*=4", "*check 1 *=6")
    b = bombardment.bombard([battery("A", 4, 3), battery("B", 3, 3)], target, charts, r.roll)
    assert b.strength.strength == 7 and b.column == "7-9" and b.checks == 1
    assert b.chances == {0: Fraction(1, 6), 1: Fraction(1, 2), 2: Fraction(1, 3)}
    fail = Fraction(1, 3)
    assert b.outcome_chances["retreat"] == Fraction(1, 3) * fail * fail
    assert b.outcome_chances["disorganized"] == Fraction(1, 2) * fail + Fraction(1, 3) * 2 * fail * (1 - fail)
    assert sum(b.outcome_chances.values()) == 1
    assert b.effect.outcome == "disorganized"
    with pytest.raises(ValueError, match="7.2"):
        bombardment.bombard([battery("A", 4, 3, mode="limbered")], target, charts, r.roll)


def test_the_template_leaves_the_artillery_table_blank():
    with pytest.raises(ChartError, match="bombardment"):
        bombardment.table_chances(LfmCharts.load(TEMPLATE), 7)


# ---- 8: combat ----

def test_8_2_example_only_b_attacks_c_and_that_is_legal():
    contacts = {"A": {"C"}, "B": {"C"}}
    assert combat.check_attacks(contacts, [({"B"}, {"C"})]) == []
    problems = combat.check_attacks(contacts, [])
    assert [p[0] for p in problems] == ["8.1", "8.1"] and "C is in the ZOC of A" in problems[0][1]


def test_8_1_every_enemy_unit_in_a_friendly_zoc_must_be_attacked():
    contacts = {"A": {"C", "D"}}
    problems = combat.check_attacks(contacts, [({"A"}, {"C"})])
    assert problems == [("8.1", problems[0][1])] and "D is in the ZOC of A" in problems[0][1]
    assert combat.check_attacks(contacts, [({"A"}, {"C", "D"})]) == []
    assert combat.check_attacks(contacts, [({"A"}, {"E"}), ({"A"}, {"C", "D"})])[0][1].endswith("not in the ZOC of A")


def test_8_5_a_stack_cannot_split_its_attack():
    problems = combat.check_attacks({"A": {"C", "D"}}, [({"A"}, {"C"}), ({"A"}, {"D"})])
    assert [p[0] for p in problems] == ["8.5, 4.4"]


def test_16_4_a_shattered_stack_cannot_attack_and_its_contacts_need_no_attack():
    shattered = {"A": ("16.4", "a shattered brigade cannot attack")}
    assert combat.check_attacks({"A": {"C"}}, [], shattered) == []
    assert combat.check_attacks({"A": {"C"}}, [({"A"}, {"C"})], shattered)[0][0] == "16.4"


def test_4_1_8_3_only_8_infantry_cavalry_sp_and_6_artillery_sp_count(charts):
    s = combat.hex_strength(Stack("0101", (inf("a", 6), inf("b", 4), gun("g", 7), general("X"))), charts)
    assert (s.infantry_cavalry, s.artillery, s.total, s.left_out) == (8, 6, 14, 3)


def test_8_7_flanked_from_3_hexes_or_2_not_adjacent():
    assert not combat.flanked(["0101", "0102"], adjacent)
    assert combat.flanked(["0101", "0103"], adjacent)
    assert combat.flanked(["0101", "0102", "0103"], adjacent)
    assert not combat.flanked(["0101"], adjacent)


def example_8_9(charts):
    """8.9: defenders in breastworks attacked from two hexes one hex apart, the attackers higher, one
    attacking stack disorganized, a CV-5 commander with the attackers."""
    attackers = (Stack("0101", (inf("a1", 4), general("Early", cv=5))),
                 Stack("0103", (inf("a2", 4, disorganized=True),)))
    defenders = (Stack("0102", (inf("d1", 4),), breastworks=True),)
    return Combat(attackers, defenders, elevation="attacker")


def test_8_9_example_net_drm_is_minus_1(charts):
    c = example_8_9(charts)
    mods = combat.modifiers(c.attackers, c.defenders, charts, flank=True, elevation="attacker")
    assert sorted(v for _, v, _ in mods) == [-1, -1, -1, 1, 1]
    assert sum(v for _, v, _ in mods) == -1
    assert {clause for *_, clause in mods} == {"16.1", "24.2-24.3", "8.7", "8.9", "8.9, 20.3"}


def test_8_8_8_9_resolve_reads_the_odds_table_and_the_crt_with_the_net_drm(charts):
    c = example_8_9(charts)
    r = rolls("CRT*=4", "commander casualty*=1")
    res = combat.resolve(c, charts, r.roll, lambda a, b: False)    # 0101 and 0103 are not adjacent
    assert (res.odds.attack, res.odds.defence, res.odds.odds) == (8, 4, "2-1")
    assert res.drm == -1 and res.cell == "DR"                     # row 4 - 1 = 3 of the 2-1 column
    assert res.chances == {"D1 DR": Fraction(1, 2), "DR": Fraction(1, 3), "EX": Fraction(1, 6)}
    assert res.result.defender.retreat and not res.casualties     # no commander in the defending hex


def test_8_8_odds_round_down_to_a_printed_column(charts):
    assert combat.odds(10, 4, charts).odds == "2-1"
    assert combat.odds(3, 2, charts).odds == "3-2"
    assert combat.odds(1, 9, charts).odds == "1-3"
    with pytest.raises(ChartError, match="odds_table"):
        combat.odds(10, 4, LfmCharts.load(TEMPLATE))


def test_16_1_16_2_each_disorganized_hex_counts(charts):
    attackers = (Stack("0101", (inf("a", disorganized=True),)), Stack("0103", (inf("b", disorganized=True),)))
    defenders = (Stack("0102", (inf("c", disorganized=True),)), Stack("0104", (inf("d", shattered=True),)))
    mods = combat.modifiers(attackers, defenders, charts)
    assert [v for _, v, _ in mods] == [1, 1, -1, -1]


def test_24_2_breastworks_help_all_but_mounted_cavalry(charts):
    att = (Stack("0101", (inf("a"),)),)
    mounted = (Stack("0102", (cav("c"),), breastworks=True),)
    dismounted = (Stack("0102", (cav("c", mode="dismounted"),), breastworks=True),)
    assert combat.modifiers(att, mounted, charts) == ()
    assert [v for _, v, _ in combat.modifiers(att, dismounted, charts)] == [1]


def test_24_4_a_stone_wall_counts_across_it_but_not_behind_breastworks(charts):
    att = (Stack("0101", (inf("a"),), across_stone_wall=True),)
    assert [c for *_, c in combat.modifiers(att, (Stack("0102", (inf("d"),)),), charts)] == ["24.4"]
    behind = (Stack("0102", (inf("d"),), breastworks=True),)
    assert [c for *_, c in combat.modifiers(att, behind, charts)] == ["24.2-24.3"]


def test_option_commander_drm_both_ways(charts, tmp_path):
    att = (Stack("0101", (inf("a"), general("Hill", "corps", 6), general("Heth", "division", 3))),)
    dfn = (Stack("0102", (inf("d"), general("Iron", "brigade", 0))),)
    flat = combat.modifiers(att, dfn, charts)
    assert [(label, v) for label, v, _ in flat] == [("attacking commander Hill (CV 6)", -1)]
    by_cv = with_options(tmp_path, commander_drm="cv")
    assert [v for _, v, _ in combat.modifiers(att, dfn, by_cv)] == [-2]       # demo row 6: -2
    dfn = (Stack("0102", (inf("d"), general("Doubleday", "division", 2))),)
    assert [v for _, v, _ in combat.modifiers(att, dfn, by_cv)] == [-2, 0]    # demo row 2: 0
    assert [v for _, v, _ in combat.modifiers(att, dfn, charts)] == [-1, 1]


def test_8_10_the_first_loss_has_the_cohesion_used_and_an_exchange_matches_sp():
    a, b, c = inf("a", 3, 5), inf("b", 2, 4), inf("c", 4, 4)
    assert combat.check_losses([a], 5) == []
    assert combat.check_losses([b, a], 5)[0][0] == "8.10"
    assert combat.check_losses([a, b], 5, at_least_sp=5) == []
    assert "at least" in combat.check_losses([a], 5, at_least_sp=5)[0][1]
    assert "one unit more" in combat.check_losses([a, c, b], 5, at_least_sp=5)[0][1]


def test_21_commanders_above_1_star_in_a_hex_with_an_adverse_result_fall_on_a_1():
    stack = Stack("0102", (inf("d"), general("Reynolds", "corps"), general("Meredith", "brigade", 0),
                           general("Wadsworth"), general("Doubleday", replacement=True)))
    r = rolls("commander casualty Reynolds=1", "commander casualty Wadsworth=2")
    out = combat.commander_casualties(stack, r.roll)
    assert [(n, d, hit) for n, d, hit, _ in out] == [("Reynolds", 1, True), ("Meredith", None, False),
                                                    ("Wadsworth", 2, False), ("Doubleday", None, False)]


def test_8_11_casualties_are_rolled_only_in_the_hexes_of_a_side_hurt(charts):
    attackers = (Stack("0101", (inf("a", 8), general("Early"))),)
    defenders = (Stack("0102", (inf("d", 4), general("Reynolds", "corps"))),)
    r = rolls("CRT*=1", "commander casualty Reynolds=1")
    res = combat.resolve(Combat(attackers, defenders), charts, r.roll, adjacent)
    assert res.cell == "D1 DR" and [c[:4] for c in res.casualties] == [("0102", "Reynolds", 1, True)]
    assert [x.purpose for x in r.rolls] == ["CRT 0101 -> 0102", "commander casualty Reynolds"]


def test_13_another_round_while_units_remain_in_an_enemy_zoc(charts):
    c = Combat((Stack("0101", (inf("a", 8),)),), (Stack("0102", (inf("d", 4),)),))
    r = rolls("CRT*=6", "CRT*=1")
    stuck = combat.combat_round([c], charts, r.roll, adjacent, lambda results: ({"0101": {"0102"}}, {}))
    assert stuck.another_round and stuck.results[0].cell == "AR"
    over = combat.combat_round([c], charts, r.roll, adjacent, lambda results: ({"0101": set()}, {}))
    assert not over.another_round


# ---- 3: cavalry charges ----

def charge_stacks(**target_state):
    chargers = Stack("0101", (cav("1st Va", cohesion=4), cav("2nd Va", cohesion=5)))
    targets = Stack("0102", (inf("6th Wis", cohesion=3, **target_state), inf("2nd Wis", cohesion=6)))
    return chargers, targets


MP = {"1st Va": 3, "2nd Va": 3}


@pytest.mark.parametrize("change, clause", [
    (dict(chargers=Stack("0101", (cav("1st Va", mode="dismounted"),))), "3.1"),
    (dict(chargers=Stack("0101", (cav("1st Va", shattered=True),))), "16.4"),
    (dict(approach=charge.Approach(4)), "3.3"),
    (dict(started_stacked=False), "3.4"),
    (dict(changed_stack=True), "3.4"),
    (dict(used_road=True), "3.1, 5.6"),
])
def test_3_1_3_4_who_may_charge(change, clause):
    chargers, _ = charge_stacks()
    args = dict(chargers=chargers, approach=charge.Approach(3), mp_left=MP)
    args.update(change)
    assert charge.check_charge(args.pop("chargers"), args.pop("approach"), args.pop("mp_left"), **args)[0][0] == clause
    assert charge.check_charge(chargers, charge.Approach(3), MP) == []


def test_3_9_the_column_is_the_chargers_highest_cohesion_minus_the_targets_highest():
    assert charge.column(*charge_stacks()) == (5, 6, -1)


@pytest.mark.parametrize("state, approach, total", [
    (dict(disorganized=True), charge.Approach(3), -1),
    (dict(shattered=True), charge.Approach(3), -3),          # 16.5: shattered is disorganized too
    ({}, charge.Approach(3, steep_slope=True, creek=True, town_or_woods=True), 3),
    ({}, charge.Approach(3, stone_wall=True), 1),
    ({}, charge.Approach(3, stone_wall=True, breastworks=True), 1),   # 24.4
])
def test_3_10_the_charge_drms_are_cumulative(charts, state, approach, total):
    chargers, targets = charge_stacks(**state)
    assert sum(v for _, v, _ in charge.modifiers(chargers, targets, approach, charts)) == total


def test_3_10_a_disorganized_charger_adds_1(charts):
    chargers = Stack("0101", (cav("1st Va", disorganized=True),))
    _, targets = charge_stacks()
    assert [v for _, v, _ in charge.modifiers(chargers, targets, charge.Approach(3), charts)] == [1]


def test_3_charge_odds_before_rolling_then_the_table_and_the_chargers_end_disorganized(charts):
    chargers, targets = charge_stacks()
    r = rolls("charge*=2")
    c = charge.resolve(chargers, targets, charge.Approach(3, creek=True), charts, r.roll, MP)
    assert c.column == "-1" and c.drm == 1 and c.cell == "DR"            # row 2 + 1 = 3 of column -1
    assert c.chances == {"DR": Fraction(1, 3), "AR": Fraction(1, 3), "A1 AR": Fraction(1, 3)}
    clauses = [s[0] for s in c.steps]
    assert "3.11, 14.1" in clauses and "3.6, 10.5" in clauses and "3.5" in clauses
    with pytest.raises(ValueError, match="3.3"):
        charge.resolve(chargers, targets, charge.Approach(5), charts, r.roll, MP)


# ---- 10, 14.4: retreats ----

OPPOSITE = RetreatHex("0103", opposite=True)
SIDE = RetreatHex("0201")
SIDE_ZOC = RetreatHex("0202", enemy_zoc=True)
OPPOSITE_ZOC = RetreatHex("0103", opposite=True, enemy_zoc=True)
NEARER = RetreatHex("0104", nearer_brigade_commander=True)
FARTHER = RetreatHex("0301")
REGT = (Retreater("6th Wis", "infantry"),)


def test_10_1_a_retreat_is_one_or_two_hexes():
    assert retreat.judge_retreat(REGT, [OPPOSITE], ["0103"]).legal
    assert retreat.judge_retreat(REGT, [OPPOSITE], []).problems[0][0] == "10.1"
    assert retreat.judge_retreat(REGT, [OPPOSITE], ["0103", "0104", "0105"],
                                 [NEARER]).problems[0][0] == "10.1"


def test_10_2_the_first_hex_is_opposite_the_attacker():
    r = retreat.judge_retreat(REGT, [OPPOSITE, SIDE], ["0201"])
    assert r.problems[0][0] == "10.2"
    assert retreat.judge_retreat(REGT, [OPPOSITE, SIDE], ["0103"]).legal


def test_10_3_never_into_an_enemy_zoc_while_another_hex_is_open():
    r = retreat.judge_retreat(REGT, [OPPOSITE_ZOC, SIDE], ["0103"])
    assert r.problems[0][0] == "10.3"
    assert retreat.judge_retreat(REGT, [OPPOSITE_ZOC, SIDE], ["0201"]).legal


def test_10_4_forced_into_an_enemy_zoc_the_unit_stops_there_disorganized():
    r = retreat.judge_retreat(REGT, [OPPOSITE_ZOC, SIDE_ZOC], ["0103"])
    assert r.legal and r.disorganized and r.ends_in == "0103"
    assert "10.4" in [c for c, _ in r.steps]
    r = retreat.judge_retreat(REGT, [OPPOSITE_ZOC], ["0103", "0104"], [NEARER])
    assert r.problems[0][0] == "10.4" and r.ends_in == "0103"


def test_10_5_3_6_nr_terrain_may_stay_unless_charged_by_cavalry():
    assert retreat.judge_retreat(REGT, [OPPOSITE], [], nr_terrain=True).legal
    r = retreat.judge_retreat(REGT, [OPPOSITE], [], nr_terrain=True, charged_by_cavalry=True)
    assert r.problems[0][0] == "10.1"


def test_10_8_units_of_a_shattered_brigade_forced_to_retreat_are_eliminated():
    units = (Retreater("2nd Miss", "infantry", shattered=True), Retreater("11th Miss", "infantry"))
    r = retreat.judge_retreat(units, [OPPOSITE], ["0103"])
    assert r.eliminated == ["2nd Miss"]
    assert retreat.judge_retreat(units, [OPPOSITE], [], nr_terrain=True).eliminated == []


def test_10_9_the_second_hex_nears_the_brigade_commander_or_the_brigade():
    r = retreat.judge_retreat(REGT, [OPPOSITE], ["0103", "0301"], [NEARER, FARTHER])
    assert r.problems[0][0] == "10.9"
    assert retreat.judge_retreat(REGT, [OPPOSITE], ["0103", "0104"], [NEARER, FARTHER]).legal
    assert retreat.judge_retreat(REGT, [OPPOSITE], ["0103", "0301"], [FARTHER]).legal


def test_10_10_artillery_limbers_and_dies_if_its_only_retreat_is_into_an_enemy_zoc():
    guns = (Retreater("Battery B", "artillery"),)
    assert retreat.judge_retreat(guns, [OPPOSITE], ["0103"]).limbered == ["Battery B"]
    assert retreat.judge_retreat(guns, [OPPOSITE_ZOC], ["0103"]).eliminated == ["Battery B"]
    friends = RetreatHex("0103", opposite=True, enemy_zoc=True, friendly_occupied=True)
    assert retreat.judge_retreat(guns, [friends], ["0103"]).eliminated == []


def test_14_1_14_4_a_forced_retreat_disorganizes_and_a_disorganized_stack_loses_a_unit():
    r = retreat.judge_retreat(REGT, [OPPOSITE], ["0103"])
    assert r.disorganized and not r.lose_one_unit
    r = retreat.judge_retreat((Retreater("6th Wis", "infantry", disorganized=True),), [OPPOSITE], ["0103"])
    assert r.lose_one_unit


# ---- 11-12: advances ----

def test_12_1_infantry_and_cavalry_that_fought_advance_not_artillery(charts):
    assert retreat.may_advance("infantry", "attacker", "defender", "12", charts)[0]
    assert not retreat.may_advance("artillery", "attacker", "defender", "12", charts)[0]
    assert not retreat.may_advance("infantry", "attacker", "defender", "12", charts, participated=False)[0]
    assert retreat.may_advance("cavalry", "attacker", "defender", "11.6", charts)[0]


def test_option_voluntary_advance_both_ways(charts, tmp_path):
    assert retreat.may_advance("infantry", "defender", "attacker", "11.4", charts)[0]
    assert not retreat.may_advance("infantry", "defender", "defender", "11.4", charts)[0]
    printed = with_options(tmp_path, voluntary_advance="defender")
    assert retreat.may_advance("infantry", "defender", "defender", "11.4", printed)[0]
    assert not retreat.may_advance("infantry", "defender", "attacker", "11.4", printed)[0]


def test_12_4_into_the_vacated_hex_or_next_to_it_with_one_unit_in_it():
    assert retreat.check_advance({"a": "0102", "b": "0103"}, "0102", {"0103"}) == []
    assert retreat.check_advance({"a": "0103"}, "0102", {"0103"})[0][0] == "12.4"
    assert retreat.check_advance({"a": "0102", "b": "0104"}, "0102", {"0103"})[0][0] == "12.4"
