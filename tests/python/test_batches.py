"""`check moves` and `check setup` over several games or folders: each game judged on its own, a bad
one reported on its own line while the others go on, JSON Lines in the order given, files read by
content (a log without an extension is a log, a text file is skipped and listed)."""
import zipfile

import adjutant
from conftest import REPO, json_lines
from test_cli import adjutant as run_cli
from test_stacking import write_log, write_save

SAMPLE_TERRAIN = REPO / "docs" / "examples" / "sample-terrain.toml"
UNITS = [("A", "Alpha", "Union", "0503"), ("R", "Reb", "Confederate", "1510")]


def _broken(path):
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", "!VCSK2Azz")  # not hex: an ObfuscationError
    return path


def _folder(sample_module, folder):
    module = adjutant.open_module(str(sample_module))
    folder.mkdir()
    write_log(module, folder / "1-legal.vlog", UNITS, [("A", "0504")])
    _broken(folder / "2-broken.vsav")
    (folder / "3-notes.txt").write_text("what we said about turn 3", encoding="utf-8")
    extensionless = write_log(module, folder / "4-far.vlog", UNITS, [("A", "1510")])  # into the enemy: illegal
    extensionless.rename(folder / "4-far")
    for leftover in folder.glob("*.sav"):  # the saves the logs were made from
        leftover.unlink()
    return folder


def test_a_folder_goes_on_past_a_broken_game_and_streams_json_lines(sample_module, tmp_path):
    folder = _folder(sample_module, tmp_path / "games")
    result = run_cli("check", "moves", folder, "--module", sample_module, "--companion", SAMPLE_TERRAIN, "--json")
    assert result.returncode == 2, result.stderr  # a game failed, though another has an illegal move
    assert "Traceback" not in result.stderr
    records = json_lines(result.stdout)
    assert [r["game"] for r in records] == [str(folder / n) for n in ("1-legal.vlog", "2-broken.vsav", "3-notes.txt",
                                                                      "4-far")]
    legal, broken, notes, far = records
    assert [m["legal"] for m in legal["moves"]] == [True]
    assert "2-broken.vsav" in broken["error"] and set(broken) == {"game", "error"}
    assert notes == {"game": str(folder / "3-notes.txt"), "skipped": "not a VASSAL save or log"}
    assert [m["legal"] for m in far["moves"]] == [False]
    errors = [line for line in result.stderr.splitlines() if "2-broken.vsav" in line]
    assert len(errors) == 1


def test_the_exit_status_is_the_worst_of_the_games(sample_module, tmp_path):
    folder = _folder(sample_module, tmp_path / "games")
    common = ("--module", sample_module, "--companion", SAMPLE_TERRAIN)
    assert run_cli("check", "moves", folder / "1-legal.vlog", *common).returncode == 0
    assert run_cli("check", "moves", folder / "1-legal.vlog", folder / "4-far", *common).returncode == 1
    text = run_cli("check", "moves", folder / "2-broken.vsav", folder / "1-legal.vlog", *common)
    assert text.returncode == 2
    assert "1-legal.vlog: 1 moves, 0 illegal" in text.stdout  # the game after the broken one was judged


def test_check_setup_judges_several_saves_and_goes_on(sample_module, tmp_path):
    module = adjutant.open_module(str(sample_module))
    good = write_save(module, tmp_path / "good.sav", UNITS)
    crowded = write_save(module, tmp_path / "crowded.sav", [(str(i), f"U{i}", "Union", "0503") for i in range(3)])
    broken = _broken(tmp_path / "broken.vsav")
    result = run_cli("check", "setup", good, broken, crowded, "--module", sample_module,
                     "--companion", SAMPLE_TERRAIN, "--json")
    assert result.returncode == 2, result.stderr
    good_r, broken_r, crowded_r = json_lines(result.stdout)
    assert (good_r["source"], good_r["findings"]) == (str(good), [])
    assert str(broken) in broken_r["error"]
    assert crowded_r["findings"] and "stacking" in crowded_r["findings"][0]["problem"]
    without_broken = run_cli("check", "setup", good, crowded, "--module", sample_module,
                             "--companion", SAMPLE_TERRAIN)
    assert without_broken.returncode == 1
