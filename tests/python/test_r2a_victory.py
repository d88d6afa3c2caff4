"""The Roads to Antietam victory points and levels (rulebook Victory I-VII and levels, Optional II,
Optional III; rules catalogue 5 C.6, E, F) on the demo chart file: each test named after its
clause, each option tested both ways."""
from datetime import date
from pathlib import Path

import pytest

from adjutant.procedures.charts import ChartError
from adjutant_plugins.r2a import charts as r2a_charts
from adjutant_plugins.r2a.charts import R2aCharts
from adjutant_plugins.r2a.dates import game_date
from adjutant_plugins.r2a.victory import (County, Depot, Position, Station, alternate_game_end,
                                          victory, victory_level, victory_points)

DEMO = Path(r2a_charts.__file__).with_name("demo") / "charts.toml"
TEMPLATE = Path(r2a_charts.__file__).with_name("charts-template.toml")

VA_LINES = ("Alexandria-Rappahannock Station", "Alexandria-Front Royal", "Alexandria-Leesburg")


@pytest.fixture(scope="module")
def charts():
    return R2aCharts.load(DEMO)


def charts_with(tmp_path, options=(), replace=()):
    """The demo chart file with lines replaced ((old, new)) and options set ({name: value})."""
    text = DEMO.read_text()
    for old, new in replace:
        assert old in text, old
        text = text.replace(old, new)
    if options:
        if "\n[options]" not in text:
            text += "\n[options]\n"
        text += "".join(f'{k} = "{v}"\n' for k, v in dict(options).items())
    path = tmp_path / "charts.toml"
    path.write_text(text)
    return R2aCharts.load(path)


def points(charts, **given):
    return [(line.what, line.vp) for line in victory_points(charts, Position(**given))]


def test_template_values_are_the_rulebook_ones():
    template = R2aCharts.load(TEMPLATE)
    assert template.file.section("victory_counties")["Baltimore"] == 20
    assert template.file.section("victory_depots")["Harrisburg"] == 5
    assert template.rule("victory", "panic") == 15 and template.rule("victory", "union_objective") == -3
    assert template.rule("victory_rail_all_cut", "vp") == 20
    assert template.rule("victory_levels", "draw") == "150-200"
    assert template.option("vp_band_200") == "decisive" and template.option("victory_levels") == "standard"
    assert template.option("harpers_ferry_surrender") == "extra"


# ---- Victory I: Confederate control ----

def test_victory_I_printed_county_values_when_the_companion_gives_none(charts):
    got = points(charts, counties=(County("Baltimore", "MD"), County("Prince George's", "MD"),
                                   County("Frederick-West", "MD"), County("Alexandria", "VA"),
                                   County("Loudoun", "VA")))
    assert [vp for _, vp in got] == [20, 10, 3, 10, 2]


def test_victory_I_the_companion_files_vp_wins_and_a_difference_is_named(charts):
    line, = victory_points(charts, Position(counties=(County("Baltimore", "MD", 7),)))
    assert line.vp == 7 and "companion file" in line.clause and "the rules print +20" in line.clause


def test_victory_I_an_unlisted_county_scores_nothing(charts):
    line, = victory_points(charts, Position(counties=(County("Harford", "MD"),)))
    assert line.vp == 0 and "not listed" in line.clause


def test_optional_III_pennsylvania_counties(charts):
    got = victory_points(charts, Position(counties=(County("Dauphin", "PA"), County("York", "PA"),
                                                    County("Franklin", "PA"))))
    assert [line.vp for line in got] == [5, 3, 0]
    assert all(line.clause.startswith("Optional III") for line in got)


def test_victory_I_a_state_outside_the_rules_is_an_error(charts):
    with pytest.raises(ValueError, match="Arlington"):
        victory_points(charts, Position(counties=(County("Arlington", "DC"),)))


# ---- Victory II: depot destruction ----

def test_victory_II_depots_by_name_and_all_others(charts):
    got = points(charts, depots=(Depot("Camden Station", "MD"), Depot("Manassas Junction", "VA"),
                                 Depot("Aquia Creek Station", "VA"), Depot("Frederick", "MD")))
    assert [vp for _, vp in got] == [10, 6, 4, 2]


def test_optional_III_pennsylvania_depots(charts):
    assert [vp for _, vp in points(charts, depots=(Depot("Harrisburg", "PA"), Depot("York", "PA")))] == [5, 2]


def test_victory_II_other_depot_value_is_read_from_the_chart(tmp_path):
    edited = charts_with(tmp_path, replace=[("depot_other = 2 ", "depot_other = 7 ")])
    assert points(edited, depots=(Depot("Frederick", "MD"),)) == [("Frederick depot destroyed", 7)]


# ---- Victory III: rail station destruction (cumulative) ----

def test_victory_III_alexandria_station_alone_is_20(charts):
    """The Victory III note's example (catalogue 5E): 10 + 5 + 2 + 3."""
    result = victory(charts, Position(stations=(Station("Alexandria", "VA", VA_LINES),)))
    assert [line.vp for line in result.lines] == [10, 5, 2, 3]
    assert result.total == 20


