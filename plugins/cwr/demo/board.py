"""The board image, painted from the companion file: elevation levels, forest, orchard and town,
the stream, slope hexsides (a tick on the high side), roads, the trail and the railroad, and every
hex's number as VASSAL names it (A10.10)."""
import io

from PIL import Image, ImageDraw

from adjutant.procedures.demo_images import font

from .grid import GRID, hex_list

COLOURS = {"level0": "#eee8cf", "level1": "#ddd3a8", "level2": "#cbbd86", "grid": "#8a8270", "number": "#5a5448",
           "forest": "#4f8a3c", "orchard": "#9cc97a", "urban": "#b07a6a", "stream": "#4a7fcf", "slope": "#7a5230",
           "primary road": "#6a3f1c", "secondary road": "#9a6a3c", "trail": "#9a6a3c", "railroad": "#202020",
           "label": "#202020", "Union": "#3e63a8", "Confederate": "#8c8c8c"}
LINE_WIDTHS = {"primary road": 6, "secondary road": 4, "trail": 2, "railroad": 3}


def board_png(companion):
    the_map = companion["map"][0]
    terrain = {h: kind for kind, hexes in the_map.get("terrain", {}).items() for h in hex_list(hexes)}
    level = {h: int(lv) for lv, hexes in the_map.get("elevation", {}).items() for h in hex_list(hexes)}
    image = Image.new("RGB", (GRID.width, GRID.height), COLOURS["level0"])
    draw = ImageDraw.Draw(image)
    small = font(9)
    for name in GRID.all_hexes():
        cx, cy = GRID.hex_centre(name)
        draw.polygon(GRID.corners(cx, cy), fill=COLOURS["level%d" % level.get(name, 0)], outline=COLOURS["grid"])
        if name in terrain:
            inner = [(cx + (x - cx) * 0.7, cy + (y - cy) * 0.7) for x, y in GRID.corners(cx, cy)]
            draw.polygon(inner, fill=COLOURS[terrain[name]])
    sides = the_map.get("hexsides", {})
    for a, b in (tuple(s.split("/")) for s in hex_list(sides.get("stream", []))):
        p, q, _ = GRID.hexside_segment(a, b)
        draw.line([p, q], fill=COLOURS["stream"], width=4)
    for hexside, high in sides.get("slope", {}).items():
        a, b = hexside.split("/")
        p, q, _ = GRID.hexside_segment(a, b)
        (hx, hy), (mx, my) = GRID.hex_centre(high), ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        draw.line([p, q], fill=COLOURS["slope"], width=2)
        draw.line([(mx, my), (mx + (hx - mx) * 0.2, my + (hy - my) * 0.2)], fill=COLOURS["slope"], width=3)
    for line in the_map.get("line", []):
        points = [GRID.hex_centre(h) for h in hex_list(line["hexes"])]
        draw.line(points, fill=COLOURS[line["type"]], width=LINE_WIDTHS[line["type"]])
    for name in GRID.all_hexes():
        cx, cy = GRID.hex_centre(name)
        draw.text((cx, cy - GRID.dy / 2 + 2), name, fill=COLOURS["number"], font=small, anchor="mt")
    draw.text((GRID.width - 10, GRID.height - 8), "CWR: Adjutant demo map (not a game's map)", fill=COLOURS["label"],
              font=font(14, bold=True), anchor="rb", stroke_width=3, stroke_fill="#ffffff")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
