"""What the editor shows and saves: one board of a module's map with its hexes, the companion
file's vocabulary and contents, and the edited state written as a new companion file."""
import hashlib
import re
import tempfile
import tomllib
from pathlib import Path
from typing import NamedTuple

import adjutant
from ..errors import FormatError
from ..render.canvas import image_mime
from ..rules.companion_check import companion_problem
from .places import PlaceError, one_line, place_entries
from .shown import shown
from .starter import KINDS, STARTER_ALLOWANCE, STARTER_CLASS, StarterError, empty_vocabulary, free_path, starter_text, vocabulary

MAX_ELEVATION = 1000000   # the format's range of elevations, +-


class SaveError(ValueError):
    """The edited state cannot be saved: a hex, type or hexside the map or the file does not know."""


class ChangedOnDisk(SaveError):
    """The companion file changed on disk since the page read it: saving would undo the changes."""


class CompanionFile(NamedTuple):
    """The companion file as read from disk: its version (a hash of its bytes), the opened file, the
    edited map's terrain and the file's TOML."""
    version: str
    companion: object
    terrain: object
    toml: dict


class EditorSession:
    """The module, the map and board being edited, and the companion file (None: a file begun on
    the page, its vocabulary sent with the state, saved beside the module)."""

    def __init__(self, module_path, companion_path=None, map_name=None, board=None, readonly=False):
        self.module_path = str(module_path)
        self.module = adjutant.open_module(self.module_path)
        self.companion_path = Path(companion_path) if companion_path else None
        self.starter = self.companion_path is None
        self.readonly = readonly
        self._read = None
        companion = None if self.starter else adjutant.open_companion(self.companion_path, self.module)
        self.map = self._choose_map(map_name, companion)
        self.board = board or self._hex_board()
        problem = board_problem(self.map, self.board)
        if problem:
            raise ValueError(problem)
        self.grid = self.map.hex_grid(self.board)
        self.hex_names = {self.grid.name(h) for h in self.grid.hexes()}
        if not self.starter:
            self.file()

    def _choose_map(self, name, companion):
        with_boards = [m for m in self.module.maps if m.boards]
        if name:
            maps = [m for m in self.module.maps if name in (m.name, m.id)]
            if not maps:
                raise ValueError(f"no map {name!r} in the module; its maps with boards are: "
                                 f"{', '.join(m.name for m in with_boards) or 'none'}")
        elif companion and companion.maps:
            maps = [m for m in with_boards if m.name == companion.maps[0].map] or with_boards
        else:
            maps = [m for m in with_boards if _hex_board(m)]
            if not maps:
                raise ValueError(self._no_editable_map(with_boards))
        if len(maps) != 1:
            raise ValueError(f"name the map with --map; the maps the editor can open are: "
                             f"{', '.join(m.name for m in maps)}")
        return maps[0]

    def _no_editable_map(self, with_boards):
        """Why no map of the module can be painted: each hex grid's problem, or that there is none."""
        problems = [problem for m in with_boards for name in _laid_out(m)
                    for problem in [board_problem(m, name)] if problem and "has no hex grid" not in problem]
        if not problems:
            return "the module has no board with a hex grid: the editor paints hex grids only"
        return "no map the editor can open: " + "; ".join(problems)

    def file(self):
        """The companion file as it is on disk now (CompanionFile), read again whenever its bytes change;
        SaveError when it cannot be read or no longer describes the map."""
        while True:
            try:
                data = self.companion_path.read_bytes()
            except OSError as e:
                raise SaveError(f"{self.companion_path}: cannot be read ({e.strerror})") from None
            version = hashlib.sha256(data).hexdigest()[:16]
            if self._read is not None and self._read.version == version:
                return self._read
            try:
                companion = adjutant.open_companion(self.companion_path, self.module)
                toml = tomllib.loads(data.decode("utf-8"))
            except (ValueError, FormatError) as e:  # a hand edit that broke the file
                raise SaveError(str(e)) from None
            if self.companion_path.read_bytes() != data:
                continue  # written again while it was read
            terrain = companion.map(self.map.name)
            if terrain is None:
                raise SaveError(f"{self.companion_path} has no [[map]] for map {self.map.name!r}")
            self._read = CompanionFile(version, companion, terrain, toml)
            return self._read

    def shown_file(self):
        """The file the user edits, as messages name it."""
        return "the companion file begun on the page" if self.starter else str(self.companion_path)

    def hexes_named(self, message):
        """The board's hexes a message names (to outline them on the page)."""
        words = re.findall(r"[\w.:-]+", message)
        return sorted({w for w in words + [w.rstrip(".:-") for w in words] if w in self.hex_names})

    def _hex_board(self):
        board = _hex_board(self.map)
        if board is None:
            problems = [board_problem(self.map, name) for name in _laid_out(self.map)]
            raise ValueError("; ".join(p for p in problems if p and "has no hex grid" not in p)
                             or f"map {self.map.name!r} has no board with a hex grid")
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
               "starter": self.starter, "saves_to": str(self.next_path()),
               "unit_classes": self._unit_classes()}
        out.update(self._companion_contents())
        return out

    def _unit_classes(self):
        if self.starter:
            return [STARTER_CLASS]
        try:
            return list(self.file().companion.movement(self.map.name).classes)
        except ValueError:  # a file without [movement]
            return []

    def _companion_contents(self):
        if self.starter:
            return self._starter_contents()
        read = self.file()
        words = read.toml.get("vocabulary", {})
        m = self._toml_map()
        vocabulary = {key: words.get(key, []) for key in ("terrain", "hexside", "high_side", "lines", "places")}
        vocabulary["default_terrain"] = m.get("default_terrain", (vocabulary["terrain"] or [""])[0])
        vocabulary["default_elevation"] = m.get("default_elevation", 0)
        t = read.terrain
        high = {(a, b, f): hh for a, b, f, hh in t.high_sides()}
        state = {"terrain": {h: t.terrain(h) for h in t.hexes()},
                 "elevation": {h: t.elevation(h) for h in t.hexes()},
                 "hexsides": [{"side": f"{a}/{b}", "feature": f, "high": high.get((a, b, f), "")}
                              for a, b, fs in t.hexside_features() for f in fs],
                 "lines": [{"type": l.type, "name": l.name, "hexes": l.hexes, "no_junction": l.no_junction}
                           for l in t.lines()],
                 "places": self._places(), "version": read.version}
        return {"vocabulary": vocabulary, "state": state}

    def _starter_contents(self):
        return {"vocabulary": empty_vocabulary(),
                "state": {"terrain": {}, "elevation": {}, "hexsides": [], "lines": [], "places": []}}

    def _toml_map(self):
        for m in self.file().toml.get("map", []):
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
        if self.starter:
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
        if self.starter:
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
        known = self.hex_names
        vocabulary = self._vocabulary(state)
        default_terrain, default_elevation = vocabulary["default_terrain"], vocabulary["default_elevation"]
        table = {"map": self.map.name, "board": self.file().terrain.board if not self.starter else self.board}

        def hex_name(name, where):
            if name not in known:
                raise SaveError(f"{where}: no hex {shown(name)} on board {self.board!r}")
            return name

        def word(value, kind, where, described):
            found = value.strip() if isinstance(value, str) else value
            if found not in vocabulary[kind]:
                raise SaveError(f"{where}: {shown(value)} is not a {described} of the file "
                                f"({', '.join(vocabulary[kind])})")
            return found

        terrain = _object(state, "terrain")
        by_type = {t: [] for t in vocabulary["terrain"] if t != default_terrain}
        for h, t in terrain.items():
            t = word(t, "terrain", f"terrain of {shown(h, bare=True)}", "terrain type")
            if t != default_terrain:
                by_type[t].append(hex_name(h, "terrain"))
        table["terrain"] = by_type
        by_level = {}
        for h, level in _object(state, "elevation").items():
            if not isinstance(level, int) or isinstance(level, bool):
                raise SaveError(f"elevation of {shown(h, bare=True)}: {shown(level)} is not a whole number")
            if not -MAX_ELEVATION <= level <= MAX_ELEVATION:
                raise SaveError(f"elevation of {shown(h, bare=True)}: {shown(level)} lies outside the format's range "
                                f"{-MAX_ELEVATION}..{MAX_ELEVATION}")
            if level != default_elevation:
                by_level.setdefault(level, []).append(hex_name(h, "elevation"))
        table["elevation"] = dict(sorted(by_level.items()))
        by_feature, seen = {}, {}
        for side in _list(state, "hexsides"):
            if not side.get("side"):
                raise SaveError("hexside: 'side' is missing (give it as \"HEX/HEX\")")
            a, _, b = str(side["side"]).partition("/")
            hex_name(a, "hexside"), hex_name(b, "hexside")
            feature = word(side.get("feature"), "hexside", f"hexside {a}/{b}", "hexside feature")
            key = (frozenset((a, b)), feature)
            if key in seen:
                raise SaveError(f"hexside {a}/{b}: {feature} is painted twice on it (as {seen[key]} and {a}/{b})")
            seen[key] = f"{a}/{b}"
            high = side.get("high") or ""
            if feature in vocabulary["high_side"]:
                if high not in (a, b):
                    raise SaveError(f"hexside {a}/{b}: {feature} needs its high side, {a} or {b}")
                by_feature.setdefault(feature, []).append((f"{a}/{b}", high))
            elif high:
                raise SaveError(f"hexside {a}/{b}: {feature} has no high side (the file's high_side features: "
                                f"{', '.join(vocabulary['high_side']) or 'none'}), yet {shown(high)} is given")
            else:
                by_feature.setdefault(feature, []).append(f"{a}/{b}")
        table["hexsides"] = by_feature
        lines = []
        for line in _list(state, "lines"):
            kind = word(line.get("type"), "lines", "line", "line type")
            name = str(line.get("name") or "")
            hexes = line.get("hexes", [])
            if not isinstance(hexes, list):
                raise SaveError(f"{kind} line: 'hexes' must be a list of hex names")
            hexes = [hex_name(h, f"{kind} line") for h in hexes]
            if len(hexes) < 2:
                raise SaveError(f"{kind} line: a line needs two hexes or more")
            try:
                one_line(name, f"{kind} line {shown(name)}")
            except PlaceError as e:
                raise SaveError(str(e)) from None
            lines.append({"type": kind, "name": name, "hexes": hexes,
                          "no_junction": [hex_name(h, "no_junction") for h in line.get("no_junction", [])]})
        table["lines"] = lines
        try:
            table["places"] = place_entries(state, 0 if self.starter else len(self._places()), vocabulary["places"],
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
        if self.starter:
            return sent
        words = self._companion_contents()["vocabulary"]
        return {**words, **{kind: words[kind] + [w for w in sent[kind] if w not in words[kind]] for kind in KINDS}}

    def new_words(self, state):
        """The words named on the page that the companion file lacks: {kind: [word]}."""
        if self.starter:
            return {kind: [] for kind in KINDS}
        words, file = self._vocabulary(state), self._companion_contents()["vocabulary"]
        return {kind: [w for w in words[kind] if w not in file[kind]] for kind in KINDS}

    def companion_text(self, state):
        """The companion file with the state's map tables and new words, as adjutant.rewrite_companion
        writes it (a file begun here: the starting text for the state's vocabulary, rewritten the same way)."""
        tables = [self.tables(state)]
        if not self.starter:
            return self._rewritten(str(self.companion_path), tables, self.new_words(state))
        try:
            start = starter_text(self.module, self.map.name, self.board, self._vocabulary(state))
        except StarterError as e:
            raise SaveError(str(e)) from None
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "start.toml"
            path.write_text(start, encoding="utf-8")
            return self._rewritten(str(path), tables)

    def _rewritten(self, path, tables, new_words=None):
        """adjutant.rewrite_companion's text; its errors name the user's file, not the text rewritten."""
        try:
            return adjutant.rewrite_companion(path, self.module, tables, *([new_words] if new_words else []))
        except (ValueError, FormatError) as e:
            message = str(e)
            rewritten = re.match(r"(.*?) \(rewritten\)(?:, line \d+(?:, column \d+)?)?: (.*)", message, re.S)
            if rewritten:  # a line of the text written, which the user never sees
                message = f"{self.shown_file()} as painted: {rewritten.group(2)}"
            raise SaveError(message.replace(path, self.shown_file())) from None

    def notes(self, state):
        """What the saved file leaves the player to fill: the placeholder costs of new terrain types,
        the new line types no class moves along, the starting [movement] and [sight]."""
        if self.starter:
            return [f"[units], [movement] and [sight] are placeholders (every piece a unit of class "
                    f"'{STARTER_CLASS}' with {STARTER_ALLOWANCE} MP, every terrain type 1 MP; line of sight by LFM's "
                    f"rules): give the rules' own"]
        if not self.file().toml.get("movement"):
            return []
        new, notes = self.new_words(state), []
        classes = self.file().toml["movement"].get("class", {}).values()
        unused = [t for t in new["lines"] if not any(t in c.get("line", {}) for c in classes)]
        if new["terrain"]:
            notes.append(f"new terrain type {', '.join(new['terrain'])}: each [movement.class] has a placeholder cost "
                         f"for it until you give its own (the lines marked 'placeholder')")
        if unused:
            notes.append(f"new line type {', '.join(unused)}: no [movement.class] names it in its `line` "
                         f"table yet, so no unit moves along it at a line's cost until you give one")
        return notes

    def check_version(self, state):
        """ChangedOnDisk unless the state was read from the companion file as it is now (its 'version')."""
        if self.starter:
            return
        sent = state.get("version") if isinstance(state, dict) else None
        if sent != self.file().version:
            what = "changed on disk since the page read it" if sent else "may have changed: the state names no 'version'"
            raise ChangedOnDisk(f"{self.companion_path} {what}: nothing is saved, so that its changes are kept. "
                                f"Reload the page to work from the file as it is now, then paint your strokes "
                                f"again (they stay on this page until you reload)")

    def save(self, state):
        """Writes the state as a new companion file beside the original; {path, problems: [{message,
        hexes}], notes: [text], reopened}: the problems `terrain check` finds in it, what is left to fill,
        and whether the session now works from the file written (the first save of a file begun here)."""
        if self.readonly:
            raise PermissionError("the editor runs --readonly: nothing is saved")
        if not isinstance(state, dict):
            raise SaveError("the state must be a JSON object")
        self.check_version(state)
        text = self.companion_text(state)
        path = self.next_path()
        try:
            adjutant.write_new_file(str(path), text)
        except (OSError, ValueError, FormatError) as e:
            raise SaveError(f"cannot write {path}: {e}") from None
        _, problem = companion_problem(self.module, str(path))
        problems = [{"message": problem, "hexes": self.hexes_named(problem)}] if problem else []
        notes = self.notes(state)
        reopened = self.starter
        if reopened:  # from now on the session works from the file written, as `--companion` would
            self.companion_path, self.starter, self._read = path, False, None
            try:
                self.file()
            except SaveError:  # a file `terrain check` cannot read: go on from the page's vocabulary
                self.companion_path, self.starter, self._read, reopened = None, True, None, False
        return {"path": str(path), "problems": problems, "notes": notes, "reopened": reopened}


def _hex_board(game_map):
    """The first board of the map's layout the editor can paint (board_problem), or None."""
    return next((name for name in _laid_out(game_map) if board_problem(game_map, name) is None), None)


def _laid_out(game_map):
    """The names of the boards of the map's layout (none when it cannot be laid out)."""
    try:
        return [name for name, *_ in game_map.layout]
    except (ValueError, FormatError):
        return []


def board_problem(game_map, board):
    """Why the editor cannot paint the board (its hex grid inside a zone, unknown without the board's
    image, or without numbering, so no hex names), in the engine's words where it has them; None when it can."""
    grid = next((b.grid for b in game_map.boards if b.name == board), {})
    zones = [z["name"] for z in grid.get("zones", []) if z.get("grid", {}).get("kind") == "hex"]
    where = f"map {game_map.name!r} board {board!r}"
    if grid.get("kind") == "zoned" and zones:
        return (f"{where}: its hex grid is inside zone {zones[0]!r}, and grids inside zones are not supported "
                f"by the editor yet")
    problems = []
    try:
        game_map.hex_grid(board)
    except (ValueError, FormatError) as e:  # the engine's words, without the file and place it names first
        message = re.sub(r"^.*?\[[^]]*\]: ", "", str(e))
        problems.append(message[len(where):].lstrip(": ") if message.startswith(where + ":") else message)
    if grid.get("kind") == "hex" and grid.get("numbering") is None:
        problems.append("its hex grid has no numbering, so its hexes have no names to paint by "
                        "(give the grid a numbering in the module's editor)")
    if not problems:
        return None
    return problems[0] if problems[0].startswith(where) else f"{where}: " + "; and ".join(problems)


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
