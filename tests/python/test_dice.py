"""Dice and charts from Python: the same stream as C++, every roll recorded, clear chart errors."""
from fractions import Fraction

import pytest

import adjutant
from adjutant.procedures.charts import ChartError, ChartFile


def test_python_rolls_the_same_stream_as_cpp():
    # The first d6 faces of seed 42 follow from PCG32's reference output (checked in dice_test.cc):
    # each face is 1 + (value mod 6) when the value is above the rejection threshold.
    reference = [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]
    dice = adjutant.Dice(42)
    faces = [dice.d6("check") for _ in reference]
    assert faces == [1 + value % 6 for value in reference]


def test_the_same_seed_gives_the_same_rolls_and_records_them():
    a, b = adjutant.Dice(7), adjutant.Dice(7)
    assert [a.two_d6("combat") for _ in range(20)] == [b.two_d6("combat") for _ in range(20)]
    roll = a.rolls[0]
    assert (roll.purpose, roll.dice, len(roll.faces)) == ("combat", "2d6", 2)
    assert roll.result == sum(roll.faces)
    assert 11 <= a.d66("event") <= 66
    with pytest.raises(ValueError, match="not a dice roll"):
        a.roll("2x6", "bad")


def test_a_chart_lookup_and_a_missing_value():
    table = adjutant.ResultTable(
        "Command Broadcast", [adjutant.TableColumn.range("1-4"), adjutant.TableColumn.range("5-8")],
        [(1, 1, ["-1", ""]), (2, 3, ["", ""]), (4, 4, ["", "Full"]), (5, 6, ["Full", ""])])
    result = table.lookup(6, 4)
    assert (result.result, result.column_label) == ("Full", "5-8")
    assert table.lookup(2, 1, modifiers=-2).row_clamped
    with pytest.raises(adjutant.TableError, match="column 5-8, roll 2: the chart has no value here"):
        table.lookup(6, 2)


def test_the_exact_chance_of_each_result_of_a_roll():
    two = adjutant.Dice.distribution("2d6")
    assert list(two) == list(range(2, 13))
    assert (two[2], two[7], sum(two.values())) == (Fraction(1, 36), Fraction(1, 6), 1)
    assert adjutant.Dice.distribution("d6") == {face: Fraction(1, 6) for face in range(1, 7)}
    d66 = adjutant.Dice.distribution("d66")
    assert (len(d66), min(d66), max(d66), d66[35]) == (36, 11, 66, Fraction(1, 36))
    with pytest.raises(ValueError, match="not a dice roll"):
        adjutant.Dice.distribution("2x6")


def test_a_chart_files_chances_are_read_as_its_lookups(tmp_path):
    path = tmp_path / "charts.toml"
    path.write_text('[excess]\n1 = "0"\n2 = "0"\n3 = "1"\n4 = "1"\n5 = "1"\n6 = "2"\n\n'
                    '[broadcast]\ncolumns = ["1-4", "5-8"]\n1 = ["-1", ""]\n2 = ["", ""]\n3 = ["", ""]\n'
                    '4 = ["", "Full"]\n5 = ["Full", ""]\n6 = ["Full", ""]\n', encoding="utf-8")
    charts = ChartFile.load(path)
    # 2d6 - 3: 2-5 read row 1, 6-8 rows 3-5, 9-12 row 6 ("treat as 6").
    chances = charts.distribution("excess", "2d6", modifiers=-3)
    assert chances == {"0": Fraction(5, 18), "1": Fraction(4, 9), "2": Fraction(5, 18)}
    assert list(chances) == ["0", "1", "2"]
    for roll in range(2, 13):  # what lookup reads, roll by roll
        assert charts.lookup("excess", roll, modifiers=-3).result in chances
    assert charts.distribution("broadcast", "d6", value=3, modifiers=-5) == {"-1": 1}
    assert charts.distribution("broadcast", "d6", column="1-4", modifiers=+4) == {"Full": 1}
    with pytest.raises(ChartError, match="table broadcast, column 5-8, roll 1: the chart has no value here"):
        charts.distribution("broadcast", "d6", value=6)
