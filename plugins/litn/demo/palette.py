"""The colours the board and the counters are painted with."""

COLOURS = {
    "Pennsylvania": "#efe7cf", "Maryland": "#ecefd2", "Virginia": "#f3e2d0", "ridge": "#a08050",
    "grid": "#8a8270", "number": "#5a5448", "river": "#3b6fb6", "stream": "#6d9ddb", "road": "#9a4b22",
    "rail": "#202020", "slope": "#6b4f2a", "bridge": "#303030", "border": "#7a2f6f", "town": "#202020",
    "Union": "#3e63a8", "Confederate": "#8c8c8c", "label": "#202020",
}

