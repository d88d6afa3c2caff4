"""The rulebooks' traces, as the plugins build them on the general search (Movement.trace): LIN lines
of communication (7.2), combat supply (10.2) and the attrition exemption (11) from the litn plugin;
LMN supply states (16) from the lmn plugin, CWR command radius (9.3) and artillery ammunition (8.4b)
from the cwr plugin, LFM command (20.11) from the lfm plugin. Each test names the clause it checks.

The map is the C++ tests' hand-built one (tests/cpp/terrain_examples.h): the sample module's grid
(4-digit CCRR names) cut to a 700 x 660 board, columns 01..13, rows 01..10 (11 in alternate
columns), all clear, with infantry and artillery costs; each test adds its terrain, lines, hexside
features, places and zones in a companion file of its own."""
import zipfile

import pytest

import adjutant
from adjutant_plugins.cwr import traces as cwr
from adjutant_plugins.lfm import traces as lfm
from adjutant_plugins.lmn import traces as lmn
from adjutant_plugins.litn.traces import attrition_exemption, combat_supply, line_of_communication

COMPANION = """\
format = 1
rules = "generic"

[module]
name = "Adjutant Sample"
version = "1.0"

[vocabulary]
terrain = ["clear", "ridge", "town", "woods"]
hexside = ["river", "stream", "bridge", "slope"]
high_side = ["slope"]
lines = ["pike", "road", "railroad"]
places = ["town", "depot", "fortification"]

[[map]]
name = "Main Map"
default_terrain = "clear"
{map}

[movement]
[movement.class.infantry]
terrain = {{ clear = 1, ridge = 2, town = 1, woods = 2 }}
hexside = {{ river = "prohibited", stream = 1, bridge = 0, slope = 1 }}
uphill = {{ slope = 1 }}
line = {{ pike = "1/2", road = "1/2", railroad = "1/2" }}
line_negates = {{ road = ["slope"] }}

[movement.class.artillery]
terrain = {{ clear = 1, ridge = "prohibited", town = 1, woods = 3 }}
hexside = {{ river = "prohibited", stream = 2, bridge = 0, slope = 2 }}
line = {{ pike = "1/2", road = "1/2" }}
line_negates = {{ road = ["slope"] }}
{zones}
"""

LOC = dict(major_river=["river"], bridge=["bridge"])  # LIN 7.2's major rivers and bridges on this map
ROAD_AND_RAIL = ["road", "railroad"]


@pytest.fixture(scope="module")
def module(sample_module, tmp_path_factory):
    """The sample module with its board cut to the C++ tests' 700 x 660."""
    path = tmp_path_factory.mktemp("ccrr") / "ccrr.vmod"
    with zipfile.ZipFile(sample_module) as source, zipfile.ZipFile(path, "w") as out:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "buildFile.xml":
                data = data.replace(b'width="1200" height="900"', b'width="700" height="660"')
                assert b'width="700"' in data
            out.writestr(item, data)
    return adjutant.open_module(str(path))


