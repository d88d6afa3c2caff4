"""The map state a game holds, read through the companion file's [state.NAME]s
(docs/companion-format.md): destroyed bridges, destroyed rail, control of places, breastworks ...
each where the save holds it: the hexes or hexsides its marker pieces stand on (a marker on a
hexside belongs to the two hexes whose centres are nearest it), or the names a global property
lists (separated by commas or spaces); the file's static `fallback` only when the module has neither
such marker pieces nor that property.

    reader = MapStateReader(companion, module)   # what the module holds, looked at once
    state = reader.read(game)                   # the game where it stands now (cheap: one pass)
    state.hexsides("bridge_destroyed")          # frozenset({'1426/1525'})
    state.describe("bridge_destroyed")          # "marker 'Bridge Destroyed'"
    reader.marker_places("bridge_destroyed", game)  # [(piece, '1426/1525')]: its marker pieces
    after.changes(state)                        # {name: Change(added, removed)} of what differs
    companion.movement(map, state=state.where())  # the map with the state applied

A hexside is written "A/B" with its two hex names in sorted order, whichever order a file or a
property gives them."""
import re
from dataclasses import dataclass


class MapStateError(ValueError):
    """A save's map state that names no hex or hexside of its map."""


@dataclass(frozen=True)
class StateReading:
    """One [state.NAME] as a game holds it: its hexes (at = "hex") or hexsides ("hexside"), and
    where they came from: "marker", "property", "fallback", or "none" when the module has neither
    the marker pieces nor the property and the file gives no fallback."""

    name: str
    at: str
    map: str
    places: frozenset
    source: str
    holder: str = ""   # the marker's or the property's name
    removes: tuple = ()  # the hexside features it takes off its hexsides
    cuts: tuple = ()     # the line types it cuts

    def describe(self):
        if self.source == "marker":
            return f"marker {self.holder!r}"
        if self.source == "property":
            return f"global property {self.holder!r}"
        if self.source == "fallback":
            return f"the companion file's fallback (the module has no {self.holder!r})"
        return f"nothing: the module has no {self.holder!r} and the companion file no fallback"


@dataclass(frozen=True)
class Change:
    added: frozenset
    removed: frozenset


def hexside_name(a, b):
    return "/".join(sorted((a, b)))


class MapState:
    """Every [state.NAME] of a companion file as one game holds it. Two states compare equal when
    they hold the same places from the same sources."""

    def __init__(self, readings):
        self.readings = {r.name: r for r in readings}

    def __eq__(self, other):
        return isinstance(other, MapState) and self.readings == other.readings

    def __repr__(self):
        held = ", ".join(f"{n}: {sorted(r.places)}" for n, r in self.readings.items())
        return f"<MapState {held}>"

    def reading(self, name):
        try:
            return self.readings[name]
        except KeyError:
            raise KeyError(f"the companion file has no [state.{name}]") from None

    def hexes(self, name):
        """The hex names of a hex state."""
        return self._places(name, "hex")

    def hexsides(self, name):
        """The hexsides "A/B" of a hexside state."""
        return self._places(name, "hexside")

    def _places(self, name, at):
        reading = self.reading(name)
        if reading.at != at:
            raise ValueError(f"[state.{name}] is a {reading.at} state, not a {at} state")
        return reading.places

    def source(self, name):
        return self.reading(name).source

    def without(self, features):
        """The hexsides "A/B" whose `features` (a bridge, say) a state has taken off."""
        return frozenset(h for r in self.readings.values() if r.at == "hexside" and set(r.removes) & set(features)
                         for h in r.places)

    def cut(self, lines):
        """The hexes where a state cuts one of `lines` (destroyed rail, say)."""
        return frozenset(h for r in self.readings.values() if r.at == "hex" and set(r.cuts) & set(lines)
                         for h in r.places)

    def describe(self, name):
        return self.reading(name).describe()

    def where(self):
        """{name: sorted places} of every state holding something: Companion.movement's `state`."""
        return {n: sorted(r.places) for n, r in self.readings.items() if r.places}

    def changes(self, before):
        """What differs from an earlier state: {name: Change(added, removed)}, only the states that changed."""
        out = {}
        for name, now in self.readings.items():
            then = before.readings.get(name)
            old = then.places if then is not None else frozenset()
            if now.places != old:
                out[name] = Change(now.places - old, old - now.places)
        return out


