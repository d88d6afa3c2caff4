"""Civil War Regimental Series fire combat (5.0-5.7, 8.2, 8.4): legality, Fire Strength, column
shifts, the Fire Combat Table's results and odds, each test named after its clause. The tables are
the demo chart file's (EXAMPLE values except those marked rulebook); rolls are forced."""
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.cwr.charts import CwrCharts
from adjutant_plugins.cwr.fire import Fire, FirePhase, FiringHex, Shot, Target, Unit, check_fire, record_fire
from adjutant_plugins.cwr.fire_split import check_split_fire, most_even
from adjutant_plugins.cwr.fire_strength import fire_strength, range_multiplier
from adjutant_plugins.cwr.fire_table import (Outcome, Shift, allocate_casualties, column_shifts, decode, fire_odds,
                                             resolve_fire, selective_target)

CWR = Path(__file__).resolve().parents[2] / "plugins" / "cwr"
DEMO = CWR / "demo" / "charts.toml"
TEMPLATE = CWR / "charts-template.toml"


@pytest.fixture(scope="module")
def charts():
    return CwrCharts.load(DEMO)


def with_options(tmp_path, **options):
    """The demo charts with [options] set (the demo file ends with its [options] table)."""
    path = tmp_path / "charts.toml"
    extra = "".join(f'{k} = "{v}"\n' for k, v in options.items())
    path.write_text(DEMO.read_text() + "\n" + extra)
    return CwrCharts.load(path)


def inf(name, sp=6, weapon="R", side="Union", **kw):
    return Unit(name, side, "infantry", weapon, sp, **kw)


def gun(name, sp=4, weapon="N", side="Union", **kw):
    return Unit(name, side, "artillery", weapon, sp, **kw)


def reb(name="26th NC", sp=5, **kw):
    return Unit(name, "Confederate", "infantry", "M", sp, **kw)


def at(*stack, hex="B5.5", terrain=()):
    return Target(hex, tuple(stack) if stack else (reb(),), tuple(terrain))


def hexfire(stack, shots, rng=1, hex="A1.1", **kw):
    shots = tuple(s if isinstance(s, Shot) else Shot(*s) for s in shots)
    return FiringHex(hex, tuple(stack), shots, rng, **kw)


def fire(*hexes, target=None, side="Union", **kw):
    return Fire(side, target or at(), tuple(hexes), **kw)


def one(unit, sp=None, rng=1, target=None, **kw):
    """`unit` alone in A1.1 firing `sp` (all its SP) at `rng` hexes."""
    return fire(hexfire([unit], [(unit.name, unit.sp if sp is None else sp)], rng), target=target, **kw)


def clauses(refusals):
    return [r.clause for r in refusals]


def no_roll(dice, purpose):
    raise AssertionError(f"rolled {dice} for {purpose}")


def given(value):
    return lambda dice, purpose: value


# ---- 5.2 Fire Strength: the worked examples ----

def test_5_2_rifles_6_sp_at_one_hex_fire_12(charts):
    s = fire_strength(charts, one(inf("1st Minnesota", 6)))
    assert s.total == 12 and s.column_value == 12
    assert s.contributions[0].multiplier == 2


def test_5_2_5_sp_at_three_hexes_fire_2_and_a_half(charts):
    s = fire_strength(charts, one(inf("15th Mass", 5), rng=3))
    assert s.total == Fraction(5, 2) and s.column_value == 2


def test_5_2_fractions_kept_to_the_total_then_dropped(charts):
    # 2.5 + 2.5 = 5, not 2 + 2: each unit's fraction is kept until the total (5.2, 5.7)
    a, b = inf("a", 5), inf("b", 5)
    f = fire(hexfire([a], [("a", 5)], 3), hexfire([b], [("b", 5)], 3, hex="A1.2"))
    s = fire_strength(charts, f)
    assert s.total == 5 and s.column_value == 5
    f = fire(hexfire([a], [("a", 5)], 3), hexfire([inf("c", 6)], [("c", 6)], 1, hex="A1.2"))
    assert fire_strength(charts, f).column_value == 14   # 14.5 dropped to 14