class Board:
    """The hand-built map: what a test adds, written as a companion file when it asks for `movement()`."""

    def __init__(self, module, folder):
        self.module, self.folder = module, folder
        folder.mkdir(exist_ok=True)
        self.terrain, self.sides, self.lines, self.places = {}, {}, [], []
        self.zones = ""
        self._written = 0
        plain = self._open()
        self.hexes = sorted(plain.map("Main Map").hexes())
        self._distance = plain.movement("Main Map").distance

    def column(self, col, first, last):
        return [f"{col:02d}{row:02d}" for row in range(first, last + 1)]

    def neighbours(self, a):
        return [b for b in self.hexes if b != a and abs(int(a[:2]) - int(b[:2])) <= 1 and self._distance(a, b) == 1]

    def side(self, a, b, feature):
        self.sides.setdefault(feature, []).append(f"{a}/{b}")

    def wall(self, row, feature):
        """A hexside feature on every hexside between rows 01..`row` and the rows below."""
        for a in self.hexes:
            if int(a[2:]) <= row:
                for b in self.neighbours(a):
                    if int(b[2:]) > row:
                        self.side(a, b, feature)

    def corridor(self, col):
        """Everything but one column is ridge (prohibited to artillery): a corridor."""
        self.terrain["ridge"] = [h for h in self.hexes if int(h[:2]) != col]

    def line(self, kind, hexes, name=""):
        self.lines.append((kind, name, hexes))

    def place(self, name, kind, hex, **properties):
        self.places.append((name, kind, hex, properties))

    def zone_rules(self, **rules):
        self.zones = "\n[movement.zones]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in rules.items())

    def movement(self):
        return self._open().movement("Main Map")

    def zone_wall(self, movement, col, gap_row):
        """Zones exerted by enemy units down a column, leaving one row free."""
        return movement.zones([(h, None) for h in self.hexes if int(h[:2]) == col and int(h[2:]) != gap_row])

    def _open(self):
        text = ""
        if self.terrain:
            text += "\n[map.terrain]\n" + "".join(f"{t} = {_toml(' '.join(h))}\n" for t, h in self.terrain.items())
        if self.sides:
            text += "\n[map.hexsides]\n" + "".join(f"{f} = {_toml(' '.join(s))}\n" for f, s in self.sides.items())
        for kind, name, hexes in self.lines:
            text += f"\n[[map.line]]\ntype = {_toml(kind)}\nhexes = {_toml(' '.join(hexes))}\n"
            text += f"name = {_toml(name)}\n" if name else ""
        for name, kind, hex, properties in self.places:
            text += f"\n[[map.place]]\nname = {_toml(name)}\nkind = {_toml(kind)}\nhex = {_toml(hex)}\n"
            text += "".join(f"{k} = {_toml(v)}\n" for k, v in properties.items())
        self._written += 1
        path = self.folder / f"companion-{self._written}.toml"
        path.write_text(COMPANION.format(map=text, zones=self.zones), encoding="utf-8")
        return adjutant.open_companion(str(path), self.module)