def test_victory_III_a_line_scores_once_however_many_stations_are_destroyed_on_it(charts):
    got = points(charts, stations=(Station("Manassas Junction", "VA", VA_LINES[:2], sjw_objective=True),
                                   Station("Bristoe", "VA", VA_LINES[:1])))
    assert got == [("Alexandria-Rappahannock Station line cut", 10), ("Alexandria-Front Royal line cut", 5),
                   ("Manassas Junction station destroyed", 2), ("Bristoe station destroyed", 1)]


def test_victory_III_orange_court_house_scores_nothing_of_its_own(charts):
    assert points(charts, stations=(Station("Orange Court House", "VA"),)) == [
        ("Orange Court House station destroyed", 0)]


def test_victory_III_alexandrias_named_value_is_not_added_to_a_listing(charts):
    line, = victory_points(charts, Position(stations=(Station("Aquia Creek", "VA", sjw_objective=True),)))
    assert line.vp == 3


def test_victory_III_maryland_both_washington_lines_cut_is_20(charts):
    one = points(charts, stations=(Station("Bladensburg", "MD", ("Washington-Baltimore",)),))
    assert one == [("Bladensburg station destroyed", 1)]
    both = points(charts, stations=(Station("Bladensburg", "MD", ("Washington-Baltimore",)),
                                    Station("Annapolis Junction", "MD", ("Washington-Annapolis",),
                                            hctr_listed=True)))
    assert both[0] == ("Washington-Baltimore and Washington-Annapolis lines cut", 20)
    assert [vp for _, vp in both[1:]] == [1, 3]


def test_victory_III_maryland_baltimore_to_the_map_edge_is_15(charts):
    assert points(charts, stations=(Station("Cockeysville", "MD", ("Baltimore-north or east edge",)),)) == [
        ("Baltimore-north or east edge line cut", 15), ("Cockeysville station destroyed", 1)]


def test_optional_III_pennsylvania_stations_and_marysville_bridge(charts):
    got = points(charts, stations=(Station("Camp Curtin", "PA"), Station("Carlisle", "PA")),
                 marysville_bridge_destroyed=True)
    assert [vp for _, vp in got] == [3, 1, 15]


def test_victory_III_a_line_the_chart_does_not_name_is_an_error(charts):
    with pytest.raises(ValueError, match="Culpeper.*Orange & Alexandria"):
        victory_points(charts, Position(stations=(Station("Culpeper", "VA", ("Orange & Alexandria",)),)))


# ---- Victory IV-VII ----

def test_victory_IV_the_c_and_o_aqueduct_is_5(charts):
    assert points(charts, aqueduct_destroyed=True) == [("C&O aqueduct destroyed", 5)]


def test_victory_V_manpower_two_points_each_way(charts):
    assert points(charts, union_manpower_lost=12, confederate_manpower_lost=5) == [
        ("Union manpower lost", 24), ("Confederate manpower lost", -10)]


def test_victory_V_harpers_ferry_surrender_extra(charts):
    got = points(charts, union_manpower_lost=10, harpers_ferry_surrendered=6)
    assert got == [("Union manpower lost", 20), ("Union manpower surrendered at Harper's Ferry", 6)]


def test_victory_V_harpers_ferry_surrender_instead(tmp_path):
    edited = charts_with(tmp_path, {"harpers_ferry_surrender": "instead"})
    got = victory_points(edited, Position(union_manpower_lost=10, harpers_ferry_surrendered=6))
    assert [(line.what, line.vp) for line in got] == [("Union manpower lost", 8),
                                                      ("Union manpower surrendered at Harper's Ferry", 6)]
    assert "instead" in got[1].clause


def test_victory_V_surrendered_more_than_lost_is_an_error(charts):
    with pytest.raises(ValueError, match="harpers_ferry_surrendered"):
        victory_points(charts, Position(union_manpower_lost=2, harpers_ferry_surrendered=3))


def test_victory_VI_union_panic_is_15(charts):
    assert points(charts, panic=True) == [("Union Panic", 15)]


def test_victory_VII_union_held_objectives_at_the_end(charts):
    assert points(charts, end=True, union_objectives=("E1234", "W0910")) == [
        ("SJW objective hexes held by the Union", -6)]


def test_victory_VII_counts_only_at_the_end_of_the_game(charts):
    with pytest.raises(ValueError, match="end of the game"):
        victory_points(charts, Position(union_objectives=("E1234",)))


def test_optional_III_maryland_and_pennsylvania_levies(charts):
    assert points(charts, maryland_levy_units=3, pennsylvania_levies=(("Carlisle", 4),)) == [
        ("Maryland levies", -3), ("Carlisle levied", 4)]


def test_victory_total_is_the_sum_of_the_lines(charts):
    result = victory(charts, Position(counties=(County("Baltimore", "MD"),), panic=True, union_manpower_lost=30,
                                      confederate_manpower_lost=20, end=True))
    assert result.total == 20 + 15 + 60 - 40
    assert result.level.level == "Union decisive"