class MapStateReader:
    """Reads the map state of games of one module through one companion file."""

    def __init__(self, companion, module=None):
        self.companion = companion
        self.states = list(companion.states)
        markers = {s.marker for s in self.states if s.marker}
        self._module_markers = set()
        self._module_properties = set()
        if module is not None:
            if markers:
                self._module_markers = {slot.piece_name for slot in module.piece_slots} & markers
            self._module_properties = {p.name for p in module.global_properties}
        self._boards = {}
        for terrain in companion.maps:
            self._boards.setdefault(terrain.map, []).append(terrain.board)
        self._movements = {}

    def read(self, game):
        """The MapState of the game where it stands (a log: at its current position)."""
        markers = {s.marker for s in self.states if s.marker}
        found = {m: [] for m in markers}
        if markers:
            for piece in game.pieces:
                if piece.map and piece.name in found:
                    found[piece.name].append(piece)
        return MapState([self._reading(state, game, found) for state in self.states])

    def _reading(self, state, game, found):
        def reading(places, source, holder):
            return StateReading(state.name, state.at, state.map, frozenset(places), source, holder,
                                tuple(state.removes), tuple(state.cuts))

        if state.marker:
            pieces = found[state.marker]
            if pieces or state.marker in self._module_markers:
                return reading({p for p in (self._marked(state, game, piece) for piece in pieces) if p}, "marker",
                               state.marker)
            holder = state.marker
        else:
            value = game.global_property(state.property)
            if value is not None or state.property in self._module_properties:
                return reading(self._listed(state, game, value or ""), "property", state.property)
            holder = state.property
        if state.fallback:
            return reading({self._normal(state, name) for name in state.fallback}, "fallback", holder)
        return reading((), "none", holder)

    # ---- where a marker stands ----

    def marker_places(self, name, game):
        """[(piece, hex or hexside)] of every marker piece of [state.NAME] on its map, in save order."""
        state = self._state(name)
        if not state.marker:
            return []
        found = ((piece, self._marked(state, game, piece)) for piece in game.pieces
                 if piece.map and piece.name == state.marker)
        return [(piece, place) for piece, place in found if place]

    def _state(self, name):
        state = next((s for s in self.states if s.name == name), None)
        if state is None:
            raise KeyError(f"the companion file has no [state.{name}]")
        return state

    def _marked(self, state, game, piece):
        view = game.map(piece.map)
        if view.name != state.map:
            return None
        hex_ = view.hex_at(piece.x, piece.y)
        if hex_ is None:
            return None
        board = view.board_at(piece.x, piece.y)
        grid = view.hex_grid(board)
        name = self._name(state.map, board, grid.name(hex_))
        if state.at == "hex":
            return name
        nearest = min(grid.neighbors(hex_), key=lambda n: (_distance2(grid.centre(n), piece), grid.name(n)))
        return hexside_name(name, self._name(state.map, board, grid.name(nearest)))

    def _name(self, map_name, board, name):
        """A board's hex as the companion file's whole map names it."""
        if len(self._boards.get(map_name, ())) < 2:
            return name
        if map_name not in self._movements:
            self._movements[map_name] = self.companion.movement(map_name)
        return self._movements[map_name].map_hex(board, name)

    # ---- what a property lists ----

    def _listed(self, state, game, value):
        names = [n for n in re.split(r"[,\s]+", value) if n]
        grids = self._grids(game, state.map)
        out = set()
        for name in names:
            if state.at == "hex":
                if not any(_knows(g, name) for g in grids):
                    raise MapStateError(f"{game.source}: global property {state.property!r} ([state.{state.name}]) "
                                        f"names {name!r}, no hex of map {state.map!r}")
                out.add(name)
                continue
            pair = next((p for g in grids for p in [_hexside(g, name)] if p), None)
            if pair is None:
                raise MapStateError(f"{game.source}: global property {state.property!r} ([state.{state.name}]) "
                                    f"names {name!r}, no hexside of map {state.map!r} (two adjacent hexes joined by '/')")
            out.add(hexside_name(*pair))
        return out

    def _grids(self, game, map_name):
        """The hex grids of the boards of the map the companion file describes and the game lays out."""
        view = next((m for m in game.maps if m.name == map_name), None)
        grids = []
        for board in self._boards.get(map_name, []) if view is not None else []:
            try:
                grids.append(view.hex_grid(board))
            except ValueError:  # a board this game does not lay out
                pass
        return grids

    @staticmethod
    def _normal(state, name):
        if state.at == "hex":
            return name
        slash = name.find("/")
        return hexside_name(name[:slash].strip(), name[slash + 1:].strip())


def _distance2(point, piece):
    return (point[0] - piece.x) ** 2 + (point[1] - piece.y) ** 2


def _knows(grid, name):
    """Whether the name is a hex on the grid's board."""
    try:
        return grid.contains(grid.hex(name))
    except ValueError:
        return False


def _hexside(grid, text):
    """The two hex names of "A/B" on the grid when they are adjacent (the first '/' that splits it so)."""
    for i, char in enumerate(text):
        if char != "/":
            continue
        a, b = text[:i].strip(), text[i + 1:].strip()
        if _knows(grid, a) and _knows(grid, b):
            return (a, b) if grid.hex(b) in grid.neighbors(a) else None
    return None
