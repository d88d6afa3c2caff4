"""The units of a Roads to Antietam game where they stand, with what the procedures ask of a
position: the leaders and the corps, the map's states, counties, forage regions and the DC defense
area, its stations, depots, towns and automatic-win hexes, the rail lines by name and the rail
links between boards, the map state (destroyed and damaged stations, destroyed depots, Confederate
control markers) and the writing back of a unit's attributes through the companion file's [units].

Unit attributes (the companion file maps them to the module's properties, docs/r2a.md): side
(Union | Confederate), type (infantry | cavalry | leader), size (division | brigade | regiment;
"" for leaders), rank (army | corps for leaders), initiative, command_radius, manpower, corps,
designation (DC | Balt | Shen | RR | Kan | Res | ""), fatigue (0-4), victuals (0-5, 8), supplied,
disorganized, demoralized (true/false), ammo, rail_last_turn, reorganized (true/false); and for
the movement engine class, kind and ma.

Hexes are named as VASSAL names them: the board's letter and 4 digits (E2101, S5801, N5816), as
the rules print them. The demo's boards are separate maps of one VASSAL map: `distance` between
hexes of two boards means nothing; the rail links ([[map.place]] kind "rail_link") join them.
"""
import tomllib
from dataclasses import dataclass

from adjutant import PositionUnit
from adjutant.rules.army_unit import SIDES, ArmyUnit, enemy_of, flag_of, number_of, text_of
from adjutant.rules.map_army import MapArmy
from adjutant.rules.map_state import MapStateReader

COMBAT_TYPES = ("infantry", "cavalry")
STATES = ("VA", "MD", "PA")
POPE, MCCLELLAN = "Pope", "McClellan"   # rulebook 2: Pope commands the Union army until McClellan takes over


class ArmyError(ValueError):
    """A unit the procedures cannot use (a value not mapped, a side that is neither Union nor
    Confederate), or a hex, unit, place or area that is not in the game."""


@dataclass(frozen=True)
class Place:
    """A [[map.place]]: a station (`lines`, `vp`, `terminus`), a depot (`vp`), a town (`vp` for a
    levy), an objective, an automatic-win hex, a rail link (`to`, `length`)."""
    name: str
    kind: str
    hexes: tuple
    values: dict

    @property
    def hex(self):
        return self.hexes[0]

    @property
    def vp(self):
        return int(self.values.get("vp", 0))

    @property
    def lines(self):
        """A station's rail lines, by name."""
        return tuple(n.strip() for n in str(self.values.get("lines", "")).split(",") if n.strip())

    @property
    def terminus(self):
        return bool(self.values.get("terminus", False))


@dataclass(frozen=True)
class Area:
    """A [[map.area]]: a state (`kind` "state"), a county (`state`, `vp`, `control_hex`), the DC
    defense area ("dc_defense"), the hexes west of the Balt units' limit ("balt_west"), a forage
    region ("forage": `forage`, or `forage_confederate` and `forage_union`). An area drawn on
    several boards is one area, its hexes joined."""
    name: str
    kind: str
    hexes: frozenset
    values: dict

    @property
    def vp(self):
        return int(self.values.get("vp", 0))

    @property
    def state(self):
        return str(self.values.get("state", ""))

    @property
    def control_hex(self):
        return str(self.values.get("control_hex", ""))


class Unit(ArmyUnit):
    error = ArmyError

    # ---- what the unit is ----

    @property
    def is_combat(self):
        """Infantry or cavalry: the units with manpower and a zone of control."""
        return self.type in COMBAT_TYPES

    @property
    def is_leader(self):
        return self.type == "leader"

    @property
    def is_cavalry(self):
        return self.type == "cavalry"

    @property
    def is_division(self):
        return self.size == "division"

    @property
    def size(self):
        """division | brigade | regiment; "" for a leader."""
        return self._text("size").lower()

    @property
    def rank(self):
        """army | corps for a leader, "" otherwise."""
        return self._text("rank").lower()

    initiative = number_of("initiative", "A leader's initiative; None for a unit.")
    command_radius = number_of("command_radius", "An army commander's command radius in hexes; None for others.")
    corps = text_of("corps", "The corps a unit or a corps leader belongs to; \"\" for none.")
    designation = text_of("designation", "DC | Balt | Shen | RR | Kan | Res, or \"\" (5, 7).")

    # ---- what play changes ----

    manpower = number_of("manpower", "The unit's manpower; ArmyError when the counter has none.", required=True)
    victuals = number_of("victuals", "0-5 (8); None when the counter has none.")
    ammo = number_of("ammo", "Optional II: a Confederate unit's ammunition; None when it has none.")
    supplied = flag_of("supplied", "8: the counter's supplied side up (true unless flipped to unsupplied).",
                       default=True)
    disorganized = flag_of("disorganized", "The counter's disorganized flag.")
    demoralized = flag_of("demoralized", "The counter's demoralized flag.")
    rail_last_turn = flag_of("rail_last_turn", "4: moved by rail in the previous turn.")
    reorganized = flag_of("reorganized", "2: on a Union corps leader, his corps was reorganized.")

    @property
    def fatigue(self):
        """0-4; 0 when the counter has none."""
        return self._number("fatigue", required=False) or 0

    def describe(self):
        if self.is_leader:
            radius = "" if self.command_radius is None else f", radius {self.command_radius}"
            return f"{self.name} ({self.rank} leader, initiative {self.initiative}{radius})"
        return f"{self.name} ({self.size}, manpower {self.manpower})"


