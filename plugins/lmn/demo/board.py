"""The board image, painted from the companion file: land and the bay, rivers, streams, mountain
hexsides and their passes, rail lines, hex numbers, places and supply sources."""
import io

from PIL import Image, ImageDraw

from adjutant.procedures.demo_grid import hex_list, hexside_list
from adjutant.procedures.demo_images import font

from .grid import GRID, OFF_MAP_GRID

COLOURS = {"land": "#efe9d2", "north": "#e8ecd2", "ocean": "#9cc3e6", "grid": "#8a8270", "number": "#5a5448",
           "river": "#3b6fb6", "stream": "#6d9ddb", "mountain": "#7a5230", "pass": "#f0d060", "rail": "#202020",
           "town": "#202020", "label": "#202020", "Union": "#3e63a8", "Confederate": "#8c8c8c"}


def board_png(companion):
    the_map = companion["map"][0]
    terrain = {h: kind for kind, hexes in the_map.get("terrain", {}).items() for h in hex_list(hexes)}
    sides = the_map.get("hexsides", {})
    image = Image.new("RGB", (GRID.width, GRID.height), COLOURS["land"])
    draw = ImageDraw.Draw(image)
    small, label = font(8), font(11, bold=True)
    for name in GRID.all_hexes():
        fill = COLOURS["ocean"] if terrain.get(name) == "ocean" else \
            COLOURS["north"] if int(name[2:]) <= 22 else COLOURS["land"]
        draw.polygon(GRID.corners(*GRID.hex_centre(name)), fill=fill, outline=COLOURS["grid"])
    for kind, width in (("river", 6), ("stream", 3), ("mountain", 7)):
        for a, b in hexside_list(sides.get(kind, [])):
            p, q, _ = GRID.hexside_segment(a, b)
            draw.line([p, q], fill=COLOURS[kind], width=width)
    for a, b in hexside_list(sides.get("pass", [])):
        p, q, _ = GRID.hexside_segment(a, b)
        draw.line([p, q], fill=COLOURS["pass"], width=7)
    for line in the_map.get("line", []):
        points = [GRID.hex_centre(h) for h in hex_list(line["hexes"])]
        draw.line(points, fill=COLOURS["rail"], width=3)
    for name in GRID.all_hexes():
        cx, cy = GRID.hex_centre(name)
        draw.text((cx, cy - GRID.dy / 2 + 2), name, fill=COLOURS["number"], font=small, anchor="mt")
    for place in the_map.get("place", []):
        for h in hex_list(place.get("hexes", place.get("hex", ""))):
            cx, cy = GRID.hex_centre(h)
            if place["kind"] == "town":
                draw.ellipse([cx - 5, cy - 5, cx + 5, cy + 5], fill=COLOURS["town"])
                draw.text((cx, cy + 7), place["name"], fill=COLOURS["label"], font=label, anchor="mt",
                          stroke_width=2, stroke_fill="#ffffff")
            elif place["kind"] == "source":
                colour = COLOURS[place["side"]]
                draw.rectangle([cx - 12, cy - 14, cx + 12, cy - 4], fill=colour, outline="#000000")
                draw.text((cx, cy - 9), "USA" if place["side"] == "Union" else "CSA", fill="#ffffff", font=small,
                          anchor="mm")
    draw.text((GRID.width - 20, 14), "Lee Moves North: Adjutant demo map (not the game's map)",
              fill=COLOURS["label"], font=font(18, bold=True), anchor="ra", stroke_width=3, stroke_fill="#ffffff")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def off_map_png():
    image = Image.new("RGB", (OFF_MAP_GRID.width, OFF_MAP_GRID.height), "#d8d0c0")
    draw = ImageDraw.Draw(image)
    draw.text((OFF_MAP_GRID.width / 2, 6), "Off Map", fill=COLOURS["label"], font=font(14, bold=True), anchor="mt")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
