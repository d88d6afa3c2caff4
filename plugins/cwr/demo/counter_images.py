"""The counters' images: the side's colour, the type's symbol, the name and what the counter
prints (weapon and SP, or a leader's ratings); the top edge is the unit's front (3.3)."""
from adjutant.procedures.demo_images import layer_png, unit_png

from .board import COLOURS

SYMBOLS = {"infantry": "X", "cavalry": "/", "artillery": "o", "leader": "*", "hq": "HQ", "wagon": "W", "train": "TR"}


def counter_png(counter):
    return unit_png(COLOURS[counter.side], SYMBOLS[counter.type], counter.name, counter.label, name_chars=9,
                    label_size=9, front=True)


def state_png(state):
    """The State layer's marker for a morale state other than normal (Sh, DG, R, BL)."""
    return layer_png({"sh": "Sh", "dg": "DG", "r": "R", "bl": "BL"}[state], width=18)
