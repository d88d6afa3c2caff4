"""The units of a Lee Moves North game where they stand, with what the procedures ask of a
position: stacks, adjacency, the hexsides between hexes, leaders, fortifications, zones of control
of face-down units, which side of the Potomac a hex is on; and the writing back of strengths and
states through the companion file's [units] mapping.

Unit attributes (the companion file maps them to the module's properties): side (Union |
Confederate), type (infantry | cavalry | leader | fortification | depot, as printed), kind
(division, corps, brigade, militia, dummy, leader, fortification, depot), class (the movement class:
a face-down unit's is infantry), role (combat, leader, fortification, depot: what the zone and
stacking rules ask), strength (a leader's is `bonus`), disrupted, entrained (true/false). A face-down unit is one its owner masked (VASSAL's
Mask): every procedure reads what is under the mask, as the table does.
"""
from dataclasses import dataclass

from adjutant import PositionUnit
from adjutant.rules.army_unit import SIDES, ArmyUnit, enemy_of, flag_of
from adjutant.rules.map_army import MapArmy
from adjutant.rules.visibility import Viewer, masked

ENEMY_UNIT = "an enemy unit"  # what a report calls a unit hidden or masked from its reader
NORTH = "North of the Potomac"   # the companion file's area north of the river (18.0)


class ArmyError(ValueError):
    """A unit the procedures cannot use: a missing strength, a side that is neither Union nor Confederate."""


@dataclass
class Unit(ArmyUnit):
    """A unit; its hex is "" off the map (militia waiting, 18.3)."""
    error = ArmyError

    kind: str = ""
    face_down: bool = False  # masked by its owner (6.0)
    known: bool = True       # False: masked or hidden from the viewer; reports call it "an enemy unit"
    seen: bool = True

    @property
    def is_dummy(self):
        return self.kind == "dummy"

    @property
    def is_leader(self):
        return self.type == "leader"

    @property
    def is_fortification(self):
        return self.type == "fortification"

    @property
    def is_combat(self):
        """A combat unit (3.21): infantry or cavalry, not a dummy."""
        return self.type in ("infantry", "cavalry") and not self.is_dummy

    @property
    def face_up_cavalry(self):
        return self.type == "cavalry" and not self.face_down

    @property
    def strength(self):
        """Combat strength (a fortification's too); 0 for dummies, leaders and the depot."""
        if self.is_dummy or self.type in ("leader", "depot"):
            return 0
        value = self.attributes.get("strength")
        try:
            return int(str(value).strip())
        except ValueError:
            raise ArmyError(f"unit {self.name!r} has no strength: map it in the companion file's [units]") from None

    @property
    def bonus(self):
        """A leader's combat bonus (11.4)."""
        try:
            return int(str(self.attributes.get("bonus")).strip())
        except ValueError:
            raise ArmyError(f"leader {self.name!r} has no bonus: map it in the companion file's [units]") from None

    def state(self, name):
        return self._flag(name)

    disrupted = flag_of("disrupted")

    def describe(self):
        if self.is_leader:
            return f"{self.name} ({self.bonus} bonus)"
        if self.is_dummy:
            return f"{self.name} (dummy)"
        return f"{self.name} ({self.strength})"