class Army(MapArmy):
    """Every unit of a game on the companion file's map, stack by stack, each stack from its top
    unit down; the map's places, areas and rail lines; the map state (`state`) of the game."""

    error = ArmyError

    def __init__(self, context):
        super().__init__(context.module, context.companion,
                         MapStateReader(context.companion, context.module).read(context.game))
        self.game = context.game
        self.read_units(context.source, lambda piece, attributes: Unit.of_piece(context.source, piece, attributes))
        self._places = [Place(p.name, p.kind, tuple(p.hexes), dict(p.properties)) for p in self.map.places()]
        joined = {}
        for a in self.map.areas():
            hexes, values = joined.setdefault(a.name, (set(), dict(a.properties)))
            hexes.update(a.hexes)
        self._areas = {name: Area(name, str(values.get("kind", "")), frozenset(hexes), values)
                       for name, (hexes, values) in joined.items()}
        self._lines = self._read_lines()

    def _read_lines(self):
        """The rail lines by name, each a list of chains of hexes (a line drawn on several boards, or
        with branches, has several), from the companion file's [[map.line]]s of this map."""
        with open(self.companion.file, "rb") as f:
            tables = tomllib.load(f)
        lines = {}
        for terrain in tables.get("map", []):
            if terrain.get("name") != self.map_name:
                continue
            for line in terrain.get("line", []):
                if line.get("type") == "rail":
                    hexes = line["hexes"] if isinstance(line["hexes"], list) else line["hexes"].split()
                    lines.setdefault(line.get("name", ""), []).append(tuple(hexes))
        return lines

    # ---- zones of control ----

    @staticmethod
    def other_side(side):
        return enemy_of(side)

    def position(self, mover_side, movers=()):
        """Every unit on the map but the `movers` as the movement engine takes a position, seen by a
        unit of `mover_side` (combat units bar their hex)."""
        return [PositionUnit(u.hex, u.side == mover_side, unit_class=u.attributes.get("class") or None,
                             kind=u.attributes.get("kind") or None, blocks=u.is_combat)
                for u in self.units if not any(u is m for m in movers)]

    def combat_units_in(self, hexes, side=None):
        """The combat units standing in `hexes`, of one side or both, hex by hex in the order given."""
        return [u for h in hexes for u in self.in_hex(h) if u.is_combat and (side is None or u.side == side)]

    # ---- the boards ----

    @staticmethod
    def board_of(hex_name):
        """The board a hex is on: its name's letter (E2101 is on board E)."""
        return hex_name[:1]

    @staticmethod
    def same_board(a, b):
        """Whether two hexes are on one board (the demo's boards are apart: a distance between two
        means nothing)."""
        return bool(a) and bool(b) and a[:1] == b[:1]

    def board_distance(self, a, b):
        """The hexes between `a` and `b`; None when either is off the map or they are on different boards."""
        return self.distance(a, b) if self.same_board(a, b) else None

    # ---- leaders and corps ----

    def leaders(self, side=None, rank=None):
        """The leaders on the map, of one side and rank or all, in stack order."""
        return [u for u in self.units if u.is_leader and (side is None or u.side == side)
                and (rank is None or u.rank == rank)]

    def army_commander(self, side):
        """The side's army commander on the map: the Union's is Pope until McClellan takes over
        (the companion file's [globals] takeover_date set), then McClellan (rulebook 2); None when
        he is not on the map."""
        found = self.leaders(side, "army")
        if side == "Union":
            wanted = MCCLELLAN if self.global_value("takeover_date") else POPE
            return next((u for u in found if u.name == wanted), None)
        return next(iter(found), None)

    def corps_leaders(self, side):
        return self.leaders(side, "corps")

    def corps_leader(self, corps, side):
        """The leader of a corps on the map; None when he is not."""
        return next((u for u in self.corps_leaders(side) if u.corps == corps), None)

    def corps_units(self, corps):
        """The combat units of a corps on the map, in stack order."""
        return [u for u in self.units if u.is_combat and u.corps == corps]

    def divisions_of(self, corps):
        return [u for u in self.corps_units(corps) if u.is_division]

    # ---- the game's global properties ----

    def global_value(self, key):
        """The value of the global property the companion file's [globals] `key` names ("" when
        the file names none or the game has none)."""
        name = self.companion.globals.get(key)
        return (self.game.global_property(name) or "") if name else ""

    # ---- places ----

    def places(self, kind=None):
        """The map's places, of one kind or all, in file order."""
        return [p for p in self._places if kind is None or p.kind == kind]

    def place(self, name, kind):
        found = next((p for p in self._places if p.name == name and p.kind == kind), None)
        if found is None:
            raise ArmyError(f"no {kind} {name!r} on the map (the companion file's [[map.place]])")
        return found

    def place_at(self, hex_name, kind):
        """The place of a kind in a hex; None when there is none."""
        return next((p for p in self.places(kind) if hex_name in p.hexes), None)

    def stations(self):
        return self.places("station")

    def depots(self):
        return self.places("depot")

    def towns(self):
        return self.places("town")

    def termini(self):
        """The stations rail movement starts from (rulebook 4; Harrisburg too with the RTG maps)."""
        return [p for p in self.stations() if p.terminus]

    def automatic_win_hexes(self):
        """Victory: the White House, the Capitol, Baltimore Depot."""
        return [h for p in self.places("automatic_win") for h in p.hexes]

    def rail_links(self):
        """[(hex, hex, length)]: the rail connections between hexes no line joins (Optional III)."""
        return [(p.hex, str(p.values["to"]), int(p.values["length"])) for p in self.places("rail_link")]

    # ---- areas ----

    def areas(self, kind=None):
        return [a for a in self._areas.values() if kind is None or a.kind == kind]

    def area(self, name):
        try:
            return self._areas[name]
        except KeyError:
            raise ArmyError(f"no area {name!r} on the map (the companion file's [[map.area]])") from None

    def areas_at(self, hex_name, kind=None):
        self.require_hex(hex_name)
        return [a for a in self.areas(kind) if hex_name in a.hexes]

    def states(self):
        return self.areas("state")

    def counties(self, state=None):
        return [a for a in self.areas("county") if state is None or a.state == state]

    def state_of(self, hex_name):
        """The state (VA, MD, PA) a hex is in; None for one in none (the District)."""
        return next((a.name for a in self.areas_at(hex_name, "state")), None)

    def county_of(self, hex_name):
        """The county a hex is in; None outside the counties."""
        return next(iter(self.areas_at(hex_name, "county")), None)

    @staticmethod
    def county_name(county):
        """A county's name as the rules' tables list it, without " County" ("Baltimore County" ->
        "Baltimore", "Frederick County-West" -> "Frederick-West"); None for no county."""
        return None if county is None else county.name.replace(" County", "")

    def forage_region(self, hex_name):
        return next(iter(self.areas_at(hex_name, "forage")), None)

    def dc_defense_hexes(self):
        return frozenset(h for a in self.areas("dc_defense") for h in a.hexes)

    def balt_west_hexes(self):
        """The hexes west of hex row 2101-2134 of the east HCTR map (5), as the companion file's
        areas of kind "balt_west" list them; none when it has none."""
        return frozenset(h for a in self.areas("balt_west") for h in a.hexes)

    # ---- rail lines ----

    def rail_lines(self):
        """{line name: [chain of hexes, ...]}: each named rail line's chains, in file order."""
        return {name: list(chains) for name, chains in self._lines.items()}

    def line_hexes(self, name):
        """Every hex of a named rail line."""
        if name not in self._lines:
            raise ArmyError(f"no rail line {name!r} on the map (the lines are {', '.join(self._lines)})")
        return [h for chain in self._lines[name] for h in chain]

    def rail_hexes(self):
        """Every hex a rail line runs through."""
        return {h for chains in self._lines.values() for chain in chains for h in chain}

    def lines_at(self, hex_name):
        """The names of the rail lines through a hex."""
        return [name for name, chains in self._lines.items() if any(hex_name in chain for chain in chains)]

    # ---- the map state ----

    def _state(self, name):
        return frozenset(self.state.hexes(name)) if name in self.state.readings else frozenset()

    def destroyed_stations(self):
        """The stations with a destroyed-station marker (rulebook 4, Victory III)."""
        marked = self._state("station_destroyed")
        return [p for p in self.stations() if set(p.hexes) & marked]

    def damaged_stations(self):
        marked = self._state("station_damaged")
        return [p for p in self.stations() if set(p.hexes) & marked]

    def destroyed_depots(self):
        marked = self._state("depot_destroyed")
        return [p for p in self.depots() if set(p.hexes) & marked]

    def control_markers(self):
        """The hexes holding a Confederate control marker."""
        return self._state("county_control")

    def confederate_counties(self):
        """The counties under Confederate control (Victory I): a control marker on the county's
        control hex where it names one, else on any of its hexes."""
        marked = self.control_markers()
        return [a for a in self.counties()
                if (a.control_hex in marked if a.control_hex else bool(a.hexes & marked))]

    def aqueduct_destroyed(self):
        return bool(self._state("aqueduct_destroyed"))

    def bridge_destroyed(self):
        return bool(self._state("bridge_destroyed"))
