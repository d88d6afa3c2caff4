"""What a game plugin's Army (its units where they stand on one map) shares with the others: the
reading of the units in their stacks (top of each stack first), the hexes of the map and their
geometry (distance, adjacency, neighbours, direction), who stands where, the zones of control the
companion file gives a position, the writing back of a unit's attributes and hex to the game, and
the markers of the companion file's [state.NAME]s placed and removed."""
import math

from .companion_rules import CompanionRules
from .map_state import MapStateReader, hexside_name


class MarkerRefused(ValueError):
    """A [state.NAME] marker that cannot be put on the map (the module's palette has no piece of that
    name, or the state is not held by marker pieces): the caller reports it for the player instead."""


class MapArmy(CompanionRules):
    """A subclass sets `game`, `map` (the map's Movement), `map_name` and `board`, keeps units with
    `.piece`, `.name`, `.side`, `.hex` and `.attributes` in `units` (and those off the map in
    `off_map`), gives `position(mover_side)` (adjutant.PositionUnit of every unit, seen by a unit of
    that side) and `other_side(side)`, and sets `error` to the ValueError its procedures catch."""

    error = ValueError
    _hex_boards = {}   # hex -> (board, its grid's name of it): read_units fills it; without it, the one board

    # ---- reading the units ----

    def read_units(self, source, make_unit):
        """Reads every piece the companion file maps to a unit (`make_unit(piece, attributes)` makes
        it) into `units`, stack by stack in save order, each stack from its top unit down (VASSAL's
        stack order reversed: a Stack lists its pieces bottom first), and those off the first map a
        unit stands on into `off_map`; then the hexes of that map."""
        self.units, self.off_map = [], []
        self.map = self.map_name = self.board = None
        order = {}
        for piece in self.game.pieces:
            if piece.stack is not None and piece.stack not in order:
                members = self.game.piece(piece.stack).members
                order.update((member, len(members) - 1 - i) for i, member in enumerate(members))
            attributes = self.companion.unit(piece, self.module)
            if attributes is None:
                continue
            unit = make_unit(piece, attributes)
            hex_name = None
            if piece.map:
                view = self.game.map(piece.map)
                board, hex_name = self.hex_name(view, piece.x, piece.y)
                movement = self.movement(view.name, board) if hex_name else None
                if movement is not None and self.map is None:
                    self.map, self.map_name, self.board = movement, piece.map, board
                if movement is None or movement is not self.map:
                    hex_name = None
            if hex_name is None:
                self.off_map.append(unit)
                continue
            unit.hex = hex_name
            self.units.append(unit)
        if self.map is None:
            raise self.error(f"{source}: no unit stands on a map the companion file describes")
        place = {}
        for i, unit in enumerate(self.units):
            place.setdefault(unit.hex, (i, []))[1].append(unit)
        self.units = [u for _, stack in sorted(place.values(), key=lambda p: p[0])
                      for u in sorted(stack, key=lambda u: order.get(u.piece.id, 0))]
        self._read_centres()

    def _read_centres(self):
        view = self.game.map(self.map_name)
        self._centres = {}   # every hex of the map -> its centre
        self._hex_boards = {}   # every hex of the map -> (its board, the name its board's grid gives it)
        for board in self.map.boards or [self.board]:
            grid = view.hex_grid(board)
            for h in grid.hexes():
                name = self.map.map_hex(board, grid.name(h))
                self._centres[name] = grid.centre(h)
                self._hex_boards[name] = (board, grid.name(h))

    # ---- hex names ----

    @property
    def hexes(self):
        """Every hex of the map, by name."""
        return list(self._centres)

    def require_hex(self, hex_name):
        if hex_name not in self._centres:
            raise self.error(f"no hex {hex_name!r} on the map (hexes are named as VASSAL names them, like "
                             f"{next(iter(self._centres))!r})")

    # ---- who is where ----

    def of(self, side):
        return [u for u in self.units if u.side == side]

    def named(self, name):
        found = next((u for u in self.units + self.off_map if u.name == name), None)
        if found is None:
            raise self.error(f"no unit named {name!r} in the game")
        return found

    def in_hex(self, hex_name, side=None):
        """The units in a hex, top of the stack first."""
        self.require_hex(hex_name)
        return [u for u in self.units if u.hex == hex_name and (side is None or u.side == side)]

    def stacks(self):
        """{hex: [units, top first]} for every occupied hex, in save order."""
        found = {}
        for unit in self.units:
            found.setdefault(unit.hex, []).append(unit)
        return found

    def top(self, hex_name, combat=True):
        """The top unit of a hex (with `combat`, its top combat unit); None when there is none."""
        return next((u for u in self.in_hex(hex_name) if u.is_combat or not combat), None)

    def side_in(self, hex_name):
        """The side whose units stand in the hex (None when empty)."""
        return next((u.side for u in self.in_hex(hex_name)), None)

    # ---- geometry ----

    def distance(self, a, b):
        """Hexes between two hexes."""
        return self.map.distance(a, b)

    def adjacent(self, a, b):
        return self.distance(a, b) == 1

    def neighbours(self, hex_name):
        """The adjacent hexes on the map, by direction (N, NE, SE, S, SW, NW; those off the map left out)."""
        around = [h for h in self._centres if self.adjacent(hex_name, h)]
        return sorted(around, key=lambda h: self.direction(hex_name, h))

    def direction(self, a, b):
        """The hexside of `a` that adjacent `b` lies through: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW."""
        if not self.adjacent(a, b):
            raise self.error(f"{a} and {b} are not adjacent")
        (ax, ay), (bx, by) = self._centres[a], self._centres[b]
        return round(math.degrees(math.atan2(bx - ax, ay - by)) / 60) % 6

    def terrain(self, hex_name):
        return self.map.terrain(hex_name)

    # ---- the movement engine and the game ----

    def engine_zones(self, mover_side):
        """The zones of the other side's units that a unit of `mover_side` meets, by the companion
        file's [movement.zones]; None when the file has none."""
        if not self.map.has_zones:
            return None
        return self.map.zones(units=self.position(mover_side))

    def zone_hexes(self, side):
        """The hexes in the zones of control of `side`'s units (engine_zones, seen by the other side)."""
        zones = self.engine_zones(self.other_side(side))
        return set(zones.controlled_hexes()) if zones is not None else set()

    def write(self, unit, attribute, value):
        """Sets the unit's attribute in the game where the companion file maps it to a property, a
        layer or a rotator; False when it maps it to nothing writable (the caller reports it instead)."""
        if not self.write_unit(self.game, unit.piece.id, attribute, str(value)):
            return False
        unit.attributes[attribute] = str(value)
        return True

    def move(self, unit, hex_name):
        """Moves the unit's piece to the centre of a hex of the map, on the board that hex is on."""
        self.require_hex(hex_name)
        self.game.move_piece(unit.piece.id, self.map_name, *self.point_of(hex_name))
        unit.hex = hex_name

    def point_of(self, hex_name):
        """The centre of a hex of the map, on the board that hex is on."""
        board, grid_name = self._hex_boards.get(hex_name, (self.board, hex_name))
        return self.game.map(self.map_name).point_of(grid_name, board)

    # ---- the markers of the map state ----

    def markers(self, name, place):
        """The marker pieces of [state.NAME] standing on a hex (or hexside "A/B") as the state reads them."""
        place = self._place(name, place)
        return [piece for piece, at in self._state_reader().marker_places(name, self.game) if at == place]

    def marker_name(self, name):
        """The piece name of [state.NAME]'s markers ("" when a global property holds the state)."""
        return self._companion_state(name).marker

    def place_marker(self, name, place):
        """Puts a piece of [state.NAME]'s marker, from the module's palette, where the state reads it:
        at the hex's centre, or (a hexside state, "A/B") between the two hexes' centres; returns its id.
        MarkerRefused, naming the entry, when the palette has none (nothing is changed then)."""
        state = self._companion_state(name)
        if not state.marker:
            raise MarkerRefused(f"[state.{name}] is held in global property {state.property!r}, not by marker pieces")
        if state.marker not in {slot.piece_name for slot in self.module.piece_slots}:
            raise MarkerRefused(f"the module's palette has no piece named {state.marker!r} (the marker of "
                                f"[state.{name}])")
        if state.map and state.map != self.map_name:
            raise self.error(f"[state.{name}] lies on map {state.map!r}, not on {self.map_name!r} where the units stand")
        points = [self.point_of(h) for h in self._place(name, place).split("/")]
        x, y = (sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points))
        piece = self.game.add_piece(state.marker, self.map_name, x, y)
        self._reread_state()
        return piece

    def remove_marker(self, piece):
        """Takes a marker piece (a piece or its id) off the table."""
        self.game.delete_piece(getattr(piece, "id", piece))
        self._reread_state()

    def _companion_state(self, name):
        state = next((s for s in self.companion.states if s.name == name), None)
        if state is None:
            raise self.error(f"{self.companion.file}: no [state.{name}]: the companion file does not say which "
                             f"marker it is")
        return state

    def _place(self, name, place):
        """The hex, or the hexside "A/B" in sorted order, checked against the map and the state's `at`."""
        at = self._companion_state(name).at
        hexes = place.split("/")
        if len(hexes) != (2 if at == "hexside" else 1):
            raise self.error(f"[state.{name}] is a {at} state: {place!r} is not a " +
                             ("hexside (two adjacent hexes, A/B)" if at == "hexside" else "hex"))
        for h in hexes:
            self.require_hex(h)
        if at == "hexside":
            if not self.adjacent(*hexes):
                raise self.error(f"{hexes[0]} and {hexes[1]} are not adjacent")
            return hexside_name(*hexes)
        return place

    def _state_reader(self):
        if getattr(self, "_reader", None) is None:
            self._reader = MapStateReader(self.companion, self.module)
        return self._reader

    def _reread_state(self):
        self.use_state(self._state_reader().read(self.game))
        self.map = self.movement(self.map_name, self.board)
