"""What a game plugin's Army (its units where they stand on one map) shares with the others: the
zones of control the companion file gives a position, and the writing back of a unit's attributes
and hex to the game."""
from .companion_rules import CompanionRules


class MapArmy(CompanionRules):
    """A subclass sets `game`, `map` (the map's Movement), `map_name` and `board`, keeps units with
    `.piece`, `.hex` and `.attributes`, and gives `position(mover_side)` (adjutant.PositionUnit of
    every unit, seen by a unit of that side) and `other_side(side)`."""

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
        """Moves the unit's piece to the centre of a hex of the map."""
        x, y = self.game.map(self.map_name).point_of(hex_name, self.board)
        self.game.move_piece(unit.piece.id, self.map_name, x, y)
        unit.hex = hex_name
