"""Every installed rules plugin held to the plugin contract (../shared/spec/plugin-contract.md): its
demo runs and writes what it lists, its reports are the reviewed ones (golden/PLUGIN/), every
procedure's help has an example that runs on the demo, the same seed gives the same report, the
written save is the same whatever --side says, the JSON report reads back, and its checks run on
the demo games of the rules it serves (a fallback plugin's on every demo's). A plugin joins this suite by being installed.

After a reviewed change to a demo's reports: ADJUTANT_UPDATE_GOLDEN=1 /usr/bin/python3 -m pytest
tests/python/test_plugin_suite.py rewrites golden/, and the diff is read before committing it.
"""
import json
import os
import zipfile
from pathlib import Path

import pytest

from adjutant.cli import main
from adjutant.plugin import BOOL_NOTE
from adjutant.plugin_host import load_plugins
from adjutant.procedures.report import Report

GOLDEN = Path(__file__).resolve().parent / "golden"
PLUGINS = load_plugins()
PROCEDURES = [(p.name, t.name) for p in PLUGINS.values() for t in p.procedures()]
CHECKS = [(p.name, t.name) for p in PLUGINS.values() for t in p.checks()]
WITH_DEMO = sorted(p.name for p in PLUGINS.values() if p.demonstration)
SEED = "20261126"


@pytest.fixture(scope="session")
def demos(tmp_path_factory):
    """Each plugin's demo, run once: {plugin: DemoResult}."""
    from rich.console import Console
    results = {}
    for name in WITH_DEMO:
        folder = tmp_path_factory.mktemp(f"demo-{name}")
        results[name] = PLUGINS[name].demonstration.run(folder, Console(quiet=True))
    return results


def cli(capsys, *args):
    """`adjutant ARGS` in this process: (exit status, standard output, standard error)."""
    capsys.readouterr()
    try:
        status = main([str(a) for a in args])
    except SystemExit as e:
        status = e.code
    out, err = capsys.readouterr()
    return status, out, err


def run_example(capsys, demo, plugin, task, *options):
    game, parameters = task.example_game()
    d = plugin.demonstration
    args = ["run", f"{plugin.name}.{task.name}", demo.folder / game, "--module", demo.folder / d.module,
            "--companion", demo.folder / d.companion, "--seed", SEED, *options]
    args += ["--charts", demo.folder / d.charts] if d.charts else []
    args += [f"{k}={v}" for k, v in parameters.items()]
    status, out, err = cli(capsys, *args)
    assert status == 0, f"{' '.join(map(str, args))}\n{err}"
    return out


def test_the_suite_sees_the_built_in_plugins():
    assert {"generic", "litn"} <= set(PLUGINS)


@pytest.mark.parametrize("name", sorted(PLUGINS))
def test_a_plugin_with_procedures_has_a_demo_naming_its_files(name):
    plugin = PLUGINS[name]
    if not plugin.procedures():
        assert plugin.checks(), f"plugin {name} registers nothing"
        return
    demo = plugin.demonstration
    assert demo is not None, f"plugin {name} has procedures but no demo to show them on"
    assert demo.module and demo.companion, f"plugin {name}'s demo does not name its module and companion file"


@pytest.mark.parametrize("name", WITH_DEMO)
def test_the_demo_writes_every_file_it_lists(demos, name):
    result = demos[name]
    assert result.files, f"{name}'s demo lists no file"
    for path in result.paths():
        assert path.is_file() and path.stat().st_size > 0, path
    d = PLUGINS[name].demonstration
    for named in filter(None, (d.module, d.companion, d.charts)):
        assert (result.folder / named).is_file(), f"{name}'s demo names {named} but did not write it"


@pytest.mark.parametrize("name", WITH_DEMO)
def test_the_demo_reports_are_the_reviewed_ones(demos, name):
    result = demos[name]
    reports = [p for p in result.paths() if p.suffix == ".txt"]
    assert reports, f"{name}'s demo writes no text report"
    golden = GOLDEN / name
    if os.environ.get("ADJUTANT_UPDATE_GOLDEN"):
        golden.mkdir(parents=True, exist_ok=True)
        for path in reports:
            (golden / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    for path in reports:
        expected = golden / path.name
        assert expected.is_file(), f"no reviewed report {expected}: run with ADJUTANT_UPDATE_GOLDEN=1 and review it"
        assert path.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8"), (
            f"{name}'s demo report {path.name} changed: compare {path} with {expected}; if the change is "
            f"right, ADJUTANT_UPDATE_GOLDEN=1 rewrites golden/ (review the diff)")


@pytest.mark.parametrize("name, procedure", PROCEDURES)
def test_every_procedure_has_help_with_an_example(capsys, name, procedure):
    plugin = PLUGINS[name]
    task = plugin.tasks[procedure]
    assert task.example, f"{name}.{procedure} has no example"
    status, out, _ = cli(capsys, "run", f"{name}.{procedure}", "--help")
    assert status == 0
    assert plugin.example_command(task) in out and "Exit status 2" in out
    for parameter in task.parameters:
        assert parameter.describe() in out
    assert (BOOL_NOTE in out) == any(p.type is bool for p in task.parameters)


@pytest.mark.parametrize("name, procedure", PROCEDURES)
def test_the_same_seed_gives_the_same_report(capsys, demos, name, procedure):
    plugin = PLUGINS[name]
    task = plugin.tasks[procedure]
    first = run_example(capsys, demos[name], plugin, task, "--json")
    again = run_example(capsys, demos[name], plugin, task, "--json")
    assert first == again
    assert json.loads(first)["seed"] == int(SEED)