def test_5_4_split_example_r8_and_n5_at_two_hexes_fire_8_and_10(charts):
    stack = [inf("R8", 8), gun("N5", 5)]
    first = fire(hexfire(stack, [("N5", 2), ("R8", 2)], 2), target=at(reb("x")))
    second = fire(hexfire(stack, [("N5", 3), ("R8", 1)], 2), target=at(reb("y"), hex="B6.6"))
    assert [fire_strength(charts, f).total for f in (first, second)] == [8, 10]
    assert check_split_fire(charts, [first, second]) == []


def test_5_2a_disorganized_fire_at_half_strength_keeping_fractions(charts):
    s = fire_strength(charts, one(inf("a", 3, state="dg")))
    assert s.total == 3
    s = fire_strength(charts, one(inf("a", 3, state="dg"), rng=3))
    assert s.total == Fraction(3, 4)


def test_5_3e_a_total_below_1_is_no_effect_without_a_roll(charts):
    f = one(inf("a", 1), rng=3)
    assert fire_strength(charts, f).no_effect
    r = resolve_fire(charts, f, no_roll)
    assert r.roll is None and r.outcome is None and r.low_ammo == ()
    assert not fire_strength(charts, one(inf("a", 2), rng=3)).no_effect


@pytest.mark.parametrize("points, trace, total", [(None, True, 12), (0, True, 6), (None, False, 6), (0, False, 3)])
def test_8_4_artillery_half_without_points_half_without_trace_quarter_with_both(charts, points, trace, total):
    battery = gun("Battery B", 4)
    f = fire(hexfire([battery], [Shot("Battery B", 4, ammo_trace=trace)], 2), ammo_points=points)
    assert fire_strength(charts, f).total == total


def test_8_4a_each_battery_spends_a_point_the_ones_after_the_last_fire_at_half(charts):
    a, b = gun("a", 2), gun("b", 2)
    f = fire(hexfire([a, b], [("a", 2), ("b", 2)], 2), ammo_points=1)
    s = fire_strength(charts, f)
    assert [c.value for c in s.contributions] == [6, 3] and s.ammo_points_spent == 1


def test_8_4_small_arms_ignore_artillery_ammunition(charts):
    assert fire_strength(charts, one(inf("a", 4), ammo_points=0)).total == 8


def test_the_template_holds_the_multipliers_the_rulebook_implies():
    t = CwrCharts.load(TEMPLATE)
    assert range_multiplier(t, inf("a"), 1) == 2 and range_multiplier(t, inf("a"), 2) == 1    # 5.2, 5.4
    assert range_multiplier(t, gun("n"), 2) == 3                                                # 5.4
    assert range_multiplier(t, gun("r", weapon="R"), "CC") == 4                                 # A3.1
    assert range_multiplier(t, gun("r", weapon="R"), 3) == 2                                    # A3.1
    with pytest.raises(ChartError, match=r"small_arms_range\] R at range 3 is not filled in"):
        range_multiplier(t, inf("a"), 3)
    with pytest.raises(ChartError, match="fire_combat_table"):
        t.file.lookup("fire_combat_table", 7, value=4)


# ---- 5.3, 3.3, 4.4, 8.2: who may fire, at what ----

@pytest.mark.parametrize("unit, clause", [
    (inf("a", formation="column"), "5.3a"), (Unit("c", "Union", "cavalry", "C", 4, formation="mounted"), "5.3a"),
    (gun("g", formation="limbered"), "5.3a"), (inf("a", state="r"), "5.3a"), (inf("a", ammo="none"), "8.2")])
def test_5_3a_8_2_column_mounted_limbered_routed_and_no_ammo_units_may_not_fire(charts, unit, clause):
    assert clauses(check_fire(charts, one(unit))) == [clause]
    ok = Unit(unit.name, unit.side, unit.type, unit.weapon, unit.sp)
    assert check_fire(charts, one(ok)) == []


