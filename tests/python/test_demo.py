"""`adjutant demo` (the README's first command, through scripts/demo): the litn plugin's demo game
written where missing, its procedures and move check run on it, every file it lists written, the
saves and logs reopened with the changes in them, and a second run into the same folder."""
import json
import os
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

import adjutant
from adjutant.procedures.demo import MANIFEST
from test_cli import adjutant as run_cli


def demo(folder, *options):
    result = run_cli("demo", "--out", folder, *options)
    assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def listing(tmp_path_factory):
    """A demo run with --json: its folder and {file name: about}."""
    folder = tmp_path_factory.mktemp("demo") / "out"
    data = json.loads(demo(folder, "--json").stdout)
    return folder, {os.path.basename(f["path"]): f["about"] for f in data["files"]}, data


def piece(game, name):
    return next(p for p in game.pieces if p.name == name)


def test_every_file_listed_is_written_and_not_empty(listing):
    folder, files, data = listing
    assert {"litn-demo.vmod", "litn-demo.vsav", "command.vlog", "command.txt", "attrition.vsav",
            "attrition.txt", "odds.txt", "moves.vlog", "moves.txt", "grid.svg", "terrain.png", "command.png",
            "reach.png", "illegal-move.png"} <= set(files)
    for name, about in files.items():
        assert (folder / name).stat().st_size > 0, name
        assert about and "\n" not in about, name
    assert not [p.name for p in folder.iterdir() if p.name.startswith(".") and p.name != MANIFEST], \
        "no temporary files are left"
    assert any("File > Open Game" in line for line in data["viewing"])


def test_the_text_listing_names_each_file_on_a_line_and_how_to_open_it(tmp_path):
    out = demo(tmp_path / "out").stdout
    for name in ("litn-demo.vmod", "command.vlog", "attrition.vsav", "moves.txt"):
        assert [line for line in out.splitlines() if line.strip().startswith(str(tmp_path / "out" / name))], name
    assert "File > Open Game" in out and "Load Continuation" in out


def test_the_command_phase_log_holds_the_cp_and_ma_written(listing):
    folder, _, _ = listing
    module = adjutant.open_module(str(folder / "litn-demo.vmod"))
    log = adjutant.open_game(str(folder / "command.vlog"), module)
    assert log.is_log and log.step_count > 0
    # LIN 7.1's example: Lawton gets 1 CP of his command rating 3, a third of his MA; D.H. Hill none.
    assert (piece(log, "Lawton").properties["CP"], piece(log, "Lawton").properties["MA"]) == ("1", "3")
    assert piece(log, "D.H. Hill").properties["MA"] == "0"
    before = adjutant.open_game(str(folder / "litn-demo.vsav"), module)
    assert piece(before, "Lawton").properties["MA"] == ""
    assert "Broadcast" in (folder / "command.txt").read_text(encoding="utf-8")


def test_attrition_lowers_a_strength_in_the_new_save(listing):
    folder, _, _ = listing
    module = adjutant.open_module(str(folder / "litn-demo.vmod"))
    def strengths(name):
        return {p.name: p.properties.get("Strength") for p in adjutant.open_game(str(folder / name), module).pieces}
    before, after = strengths("litn-demo.vsav"), strengths("attrition.vsav")
    lowered = [n for n in after if after[n] and int(after[n]) < int(before[n])]
    assert lowered, "seed 1862's roll costs a unit strength"
    for name in lowered:
        assert name in (folder / "attrition.txt").read_text(encoding="utf-8")


def test_the_move_check_names_the_illegal_moves(listing):
    folder, files, _ = listing
    module = adjutant.open_module(str(folder / "litn-demo.vmod"))
    moves = adjutant.open_game(str(folder / "moves.vlog"), module)
    assert piece(moves, "Lawton").location == "2130"
    text = (folder / "moves.txt").read_text(encoding="utf-8")
    lawton = next(line for line in text.splitlines() if "Lawton" in line)
    assert "over the allowance of 3" in lawton
    hill = next(line for line in text.splitlines() if "D.H. Hill" in line)
    assert "legal: by the Minimum Movement Allowance (7.1)" in hill
    hood = next(line for line in text.splitlines() if "Hood" in line)
    assert "legal" in hood and "over" not in hood
    assert "Lawton" in files["moves.txt"]


