"""Any board of a map, laid out or not: VASSAL's Board Picker lets players choose boards the module's
default layout does not have. A module made here has a map with two hex boards, North (laid out by
default: the first board, the module having no <setup>) and South (not laid out), each with its
image; the TLD module of the corpus has boards its default layout leaves out too."""
import io
import json

import pytest
from PIL import Image

import adjutant
from conftest import ESC, TAB, json_lines
from test_cli import adjutant as run_cli

BOARD = ('<VASSAL.build.module.map.boardPicker.Board name="{name}" image="{name}.png">'
         '<VASSAL.build.module.map.boardPicker.board.HexGrid x0="0" y0="32" dy="64.0" dx="55.42562584220407">'
         '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering hOff="1" vOff="1" stagger="true" '
         'locationFormat="$gridLocation$"/></VASSAL.build.module.map.boardPicker.board.HexGrid>'
         '</VASSAL.build.module.map.boardPicker.Board>')

COMPANION = """format = 1
rules = "generic"
[module]
name = "Picked Boards"
[vocabulary]
terrain = ["clear", "woods"]
unit_attributes = ["side", "class"]
[[map]]
name = "Main Map"
board = "South"
default_terrain = "clear"
[map.terrain]
woods = ["0303"]
[units.attributes]
side = { property = "Side" }
class = { value = "infantry" }
[movement]
[movement.class.infantry]
terrain = { clear = 1, woods = 3 }
"""


def _png():
    out = io.BytesIO()
    Image.new("RGB", (443, 640), "#f0e8d0").save(out, format="PNG")
    return out.getvalue()


@pytest.fixture(scope="module")
def picked(tmp_path_factory):
    folder = tmp_path_factory.mktemp("picked")
    build_file = ('<?xml version="1.0"?>\n<VASSAL.build.GameModule name="Picked Boards" version="1" '
                  'VassalVersion="3.7.12"><VASSAL.build.module.PlayerRoster><entry>Union</entry>'
                  '<entry>Confederate</entry></VASSAL.build.module.PlayerRoster>'
                  '<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>'
                  + BOARD.format(name="North") + BOARD.format(name="South") +
                  '</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>\n')
    adjutant.write_module(str(folder / "picked.vmod"), build_file, images={"North.png": _png(), "South.png": _png()})
    (folder / "south.toml").write_text(COMPANION, encoding="utf-8")
    return folder


def test_a_board_outside_the_layout_is_laid_out_alone_on_request(picked):
    module = adjutant.open_module(str(picked / "picked.vmod"))
    game_map = module.maps[0]
    assert [name for name, *_ in game_map.layout] == ["North"]
    with pytest.raises(adjutant.GeometryError) as raised:
        game_map.hex_grid("South")
    assert "its boards: 'North', 'South'; laid out: 'North'" in str(raised.value)
    south = game_map.with_layout(["South"])
    assert [name for name, *_ in south.layout] == ["South"]
    assert south.hex_grid("South").centre("0303") == south.point_of("0303", "South")
    assert south.location_name(*south.point_of("0303", "South")) == "0303"
    with pytest.raises(adjutant.GeometryError) as raised:
        game_map.with_layout(["West"])
    assert "has no board 'West'" in str(raised.value) and "laid out: 'North'" in str(raised.value)


