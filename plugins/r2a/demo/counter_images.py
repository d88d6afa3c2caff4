"""The counters' images: the side's colour, the type's symbol, the name and what the counter
prints (manpower and designation, or a leader's initiative and command radius); the markers'
images."""
from adjutant.procedures.demo_images import marker_png, unit_png

from .board import COLOURS

SYMBOLS = {"infantry": "X", "cavalry": "/", "leader": "*"}
MARKER_COLOURS = {"Station Destroyed": "#303030", "Station Damaged": "#806040", "Depot Destroyed": "#602020",
                  "Confederate Control": "#707070"}


def counter_png(counter):
    colour = COLOURS.get(counter.side) or MARKER_COLOURS[counter.name]
    if counter.type == "marker":
        return marker_png(colour, counter.name, word_chars=11)
    return unit_png(colour, SYMBOLS[counter.type], counter.name, counter.label, name_chars=10, label_size=8)

