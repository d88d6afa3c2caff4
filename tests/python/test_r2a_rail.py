"""The Roads to Antietam Union rail movement (4, Optional III) and the Balt/DC movement limits (5) on
the demo chart file: eligibility over the rail graph, the attempt and its roll, the move, the
per-state maximums, the Couch example (rules catalogue 5E) and options rail_repeat_modifier and
rail_cap_state both ways."""
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError, ChartFile
from adjutant_plugins.r2a import charts as r2a_charts
from adjutant_plugins.r2a.charts import R2aCharts
from adjutant_plugins.r2a.rail import (RailAttempt, RailNetwork, RailUnit, attempt, balt_limit, cap_check,
                                       check_move, dc_limit, designation_limit, eligibility, rail_odds,
                                       reach)

DEMO = Path(r2a_charts.__file__).with_name("demo") / "charts.toml"


def charts_with(tmp_path=None, options=None, **sections):
    """The demo chart file with [options] and sections' keys replaced."""
    data = tomllib.loads(DEMO.read_text())
    data.setdefault("options", {}).update(options or {})
    for name, values in sections.items():
        data[name] = {**data.get(name, {}), **values}
    return R2aCharts(ChartFile(str(DEMO), data))


@pytest.fixture(scope="module")
def charts():
    return R2aCharts.load(DEMO)


def line(*hexes):
    return list(zip(hexes, hexes[1:]))


# A line from E2501 (a station) through E2503 (a station) to Washington (E2506); a branch from E2503
# to E3301, linked to S5801 (23 hexes), then on to Harrisburg (S5803).
NETWORK = RailNetwork(line("E2501", "E2502", "E2503", "E2504", "E2505", "E2506") + line("E2503", "E3301"),
                      links=[("E3301", "S5801", 23)] + [("S5801", "S5802", 1), ("S5802", "S5803", 1)])
STATIONS = {"E2501", "E2503", "E2506", "S5801", "S5803"}
TERMINI = {"Washington": "E2506", "Harrisburg": "S5803"}

COUCH = RailUnit("Couch", "Union", "infantry", "division", fatigue=0)
BRIGADE = RailUnit("Taylor", "Union", "infantry", "brigade")


def fixed(*values):
    rolls = list(values)
    seen = []

    def roll(dice, purpose):
        seen.append((dice, purpose))
        return rolls.pop(0)
    roll.seen = seen
    return roll


def test_4_union_infantry_in_a_station_connected_to_washington_is_eligible(charts):
    got = eligibility(charts, COUCH, "E2501", NETWORK, STATIONS, TERMINI, damaged=set())
    assert got.eligible and got.terminus == "Washington"


def test_4_cavalry_may_not_move_by_rail(charts):
    cav = RailUnit("Bayard", "Union", "cavalry", "brigade")
    got = eligibility(charts, cav, "E2501", NETWORK, STATIONS, TERMINI, damaged=set())
    assert not got.eligible and "cavalry may not move by rail" in got.clauses[0]


def test_4_only_union_units_move_by_rail(charts):
    reb = RailUnit("Hood", "Confederate", "infantry", "division")
    assert not eligibility(charts, reb, "E2501", NETWORK, STATIONS, TERMINI, damaged=set()).eligible


def test_4_a_unit_must_begin_the_turn_in_a_station(charts):
    got = eligibility(charts, COUCH, "E2502", NETWORK, STATIONS, TERMINI, damaged=set())
    assert not got.eligible and "not in a rail station" in got.clauses[0]


def test_4_a_damaged_or_destroyed_station_on_the_line_cuts_it(charts):
    assert not eligibility(charts, COUCH, "E2501", NETWORK, STATIONS, TERMINI, damaged={"E2503"}).eligible
    assert not eligibility(charts, COUCH, "E2501", NETWORK, STATIONS, TERMINI, damaged={"E2501"}).eligible
    assert not eligibility(charts, COUCH, "E2501", NETWORK, STATIONS, TERMINI, damaged={"E2506"}).eligible


def test_optional_III_1_harrisburg_is_a_terminus_only_with_the_rtg_maps(charts):
    # Washington cut off at E2504: S5801's only way out is the link to E3301 and on.
    cut = {"E2505"}
    assert not eligibility(charts, COUCH, "S5801", NETWORK, STATIONS, TERMINI, damaged=cut).eligible
    got = eligibility(charts, COUCH, "S5801", NETWORK, STATIONS, TERMINI, damaged=cut, rtg_maps=True)
    assert got.eligible and got.terminus == "Harrisburg" and "Optional III 1" in got.clauses[0]


def test_4_attempt_costs_a_fatigue_level_even_when_it_fails(charts):
    got = attempt(charts, COUCH, "VA", (), fixed(6))
    assert got.made and not got.moves
    assert (got.fatigue_before, got.fatigue_after) == (0, 1)
    assert got.record == RailAttempt("Couch", "division", "VA", False)


def test_4_roll_1_to_3_moves_4_to_6_does_not(charts):
    assert [attempt(charts, COUCH, "VA", (), fixed(r)).moves for r in range(1, 7)] == [True] * 3 + [False] * 3