def test_8_2_low_ammo_units_fire_normally(charts):
    assert check_fire(charts, one(inf("a", ammo="low"))) == []


def test_5_3_range_visibility_los_and_the_frontal_arc(charts):
    assert clauses(check_fire(charts, one(inf("a", weapon="S"), rng=3))) == ["5.3"]     # S: "-" at 3
    assert clauses(check_fire(charts, one(gun("g"), rng=13))) == ["5.3"]                # past the chart
    assert check_fire(charts, one(gun("g"), rng=7)) == []
    assert clauses(check_fire(charts, one(gun("g"), rng=7, visibility=6))) == ["4.4"]
    assert check_fire(charts, one(gun("g"), rng=6, visibility=6)) == []
    blind = fire(hexfire([inf("a")], [("a", 6)], 2, los=False))
    assert clauses(check_fire(charts, blind)) == ["5.3"]
    behind = fire(hexfire([inf("a")], [("a", 6)], 1, frontal=False))
    assert clauses(check_fire(charts, behind)) == ["3.3"]
    assert clauses(check_fire(charts, one(inf("a"), rng=0))) == ["7.0"]


def test_5_0_only_enemy_units_are_fired_at(charts):
    assert clauses(check_fire(charts, one(inf("a"), target=at(inf("friend"))))) == ["5.0"]
    assert check_fire(charts, one(inf("a"), target=at(Unit("wagon", "Confederate", "wagon")))) == []


def test_5_1a_at_most_8_sp_fire_out_of_a_hex_this_phase(charts):
    stack = [inf("a", 6), inf("b", 4)]
    assert check_fire(charts, fire(hexfire(stack, [("a", 6), ("b", 2)]))) == []
    refused = check_fire(charts, fire(hexfire(stack, [("a", 6), ("b", 3)])))
    assert clauses(refused) == ["5.1a"] and "9 SP" in str(refused[0])
    # the limit counts every hexside the hex fires through this phase
    phase = record_fire(FirePhase(), fire(hexfire(stack, [("a", 6)]), target=at(reb("x"), hex="B9.9")))
    assert clauses(check_fire(charts, fire(hexfire(stack, [("b", 3)])), phase)) == ["5.1a"]
    assert check_fire(charts, fire(hexfire(stack, [("b", 2)])), phase) == []


def test_5_1a_example_infantry_from_the_top_artillery_from_anywhere(charts):
    stack = [inf("top", 6), inf("below", 4), gun("guns", 6)]
    for shots in ([("guns", 6), ("top", 2)], [("top", 6), ("below", 2)], [("top", 4), ("guns", 4)]):
        assert check_fire(charts, fire(hexfire(stack, shots))) == [], shots
    refused = check_fire(charts, fire(hexfire(stack, [("below", 4), ("guns", 4)])))
    assert clauses(refused) == ["5.1a"] and "top" in refused[0].text


def test_5_1a_option_sp_from_top_eligible_passes_over_a_unit_that_cannot_fire(charts, tmp_path):
    stack = [inf("top", 6, ammo="none"), inf("below", 4)]
    f = fire(hexfire(stack, [("below", 4)]))
    assert check_fire(charts, f) == []
    strict = with_options(tmp_path, sp_from_top="stack")
    assert clauses(check_fire(strict, f)) == ["5.1a"]


def test_5_3b_each_unit_fires_once_a_phase(charts):
    a = inf("a")
    phase = record_fire(FirePhase(), one(a, 2, target=at(reb("x"), hex="B9.9")))
    assert clauses(check_fire(charts, one(a, 2), phase)) == ["5.3b"]
    twice = fire(hexfire([a], [("a", 2), ("a", 2)]))
    assert "5.3b" in clauses(check_fire(charts, twice))


