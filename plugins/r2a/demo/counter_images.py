"""The counters' images: the side's colour, the type's symbol, the name and what the counter
prints (manpower and designation, or a leader's initiative and command radius); the markers' and
the layers' images."""
import io

from PIL import Image, ImageDraw

from adjutant.procedures.demo_images import font

from .board import COLOURS
from .traits import LAYERS

SYMBOLS = {"infantry": "X", "cavalry": "/", "leader": "*"}
MARKER_COLOURS = {"Station Destroyed": "#303030", "Station Damaged": "#806040", "Depot Destroyed": "#602020",
                  "Confederate Control": "#707070"}


def _png(image):
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def counter_png(counter):
    size = 40
    image = Image.new("RGB", (size, size), COLOURS.get(counter.side) or MARKER_COLOURS[counter.name])
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, size - 1, size - 1], outline="#000000", width=2)
    if counter.type == "marker":
        for i, word in enumerate(counter.name.split()):
            draw.text((20, 14 + 12 * i), word[:11], fill="#ffffff", font=font(7, bold=True), anchor="mm")
    else:
        draw.text((20, 10), SYMBOLS[counter.type], fill="#ffffff", font=font(9, bold=True), anchor="mm")
        draw.text((20, 21), counter.name.split()[0][:10], fill="#ffffff", font=font(7, bold=True), anchor="mm")
        draw.text((20, 32), counter.label, fill="#ffffff", font=font(8, bold=True), anchor="mm")
    return _png(image)


def layer_png(name):
    """A layer's marker (OOS, DIS, DEM) over the counter's corner."""
    image = Image.new("RGBA", (22, 12), "#f0d060")
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 21, 11], outline="#000000")
    draw.text((11, 6), LAYERS[name][1], fill="#000000", font=font(7, bold=True), anchor="mm")
    return _png(image)
