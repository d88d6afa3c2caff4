"""`check moves|setup` over folders: sub-folders read too, a file that cannot be read or a damaged
game fails (exit 2) as it does when named, files that are plainly not games only counted (named with
--verbose and in --json); `check setup` notes the pieces on maps it cannot judge."""
import os

import adjutant
from conftest import json_lines
from test_batches import SAMPLE_TERRAIN, UNITS
from test_check_parallel import TLD_COMPANION, summary_line
from test_cli import adjutant as run_cli
from test_stacking import write_log


def _season(sample_module, folder):
    """A season's folder: a log a week down, a text, a picture, a dangling link, a truncated log, an
    empty log, and (when the tests do not run as root, who reads anything) a log nobody may read."""
    module = adjutant.open_module(str(sample_module))
    (folder / "week1").mkdir(parents=True)
    log = write_log(module, folder / "week1" / "a.vlog", UNITS, [("A", "0504")])
    for leftover in folder.rglob("*.sav"):
        leftover.unlink()
    (folder / "notes.txt").write_text("turn 3 was long", encoding="utf-8")
    (folder / "map.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    os.symlink(folder / "gone.vlog", folder / "dangling.vlog")
    (folder / "truncated.vlog").write_bytes(log.read_bytes()[:300])
    (folder / "empty.vlog").write_bytes(b"")
    failing = ["dangling.vlog", "empty.vlog", "truncated.vlog"]
    if os.geteuid() != 0:
        unreadable = folder / "unreadable.vlog"
        unreadable.write_bytes(log.read_bytes())
        unreadable.chmod(0)
        failing.append("unreadable.vlog")
    return failing


def test_a_folder_fails_what_cannot_be_read_recurses_and_counts_what_is_not_a_game(sample_module, tmp_path):
    folder = tmp_path / "season"
    failing = _season(sample_module, folder)
    common = ("--module", sample_module, "--companion", SAMPLE_TERRAIN)
    text = run_cli("check", "moves", folder, *common)
    assert text.returncode == 2, text.stderr
    assert "Traceback" not in text.stderr
    assert f"{folder / 'week1' / 'a.vlog'}: 1 moves, 0 illegal" in text.stdout
    errors = [line for line in text.stderr.splitlines() if "files/s" not in line and "skipped" not in line]
    assert [e.split(": ")[1] for e in errors] == [str(folder / name) for name in failing]
    assert "adjutant: skipped 2 files in folders: not a VASSAL save or log (--verbose names them)" in text.stderr
    assert "notes.txt" not in text.stderr
    assert summary_line(text.stderr).startswith(f"adjutant: {1 + len(failing)} games, 1 moves, 0 illegal, "
                                                f"{len(failing)} failed, 2 skipped;")
    for name in failing:  # the same verdict named alone
        alone = run_cli("check", "moves", folder / name, *common)
        assert alone.returncode == 2 and alone.stderr.strip() in errors

    verbose = run_cli("check", "moves", folder, *common, "--verbose")
    assert f"adjutant: skipped {folder / 'notes.txt'}: not a VASSAL save or log" in verbose.stderr
    assert "in folders" not in verbose.stderr
    records = json_lines(run_cli("check", "moves", folder, *common, "--json").stdout)
    assert [r["game"] for r in records] == [str(folder / n) for n in sorted(
        failing + ["map.png", "notes.txt"]) + [os.path.join("week1", "a.vlog")]]
    assert {r["game"] for r in records if "skipped" in r} == {str(folder / "map.png"), str(folder / "notes.txt")}


def test_a_named_text_file_is_still_reported(sample_module, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("turn 3 was long", encoding="utf-8")
    result = run_cli("check", "moves", notes, "--module", sample_module, "--companion", SAMPLE_TERRAIN)
    assert result.returncode == 2 and f"{notes}: not a VASSAL save or log" in result.stderr


def test_a_single_game_prints_no_summary(sample_module, tmp_path):
    module = adjutant.open_module(str(sample_module))
    log = write_log(module, tmp_path / "a.vlog", UNITS, [("A", "0504")])
    result = run_cli("check", "moves", log, "--module", sample_module, "--companion", SAMPLE_TERRAIN)
    assert result.returncode == 0 and result.stderr == ""


def test_check_setup_notes_the_maps_it_cannot_judge_instead_of_failing(tld):
    module, logs = tld
    result = run_cli("check", "setup", logs[0], "--module", module, "--companion", TLD_COMPANION, "--json")
    assert result.returncode in (0, 1), result.stderr
    (record,) = json_lines(result.stdout)
    assert set(record) == {"source", "checked", "findings", "notes"}
    assert any("map 'German Remnants', which the module does not have: not checked" in n for n in record["notes"])


def test_a_predefined_set_up_kept_in_a_sub_folder_of_the_module_is_told_where(tld):
    module, _ = tld
    result = run_cli("check", "setup", module, "--companion", TLD_COMPANION, "--json")
    (record,) = json_lines(result.stdout)
    (campaign,) = [f for f in record["findings"] if f["source"] == "set-up 'Campaign Game'"]
    assert "the folder holds scenarios/campaign.sav" in campaign["problem"]
    assert "copy the file to the folder's top" in campaign["problem"]
