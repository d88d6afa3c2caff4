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
from dataclasses import dataclass
from fractions import Fraction

from adjutant.rules.army_unit import SIDES, ArmyUnit, enemy_of, text_of
from adjutant.rules.companion_rules import CompanionRules
from adjutant.rules.map_state import MapStateReader
from adjutant.rules.mp import mp_text
from adjutant.rules.visibility import Viewer

ENEMY_UNIT = "an enemy unit"  # what a report calls a unit hidden or masked from its reader
COMBAT_TYPES = ("infantry", "cavalry", "artillery")
RATED_KINDS = ("department leader", "cavalry commander", "corps leader", "leader", "detachment", "wagon")


class ArmyError(ValueError):
    """A unit the procedures cannot use: a missing rating, a side that is neither Union nor Confederate."""


def command_rating(leader, units):
    """7.1 Modifier to Command Rating: the rating of a force's highest-ranking leader for movement
    allowance, force march and battle commitment: +1 when the force has three or more combat units
    and that leader is neither a department nor a corps leader."""
    combat = sum(1 for u in units if u.is_combat)
    return leader.command + (combat >= 3 and leader.kind not in ("department leader", "corps leader"))


def _int(value, unit, attribute, required=True):
    if value in (None, ""):
        if required:
            raise ArmyError(f"unit {unit!r} has no {attribute}: map it in the companion file's [units]")
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        raise ArmyError(f"unit {unit!r}: {attribute} {value!r} is not a whole number") from None


@dataclass
class Unit(ArmyUnit):
    """A unit; its name is the counter's, what the procedures compute with and sort by."""
    error = ArmyError

    kind: str = ""
    known: bool = True   # False: hidden or masked from the viewer; reports call it "an enemy unit"
    seen: bool = True    # False: hidden from the viewer; reports leave out the lines about it

    @property
    def is_combat(self):
        return self.type in COMBAT_TYPES

    @property
    def is_rated(self):
        """Has a command rating: a leader, a detachment or a wagon."""
        return self.kind in RATED_KINDS

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

    corps = text_of("corps")

    @property
    def facing(self):
        return self.rating("facing", required=False)

    def state(self, name):
        return self._flag(name)