@pytest.mark.parametrize("name, procedure", PROCEDURES)
def test_the_json_report_reads_back(capsys, demos, name, procedure):
    plugin = PLUGINS[name]
    data = json.loads(run_example(capsys, demos[name], plugin, plugin.tasks[procedure], "--json"))
    assert Report.from_json(data).as_json() == data
    assert data["title"] and (data["sections"] or data["notes"])


@pytest.mark.parametrize("name, procedure", PROCEDURES)
def test_a_procedure_marks_only_the_quantities_it_declares_and_one_that_rolls_declares_some(capsys, demos, name,
                                                                                            procedure):
    plugin = PLUGINS[name]
    task = plugin.tasks[procedure]
    report = Report.from_json(run_example(capsys, demos[name], plugin, task, "--json"))
    marked = {q.name for q in report.quantities()}
    assert marked <= set(task.quantities), f"{name}.{procedure} marks {sorted(marked - set(task.quantities))} " \
                                           f"but declares {task.quantities}"
    assert task.quantities or not report.rolls, f"{name}.{procedure} rolls dice but declares no quantity"


def saved_entries(path):
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist()}


@pytest.mark.parametrize("name, procedure", PROCEDURES)
def test_the_written_save_is_the_same_whatever_side_is_reported_to(capsys, demos, tmp_path, name, procedure):
    plugin = PLUGINS[name]
    task = plugin.tasks[procedure]
    saves = {}
    for side in (*plugin.sides, "referee"):
        out = tmp_path / f"{side}.vsav"
        run_example(capsys, demos[name], plugin, task, "--side", side, "-o", out, "--quiet")
        saves[side] = saved_entries(out)
    referee = saves.pop("referee")
    for side, entries in saves.items():
        assert entries["savedGame"] == referee["savedGame"], f"{name}.{procedure}: the save written for {side} differs"
        assert entries.keys() == referee.keys()


def serves(plugin, rules):
    return plugin.fallback or plugin.rules in ("", rules)


def demo_games(demos, suffix):
    return [(name, path) for name, result in demos.items() for path in result.paths() if path.suffix == suffix]


@pytest.mark.parametrize("name, check", CHECKS)
def test_every_check_runs_on_every_demo_game(capsys, demos, name, check):
    if check not in ("moves", "setup"):
        pytest.skip(f"{name}.{check} is not one `adjutant check` runs")
    suffix = ".vlog" if check == "moves" else ".vsav"
    games = demo_games(demos, suffix)
    assert games, f"no demo writes a {suffix} to run {name}.{check} on"
    for owner, game in games:
        if not serves(PLUGINS[name], PLUGINS[owner].rules):
            continue   # a game's companion and chart files are for its own plugin (and the fallback's)
        d = PLUGINS[owner].demonstration
        args = ["check", check, game, "--module", game.parent / d.module, "--companion", game.parent / d.companion,
                "--plugin", name, "--json"]
        args += ["--charts", game.parent / d.charts] if d.charts else []
        status, out, err = cli(capsys, *args)
        assert status in (0, 1), f"{' '.join(map(str, args))}\n{err}"
        assert json.loads(out) is not None


@pytest.mark.parametrize("name", WITH_DEMO)
def test_a_demo_moves_txt_is_what_check_moves_writes_to_a_file(capsys, monkeypatch, demos, name):
    folder, d = demos[name].folder, PLUGINS[name].demonstration
    if not (folder / "moves.txt").is_file():
        pytest.skip(f"the {name} demo writes no moves.txt")
    monkeypatch.chdir(folder)
    args = ["check", "moves", "moves.vlog", "--module", d.module, "--companion", d.companion, "--plugin", name]
    args += ["--charts", d.charts] if d.charts else []
    status, out, err = cli(capsys, *args)
    assert status in (0, 1), err
    assert out == (folder / "moves.txt").read_text(encoding="utf-8")


LOGS_ONLY = sorted(p.name for p in PLUGINS.values() if "moves" in p.tasks and p.tasks["moves"].logs_only)


def test_check_moves_help_names_the_plugins_that_judge_logs_only(capsys):
    assert LOGS_ONLY == ["lfm", "r2a"]
    status, out, _ = cli(capsys, "check", "moves", "--help")
    assert status == 0 and "the lfm and r2a move checks judge logs only and refuse it" in " ".join(out.split())


@pytest.mark.parametrize("name", LOGS_ONLY)
def test_a_logs_only_move_check_refuses_before_naming_it(capsys, demos, name):
    folder, d = demos[name].folder, PLUGINS[name].demonstration
    saves = sorted(p for p in demos[name].paths() if p.suffix == ".vsav")
    common = ["--module", folder / d.module, "--companion", folder / d.companion, "--plugin", name]
    status, _, err = cli(capsys, "check", "moves", saves[0], "--before", saves[1], *common)
    assert status == 2
    assert err.startswith(f"adjutant: --before: the {name} move check judges a log's moves, not two saves: give the "
                          f"log (.vlog)")
    status, _, err = cli(capsys, "check", "moves", saves[0], *common)
    assert status == 2 and "give the log (.vlog) of the moves (this move check judges logs only)" in err
    assert "--before" not in err


@pytest.mark.parametrize("name", ["lfm", "r2a"])
def test_the_demo_help_says_the_demo_runs_the_move_check_and_procedures(name):
    # `adjutant plugins` prints it: the demo does more than read its position
    assert "then runs" in PLUGINS[name].demonstration.help and "move check" in PLUGINS[name].demonstration.help
