"""Moves across the boards of one map: a module made here with two boards side by side whose hex
grids continue (the East board numbers on from column 09), a companion file describing both, and a
log whose unit marches along the West road, over the seam and on along the East road."""
import pytest

import adjutant
from adjutant.rules.mp import parse_mp
from conftest import ESC, TAB, json_lines
from test_cli import adjutant as run_cli

BOARD = ('<VASSAL.build.module.map.boardPicker.Board name="{name}" width="443" height="640">'
         '<VASSAL.build.module.map.boardPicker.board.HexGrid x0="{x0}" y0="32" dy="64.0" dx="55.42562584220407">'
         '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hOff="{h_off}" vOff="1" stagger="true" '
         'locationFormat="$gridLocation$"/></VASSAL.build.module.map.boardPicker.board.HexGrid>'
         '</VASSAL.build.module.map.boardPicker.Board>')

COMPANION = """format = 1
rules = "generic"
[module]
name = "Two Boards"
[vocabulary]
terrain = ["clear"]
lines = ["road"]
unit_attributes = ["side", "class"]
[[map]]
name = "Main Map"
board = "West"
default_terrain = "clear"
[[map.line]]
type = "road"
hexes = "0503 0603 0703 0803"
[[map]]
name = "Main Map"
board = "East"
default_terrain = "clear"
[[map.line]]
type = "road"
hexes = "0903 1003 1103"
[units.attributes]
side = { property = "Side" }
class = { value = "infantry" }
[movement]
[movement.class.infantry]
terrain = { clear = 1 }
line = { road = "1/2" }
"""


def two_boards(folder, east_x0="0"):
    folder.mkdir()
    boards = BOARD.format(name="West", x0="0", h_off="1") + BOARD.format(name="East", x0=east_x0, h_off="9")
    (folder / "buildFile.xml").write_text(
        '<?xml version="1.0"?>\n<VASSAL.build.GameModule name="Two Boards" version="1" VassalVersion="3.7.12">'
        "<VASSAL.build.module.PlayerRoster><entry>Union</entry><entry>Confederate</entry>"
        '</VASSAL.build.module.PlayerRoster><VASSAL.build.module.Map mapName="Main Map">'
        f"<VASSAL.build.module.map.BoardPicker><setup>Main MapBoardPicker{TAB}West{TAB}0{TAB}0{TAB}East{TAB}1{TAB}0"
        f"</setup>{boards}</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>"
        "</VASSAL.build.GameModule>\n", encoding="utf-8")
    (folder / "two.toml").write_text(COMPANION, encoding="utf-8")
    return folder


def march(folder):
    """A log: a Union unit from West 0503 to East 1103, past a Confederate unit far away."""
    module = adjutant.open_module(str(folder))
    view = module.maps[0]
    x, y = view.point_of("0503", "West")
    rx, ry = view.point_of("0108", "West")
    (folder / "start.sav").write_text(ESC.join([
        "begin_save", f"+/U/mark;Side{TAB}piece;;;u.png;Iron Brigade/Union{TAB}Main Map;{x};{y};;0",
        f"+/R/mark;Side{TAB}piece;;;r.png;Stonewall/Confederate{TAB}Main Map;{rx};{ry};;0", "end_save"]),
        encoding="utf-8")
    game = adjutant.open_game(str(folder / "start.sav"), module)
    game.piece("U").move_to("Main Map", *view.point_of("1103", "East"))
    game.save_log(str(folder / "march.vlog"))
    return folder / "march.vlog"


def test_one_movement_spans_both_boards(tmp_path):
    folder = two_boards(tmp_path / "module")
    movement = adjutant.open_companion(str(folder / "two.toml"), adjutant.open_module(str(folder))).movement("Main Map")
    assert movement.boards == ["West", "East"]
    assert movement.distance("0503", "1103") == 6
    path = movement.path("0503", "1103", ["infantry"], 4)
    assert path.hexes == ["0503", "0603", "0703", "0803", "0903", "1003", "1103"]
    # The West road ends at the seam beside the East road's end: one road, over the seam too.
    assert [s["line_type"] for s in path.steps] == ["road"] * 6
    assert path.total == 3 and path.legal
    assert movement.explain(["0804", "0904"], ["infantry"], 4).total == 1  # off the road: cross-country
    assert "1103" in movement.reach("0803", ["infantry"], 2)


def test_a_move_over_the_seam_is_judged(tmp_path):
    folder = two_boards(tmp_path / "module")
    result = run_cli("check", "moves", march(folder), "--module", folder, "--companion", folder / "two.toml", "--json")
    assert result.returncode == 0, result.stderr
    (move,) = json_lines(result.stdout)[0]["moves"]
    assert (move["start"], move["end"], move["distance"], move["legal"]) == ("0503", "1103", 6, True)
    assert parse_mp(move["cost"]) == 3


def test_boards_whose_grids_do_not_continue_are_judged_apart(tmp_path):
    folder = two_boards(tmp_path / "module", east_x0="20")
    module = adjutant.open_module(str(folder))
    companion = adjutant.open_companion(str(folder / "two.toml"), module)
    with pytest.raises(ValueError, match="the boards of map 'Main Map' do not make one hex grid .*: name a board"):
        companion.movement("Main Map")
    assert companion.movement("Main Map", "East").boards == ["East"]
    result = run_cli("check", "moves", march(folder), "--module", folder, "--companion", folder / "two.toml", "--json")
    assert result.returncode == 0, result.stderr
    (move,) = json_lines(result.stdout)[0]["moves"]
    assert move["legal"] is None
    assert move["note"].startswith("from board 'West' to 'East': their hex grids are not one")
