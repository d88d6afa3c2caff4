"""The `adjutant` command as users run it: installed on PATH, from any directory."""
import json
import shutil
import subprocess
import sys
import zipfile


def adjutant(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "adjutant", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd)


def test_the_command_is_installed_on_path(tmp_path):
    command = shutil.which("adjutant")
    assert command, "pip install puts `adjutant` on PATH"
    result = subprocess.run([command, "--help"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0
    assert "inspect" in result.stdout and "examples:" in result.stdout


def test_inspect_a_module_as_json(sample_module, tmp_path):
    result = adjutant("inspect", sample_module, "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["name"] == "Adjutant Sample"
    (board,) = summary["maps"][0]["boards"]
    assert board["grid"]["kind"] == "hex" and board["grid"]["y0"] == 32
    assert summary["counts"]["piece_slots"] == 3
    assert summary["counts"]["setup_stacks"] == 1
    assert summary["traits"]["BasicPiece"] >= 3


def test_inspect_a_module_as_tables(sample_module):
    result = adjutant("inspect", sample_module)
    assert result.returncode == 0, result.stderr
    assert "Main Map" in result.stdout and "Sample Board" in result.stdout and "hex" in result.stdout


def test_inspect_a_save_leaves_out_player_passwords(hand_made_save):
    result = adjutant("inspect", hand_made_save, "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["kind"] == "save"
    assert summary["pieces_per_map"] == {"Main Map": 2}
    assert summary["players"] == [{"name": "Joel", "side": "Union"}]
    assert "secret-password" not in result.stdout
    assert summary["global_properties"] == [{"container": "Module", "name": "Turn", "value": "3"}]


def test_inspect_a_log_with_its_module(tld_log, corpus):
    module = corpus / "uckelman+tld-mod"
    result = adjutant("inspect", tld_log, "--module", module, "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["kind"] == "log" and summary["steps"] == 1091
    assert summary["module"] == "The Longest Day"
    assert sum(summary["step_kinds"].values()) == 1091
    assert summary["pieces_per_map"]["Normandy"] > 0


def test_a_broken_file_is_exit_status_1_with_the_file_named(tmp_path):
    path = tmp_path / "broken.vsav"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", "!VCSK2a1")
    result = adjutant("inspect", path)
    assert result.returncode == 1
    assert str(path) in result.stderr and "savedGame" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_wrong_command_line_is_exit_status_2(sample_module):
    assert adjutant("inspect").returncode == 2
    result = adjutant("inspect", sample_module, "--module", sample_module)
    assert result.returncode == 2 and "--module" in result.stderr


def test_names_from_files_are_printed_as_written(tmp_path):
    from conftest import SAVE_TEXT
    path = tmp_path / "brackets.sav"
    path.write_text(SAVE_TEXT.replace("Joel", "[red]Joel[/red]"), encoding="utf-8")
    result = adjutant("inspect", path)
    assert result.returncode == 0, result.stderr
    assert "[red]Joel[/red] (Union)" in result.stdout
