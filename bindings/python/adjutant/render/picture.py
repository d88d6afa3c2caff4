"""What Adjutant draws on a map: the hex grid with VASSAL's names, a companion file's terrain,
reachable hexes, paths with their costs, traces, lines of sight, and the paths a procedure's report
names (broadcasts, lines of communication). Hexes are named as Movement, Sight and the reports
name them: the board's own name ('1426'), or 'BOARD:1426' where two boards of the map share it."""
from collections import Counter
from fractions import Fraction

from ..errors import FormatError
from ..rules.mp import mp_text, parse_mp
from .canvas import Canvas
from . import colours


class Picture:
    """A picture of one map (a Map of adjutant.open_module(...).maps or of game.maps).

        picture = Picture(game.map("Main Map"))
        picture.grid()
        picture.reach(movement.reach("1622", ["infantry"], 6), allowance=6)
        picture.focus(reach)          # only the hexes around these
        picture.save("reach.png")     # or .svg

    Layers are drawn in the order they are added, each over the last; each returns the hexes it
    drew, for focus() (none for the grid and the terrain, which cover the map)."""

    def __init__(self, game_map):
        self.map = game_map
        self.canvas = Canvas(game_map)
        self._grids = {}
        for name, *_ in game_map.layout:
            try:
                self._grids[name] = game_map.hex_grid(name)
            except (ValueError, FormatError):  # a board without a hex grid: nothing to name on it
                continue
        if not self._grids:
            raise ValueError(f"map {game_map.name!r} has no board with a hex grid to draw on")
        grid = next(iter(self._grids.values()))
        left, top, right, bottom = _bounds(grid.corners(grid.hexes()[0]))
        self.hex_width, self.hex_height = right - left, bottom - top
        self.size = min(self.hex_width, self.hex_height)   # the scale of lines and letters

    @property
    def notes(self):
        return self.canvas.notes

    # --- where hexes are ---
    def _locate(self, hex_name):
        board, _, bare = hex_name.rpartition(":")
        if board in self._grids:
            return self._grids[board], bare
        for grid in self._grids.values():
            try:
                grid.hex(hex_name)
                return grid, hex_name
            except ValueError:
                continue
        raise ValueError(f"no hex {hex_name!r} on map {self.map.name!r}")

    def centre(self, hex_name):
        grid, name = self._locate(hex_name)
        return grid.centre(name)

    def corners(self, hex_name):
        grid, name = self._locate(hex_name)
        return grid.corners(name)

    def hexside(self, a, b):
        """The two ends of the hexside between adjacent hexes a and b: a's corners nearest b."""
        bx, by = self.centre(b)
        return sorted(self.corners(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)[:2]

    def focus(self, hexes, margin=2):
        """Show only the hexes named (and `margin` hexes round them) instead of the whole map."""
        pts = [p for h in hexes for p in self.corners(h)]
        if not pts:
            return
        left, top, right, bottom = _bounds(pts)
        self.canvas.crop(left - margin * self.hex_width, top - margin * self.hex_height,
                         right + margin * self.hex_width, bottom + margin * self.hex_height)

    # --- layers ---
    def grid(self, names=True):
        """Every hex outlined, with the name VASSAL gives it (its location name) near its bottom, clear
        of the numbers boards print near the top."""
        for grid in self._grids.values():
            for h in grid.hexes():
                x, y = grid.centre(h)
                if not self.canvas.visible(x, y, self.size):
                    continue
                self.canvas.polygon(grid.corners(h), fill="none", stroke=colours.GRID, stroke_width=1)
                if names:
                    self.canvas.text((x, y + 0.42 * self.hex_height), grid.location_name(h), 0.14 * self.size,
                                     fill=colours.GRID)

    def shade(self, hex_name, colour, opacity=colours.SHADE_OPACITY):
        self.canvas.polygon(self.corners(hex_name), fill=colour, fill_opacity=opacity, stroke="none")

    def label(self, hex_name, words, below=-0.1, size=0.2, colour="#000000"):
        """Words inside a hex, their baseline `below` hex heights under its centre (negative: above;
        the default keeps the centre itself clear, where a shade's colour can be read)."""
        x, y = self.centre(hex_name)
        self.canvas.text((x, y + below * self.hex_height), words, size * self.size, fill=colour,
                         font_weight="bold", halo=True)

    def outline(self, hex_name, colour, width=0.06, dashed=False):
        self.canvas.polygon(self.corners(hex_name), fill="none", stroke=colour, stroke_width=width * self.size,
                            stroke_dasharray=f"{self.size * 0.12} {self.size * 0.08}" if dashed else None)

    def terrain(self, terrain, skip=None):
        """A companion file's map (companion.map(NAME) or companion.maps[i]): hexes tinted by terrain type
        (all but `skip`, by default the commonest type, which is the board's background), elevations
        written where they vary, hexside features drawn along their hexsides, and lines (roads,
        rails) from centre to centre. A legend names each colour."""
        hexes = terrain.hexes()
        types = {h: terrain.terrain(h) for h in hexes}
        counts = Counter(types.values())
        if skip is None:
            skip = max(counts, key=counts.get)
        legend = []
        terrain_colours = colours.assign(sorted(counts), colours.TERRAIN_COLOURS)
        for h, t in types.items():
            if t != skip:
                self.shade(h, terrain_colours[t], colours.TERRAIN_OPACITY)
        legend += [(terrain_colours[t], f"{t} ({counts[t]} hexes)", "hex") for t in sorted(counts) if t != skip]
        elevations = {h: terrain.elevation(h) for h in hexes}
        if len(set(elevations.values())) > 1:
            for h, level in elevations.items():
                self.label(h, str(level), colour=colours.ELEVATION)
        sides = terrain.hexside_features()
        side_colours = colours.assign(sorted({f for _, _, fs in sides for f in fs}), colours.HEXSIDE_COLOURS)
        for a, b, features in sides:
            end1, end2 = self.hexside(a, b)
            for i, feature in enumerate(features):
                self.canvas.line(end1, end2, stroke=side_colours[feature], stroke_width=(0.1 - 0.03 * i) * self.size,
                                 stroke_linecap="round")
        legend += [(c, f, "line") for f, c in side_colours.items()]
        crossings = terrain.line_crossings()
        line_colours = colours.assign(sorted({t for _, _, ts in crossings for t in ts}), colours.LINE_COLOURS)
        for a, b, types_across in crossings:
            for t in types_across:
                self.canvas.line(self.centre(a), self.centre(b), stroke=line_colours[t], stroke_width=0.06 * self.size,
                                 stroke_dasharray=f"{self.size * 0.15} {self.size * 0.07}")
        legend += [(c, t, "line") for t, c in line_colours.items()]
        self.legend(f"terrain of {terrain.map} ({skip}: no tint)", legend)
        return []

    def reach(self, reach, allowance=None, start=None):
        """Movement.reach's {hex: (MP left, must stop)}: shaded darker the more MP are left (of the
        `allowance`, MP as a number or as '4 1/2'), MP left written in each hex, hexes where the unit
        must stop outlined with dashes."""
        most = _fraction(allowance) if allowance is not None else max((left for left, _ in reach.values()), default=0)
        for h, (left, must_stop) in reach.items():
            self.shade(h, colours.ramp(float(left / most) if most else 0))
            self.label(h, mp_text(left))
            if must_stop:
                self.outline(h, colours.STOP, dashed=True)
        if start:
            self.outline(start, colours.START, width=0.1)
        self.legend("MP left", [(colours.ramp(1), f"{mp_text(most)} MP left", "hex"), (colours.ramp(0), "0 MP left", "hex"),
                                (colours.STOP, "must stop there", "line")])
        return list(reach)

    def path(self, path, colour=colours.PATH, allowance=None):
        """Movement.path or explain: the route centre to centre, the MP spent so far written in each
        hex entered, and the first illegal step crossed out: a step the rules refuse, or with the
        unit's `allowance` (MP) given, the step that spends more than it."""
        self.route(path.hexes, colour)
        spent = 0
        most = None if allowance is None else _fraction(allowance)
        for step in path.steps:
            spent += step["total"]
            self.label(step["to_hex"], f"{mp_text(step['total'])} ({mp_text(spent)})", colour=colour)
            over = most is not None and spent > most and not path.legal
            problem = step["problem"] or (f"over {mp_text(most)} MP" if over else "")
            if problem:
                self.cross(step["to_hex"], problem)
                break
        self.legend(f"path {path.hexes[0]} to {path.hexes[-1]}: {mp_text(path.total)} MP",
                    [(colour, "MP of the step (MP so far)", "line"),
                     (colour if path.legal else colours.BAD, "legal" if path.legal else f"illegal: {path.reason}",
                      "line")])
        return list(path.hexes)

    def trace(self, trace, colour=colours.TRACE, title="trace"):
        """A trace (Movement.trace and the rulebook traces): its hexes from the start to the target
        reached, or, when none was found, the start crossed out with the reason."""
        if trace.found:
            self.route(list(trace.hexes), colour)
            self.outline(trace.hexes[-1], colour, width=0.1)
            self.legend(title, [(colour, " ".join(trace.hexes), "line")])
            return list(trace.hexes)
        self.legend(title, [(colours.BAD, f"none: {trace.reason}", "line")])
        return []

    def sight(self, sight, from_hex, to_hex):
        """A Sight.between result: the hexes the line crosses outlined, the line itself coloured by
        the verdict, the hex that blocks it tinted and crossed, the clause in the legend."""
        colour = colours.SIGHT[sight.sight]
        for h in sight.hexes:
            self.outline(h, colours.SIGHT_CROSSED, width=0.05)
        self.canvas.line(self.centre(from_hex), self.centre(to_hex), stroke=colour, stroke_width=0.08 * self.size,
                         stroke_linecap="round")
        if sight.blocked_at:
            self.shade(sight.blocked_at, colours.SIGHT["blocked"])
            self.cross(sight.blocked_at, "")
        self.legend(f"line of sight {from_hex} to {to_hex}: {sight.sight}",
                    [(colour, sight.clause or sight.sight, "line")])
        return [from_hex, to_hex]

    def report(self, report, section=None):
        """The paths a procedure's report names (a Report, or its JSON as a dict): each line with a
        `path` drawn as a route, coloured by its result (CP received, a line found), and labelled.
        Returns the hexes drawn."""
        data = report.as_json() if hasattr(report, "as_json") else report
        legend, drawn = [], []
        for s in data["sections"]:
            if section and s["title"] != section:
                continue
            for line in s["lines"]:
                hexes = line.get("path") or []
                if not hexes:
                    continue
                good = line.get("cp", 1) != 0 and line.get("loc", True) is not False
                colour = colours.GOOD if good else colours.BAD
                self.route(hexes, colour)
                # A line of communication runs from the unit to a depot: name it at the unit.
                self.label(hexes[0] if "loc" in line else hexes[-1], _short(line), size=0.16, colour=colour)
                legend.append((colour, line["text"], "line"))
                drawn += hexes
        self.legend(data.get("title", "report"), legend)
        return drawn

    # --- pieces the layers share ---
    def route(self, hexes, colour):
        pts = [self.centre(h) for h in hexes]
        if len(pts) > 1:
            self.canvas.polyline(pts, stroke=colour, stroke_width=0.09 * self.size, stroke_linejoin="round",
                                 stroke_linecap="round", stroke_opacity=0.85)
        self.canvas.circle(pts[0], 0.12 * self.size, fill=colour)

    def cross(self, hex_name, why):
        x, y = self.centre(hex_name)
        r = 0.25 * self.size
        for dx in (-r, r):
            self.canvas.line((x - dx, y - r), (x + dx, y + r), stroke=colours.BAD, stroke_width=0.08 * self.size)
        if why:
            self.label(hex_name, why, below=0.42, size=0.14, colour=colours.BAD)

    def legend(self, title, entries):
        """A legend box: a title and (colour, words, "hex" or "line") entries."""
        self.canvas.legend(title, entries)

    def save(self, path, scale=1.0, replace=False):
        """Writes a new .svg or .png (over an existing file only with `replace`); returns its path."""
        return self.canvas.save(path, scale, replace)


def _bounds(pts):
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _short(line):
    """A report line's result in a few words: its CP, else whether a line was found."""
    if "cp" in line:
        return f"{line.get('receiver', '')} {line['cp']} CP".strip()
    if "loc" in line:
        return f"{line.get('leader', '')} {'LOC' if line['loc'] else 'no LOC'}".strip()
    return ""


def _fraction(mp):
    """MP given as a number, a Fraction or as rulebooks write them ('4 1/2') as a Fraction."""
    return parse_mp(mp) if isinstance(mp, str) else Fraction(mp)
