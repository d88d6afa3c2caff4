"""The `adjutant` command as users run it: installed on PATH, from any directory."""
import argparse
import io
import json
import shutil
import subprocess
import sys
import zipfile

import pytest

from adjutant import open_module
from adjutant.cli import build_parser
from adjutant.cli.usage import progress
from conftest import REPO, shared_missing


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


def test_inspect_a_module_whose_board_sizes_are_unknown_warns_per_map(corpus):
    # FOF2's buildFile comes without its images, and its grids are numbered from the far edge: the
    # names of its hexes cannot be known, but the module can still be described.
    build_file = corpus / "tomo9878+FOF2" / "buildFile.xml"
    if not build_file.is_file():
        shared_missing(f"{build_file} not in the corpus")
    result = adjutant("inspect", build_file, "--json")
    assert result.returncode == 0, result.stderr
    maps = {m["name"]: m for m in json.loads(result.stdout)["maps"]}
    assert "its size is unknown" in maps["Main Map"]["problem"]
    assert {b["laid_out"] for b in maps["Main Map"]["boards"]} == {None}
    tables = adjutant("inspect", build_file)
    assert tables.returncode == 0 and "warning: map 'Main Map': its layout is unknown" in tables.stdout


def test_inspect_names_the_definitions_it_cannot_read_and_describes_the_rest(corpus):
    build_file = corpus / "jrvjrv+StateCounterExt" / "dist" / "buildFile"
    if not build_file.is_file():
        shared_missing(f"{build_file} not in the corpus")
    result = adjutant("inspect", build_file, "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["kind"] == "extension" and len(summary["unreadable"]) == 2
    assert all("line 1" in u and "a command encoder of the module's own code" in u for u in summary["unreadable"])


def test_inspect_a_log_with_its_module(tld_log, corpus):
    module = corpus / "uckelman+tld-mod"
    result = adjutant("inspect", tld_log, "--module", module, "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["kind"] == "log" and summary["steps"] == 1091
    assert summary["module"] == "The Longest Day"
    assert sum(summary["step_kinds"].values()) == 1091
    assert summary["pieces_per_map"]["Normandy"] > 0


def test_a_broken_file_is_exit_status_2_with_the_file_named(tmp_path):
    path = tmp_path / "broken.vsav"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", "!VCSK2a1")
    result = adjutant("inspect", path)
    assert result.returncode == 2
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


def test_where_prints_vassals_name_of_a_point(sample_module):
    result = adjutant("where", sample_module, "417", "256")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "0805\n"
    details = json.loads(adjutant("where", sample_module, "--map", "Main Map", "420", "250", "--json").stdout)
    assert details["location"] == "0805" and details["snapped"] == [417, 256]
    assert details["board"] == "Sample Board"
    assert adjutant("where", sample_module, "5000", "5000").stdout == "offboard\n"


def test_hex_prints_the_centre_of_a_location(sample_module):
    result = adjutant("hex", sample_module, "0805")
    assert result.returncode == 0, result.stderr
    x, y = map(int, result.stdout.split())
    assert adjutant("where", sample_module, x, y).stdout == "0805\n"


def test_an_unknown_location_or_map_is_refused_with_the_names(sample_module):
    result = adjutant("hex", sample_module, "Q9")
    assert result.returncode == 2
    assert "no location 'Q9' on map 'Main Map'" in result.stderr
    result = adjutant("where", sample_module, "--map", "Side Map", "1", "1")
    assert result.returncode == 2
    assert "no map 'Side Map'; the maps are: 'Main Map'" in result.stderr


EXAMPLE_COMPANION = REPO / "docs" / "examples" / "sample-terrain.toml"


def test_terrain_check_validates_and_counts(sample_module):
    result = adjutant("terrain", "check", sample_module, EXAMPLE_COMPANION, "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["rules"] == "generic" and summary["module_matches"]
    (main_map,) = summary["maps"]
    assert dict(main_map["terrain"]) == {"clear": main_map["hexes"] - 7, "woods": 3, "town": 1, "ridge": 3}
    assert dict(main_map["hexside_features"]) == {"stream": 2, "bridge": 1, "slope": 1}
    tables = adjutant("terrain", "check", sample_module, EXAMPLE_COMPANION)
    assert tables.returncode == 0 and "is valid" in tables.stdout


def test_terrain_check_names_the_line_of_a_mistake(sample_module, tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text(EXAMPLE_COMPANION.read_text().replace('woods = "0304', 'wood = "0304'))
    result = adjutant("terrain", "check", sample_module, broken)
    assert result.returncode == 1
    assert f"{broken}, line " in result.stderr
    assert "unknown terrain type 'wood'" in result.stderr


def test_terrain_sample_writes_a_new_file_read_off_the_board(sample_module, tmp_path):
    companion = tmp_path / "terrain.toml"
    original = EXAMPLE_COMPANION.read_text().replace('woods = "0304 0305 0404"', 'woods = "0101"  # a mistake')
    companion.write_text(original)
    result = adjutant("terrain", "sample", sample_module, companion, "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    sampled = tmp_path / "terrain.sampled.toml"
    assert report["output"] == str(sampled)
    (main_map,) = report["maps"]
    assert dict(main_map["terrain"])["woods"] == 3 and main_map["unmatched_terrain"] == []
    assert companion.read_text() == original  # the input is never changed
    text = sampled.read_text()
    assert 'woods = "0304 0305 0404"  # a mistake' in text  # the list rewritten, its key and comment kept
    assert "[[map.line]]" in text and "# The board image's colours" in text  # the rest is kept
    check = json.loads(adjutant("terrain", "check", sample_module, sampled, "--json").stdout)
    assert dict(check["maps"][0]["terrain"]) == {"clear": main_map["hexes"] - 7, "woods": 3, "town": 1, "ridge": 3}
    again = adjutant("terrain", "sample", sample_module, companion)
    assert again.returncode == 2 and "refusing to overwrite" in again.stderr


def test_the_tld_companion_file_fits_the_corpus_module(corpus):
    module = corpus / "uckelman+tld-mod" / "buildFile"
    result = adjutant("terrain", "check", module, REPO / "docs" / "examples" / "tld-normandy.toml", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    (normandy,) = summary["maps"]
    assert normandy["name"] == "Normandy" and normandy["hexes"] > 5000
    assert dict(normandy["lines"]) == {"road": 2}
    assert summary["module_matches"]
    assert summary["notes"] == [n for n in summary["notes"] if "5400x5000 as given" in n] != []


# ---- manners every command shares: --help with examples, -q/--quiet, --json, exit statuses ----

def commands(parser, prefix=()):
    """(words, parser) for every command, group and action under PARSER, words as typed after `adjutant`."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*prefix, name), sub
                yield from commands(sub, (*prefix, name))


def leaves(parser):
    """The commands that run something: those without actions of their own."""
    return {words: sub for words, sub in commands(parser)
            if not any(isinstance(a, argparse._SubParsersAction) for a in sub._actions)}


def options(parser):
    return {o for action in parser._actions for o in action.option_strings}


def test_every_command_and_action_has_examples_in_its_help():
    parser = build_parser()
    found = dict(commands(parser))
    assert {("terrain", "check"), ("check", "setup"), ("trace",), ("where",), ("plugins",)} <= set(found)
    for words, sub in found.items():
        assert "examples:\n  adjutant " + " ".join(words) in sub.format_help(), words
        assert "Exit status" in sub.format_help(), words
    for words, sub in leaves(parser).items():
        assert {"-q", "--quiet"} <= options(sub), words
    assert "exit status: 0" in parser.format_help()


@pytest.fixture(scope="module")
def illegal_log(sample_module, tmp_path_factory):
    """A log of the sample module whose one move breaks the stacking limit."""
    from test_stacking import write_log
    module = open_module(str(sample_module))
    return write_log(module, tmp_path_factory.mktemp("illegal") / "stacking.vlog",
                     [("A", "Alpha", "Union", "0503"), ("B", "Bravo", "Union", "0504"), ("D", "Delta", "Union", "0504")],
                     [("A", "0504")])


def json_commands(sample_module, illegal_log, tmp_path):
    """A command line for every command with --json, on the sample module: {words: arguments}."""
    return {
        ("inspect",): [sample_module],
        ("where",): [sample_module, 417, 256],
        ("hex",): [sample_module, "0805"],
        ("terrain", "check"): [sample_module, EXAMPLE_COMPANION],
        ("terrain", "sample"): [sample_module, EXAMPLE_COMPANION, "-o", tmp_path / "sampled.toml"],
        ("check", "moves"): [illegal_log, "--module", sample_module, "--companion", EXAMPLE_COMPANION],
        ("check", "setup"): [sample_module, "--companion", EXAMPLE_COMPANION],
        ("los",): [sample_module, EXAMPLE_COMPANION, "0905", "1107"],
        ("trace",): ["loc", sample_module, EXAMPLE_COMPANION, "0502", "--to", "0806", "--lines", "road"],
        ("plugins",): [],
    }


# These work on the Lee Invades the North demo; their own tests read their JSON (test_litn.py ...).
ON_THE_DEMO = {"run", "simulate", "demo", "render"}


def test_every_command_that_prints_data_prints_json_that_parses(sample_module, illegal_log, tmp_path):
    lines = json_commands(sample_module, illegal_log, tmp_path)
    with_json = {words for words, sub in leaves(build_parser()).items() if "--json" in options(sub)}
    assert {w for w in with_json if w[0] not in ON_THE_DEMO} == set(lines), "a command with --json is not tried here"
    for words, arguments in lines.items():
        result = adjutant(*words, *arguments, "--json")
        assert result.returncode in (0, 1), (words, result.stderr)
        assert isinstance(json.loads(result.stdout), (dict, list)), words


def test_quiet_prints_nothing_but_keeps_the_exit_status_and_the_files(sample_module, illegal_log, tmp_path):
    sampled = tmp_path / "sampled.toml"

    def run(*args):
        sampled.unlink(missing_ok=True)  # terrain sample never writes over a file
        return adjutant(*args)
    for words, arguments in json_commands(sample_module, illegal_log, tmp_path).items():
        loud = run(*words, *arguments)
        assert loud.stdout, words
        for options in (["-q"], ["--quiet", "--json"]):
            quiet = run(*words, *arguments, *options)
            assert quiet.stdout == "" and quiet.stderr == "", (words, options, quiet.stderr)
            assert quiet.returncode == loud.returncode, words
    written = adjutant("terrain", "sample", sample_module, EXAMPLE_COMPANION, "-q", "-o", tmp_path / "quiet.toml")
    assert written.stdout == "" and (tmp_path / "quiet.toml").is_file()  # written all the same
    failed = adjutant("inspect", tmp_path / "missing.vsav", "-q")
    assert failed.returncode == 2 and "missing.vsav" in failed.stderr  # errors are still printed


def test_violations_are_exit_status_1(sample_module, illegal_log, tmp_path):
    moves = adjutant("check", "moves", illegal_log, "--module", sample_module, "--companion", EXAMPLE_COMPANION)
    assert moves.returncode == 1 and "1 moves, 1 illegal" in moves.stdout
    closed = tmp_path / "closed.toml"
    closed.write_text(EXAMPLE_COMPANION.read_text().replace("town = 1,", 'town = "prohibited",'))
    setup = adjutant("check", "setup", sample_module, "--companion", closed, "--json")
    assert setup.returncode == 1 and json.loads(setup.stdout)["findings"]
    broken = tmp_path / "broken.toml"
    broken.write_text(EXAMPLE_COMPANION.read_text() + "\n[oops\n")
    terrain = adjutant("terrain", "check", sample_module, broken, "--json")
    assert terrain.returncode == 1 and f"{broken}, line " in terrain.stderr
    assert json.loads(terrain.stdout) == {"file": str(broken), "problems": [terrain.stderr.strip()[len("adjutant: "):]]}
    assert json.loads(adjutant("terrain", "check", sample_module, EXAMPLE_COMPANION, "--json").stdout)["problems"] == []


def test_a_file_that_cannot_be_read_is_exit_status_2_with_its_name(sample_module, illegal_log, tmp_path):
    missing, corrupt = tmp_path / "missing.vmod", tmp_path / "corrupt.vlog"
    corrupt.write_bytes(b"PK\x03\x04 not a zip")
    for words in [("inspect", missing), ("inspect", corrupt), ("where", missing, 1, 1),
                  ("terrain", "check", sample_module, tmp_path / "missing.toml"),
                  ("check", "moves", corrupt, "--module", sample_module, "--companion", EXAMPLE_COMPANION),
                  ("check", "moves", illegal_log, "--module", sample_module, "--companion", tmp_path / "missing.toml"),
                  ("check", "setup", missing, "--companion", EXAMPLE_COMPANION),
                  ("los", sample_module, tmp_path / "missing.toml", "0905", "1107"),
                  ("plugins", "--plugin", tmp_path / "missing.py")]:
        result = adjutant(*words)
        named = next(str(w) for w in words if "missing" in str(w) or "corrupt" in str(w))
        assert result.returncode == 2 and named in result.stderr, (words, result.stderr)
        assert "Traceback" not in result.stderr


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("quiet, as_json, items, drawn", [
    (False, False, 3, True), (True, False, 3, False), (False, True, 3, False), (False, False, 1, False)])
def test_long_work_shows_a_progress_bar_on_a_terminal_only(monkeypatch, quiet, as_json, items, drawn):
    monkeypatch.setattr(sys, "stderr", Terminal())
    with progress(argparse.Namespace(quiet=quiet, json=as_json), "checking logs", items) as advance:
        for _ in range(items):
            advance()
    assert ("checking logs" in sys.stderr.getvalue()) == drawn
