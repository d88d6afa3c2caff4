"""The counters' images: the side's colour, the type's symbol, the name and the printed value."""

from adjutant.procedures.demo_images import counter_square, font, png_bytes

from .board import COLOURS


def counter_png(counter):
    image, draw = counter_square(COLOURS[counter.side])
    box = [12, 4, 28, 14]
    if counter.type in ("infantry", "cavalry"):
        draw.rectangle(box, fill="#ffffff", outline="#000000")
        if counter.type == "infantry" and "dummy" not in counter.kind:
            draw.line([(12, 4), (28, 14)], fill="#000000")
            draw.line([(12, 14), (28, 4)], fill="#000000")
        elif counter.type == "cavalry":
            draw.line([(12, 14), (28, 4)], fill="#000000", width=2)
    elif counter.type == "fortification":
        draw.rectangle(box, fill="#ffffff", outline="#000000", width=2)
    words = counter.name.replace("Union ", "").replace("CSA ", "")
    draw.text((20, 22), words[:9], fill="#ffffff", font=font(7, bold=True), anchor="mm")
    draw.text((20, 33), counter.label, fill="#ffffff", font=font(9, bold=True), anchor="mm")
    return png_bytes(image)