class Army(CompanionRules):
    """Every unit of a game on the companion file's map, hidden and masked ones included: on the
    table the opponent's counters block, exert zones and fight whether or not their identity is
    known. `viewer` only says what a report may name (`redactions`). The map is the game's: its
    state (`self.state`: destroyed bridges and rail, the companion file's [state.NAME]s) applied, so
    every trace and zone of every procedure sees the same map."""

    def __init__(self, context, viewer=None, rank_tie="command"):
        super().__init__(context.module, context.companion,
                         MapStateReader(context.companion, context.module).read(context.game))
        self.game = context.game
        self.rank_tie = rank_tie
        self.rank_ties = {}  # hex -> the tied leaders, the one who leads first
        self.facing_unknown = set()  # cavalry whose zone was counted in every direction
        self.viewer = viewer or Viewer(self.game, getattr(context, "side", "referee"))
        self.units = []
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
        view = self.game.map(piece.map)
        board, hex_name = self.hex_name(view, piece.x, piece.y)
        movement = self.movement(view.name, board) if hex_name else None
        if movement is None:
            return
        if self.map is not None and movement is not self.map:
            return  # LIN has one map; pieces on other maps (holding boxes) are not placed
        self.map = movement
        self.units.append(Unit(piece, piece.name, attributes["side"], attributes.get("type", ""), hex_name, attributes,
                               kind=attributes.get("kind", ""), known=self.viewer.knows(piece),
                               seen=self.viewer.sees(piece)))

    def redactions(self):
        """{counter name: what the viewer's report calls it} for the units hidden or masked from him."""
        return {u.name: ENEMY_UNIT for u in self.units if not u.known}

    def unseen(self):
        """The names of the units hidden from the viewer: a report leaves out the lines about them."""
        return sorted(u.name for u in self.units if not u.seen)

    # ---- who is where ----

    def of(self, side):
        return [u for u in self.units if u.side == side]

    def require_hex(self, hex_name):
        """ValueError naming the hex when the map has none of that name."""
        try:
            self.map.terrain(hex_name)
        except (ValueError, KeyError, IndexError):
            raise ValueError(f"no hex {hex_name!r} on the map") from None

    def in_hex(self, hex_name, side=None):
        return [u for u in self.units if u.hex == hex_name and (side is None or u.side == side)]

    def hexes(self, side):
        return sorted({u.hex for u in self.of(side)})

    def enemy_hexes(self, side, combat_only=False):
        return sorted({u.hex for u in self.of(enemy_of(side)) if not combat_only or u.is_combat})

    def combat_hexes(self, side):
        return sorted({u.hex for u in self.of(side) if u.is_combat})

    def highest_ranking(self, hex_name, side):
        """The hex's highest-ranking leader (or wagon) of the side, None when it has none. Leaders
        of one rank are settled by the chart file's rank_tie option, and the tie is kept in `rank_ties`."""
        return self.leading(self.in_hex(hex_name, side), hex_name)

    def leading(self, units, hex_name):
        """The highest-ranking leader (or wagon) of these units of one hex, None when there is none."""
        rated = [u for u in units if u.is_rated]
        if not rated:
            return None
        top = min(u.rank for u in rated)
        tied = sorted((u for u in rated if u.rank == top), key=self._tie_order)
        if len(tied) > 1:
            self.rank_ties[hex_name] = [u.name for u in tied]
        return tied[0]

    def _tie_order(self, unit):
        if self.rank_tie == "name":
            return (unit.name,)
        command = unit.rating("command", required=False)
        return (command if command is not None else float("inf"), unit.name)

    def leader_of_kind(self, side, kind):
        found = [u for u in self.of(side) if u.kind == kind]
        return min(found, key=lambda u: u.rank) if found else None

    def named(self, side, name):
        return next((u for u in self.of(side) if u.name == name), None)

    # ---- zones, territory, depots ----

    def zones(self, mover_side, charts):
        """The enemy cavalry zones a unit of `mover_side` meets (8.4): through the frontal hexsides
        (every hexside when its facing is unset) of each enemy cavalry unit not entrenched and not sharing its hex with one of the mover's
        combat units; Confederate zones reach two hexes and stop at Union combat units."""
        enemy = enemy_of(mover_side)
        own_combat = set(self.combat_hexes(mover_side))
        exerting = [u for u in self.of(enemy)
                    if u.type == "cavalry" and not u.state("entrenched") and u.hex not in own_combat]
        # A unit whose facing is unset faces every way: the union of its zones for each facing.
        self.facing_unknown.update(u.name for u in exerting if u.facing is None)
        sources = [(u.hex, u.facing) for u in exerting]
        if not sources or not self.map.has_zones:
            return None
        cost = charts.option("union_zone_cost" if enemy == "Union" else "confederate_zone_cost")
        barriers = sorted(own_combat) if enemy == "Confederate" else []
        return self.map.zones(sources, barriers=barriers, enter_cost=cost)

    def state_reading(self, name):
        """The companion file's [state.NAME] as the game holds it (its .places, .describe()), or None
        when the file declares no such state."""
        return self.state.readings.get(name) if self.state is not None else None

    def idle_state(self):
        """{state name: [hexsides]} where a hexside state that takes features off (a destroyed bridge)
        stands on a hexside of the companion file that has none of them: its marker changes nothing."""
        features = {}
        for terrain in self.companion.maps:
            for a, b, names in terrain.hexside_features():
                features.setdefault("/".join(sorted((a, b))), set()).update(names)
        idle = {}
        for reading in (self.state.readings.values() if self.state is not None else ()):
            if reading.at == "hexside" and reading.removes:
                spots = sorted(h for h in reading.places if not features.get(h, set()) & set(reading.removes))
                if spots:
                    idle[reading.name] = spots
        return idle

    def friendly_territory(self, hex_name, side):
        """Whether the hex lies in an area the companion file makes `friendly_to` the side (2.1)."""
        if self._friendly_to is None:
            self._friendly_to = {a.name: a.properties.get("friendly_to") for a in self.map.areas()}
        return any(self._friendly_to.get(area) == side for area in self.map.areas_at(hex_name))

    def depots(self, side, user_hex=None):
        """The friendly depot hexes a unit of `side` in `user_hex` may use (9.1): those no enemy combat
        unit occupies, and the depot in its own hex whoever else is there."""
        enemy_combat = set(self.enemy_hexes(side, combat_only=True))
        hexes = set()
        for place in self.map.places("depot"):
            if place.properties.get("side") == side:
                hexes.update(h for h in place.hexes if h not in enemy_combat or h == user_hex)
        return sorted(hexes)

    def distance(self, a, b):
        return self.map.distance(a, b)

    # ---- writing back ----

    def write(self, unit, attribute, value):
        """Sets the unit's attribute in the game where the companion file maps it to a property or a
        layer; False when it maps it to nothing writable (the caller reports it in chat instead)."""
        text = mp_text(value) if isinstance(value, Fraction) else str(value)  # MP as players write them: 6 1/2
        if not self.write_unit(self.game, unit.piece.id, attribute, text):
            return False
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
