"""The boards' images, painted from the companion file: each hex with its number as VASSAL names
it (E2101), town and city hexes, the rail lines, the places' names and the board's letter; and the
blank boards between them."""
import io

from PIL import Image, ImageDraw

from adjutant.procedures.demo_images import font

from .grid import BY_BOARD, hex_list

COLOURS = {"clear": "#eee8cf", "town": "#c9a493", "city": "#b07a6a", "grid": "#8a8270", "number": "#5a5448",
           "rail": "#303030", "label": "#202020", "gap": "#d8d0c0", "Union": "#3e63a8", "Confederate": "#8c8c8c"}


def _png(image):
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def board_png(companion, board):
    grid = BY_BOARD[board]
    the_map = next(m for m in companion["map"] if m["board"] == board)
    terrain = {h: kind for kind, hexes in the_map.get("terrain", {}).items() for h in hex_list(hexes)}
    image = Image.new("RGB", (grid.width, grid.height), COLOURS["clear"])
    draw = ImageDraw.Draw(image)
    for name in grid.all_hexes():
        cx, cy = grid.hex_centre(name)
        draw.polygon(grid.corners(cx, cy), fill=COLOURS[terrain.get(name, "clear")], outline=COLOURS["grid"])
    for line in the_map.get("line", []):
        draw.line([grid.hex_centre(h) for h in hex_list(line["hexes"])], fill=COLOURS["rail"], width=3)
    small = font(8)
    for name in grid.all_hexes():
        cx, cy = grid.hex_centre(name)
        draw.text((cx, cy - grid.dy / 2 + 2), name, fill=COLOURS["number"], font=small, anchor="mt")
    named = {}
    for place in the_map.get("place", []):
        if place["kind"] != "rail_link":
            named.setdefault(hex_list(place.get("hexes", [place.get("hex", "")]))[0], place["name"])
    for hex_name, name in named.items():
        cx, cy = grid.hex_centre(hex_name)
        draw.text((cx, cy + grid.dy / 2 - 4), name[:16], fill=COLOURS["label"], font=font(8, bold=True), anchor="mb",
                  stroke_width=2, stroke_fill="#ffffff")
    draw.text((grid.width - 8, grid.height - 6), f"R2A board {board}: Adjutant demo (not a game's map)",
              fill=COLOURS["label"], font=font(12, bold=True), anchor="rb", stroke_width=3, stroke_fill="#ffffff")
    return _png(image)


def gap_png(width, height):
    """A blank board between two hex boards."""
    return _png(Image.new("RGB", (width, height), COLOURS["gap"]))
