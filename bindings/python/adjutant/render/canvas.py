"""A picture of one map: its boards' own images where the layout puts them, shapes drawn over them
in map coordinates, written as SVG (the boards embedded, the overlay lossless) or as PNG (that SVG
rasterised by CairoSVG)."""
import base64
from pathlib import Path

from adjutant import write_new_file
from ..errors import FormatError
from ..procedures.outputs import write_file

_MIME = ((b"\x89PNG", "image/png"), (b"\xff\xd8", "image/jpeg"), (b"GIF8", "image/gif"))


def image_mime(data):
    """The MIME type of a board image file; SVG when it is none of the pixel formats."""
    for magic, mime in _MIME:
        if data.startswith(magic):
            return mime
    return "image/svg+xml"


def escape(text):
    """Text for SVG: xml.sax.saxutils' escape, imported when a picture is drawn (it pulls in urllib)."""
    from xml.sax.saxutils import escape as sax_escape
    return sax_escape(text)


def quoteattr(value):
    """An attribute value, quoted: xml.sax.saxutils' quoteattr."""
    from xml.sax.saxutils import quoteattr as sax_quoteattr
    return sax_quoteattr(value)


def attributes(**attrs):
    """SVG attributes from keywords: stroke_width= becomes stroke-width=; None is left out."""
    return "".join(f" {k.replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)


def _shorten(words, most):
    return words if len(words) <= most else words[:most - 1] + "…"


def _legend_step(rows, size):
    """How far down a legend of `rows` rows (its title and entries) puts the next: its box and a gap."""
    return size * (1.4 * rows + 1.2)


def points(pts):
    return " ".join(f"{x},{y}" for x, y in pts)


class Canvas:
    """The map's boards and the SVG elements drawn over them, seen through a rectangle of the map."""

    def __init__(self, game_map):
        self.map = game_map
        width, height = game_map.size
        self.view = (0, 0, width, height)
        self.elements = []
        self.legends = []  # (title, [(colour, words, "hex" | "line")]): drawn in a band under the view
        self.notes = []   # what could not be drawn (a board without its image), for the caller to print

    def crop(self, left, top, right, bottom):
        """Show only this rectangle of the map (clamped to it)."""
        width, height = self.map.size
        left, top = max(0, int(left)), max(0, int(top))
        self.view = (left, top, max(1, min(width, int(right)) - left), max(1, min(height, int(bottom)) - top))

    def visible(self, x, y, margin=0):
        left, top, width, height = self.view
        return left - margin <= x <= left + width + margin and top - margin <= y <= top + height + margin

    # --- shapes, in map coordinates ---
    def polygon(self, pts, **style):
        self.elements.append(f"<polygon points={quoteattr(points(pts))}{attributes(**style)}/>")

    def polyline(self, pts, **style):
        self.elements.append(f"<polyline points={quoteattr(points(pts))} fill=\"none\"{attributes(**style)}/>")

    def line(self, a, b, **style):
        self.elements.append(f"<line x1=\"{a[0]}\" y1=\"{a[1]}\" x2=\"{b[0]}\" y2=\"{b[1]}\"{attributes(**style)}/>")

    def circle(self, centre, radius, **style):
        self.elements.append(f"<circle cx=\"{centre[0]}\" cy=\"{centre[1]}\" r=\"{radius}\"{attributes(**style)}/>")

    def rect(self, x, y, width, height, **style):
        self.elements.append(f"<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\"{attributes(**style)}/>")

    def text(self, at, words, size, anchor="middle", halo=False, **style):
        """Words at a point; with `halo`, over a white outline of themselves, to read on any art."""
        style.setdefault("fill", "#000")
        start = (f"<text x=\"{at[0]:.1f}\" y=\"{at[1]:.1f}\" font-size=\"{size:.1f}\" "
                 f"font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"{anchor}\"")
        if halo:
            outline = dict(style, fill="#ffffff", stroke="#ffffff", stroke_width=f"{size / 5:.1f}",
                           stroke_linejoin="round")
            self.elements.append(f"{start}{attributes(**outline)}>{escape(words)}</text>")
        self.elements.append(f"{start}{attributes(**style)}>{escape(words)}</text>")

    def legend(self, title, entries):
        self.legends.append((title, entries))

    # --- output ---
    def svg(self):
        """The picture: the view of the map, and below it a band with the legends, so that no legend
        covers what the picture is about."""
        left, top, width, height = self.view
        band = self.legend_band()
        parts = [f"<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                 f"width=\"{width}\" height=\"{height + band}\" viewBox=\"{left} {top} {width} {height + band}\">",
                 f"<rect x=\"{left}\" y=\"{top}\" width=\"{width}\" height=\"{height + band}\" fill=\"#ffffff\"/>"]
        parts += self._boards()
        parts += self.elements
        parts += self._legends()
        parts.append("</svg>")
        return "\n".join(parts) + "\n"

    def _letter_size(self):
        """The legends' letter size: sized to the view's width, so that they read the same on any crop."""
        return max(12.0, self.view[2] / 80)

    def legend_band(self):
        """The height of the band under the view that the legends take (0 without legends)."""
        if not self.legends:
            return 0
        size = self._letter_size()
        return round(size / 2 + sum(_legend_step(len(entries) + 1, size) for _, entries in self.legends))

    def _boards(self):
        out = []
        for name, _, _, reversed_, (x, y, width, height) in self.map.layout:
            try:
                data = self.map.board_image(name)
            except FormatError as e:
                self.notes.append(f"board {name!r} drawn blank: {e}")
                out.append(f"<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" fill=\"#eeeeee\"/>")
                continue
            href = f"data:{image_mime(data)};base64,{base64.b64encode(data).decode('ascii')}"
            turn = f" transform=\"rotate(180 {x + width / 2} {y + height / 2})\"" if reversed_ else ""
            out.append(f"<image x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" "
                       f"preserveAspectRatio=\"none\" xlink:href=\"{href}\"{turn}/>")
        return out

    def _legends(self):
        """The legends' elements, in the band under the view: each legend a box, the next below it,
        with a title, then a swatch and words per entry."""
        if not self.legends:
            return []
        saved, self.elements = self.elements, []
        left, top, width, height = self.view
        size = self._letter_size()
        # The band hides what lies beyond the view under the legends: the boards' art, shapes.
        self.rect(left, top + height, width, self.legend_band(), fill="#ffffff")
        y = top + height + size / 2
        longest = max(8, int((width - 4 * size) / (0.62 * size)))  # characters that fit across the view
        for title, entries in self.legends:
            title = _shorten(title, longest)
            entries = [(colour, _shorten(words, longest - 3), kind) for colour, words, kind in entries]
            rows = [title] + [words for _, words, _ in entries]
            box_width = size * 0.62 * max(len(r) for r in rows) + 3 * size
            self.rect(left + size / 2, y, box_width, size * (1.4 * len(rows) + 0.6), fill="#ffffff",
                      stroke="#333333")
            x = left + size
            self.text((x, y + size * 1.3), title, size, anchor="start", font_weight="bold")
            for i, (colour, words, kind) in enumerate(entries, start=1):
                row = y + size * (1.3 + 1.4 * i)
                if kind == "hex":
                    self.rect(x, row - size * 0.8, size, size * 0.9, fill=colour)
                else:
                    self.line((x, row - size * 0.35), (x + size, row - size * 0.35), stroke=colour,
                              stroke_width=size * 0.3)
                self.text((x + size * 1.5, row), words, size, anchor="start")
            y += _legend_step(len(rows), size)
        drawn, self.elements = self.elements, saved
        return drawn

    def png(self, scale=1.0):
        import cairosvg  # slow to import; only PNG output needs it
        return cairosvg.svg2png(bytestring=self.svg().encode("utf-8"), scale=scale)

    def save(self, path, scale=1.0, replace=False):
        """Writes a new .svg or .png file (by its suffix) whole; an existing file is an error unless
        `replace` (a file the caller made itself earlier)."""
        kind = Path(path).suffix.lower()
        if kind not in (".svg", ".png"):
            raise ValueError(f"{path}: a picture is written as .svg or .png")
        data = self.svg().encode("utf-8") if kind == ".svg" else self.png(scale)
        return write_file(path, lambda new: write_new_file(new, data), replace)
