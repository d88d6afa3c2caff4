"""`adjutant simulate`: a procedure run many times on the Lee Invades the North demo, the distribution
of each quantity its reports mark (procedures.report.Quantity); the same seed gives the same table
however the runs are shared among processes; each run is the `adjutant run` of its derived seed."""
import json
import shutil
import subprocess
import sys
from fractions import Fraction

import pytest

import adjutant
from adjutant.plugin_host import load_plugins
from adjutant.procedures.distribution import Tally
from adjutant.procedures.report import Quantity, Report
from adjutant.procedures.rolls import run_seed
from test_litn import CHARTS


def adjutant_cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "adjutant", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd)


@pytest.fixture
def demo(litn_demo, tmp_path):
    """The demo's module, companion, save and chart file copied into a folder of their own."""
    for name in ("litn-demo.vmod", "companion.toml", "litn-demo.vsav"):
        shutil.copy(litn_demo.dir / name, tmp_path / name)
    shutil.copy(CHARTS, tmp_path / "charts.toml")
    return tmp_path


FILES = ("litn-demo.vsav", "--module", "litn-demo.vmod", "--companion", "companion.toml", "--charts", "charts.toml")


def simulate(demo, *args, procedure="litn.command", side="Confederate"):
    done = adjutant_cli("simulate", procedure, *FILES, *([f"side={side}"] if side else []), *args, cwd=demo)
    assert done.returncode == 0, done.stderr
    return done


def simulated(demo, *args, **kwargs):
    return json.loads(simulate(demo, "--json", *args, **kwargs).stdout)


def test_the_same_seed_gives_the_same_distributions_on_one_process_or_two_whatever_the_chunks(demo):
    alone = simulated(demo, "--runs", 30, "--seed", 5, "--jobs", 1)
    assert simulated(demo, "--runs", 30, "--seed", 5, "--jobs", 1, "--chunk", 7) == alone
    assert simulated(demo, "--runs", 30, "--seed", 5, "--jobs", 2, "--chunk", 4) == alone
    assert simulated(demo, "--runs", 30, "--seed", 5, "--jobs", 2) == alone
    assert alone["runs"] == 30 and alone["seed"] == 5
    by_label = {(q["name"], q["of"]): q for q in alone["quantities"]}
    # 7.1: the department leader's CPs every run, a broadcast's to each hex leader below him, MA per unit
    lee, jackson = by_label[("CP", "R.E. Lee")], by_label[("CP", "Jackson")]
    assert lee["runs"] == jackson["runs"] == 30
    assert sum(n for _, n in lee["distribution"]) == 30 and len(lee["distribution"]) > 1
    assert ("MA", "Hood") in by_label


def test_a_local_dask_cluster_gives_what_one_process_gives(demo):
    pytest.importorskip("distributed", reason="python3-distributed is not installed")
    assert (simulated(demo, "--runs", 20, "--seed", 9, "--scheduler", "local", "--jobs", 2, "--chunk", 3)
            == simulated(demo, "--runs", 20, "--seed", 9, "--jobs", 1))


def test_different_seeds_give_different_distributions(demo):
    assert (simulated(demo, "--runs", 30, "--seed", 5, "--jobs", 1)["quantities"]
            != simulated(demo, "--runs", 30, "--seed", 6, "--jobs", 1)["quantities"])


def test_each_run_reports_what_adjutant_run_reports_with_that_runs_seed(demo):
    expected = Tally()
    for index in range(3):
        done = adjutant_cli("run", "litn.command", *FILES, "side=Confederate", "--seed", run_seed(11, index), "--json",
                            cwd=demo)
        assert done.returncode == 0, done.stderr
        report = Report.from_json(done.stdout)
        assert report.seed == run_seed(11, index)
        expected.add_run(report.quantities())
    got = simulated(demo, "--runs", 3, "--seed", 11, "--jobs", 1)
    assert got["quantities"] == [s.as_json() for s in expected.summaries()]


def test_a_table_with_each_quantity_and_its_frequencies(demo):
    out = simulate(demo, "--runs", 12, "--seed", 3, "--jobs", 1).stdout
    assert out.startswith("litn.command on litn-demo.vsav: 12 runs, seed 3\n")
    row = next(line for line in out.splitlines() if line.split()[:4] == ["CP", "│", "R.E.", "Lee"])
    assert "%" in row and "│ 12 of 12 │" in row   # a few values: their frequencies
    assert "Note: runs" not in out   # every quantity in every run: nothing to explain


