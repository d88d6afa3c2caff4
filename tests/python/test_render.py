"""Pictures over the board (adjutant.render, `adjutant render`): the PNG's size, and at hex centres
computed from the module's grid, the colour the overlay must give there over the board's own pixel,
for PNG, JPEG, GIF and SVG boards; the SVG embeds the board image unchanged."""
import base64
import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from PIL import Image

import adjutant
from adjutant.render import Picture, colours

MAP = "Main Map"
CHARTS = Path(__file__).resolve().parents[2] / "plugins" / "litn" / "demo" / "charts.toml"
BOARD_ENTRY = "images/litn-demo-board.png"
SVG_GREEN = (200, 216, 160)


def blend(colour, board, opacity):
    return tuple(opacity * c + (1 - opacity) * b for c, b in zip(colours.rgb(colour), board))


def assert_close(pixel, expected, tolerance=3):
    assert all(abs(p - e) <= tolerance for p, e in zip(pixel[:3], expected)), (pixel, expected)


def png_pixels(path):
    return Image.open(path).convert("RGB")


def board_with(demo, tmp_path, kind):
    """The demo module with its board image stored as `kind` under the same entry name (VASSAL, like
    Adjutant, reads an image by its content), and the board's pixels as a PIL image."""
    with zipfile.ZipFile(demo.module) as source:
        entries = {info.filename: source.read(info) for info in source.infolist()}
    board = Image.open(io.BytesIO(entries[BOARD_ENTRY])).convert("RGB")
    if kind == "svg":
        entries[BOARD_ENTRY] = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{board.width}" height="{board.height}">'
                                f'<rect width="100%" height="100%" fill="rgb{SVG_GREEN}"/></svg>').encode()
        board = Image.new("RGB", board.size, SVG_GREEN)
    elif kind != "png":
        out = io.BytesIO()
        board.save(out, {"jpeg": "JPEG", "gif": "GIF"}[kind])
        entries[BOARD_ENTRY] = out.getvalue()
        board = Image.open(io.BytesIO(entries[BOARD_ENTRY])).convert("RGB")
    module = tmp_path / f"board-{kind}.vmod"
    with zipfile.ZipFile(module, "w") as target:
        for name, data in entries.items():
            target.writestr(name, data)
    return adjutant.open_module(str(module)), board


@pytest.mark.parametrize("kind", ["png", "jpeg", "gif", "svg"])
def test_reach_shades_each_reached_hex_centre_by_mp_left_over_the_board(litn_demo, tmp_path, kind):
    module, board = board_with(litn_demo, tmp_path, kind)
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    game_map = module.find_map(MAP)
    reach = companion.movement(MAP).reach("1622", ["infantry"], 6)
    picture = Picture(game_map)
    picture.reach(reach, allowance=6)
    out = picture.save(tmp_path / "reach.png")

    image = png_pixels(out)
    width, height = game_map.size
    band = picture.canvas.legend_band()
    assert band > 0 and image.size == (width, height + band)  # the legend goes under the map
    grid = game_map.grid
    for hex_name, (left, _) in reach.items():
        x, y = grid.centre(hex_name)
        expected = blend(colours.ramp(float(left) / 6), board.getpixel((x, y)), colours.SHADE_OPACITY)
        assert_close(image.getpixel((x, y)), expected)
    for out_of_reach in ("2830", "0101"):  # 0101, in the top left corner, is not under a legend
        assert out_of_reach not in reach
        x, y = grid.centre(out_of_reach)
        assert_close(image.getpixel((x, y)), board.getpixel((x, y)))
    legend = image.crop((0, height, width, height + band))
    assert colours.rgb(colours.ramp(1)) in {rgb for _, rgb in legend.getcolors(width * band)}


def test_focus_crops_to_the_hexes_drawn_and_scale_sizes_the_png(litn_demo, tmp_path):
    module = adjutant.open_module(str(litn_demo.module))
    game_map = module.find_map(MAP)
    picture = Picture(game_map)
    picture.grid()
    picture.focus(["1622", "1824"], margin=1)
    left, top, width, height = picture.canvas.view
    grid = game_map.grid
    xs = [x for h in ("1622", "1824") for x, _ in grid.corners(h)]
    assert left == int(min(xs) - picture.hex_width) and width == int(max(xs) + picture.hex_width) - left
    image = png_pixels(picture.save(tmp_path / "crop.png", scale=0.5))
    assert picture.canvas.legend_band() == 0  # no legend: no band under the map
    assert image.size == (round(width * 0.5), round(height * 0.5))