class Army(MapArmy):
    """Every unit of a game on the companion file's map, hidden and masked ones included, and the
    units of the game off it (`waiting`: militia not yet raised). `viewer` only says what a report may name."""

    error = ArmyError

    def __init__(self, context):
        super().__init__(context.module, context.companion)
        self.game = context.game
        self.viewer = Viewer(self.game, getattr(context, "side", "referee"))
        self.units, self.waiting = [], []
        self.map = self.map_name = None
        self._neighbours = {}
        for piece in self.game.pieces:
            self._add(piece)
        if self.map is None:
            raise ArmyError(f"{context.source}: no unit stands on a map the companion file describes")
        terrain = self.companion.map(self.map_name)
        self._hexes = terrain.hexes()
        self._sides = {frozenset((a, b)): set(features) for a, b, features in terrain.hexside_features()}

    def _add(self, piece):
        attributes = self.companion.unit(piece, self.module)
        if attributes is None or attributes.get("side") not in SIDES:
            return
        hex_name = movement = board = None
        if piece.map:
            view = self.game.map(piece.map)
            board, hex_name = self.hex_name(view, piece.x, piece.y)
            movement = self.movement(view.name, board) if hex_name else None
        unit = Unit(piece, piece.name, attributes["side"], attributes.get("type", ""), hex_name or "", attributes,
                    kind=attributes.get("kind", ""), face_down=masked(piece), known=self.viewer.knows(piece),
                    seen=self.viewer.sees(piece))
        if movement is None:
            unit.hex = ""
            self.waiting.append(unit)
            return
        if self.map is not None and movement is not self.map:
            return
        self.map, self.map_name, self.board = movement, piece.map, board
        self.units.append(unit)

    def redactions(self):
        return {u.name: ENEMY_UNIT for u in self.units + self.waiting if not u.known}

    def unseen(self):
        return sorted(u.name for u in self.units + self.waiting if not u.seen)

    # ---- who is where ----

    def named(self, name):
        found = next((u for u in self.units + self.waiting if u.name == name), None)
        if found is None:
            raise ArmyError(f"no unit named {name!r} in the game")
        return found

    def require_hex(self, hex_name):
        if hex_name not in self._hexes:
            raise ArmyError(f"no hex {hex_name!r} on the map")

    def in_hex(self, hex_name, side=None):
        return [u for u in self.units if u.hex == hex_name and (side is None or u.side == side)]

    def neighbours(self, hex_name):
        if hex_name not in self._neighbours:
            self._neighbours[hex_name] = [h for h in self._hexes if self.map.distance(hex_name, h) == 1]
        return self._neighbours[hex_name]

    def hexside(self, a, b):
        """The features of the hexside between two adjacent hexes (river, stream, pass, mountain)."""
        return self._sides.get(frozenset((a, b)), set())

    def north(self, hex_name):
        """Whether the hex is north of the Potomac (the companion file's area "North of the Potomac")."""
        return NORTH in self.map.areas_at(hex_name)

    def places(self, kind):
        return self.map.places(kind)

    def place_hexes(self, kind, name):
        found = [p for p in self.map.places(kind) if p.name == name]
        if not found:
            raise ArmyError(f"the companion file has no {kind} named {name!r}")
        return list(found[0].hexes)

    def fortification_in(self, hex_name):
        return next((u for u in self.in_hex(hex_name) if u.is_fortification), None)

    def commanders(self, side):
        """The hexes of the side's leaders and fortifications (11.0: command control comes from them)."""
        return {u.hex for u in self.of(side) if u.is_leader or u.is_fortification}

    def in_command(self, unit):
        """11.0: stacked with or adjacent to a friendly leader or fortification (11.3/11.D: face-up
        cavalry need none; a Union unit in or adjacent to a fortification has it anyway)."""
        if unit.face_up_cavalry:
            return True
        return any(h == unit.hex or self.adjacent(h, unit.hex) for h in self.commanders(unit.side))

    @staticmethod
    def other_side(side):
        return enemy_of(side)

    def position(self, mover_side, mover=None):
        """Every unit on the map but `mover` as the movement engine takes a position
        (adjutant.PositionUnit), seen by a unit of `mover_side`: its class (how it moves, whether it
        exerts a zone: the companion file's `class`), its role (`role`: combat unit, leader,
        fortification, depot), and whether it bars its hex (5.2 H: combat units and fortifications)."""
        return [PositionUnit(u.hex, u.side == mover_side, unit_class=u.attributes.get("class") or None,
                             kind=u.attributes.get("role") or None, blocks=u.is_combat or u.is_fortification)
                for u in self.units if u is not mover]

    def move(self, unit, hex_name):
        """Moves the unit's piece to the centre of a hex of the map; a unit waiting off it (militia,
        18.3) joins those on the map."""
        super().move(unit, hex_name)
        if unit in self.waiting:
            self.waiting.remove(unit)
            self.units.append(unit)
