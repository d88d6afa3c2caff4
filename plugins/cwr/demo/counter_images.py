"""The counters' images: the side's colour, the type's symbol, the name and what the counter
prints (weapon and SP, or a leader's ratings); the top edge is the unit's front (3.3)."""
import io

from PIL import Image, ImageDraw

from adjutant.procedures.demo_images import font

from .board import COLOURS

SYMBOLS = {"infantry": "X", "cavalry": "/", "artillery": "o", "leader": "*", "hq": "HQ", "wagon": "W", "train": "TR"}


def counter_png(counter):
    size = 40
    image = Image.new("RGB", (size, size), COLOURS[counter.side])
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, size - 1, size - 1], outline="#000000", width=2)
    draw.line([(4, 2), (size - 5, 2)], fill="#ffffff", width=2)   # the front edge
    draw.text((20, 10), SYMBOLS[counter.type], fill="#ffffff", font=font(9, bold=True), anchor="mm")
    draw.text((20, 21), counter.name.split()[0][:9], fill="#ffffff", font=font(7, bold=True), anchor="mm")
    draw.text((20, 32), counter.label, fill="#ffffff", font=font(9, bold=True), anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def state_png(state):
    """The State layer's marker for a morale state other than normal (Sh, DG, R, BL)."""
    image = Image.new("RGBA", (18, 12), "#f0d060")
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 17, 11], outline="#000000")
    draw.text((9, 6), {"sh": "Sh", "dg": "DG", "r": "R", "bl": "BL"}[state], fill="#000000", font=font(7, bold=True),
              anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
