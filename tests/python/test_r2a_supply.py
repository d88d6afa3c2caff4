"""The Roads to Antietam supply (rulebook 8; Optional III Supply, Levies, Maryland Levies; rules
catalogue 5 C.5, E, F) on the demo chart file: each test named after its clause, each option
tested both ways."""
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant_plugins.r2a import charts as r2a_charts
from adjutant_plugins.r2a.charts import R2aCharts
from adjutant_plugins.r2a.forage import Forager, forage, forage_value
from adjutant_plugins.r2a.levy import Recipient, Source, distribute, levy_supply, supply_limit, victuals_provided
from adjutant_plugins.r2a.victuals import (Unit, full_victuals, recovery, repair_stations, supply_effects,
                                           supply_status)
from chart_helpers import Given, edited_charts

DEMO = Path(r2a_charts.__file__).with_name("demo") / "charts.toml"
TEMPLATE = Path(r2a_charts.__file__).with_name("charts-template.toml")


@pytest.fixture(scope="module")
def charts():
    return R2aCharts.load(DEMO)


def charts_with(tmp_path, options=(), replace=()):
    """The demo chart file with lines replaced ((old, new)) and options set ({name: value})."""
    source = tmp_path / "demo.toml"
    source.write_text(DEMO.read_text() + "\n[options]\n")
    return edited_charts(R2aCharts, source, tmp_path, replace, options)


def test_template_values_are_the_rulebook_ones():
    t = R2aCharts.load(TEMPLATE)
    assert [t.rule("victuals", k) for k in ("cap", "status_spend", "recovery_gain", "station_repair_roll")] == [5, 1, 2, 1]
    assert (t.rule("forage", "pa_confederate"), t.rule("forage", "pa_union")) == (4, 6)
    assert [t.rule("levy", k) for k in ("depot_per_vp", "pa_town_per_vp", "md_town", "baltimore_hex", "range")] == [2, 2, 8, 4, 5]
    assert [t.file.lookup("forage_table", r).result for r in range(1, 7)] == \
        ["full", "full", "full", "half_up", "rounded_down", "none"]
    assert (t.option("forage_five"), t.option("levy_supply")) == ("half_down", "example")


# ---- rulebook 8: the victual count ----

def test_8_fully_victualled_at_start_and_on_entry(charts):
    assert full_victuals(charts, "Hood")[0] == 5


def test_8_supply_status_not_in_supply_spends_one(charts):
    p = supply_status(charts, [Unit("Hood", "Confederate", 3, 0, in_supply=False)])
    assert p.unit("Hood").victuals == 2 and p.unit("Hood").supplied
    assert p.changes[0].clause.startswith("rulebook 8 supply status phase: not in supply")


def test_8_supply_status_fatigue_spends_one_even_in_supply(charts):
    p = supply_status(charts, [Unit("Hood", "Confederate", 3, 1, in_supply=True)])
    assert p.unit("Hood").victuals == 2 and "fatigue 1" in p.changes[0].clause


def test_8_supply_status_in_supply_at_fatigue_0_spends_nothing(charts):
    p = supply_status(charts, [Unit("Hood", "Confederate", 3, 0, in_supply=True)])
    assert p.unit("Hood").victuals == 3 and p.changes == ()


def test_8_supply_status_no_victuals_left_flips_to_unsupplied(charts):
    p = supply_status(charts, [Unit("Hood", "Confederate", 1, 2, in_supply=True)])
    assert (p.unit("Hood").victuals, p.unit("Hood").supplied) == (0, False)
    assert [c.attribute for c in p.changes] == ["victuals", "supplied"]


def test_8_supply_status_at_zero_stays_at_zero_and_flips(charts):
    p = supply_status(charts, [Unit("Hood", "Confederate", 0, 0, in_supply=False)])
    assert (p.unit("Hood").victuals, p.unit("Hood").supplied) == (0, False)