def test_4_the_roll_goes_through_the_roll_callable(charts):
    roll = fixed(2)
    attempt(charts, COUCH, "VA", (), roll)
    assert roll.seen == [("d6", "rail Couch")]


def test_4_march_roll_is_noted_when_fatigue_reaches_the_charts_levels(charts):
    assert not attempt(charts, RailUnit("A", "Union", "infantry", "division", fatigue=1), "VA", (), fixed(1)).march_roll
    tired = attempt(charts, RailUnit("A", "Union", "infantry", "division", fatigue=2), "VA", (), fixed(1))
    assert tired.march_roll and tired.fatigue_after == 3
    assert any("disorganization roll" in c for c in tired.clauses)


def test_4_couch_example_rolls_5_no_move_and_no_other_virginia_attempt(charts):
    # Rules catalogue 5E: Couch at 6 Mile Post (Virginia), no rail move last turn, +1 fatigue, rolls 5.
    got = attempt(charts, COUCH, "VA", (), fixed(5))
    assert got.made and got.roll == 5 and got.modifier == 0 and not got.moves
    assert got.fatigue_after == 1
    attempts = (got.record,)
    other = attempt(charts, BRIGADE, "VA", attempts, fixed(1))
    assert not other.made and other.roll is None and other.fatigue_after == BRIGADE.fatigue
    # A later activation: Couch may try again; his attempt already counts.
    again = attempt(charts, RailUnit("Couch", "Union", "infantry", "division", fatigue=1), "VA", attempts, fixed(2))
    assert again.made and again.moves and again.fatigue_after == 2
    # Maryland's maximum is untouched by a Virginia attempt.
    assert attempt(charts, BRIGADE, "MD", attempts, fixed(1)).made


def test_option_rail_cap_state_map_counts_couch_against_maryland():
    charts = charts_with(options={"rail_cap_state": "map"})
    got = attempt(charts, COUCH, "VA", (), fixed(5), map_state="MD")
    assert got.state == "MD" and "rail_cap_state = \"map\"" in got.clauses[0]
    attempts = (got.record,)
    # Maryland: 1 division & 1 brigade: one brigade more may try on the HCTR map's lines...
    assert attempt(charts, BRIGADE, "VA", attempts, fixed(1), map_state="MD").made
    # ...and a unit on the SJW map's Virginia lines is not held back by Couch.
    assert attempt(charts, BRIGADE, "VA", attempts, fixed(1), map_state="VA").made
    with pytest.raises(ValueError, match="map"):
        attempt(charts, COUCH, "VA", (), fixed(5))


def test_4_a_unit_that_moved_may_not_attempt_again_this_turn(charts):
    moved = (RailAttempt("Couch", "division", "VA", True),)
    got = attempt(charts, COUCH, "VA", moved, fixed(1))
    assert not got.made and "again this turn" in got.clauses[-1]


def test_4_virginia_maximum_one_division_or_two_brigades(charts):
    one = (RailAttempt("a", "brigade", "VA", False),)
    two = one + (RailAttempt("b", "regiment", "VA", True),)
    assert cap_check(charts, BRIGADE, "VA", one).allowed
    assert not cap_check(charts, BRIGADE, "VA", two).allowed
    assert not cap_check(charts, COUCH, "VA", one).allowed


def test_4_maryland_maximum_one_division_and_one_brigade_or_three_brigades(charts):
    div = (RailAttempt("d", "division", "MD", False),)
    assert cap_check(charts, BRIGADE, "MD", div).allowed
    assert not cap_check(charts, BRIGADE, "MD", div + (RailAttempt("b", "brigade", "MD", False),)).allowed
    brigades = tuple(RailAttempt(n, "brigade", "MD", False) for n in ("a", "b"))
    assert cap_check(charts, BRIGADE, "MD", brigades).allowed
    assert not cap_check(charts, BRIGADE, "MD", brigades + (RailAttempt("c", "regiment", "MD", True),)).allowed
    assert not cap_check(charts, RailUnit("D2", "Union", "infantry", "division"), "MD", div).allowed


def test_optional_III_4_pennsylvania_maximum_one_division_or_two_brigades(charts):
    one = (RailAttempt("a", "brigade", "PA", False),)
    assert cap_check(charts, BRIGADE, "PA", one).allowed
    assert not cap_check(charts, COUCH, "PA", one).allowed
    assert "Optional III 4" in cap_check(charts, COUCH, "PA", one).clauses[0]


def test_4_a_state_without_a_maximum_is_an_error(charts):
    with pytest.raises(ValueError, match="rail_caps"):
        cap_check(charts, COUCH, "DE", ())


def test_option_rail_repeat_modifier_as_printed_subtracts_two(charts):
    again = RailUnit("Couch", "Union", "infantry", "division", rail_last_turn=True)
    got = attempt(charts, again, "VA", (), fixed(5))
    assert (got.modifier, got.modified_roll, got.moves) == (-2, 3, True)
    assert rail_odds(charts, again) == Fraction(5, 6)
    assert rail_odds(charts, COUCH) == Fraction(1, 2)