def test_svg_embeds_the_board_image_unchanged_at_its_place(litn_demo, tmp_path):
    module = adjutant.open_module(str(litn_demo.module))
    game_map = module.find_map(MAP)
    picture = Picture(game_map)
    picture.grid()
    root = ET.parse(picture.save(tmp_path / "grid.svg")).getroot()
    images = root.findall("{http://www.w3.org/2000/svg}image")
    assert len(images) == 1
    (name, _, _, _, (x, y, width, height)), = game_map.layout
    href = images[0].get("{http://www.w3.org/1999/xlink}href")
    assert href.startswith("data:image/png;base64,")
    assert base64.b64decode(href.split(",", 1)[1]) == game_map.board_image(name)
    assert [images[0].get(k) for k in ("x", "y", "width", "height")] == [str(v) for v in (x, y, width, height)]
    names = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {game_map.grid.location_name(h) for h in ("0101", "1622", "3036")} <= names


def test_a_blocked_line_of_sight_tints_the_blocking_hex(litn_demo, tmp_path):
    module = adjutant.open_module(str(litn_demo.module))
    with_sight = tmp_path / "sight.toml"  # the demo's ridges one level high, by CWR's rules
    with_sight.write_text(litn_demo.companion.read_text() + '\n[sight]\nrules = "cwr"\nheight = { ridge = 1 }\n')
    companion = adjutant.open_companion(str(with_sight), module)
    game_map = module.find_map(MAP)
    sight = companion.sight(MAP).between("1808", "2108")
    assert (sight.sight, sight.blocked_at) == ("blocked", "1908")
    picture = Picture(game_map)
    picture.sight(sight, "1808", "2108")
    image = png_pixels(picture.save(tmp_path / "los.png"))
    board = Image.open(io.BytesIO(game_map.board_image(game_map.layout[0][0]))).convert("RGB")
    x, y = game_map.grid.centre(sight.blocked_at)
    # The sight line itself runs over the centre: look a little off it, inside the tinted hex.
    x += int(picture.hex_width * 0.3)
    assert_close(image.getpixel((x, y)), blend(colours.SIGHT["blocked"], board.getpixel((x, y)), colours.SHADE_OPACITY))


def test_a_reports_paths_are_drawn_in_the_colour_of_their_result(litn_demo, tmp_path):
    module = adjutant.open_module(str(litn_demo.module))
    game_map = module.find_map(MAP)
    report = {"title": "broadcasts", "sections": [{"title": "Broadcast (7.1)", "lines": [
        {"text": "Lee -> Jackson: 3 CP", "receiver": "Jackson", "cp": 3, "path": ["1622", "1623", "1624", "1625"]},
        {"text": "Lee -> Lawton: 0 CP", "receiver": "Lawton", "cp": 0, "path": ["1622", "1722", "1822", "1922"]}]}]}
    picture = Picture(game_map)
    assert picture.report(report) == ["1622", "1623", "1624", "1625", "1622", "1722", "1822", "1922"]
    image = png_pixels(picture.save(tmp_path / "report.png"))
    board = Image.open(io.BytesIO(game_map.board_image(game_map.layout[0][0]))).convert("RGB")
    for hex_name, colour in (("1624", colours.GOOD), ("1822", colours.BAD)):
        # Between the centres of the route's middle hexes: on the line, clear of the labels.
        x1, y1 = game_map.grid.centre(hex_name)
        x0, y0 = game_map.grid.centre({"1624": "1623", "1822": "1722"}[hex_name])
        x, y = (x0 + x1) // 2, (y0 + y1) // 2
        assert_close(image.getpixel((x, y)), blend(colour, board.getpixel((x, y)), 0.85), tolerance=4)


def adjutant_cli(*args):
    return subprocess.run([sys.executable, "-m", "adjutant", *map(str, args)], capture_output=True, text=True)