def test_8_supply_status_flipped_unit_with_victuals_flips_back(charts):
    p = supply_status(charts, [Unit("Hood", "Confederate", 2, 1, in_supply=True, supplied=False)])
    assert (p.unit("Hood").victuals, p.unit("Hood").supplied) == (1, True)
    assert p.changes[-1].clause.endswith("flipped back to its supplied side")


def test_optional_iii_levy_puts_the_unit_in_supply_at_the_next_check(charts):
    units = [Unit("A.P. Hill", "Confederate", 2, 0, in_supply=False)]
    assert supply_status(charts, units).unit("A.P. Hill").victuals == 1
    p = supply_status(charts, units, supplied_by_levy=["A.P. Hill"])
    assert p.unit("A.P. Hill").victuals == 2 and "Optional III" in p.changes[0].clause


def test_8_supply_effects_unsupplied_side_becomes_disorganized(charts):
    p = supply_effects(charts, [Unit("Hood", "Confederate", 3, 0, False, supplied=False, manpower=6),
                                Unit("Law", "Confederate", 0, 0, False, supplied=True)])
    assert p.unit("Hood").disorganized and p.unit("Hood").manpower == 6
    assert not p.unit("Law").disorganized and len(p.changes) == 1
    assert "regardless of victuals obtained" in p.changes[0].clause   # it foraged 3 in the action cycle


def test_8_supply_effects_already_disorganized_loses_one_mp(charts):
    p = supply_effects(charts, [Unit("Hood", "Confederate", 0, 0, False, supplied=False, disorganized=True,
                                     manpower=6)])
    c = p.changes[0]
    assert (c.attribute, c.before, c.after) == ("manpower", 6, 5) and p.unit("Hood").manpower == 5


def test_8_recovery_in_supply_at_fatigue_0_receives_two_capped_at_five(charts):
    p = recovery(charts, [Unit("A", "Union", 2, 0, True), Unit("B", "Union", 4, 0, True),
                          Unit("C", "Union", 2, 1, True), Unit("D", "Union", 2, 0, False)])
    assert [u.victuals for u in p.units] == [4, 5, 2, 2]
    assert [c.unit for c in p.changes] == ["A", "B"] and "capped at 5" in p.changes[1].clause


def test_8_victuals_above_the_cap_are_refused(charts):
    with pytest.raises(ValueError, match="0 to 5"):
        recovery(charts, [Unit("A", "Union", 6, 0, True)])


def test_8_supply_line_repair_on_a_roll_of_1(charts):
    roll = Given(1, 2)
    r = repair_stations(charts, ["Manassas Junction", "Bristoe"], roll)
    assert [x.repaired for x in r] == [True, False]
    assert roll.asked == [("d6", "repair rail station Manassas Junction"), ("d6", "repair rail station Bristoe")]


# ---- rulebook 8 forage march; Optional III Pennsylvania forage ----

def test_8_forage_1_to_3_full_value(charts):
    f = forage(charts, Forager("Hood", "Confederate", 0, 0, "VA", forage=3), Given(3))
    assert (f.gained, f.victuals_after, f.fatigue_after, f.extended_march) == (3, 3, 1, False)


def test_8_forage_4_half_rounded_up(charts):
    assert forage(charts, Forager("Hood", "Confederate", 0, 0, "VA", forage=3), Given(4)).gained == 2


def test_8_forage_5_half_rounded_down_by_default(charts):
    f = forage(charts, Forager("Hood", "Confederate", 0, 0, "VA", forage=3), Given(5))
    assert (f.result, f.gained) == ("rounded_down", 1) and "forage_five = \"half_down\"" in f.clauses[-1]


def test_8_forage_5_full_value_as_printed(tmp_path):
    c = charts_with(tmp_path, {"forage_five": "full"})
    assert forage(c, Forager("Hood", "Confederate", 0, 0, "VA", forage=3), Given(5)).gained == 3


def test_8_forage_6_none(charts):
    assert forage(charts, Forager("Hood", "Confederate", 0, 0, "VA", forage=3), Given(6)).gained == 0


