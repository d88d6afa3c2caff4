"""What the checks share: a companion file's movement rules for each map and board, and pieces as
units with a movement class the rules know."""


class CheckError(ValueError):
    """The companion file cannot judge a piece: a unit without a class, a class [movement] lacks, an
    allowance or a stacking measure that is not a number."""


class CompanionRules:
    """`state` (adjutant.rules.map_state.MapState), when given, is applied to every map: what its
    [state.NAME]s remove or cut (destroyed bridges, destroyed rail) is gone for every search and trace."""

    def __init__(self, module, companion, state=None):
        if not companion.has_movement:
            raise CheckError(f"{companion.file} has no [movement] section: it says what the map is, not what moving "
                             f"costs, so nothing can be judged with it (docs/companion-format.md)")
        self.module, self.companion = module, companion
        self.use_state(state)

    def use_state(self, state):
        """Applies another map state to every map from now on (a log's, as its markers change)."""
        self.state = state
        self._where = (state.where() or None) if state is not None else None
        self._movements = {}

    def write_unit(self, game, piece_id, attribute, text):
        """Sets a unit attribute of a piece in `game` where the companion file's [units] maps it to a
        property or a layer (its stored value where the mapping names one for `text`); False when it
        maps it to nothing writable, for the caller to report instead."""
        source = self.companion.unit_source(attribute)
        if source is None or source["from"] not in ("property", "layer"):
            return False
        raw = next((stored for stored, meant in source["values"] if meant == text), text)
        name = source["name"] if source["from"] == "property" else source["name"] + "_Level"
        game.set_property(piece_id, name, raw)
        return True

    def movement(self, map_name, board):
        """The Movement that covers a map's board: the whole map's where the companion file's boards
        of it make one hex grid, else the board's own; None when the file does not describe it."""
        if map_name not in self._movements:
            whole = None
            if any(t.map == map_name for t in self.companion.maps):
                try:
                    whole = self.companion.movement(map_name, state=self._where)
                except ValueError:  # boards that do not continue: each is judged on its own
                    pass
            self._movements[map_name] = whole
        whole = self._movements[map_name]
        if whole is not None and (board in whole.boards or whole.boards == [""]):
            return whole
        key = (map_name, board)
        if key not in self._movements:
            terrain = next((t for t in self.companion.maps if t.map == map_name and t.board == board), None)
            self._movements[key] = self.companion.movement(map_name, board, self._where) if terrain else None
        return self._movements[key]

    def hex_name(self, view, x, y):
        """The board a map point lies on and its hex's name for that board's Movement; (None, None)
        off the hex boards."""
        hex_ = view.hex_at(x, y)
        if hex_ is None:
            return None, None
        board = view.board_at(x, y)
        movement = self.movement(view.name, board)
        name = view.hex_grid(board).name(hex_)
        return board, movement.map_hex(board, name) if movement is not None else name

    @staticmethod
    def unit_class(movement, unit, where):
        """The unit's movement class; CheckError naming `where` when it has none the rules know."""
        cls = unit.get(movement.class_attribute)
        if not cls:
            raise CheckError(f"{where}: no unit attribute {movement.class_attribute!r} to give its movement class")
        if cls not in movement.classes:
            raise CheckError(f"{where}: unknown unit class {cls!r} (the classes are {', '.join(movement.classes)})")
        return cls

    @staticmethod
    def unit_kind(movement, unit, where):
        """The unit's kind ([movement] kind_attribute), None when the file declares no kinds or the
        unit has none; CheckError naming `where` for a kind the file does not declare."""
        if not movement.kind_attribute:
            return None
        kind = unit.get(movement.kind_attribute)
        if not kind:
            return None
        if kind not in movement.kinds:
            raise CheckError(f"{where}: unknown unit kind {kind!r} (the [movement] 'kinds' are {', '.join(movement.kinds)})")
        return kind
