"""The board image, painted from the companion file: the states, ridges, rivers and streams, slopes,
roads and railways, bridges and fords, hex numbers, towns and depots."""
import io

from PIL import Image, ImageDraw

from adjutant.procedures.demo_grid import hex_list, hexside_list
from adjutant.procedures.demo_images import font

from .grid import DY, HEIGHT, WIDTH, all_hexes, corners, hex_centre, hexside_segment, neighbours
from .palette import COLOURS

STATES = [("Pennsylvania", 1, 10), ("Maryland", 11, 30), ("Virginia", 31, 36)]


def state_of(name):
    row = int(name[2:])
    return next(state for state, first, last in STATES if first <= row <= last)


def board_png(companion):
    the_map = companion["map"][0]
    terrain = {h: kind for kind, hexes in the_map.get("terrain", {}).items() for h in hex_list(hexes)}
    sides = the_map.get("hexsides", {})
    image = Image.new("RGB", (WIDTH, HEIGHT), COLOURS["Maryland"])
    draw = ImageDraw.Draw(image)
    small, label, big = font(9), font(13, bold=True), font(64, bold=True)

    # Hexes: the states' clear colours, ridges.
    for name in all_hexes():
        fill = COLOURS["ridge"] if terrain.get(name) == "ridge" else COLOURS[state_of(name)]
        draw.polygon(corners(*hex_centre(name)), fill=fill, outline=COLOURS["grid"])
    # State names, under everything else.
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    for text, x, y in [("PENNSYLVANIA", 330, 150), ("MARYLAND", 180, 1300), ("VIRGINIA", 480, 2130)]:
        od.text((x, y), text, font=big, fill=(90, 70, 40, 70))
    image.paste(overlay, (0, 0), overlay)
    draw = ImageDraw.Draw(image)
    # The Pennsylvania-Maryland line (Mason and Dixon's).
    for a in all_hexes():
        for b in neighbours(a):
            if int(a[2:]) <= 10 < int(b[2:]):
                p, q, _ = hexside_segment(a, b)
                draw.line([p, q], fill=COLOURS["border"], width=3)
    # Hexside features.
    for kind, width in (("river", 8), ("stream", 4)):
        for a, b in hexside_list(sides.get(kind, [])):
            p, q, _ = hexside_segment(a, b)
            draw.line([p, q], fill=COLOURS[kind], width=width)
            for end in (p, q):
                draw.ellipse([end[0] - width / 2, end[1] - width / 2, end[0] + width / 2, end[1] + width / 2],
                             fill=COLOURS[kind])
    for hexside, high in sides.get("slope", {}).items():
        a, b = hexside.split("/")
        low = b if high == a else a
        p, q, _ = hexside_segment(high, low)
        (hx, hy), (lx, ly) = hex_centre(high), hex_centre(low)
        ux, uy = (lx - hx) / DY, (ly - hy) / DY
        for t in (0.15, 0.35, 0.55, 0.75, 0.95):   # hachures pointing downhill
            x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
            draw.line([(x - ux * 5, y - uy * 5), (x + ux * 3, y + uy * 3)], fill=COLOURS["slope"], width=2)
    # Lines: roads, then railways with their ties.
    for line in the_map.get("line", []):
        points = [hex_centre(h) for h in hex_list(line["hexes"])]
        if line["type"] == "road":
            draw.line(points, fill=COLOURS["road"], width=5, joint="curve")
    for line in the_map.get("line", []):
        if line["type"] != "rail":
            continue
        points = [hex_centre(h) for h in hex_list(line["hexes"])]
        draw.line(points, fill=COLOURS["rail"], width=3)
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            ux, uy = (bx - ax) / DY, (by - ay) / DY
            for t in range(1, 6):
                x, y = ax + (bx - ax) * t / 6, ay + (by - ay) * t / 6
                draw.line([(x - uy * 6, y + ux * 6), (x + uy * 6, y - ux * 6)], fill=COLOURS["rail"], width=2)
    # Bridges and fords where the lines cross them.
    for kind in ("bridge", "ford"):
        for a, b in hexside_list(sides.get(kind, [])):
            p, q, (ux, uy) = hexside_segment(a, b)
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            if kind == "bridge":
                for s in (-7, 7):   # two rails across the water
                    ox, oy = -uy * s, ux * s
                    draw.line([(mx + ox - ux * 9, my + oy - uy * 9), (mx + ox + ux * 9, my + oy + uy * 9)],
                              fill=COLOURS["bridge"], width=3)
            else:
                for s in (-8, 0, 8):
                    x, y = mx - uy * s, my + ux * s
                    draw.ellipse([x - 3, y - 3, x + 3, y + 3], outline=COLOURS["bridge"], width=2)
    # Hex numbers.
    for name in all_hexes():
        cx, cy = hex_centre(name)
        draw.text((cx, cy - DY / 2 + 3), name, fill=COLOURS["number"], font=small, anchor="mt")
    # Places: towns (a dot and the name), depots (a flag of the side's colour).
    for place in the_map.get("place", []):
        for h in hex_list(place.get("hexes", place.get("hex", ""))):
            cx, cy = hex_centre(h)
            if place["kind"] == "town":
                draw.ellipse([cx - 6, cy - 6, cx + 6, cy + 6], fill=COLOURS["town"])
                draw.text((cx, cy + 9), place["name"], fill=COLOURS["label"], font=label, anchor="mt",
                          stroke_width=2, stroke_fill="#ffffff")
            elif place["kind"] == "depot":
                colour = COLOURS.get(place.get("side", ""), "#000000")
                draw.line([(cx + 10, cy + 4), (cx + 10, cy - 18)], fill="#000000", width=2)
                draw.rectangle([cx + 11, cy - 18, cx + 27, cy - 8], fill=colour, outline="#000000")
                draw.text((cx + 19, cy - 13), "D", fill="#ffffff", font=small, anchor="mm")
    title = font(20, bold=True)
    draw.text((WIDTH - 20, 14), "Lee Invades the North: Adjutant demo map (not the game's map)",
              fill=COLOURS["label"], font=title, anchor="ra", stroke_width=3, stroke_fill="#ffffff")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
