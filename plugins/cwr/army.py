"""The units of a Civil War Regimental Series game where they stand, with what the procedures ask
of a position: stacks in their order (top first), hexes by the series' names (A10.10), distance,
adjacency, facing and frontal hexes, zones of control for the movement engine; and the writing
back of strengths and states through the companion file's [units] mapping.

Unit attributes (the companion file maps them to the module's properties, docs/cwr.md): side
(Union | Confederate), type (infantry | cavalry | artillery | leader | hq | wagon | train), weapon,
sp, printed_sp, morale (A-F), formation (line | column | mounted | limbered | unlimbered), facing
(0-5: 0 the hexside above the hex, clockwise), state (normal | sh | dg | r | bl), ammo (normal |
low | none), brigade, division, corps, rating, morale_rating, wrecked (true/false); and for the
movement engine class, ma and kind.

Hexes are named as VASSAL names them (`A10.10`, the location format applied), as the engine and the
companion file do.
"""
from adjutant import PositionUnit
from adjutant.rules.army_unit import SIDES, ArmyUnit, enemy_of, flag_of, number_of, text_of
from adjutant.rules.map_army import MapArmy

COMBAT_TYPES = ("infantry", "cavalry", "artillery")
FACED_FORMATIONS = ("line", "unlimbered")   # 3.3: only these face a hexside
STATES = ("normal", "sh", "dg", "r", "bl")


class ArmyError(ValueError):
    """A unit the procedures cannot use (a strength or rating not mapped, a side that is neither
    Union nor Confederate), or a hex or unit that is not in the game."""


class Unit(ArmyUnit):
    error = ArmyError

    @property
    def is_combat(self):
        """Infantry, cavalry or artillery (3.0b)."""
        return self.type in COMBAT_TYPES

    @property
    def is_artillery(self):
        return self.type == "artillery"

    @property
    def is_leader(self):
        return self.type == "leader"

    weapon = text_of("weapon")
    sp = number_of("sp", "Current strength points (a battery's guns).", required=True)
    printed_sp = number_of("printed_sp", required=True)
    morale = text_of("morale")
    formation = text_of("formation")

    @property
    def state(self):
        """The morale state: normal, sh, dg, r or bl (6.0); normal for a unit the mapping gives none."""
        return self._text("state", "normal").lower()

    @property
    def ammo(self):
        return self._text("ammo", "normal").lower()

    wrecked = flag_of("wrecked")
    brigade = text_of("brigade")
    division = text_of("division")
    corps = text_of("corps")
    rating = number_of("rating", "A leader's rating (a brigade leader's command rating); None for a unit without one.")

    @property
    def morale_rating(self):
        """A brigade leader's morale rating; other leaders have one rating, which serves for both."""
        value = self._number("morale_rating", required=False)
        return self.rating if value is None else value

    @property
    def faced(self):
        """3.3: units in line and unlimbered artillery face a hexside; the others have no facing."""
        return self.is_combat and self.formation in FACED_FORMATIONS

    @property
    def facing(self):
        """0-5 for a faced unit (3.3), else None."""
        return self._number("facing") if self.faced else None

    def describe(self):
        if self.is_combat:
            return f"{self.name} ({self.weapon}{self.sp})"
        if self.rating is not None:
            return f"{self.name} ({self.rating})"
        return self.name


class Army(MapArmy):
    """Every unit of a game on the companion file's map. `units` lists them stack by stack, each
    stack from its top unit down (VASSAL's stack order reversed: a Stack lists its pieces bottom first)."""

    error = ArmyError

    def __init__(self, context):
        super().__init__(context.module, context.companion)
        self.game = context.game
        self.read_units(context.source, lambda piece, attributes: Unit.of_piece(context.source, piece, attributes))

    def relative_side(self, unit, hex_name):
        """Which of a faced unit's hexsides an adjacent hex lies through, counted from its front: 0
        straight ahead, 1 and 5 its other frontal hexsides, 2, 3 and 4 its rear (3.3)."""
        if unit.facing is None:
            raise ArmyError(f"{unit.name} has no facing (3.3: only units in line and unlimbered artillery)")
        return (self.direction(unit.hex, hex_name) - unit.facing) % 6

    def frontal_hexes(self, unit):
        """The hexes through the unit's 3 frontal hexsides (3.3, 3.4); none for a unit without facing."""
        if unit.facing is None:
            return []
        return [h for h in self.neighbours(unit.hex) if self.relative_side(unit, h) in (5, 0, 1)]

    # ---- the movement engine ----

    @staticmethod
    def other_side(side):
        return enemy_of(side)

    def position(self, mover_side, movers=()):
        """Every unit on the map but the `movers` (units moving together: none stacks with
        itself on its way, 3.2b) as the movement engine takes a position
        (adjutant.PositionUnit), seen by a unit of `mover_side`: its class and kind
        from the companion file, the facing of units in line and unlimbered artillery (their zones
        are frontal, 3.4; the file's routed classes exert none), and whether it bars its hex (3.0b:
        combat units)."""
        return [PositionUnit(u.hex, u.side == mover_side, unit_class=u.attributes.get("class") or None,
                             kind=u.attributes.get("kind") or None, facing=u.facing, blocks=u.is_combat)
                for u in self.units if not any(u is m for m in movers)]
