"""The board image, painted from the companion file: elevation levels, woods and town, creeks,
stone walls, steep slopes (ticks on the high side) and bridges, the pike, road and trail, and every
hex's number as VASSAL names it (0907); and the Reinforcements box beside the map."""
import io

from PIL import Image, ImageDraw

from adjutant.procedures.demo_grid import hex_list, hexside_list
from adjutant.procedures.demo_images import font

from .grid import BOX_GRID, GRID

COLOURS = {"level0": "#eee8cf", "level1": "#ddd3a8", "level2": "#cbbd86", "grid": "#8a8270", "number": "#5a5448",
           "woods": "#4f8a3c", "town": "#b07a6a", "creek": "#4a7fcf", "stone wall": "#707070",
           "steep slope": "#7a5230", "bridge": "#202020", "pike": "#6a3f1c", "road": "#9a6a3c", "trail": "#9a6a3c",
           "label": "#202020", "Union": "#3e63a8", "Confederate": "#8c8c8c"}
LINE_WIDTHS = {"pike": 6, "road": 4, "trail": 2}


def board_png(companion):
    the_map = companion["map"][0]
    terrain = {h: kind for kind, hexes in the_map.get("terrain", {}).items() for h in hex_list(hexes)}
    level = {h: int(lv) for lv, hexes in the_map.get("elevation", {}).items() for h in hex_list(hexes)}
    image = Image.new("RGB", (GRID.width, GRID.height), COLOURS["level0"])
    draw = ImageDraw.Draw(image)
    for name in GRID.all_hexes():
        cx, cy = GRID.hex_centre(name)
        draw.polygon(GRID.corners(cx, cy), fill=COLOURS["level%d" % level.get(name, 0)], outline=COLOURS["grid"])
        if name in terrain:
            inner = [(cx + (x - cx) * 0.7, cy + (y - cy) * 0.7) for x, y in GRID.corners(cx, cy)]
            draw.polygon(inner, fill=COLOURS[terrain[name]])
    sides = the_map.get("hexsides", {})
    for kind, width in (("creek", 4), ("stone wall", 3), ("bridge", 7)):
        for a, b in hexside_list(sides.get(kind, [])):
            p, q, _ = GRID.hexside_segment(a, b)
            draw.line([p, q], fill=COLOURS[kind], width=width)
    for hexside, high in sides.get("steep slope", {}).items():
        a, b = hexside.split("/")
        p, q, _ = GRID.hexside_segment(a, b)
        (hx, hy), (mx, my) = GRID.hex_centre(high), ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        draw.line([p, q], fill=COLOURS["steep slope"], width=2)
        draw.line([(mx, my), (mx + (hx - mx) * 0.2, my + (hy - my) * 0.2)], fill=COLOURS["steep slope"], width=3)
    for line in the_map.get("line", []):
        points = [GRID.hex_centre(h) for h in hex_list(line["hexes"])]
        draw.line(points, fill=COLOURS[line["type"]], width=LINE_WIDTHS[line["type"]])
    small = font(9)
    for name in GRID.all_hexes():
        cx, cy = GRID.hex_centre(name)
        draw.text((cx, cy - GRID.dy / 2 + 2), name, fill=COLOURS["number"], font=small, anchor="mt")
    draw.text((GRID.width - 10, GRID.height - 8), "LFM: Adjutant demo map (not a game's map)", fill=COLOURS["label"],
              font=font(14, bold=True), anchor="rb", stroke_width=3, stroke_fill="#ffffff")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def box_png():
    """The Reinforcements box (26): units not yet on the map."""
    image = Image.new("RGB", (BOX_GRID.width, BOX_GRID.height), "#d8d0c0")
    draw = ImageDraw.Draw(image)
    draw.text((BOX_GRID.width / 2, 6), "Reinforcements", fill=COLOURS["label"], font=font(14, bold=True), anchor="mt")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