def test_a_companion_file_describes_a_board_outside_the_layout(picked):
    module = adjutant.open_module(str(picked / "picked.vmod"))
    companion = adjutant.open_companion(str(picked / "south.toml"), module)
    movement = companion.movement("Main Map", "South")
    assert movement.distance("0303", "0305") == 2
    around = movement.path("0302", "0304", ["infantry"], 6)
    assert around.total == 3 and "0303" not in around.hexes  # around the woods: 2 through them and out
    result = run_cli("terrain", "check", picked / "picked.vmod", picked / "south.toml", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["maps"][0]["board"] == "South"


def test_a_companion_board_unknown_to_the_map_names_the_boards(picked, tmp_path):
    wrong = tmp_path / "west.toml"
    wrong.write_text(COMPANION.replace('board = "South"', 'board = "West"'), encoding="utf-8")
    result = run_cli("terrain", "check", picked / "picked.vmod", wrong)
    assert result.returncode == 1
    assert "its boards: 'North', 'South'; laid out: 'North'" in result.stderr


def test_inspect_marks_the_boards_of_the_default_layout(picked):
    result = run_cli("inspect", picked / "picked.vmod", "--json")
    assert result.returncode == 0, result.stderr
    (game_map,) = json.loads(result.stdout)["maps"]
    assert [(b["name"], b["laid_out"]) for b in game_map["boards"]] == [("North", True), ("South", False)]
    table = run_cli("inspect", picked / "picked.vmod")
    assert "laid out" in table.stdout and "Board Picker" in table.stdout


def test_where_hex_and_render_take_any_board(picked, tmp_path):
    module = picked / "picked.vmod"
    point = run_cli("hex", module, "--board", "South", "0303")
    assert point.returncode == 0, point.stderr
    x, y = point.stdout.split()
    named = run_cli("where", module, "--board", "South", x, y, "--json")
    assert named.returncode == 0, named.stderr
    assert (json.loads(named.stdout)["location"], json.loads(named.stdout)["board"]) == ("0303", "South")
    unknown = run_cli("where", module, "--board", "West", x, y)
    assert unknown.returncode == 2 and unknown.stderr.count("\n") == 1
    assert "no board 'West' (its boards: 'North', 'South'; laid out: 'North')" in unknown.stderr
    assert "usage:" not in unknown.stderr

    grid = run_cli("render", "grid", module, "--map", "Main Map", "--board", "South", "-o", tmp_path / "south.svg")
    assert grid.returncode == 0, grid.stderr
    assert '<svg' in (tmp_path / "south.svg").read_text(encoding="utf-8")
    # The companion file's only board of the map is drawn by itself, though the module does not lay it out.
    reach = run_cli("render", "reach", module, picked / "south.toml", "0302", "--class", "infantry", "--mp", "2",
                    "-o", tmp_path / "reach.svg")
    assert reach.returncode == 0, reach.stderr


def test_a_game_that_lays_out_another_board_is_checked_on_it(picked, tmp_path):
    module = adjutant.open_module(str(picked / "picked.vmod"))
    south = module.maps[0].with_layout(["South"])
    x, y = south.point_of("0302", "South")
    save = tmp_path / "south.sav"
    save.write_text(ESC.join(["begin_save", f"+/U/mark;Side{TAB}piece;;;u.png;Iron Brigade/Union{TAB}Main Map;{x};{y};;0",
                              f"Main MapBoardPicker{TAB}South{TAB}0{TAB}0", "end_save"]), encoding="utf-8")
    game = adjutant.open_game(str(save), module)
    assert [name for name, *_ in game.map("Main Map").layout] == ["South"]
    game.piece("U").move_to("Main Map", *south.point_of("0304", "South"))
    game.save_log(str(tmp_path / "south.vlog"))
    result = run_cli("check", "moves", tmp_path / "south.vlog", "--module", picked / "picked.vmod",
                     "--companion", picked / "south.toml", "--json")
    assert result.returncode == 0, result.stderr
    ((move,),) = [r["moves"] for r in json_lines(result.stdout)]
    assert (move["start"], move["end"], move["cost"], move["legal"]) == ("0302", "0304", "3", True)
    grid = run_cli("render", "grid", picked / "picked.vmod", "--game", tmp_path / "south.vlog", "-o", tmp_path / "g.svg")
    assert grid.returncode == 0, grid.stderr


def test_the_tld_boards_outside_the_default_layout(corpus):
    module = corpus / "uckelman+tld-mod" / "tmp" / "buildFile"
    if not module.is_file():
        from conftest import shared_missing
        shared_missing(f"{module} not in the corpus")
    result = run_cli("inspect", module, "--json")
    assert result.returncode == 0, result.stderr
    normandy = next(m for m in json.loads(result.stdout)["maps"] if m["name"] == "Normandy")
    assert [b["name"] for b in normandy["boards"] if b["laid_out"]] == ["Normandy"]
    assert "Board F" in [b["name"] for b in normandy["boards"] if not b["laid_out"]]
    # Board F numbers its columns from 17 (hOff 16): its hex 2364 lies at (369, 480) when it is laid out alone.
    named = run_cli("where", module, "--map", "Normandy", "--board", "Board F", "360", "480")
    assert named.returncode == 0, named.stderr
    assert named.stdout.strip() == "2364"
    point = run_cli("hex", module, "--map", "Normandy", "--board", "Board F", "2364")
    assert point.returncode == 0, point.stderr
    assert point.stdout.split() == ["369", "480"]


def test_moves_on_a_board_the_companion_file_does_not_describe_are_counted_not_judged(picked, tmp_path):
    module = adjutant.open_module(str(picked / "picked.vmod"))
    north = module.maps[0]
    x, y = north.point_of("0302", "North")
    save = tmp_path / "north.sav"
    save.write_text(ESC.join(["begin_save", f"+/U/mark;Side{TAB}piece;;;u.png;Iron Brigade/Union{TAB}Main Map;{x};{y};;0",
                              "end_save"]), encoding="utf-8")
    game = adjutant.open_game(str(save), module)
    for hex_name in ("0303", "0304"):
        game.piece("U").move_to("Main Map", *north.point_of(hex_name, "North"))
    game.save_log(str(tmp_path / "north.vlog"))
    common = ("check", "moves", tmp_path / "north.vlog", "--module", picked / "picked.vmod",
              "--companion", picked / "south.toml")
    result = run_cli(*common, "--json")
    assert result.returncode == 0, result.stderr
    (record,) = json_lines(result.stdout)
    assert record["moves"] == []
    assert record["notes"] == ["2 moves on map 'Main Map', board 'North', which the companion file does not "
                               "describe: not judged"]
    assert "note: 2 moves on map 'Main Map', board 'North'" in run_cli(*common).stdout