def test_a_quantity_some_runs_do_not_report_says_of_how_many_and_what_its_mean_is_over():
    from adjutant.cli.simulate import TABLE_NOTE, _print_table
    tally = Tally()
    for lost in (2, None, 2, None, None):
        tally.add_run([Quantity("SP lost", lost, of="Walker")] if lost else [])
    walker, = tally.summaries()
    assert (walker.runs, walker.of_runs, walker.mean) == (2, 5, 2)
    assert walker.as_json()["runs"] == 2 and walker.as_json()["of_runs"] == 5
    from adjutant.cli import tables
    with tables.console.capture() as captured:
        _print_table("t", tally.summaries())
    text = captured.get()
    assert "│ 2 of 5 │" in text and TABLE_NOTE in text.replace("\n", " ")


def test_bad_procedures_and_parameters_are_refused_before_any_run(demo):
    for args, message in ((("litn.nosuch",), "has no procedure 'nosuch'"),
                          (("litn.command", "side=Nobody"), "parameter 'side' must be one of Union, Confederate"),
                          (("litn.command", "side=Union", "turn=five"), "parameter 'turn' wants int"),
                          (("litn.command", "side=Union", "colour=red"), "colour"),
                          (("litn.command", "side=Union", "--runs", "0"), "--runs must be 1 or more")):
        words = [args[0], *FILES, *args[1:]]
        if "--runs" not in words:
            words += ["--runs", "5"]
        done = adjutant_cli("simulate", *words, cwd=demo)
        assert done.returncode == 2, (args, done.stderr)
        assert message in done.stderr and "Traceback" not in done.stderr


def test_a_run_that_fails_is_named_with_its_seed_and_the_procedures_own_message(demo):
    done = adjutant_cli("simulate", "litn.command", *FILES, "side=Confederate", "sender=1924:Nobody", "--runs", 400,
                        "--seed", 3, "--jobs", 2, cwd=demo)
    assert done.returncode == 2
    seed = run_seed(3, 0)
    assert done.stderr.startswith(f"adjutant: litn-demo.vsav: run 0 failed (seed {seed}: `adjutant run` with --seed "
                                  f"{seed} makes it again): sender=1924:Nobody: Nobody cannot broadcast")
    assert "Error" not in done.stderr and "runs 0-" not in done.stderr
    again = adjutant_cli("run", "litn.command", *FILES, "side=Confederate", "sender=1924:Nobody", "--seed", seed,
                         cwd=demo)
    assert again.returncode == 2 and "Nobody cannot broadcast" in again.stderr


def test_a_procedure_that_declares_no_quantity_is_refused_before_any_file_is_read(demo):
    done = adjutant_cli("simulate", "litn.turn", *FILES, "--runs", 100000, "--module", "missing.vmod", cwd=demo)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("adjutant: litn.turn declares no quantity (`adjutant plugins` lists what each procedure "
                           "reports): there is nothing to simulate\n")


def test_a_procedure_that_reports_no_quantity_is_refused_after_its_first_runs(demo, tmp_path):
    plugin = tmp_path / "silent.py"
    plugin.write_text(
        "from adjutant.plugin import Plugin\n"
        "from adjutant.procedures.report import Report\n"
        "plugin = Plugin('silent', 'says nothing countable')\n"
        "@plugin.procedure('say', 'says', quantities=('n',))\n"
        "def say(context):\n"
        "    context.rolls.d6('nothing')\n"
        "    return Report('say')\n")
    done = adjutant_cli("simulate", "silent.say", *FILES, "--runs", 100000, "--jobs", 1, "--plugin", plugin, cwd=demo)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("adjutant: silent.say marked none of its quantities (n) in its first 20 runs: nothing in "
                           "this position called for them, so there is nothing to simulate; `adjutant run` on the "
                           "same game shows what the procedure found\n")


def test_who_chooses_the_first_player_is_counted_1_or_0_for_each_side(demo):
    data = simulated(demo, "--runs", 60, "--seed", 3, "--jobs", 1, procedure="litn.initiative", side=None)
    by_side = {q["of"]: q for q in data["quantities"]}
    assert set(by_side) == {"Confederate", "Union"}
    for q in by_side.values():
        assert q["name"] == "chooses the first player" and q["runs"] == 60
        assert {value for value, _ in q["distribution"]} == {0, 1}
    # 5: the Confederate roller chooses on 1-5; exactly one side chooses in each run
    assert dict(by_side["Confederate"]["distribution"])[1] == dict(by_side["Union"]["distribution"])[0]
    assert dict(by_side["Confederate"]["distribution"])[1] > 30