def test_a_second_run_keeps_the_game_and_replaces_its_results(tmp_path):
    folder = tmp_path / "out"
    demo(folder)
    mine = folder / "notes.txt"
    mine.write_text("not the demo's", encoding="utf-8")
    kept = {name: (folder / name).stat().st_ino for name in ("litn-demo.vmod", "litn-demo.vsav")}
    replaced = (folder / "command.vlog").stat().st_ino
    out = demo(folder).stdout
    assert "kept from an earlier run" in out
    assert {name: (folder / name).stat().st_ino for name in kept} == kept, "the demo's inputs are not written over"
    assert (folder / "command.vlog").stat().st_ino != replaced
    assert mine.read_text(encoding="utf-8") == "not the demo's"
    assert adjutant.open_game(str(folder / "command.vlog")).is_log


def test_quiet_prints_nothing(tmp_path):
    result = demo(tmp_path / "out", "--quiet")
    assert result.stdout == "" and (tmp_path / "out" / "moves.txt").is_file()


def test_a_plugin_without_a_demo_is_named(tmp_path):
    result = run_cli("demo", "--out", tmp_path / "out", "--plugin", "generic")
    assert result.returncode == 2
    assert "generic" in result.stderr and "no demo" in result.stderr
    assert not (tmp_path / "out").exists()


def test_the_pictures_are_pictures_of_the_map(listing):
    folder, files, _ = listing
    module = adjutant.open_module(str(folder / "litn-demo.vmod"))
    width, height = module.find_map("Main Map").size
    terrain = Image.open(folder / "terrain.png")
    assert terrain.width == round(width * 0.5) and terrain.height > round(height * 0.5)  # the legend is under it
    for name in ("command.png", "reach.png", "illegal-move.png"):
        with Image.open(folder / name) as image:
            image.verify()
            assert image.format == "PNG" and 0 < image.width < width, name  # a crop round what is drawn
    svg = ET.parse(folder / "grid.svg").getroot()
    assert svg.find("{http://www.w3.org/2000/svg}image") is not None
    # The board prints every hex's number, which is its VASSAL name: the overlay does not print it again.
    texts = {t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")}
    assert "1622" not in texts and "1924" not in texts
    outlines = svg.findall(".//{http://www.w3.org/2000/svg}polygon")
    assert len(outlines) >= len(module.find_map("Main Map").hex_grid(module.find_map("Main Map").layout[0][0]).hexes())


def test_a_file_of_the_users_where_the_demo_writes_is_refused_before_anything_is_written(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "command.txt").write_text("my own notes\n", encoding="utf-8")
    result = run_cli("demo", "--out", folder)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert "command.txt" in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["command.txt"]
    assert (folder / "command.txt").read_text(encoding="utf-8") == "my own notes\n"


def test_run_checks_every_output_before_it_writes_one(listing, tmp_path):
    folder, _, _ = listing
    report = tmp_path / "report.txt"
    report.write_text("kept\n", encoding="utf-8")
    result = run_cli("run", "litn.attrition", folder / "litn-demo.vsav", "--module", folder / "litn-demo.vmod",
                     "--companion", folder / "companion.toml", "--charts", folder / "charts.toml", "--side", "Union",
                     "--seed", "1", "-o", tmp_path / "new.vsav", "--report", report)
    assert result.returncode == 2, result.stderr
    assert "--report" in result.stderr and str(report) in result.stderr
    assert not (tmp_path / "new.vsav").exists()
    assert report.read_text(encoding="utf-8") == "kept\n"
