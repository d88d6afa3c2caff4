"""What a user trips on first: one step numbering (from 1, as VASSAL's step-through counts), readable
warnings and step effects, MP as players write them, tables that are not wrapped when piped, the
module version where VASSAL writes it, zone properties under their zone, and what a check needs."""
import json

import adjutant
from adjutant.rules.moves import log_moves
from adjutant.rules.mp import mp_text, parse_mp
from adjutant.sample_module import build_file
from conftest import REPO, json_lines, shared_missing
from test_check_moves import TLD_COMPANION, companion_with_allowance
from test_cli import adjutant as run_cli
from test_stacking import write_log, write_save

SAMPLE_TERRAIN = REPO / "docs" / "examples" / "sample-terrain.toml"


def test_steps_count_from_one_in_the_api_and_the_command_line(tld):
    module_path, logs = tld
    module = adjutant.open_module(str(module_path))
    game = adjutant.open_game(str(logs[0]), module)
    result = run_cli("check", "moves", logs[0], "--module", module_path, "--companion", TLD_COMPANION, "--json")
    (record,) = json_lines(result.stdout)
    first = record["moves"][0]
    game.seek(first["step"] - 1)
    effect = game.step_forward()
    assert effect.step == first["step"] == game.position
    assert {p.name for p in effect.pieces if p.moved} >= set(first["pieces"])
    assert next(m for m, _ in log_moves(game) if m.names == tuple(first["pieces"])).step == first["step"]
    warning = game.warnings[0]
    assert str(warning) == f"{warning.position}: {warning.message}" and warning.position.startswith("step ")
    assert repr(warning) == f"<GameWarning {warning}>"
    assert repr(effect) == f"<StepEffect step {effect.step}>"


def test_mp_are_written_and_read_as_players_write_them():
    assert [mp_text(parse_mp(t)) for t in ("6", "6 1/2", "13/2", "6.5", "1/2", "-1 1/2")] == \
        ["6", "6 1/2", "6 1/2", "6 1/2", "1/2", "-1 1/2"]


def test_check_moves_prints_and_reads_mixed_numbers_and_never_wraps_a_row(tld, tmp_path):
    module, logs = tld
    slow = companion_with_allowance(tmp_path / "tld-slow.toml", "1 1/2")
    common = ("check", "moves", logs[0], "--module", module, "--companion", slow, "--violations")
    (record,) = json_lines(run_cli(*common, "--json").stdout)
    illegal = record["moves"]
    assert illegal and all(m["allowance"] == "1 1/2" for m in illegal)
    assert all(mp_text(parse_mp(m["cost"])) == m["cost"] and parse_mp(m["cost"]) > parse_mp("1 1/2") for m in illegal)
    table = run_cli(*common)  # standard output is a pipe here: no row is wrapped
    assert table.returncode == 1
    rows = [line for line in table.stdout.splitlines() if "over the allowance of 1 1/2" in line]
    assert len(rows) == len(illegal)
    for row in rows:  # step, pieces, from, to, hexes, MP, allowance, verdict
        mp, allowance = [cell.strip() for cell in row.split("│")[1:-1]][5:7]
        assert mp_text(parse_mp(mp)) == mp and allowance == "1 1/2", row


def test_inspect_names_the_module_and_version_that_wrote_a_save(sample_module, tmp_path):
    save = adjutant.NewSave()
    save.add_piece("1", [("piece;;;a.png;Alpha", "Main Map;100;200;;0")])
    save.write(str(tmp_path / "t.vsav"), adjutant.module_metadata(build_file().replace('version="1.0"',
                                                                                         'version="2.5"')))
    game = adjutant.open_game(str(tmp_path / "t.vsav"))
    assert game.moduledata == {"name": "Adjutant Sample", "version": "2.5", "vassal_version": "3.7.12"}
    result = run_cli("inspect", tmp_path / "t.vsav")
    assert "Written by module 'Adjutant Sample' version 2.5 with VASSAL 3.7.12" in result.stdout
    summary = json.loads(run_cli("inspect", tmp_path / "t.vsav", "--json").stdout)
    assert summary["saved_with"] == {"module": "Adjutant Sample", "version": "2.5", "vassal_version": "3.7.12"}


def test_a_zone_property_is_kept_under_its_zone(corpus):
    log = corpus / "riverwanderer+ccnapoleonics" / "dist" / "CCNv4 Tutorial.vlog"
    if not log.is_file():
        shared_missing(f"{log} not in the corpus")
    game = adjutant.open_game(str(log))
    assert ("Main Map:Allies", "ArmyIndexValue") in game.global_properties
    assert not [name for _, name in game.global_properties if "\t" in name]


def test_check_moves_on_a_save_says_it_needs_before(sample_module, tmp_path):
    module = adjutant.open_module(str(sample_module))
    save = write_save(module, tmp_path / "turn3.sav", [("A", "Alpha", "Union", "0503")])
    result = run_cli("check", "moves", save, "--module", sample_module, "--companion", SAMPLE_TERRAIN)
    assert result.returncode == 2
    assert f"{save}: a save holds no moves" in result.stderr and "--before SAVE" in result.stderr
    log = write_log(module, tmp_path / "turn3.vlog", [("A", "Alpha", "Union", "0503")], [("A", "0504")])
    assert run_cli("check", "moves", log, "--module", sample_module, "--companion", SAMPLE_TERRAIN).returncode == 0
