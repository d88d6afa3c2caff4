"""Last Full Measure reinforcement entry (26) on the demo chart file: the column of stacks on one
road (26.5, the rules catalogue's worked example 4E), road movement and the entry hex's ZOI (26.6),
the OOA's reduced allowance (26.3) and delayed entry (26.7); option entry_column both ways."""
from pathlib import Path

import pytest

from adjutant_plugins.lfm import charts as lfm_charts
from adjutant_plugins.lfm.charts import LfmCharts
from adjutant_plugins.lfm.reinforcements import EnteringStack, column_allowances, delayed_entry

DEMO = Path(lfm_charts.__file__).with_name("demo") / "charts.toml"


@pytest.fixture(scope="module")
def charts():
    return LfmCharts.load(DEMO)


def test_26_5_worked_example_ma5_column_enters_with_20_19_18(charts):
    stacks = [EnteringStack(n, "Chambersburg Pike", 5) for n in ("Archer", "Davis", "Brockenbrough")]
    got = column_allowances(charts, stacks)
    assert [a.movement for a in got] == [20, 19, 18]
    assert [a.position for a in got] == [0, 1, 2]
    assert all(a.road_movement and not a.may_enter_zoc for a in got)


def test_26_5_each_road_has_its_own_column(charts):
    got = column_allowances(charts, [EnteringStack("a", "Pike", 5), EnteringStack("b", "Fairfield Road", 5),
                                     EnteringStack("c", "Pike", 5)])
    assert [a.movement for a in got] == [20, 20, 19]


def test_option_entry_column_same_ma_or_road(tmp_path, charts):
    stacks = [EnteringStack("inf", "Pike", 5), EnteringStack("cav", "Pike", 8), EnteringStack("inf2", "Pike", 5)]
    assert [a.movement for a in column_allowances(charts, stacks)] == [20, 32, 19]
    path = tmp_path / "charts.toml"
    path.write_text(DEMO.read_text() + 'entry_column = "road"\n')
    road = LfmCharts.load(path)
    assert [a.movement for a in column_allowances(road, stacks)] == [20, 31, 18]


def test_26_6_a_zoi_on_the_entry_hex_means_normal_movement(charts):
    got = column_allowances(charts, [EnteringStack("a", "Pike", 5), EnteringStack("b", "Pike", 5)],
                            entry_in_zoi=True)
    assert [(a.movement, a.road_movement, a.may_enter_zoc) for a in got] == [(5, False, True), (4, False, True)]


def test_26_3_reduced_allowance_counts_as_road_movement(charts):
    normal = EnteringStack("a", "Pike", 3, reduced=True, road_movement=False)
    (a,) = column_allowances(charts, [normal])
    assert (a.movement, a.may_enter_zoc) == (3, False)
    (b,) = column_allowances(charts, [EnteringStack("b", "Pike", 3, reduced=True)])
    assert b.movement == 12


def test_26_7_delayed_entry_up_to_5_hexes_a_turn(charts):
    assert delayed_entry(charts, 1, 5).allowed
    assert not delayed_entry(charts, 1, 6).allowed
    assert delayed_entry(charts, 2, 10).allowed
    assert not delayed_entry(charts, 0, 1).allowed
