"""Places named on the page ({name, kind, hex}) added to the edited [[map]] as [[map.place]] tables,
after the file's own places (kept as the file has them): adjutant.rewrite_companion writes the map's
terrain, hexsides and lines; the new places go at the end of that map's block of the text."""
import json
import re
import tomllib

HEADER = re.compile(r"^\s*\[")
OWN = re.compile(r"^\s*\[\[?\s*map\s*\.")


class PlaceError(ValueError):
    """A place the page cannot add: no name, a kind the vocabulary lacks, a hex off the board."""


def new_places(state, file_places, kinds, known_hexes):
    """The places of the state that the file does not have, each checked: [{name, kind, hex}]."""
    places = state.get("places", [])
    if not isinstance(places, list) or not all(isinstance(p, dict) for p in places):
        raise PlaceError("'places' must be a list of objects {name, kind, hex}")
    have = [dict(p) for p in file_places]
    added = []
    for p in places:
        if p in have:
            have.remove(p)
            continue
        name, kind, hex_name = (str(p.get(k) or "").strip() for k in ("name", "kind", "hex"))
        if not name:
            raise PlaceError(f"place at {hex_name or '?'}: it needs a name")
        if kind not in kinds:
            raise PlaceError(f"place {name!r}: {kind!r} is not a place kind of the file ({', '.join(kinds) or 'none'})")
        if hex_name not in known_hexes:
            raise PlaceError(f"place {name!r}: no hex {hex_name!r} on the board")
        added.append({"name": name, "kind": kind, "hex": hex_name})
    return added


def with_places(text, map_name, places):
    """The text with `places` as [[map.place]] tables at the end of map `map_name`'s block."""
    if not places:
        return text
    lines = text.splitlines(keepends=True)
    start = _map_start(text, lines, map_name)
    end = next((i for i in range(start + 1, len(lines)) if HEADER.match(lines[i]) and not OWN.match(lines[i])),
               len(lines))
    tables = "".join(f"\n[[map.place]]\nname = {_q(p['name'])}\nkind = {_q(p['kind'])}\nhex = {_q(p['hex'])}\n"
                     for p in places)
    before = "".join(lines[:end])
    out = before + ("" if before.endswith("\n") else "\n") + tables.lstrip("\n") + ("\n" if end < len(lines) else "") \
        + "".join(lines[end:])
    written = [m for m in tomllib.loads(out).get("map", []) if m.get("name") == map_name]
    if not written or written[0].get("place", [])[-len(places):] != places:
        raise PlaceError(f"map {map_name!r}: the new places cannot be placed in the file's text")
    return out


def _map_start(text, lines, map_name):
    starts = [i for i, line in enumerate(lines) if re.match(r"^\s*\[\[\s*map\s*\]\]", line)]
    order = [m.get("name") for m in tomllib.loads(text).get("map", [])]
    if map_name not in order or len(order) != len(starts):
        raise PlaceError(f"map {map_name!r}: its [[map]] table cannot be found in the file's text")
    return starts[order.index(map_name)]


def _q(value):
    return json.dumps(value, ensure_ascii=False)
