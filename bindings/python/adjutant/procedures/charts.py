"""A chart file: the values of a game's printed charts, typed in by a player (TOML), read as result
tables. A value left "" is one the player has not filled in; a procedure that needs it stops with a
ChartError naming the file, the table, the column and the roll.

A table with a die roll for rows and one value or one value per column:

    [command_point_table]        # modified roll = CPs
    2 = 1
    4 = 2
    3 = ""                       # not filled in

    [command_broadcast_table]
    columns = ["1-4", "5-8", "9-12"]   # chosen by a number (distance, strength ...): from its first number
    1 = ["-1", "", ""]

Rolls above the highest row or below the lowest read that row, as charts say ("treat as 6").
Columns named by words (`columns = ["friendly infantry", ...]`) are read by name. A table with
`_columns = "odds"` has odds columns (`columns = ["1-2", "1-1", "2-1"]`): "2-1" starts at 2, "1-2"
at 1/2, so a value of attacker / defender strength reads the column of the odds rounded down.

`lookup` reads one roll; `distribution` gives the exact chance of each result before rolling, read
the same way ({"Full": Fraction(1, 2), "-1": Fraction(1, 3), ...}).
"""
import tomllib

from adjutant import ResultTable, TableColumn, TableError

_REQUIRED = object()
_INT_MIN, _INT_MAX = -2**31, 2**31 - 1  # the rolls a result table holds (C++ int)


class ChartError(ValueError):
    """A chart file that cannot be read, or a value it does not give."""


class ChartFile:
    def __init__(self, path, data):
        self.path = str(path)
        self.data = data
        self._tables = {}

    @classmethod
    def load(cls, path, rules=None):
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except FileNotFoundError:
            raise ChartError(f"{path}: no such chart file") from None
        except tomllib.TOMLDecodeError as e:
            raise ChartError(f"{path}: {e}") from None
        except UnicodeDecodeError as e:
            raise ChartError(f"{path}: not UTF-8 text (byte {e.start})") from None
        return cls(path, data).for_rules(rules)

    def for_rules(self, rules):
        """This file, when it is for `rules` (or says for none); ChartError naming the rules otherwise."""
        if rules is not None and self.data.get("rules", rules) != rules:
            raise ChartError(f"{self.path}: a chart file for rules {self.data.get('rules')!r}, not {rules!r}")
        return self

    def options(self, defaults, choices=None):
        """The file's [options] over the plugin's `defaults` (its readings of the rules' ambiguities);
        ChartError for an option the plugin has not, or a value not among its `choices` ({name: values})."""
        options = self.data.get("options", {})
        unknown = sorted(set(options) - set(defaults))
        if unknown:
            raise ChartError(f"{self.path}: [options] has no option {unknown[0]!r} "
                             f"(the options are {', '.join(defaults)})")
        merged = {**defaults, **options}
        for name, allowed in (choices or {}).items():
            if merged[name] not in allowed:
                raise ChartError(f"{self.path}: [options] {name} must be one of {', '.join(map(str, allowed))}")
        return merged

    def section(self, name):
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise ChartError(f"{self.path}: no [{name}] table")
        return value

    def value(self, section, key, default=_REQUIRED):
        """A single value; ChartError when it is missing or "" and there is no default."""
        table = self.data.get(section, {})
        value = table.get(str(key), "") if isinstance(table, dict) else ""
        if value == "":
            if default is not _REQUIRED:
                return default
            raise ChartError(f"{self.path}: [{section}] {key} is not filled in: copy it from the printed chart")
        return value

    def table(self, name):
        """The [name] table as a ResultTable."""
        if name not in self._tables:
            self._tables[name] = self._read_table(name)
        return self._tables[name]

    def _read_table(self, name):
        raw = self.section(name)
        labels = raw.get("columns")
        kind = raw.get("_columns", "range")
        if kind not in ("range", "odds"):
            raise ChartError(f"{self.path}: [{name}] _columns must be \"range\" or \"odds\", not {kind!r}")
        rows = []
        for key, cells in raw.items():
            if key == "columns" or key.startswith("_"):
                continue
            try:
                roll = int(key)
            except ValueError:
                raise ChartError(f"{self.path}: [{name}] {key!r} is not a die roll") from None
            if not _INT_MIN <= roll <= _INT_MAX:
                raise ChartError(f"{self.path}: [{name}] {key!r} is not a die roll (too large)")
            cells = cells if isinstance(cells, list) else [cells]
            rows.append((roll, roll, ["" if c is None else str(c) for c in cells]))
        rows.sort()
        if labels is None:
            columns = [TableColumn("value", 0)]
        elif not isinstance(labels, list):
            raise ChartError(f"{self.path}: [{name}] columns must be a list of column labels")
        else:
            columns = [self._column(name, label, i, kind) for i, label in enumerate(labels)]
        try:
            return ResultTable(name, columns, rows)
        except TableError as e:
            raise ChartError(f"{self.path}: {e}") from None

    def _column(self, table, label, index, kind="range"):
        text = str(label)
        if any(ch.isdigit() for ch in text):
            try:
                return TableColumn.odds(text) if kind == "odds" else TableColumn.range(text)
            except TableError as e:
                raise ChartError(f"{self.path}: [{table}] {e}") from None
        return TableColumn(text, float(index))

    def lookup(self, name, roll, value=0, modifiers=0, column=None, shift=0):
        """The table's result at roll + modifiers in the column chosen by `value` (or named `column`),
        moved `shift` columns right (left when negative, clamped at the edges): a TableResult.
        ChartError naming the cell when the player left it blank."""
        table = self.table(name)
        return self._read(lambda: table.lookup_column(column, roll, shift, modifiers) if column is not None
                          else table.lookup(value, roll, shift, modifiers))

    def distribution(self, name, dice, value=0, modifiers=0, column=None, shift=0):
        """Each result a roll of `dice` ('d6', '2d6', 'd66', 'NdS') + modifiers reads in the column
        chosen by `value` (or named `column`) moved `shift` columns, as lookup reads it:
        {result: Fraction}, in the order of the lowest roll giving each. ChartError naming the cell
        when a roll reaches a blank."""
        table = self.table(name)
        return self._read(lambda: table.distribution_column(column, dice, shift, modifiers) if column is not None
                          else table.distribution(value, dice, shift, modifiers))

    def _read(self, read):
        """read(), a table's answer; a cell the player left blank is a ChartError naming the file."""
        try:
            return read()
        except TableError as e:
            raise ChartError(f"{self.path}: {e}: copy it from the printed chart") from None


class GameCharts:
    """A game plugin's reading of its chart file: the class says its `rules`, its `template` (the
    chart file read when none is given), its `default_options` and their `choices`; `file` is the
    ChartFile, `options` the [options] merged over the defaults."""

    rules = None
    template = None
    default_options = {}
    choices = None

    def __init__(self, chart_file):
        self.file = chart_file
        self.path = chart_file.path
        self.options = chart_file.options(self.default_options, self.choices)

    @classmethod
    def load(cls, source):
        """The charts of `source`: a chart file's path (None or "" for the template), or a ChartFile
        already read (a simulation reads its chart file once for all its runs)."""
        if isinstance(source, ChartFile):
            return cls(source.for_rules(cls.rules))
        return cls(ChartFile.load(source if source else cls.template, rules=cls.rules))

    def option(self, name):
        return self.options[name]

    def rule(self, section, key):
        return self.file.value(section, key)
