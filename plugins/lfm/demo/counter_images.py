"""The counters' images: the side's colour, the type's symbol, the name and what the counter
prints (SP and cohesion, or a commander's stars and CV); the markers' images."""
from adjutant.procedures.demo_images import marker_png, unit_png

from .board import COLOURS

SYMBOLS = {"infantry": "X", "cavalry": "/", "artillery": "o", "horse artillery": "o/", "commander": "*"}
MARKER_COLOURS = {"Breastworks": "#8a6a3a", "Build": "#c8a060", "Burning Bridge": "#e06020",
                  "Destroyed Bridge": "#303030"}


def counter_png(counter):
    colour = COLOURS.get(counter.side) or MARKER_COLOURS[counter.name]
    if counter.type == "marker":
        return marker_png(colour, counter.name, word_chars=10)
    return unit_png(colour, SYMBOLS[counter.type], counter.name, counter.label, name_chars=9, label_size=9)

