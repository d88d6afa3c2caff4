"""The units of a Lee Invades the North game where they stand, as one side (or the referee) sees
them, with what the procedures ask of a position: the highest-ranking leader of a hex, enemy
hexes, cavalry zones of control, lines of communication, friendly territory and depots; and the
writing back of strengths, CPs and allowances through the companion file's [units] mapping.

Unit attributes (the companion file maps them to the module's properties, prototypes or layers):
side (Union | Confederate), type (infantry | cavalry | artillery | wagon | leader: the movement
class; leader is a non-combat leader), kind (department leader | cavalry commander | corps leader |
leader | detachment | militia | wagon), strength, command, initiative, combat_bonus, rank (1 the
highest), corps, facing (0-5, cavalry), cp, ma, and the states demoralized, entrenched, depleted
(true/false).
"""
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from adjutant.rules.companion_rules import CompanionRules
from adjutant.rules.mp import mp_text
from adjutant.rules.visibility import Viewer

SIDES = ("Union", "Confederate")
COMBAT_TYPES = ("infantry", "cavalry", "artillery")
RATED_KINDS = ("department leader", "cavalry commander", "corps leader", "leader", "detachment", "wagon")


class ArmyError(ValueError):
    """A unit the procedures cannot use: a missing rating, a side that is neither Union nor Confederate."""


def enemy_of(side):
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def _int(value, unit, attribute, required=True):
    if value in (None, ""):
        if required:
            raise ArmyError(f"unit {unit!r} has no {attribute}: map it in the companion file's [units]")
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        raise ArmyError(f"unit {unit!r}: {attribute} {value!r} is not a whole number") from None


def _flag(value):
    return str(value).strip().lower() in ("true", "yes", "1")


@dataclass
class Unit:
    piece: Any
    name: str            # what the viewer may call it
    side: str
    type: str
    kind: str
    hex: str
    attributes: dict = field(default_factory=dict)
    known: bool = True   # False: masked from the viewer; only its side and place are known

    @property
    def is_combat(self):
        return self.type in COMBAT_TYPES

    @property
    def is_rated(self):
        """Has a command rating: a leader, a detachment or a wagon."""
        return self.known and self.kind in RATED_KINDS

    def rating(self, attribute, required=True):
        return _int(self.attributes.get(attribute), self.name, attribute, required)

    @property
    def rank(self):
        return self.rating("rank")

    @property
    def command(self):
        return self.rating("command")

    @property
    def initiative(self):
        return self.rating("initiative")

    @property
    def strength(self):
        return self.rating("strength")

    @property
    def corps(self):
        return str(self.attributes.get("corps", "")).strip()

    @property
    def facing(self):
        return self.rating("facing", required=False)

    def state(self, name):
        return _flag(self.attributes.get(name, ""))