def test_8_forage_capped_at_five(charts):
    f = forage(charts, Forager("Hood", "Confederate", 4, 0, "VA", forage=3), Given(1))
    assert (f.gained, f.victuals_after) == (3, 5) and "maximum of 5" in f.clauses[-1]


def test_8_forage_to_fatigue_3_or_4_needs_an_extended_march_roll(charts):
    assert forage(charts, Forager("Hood", "Confederate", 0, 1, "VA", forage=2), Given(1)).extended_march is False
    f = forage(charts, Forager("Hood", "Confederate", 0, 2, "VA", forage=2), Given(1))
    assert f.extended_march and "extended march roll" in f.clauses[1]
    assert forage(charts, Forager("Hood", "Confederate", 0, 3, "VA", forage=2), Given(1)).fatigue_after == 4
    with pytest.raises(ValueError, match="beyond fatigue 4"):
        forage(charts, Forager("Hood", "Confederate", 0, 4, "VA", forage=2), Given(1))


def test_8_forage_odds_are_the_victuals_received(charts):
    f = forage(charts, Forager("Hood", "Confederate", 0, 0, "VA", forage=3), Given(1))
    assert f.odds == {3: Fraction(1, 2), 2: Fraction(1, 6), 1: Fraction(1, 6), 0: Fraction(1, 6)}
    capped = forage(charts, Forager("Hood", "Confederate", 4, 0, "VA", forage=3), Given(1))
    assert capped.odds == {1: Fraction(5, 6), 0: Fraction(1, 6)}


def test_8_forage_base_game_modifier(charts):
    f = forage(charts, Forager("Hood", "Confederate", 0, 0, "VA", forage=3), Given(3), base_modifier=2)
    assert (f.modified_roll, f.gained) == (5, 1)


def test_optional_iii_pennsylvania_forage_4_confederate_6_union(charts):
    assert forage_value(charts, "Confederate", "PA", None)[0] == 4
    assert forage_value(charts, "Union", "PA", 2)[0] == 6
    assert forage(charts, Forager("Reynolds", "Union", 0, 0, "PA"), Given(4)).gained == 3


def test_optional_iii_harpers_ferry_union_control_adds_one_to_confederate_rolls(charts):
    f = forage(charts, Forager("Hood", "Confederate", 0, 0, "PA"), Given(3), union_holds_harpers_ferry=True)
    assert (f.modified_roll, f.result, f.gained) == (4, "half_up", 2)
    assert f.odds == {4: Fraction(1, 3), 2: Fraction(1, 3), 0: Fraction(1, 3)}   # 3+1 and 4+1 give 2; 5+1, 6+1 none
    union = forage(charts, Forager("Reynolds", "Union", 0, 0, "PA"), Given(3), union_holds_harpers_ferry=True)
    assert union.modified_roll == 3


# ---- rulebook 8 depots and levies ----

def test_8_destroyed_depot_twice_its_vp_to_confederates_within_5(charts):
    depot = Source("Manassas Junction", "depot", vp=6)
    assert victuals_provided(charts, depot)[0] == 12
    units = [Recipient("Hood", "Confederate", 0, 5), Recipient("Law", "Confederate", 3, 2),
             Recipient("Pope", "Union", 0, 1), Recipient("Trimble", "Confederate", 0, 6)]
    ok = distribute(charts, depot, units, {"Hood": 5, "Law": 2})
    assert ok.allowed and [(s.unit, s.after) for s in ok.shares] == [("Hood", 5), ("Law", 5)]
    assert not distribute(charts, depot, units, {"Pope": 1}).allowed
    assert not distribute(charts, depot, units, {"Trimble": 1}).allowed


