"""What a user gets wrong is refused before anything is written, in one line: rolls given at the
table that match no roll or cannot be, locations off the map, a companion file without the
[movement] a move check needs, a file that is no JSON report."""
from conftest import REPO
from test_cli import adjutant

CHARTS = REPO / "plugins" / "litn" / "demo" / "charts.toml"


def run_command(demo, tmp_path, *rolls):
    out = tmp_path / "out.vsav"
    args = ["run", "litn.command", demo.dir / "litn-demo.vsav", "--module", demo.module, "--companion", demo.companion,
            "--charts", CHARTS, "side=Confederate", "--seed", "3", "-o", out]
    for roll in rolls:
        args += ["--roll", roll]
    return adjutant(*args), out


def test_a_given_roll_that_matches_no_roll_stops_the_run_and_writes_nothing(litn_demo, tmp_path):
    done, out = run_command(litn_demo, tmp_path, "R.E.Lee CP=2")   # the purpose is "R.E. Lee CP"
    assert done.returncode == 2 and not out.exists()
    assert "the given roll 'R.E.Lee CP=2' matches no roll of litn.command" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_given_roll_the_dice_cannot_make_is_refused(litn_demo, tmp_path):
    done, out = run_command(litn_demo, tmp_path, "R.E. Lee CP=9")
    assert done.returncode == 2 and not out.exists()
    assert "R.E. Lee CP=9 cannot be: d6 gives 1 to 6" in done.stderr


def test_a_location_off_the_map_is_no_location(litn_demo):
    done = adjutant("hex", litn_demo.module, "9999")
    assert done.returncode == 2 and "no location '9999' on map 'Main Map'" in done.stderr
    assert adjutant("hex", litn_demo.module, "1622").returncode == 0


def test_a_procedure_refuses_a_hex_the_map_has_not(litn_demo):
    done = adjutant("run", "litn.force-march", litn_demo.dir / "litn-demo.vsav", "--module", litn_demo.module,
                    "--companion", litn_demo.companion, "--charts", CHARTS, "side=Confederate", "hex=9999")
    assert done.returncode == 2 and "no hex '9999' on the map" in done.stderr


def test_a_move_check_without_movement_rules_is_an_error_not_a_pass(litn_demo, tmp_path):
    text = litn_demo.companion.read_text(encoding="utf-8")
    bare = tmp_path / "terrain-only.toml"
    bare.write_text(text[:text.index("[movement]")], encoding="utf-8")
    save = litn_demo.dir / "litn-demo.vsav"
    done = adjutant("check", "moves", save, "--before", save, "--module", litn_demo.module, "--companion", bare)
    assert done.returncode == 2 and "has no [movement] section" in done.stderr


def test_a_file_that_is_no_json_report_is_named(litn_demo, tmp_path):
    done = adjutant("render", "report", litn_demo.dir / "litn-demo.vsav", litn_demo.module, "-o", tmp_path / "r.png")
    assert done.returncode == 2 and "not a JSON report" in done.stderr and "codec" not in done.stderr