class Army(CompanionRules):
    """Every unit of a game on the companion file's map, as `viewer` sees them.

    Units the viewer cannot see are left out; units masked from him are kept as enemy units of
    unknown kind (they block traces, exert no zone, and are named "a masked Union unit")."""

    def __init__(self, context, viewer=None):
        super().__init__(context.module, context.companion)
        self.game = context.game
        self.viewer = viewer or Viewer(self.game, getattr(context, "side", "referee"))
        self.units = []
        self.hidden = 0
        self.masked = 0
        self.map = None  # the Movement of the map the units stand on
        self._friendly_to = None
        for piece in self.game.pieces:
            self._add(piece)
        if self.map is None:
            raise ArmyError(f"{context.source}: no unit stands on a map the companion file describes")

    def _add(self, piece):
        if not piece.map:
            return
        attributes = self.companion.unit(piece, self.module)
        if attributes is None or attributes.get("side") not in SIDES:
            return
        if not self.viewer.sees(piece):
            self.hidden += 1
            return
        view = self.game.map(piece.map)
        board, hex_name = self.hex_name(view, piece.x, piece.y)
        movement = self.movement(view.name, board) if hex_name else None
        if movement is None:
            return
        if self.map is not None and movement is not self.map:
            return  # LIN has one map; pieces on other maps (holding boxes) are not placed
        self.map = movement
        side = attributes["side"]
        if not self.viewer.knows(piece):
            self.masked += 1
            self.units.append(Unit(piece, self.viewer.label(piece, side), side, "unknown", "unknown", hex_name,
                                   {"side": side}, known=False))
            return
        self.units.append(Unit(piece, piece.name, side, attributes.get("type", ""), attributes.get("kind", ""),
                               hex_name, attributes))

    # ---- who is where ----

    def of(self, side):
        return [u for u in self.units if u.side == side]

    def in_hex(self, hex_name, side=None):
        return [u for u in self.units if u.hex == hex_name and (side is None or u.side == side)]

    def hexes(self, side):
        return sorted({u.hex for u in self.of(side)})

    def enemy_hexes(self, side, combat_only=False):
        return sorted({u.hex for u in self.of(enemy_of(side)) if not combat_only or u.is_combat or not u.known})

    def combat_hexes(self, side):
        return sorted({u.hex for u in self.of(side) if u.is_combat})

    def highest_ranking(self, hex_name, side):
        """The hex's highest-ranking leader (or wagon) of the side, None when it has none."""
        rated = [u for u in self.in_hex(hex_name, side) if u.is_rated]
        return min(rated, key=lambda u: (u.rank, u.name)) if rated else None

    def leader_of_kind(self, side, kind):
        found = [u for u in self.of(side) if u.kind == kind]
        return min(found, key=lambda u: u.rank) if found else None

    def named(self, side, name):
        return next((u for u in self.of(side) if u.name == name), None)

    # ---- zones, territory, depots ----

    def zones(self, mover_side, charts):
        """The enemy cavalry zones a unit of `mover_side` meets (8.4): through the frontal hexsides
        of each known enemy cavalry unit not entrenched and not sharing its hex with one of the mover's
        combat units; Confederate zones reach two hexes and stop at Union combat units."""
        enemy = enemy_of(mover_side)
        own_combat = set(self.combat_hexes(mover_side))
        sources = [(u.hex, u.facing) for u in self.of(enemy)
                   if u.known and u.type == "cavalry" and not u.state("entrenched") and u.hex not in own_combat
                   and u.facing is not None]
        if not sources or not self.map.has_zones:
            return None
        cost = charts.option("union_zone_cost" if enemy == "Union" else "confederate_zone_cost")
        barriers = sorted(own_combat) if enemy == "Confederate" else []
        return self.map.zones(sources, barriers=barriers, enter_cost=cost)

    def friendly_territory(self, hex_name, side):
        """Whether the hex lies in an area the companion file makes `friendly_to` the side (2.1)."""
        if self._friendly_to is None:
            self._friendly_to = {a.name: a.properties.get("friendly_to") for a in self.map.areas()}
        return any(self._friendly_to.get(area) == side for area in self.map.areas_at(hex_name))

    def depots(self, side):
        """Friendly depot hexes usable from elsewhere: not occupied by an enemy combat unit (9.1)."""
        enemy_combat = set(self.enemy_hexes(side, combat_only=True))
        hexes = []
        for place in self.map.places("depot"):
            if place.properties.get("side") == side:
                hexes.extend(h for h in place.hexes if h not in enemy_combat)
        return sorted(set(hexes))

    def distance(self, a, b):
        return self.map.distance(a, b)

    def nearest_enemy(self, hex_name, side):
        """Hexes to the nearest enemy unit the viewer sees, as the crow flies; None when none."""
        ds = [self.distance(hex_name, h) for h in self.enemy_hexes(side)]
        return min(ds) if ds else None

    # ---- writing back ----

    def write(self, unit, attribute, value):
        """Sets the unit's attribute in the game where the companion file maps it to a property or a
        layer; False when it maps it to nothing writable (the caller reports it in chat instead)."""
        source = self.companion.unit_source(attribute)
        if source is None or source["from"] not in ("property", "layer"):
            return False
        raw = mp_text(value) if isinstance(value, Fraction) else str(value)  # MP as players write them: 6 1/2
        for stored, meant in source["values"]:
            if meant == raw:
                raw = stored
                break
        name = source["name"] if source["from"] == "property" else source["name"] + "_Level"
        self.game.set_property(unit.piece.id, name, raw)
        unit.attributes[attribute] = str(value)
        return True

    def change_strength(self, unit, after):
        """Writes the unit's new strength and returns what a report adds: ", 8 -> 7 SP" for the
        viewer's own units (the enemy's strengths are secret, 2.5), and a reminder to record it where
        the companion file maps strength to nothing writable."""
        before = unit.strength
        text = f", {before} -> {after} SP" if self.viewer.own(unit.side) else ""
        if after != before and not self.write(unit, "strength", after):
            text += " (record it: strength is not writable in this module)"
        return text
