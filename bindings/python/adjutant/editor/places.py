"""Places named on the page ({name, kind, hex} or {hexes}, and `file`: which of the map's
[[map.place]]s it is, in file order, absent for a new one) checked and made the writer's place
entries: adjutant.rewrite_companion renames, moves and removes the file's places and adds the new ones."""
from .shown import shown


class PlaceError(ValueError):
    """A place the page cannot save: no name, a kind the vocabulary lacks, a hex off the board."""


def place_entries(state, file_count, kinds, known_hexes):
    """The state's places as adjutant.rewrite_companion's 'places' ([{file, name, kind, hexes}])."""
    places = state.get("places", [])
    if not isinstance(places, list) or not all(isinstance(p, dict) for p in places):
        raise PlaceError("'places' must be a list of objects {name, kind, hex}")
    out, first = [], {}
    for p in places:
        name, kind = (str(p.get(k) or "").strip() for k in ("name", "kind"))
        label = shown(name) if name else "?"
        hexes = p.get("hexes") or [p.get("hex")]
        if not isinstance(hexes, list) or not all(isinstance(h, str) and h for h in hexes):
            raise PlaceError(f"place {label}: 'hex' must be a hex name")
        file = p.get("file")
        if file is not None and (not isinstance(file, int) or isinstance(file, bool) or not 0 <= file < file_count):
            raise PlaceError(f"place {label}: 'file' {shown(file)} is not one of the file's {file_count} places")
        if not name:
            raise PlaceError(f"place at {shown(hexes[0], bare=True)}: it needs a name")
        one_line(name, f"place {label} at {shown(hexes[0], bare=True)}")
        if kind not in kinds:
            raise PlaceError(f"place {label}: {shown(kind)} is not a place kind of the file ({', '.join(kinds) or 'none'})")
        for h in hexes:  # a file's own hex list may hold ranges ("0101..0303"), which the writer reads
            if ".." not in h and h not in known_hexes:
                raise PlaceError(f"place {label}: no hex {shown(h)} on the board")
        if (name, kind) in first:
            raise PlaceError(f"place {label} at {hexes[0]}: a second {kind} of that name (the first at "
                             f"{first[name, kind]}): give each {kind} its own name")
        first[name, kind] = hexes[0]
        out.append({"file": file, "name": name, "kind": kind, "hexes": hexes})
    return out


def one_line(name, where):
    """PlaceError unless `name` is one line of text (no line break or other control character)."""
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise PlaceError(f"{where}: a name cannot hold a line break or another control character")
