"""The units of a Last Full Measure game where they stand, with what the procedures ask of a
position: stacks in their order (top first), distance, adjacency, terrain, elevation and hexside
features, zones of control for the movement engine (5.1: the 6 adjacent hexes and the unit's own),
zones of influence (6.1: 3 hexes, artillery 5, only where the unit sees), breastworks (24), the
chain of command (20.2), and the writing back of strengths and states through the companion
file's [units] mapping.

Unit attributes (the companion file maps them to the module's properties, docs/lfm.md): side
(Union | Confederate), type (infantry | cavalry | artillery | horse artillery | commander), sp,
printed_sp, cohesion, mode (limbered | unlimbered, mounted | dismounted; "" otherwise), rank (army |
corps | division | brigade), cv, brigade, division, corps, command (in | out), disorganized,
shattered, detached (true/false); and for the movement engine class, kind and ma.

Hexes are named as VASSAL names them (the demo's 4-digit CCRR), as the engine and the companion
file do.
"""
import math

from adjutant import PositionUnit
from adjutant.rules.army_unit import SIDES, ArmyUnit, enemy_of, flag_of, number_of, text_of
from adjutant.rules.map_army import MapArmy
from adjutant.rules.map_state import MapStateReader

COMBAT_TYPES = ("infantry", "cavalry", "artillery", "horse artillery")
ARTILLERY_TYPES = ("artillery", "horse artillery")
RANKS = ("brigade", "division", "corps", "army")   # 20.2: 1, 2, 3 and 4 stars
BREASTWORK_TERRAIN = ("town",)                      # 24.3: permanent breastworks
ZOI_RANGE, ARTILLERY_ZOI_RANGE = 3, 5               # 6.1 (the engine's zone_of_influence)


class ArmyError(ValueError):
    """A unit the procedures cannot use (a strength or rating not mapped, a side that is neither
    Union nor Confederate), or a hex or unit that is not in the game."""


class Unit(ArmyUnit):
    error = ArmyError

    # ---- what the unit is ----

    @property
    def is_combat(self):
        """Infantry, cavalry or artillery: the units with a ZOC (5.1) and a ZOI (6.1)."""
        return self.type in COMBAT_TYPES

    @property
    def is_artillery(self):
        """A battery, horse artillery included (its ZOI reaches 5 hexes, 6.1)."""
        return self.type in ARTILLERY_TYPES

    @property
    def is_cavalry(self):
        return self.type == "cavalry"

    @property
    def is_regiment(self):
        """Infantry or cavalry: the units of a brigade (20.2, 22)."""
        return self.type in ("infantry", "cavalry")

    @property
    def is_commander(self):
        return self.type == "commander"

    # ---- strength and state ----

    sp = number_of("sp", "Current strength points.", required=True)
    printed_sp = number_of("printed_sp", required=True)
    cohesion = number_of("cohesion", "The cohesion rating (18).", required=True)

    @property
    def mode(self):
        """limbered | unlimbered (artillery), mounted | dismounted (cavalry), "" otherwise."""
        return self._text("mode").lower()

    @property
    def mounted(self):
        return self.is_cavalry and self.mode == "mounted"

    @property
    def limbered(self):
        return self.is_artillery and self.mode == "limbered"

    disorganized = flag_of("disorganized", "A D marker (14); shattered units count as disorganized too (16.5): "
                                           "see `counts_disorganized`.")
    shattered = flag_of("shattered")

    @property
    def counts_disorganized(self):
        """16.5: shattered units are also considered disorganized."""
        return self.disorganized or self.shattered

    detached = flag_of("detached")

    @property
    def command(self):
        """in | out: the command state the command procedure writes (out when the save gives none)."""
        return self._text("command", "out").lower()

    @property
    def in_command(self):
        return self.command == "in"

    # ---- the chain of command ----

    @property
    def rank(self):
        """army | corps | division | brigade for a commander, "" for a unit."""
        return self._text("rank").lower()

    @property
    def stars(self):
        """20.2: 4 army, 3 corps, 2 division, 1 brigade; 0 for a unit."""
        return RANKS.index(self.rank) + 1 if self.rank in RANKS else 0

    cv = number_of("cv", "The command value (19, 20.3: division commanders and up); None without one.")
    brigade = text_of("brigade")
    division = text_of("division")
    corps = text_of("corps")

    @property
    def formation(self):
        """The formation a commander commands (his brigade, division or corps; the army: ""); a
        unit's own brigade (a battery's, which has none: its division or corps)."""
        if self.is_commander:
            return {"brigade": self.brigade, "division": self.division, "corps": self.corps}.get(self.rank, "")
        return self.brigade or self.division or self.corps

    def describe(self):
        if self.is_commander:
            return f"{self.name} ({self.rank}" + (f", CV {self.cv})" if self.cv is not None else ")")
        return f"{self.name} ({self.sp} SP, cohesion {self.cohesion})"


