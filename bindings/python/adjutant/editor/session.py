"""What the editor shows and saves: one board of a module's map with its hexes, the companion
file's vocabulary and contents, and the edited state written as a new companion file."""
import re
import tempfile
import tomllib
from pathlib import Path

import adjutant
from ..errors import FormatError
from ..render.canvas import image_mime
from ..rules.companion_check import companion_problem
from .places import PlaceError, place_entries
from .starter import KINDS, STARTER_ALLOWANCE, STARTER_CLASS, StarterError, empty_vocabulary, free_path, starter_text, vocabulary


class SaveError(ValueError):
    """The edited state cannot be saved: a hex, type or hexside the map or the file does not know."""


class EditorSession:
    """The module, the map and board being edited, and the companion file (None: a file begun on
    the page, its vocabulary sent with the state, saved beside the module)."""

    def __init__(self, module_path, companion_path=None, map_name=None, board=None, readonly=False):
        self.module_path = str(module_path)
        self.module = adjutant.open_module(self.module_path)
        self.companion_path = Path(companion_path) if companion_path else None
        self.readonly = readonly
        self.companion = adjutant.open_companion(self.companion_path, self.module) if self.companion_path else None
        self.map = self._choose_map(map_name)
        self.board = board or self._hex_board()
        self.grid = self.map.hex_grid(self.board)
        self.terrain = self.companion.map(self.map.name) if self.companion else None
        if self.companion and self.terrain is None:
            raise ValueError(f"{self.companion_path} has no [[map]] for map {self.map.name!r}")

    def _choose_map(self, name):
        maps = [m for m in self.module.maps if m.boards]
        if name:
            maps = [m for m in self.module.maps if name in (m.name, m.id)]
        elif self.companion and self.companion.maps:
            maps = [m for m in maps if m.name == self.companion.maps[0].map] or maps
        else:
            maps = [m for m in maps if _hex_board(m)] or maps
        if len(maps) != 1:
            raise ValueError(f"name the map with --map; the maps with boards are: "
                             f"{', '.join(m.name for m in self.module.maps if m.boards)}")
        return maps[0]

    def _hex_board(self):
        board = _hex_board(self.map)
        if board is None:
            raise ValueError(f"map {self.map.name!r} has no board with a hex grid")
        return board

    # --- what the page shows ---
    def board_image(self):
        data = self.map.board_image(self.board)
        return data, image_mime(data)

    def board_rect(self):
        for name, _, _, _, rect in self.map.layout:
            if name == self.board:
                return list(rect)
        return [0, 0, *self.map.size]

    def description(self):
        hexes = []
        for h in self.grid.hexes():
            hexes.append({"name": self.grid.name(h), "location": self.grid.location_name(h),
                          "centre": list(self.grid.centre(h)), "corners": [list(p) for p in self.grid.corners(h)],
                          "neighbours": [self.grid.name(n) for n in self.grid.neighbors(h)]})
        out = {"module": self.module_path, "map": self.map.name, "board": self.board, "board_rect": self.board_rect(),
               "board_image": "/api/board-image", "hexes": hexes, "readonly": self.readonly,
               "companion": str(self.companion_path) if self.companion_path else None,
               "starter": self.companion is None, "saves_to": str(self.next_path()),
               "unit_classes": self._unit_classes()}
        out.update(self._companion_contents())
        return out

    def _unit_classes(self):
        if self.companion is None:
            return [STARTER_CLASS]
        try:
            return list(self.companion.movement(self.map.name).classes)
        except ValueError:  # a file without [movement]
            return []

    def _companion_contents(self):
        if self.companion is None:
            return self._starter_contents()
        words = self._toml().get("vocabulary", {})
        m = self._toml_map()
        vocabulary = {key: words.get(key, []) for key in ("terrain", "hexside", "high_side", "lines", "places")}
        vocabulary["default_terrain"] = m.get("default_terrain", (vocabulary["terrain"] or [""])[0])
        vocabulary["default_elevation"] = m.get("default_elevation", 0)
        t = self.terrain
        high = {(a, b, f): hh for a, b, f, hh in t.high_sides()}
        state = {"terrain": {h: t.terrain(h) for h in t.hexes()},
                 "elevation": {h: t.elevation(h) for h in t.hexes()},
                 "hexsides": [{"side": f"{a}/{b}", "feature": f, "high": high.get((a, b, f), "")}
                              for a, b, fs in t.hexside_features() for f in fs],
                 "lines": [{"type": l.type, "name": l.name, "hexes": l.hexes, "no_junction": l.no_junction}
                           for l in t.lines()],
                 "places": self._places()}
        return {"vocabulary": vocabulary, "state": state}

    def _starter_contents(self):
        return {"vocabulary": empty_vocabulary(),
                "state": {"terrain": {}, "elevation": {}, "hexsides": [], "lines": [], "places": []}}

    def _toml(self):
        return tomllib.loads(self.companion_path.read_text(encoding="utf-8"))

    def _toml_map(self):
        for m in self._toml().get("map", []):
            if m.get("name") == self.map.name:
                return m
        return {}

    def _places(self):
        """The map's [[map.place]]s for the page: {file (its index), name, kind, hex (the first hex),
        hexes (the hex list as written, when it is one)}."""
        out = []
        for i, p in enumerate(self._toml_map().get("place", [])):
            hexes = p["hexes"].split() if isinstance(p.get("hexes"), str) else p.get("hexes")
            place = {"file": i, "name": p.get("name"), "kind": p.get("kind"), "hex": hexes[0] if hexes else p.get("hex")}
            if hexes:
                place["hexes"] = hexes
            out.append(place)
        return out

    def guesses(self):
        """`terrain sample`'s reading of the board image: {terrain: {hex: type}, elevation: {hex: level},
        unmatched: [hex]} for this map (empty tables where the palette samples nothing)."""
        if self.companion is None:
            raise SaveError("no companion file: `terrain sample` reads colours by its [map.palette]")
        sample = adjutant.sample_terrain(str(self.companion_path), self.module)
        found = [m for m in sample["maps"] if m["map"] == self.map.name]
        if not found:
            raise SaveError(f"{self.companion_path}: the [[map]] {self.map.name!r} has no [map.palette] to sample by")
        with tempfile.TemporaryDirectory() as folder:
            sampled = Path(folder) / self.companion_path.name
            sampled.write_text(sample["text"], encoding="utf-8")
            terrain = adjutant.open_companion(sampled, self.module).map(self.map.name)
            hexes = terrain.hexes()
            return {"terrain": {h: terrain.terrain(h) for h in hexes} if found[0]["terrain"] is not None else {},
                    "elevation": {h: terrain.elevation(h) for h in hexes} if found[0]["elevation"] is not None else {},
                    "unmatched": sorted(set(found[0]["unmatched_terrain"]) | set(found[0]["unmatched_elevation"]))}

    # --- saving ---
    def next_path(self):
        """NAME-2.toml, NAME-3.toml ... beside the companion file, or MODULE.toml, MODULE-2.toml ...
        beside the module for a file begun here: the first that does not exist."""
        if self.companion is None:
            module = Path(self.module_path)
            return free_path(module.parent, module.stem, ".toml", plain_first=True)
        stem = re.sub(r"-\d+$", "", self.companion_path.stem)
        return free_path(self.companion_path.parent, stem, self.companion_path.suffix, plain_first=False)

    def tables(self, state):
        """The edited state ({terrain: {hex: type}, elevation: {hex: level}, hexsides: [{side, feature,
        high}], lines: [{type, name, hexes, no_junction}], places: [{file, name, kind, hex}]}) as
        adjutant.rewrite_companion's map tables."""
        if not isinstance(state, dict):
            raise SaveError("the state must be a JSON object")
        known = {self.grid.name(h) for h in self.grid.hexes()}
        vocabulary = self._vocabulary(state)
        default_terrain, default_elevation = vocabulary["default_terrain"], vocabulary["default_elevation"]
        table = {"map": self.map.name, "board": self.terrain.board if self.terrain else self.board}

        def hex_name(name, where):
            if name not in known:
                raise SaveError(f"{where}: no hex {name!r} on board {self.board!r}")
            return name

        terrain = _object(state, "terrain")
        by_type = {t: [] for t in vocabulary["terrain"] if t != default_terrain}
        for h, t in terrain.items():
            if t not in vocabulary["terrain"]:
                raise SaveError(f"terrain of {h}: {t!r} is not a terrain type of the file "
                                f"({', '.join(vocabulary['terrain'])})")
            if t != default_terrain:
                by_type[t].append(hex_name(h, "terrain"))
        table["terrain"] = by_type
        by_level = {}
        for h, level in _object(state, "elevation").items():
            if not isinstance(level, int) or isinstance(level, bool):
                raise SaveError(f"elevation of {h}: {level!r} is not a whole number")
            if level != default_elevation:
                by_level.setdefault(level, []).append(hex_name(h, "elevation"))
        table["elevation"] = dict(sorted(by_level.items()))
        by_feature = {}
        for side in _list(state, "hexsides"):
            a, _, b = str(side.get("side", "")).partition("/")
            hex_name(a, "hexside"), hex_name(b, "hexside")
            feature = side.get("feature")
            if feature not in vocabulary["hexside"]:
                raise SaveError(f"hexside {a}/{b}: {feature!r} is not a hexside feature of the file "
                                f"({', '.join(vocabulary['hexside'])})")
            high = side.get("high") or ""
            if feature in vocabulary["high_side"]:
                if high not in (a, b):
                    raise SaveError(f"hexside {a}/{b}: {feature} needs its high side, {a} or {b}")
                by_feature.setdefault(feature, []).append((f"{a}/{b}", high))
            else:
                by_feature.setdefault(feature, []).append(f"{a}/{b}")
        table["hexsides"] = by_feature
        lines = []
        for line in _list(state, "lines"):
            if line.get("type") not in vocabulary["lines"]:
                raise SaveError(f"line: {line.get('type')!r} is not a line type of the file "
                                f"({', '.join(vocabulary['lines'])})")
            hexes = [hex_name(h, f"{line['type']} line") for h in line.get("hexes", [])]
            if len(hexes) < 2:
                raise SaveError(f"{line['type']} line: a line needs two hexes or more")
            lines.append({"type": line["type"], "name": str(line.get("name") or ""), "hexes": hexes,
                          "no_junction": [hex_name(h, "no_junction") for h in line.get("no_junction", [])]})
        table["lines"] = lines
        try:
            table["places"] = place_entries(state, len(self._places()) if self.companion else 0, vocabulary["places"],
                                            known)
        except PlaceError as e:
            raise SaveError(str(e)) from None
        table["note"] = "painted in adjutant edit"
        return table

    def _vocabulary(self, state):
        """The words the state may use: a file begun here, those named on the page; a companion file,
        its own and those named on the page with New... (new_words)."""
        try:
            sent = vocabulary(state)
        except StarterError as e:
            raise SaveError(str(e)) from None
        if self.companion is None:
            return sent
        words = self._companion_contents()["vocabulary"]
        return {**words, **{kind: words[kind] + [w for w in sent[kind] if w not in words[kind]] for kind in KINDS}}

    def new_words(self, state):
        """The words named on the page that the companion file lacks: {kind: [word]}."""
        if self.companion is None:
            return {kind: [] for kind in KINDS}
        words, file = self._vocabulary(state), self._companion_contents()["vocabulary"]
        return {kind: [w for w in words[kind] if w not in file[kind]] for kind in KINDS}

    def companion_text(self, state):
        """The companion file with the state's map tables and new words, as adjutant.rewrite_companion
        writes it (a file begun here: the starting text for the state's vocabulary, rewritten the same way)."""
        tables = [self.tables(state)]
        if self.companion is not None:
            return adjutant.rewrite_companion(str(self.companion_path), self.module, tables, self.new_words(state))
        try:
            start = starter_text(self.module, self.map.name, self.board, self._vocabulary(state))
        except StarterError as e:
            raise SaveError(str(e)) from None
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "start.toml"
            path.write_text(start, encoding="utf-8")
            return adjutant.rewrite_companion(str(path), self.module, tables)

    def notes(self, state):
        """What the saved file leaves the player to fill: the placeholder costs of new terrain types,
        the starting [movement] and [sight]."""
        if self.companion is None:
            return [f"[units], [movement] and [sight] are placeholders (every piece a unit of class "
                    f"'{STARTER_CLASS}' with {STARTER_ALLOWANCE} MP, every terrain type 1 MP; line of sight by LFM's "
                    f"rules): give the rules' own"]
        terrain = self.new_words(state)["terrain"]
        if not terrain or not self._toml().get("movement"):
            return []
        return [f"new terrain type {', '.join(terrain)}: each [movement.class] has a placeholder cost for it until "
                f"you give its own (the lines marked 'placeholder')"]

    def save(self, state):
        """Writes the state as a new companion file beside the original; {path, problems: [{message,
        hexes}], notes: [text]}: the problems `terrain check` finds in it and what is left to fill."""
        if self.readonly:
            raise PermissionError("the editor runs --readonly: nothing is saved")
        try:
            text = self.companion_text(state)
        except FormatError as e:
            raise SaveError(str(e)) from None
        path = self.next_path()
        adjutant.write_new_file(str(path), text)
        _, problem = companion_problem(self.module, str(path))
        known = {self.grid.name(h) for h in self.grid.hexes()}
        problems = [{"message": problem, "hexes": sorted(set(re.findall(r"[\w.:-]+", problem)) & known)}] \
            if problem else []
        return {"path": str(path), "problems": problems, "notes": self.notes(state)}


def _hex_board(game_map):
    """The first board of the map's layout with a hex grid, or None."""
    for name, *_ in game_map.layout:
        try:
            game_map.hex_grid(name)
            return name
        except (ValueError, FormatError):
            continue
    return None


def _object(state, key):
    value = state.get(key, {})
    if not isinstance(value, dict):
        raise SaveError(f"'{key}' must be an object of hex: value")
    return value


def _list(state, key):
    value = state.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise SaveError(f"'{key}' must be a list of objects")
    return value
