"""Pictures over a module's own board images: `Picture` (adjutant/render/picture.py) draws the hex
grid, terrain, reach, paths, traces, lines of sight and a report's paths; `save` writes SVG or PNG."""
from . import colours
from .picture import Picture

__all__ = ["Picture", "colours"]