def test_a_parameter_given_twice_is_refused_by_run_and_simulate(demo):
    for command, more in (("simulate", ("--runs", 5)), ("run", ())):
        done = adjutant_cli(command, "litn.command", *FILES, "side=Confederate", "side=Union", *more, cwd=demo)
        assert done.returncode == 2, command
        assert "parameter 'side' is given twice (side=Confederate and side=Union): give it once" in done.stderr


def test_a_required_side_or_attacker_is_refused_before_any_run(demo):
    for procedure, words, name in (("litn.battle", ("hex=1622",), "attacker"), ("litn.command", (), "side"),
                                   ("litn.reaction", ("side=Confederate",), "hex")):

        done = adjutant_cli("simulate", procedure, *FILES, *words, "--runs", 5, "--module", "missing.vmod", cwd=demo)
        assert done.returncode == 2 and f"needs parameter {name!r}" in done.stderr, (procedure, done.stderr)


def test_the_picture_folder_is_checked_before_any_run(demo):
    for picture, message in (("no/such/x.png", "there is no folder no/such"),
                             ("litn-demo.vsav/x.png", "there is no folder litn-demo.vsav")):
        done = adjutant_cli("simulate", "litn.command", *FILES, "side=Confederate", "--runs", 100000, "--picture",
                            picture, "--module", "missing.vmod", cwd=demo)
        assert done.returncode == 2 and f"--picture {picture}: {message}" in done.stderr


def test_a_procedures_output_parameter_is_refused(demo, tmp_path):
    plugin = tmp_path / "drawing.py"
    plugin.write_text(
        "from adjutant.plugin import Plugin, Parameter\n"
        "from adjutant.procedures.report import Quantity, Report\n"
        "plugin = Plugin('drawing', 'draws')\n"
        "@plugin.procedure('draw', 'draws', Parameter('picture', str, 'a new file', '', output=True), "
        "quantities=('n',))\n"

        "def draw(context, picture=''):\n"
        "    open(picture, 'x').close() if picture else None\n"
        "    report = Report('draw')\n"
        "    report.section('s').add('one', quantity=Quantity('n', 1))\n"
        "    return report\n")
    done = adjutant_cli("simulate", "drawing.draw", *FILES, "picture=drawn.png", "--runs", 3, "--plugin", plugin,
                        cwd=demo)
    assert done.returncode == 2 and not (demo / "drawn.png").exists()
    assert done.stderr == ("adjutant: drawing.draw: picture= writes a file, and simulate writes nothing but "
                           "--picture's histograms: leave picture= out\n")
    assert simulated(demo, "--runs", 3, "--plugin", plugin, procedure="drawing.draw", side=None)["runs"] == 3


def test_every_parameter_that_names_a_file_to_write_is_marked_as_output():
    from adjutant.plugin_host import load_plugins
    for plugin in load_plugins().values():
        for task in plugin.procedures():
            for p in task.parameters:
                names_a_file = p.name in ("picture", "out", "output", "file") or "new ." in p.help
                assert p.output == names_a_file, f"{plugin.name}.{task.name} {p.name}="


def test_the_game_is_untouched_and_only_the_picture_asked_for_is_written(demo):
    before = {p.name: p.read_bytes() for p in demo.iterdir()}
    out = simulate(demo, "--runs", 20, "--seed", 1, "--jobs", 2, "--picture", "cp.png").stdout
    assert "wrote cp.png" in out
    after = {p.name: p.read_bytes() for p in demo.iterdir()}
    assert after.pop("cp.png").startswith(b"\x89PNG\r\n\x1a\n")
    assert after == before
    again = adjutant_cli("simulate", "litn.command", *FILES, "side=Confederate", "--runs", 2, "--picture", "cp.png",
                         cwd=demo)
    assert again.returncode == 2 and "never writes over a file" in again.stderr


def test_a_copy_of_a_game_changes_apart_from_it(litn_demo):
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    copy = game.copy()
    hood = next(p for p in copy.pieces if p.name == "Hood")
    x = hood.x
    copy.move_piece(hood.id, hood.map, x + 300, hood.y)
    assert game.piece(hood.id).x == x and copy.piece(hood.id).x == x + 300
    assert copy.change_count == 1 and game.change_count == 0
    assert copy.save_text() != game.save_text() and game.copy().save_text() == game.save_text()