def test_cli_renders_each_kind_and_never_writes_over_a_file(litn_demo, tmp_path):
    d = litn_demo.dir
    module, companion = d / "litn-demo.vmod", d / "companion.toml"
    runs = {
        "grid.svg": ["grid", module],
        "terrain.png": ["terrain", module, companion, "--scale", "0.25"],
        "reach.png": ["reach", module, companion, "1622", "--class", "infantry", "--mp", "4 1/2"],
        "path.png": ["path", module, companion, "1622", "2410", "--class", "infantry", "--mp", "6"],
        "los.png": ["los", module, companion, "1622", "1917", "--rules", "thread"],
        "loc.png": ["trace", "loc", module, companion, "1622", "--to", "1434", "--lines", "road"],
    }
    for name, args in runs.items():
        result = adjutant_cli("render", *args, "-o", tmp_path / name, "--json")
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["file"] == str(tmp_path / name)
        assert (tmp_path / name).stat().st_size > 1000
    width, height = Image.open(tmp_path / "terrain.png").size
    assert width == round(1700 * 0.25) and height > round(2330 * 0.25)  # the map, and its legend under it
    again = adjutant_cli("render", "grid", module, "-o", tmp_path / "grid.svg")
    assert again.returncode == 2 and "grid.svg" in again.stderr


def test_cli_render_no_names_outlines_hexes_without_printing_their_names(litn_demo, tmp_path):
    svg = tmp_path / "bare.svg"
    assert adjutant_cli("render", "grid", litn_demo.dir / "litn-demo.vmod", "--no-names", "-o", svg).returncode == 0
    root = ET.parse(svg).getroot()
    assert root.findall(".//{http://www.w3.org/2000/svg}polygon")
    assert "1622" not in {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}


def test_cli_render_report_reads_a_json_report_and_names_a_broken_one(litn_demo, tmp_path):
    d = litn_demo.dir
    report = tmp_path / "command.json"
    ran = adjutant_cli("run", "litn.command", d / "litn-demo.vsav", "--module", d / "litn-demo.vmod", "--companion",
                       d / "companion.toml", "--charts", CHARTS, "side=Confederate", "--side", "Confederate", "--seed", "1862",
                       "--report", report)
    assert ran.returncode == 0, ran.stderr
    drawn = adjutant_cli("render", "report", report, d / "litn-demo.vmod", "-o", tmp_path / "command.png")
    assert drawn.returncode == 0, drawn.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    bad = adjutant_cli("render", "report", broken, d / "litn-demo.vmod", "-o", tmp_path / "broken.png")
    assert bad.returncode == 2 and "broken.json" in bad.stderr and "line 1" in bad.stderr
    assert not (tmp_path / "broken.png").exists()


def test_terrain_tints_each_hex_of_a_type_but_the_commonest(litn_demo, tmp_path):
    module = adjutant.open_module(str(litn_demo.module))
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    game_map = module.find_map(MAP)
    terrain = companion.map(MAP)
    picture = Picture(game_map)
    picture.terrain(terrain)
    image = png_pixels(picture.save(tmp_path / "terrain.png"))
    board = Image.open(io.BytesIO(game_map.board_image(game_map.layout[0][0]))).convert("RGB")
    types = {h: terrain.terrain(h) for h in terrain.hexes()}
    ridges = [h for h, t in types.items() if t == "ridge"]
    clear = [h for h, t in types.items() if t == "clear"]
    assert ridges and len(clear) > len(ridges)
    tint = colours.assign(["ridge"], colours.TERRAIN_COLOURS)["ridge"]
    for hex_name in ridges:
        x, y = game_map.grid.centre(hex_name)
        assert_close(image.getpixel((x, y)), blend(tint, board.getpixel((x, y)), colours.TERRAIN_OPACITY))
    x, y = game_map.grid.centre(clear[len(clear) // 2])
    assert_close(image.getpixel((x, y)), board.getpixel((x, y)))


def test_a_path_over_the_allowance_is_crossed_out_where_it_goes_over(litn_demo, tmp_path):
    module = adjutant.open_module(str(litn_demo.module))
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    game_map = module.find_map(MAP)
    path = companion.movement(MAP).explain(["1629", "1628", "1627", "1626", "1725"], ["infantry"], 3)
    assert not path.legal and path.total == 4
    picture = Picture(game_map)
    picture.path(path, allowance=3)
    image = png_pixels(picture.save(tmp_path / "path.png"))
    bad = colours.rgb(colours.BAD)
    assert_close(image.getpixel(game_map.grid.centre("1725")), bad)   # the fourth MP: crossed
    for within in ("1628", "1627", "1626"):
        assert image.getpixel(game_map.grid.centre(within)) != bad
