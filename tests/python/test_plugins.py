"""The plugin host: finding plugins by entry point and by path, their tasks and parameters, and
clear errors for broken plugins."""
import importlib.metadata
import json
import subprocess
import sys

import pytest

from adjutant import plugin_host
from adjutant.plugin import Parameter, Plugin, name_list, named_values
from adjutant.plugin_host import PluginError, find_plugin, load_plugins, trace_kinds
from conftest import REPO

PLUGINS = REPO / "tests" / "python" / "plugins"


def test_a_plugin_file_registers_checks_and_procedures():
    plugins = load_plugins([PLUGINS / "counting.py"])
    counting = find_plugin(plugins, "counting")
    assert counting.rules == "test" and counting.source == str(PLUGINS / "counting.py")
    assert [t.name for t in counting.checks()] == ["pieces"]
    assert [t.name for t in counting.procedures()] == ["roll"]
    roll = counting.tasks["roll"]
    assert roll.arguments({"dice": "3", "loud": "yes"}) == {"dice": 3, "loud": True}
    assert roll.arguments({}) == {"dice": 1, "loud": False}
    assert roll.run(None, **roll.arguments({"dice": "2"})) == 2


@pytest.mark.parametrize("given, message", [
    ({"dice": "three"}, "parameter 'dice' wants int, not 'three'"),
    ({"loud": "maybe"}, "parameter 'loud' wants yes or no (or true/false, 1/0), not 'maybe'"),
    ({"sides": "6"}, "procedure 'roll' has no parameter 'sides' (it has: dice, loud)"),
])
def test_bad_parameters_are_named(given, message):
    roll = load_plugins([PLUGINS / "counting.py"])["counting"].tasks["roll"]
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        roll.arguments(given)


def test_a_missing_parameter_and_bad_choices_are_named():
    plugin = Plugin("p", "P")

    @plugin.check("c", "C", Parameter("side", str, choices=("Union", "Confederate")))
    def check(game, side):
        return side

    with pytest.raises(ValueError, match="check 'c' needs parameter 'side'"):
        plugin.tasks["c"].arguments({})
    with pytest.raises(ValueError, match="must be one of Union, Confederate"):
        plugin.tasks["c"].arguments({"side": "French"})
    with pytest.raises(ValueError, match="registers 'c' twice"):
        plugin.check("c", "again")


def test_names_and_named_values_are_read_from_a_parameters_text():
    assert name_list(" A, B,,C ") == ["A", "B", "C"] and name_list(None) == []
    assert named_values("Iron Brigade: 2, 1/2 Wis:3", "losses", "NAME:N", number="count") == [
        ("Iron Brigade", 2), ("1/2 Wis", 3)]
    assert named_values("woods:-1,ridge:+2", "modifiers", "LABEL:N", number="signed") == [("woods", -1), ("ridge", 2)]
    assert named_values("A:0101, a:b:0202", "at", "NAME:HEX") == [("A", "0101"), ("a:b", "0202")]
    assert named_values("", "at") == [] and named_values(None, "at") == []


@pytest.mark.parametrize("text, number, message", [
    ("A", None, "at is NAME:N[,NAME:N ...], not 'A'"),
    (":3", "count", "at is NAME:N[,NAME:N ...] (N a whole number), not ':3'"),
    ("A:-1", "count", "(N a whole number), not 'A:-1'"),
    ("A:1.5", "signed", "(N a whole number, + or -), not 'A:1.5'"),
    ("A:+-1", "signed", "not 'A:+-1'"),
    ("A:\u00b2", "count", "not 'A:\u00b2'"),
])
def test_a_named_value_that_is_not_one_is_refused_naming_the_parameter(text, number, message):
    with pytest.raises(ValueError) as error:
        named_values(text, "at", "NAME:N", number=number)
    assert message in str(error.value)


def test_a_kind_of_trace_parses_its_options_and_names_its_mistakes():
    plugin = Plugin("p", "P")

    @plugin.trace("t", "T", Parameter("avoid", str, "hexes", (), many=True), Parameter("most", int, "hexes", 4),
                  needs=("targets",))
    def trace(context, avoid, most):
        return avoid, most

    kind = plugin.trace_kinds["t"]
    assert kind.needs == ("targets",)
    assert kind.arguments({"avoid": ["0101", "0102"]}) == {"avoid": ["0101", "0102"], "most": 4}
    assert kind.arguments({"avoid": "0101,0102", "most": "2"}) == {"avoid": ["0101", "0102"], "most": 2}
    with pytest.raises(ValueError, match="trace 't' has no parameter 'wagons'"):
        kind.arguments({"wagons": ["0101"]})
    with pytest.raises(ValueError, match="parameter 'most' wants int, not 'x'"):
        kind.arguments({"most": "x"})
    with pytest.raises(ValueError, match="registers the trace 't' twice"):
        plugin.trace("t", "again")
    with pytest.raises(ValueError, match="trace 'u' needs 'range', which is none of targets, unit_class"):
        plugin.trace("u", "U", needs=("range",))
    # Two plugins giving one kind: an error naming both.
    other = Plugin("q", "Q")
    other.trace("t", "T too")(lambda context: None)
    assert trace_kinds({"p": plugin})["t"] == (plugin, kind)
    with pytest.raises(PluginError, match="plugins 'p' .* and 'q' .* both register the trace 't'"):
        trace_kinds({"p": plugin, "q": other})


