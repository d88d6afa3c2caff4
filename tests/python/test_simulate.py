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
    done = adjutant_cli("simulate", procedure, *FILES, f"side={side}", *args, cwd=demo)
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
    assert "%" in row   # a few values: their frequencies


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


def test_a_run_that_fails_names_its_runs_and_stops(demo):
    done = adjutant_cli("simulate", "litn.command", *FILES, "side=Confederate", "sender=1924:Nobody", "--runs", 4,
                        "--jobs", 1, cwd=demo)
    assert done.returncode == 2
    assert "litn-demo.vsav: runs 0-" in done.stderr and "Nobody" in done.stderr


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