def test_option_rail_repeat_modifier_penalty_adds_two():
    charts = charts_with(options={"rail_repeat_modifier": "penalty"})
    again = RailUnit("Couch", "Union", "infantry", "division", rail_last_turn=True)
    got = attempt(charts, again, "VA", (), fixed(1))
    assert (got.modifier, got.modified_roll, got.moves) == (2, 3, True)
    assert not attempt(charts, again, "VA", (), fixed(2)).moves
    assert rail_odds(charts, again) == Fraction(1, 6)


def test_4_the_roll_table_is_read_from_the_chart():
    charts = charts_with(rail_table={"3": "no move"})
    assert not attempt(charts, COUCH, "VA", (), fixed(3)).moves
    assert rail_odds(charts, COUCH) == Fraction(1, 3)


def test_4_a_blank_march_level_names_the_chart():
    charts = charts_with(rail={"march_roll_fatigue": ""})
    with pytest.raises(ChartError, match="march_roll_fatigue"):
        attempt(charts, COUCH, "VA", (), fixed(1))


def test_4_move_only_along_continuous_rail_hexes(charts):
    assert check_move(charts, NETWORK, ["E2501", "E2502", "E2503"]).allowed
    got = check_move(charts, NETWORK, ["E2501", "E2503"])
    assert not got.allowed and "continuous rail hexes" in got.clauses[0]


def test_optional_III_2_the_e3301_s5801_link_counts_23_hexes(charts):
    got = check_move(charts, NETWORK, ["E2501", "E2502", "E2503", "E3301", "S5801", "S5802", "S5803"])
    assert got.allowed and got.hexes == 28
    assert reach(charts, NETWORK, "E2501")["S5803"] == 28


def test_4_up_to_35_rail_hexes():
    charts = charts_with(rail={"max_hexes": 27})
    path = ["E2501", "E2502", "E2503", "E3301", "S5801", "S5802", "S5803"]
    got = check_move(charts, NETWORK, path)
    assert not got.allowed and "more than 27" in got.clauses[-1]
    assert "S5803" not in reach(charts, NETWORK, "E2501") and reach(charts, NETWORK, "E2501")["S5802"] == 27


def test_4_never_into_an_enemy_occupied_hex(charts):
    got = check_move(charts, NETWORK, ["E2501", "E2502", "E2503"], enemy_units={"E2502"})
    assert not got.allowed and "enemy occupied" in got.clauses[0]
    assert "E2503" not in reach(charts, NETWORK, "E2501", enemy_units={"E2502"})


def test_4_never_into_an_enemy_zoc_even_with_a_union_unit_there(charts):
    got = check_move(charts, NETWORK, ["E2501", "E2502"], enemy_zoc={"E2502"})
    assert not got.allowed and "enemy ZOC" in got.clauses[0]


def test_4_never_into_a_confederate_controlled_county(charts):
    counties = {"E2503": "Fairfax", "E2502": "Prince William"}
    got = check_move(charts, NETWORK, ["E2501", "E2502", "E2503"], county_of=counties,
                     confederate_counties={"Fairfax"})
    assert not got.allowed and "Fairfax" in got.clauses[0]
    assert check_move(charts, NETWORK, ["E2501", "E2502"], county_of=counties,
                      confederate_counties={"Fairfax"}).allowed


def test_5_balt_units_not_west_of_hex_row_2101_2134():
    assert balt_limit("Balt", False).allowed
    assert not balt_limit("Balt", True).allowed
    assert balt_limit("DC", True).allowed


def test_5_dc_units_stay_in_the_dc_defense_area():
    assert dc_limit("DC", True).allowed
    assert not dc_limit("DC", False).allowed
    assert dc_limit("Balt", False).allowed


def test_5_a_dc_units_rail_move_stays_in_the_dc_defense_area_on_every_hex_and_in_its_reach(charts):
    limit = designation_limit("DC", {"E2501", "E2502", "E2503"}, set())
    got = check_move(charts, NETWORK, ["E2501", "E2502", "E2503", "E2504"], limit=limit)
    assert not got.allowed and got.clauses == ("E2504: 5: DC units must remain within the District of Columbia "
                                               "defense area",)
    assert set(reach(charts, NETWORK, "E2501", limit=limit)) == {"E2501", "E2502", "E2503"}


def test_5_a_balt_units_rail_move_never_passes_west_of_hex_row_2101_2134(charts):
    limit = designation_limit("Balt", set(), {"E2502"})
    got = check_move(charts, NETWORK, ["E2501", "E2502", "E2503"], limit=limit)
    assert not got.allowed and got.clauses[0].startswith("E2502: 5: Balt units may not move west")
    assert "E2503" not in reach(charts, NETWORK, "E2501", limit=limit)
    assert check_move(charts, NETWORK, ["E2501", "E2502", "E2503"],
                      limit=designation_limit("", set(), {"E2502"})).allowed