def test_the_built_in_plugins_give_the_rulebooks_traces():
    kinds = trace_kinds(load_plugins())
    assert {name: plugin.name for name, (plugin, _) in kinds.items()} == {
        "loc": "litn", "combat-supply": "litn", "attrition": "litn", "lmn-supply": "lmn",
        "command-radius": "cwr", "ammunition": "cwr", "lfm-command": "lfm"}


def test_a_broken_plugin_is_an_error_naming_it():
    with pytest.raises(PluginError, match=r"broken\.py: RuntimeError: this plugin is broken on purpose"):
        load_plugins([PLUGINS / "broken.py"])
    with pytest.raises(PluginError, match="no such plugin file"):
        load_plugins([PLUGINS / "absent.py"])
    with pytest.raises(PluginError, match="no plugin 'litn'"):
        find_plugin({}, "litn")


def test_a_module_without_a_plugin_object_is_refused(tmp_path):
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    with pytest.raises(PluginError, match="defines no `plugin"):
        load_plugins([empty])


def test_installed_plugins_are_found_by_entry_point(monkeypatch):
    monkeypatch.syspath_prepend(str(PLUGINS))
    entry = importlib.metadata.EntryPoint(name="counting", value="counting", group=plugin_host.GROUP)

    def entry_points(group):
        return [entry] if group == plugin_host.GROUP else []

    monkeypatch.setattr(plugin_host.importlib.metadata, "entry_points", entry_points)
    plugins = load_plugins()
    assert plugins["counting"].source == "entry point counting = counting"


def test_the_plugins_command_lists_tasks_and_parameters():
    from test_cli import adjutant
    result = adjutant("plugins", "--plugin", PLUGINS / "counting.py", "--json")
    assert result.returncode == 0, result.stderr
    listing = {p["name"]: p for p in json.loads(result.stdout)}
    tasks = {t["name"]: t for t in listing["counting"]["tasks"]}
    assert tasks["roll"]["kind"] == "procedure"
    assert tasks["roll"]["parameters"] == ["dice=int (default 1): how many", "loud=yes|no (default no): say it"]
    assert tasks["roll"]["quantities"] == ["dice"] and "quantities" not in tasks["pieces"]
    tables = adjutant("plugins", "--plugin", PLUGINS / "counting.py")
    assert "counting" in tables.stdout and "Report how many pieces" in tables.stdout
    assert "  procedure roll\n      Roll dice for nothing.\n      quantities: dice\n" in tables.stdout
    broken = adjutant("plugins", "--plugin", PLUGINS / "broken.py")
    assert broken.returncode == 2 and "broken on purpose" in broken.stderr


def test_the_plugins_listing_wraps_to_the_terminal_and_keeps_every_word():
    import io
    from adjutant.cli.tables import print_plugins
    long_help = "Judge every move " + "of a very long description " * 12 + "(docs/x.md)."
    parameter = "hexes=str (default ''): " + "the hexes, separated by commas " * 6
    listing = [{"name": "p", "title": "Test", "rules": "t", "source": "here", "demo": None, "traces": [],
                "tasks": [{"kind": "check", "name": "moves", "help": long_help, "parameters": [parameter]}]}]
    out = io.StringIO()
    print_plugins(listing, out, width=80)
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 80 and all(line == line.rstrip() for line in lines)
    assert lines[1] == "  check moves" and lines[2].startswith("      Judge every move")
    assert not any("quantities" in line for line in lines)   # a check reports none
    first = next(i for i, line in enumerate(lines) if line.startswith("        hexes=str"))
    assert all(line.startswith("            ") for line in lines[first + 1:])   # a parameter's further lines under it
    words = " ".join(lines).split()
    assert " ".join(words) == " ".join(("p Test (rules 't') [here] check moves " + long_help + " " + parameter).split())


def test_a_procedure_declares_its_quantities_as_a_tuple_of_names():
    plugin = Plugin("q", "quantities")
    with pytest.raises(TypeError, match=r"procedure 'cp': quantities= takes a tuple of names"):
        plugin.procedure("cp", "one CP", quantities="CP")
    plugin.procedure("cp", "one CP", quantities=["CP", "MA"])(lambda context: None)
    assert plugin.tasks["cp"].quantities == ("CP", "MA")


def test_a_quantity_name_with_a_comma_is_refused_with_its_name():
    plugin = Plugin("q", "quantities")
    with pytest.raises(ValueError, match=r"procedure 'bl': the quantity name 'Blood Lust ended, no other state' has a "
                                         r"comma"):
        plugin.procedure("bl", "Blood Lust", quantities=("rallied", "Blood Lust ended, no other state"))
    assert "bl" not in plugin.tasks


# Rule modules only a running task needs: each built-in plugin's largest, by their tables and dataclasses.
RUN_ONLY = ("adjutant_plugins.cwr.fire_table", "adjutant_plugins.cwr.close_combat", "adjutant_plugins.lfm.combat",
            "adjutant_plugins.litn.battle", "adjutant_plugins.lmn.combat", "adjutant_plugins.r2a.victory")


def test_loading_the_plugins_imports_no_rule_module_a_task_needs_only_to_run():
    script = ("import importlib.util, sys\n"
              "from adjutant.plugin_host import load_plugins\n"
              "load_plugins()\n"
              f"names = {RUN_ONLY!r}\n"
              "print([n for n in names if n in sys.modules])\n"
              "print([n for n in names if importlib.util.find_spec(n) is None])")
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    imported, missing = ran.stdout.splitlines()
    assert missing == "[]", f"no such module: {missing}"
    assert imported == "[]", f"load_plugins() imported {imported}: import it in the task that runs it"
