"""Property-based tests of the chart file (adjutant.procedures.charts, docs/charts-format.md): any
file loads, reads and looks up with a result or a ChartError, never another exception; a well-formed
chart's distribution is exactly what its lookups read, roll by roll."""
import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import adjutant
from adjutant.procedures.charts import ChartError, ChartFile

# The charts checks run against a temporary file per example: no shrinking of the deadline.
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

DICE = ["d6", "2d6", "3d6", "d10", "d66", "1d3"]


# --- writing TOML ---------------------------------------------------------------------------------

def toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string, for text without controls
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_value(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def toml_text(data):
    lines = []
    for key, value in data.items():
        if not isinstance(value, dict):
            lines.append(f"{toml_value(key)} = {toml_value(value)}")
    for key, value in data.items():
        if isinstance(value, dict):
            lines.append(f"[{toml_value(key)}]")
            lines += [f"{toml_value(k)} = {toml_value(v)}" for k, v in value.items()]
    return "\n".join(lines) + "\n"


# --- any chart file -------------------------------------------------------------------------------

printable = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)
scalars = st.one_of(
    st.integers(min_value=-2**63, max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    printable,
    st.sampled_from(["", "-1", "Full", "1-4", "2-1", "DE", "+3"]),
)
results = st.sampled_from(["", "-1", "0", "1", "Full", "DE", "AR"])
small_rolls = st.integers(min_value=-3, max_value=14).map(str)
# Mostly what chart files hold (small rolls, result strings, lists of labels), sometimes anything.
cell_values = st.one_of(results, st.lists(results, min_size=1, max_size=4), results,
                        scalars, st.lists(scalars, max_size=5), st.dictionaries(printable, scalars, max_size=2))
row_keys = st.one_of(
    small_rolls, small_rolls, small_rolls,
    st.integers(min_value=-2**70, max_value=2**70).map(str),
    st.sampled_from(["columns", "_note", "1_000", " 3", "x", "\u0663", "3.0", ""]),
    printable,
)
labels = st.sampled_from(["1-4", "5-8", "9-12", "13", "2-1", "1-3", "+3", "-2", "0", "1.5", "9" * 30])
column_labels = st.one_of(
    st.lists(labels, min_size=1, max_size=4), st.lists(labels, min_size=1, max_size=4),
    st.lists(st.one_of(printable, labels, st.integers(), st.floats(allow_nan=True)), max_size=5),
    scalars,
)
wild_tables = st.dictionaries(row_keys, cell_values, max_size=8).flatmap(
    lambda rows: st.one_of(st.just(rows), column_labels.map(lambda labels: {**rows, "columns": labels})))


@st.composite
def plausible_tables(draw):
    """A table as players write them (rows of small rolls, a cell per column, some left ""), with
    at most one odd key or value."""
    columns = draw(st.one_of(st.none(), st.lists(labels, min_size=1, max_size=4)))
    width = len(columns) if columns else 1
    table = {} if columns is None else {"columns": columns}
    for roll in draw(st.sets(st.integers(min_value=-3, max_value=14), max_size=8)):
        cells = draw(st.lists(results, min_size=width, max_size=width))
        table[str(roll)] = cells if columns or draw(st.booleans()) else cells[0]
    if draw(st.booleans()):
        table[draw(row_keys)] = draw(cell_values)
    return table


tables = st.one_of(plausible_tables(), plausible_tables(), wild_tables)
chart_files = st.dictionaries(st.sampled_from(["t", "u", "rules", "v"]), st.one_of(tables, scalars), max_size=3)


def load(tmp_path, text):
    path = tmp_path / "charts.toml"
    path.write_text(text, encoding="utf-8")
    return ChartFile.load(path)


def read_everything(charts):
    """Every question a procedure may ask of every table; each gives a result or a ChartError."""
    for name in list(charts.data):
        try:
            charts.table(name)
        except ChartError:
            continue
        for roll in (-5, 1, 3, 6, 12, 66, 2**31 - 1):
            for value in (0, 3.5, -1e300, float("inf")):
                try:
                    charts.lookup(name, roll, value=value, modifiers=-2)
                except ChartError:
                    pass
        for dice in DICE:
            try:
                charts.distribution(name, dice, value=4, modifiers=1)
            except ChartError:
                pass
        labels = charts.data[name].get("columns")
        for label in labels[:3] if isinstance(labels, list) else []:
            try:
                charts.lookup(name, 3, column=str(label))
            except ChartError:
                pass
        try:
            charts.value(name, 3)
        except ChartError:
            pass


@SETTINGS
@given(chart_files)
def test_any_chart_table_reads_or_says_chart_error(tmp_path, data):
    try:
        charts = load(tmp_path, toml_text(data))
    except ChartError:
        return
    read_everything(charts)


@SETTINGS
@given(st.text(max_size=300))
def test_any_text_loads_as_a_chart_file_or_says_chart_error(tmp_path, text):
    try:
        charts = load(tmp_path, text)
    except ChartError as e:
        assert str(tmp_path / "charts.toml") in str(e)
        return
    read_everything(charts)


@SETTINGS
@given(st.binary(max_size=200))
def test_any_bytes_load_as_a_chart_file_or_say_chart_error(tmp_path, data):
    path = tmp_path / "charts.toml"
    path.write_bytes(data)
    try:
        ChartFile.load(path)
    except ChartError as e:
        assert str(path) in str(e)


# --- well-formed charts ---------------------------------------------------------------------------

@st.composite
def filled_charts(draw):
    """A chart table with every cell filled: rows for every roll of a range, one value per row or
    one per column of increasing ranges."""
    low = draw(st.integers(min_value=-3, max_value=12))
    rolls = range(low, low + draw(st.integers(min_value=1, max_value=12)))
    starts = sorted(draw(st.sets(st.integers(min_value=0, max_value=30), min_size=1, max_size=4)))
    results = st.sampled_from(["-1", "0", "1", "2", "Full", "DE", "AR", "NE"])
    if draw(st.booleans()):
        table = {str(r): draw(results) for r in rolls}
    else:
        table = {"columns": [f"{s}-{s + 1}" if draw(st.booleans()) else str(s) for s in starts]}
        table.update({str(r): [draw(results) for _ in starts] for r in rolls})
    return table


def lookup_chances(charts, name, dice, value, modifiers):
    """What the lookups read over every face of the dice, weighted by its chance, in order of the
    lowest roll giving each result."""
    chances = Counter()
    order = []
    for roll, chance in sorted(adjutant.Dice.distribution(dice).items()):
        result = charts.lookup(name, roll, value=value, modifiers=modifiers).result
        if result not in chances:
            order.append(result)
        chances[result] += chance
    return {result: chances[result] for result in order}


@SETTINGS
@given(filled_charts(), st.sampled_from(DICE), st.integers(min_value=-1, max_value=35), st.integers(min_value=-8, max_value=8))
def test_a_distribution_is_what_the_lookups_read(tmp_path, table, dice, value, modifiers):
    charts = load(tmp_path, toml_text({"t": table}))
    distribution = charts.distribution("t", dice, value=value, modifiers=modifiers)
    assert distribution == lookup_chances(charts, "t", dice, value, modifiers)
    assert list(distribution) == list(lookup_chances(charts, "t", dice, value, modifiers))
    assert sum(distribution.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in distribution.values())


@SETTINGS
@given(filled_charts(), st.integers(min_value=-1, max_value=35), st.integers(min_value=1, max_value=40))
def test_rolls_beyond_the_rows_read_the_edge_rows(tmp_path, table, value, beyond):
    charts = load(tmp_path, toml_text({"t": table}))
    rolls = sorted(int(k) for k in table if k != "columns")
    top = charts.lookup("t", rolls[-1], value=value)
    bottom = charts.lookup("t", rolls[0], value=value)
    above = charts.lookup("t", rolls[-1] + beyond, value=value)
    below = charts.lookup("t", rolls[0] - beyond, value=value)
    assert (above.result, above.row_roll, above.row_clamped) == (top.result, rolls[-1], True)
    assert (below.result, below.row_roll, below.row_clamped) == (bottom.result, rolls[0], True)


@SETTINGS
@given(filled_charts(), st.sampled_from(DICE), st.integers(min_value=-1, max_value=35), st.data())
def test_a_blank_cell_fails_distribution_exactly_when_a_lookup_reaches_it(tmp_path, table, dice, value, data):
    rows = [k for k in table if k != "columns"]
    blank = data.draw(st.sampled_from(rows))
    column = data.draw(st.integers(min_value=0, max_value=len(table.get("columns", [0])) - 1))
    if "columns" in table:
        table[blank] = [("" if i == column else cell) for i, cell in enumerate(table[blank])]
    else:
        table[blank] = ""
    charts = load(tmp_path, toml_text({"t": table}))
    reached = False
    for roll in adjutant.Dice.distribution(dice):
        try:
            charts.lookup("t", roll, value=value)
        except ChartError as e:
            assert "[t]" in str(e) or "table t" in str(e)
            reached = True
    if reached:
        with pytest.raises(ChartError):
            charts.distribution("t", dice, value=value)
    else:
        assert sum(charts.distribution("t", dice, value=value).values()) == 1