class Army(MapArmy):
    """Every unit of a game on the companion file's map. `units` lists them stack by stack, each
    stack from its top unit down (VASSAL's stack order reversed: a Stack lists its pieces bottom first).
    The map state (`state`: breastworks, build markers, burning and destroyed bridges, the companion
    file's [state.NAME]s) is applied to every search."""

    error = ArmyError

    def __init__(self, context):
        super().__init__(context.module, context.companion,
                         MapStateReader(context.companion, context.module).read(context.game))
        self.game = context.game
        self._sight = None
        self.read_units(context.source, lambda piece, attributes: Unit.of_piece(context.source, piece, attributes))
        self._terrain = self.companion.map(self.map_name)
        self._features = {frozenset((a, b)): tuple(fs) for a, b, fs in self._terrain.hexside_features()}

    # ---- geometry and terrain ----

    def within(self, hex_name, most):
        """Every hex of the map at most `most` hexes from `hex_name`, itself included."""
        return [h for h in self._centres if self.distance(hex_name, h) <= most]

    def opposite(self, hex_name, away_from):
        """The hex adjacent to `hex_name` directly opposite adjacent `away_from` (10.2); None off the map."""
        wanted = (self.direction(hex_name, away_from) + 3) % 6
        return next((h for h in self.neighbours(hex_name) if self.direction(hex_name, h) == wanted), None)

    def away_from(self, hex_name, source):
        """10.2 for an enemy hex that need not be adjacent (a bombarding battery's, 7.8): the hexes next
        to `hex_name` across the hexside through which the line from `source`'s centre through
        `hex_name`'s centre leaves it (both hexes when it leaves through a vertex; none when that hex is
        off the map). For an adjacent `source` that is opposite()."""
        (sx, sy), (hx, hy) = self._centres[source], self._centres[hex_name]
        line = math.atan2(hx - sx, sy - hy)

        def off(h):
            nx, ny = self._centres[h]
            turn = abs(math.atan2(nx - hx, hy - ny) - line) % (2 * math.pi)
            return min(turn, 2 * math.pi - turn)
        across = [h for h in self.neighbours(hex_name) if off(h) <= math.radians(30.5)]   # off the map: none
        least = min((off(h) for h in across), default=0)
        return [h for h in across if off(h) - least < 1e-6]

    def elevation(self, hex_name):
        """The hex's elevation level (its ground; woods and town add a level only to sight, 27.4-27.5)."""
        return self._terrain.elevation(hex_name)

    def hexside(self, a, b):
        """The features of the hexside between adjacent hexes: stone wall, creek, steep slope, bridge."""
        return self._features.get(frozenset((a, b)), ())

    def lines_at(self, hex_name):
        """The road types (pike, road, trail) running through the hex."""
        return self.map.lines_at(hex_name)

    def breastworks(self, hex_name):
        """24: a breastworks marker in the hex (the companion file's [state.breastworks]), or a town
        (24.3: permanent breastworks)."""
        marked = "breastworks" in self.state.readings and hex_name in self.state.hexes("breastworks")
        return marked or self.terrain(hex_name) in BREASTWORK_TERRAIN

    # ---- zones of control and influence ----

    @staticmethod
    def other_side(side):
        return enemy_of(side)

    def position(self, mover_side, movers=()):
        """Every unit on the map but the `movers` (units moving together) as the movement engine
        takes a position (adjutant.PositionUnit), seen by a unit of `mover_side`: its class and kind
        from the companion file (the file's [movement.zones] says which classes exert a zone: 5.1,
        combat units, over their own hex and the 6 around it), and whether it bars its hex (combat
        units)."""
        return [PositionUnit(u.hex, u.side == mover_side, unit_class=u.attributes.get("class") or None,
                             kind=u.attributes.get("kind") or None, blocks=u.is_combat)
                for u in self.units if not any(u is m for m in movers)]

    def in_zone(self, unit):
        """5.1: whether an enemy ZOC covers the unit's hex."""
        return unit.hex in self.zone_hexes(enemy_of(unit.side))

    @property
    def sight(self):
        """LFM line of sight (27) on the map: the companion file's [sight] with the lfm rules."""
        if self._sight is None:
            self._sight = self.companion.sight(self.map_name, rules="lfm")
        return self._sight

    def influence(self, unit, night=False, partial_counts=True):
        """6.1: the hexes in the unit's ZOI: within 3 hexes (artillery 5) that it sees by LFM sight,
        units never blocking; none at night (23.5) and none from a unit that is not a combat unit.
        `partial_counts`: whether a partially seen hex is influenced (the rules leave partial sight's
        effect open)."""
        if not unit.is_combat or not unit.hex:
            return []
        return self.sight.zone_of_influence(unit.hex, artillery=unit.is_artillery, night=night,
                                            partial_counts=partial_counts)

    def influence_hexes(self, side, night=False, partial_counts=True):
        """6.1: every hex in a ZOI of `side`'s combat units (what `side`'s enemy cannot use road
        rates, reorganize, recover or build in: 2.2, 6.2, 17a, 24.10)."""
        return {h for u in self.of(side) for h in self.influence(u, night, partial_counts)}

    # ---- commanders and the chain of command (20.2) ----

    def commanders(self, side, rank=None):
        """The side's commanders on the map, of one rank or all, highest rank first (save order within one)."""
        found = [u for u in self.of(side) if u.is_commander and (rank is None or u.rank == rank)]
        return sorted(found, key=lambda u: -u.stars)

    def army_commander(self, side):
        """The side's army commander on the map (Lee, Meade); None when he is not (20.13)."""
        return next(iter(self.commanders(side, "army")), None)

    def commander_of(self, formation, rank, side):
        """The commander of a brigade, division or corps on the map; None when he is not."""
        return next((c for c in self.commanders(side, rank) if c.formation == formation), None)

    def superior(self, commander):
        """His immediate superior on the map: a brigade's division commander, a division's corps
        commander, a corps' army commander; None for the army commander or one not on the map."""
        if commander.rank == "brigade":
            return self.commander_of(commander.division, "division", commander.side)
        if commander.rank == "division":
            return self.commander_of(commander.corps, "corps", commander.side)
        if commander.rank == "corps":
            return self.army_commander(commander.side)
        return None

    def subordinates(self, commander):
        """The commanders one rank below him in his formation (the army commander's: every corps commander)."""
        if commander.rank == "army":
            return self.commanders(commander.side, "corps")
        below = RANKS[RANKS.index(commander.rank) - 1] if commander.rank in RANKS[1:] else None
        if below is None:
            return []
        return [c for c in self.commanders(commander.side, below) if getattr(c, commander.rank) == commander.formation]

    def chain(self, unit):
        """The commanders over a unit or commander on the map, nearest first: its brigade, division,
        corps and army commanders (those not on the map left out)."""
        found = []
        for rank in RANKS:
            if unit.is_commander and RANKS.index(rank) <= RANKS.index(unit.rank):
                continue
            if rank == "army":
                commander = self.army_commander(unit.side)
            else:
                formation = getattr(unit, rank)
                commander = self.commander_of(formation, rank, unit.side) if formation else None
            if commander is not None:
                found.append(commander)
        return found

    def brigade_units(self, brigade, side):
        """The regiments of a brigade on the map, in stack order."""
        return [u for u in self.of(side) if u.is_regiment and u.brigade == brigade]