def test_a_copied_log_steps_back_and_forth_as_the_log_does(litn_demo, tmp_path):
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    for name in ("Hood", "Walker"):
        piece = next(p for p in game.pieces if p.name == name)
        game.move_piece(piece.id, piece.map, piece.x + 200, piece.y)
    game.save_log(str(tmp_path / "moves.vlog"))
    log = adjutant.open_game(str(tmp_path / "moves.vlog"), module)
    copy = log.copy()
    del log   # the copy's steps are its own
    assert copy.position == copy.step_count == 2
    copy.seek(0)
    assert copy.save_text() == adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module).save_text()
    copy.seek(2)
    assert copy.save_text() == game.save_text()


def test_quantities_of_one_run_add_up_and_tallies_merge_in_any_split():
    runs = [[Quantity("SP lost", 1, of="Hood"), Quantity("SP lost", 2, of="Hood"), Quantity("VP", Fraction(1, 2))],
            [Quantity("SP lost", 0, of="Hood")],
            [Quantity("SP lost", 3, of="Hood"), Quantity("VP", 1)]]
    whole = Tally()
    for quantities in runs:
        whole.add_run(quantities)
    first, rest = Tally(), Tally()
    first.add_run(runs[0])
    for quantities in runs[1:]:
        rest.add_run(quantities)
    merged = first.merge(rest)
    assert [s.as_json() for s in merged.summaries()] == [s.as_json() for s in whole.summaries()]
    hood, vp = whole.summaries()
    assert hood.counts == {0: 1, 3: 2} and hood.runs == 3 and hood.mean == 2
    assert (hood.quantile(0.25), hood.quantile(0.5), hood.quantile(0.75)) == (0, 3, 3)   # nearest rank: 1, 2, 3
    assert vp.runs == 2 and vp.as_json()["distribution"] == [["1/2", 1], [1, 1]]


def test_a_quantity_is_a_named_number():
    with pytest.raises(TypeError):
        Report("t").section("s").add("a line", quantity="MP")
    with pytest.raises(TypeError):
        Quantity("MP", "6")
    report = Report("t")
    report.section("s").add("6 MP", quantity=Quantity("MA", Fraction(13, 2), of="Hood"))
    report.section("s").add("two", quantity=[Quantity("MA", 1, of="A"), Quantity("MA", 2, of="B")])
    again = Report.from_json(report.json_text())
    assert again.quantities() == report.quantities()
    assert report.as_json()["sections"][0]["lines"][0]["quantity"] == {"name": "MA", "value": "13/2", "of": "Hood"}
    whole = Quantity("MP spent", Fraction(6, 2), of="Hood")
    assert whole.as_json() == {"name": "MP spent", "value": 3, "of": "Hood"} and Quantity.from_json(whole.as_json()) == whole


PLUGINS = load_plugins()
SIMULABLE = [(p.name, t.name) for p in PLUGINS.values() if p.demonstration for t in p.procedures() if t.example]


@pytest.fixture(scope="module")
def demo_folders(tmp_path_factory):
    """Each plugin's demo folder, its demo run once: {plugin: folder}."""
    from rich.console import Console
    folders = {}
    for name in sorted({plugin for plugin, _ in SIMULABLE}):
        folder = tmp_path_factory.mktemp(f"demo-{name}")
        PLUGINS[name].demonstration.run(folder, Console(quiet=True))
        folders[name] = folder
    return folders


def files_in(folder):
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*")}


@pytest.mark.parametrize("plugin_name, name", SIMULABLE)
def test_simulating_a_procedure_on_its_demo_writes_nothing(demo_folders, plugin_name, name, monkeypatch, capsys):
    from adjutant.cli import main
    plugin, task = PLUGINS[plugin_name], PLUGINS[plugin_name].tasks[name]
    folder, d = demo_folders[plugin_name], plugin.demonstration
    monkeypatch.chdir(folder)   # a file written by a relative name lands here
    game, parameters = task.example_game()
    args = ["simulate", f"{plugin_name}.{name}", game, "--module", d.module, "--companion", d.companion,
            "--runs", 3, "--seed", 1, "--jobs", 1, "--json", *([f"--charts={d.charts}"] if d.charts else []),
            *(f"{k}={v}" for k, v in parameters.items())]
    before = files_in(folder)
    try:
        status = main([str(a) for a in args])
    except SystemExit as e:
        status = e.code
    out, err = capsys.readouterr()
    if not task.quantities:
        assert status == 2 and "declares no quantity" in err, err
    elif status == 0:
        assert {q["name"] for q in json.loads(out)["quantities"]} <= set(task.quantities)
    else:
        assert "marked none of its quantities" in err, err
    assert files_in(folder) == before