def _toml(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


@pytest.fixture
def board(module, tmp_path):
    return Board(module, tmp_path)


def depots(movement):
    return [h for place in movement.places("depot") for h in place.hexes]


# ---- LIN 7.2 line of communications ----

def test_at_most_four_non_road_hexes_then_along_the_road_to_a_depot_LIN_7_2_1(board):
    board.line("road", board.column(7, 1, 10))
    board.place("Depot", "depot", "0710")
    m = board.movement()
    t = line_of_communication(m, "0203", depots(m), lines=ROAD_AND_RAIL, **LOC)
    assert t.found, t.reason
    assert t.used == 4  # 0303, 0403, 0503, 0603
    assert t.hexes[-1] == "0710"
    assert not t.steps[4]["on_line"]
    assert t.steps[5]["hex"][:2] == "07"  # the first road hex, entered cross-country
    assert t.steps[5]["on_line"]
    assert t.steps[5]["line"] is None
    for step in t.steps[6:]:
        assert step["on_line"] and step["line"] == "road"
    # Five non-road hexes are too many.
    far = line_of_communication(m, "0103", depots(m), lines=ROAD_AND_RAIL, **LOC)
    assert not far.found
    assert far.reason == "no trace to a target within 4 hexes off the lines (road, railroad)"
    # Rules catalogue 1F.6, counting the start hex: then 0203 has five too.
    assert not line_of_communication(m, "0203", depots(m), lines=ROAD_AND_RAIL, count_start=True, **LOC).found
    assert line_of_communication(m, "0303", depots(m), lines=ROAD_AND_RAIL, count_start=True, **LOC).found


def test_road_and_rail_in_any_combination_but_only_along_their_hexsides_LIN_7_2_1(board):
    board.line("road", board.column(7, 1, 5))
    board.line("railroad", board.column(7, 5, 10))
    board.line("road", board.column(9, 1, 10), name="Spur")  # road hexes next to nothing that joins them
    m = board.movement()
    t = line_of_communication(m, "0701", ["0710"], lines=ROAD_AND_RAIL, **LOC)
    assert t.found
    assert t.used == 0
    assert t.steps[-1]["line"] == "railroad"
    # A pike is not one of the lines given.
    board.line("pike", board.column(11, 1, 10))
    again = board.movement()
    assert not line_of_communication(again, "1101", ["1110"], lines=ROAD_AND_RAIL, **LOC).found


def test_not_through_enemy_units_and_zones_have_no_effect_LIN_7_2_restrictions(board):
    board.line("road", board.column(7, 1, 10))
    m = board.movement()
    # Zones are no term of the trace: they have no effect.
    assert line_of_communication(m, "0701", ["0710"], lines=["road"], **LOC).found
    # Around the enemy: the off-road part comes first (road hexes it crosses count), then the road
    # from 0707: 0703 has four hexes to go round, 0702 five.
    t = line_of_communication(m, "0703", ["0710"], lines=["road"], enemy=["0706"], **LOC)
    assert t.found, t.reason
    assert t.used == 4
    assert "0706" not in t.hexes
    assert not line_of_communication(m, "0702", ["0710"], lines=["road"], enemy=["0706"], **LOC).found
    cut = line_of_communication(m, "0703", ["0710"], lines=["road"], enemy=["0706", "0606", "0806", "0607", "0807"],
                                **LOC)
    assert not cut.found
    assert "enemy units" in cut.reason
    # The leader's own hex never blocks.
    assert line_of_communication(m, "0701", ["0710"], lines=["road"], enemy=["0701"], **LOC).found


def test_no_part_across_an_unbridged_major_river_LIN_7_2_restrictions(board):
    board.line("road", board.column(7, 1, 10))
    board.wall(5, "river")
    m = board.movement()
    t = line_of_communication(m, "0703", ["0710"], lines=["road"], **LOC)
    assert not t.found
    assert t.reason == ("no trace to a target within 4 hexes off the lines (road); in the way: hexsides that may "
                        "not be crossed")
    # Off the road too: a leader two hexes from the depot across the river.
    assert not line_of_communication(m, "0705", ["0706"], lines=["road"], **LOC).found
    board.side("0705", "0706", "bridge")
    m = board.movement()
    assert line_of_communication(m, "0703", ["0710"], lines=["road"], **LOC).found
    # Off the road, the bridge is the only crossing as well: 0505 reaches 0706 by it.
    off = line_of_communication(m, "0505", ["0710"], lines=["road"], **LOC)
    assert off.found
    assert "0705" in off.hexes


def test_road_part_not_across_a_destroyed_bridge_nor_a_destroyed_rail_hex_LIN_7_2_restrictions(board):
    board.line("railroad", board.column(7, 1, 10))
    board.wall(5, "river")
    board.side("0705", "0706", "bridge")
    m = board.movement()
    assert line_of_communication(m, "0701", ["0710"], lines=ROAD_AND_RAIL, **LOC).found
    assert not line_of_communication(m, "0701", ["0710"], lines=ROAD_AND_RAIL, destroyed_bridges=[("0706", "0705")],
                                     **LOC).found
    destroyed = [("0708", ["railroad"])]
    t = line_of_communication(m, "0705", ["0710"], lines=ROAD_AND_RAIL, destroyed_rail=destroyed, **LOC)
    assert t.found  # off the rail round 0708 first: 0606, 0607, 0608, then 0709
    assert t.used == 3
    none = line_of_communication(m, "0701", ["0710"], lines=ROAD_AND_RAIL, destroyed_rail=destroyed, off_road=0, **LOC)
    assert not none.found
    assert "destroyed bridges or lines" in none.reason


def test_corps_leader_traces_to_lee_who_must_trace_himself_LIN_7_2_2(board):
    board.line("road", board.column(7, 1, 10))
    board.place("Depot", "depot", "0710")
    m = board.movement()
    lee, longstreet = "0702", "1002"
    to_lee = line_of_communication(m, longstreet, [lee], lines=["road"], **LOC)
    assert to_lee.found
    assert to_lee.used == 2  # 0902, 0802, then the road at Lee's hex
    assert line_of_communication(m, lee, depots(m), lines=["road"], **LOC).found
    # Lee cut off from the depot: the corps leader has no LOC though he reaches Lee.
    cut = ["0705", "0605", "0805", "0606", "0806", "0604", "0804"]
    assert line_of_communication(m, longstreet, [lee], lines=["road"], enemy=cut, **LOC).found
    assert not line_of_communication(m, lee, depots(m), lines=["road"], enemy=cut, **LOC).found


# ---- LIN 10.2 combat supply, 11 attrition ----

def test_wagon_within_two_MP_or_depot_within_four_LIN_10_2(board):
    m = board.movement()
    t = combat_supply(m, "0505", "infantry", wagons=["0507"], depots=["0510"])
    assert t.found
    assert t.used == 2
    assert t.hexes[-1] == "0507"
    t = combat_supply(m, "0505", "infantry", wagons=["0508"], depots=["0509"])
    assert t.found
    assert t.hexes[-1] == "0509"
    assert t.used == 4
    t = combat_supply(m, "0505", "infantry", wagons=["0508"], depots=["0510"])
    assert not t.found
    assert t.reason == ("no undepleted wagon within 2 MP (no trace to a target within 2 MP), no depot within 4 MP "
                        "(no trace to a target within 4 MP)")


def test_the_units_own_terrain_costs_and_roads_LIN_10_2(board):
    board.terrain["woods"] = ["0506", "0507"]
    m = board.movement()
    # Infantry: woods 2 each; the depot at 0508 is 4 MP away round the woods, 5 through them.
    around = combat_supply(m, "0505", "infantry", depots=["0508"])
    assert around.found
    assert around.hexes == ["0505", "0606", "0607", "0608", "0508"]
    # Artillery pays 3 for woods: 0507 as a wagon is 5 MP away, round them or through.
    assert not combat_supply(m, "0505", "artillery", wagons=["0507"]).found
    board.line("road", board.column(5, 5, 10))
    roads = board.movement()
    t = combat_supply(roads, "0505", "artillery", wagons=["0509"])
    assert t.found  # four road hexes at 1/2
    assert t.used == 2
    assert t.steps[1]["line"] == "road"


def test_not_through_enemy_combat_units_except_the_battle_hex_LIN_10_2(board):
    m = board.movement()
    enemy = ["0505", "0507"]  # the battle hex, and one behind it
    t = combat_supply(m, "0505", "infantry", wagons=["0508"], depots=["0509"], enemy=enemy)
    assert not t.found  # 0509 is 5 MP round 0507
    assert "enemy units" in t.reason
    assert combat_supply(m, "0505", "infantry", depots=["0509"], enemy=["0505"]).found


def test_zone_costs_are_paid_LIN_10_2(board):
    board.zone_rules(enter_cost=1)
    m = board.movement()
    zones = m.zones([("0508", None)])
    assert combat_supply(m, "0505", "infantry", wagons=["0507"]).found
    assert not combat_supply(m, "0505", "infantry", wagons=["0507"], zones=zones).found  # 1 + (1 + 1)
    # The same search with a larger limit shows the cost.
    assert attrition_exemption(m, "0505", "infantry", depots=["0507"], zones=zones, pay_zones=True).used == 3


def test_depot_within_four_MP_not_through_enemy_units_LIN_11(board):
    board.zone_rules(own_hex=True, enter_cost=1)
    m = board.movement()
    zones = board.zone_wall(m, 3, 0)
    t = attrition_exemption(m, "0405", "infantry", depots=["0409"], zones=zones)
    assert t.found  # zones ignored
    assert t.used == 4
    assert not attrition_exemption(m, "0405", "infantry", depots=["0409"], zones=zones, pay_zones=True).found
    assert not attrition_exemption(m, "0405", "infantry", depots=["0409"], zones=zones, enemy=["0407"]).found


# ---- LMN 16 supply ----

def test_six_hexes_supplied_twelve_unsupplied_beyond_isolated_LMN_16_3(board):
    m = board.movement()
    assert lmn.supply(m, "0104", sources=["0110"]).state == "supplied"  # 6
    assert lmn.supply(m, "0103", sources=["0110"]).state == "unsupplied"  # 7
    assert m.distance("0101", "1310") > 12
    assert lmn.supply(m, "0101", sources=["1310"]).state == "isolated"


def test_within_six_hexes_of_a_rail_line_leading_to_a_source_LMN_16_1_B(board):
    board.line("railroad", board.column(13, 1, 10))
    m = board.movement()
    r = lmn.supply(m, "0705", sources=["1310"], rail=["railroad"])
    assert r.state == "supplied"
    assert r.trace.used == 6
    assert r.trace.steps[-1]["on_line"]
    assert lmn.supply(m, "0605", sources=["1310"], rail=["railroad"]).state == "unsupplied"


def test_enemy_units_and_zones_block_every_part_LMN_16_2(board):
    board.line("railroad", board.column(13, 1, 10))
    board.zone_rules(enter_cost=2, zone_to_zone=False)
    m = board.movement()
    zones = m.zones([("1206", None)])
    terms = dict(sources=["1310"], rail=["railroad"])
    r = lmn.supply(m, "0703", zones=zones, **terms)
    assert r.state != "supplied"  # the rail beyond 1305 is in the enemy zone
    assert not any(zones.controlled(h) for h in r.trace.hexes)
    assert lmn.supply(m, "0703", **terms).state == "supplied"
    # A friendly unit's hex is not in the zone (LMN: zones do not extend into it).
    assert lmn.supply(m, "0703", zones=zones, zone_exempt=board.column(13, 5, 7), **terms).state == "supplied"
    # Enemy units on the line block it too.
    assert lmn.supply(m, "0703", enemy=["1308"], **terms).state != "supplied"


def test_depot_traces_ten_hexes_and_feeds_no_rail_line_LMN_16_4_G(board):
    board.line("railroad", board.column(13, 1, 10))
    m = board.movement()
    # The depot at 1310 traces 4 hexes to the source at 0910.
    r = lmn.supply(m, "1307", sources=["0910"], depot="1310", rail=["railroad"])
    assert r.depot_source
    assert r.state == "supplied"  # 3 hexes from the depot
    # 0702 is 6 hexes from the rail, but the depot feeds no rail line.
    assert lmn.supply(m, "0702", sources=["0910"], depot="1310", rail=["railroad"]).state == "unsupplied"
    # An ordinary source there would.
    assert lmn.supply(m, "0702", sources=["0910", "1310"], depot="1310", rail=["railroad"]).state == "supplied"
    # More than ten hexes from another source, the depot is none.
    lonely = lmn.supply(m, "1307", sources=["0101"], depot="1310")
    assert not lonely.depot_source
    assert lonely.trace.hexes[-1] == "0101"


# ---- CWR 9.3 command radius, 8.4b artillery ammunition ----

def test_command_radius_in_leader_MP_blocked_by_impassable_terrain_CWR_9_3(board):
    board.corridor(5)
    m = board.movement()
    leader = "artillery"  # ridge is impassable to this class
    assert cwr.command_radius(m, "0502", leader, 6, targets=["0508"]).found
    assert not cwr.command_radius(m, "0502", leader, 5, targets=["0508"]).found
    t = cwr.command_radius(m, "0502", leader, 12, targets=["0702"])
    assert not t.found
    assert "prohibited terrain" in t.reason


def test_enemy_units_and_zones_block_unless_a_friendly_combat_unit_is_there_CWR_9_3(board):
    board.corridor(5)
    board.zone_rules(stop_on_enter=True)
    m = board.movement()
    leader = "artillery"
    zones = m.zones([("0405", None)])  # covers 0504 and 0505
    assert zones.controlled("0505")
    assert not cwr.command_radius(m, "0502", leader, 12, targets=["0508"], zones=zones).found
    # Into the zone, to a regiment there: yes.
    assert cwr.command_radius(m, "0502", leader, 12, targets=["0504"], zones=zones).found
    assert not cwr.command_radius(m, "0502", leader, 12, targets=["0505"], zones=zones).found
    friendly = ["0504", "0505"]
    assert cwr.command_radius(m, "0502", leader, 12, targets=["0508"], zones=zones, zone_exempt=friendly).found
    assert not cwr.command_radius(m, "0502", leader, 12, targets=["0508"], zones=zones, zone_exempt=friendly,
                                  enemy=["0506"]).found


def test_brigade_radius_enters_but_does_not_pass_another_command_CWR_9_3(board):
    board.corridor(5)
    m = board.movement()
    assert cwr.command_radius(m, "0502", "artillery", 6, targets=["0505"], other_command=["0505"]).found
    assert not cwr.command_radius(m, "0502", "artillery", 6, targets=["0507"], other_command=["0505"]).found


def test_ammunition_ten_non_road_hexes_then_roads_only_CWR_8_4_b(board, module, tmp_path):
    board.line("road", board.column(12, 1, 10))
    m = board.movement()
    t = cwr.artillery_ammunition(m, "0105", roads=["road"], train=["1210"])
    assert t.found
    assert t.used == 10
    assert t.steps[-1]["on_line"]
    # "The first 10 hexes from the artillery unit": its own hex is not one of them, unless asked.
    counted = cwr.artillery_ammunition(m, "0105", roads=["road"], train=["1210"], count_battery_hex=True)
    assert not counted.found
    assert cwr.artillery_ammunition(m, "0205", roads=["road"], train=["1210"], count_battery_hex=True).used == 10
    # Eleven, with the road a column further.
    wider = Board(module, tmp_path / "wider")
    wider.line("road", wider.column(13, 1, 10))
    assert not cwr.artillery_ammunition(wider.movement(), "0105", roads=["road"], train=["1310"]).found


def test_ammunition_not_through_enemy_units_nor_zones_without_a_friendly_combat_unit_CWR_8_4_b(board):
    board.line("road", board.column(12, 1, 10))
    board.zone_rules(own_hex=True)
    m = board.movement()
    zones = board.zone_wall(m, 7, 5)  # zones over columns 06-08, the row 05 free of enemy units
    terms = dict(roads=["road"], train=["1210"], zones=zones)
    assert not cwr.artillery_ammunition(m, "0105", **terms).found
    friendly = ["0605", "0705", "0805"]
    assert cwr.artillery_ammunition(m, "0105", zone_exempt=friendly, **terms).found
    assert not cwr.artillery_ammunition(m, "0105", zone_exempt=friendly, enemy=["0904", "0905"], **terms).found


# ---- LFM 20.11 command ----

def test_command_through_zones_of_influence_not_through_zones_of_control_LFM_20_11(board):
    board.zone_rules(own_hex=True)
    m = board.movement()
    zones = board.zone_wall(m, 7, 5)
    # Zones of influence reach 3 hexes from the enemy: 0405 and 0505 are in them, and do not matter.
    assert lfm.command(m, "0405", 8, targets=["0505"], zones=zones).found
    assert not lfm.command(m, "0405", 8, targets=["1005"], zones=zones).found
    # Into a zone: yes.
    assert lfm.command(m, "0405", 8, targets=["0605"], zones=zones).found
    # Through zoned hexes holding friendly units.
    friendly = ["0605", "0705", "0805"]
    t = lfm.command(m, "0405", 8, targets=["1005"], zones=zones, zone_exempt=friendly)
    assert t.found
    assert t.used == 6
    assert not lfm.command(m, "0405", 5, targets=["1005"], zones=zones, zone_exempt=friendly).found