def test_5_3c_a_hex_and_a_unit_are_fired_on_once_a_phase(charts):
    phase = record_fire(FirePhase(), one(inf("a")))
    b = hexfire([inf("b")], [("b", 6)], hex="A2.2")
    assert clauses(check_fire(charts, fire(b), phase)) == ["5.3c", "5.3c"]     # the hex, and its unit
    moved = at(reb(), hex="B7.7")            # the same unit, now in another hex
    assert clauses(check_fire(charts, fire(b, target=moved), phase)) == ["5.3c"]
    assert check_fire(charts, fire(b, target=at(reb("other"), hex="B7.7")), phase) == []


def test_6_3e_the_free_fire_at_a_retreat_into_an_enemy_zone_is_outside_5_3b_c(charts):
    a = inf("a")
    phase = record_fire(FirePhase(), one(a))
    assert check_fire(charts, one(a, free=True), phase) == []
    assert sorted(clauses(check_fire(charts, one(a), phase))) == ["5.1a", "5.3b", "5.3c", "5.3c"]
    assert record_fire(phase, one(inf("b"), free=True)).fired == phase.fired


@pytest.mark.parametrize("side, allowed", [("Union", 3), ("Confederate", 2)])
def test_5_3d_three_union_or_two_confederate_batteries_combine(charts, side, allowed):
    enemy = at(inf("yank", side="Union")) if side == "Confederate" else at()
    def batteries(n):
        return fire(*(hexfire([gun(f"g{i}", 2, side=side)], [(f"g{i}", 2)], 2, hex=f"A{i}.1") for i in range(n)),
                    side=side, target=enemy)
    assert check_fire(charts, batteries(allowed)) == []
    assert clauses(check_fire(charts, batteries(allowed + 1))) == ["5.3d"]
    assert check_fire(charts, replace(batteries(allowed + 1), battery_limit=allowed + 1)) == []


# ---- 5.4 Split Fire ----

def split(stack, parts, rngs=(2, 2)):
    return [fire(hexfire(stack, shots, r), target=at(reb(f"t{i}"), hex=f"B{i}.5"))
            for i, (shots, r) in enumerate(zip(parts, rngs))]


def test_5_4_1_split_fire_targets_at_the_same_range(charts):
    stack = [inf("a", 8)]
    assert check_split_fire(charts, split(stack, [[("a", 4)], [("a", 4)]])) == []
    assert clauses(check_split_fire(charts, split(stack, [[("a", 4)], [("a", 4)]], (1, 2)))) == ["5.4 (1)"]


def test_5_4_2_split_as_evenly_as_possible(charts):
    stack = [inf("a", 8)]
    refused = check_split_fire(charts, split(stack, [[("a", 5)], [("a", 3)]]))
    assert clauses(refused) == ["5.4 (2)"] and "4 / 4" in refused[0].text
    assert check_split_fire(charts, split([inf("a", 7)], [[("a", 4)], [("a", 3)]])) == []
    assert most_even([(True, 5), (False, 3)], 2) == (4, 4)
    assert most_even([(True, 5)], 3) is None             # five guns make no three sections of 2


def test_5_4_2_artillery_splits_into_sections_of_2_guns_or_more(charts):
    stack = [inf("a", 8), gun("g", 3)]
    refused = check_split_fire(charts, split(stack, [[("g", 1), ("a", 3)], [("g", 2), ("a", 2)]]))
    assert "5.4 (2)" in clauses(refused) and "sections of 2" in str(refused[0])
    # the 5.4 note: the infantry fires its 3 SP at a third target instead
    stack = [inf("R8", 8), gun("N5", 5)]
    three = split(stack, [[("N5", 2)], [("N5", 3)], [("R8", 3)]], (2, 2, 2))
    assert check_split_fire(charts, three) == []


def test_5_4_2_a_split_fire_distributes_all_available_sp(charts):
    refused = check_split_fire(charts, split([inf("a", 8)], [[("a", 3)], [("a", 3)]]))
    assert clauses(refused) == ["5.4 (2)"] and "6 of 8" in refused[0].text