# ---- Victory levels ----

@pytest.mark.parametrize("total, level", [(250, "Confederate decisive"), (199, "draw"), (150, "draw"),
                                          (149, "Union marginal"), (100, "Union marginal"), (99, "Union decisive"),
                                          (-5, "Union decisive")])
def test_victory_levels_bands(charts, total, level):
    assert victory_level(charts, total).level == level


def test_victory_levels_200_is_decisive_by_default(charts):
    got = victory_level(charts, 200)
    assert got.level == "Confederate decisive" and "vp_band_200 = decisive" in got.clause


def test_victory_levels_200_is_a_draw_when_the_option_says(tmp_path):
    edited = charts_with(tmp_path, {"vp_band_200": "draw"})
    assert victory_level(edited, 200).level == "draw"
    assert victory_level(edited, 201).level == "Confederate decisive"


def test_victory_levels_automatic_victory(charts):
    got = victory_level(charts, 10, automatic=("The Capitol",))
    assert got.level == "Confederate decisive" and "The Capitol" in got.clause


def test_victory_levels_bands_are_read_from_the_chart(tmp_path):
    edited = charts_with(tmp_path, replace=[('union_marginal = "100-149"', 'union_marginal = "90-149"'),
                                            ("union_decisive_below = 100", "union_decisive_below = 90")])
    assert victory_level(edited, 95).level == "Union marginal"


def test_victory_levels_a_malformed_band_names_the_file(tmp_path):
    edited = charts_with(tmp_path, replace=[('draw = "150-200"', 'draw = "150 to 200"')])
    with pytest.raises(ChartError, match=r"charts.toml.*victory_levels.*draw"):
        victory_level(edited, 160)


# ---- Optional II: alternate victory levels and game end ----

@pytest.fixture
def alternate(tmp_path):
    return charts_with(tmp_path, {"victory_levels": "alternate"})


def test_optional_II_250_and_three_divisions_north_is_decisive(alternate):
    assert victory_level(alternate, 250, divisions_north=3).level == "Confederate decisive"
    assert victory_level(alternate, 260, divisions_north=2).level == "draw"


@pytest.mark.parametrize("total, level", [(175, "draw"), (174, "Union marginal"), (125, "Union marginal"),
                                          (124, "Union decisive"), (200, "draw")])
def test_optional_II_alternate_bands(alternate, total, level):
    assert victory_level(alternate, total).level == level


def test_optional_II_standard_levels_are_not_used(charts, alternate):
    assert victory_level(charts, 120).level == "Union marginal"
    assert victory_level(alternate, 120).level == "Union decisive"


def test_optional_II_automatic_victory_kept(alternate):
    assert victory_level(alternate, 10, automatic=("The White House",)).level == "Confederate decisive"


def test_optional_II_automatic_victory_dropped(tmp_path):
    edited = charts_with(tmp_path, {"victory_levels": "alternate", "alternate_automatic": "dropped"})
    got = victory_level(edited, 10, automatic=("The White House",))
    assert got.level == "Union decisive" and "alternate_automatic = dropped" in got.clause


def test_optional_II_game_ends_sep_15_without_a_crossing(charts):
    assert game_date("Sep 15") == date(1862, 9, 15)
    assert alternate_game_end(charts, date(1862, 9, 15), False, 0, 80, 0).ends is True
    assert alternate_game_end(charts, date(1862, 9, 14), False, 0, 80, 0).ends is False


def test_optional_II_after_a_crossing_the_game_ends_at_250_or_with_none_north(charts):
    assert alternate_game_end(charts, date(1862, 9, 20), True, 4, 249, 3).ends is False
    assert alternate_game_end(charts, date(1862, 9, 20), True, 4, 250, 3).ends is True
    assert alternate_game_end(charts, date(1862, 9, 20), True, 0, 120, 0).ends is True


def test_optional_II_game_end_at_250_is_the_levels_decisive_victory_three_divisions_by_default(charts, alternate):
    # Game End's "250 thus signifying a Confederate decisive victory" read with the Victory Levels' "and has at
    # least three Confederate infantry divisions": with two the game goes on, and the level is a draw.
    end = alternate_game_end(alternate, date(1862, 9, 10), True, 2, 250, 2)
    assert end.ends is False and 'alternate_decisive = "divisions"' in end.clause
    assert victory_level(alternate, 250, divisions_north=2, end=False).level == "draw"


def test_optional_II_game_end_option_alternate_decisive_vp_ends_at_250_alone(tmp_path):
    edited = charts_with(tmp_path, {"victory_levels": "alternate", "alternate_decisive": "vp"})
    end = alternate_game_end(edited, date(1862, 9, 10), True, 2, 250, 2)
    assert end.ends is True and 'alternate_decisive = "vp"' in end.clause
    level = victory_level(edited, 250, divisions_north=2, end=False)
    assert level.level == "Confederate decisive" and 'alternate_decisive = "vp"' in level.clause
    assert victory_level(edited, 249, divisions_north=2, end=False).level == "draw"
