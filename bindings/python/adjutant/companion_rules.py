"""What the checks share: a companion file's movement rules for each map and board, and pieces as
units with a movement class the rules know."""


class CheckError(ValueError):
    """The companion file cannot judge a piece: a unit without a class, a class [movement] lacks, an
    allowance or a stacking measure that is not a number."""


class CompanionRules:
    def __init__(self, module, companion):
        self.module, self.companion = module, companion
        self._movements = {}

    def movement(self, map_name, board):
        """The Movement of a map's board, or None when the companion file does not describe it. A
        [[map]] that names no board covers the map's only hex board."""
        key = (map_name, board)
        if key not in self._movements:
            terrain = next((t for t in self.companion.maps if t.map == map_name and t.board in (board, "")), None)
            self._movements[key] = self.companion.movement(map_name, terrain.board) if terrain else None
        return self._movements[key]

    @staticmethod
    def unit_class(movement, unit, where):
        """The unit's movement class; CheckError naming `where` when it has none the rules know."""
        cls = unit.get(movement.class_attribute)
        if not cls:
            raise CheckError(f"{where}: no unit attribute {movement.class_attribute!r} to give its movement class")
        if cls not in movement.classes:
            raise CheckError(f"{where}: unknown unit class {cls!r} (the classes are {', '.join(movement.classes)})")
        return cls
