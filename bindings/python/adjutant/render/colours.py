"""The colours of the pictures. Overlays are drawn at SHADE_OPACITY over the board, so a hex's
centre shows `opacity * colour + (1 - opacity) * board`."""

GRID = "#303030"
SHADE_OPACITY = 0.55
TERRAIN_OPACITY = 0.45
START = "#1f3a93"
STOP = "#b03a2e"
PATH = "#1f3a93"
TRACE = "#6c3483"
GOOD = "#1e8449"
BAD = "#c0392b"
ELEVATION = "#5d4037"
SIGHT = {"clear": "#1e8449", "partial": "#d68910", "blocked": "#c0392b"}
SIGHT_CROSSED = "#f1c40f"

# Colours for the kinds a companion file names: a name's usual map colour when it says what it is
# (river, woods, road ...), else the next of a palette (Tableau 10).
_USUAL = (("river", "#1565c0"), ("stream", "#42a5f5"), ("creek", "#42a5f5"), ("ford", "#80deea"),
          ("bridge", "#616161"), ("rail", "#000000"), ("pike", "#4e342e"), ("road", "#8d6e63"),
          ("trail", "#bcaaa4"), ("wood", "#2e7d32"), ("forest", "#2e7d32"), ("orchard", "#7cb342"),
          ("swamp", "#558b2f"), ("marsh", "#558b2f"), ("town", "#757575"), ("city", "#424242"),
          ("rough", "#a1887f"), ("mountain", "#6d4c41"), ("hill", "#a1887f"), ("slope", "#8d6e63"),
          ("ridge", "#795548"), ("water", "#1565c0"), ("lake", "#1565c0"))
TERRAIN_COLOURS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
                   "#9c755f", "#bab0ac")
HEXSIDE_COLOURS = ("#ad1457", "#ef6c00", "#00838f", "#6a1b9a", "#c62828", "#2e7d32")
LINE_COLOURS = ("#8e24aa", "#c62828", "#00695c", "#f9a825", "#000000")

# MP left, from none to all: light yellow to deep green.
_RAMP = ((0xff, 0xf5, 0x9d), (0x1b, 0x5e, 0x20))


def assign(names, palette):
    """A colour for each name: its usual one, else the palette's next (repeating)."""
    out, unusual = {}, 0
    for name in names:
        usual = next((c for word, c in _USUAL if word in name.lower()), None)
        if usual is None:
            usual, unusual = palette[unusual % len(palette)], unusual + 1
        out[name] = usual
    return out


def ramp(fraction):
    """The colour of `fraction` (0 to 1) of the way along the MP-left ramp, as #rrggbb."""
    fraction = min(1.0, max(0.0, fraction))
    low, high = _RAMP
    return "#" + "".join(f"{round(a + (b - a) * fraction):02x}" for a, b in zip(low, high))


def rgb(colour):
    """'#rrggbb' as an (r, g, b) tuple."""
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
