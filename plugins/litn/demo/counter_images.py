"""The counters' images."""
import math

from adjutant.procedures.demo_images import counter_square, font, png_bytes

from .palette import COLOURS


def counter_png(counter):
    image, draw = counter_square(COLOURS[counter.side], size=48)
    box = [14, 5, 34, 18]
    if counter.type in ("infantry", "cavalry", "artillery"):
        draw.rectangle(box, fill="#ffffff", outline="#000000")
        if counter.type == "infantry":
            draw.line([(14, 5), (34, 18)], fill="#000000")
            draw.line([(14, 18), (34, 5)], fill="#000000")
        elif counter.type == "cavalry":
            draw.line([(14, 18), (34, 5)], fill="#000000", width=2)
        else:
            draw.ellipse([21, 8, 27, 14], fill="#000000")
    elif counter.type == "leader":
        cx, cy, r = 24, 12, 8
        star = [(cx + (r if i % 2 == 0 else r / 2.5) * math.sin(math.radians(36 * i)),
                 cy - (r if i % 2 == 0 else r / 2.5) * math.cos(math.radians(36 * i))) for i in range(10)]
        draw.polygon(star, fill="#ffffff", outline="#000000")
    else:
        draw.rectangle([14, 6, 34, 14], fill="#ffffff", outline="#000000")
        draw.ellipse([15, 12, 21, 18], fill="#000000")
        draw.ellipse([27, 12, 33, 18], fill="#000000")
    short = counter.name.split(" (")[0]
    words = short.replace("Confederate ", "").replace("Union ", "").split()
    lines = [" ".join(words)] if len(" ".join(words)) <= 9 else [" ".join(words[:len(words) // 2 or 1]),
                                                                  " ".join(words[len(words) // 2 or 1:])]
    f = font(9, bold=True)
    for i, text in enumerate(lines):
        draw.text((24, 24 + 10 * i), text, fill="#ffffff", font=f, anchor="mt")
    return png_bytes(image)