def test_5_4_3_no_other_unit_adds_to_a_split_fire(charts):
    parts = split([inf("a", 8)], [[("a", 4)], [("a", 4)]])
    joined = Fire("Union", parts[1].target, parts[1].hexes + (hexfire([inf("b")], [("b", 6)], 1, hex="A2.2"),))
    assert "5.4 (3)" in clauses(check_split_fire(charts, [parts[0], joined]))


def test_5_4_4_one_split_fire_from_a_hex_option_split_fire_limit(charts, tmp_path):
    stack = [inf("a", 4), inf("b", 4)]
    first = split(stack, [[("a", 2)], [("a", 2)]])
    phase = record_fire(FirePhase(), *first, split=True)
    second = [fire(hexfire(stack, [("b", 2)], 2), target=at(reb(f"u{i}"), hex=f"C{i}.5")) for i in range(2)]
    assert "5.4 (4)" in clauses(check_split_fire(charts, second, phase))
    assert check_split_fire(with_options(tmp_path, split_fire_limit="at"), second, phase) == []


def test_5_4_the_8_sp_limit_counts_every_target_of_the_split(charts):
    refused = check_split_fire(charts, split([inf("a", 8), inf("b", 4)], [[("a", 5)], [("a", 3), ("b", 2)]]))
    assert "5.1a" in clauses(refused)


# ---- 5.5 Selective Fire ----

def test_5_5_only_artillery_fires_selectively_at_artillery(charts):
    target = at(reb(), gun("reb guns", 4, side="Confederate"))
    assert check_fire(charts, one(gun("g"), 4, rng=2, target=target, selective=True)) == []
    assert clauses(check_fire(charts, one(inf("a"), target=target, selective=True))) == ["5.5"]
    assert clauses(check_fire(charts, one(gun("g"), 4, rng=2, selective=True))) == ["5.5"]


def test_5_5_1_a_limbered_battery_is_fired_on_alone(charts):
    limbered = gun("reb limbered", 3, side="Confederate", formation="limbered")
    target = at(reb("top", 6), limbered)
    f = one(gun("g", 4), rng=2, target=target, selective=True)
    assert [s.name for s in column_shifts(charts, f)] == ["limbered"]          # its shifts, not the top unit's
    assert [s.name for s in column_shifts(charts, one(gun("g", 4), rng=2, target=target))] == []
    chosen = selective_target(target)
    assert chosen.kind == "limbered" and chosen.morale_needs_retreat
    assert allocate_casualties(target, 5, chosen) == ((("reb limbered", 3),), ())
    r = resolve_fire(charts, f, given(12))          # 12 SP at 2 hexes, column 12-15: "4"
    assert r.losses == (("reb limbered", 3),) and not r.morale_check and r.selective == chosen


def test_5_5_2_unlimbered_artillery_takes_the_casualties_most_guns_first(charts):
    target = at(reb("top", 6), gun("small", 2, side="Confederate"), gun("big", 5, side="Confederate"))
    chosen = selective_target(target)
    assert chosen.kind == "unlimbered" and not chosen.morale_needs_retreat
    assert allocate_casualties(target, 6, chosen) == ((("big", 5), ("small", 1)), ("top", "small"))


def test_5_5_only_limbered_or_only_unlimbered_artillery_is_a_normal_fire(charts):
    assert selective_target(at(gun("a", 2, side="Confederate"), gun("b", 4, side="Confederate"))).kind == "normal"
    mixed = at(gun("a", 2, side="Confederate"), gun("b", 4, side="Confederate", formation="limbered"))
    assert selective_target(mixed).battery == "b"        # the design note: the limbered one


# ---- 5.6, 5.7, 3.3, 8.2: column shifts ----

def names(shifts):
    return [s.name for s in shifts]