def test_8_distribution_checked_against_total_and_cap(charts):
    town = Source("Frederick", "md_town")
    units = [Recipient(n, "Confederate", 0, 1) for n in "ABC"]
    assert victuals_provided(charts, town)[0] == 8
    over_total = distribute(charts, town, units, {"A": 5, "B": 4})
    assert not over_total.allowed and "more than the 8" in over_total.clauses[-1]
    over_cap = distribute(charts, town, [Recipient("A", "Confederate", 2, 1)], {"A": 4})
    assert not over_cap.allowed and "above the maximum 5" in over_cap.clauses[-1]


def test_8_levied_pennsylvania_town_twice_its_vp_and_baltimore_hex_4(charts):
    assert victuals_provided(charts, Source("Carlisle", "pa_town", vp=4))[0] == 8
    assert victuals_provided(charts, Source("N1234", "baltimore_hex"))[0] == 4


def test_8_levy_victuals_go_to_any_unit_of_the_levying_side(charts):
    # "any unit within 5 hexes of the town", read as any Confederate unit: only Confederates levy
    carlisle = Source("Carlisle", "pa_town", vp=4)
    own = distribute(charts, carlisle, [Recipient("Pender", "Confederate", 0, 3)], {"Pender": 2})
    assert own.allowed
    union = distribute(charts, carlisle, [Recipient("Reynolds", "Union", 0, 3)], {"Reynolds": 2})
    assert not union.allowed and "Reynolds is a Union unit" in union.clauses[-1]


# ---- Optional III levies: the Carlisle example (catalogue 5E, 5F) ----

def test_optional_iii_carlisle_example_reading_hill_and_one_other(charts):
    carlisle = Source("Carlisle", "pa_town", vp=4)
    assert supply_limit(charts, carlisle)[0] == 2
    assert levy_supply(charts, carlisle, "A.P. Hill", "Confederate", ["Pender"]).supplied == ("A.P. Hill", "Pender")
    two = levy_supply(charts, carlisle, "A.P. Hill", "Confederate", ["Pender", "Branch"])
    assert not two.allowed and "more than the 2" in two.refusals[-1]


def test_optional_iii_carlisle_text_reading_hill_and_two_others(tmp_path):
    c = charts_with(tmp_path, {"levy_supply": "text"})
    carlisle = Source("Carlisle", "pa_town", vp=4)
    assert supply_limit(c, carlisle)[0] == 3
    r = levy_supply(c, carlisle, "A.P. Hill", "Confederate", ["Pender", "Branch"])
    assert r.allowed and r.supplied == ("A.P. Hill", "Pender", "Branch")


def test_optional_iii_only_confederates_levy(charts):
    assert not levy_supply(charts, Source("Carlisle", "pa_town", vp=4), "Reynolds", "Union").allowed


def test_optional_iii_maryland_penalty_counties_minus_1_vp_per_unit(charts):
    r = levy_supply(charts, Source("Boonsboro", "md_town", county="Washington"), "D.H. Hill", "Confederate", ["Ripley"])
    assert r.allowed and r.vp_change == -2


def test_optional_iii_a_refused_maryland_levy_keeps_the_vp_note_out_of_its_reasons(charts):
    r = levy_supply(charts, Source("Boonsboro", "md_town", county="Washington"), "D.H. Hill", "Confederate",
                    ["Ripley", "Garland"])
    assert not r.allowed and r.refusals == ("Optional III: 3 units, more than the 2 Boonsboro may supply",)
    assert any("VP" in c for c in r.clauses) and not any("VP" in c for c in r.refusals)


def test_optional_iii_other_maryland_towns_two_units_no_vp(charts):
    r = levy_supply(charts, Source("Rockville", "md_town", county="Montgomery"), "Stuart", "Confederate", ["Lee"])
    assert r.allowed and r.vp_change == 0


def test_optional_iii_baltimore_each_hex_one_unit(charts):
    hex_ = Source("E2110", "baltimore_hex")
    assert levy_supply(charts, hex_, "Jackson", "Confederate").allowed
    assert not levy_supply(charts, hex_, "Jackson", "Confederate", ["Ewell"]).allowed
