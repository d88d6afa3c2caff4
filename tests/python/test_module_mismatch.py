"""A save or log opened with another module than the one that wrote it (its moduledata names the
module): a warning in Python (adjutant.ModuleMismatchWarning) and on the command line, refused with
--strict."""
import json
import warnings

import pytest

import adjutant
from adjutant.sample_module import build_file
from conftest import REPO
from test_cli import adjutant as run_cli


def _save(path, module_name):
    save = adjutant.NewSave()
    save.add_piece("1", [("piece;;;a.png;Alpha", "Main Map;100;200;;0")])
    save.write(str(path), adjutant.module_metadata(build_file().replace('name="Adjutant Sample"',
                                                                        f'name="{module_name}"')))
    return path


def test_open_game_warns_when_the_save_names_another_module(sample_module, tmp_path):
    module = adjutant.open_module(str(sample_module))
    other = _save(tmp_path / "other.vsav", "Another Game")
    with pytest.warns(adjutant.ModuleMismatchWarning, match="written by module 'Another Game' 1.0, not by "
                                                            "'Adjutant Sample'") as caught:
        game = adjutant.open_game(other, module)
    assert str(other) in str(caught[0].message)
    assert game.moduledata["name"] == "Another Game"
    with warnings.catch_warnings():
        warnings.simplefilter("error", adjutant.ModuleMismatchWarning)
        adjutant.open_game(_save(tmp_path / "own.vsav", "Adjutant Sample"), module)
        adjutant.open_game(other)  # without a module there is nothing to compare


def test_the_command_line_warns_and_refuses_with_strict(sample_module, tmp_path):
    other = _save(tmp_path / "other.vsav", "Another Game")
    warned = run_cli("inspect", other, "--module", sample_module, "--json")
    assert warned.returncode == 0, warned.stderr
    assert "warning:" in warned.stderr and "'Another Game'" in warned.stderr and "--strict" in warned.stderr
    assert json.loads(warned.stdout)["pieces"] == 1
    refused = run_cli("inspect", other, "--module", sample_module, "--strict")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(f"adjutant: {other}: written by module 'Another Game'")
    assert refused.stderr.count("\n") == 1
    quiet = run_cli("inspect", other, "--module", sample_module, "-q")
    assert quiet.returncode == 0 and quiet.stderr == ""
    for command in (["check", "setup", other, "--module", sample_module, "--companion",
                     REPO / "docs" / "examples" / "sample-terrain.toml"],
                    ["where", sample_module, "--game", other, "100", "200"]):
        result = run_cli(*command, "--strict")
        assert result.returncode == 2 and "written by module 'Another Game'" in result.stderr, command