def test_5_7_the_top_combat_unit_sets_the_target_shifts(charts):
    leader = Unit("Pettigrew", "Confederate", "leader")
    target = at(leader, gun("limbered", 2, side="Confederate", formation="limbered"), reb())
    assert names(column_shifts(charts, one(inf("a"), target=target))) == ["limbered"]
    below = at(reb(), gun("limbered", 2, side="Confederate", formation="limbered"))
    assert names(column_shifts(charts, one(inf("a"), target=below))) == []


def test_5_6a_terrain_shifts_once_and_unlisted_terrain_does_not_shift(charts):
    f = one(inf("a"), target=at(terrain=("forest", "forest", "clear")))
    assert [(s.name, s.columns) for s in column_shifts(charts, f)] == [("forest", -2)]
    with_flank = fire(hexfire([inf("a")], [("a", 6)], flank=True))
    assert names(column_shifts(charts, with_flank, (Shift("flank", 2, "3.3", "again"),))) == ["flank"]


def test_7_1b_another_rule_s_shift_is_added(charts):
    rear = Shift("close combat rear", -3, "7.1b", "the attacker entered through a rear hexside")
    assert sum(s.columns for s in column_shifts(charts, one(inf("a")), (rear,))) == -3


def slope_fire(from_below=(True, True), sides=(2, 2), features=("slope", "slope")):
    return fire(*(hexfire([inf(f"u{i}", 4)], [(f"u{i}", 4)], 1, hex=f"A{i}.1", entry_side=s, entry_feature=feat,
                          from_below=b) for i, (b, s, feat) in enumerate(zip(from_below, sides, features))))


def test_5_6b_slope_only_when_all_fire_crosses_it_from_below(charts):
    assert names(column_shifts(charts, slope_fire())) == ["slope"]
    assert names(column_shifts(charts, slope_fire(from_below=(True, False)))) == []
    assert names(column_shifts(charts, slope_fire(features=("slope", "")))) == []


def test_5_6c_option_hexside_fire_same_or_any_hexside(charts, tmp_path):
    two_sides = slope_fire(sides=(1, 2))
    assert names(column_shifts(charts, two_sides)) == []
    assert names(column_shifts(with_options(tmp_path, hexside_fire="any"), two_sides)) == ["slope"]


def test_3_3_option_flank_fire_any_or_all(charts, tmp_path):
    f = fire(hexfire([inf("a")], [("a", 4)], 1, flank=True), hexfire([inf("b")], [("b", 4)], 1, hex="A2.2"))
    assert names(column_shifts(charts, f)) == ["flank"]
    assert names(column_shifts(with_options(tmp_path, flank_fire="all"), f)) == []


def test_8_2_low_ammo_is_minus_one_once_option_low_ammo_shift(charts, tmp_path):
    stack = [inf("a", 4, ammo="low"), inf("b", 4, ammo="low")]
    both = fire(hexfire(stack, [("a", 4), ("b", 4)]))
    assert [(s.name, s.columns) for s in column_shifts(charts, both)] == [("low_ammo", -1)]
    mixed = fire(hexfire([inf("a", 4, ammo="low"), inf("b", 4)], [("a", 4), ("b", 4)]))
    assert names(column_shifts(charts, mixed)) == ["low_ammo"]
    assert names(column_shifts(with_options(tmp_path, low_ammo_shift="all"), mixed)) == []


def test_5_0_shifts_past_the_edge_read_the_last_column(charts):
    flank = fire(hexfire([inf("a", 8)], [("a", 8)], flank=True), target=at(reb(formation="column")))
    # 16 (column 16-20) +2 flank +1 column: 28, one past the last; clamped there
    far = fire(hexfire([inf("a", 8)], [("a", 8)], 1, flank=True),
               hexfire([inf("b", 8)], [("b", 8)], 1, hex="A2.2"), target=at(reb(formation="column")))
    assert resolve_fire(charts, far, given(7)).column == "28"
    assert resolve_fire(charts, flank, given(7)).column == "28"
    woods = one(inf("a", 1), target=at(terrain=("forest",)))
    assert resolve_fire(charts, woods, given(7)).column == "1"


# ---- 5.7 results ----

def test_5_7a_m_and_m_plus_2_are_a_morale_check_only(charts):
    assert decode(charts, "M") == Outcome("M", morale_check=True)
    m2 = decode(charts, "M+2")
    assert (m2.casualties, m2.straggler_table, m2.morale_check, m2.morale_shifts) == (0, None, True, 2)
    assert not decode(charts, "-").morale_check
    with pytest.raises(ChartError, match="fire_combat_table"):
        decode(charts, "X3")


def test_5_7b_5_8a_casualties_then_straggler_table_1_after_1_and_2_after_more(charts):
    one_loss = decode(charts, "1")
    assert (one_loss.casualties, one_loss.straggler_table, one_loss.morale_check) == (1, 1, True)
    assert decode(charts, "2").straggler_table == decode(charts, "3").straggler_table == 2


def test_5_7b_casualties_go_to_the_top_unit_then_the_next(charts):
    target = at(Unit("leader", "Confederate", "leader"), reb("top", 2), reb("next", 5))
    # 12 SP at column 12-15, roll 12: "4" in the demo table
    r = resolve_fire(charts, one(inf("a", 6), target=target), given(12))
    assert r.outcome.casualties == 4
    assert r.losses == (("top", 2), ("next", 2)) and r.morale_check


def test_5_7d_no_morale_check_when_the_only_combat_unit_is_eliminated(charts):
    target = at(reb("alone", 1), Unit("hq", "Confederate", "hq"))
    r = resolve_fire(charts, one(inf("a", 6), target=target), given(12))
    assert r.losses == (("alone", 1),) and not r.morale_check


@pytest.mark.parametrize("roll, after", [(11, ("low", "none")), (12, ("low", "none")), (10, None)])
def test_5_7c_an_11_or_12_makes_every_firer_low_ammo_and_low_ammo_no_ammo(charts, roll, after):
    f = fire(hexfire([inf("a", 4), inf("b", 4, ammo="low")], [("a", 4), ("b", 4)]))
    r = resolve_fire(charts, f, given(roll))
    if after is None:
        assert r.low_ammo == ()
    else:
        assert r.low_ammo == (("a", "normal", after[0]), ("b", "low", after[1]))


def test_8_1c_wagons_alone_are_destroyed_on_1_or_more(charts):
    wagon = Unit("II Corps wagon", "Confederate", "wagon")
    assert resolve_fire(charts, one(inf("a", 6), target=at(wagon)), given(12)).wagons_destroyed == (wagon.name,)
    assert resolve_fire(charts, one(inf("a", 6), target=at(wagon)), given(2)).wagons_destroyed == ()


def test_5_0_the_roll_goes_through_the_roll_callable(charts):
    rolls = Rolls(seed=1, given=["fire at B5.5=9"])
    r = resolve_fire(charts, one(inf("a", 6)), rolls.roll)
    assert r.roll == 9 and [(x.purpose, x.dice) for x in rolls.rolls] == [("fire at B5.5", "2d6")]


# ---- odds before rolling ----

def test_5_7_odds_are_the_exact_2d6_distribution_of_the_shifted_column(charts):
    f = one(inf("a", 3))                 # 6: column 6-8
    odds = fire_odds(charts, f)
    assert odds.column == "6-8" and sum(odds.chances.values()) == 1
    by_cell = {o.cell: p for o, p in odds.chances.items()}
    assert by_cell == {"-": Fraction(1, 36), "M": Fraction(9, 36), "M+2": Fraction(5, 36),
                       "1": Fraction(11, 36), "2": Fraction(7, 36), "3": Fraction(3, 36)}
    assert odds.low_ammo == Fraction(1, 12)
    shifted = fire_odds(charts, one(inf("a", 3), target=at(terrain=("forest",))))
    assert shifted.column == "3" and shifted.chances != odds.chances
    assert fire_odds(charts, one(inf("a", 1), rng=3)).chances == {}
