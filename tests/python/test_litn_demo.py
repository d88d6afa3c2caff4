"""The Lee Invades the North demo (adjutant_plugins.litn.demo and its companion.toml):
the module's grid and terrain, the saves' pieces where LIN 7.1's examples put them, the broadcast
distances the rulebook gives, the Union placed for LIN 11's attrition example, the masked and hidden
Union pieces, and the three ways of holding a unit's strength."""
import tomllib

import pytest

import adjutant
from adjutant_plugins.litn.traces import attrition_exemption, line_of_communication
from conftest import LITN_STRENGTHS as VARIANTS, REPO
from test_cli import adjutant as run_cli

COMPANION = REPO / "plugins" / "litn" / "demo" / "companion.toml"
UNION_ID, CONFEDERATE_ID = "union-demo-1862", "confederate-demo-1862"

DEMO = {
    "R.E. Lee": "1622", "Longstreet": "1622", "McLaws": "1622", "R.H. Anderson": "1622", "Walker": "1622",
    "Jackson": "1625", "A.P. Hill": "1625", "J. Jones": "1625", "Hood": "1625",
    "D.H. Hill": "1924", "Lawton": "1629",
    "Stuart": "1223", "Fitz Lee": "1122", "Hampton": "1125", "Confederate Wagon": "1721",
    "McClellan": "2715", "II Corps (Sumner)": "2715", "Artillery Reserve": "2715", "Union Wagon": "2715",
    "VI Corps (Franklin)": "2618", "IX Corps (Burnside)": "2813", "Pleasonton": "2514",
    "I Corps (Hooker)": "2412", "Davis": "2409", "Farnsworth": "0606", "XII Corps (Mansfield)": "2634",
    "Rush": "2935",
}
BROADCAST = {"R.E. Lee": "1610", "Longstreet": "1615", "Pickett": "1619", "McClellan": "2902",
             "I Corps (Hooker)": "2902"}
STRENGTHS = {
    "McLaws": 8, "R.H. Anderson": 7, "Walker": 6, "Hood": 7, "Pickett": 9, "A.P. Hill": 10, "J. Jones": 4,
    "D.H. Hill": 8, "Lawton": 7, "Fitz Lee": 6, "Hampton": 6,
    "I Corps (Hooker)": 14, "II Corps (Sumner)": 18, "VI Corps (Franklin)": 16, "IX Corps (Burnside)": 13,
    "XII Corps (Mansfield)": 10, "Artillery Reserve": 8, "Farnsworth": 6, "Rush": 7, "Davis": 5,
}
EXAMPLE_HEXES = ["1622", "1625", "1924", "1629"]


@pytest.fixture(scope="session")
def demo(litn_variants):
    return litn_variants


@pytest.fixture(scope="session")
def module(demo):
    return adjutant.open_module(str(demo["dynamic"] / "litn-demo.vmod"))


@pytest.fixture(scope="session")
def movement(module):
    return adjutant.open_companion(str(COMPANION), module).movement("Main Map")


@pytest.fixture(scope="session")
def data():
    return tomllib.loads(COMPANION.read_text(encoding="utf-8"))


def on_map(game):
    return {p.name: p for p in game.pieces}


def hexes(value):
    """A companion hex list, ranges A..B expanded (CCRR names)."""
    names = []
    for item in value if isinstance(value, list) else value.split():
        if ".." in item:
            a, b = item.split("..")
            names += ["%02d%02d" % (c, r) for c in range(int(a[:2]), int(b[:2]) + 1)
                      for r in range(int(a[2:]), int(b[2:]) + 1)]
        else:
            names.append(item)
    return names


def area(data, name):
    areas = {a["name"]: a for a in data["map"][0]["area"]}
    a = areas[name]
    return set(hexes(a.get("hexes", []))).union(*[area(data, inner) for inner in a.get("areas", [])])


def depots(data, side):
    return [p["hex"] for p in data["map"][0]["place"] if p["kind"] == "depot" and p.get("side") == side]


def test_the_files_are_written(demo):
    for variant, folder in demo.items():
        assert sorted(p.name for p in folder.iterdir()) == [
            "charts.toml", "companion.toml", "litn-battle.vsav", "litn-broadcast.vsav", "litn-demo.vmod", "litn-demo.vsav"], variant


def test_the_module_its_grid_and_sides(module):
    assert (module.name, module.version) == ("Lee Invades the North (Adjutant demo)", "1.0")
    assert module.sides == ["Union", "Confederate"]
    assert [p.name for p in module.prototypes] == ["Leader", "Infantry", "Cavalry", "Wagon"]
    assert {s.name for s in module.piece_slots} == set(DEMO) | set(BROADCAST) | {"Bridge Destroyed", "Destroyed Rail", "Confederate Control"}
    assert [(g.name, g.initial_value) for g in module.global_properties] == [
        ("Turn", "5"), ("Year", "1862"), ("LostDispatch", "false"), ("Scenario", "2"), ("NetVP", "0"),
        ("Militia", "false"), ("HookerBox", "1"), ("ReplacementPoints", "")]
    (game_map,) = module.maps
    assert game_map.name == "Main Map" and [b.name for b in game_map.boards] == ["LIN Demo Board"]
    assert game_map.location_name(*game_map.point_of("1622")) == "1622"
    grid = game_map.grid
    for name in ("0101", "0201", "3001", "0136", "3036", "1529"):
        assert grid.contains(grid.hex(name)) and grid.location_name(grid.hex(name)) == name
    on_board = [f"{c:02d}{r:02d}" for c in range(1, 31) for r in range(1, 37)]
    assert all(grid.contains(grid.hex(h)) for h in on_board)
    for name in ("0100", "0137", "3037", "3101"):
        assert not grid.contains(grid.hex(name)), name


def test_the_companion_file_checks_cleanly(demo):
    for variant, folder in demo.items():
        result = run_cli("terrain", "check", folder / "litn-demo.vmod", folder / "companion.toml")
        assert result.returncode == 0, result.stderr
        assert "is valid" in result.stdout and "1080" in result.stdout
    result = run_cli("terrain", "check", demo["dynamic"] / "litn-demo.vmod", COMPANION)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_the_companion_copies_follow_the_strength_variant(demo):
    text = COMPANION.read_text(encoding="utf-8")
    assert (demo["dynamic"] / "companion.toml").read_text(encoding="utf-8") == text
    assert (demo["marker"] / "companion.toml").read_text(encoding="utf-8") == text
    layer = (demo["layer"] / "companion.toml").read_text(encoding="utf-8")
    assert layer == text.replace('strength = { property = "Strength" }', 'strength = { layer = "Strength" }')
    assert layer != text


def test_the_demo_save_places_the_comprehensive_example(demo, module):
    game = adjutant.open_game(str(demo["dynamic"] / "litn-demo.vsav"), module)
    assert {name: p.location for name, p in on_map(game).items()} == DEMO
    assert all(p.map == "Main Map" for p in game.pieces)
    assert sorted((p.id, p.side) for p in game.players) == [(CONFEDERATE_ID, "Confederate"), (UNION_ID, "Union")]
    assert [game.global_property(n) for n in ("Turn", "Year", "LostDispatch", "Scenario", "NetVP", "Militia",
                                              "HookerBox")] == ["5", "1862", "false", "2", "0", "false", "1"]
    # VASSAL keeps pieces that share a point in one stack.
    assert {s.location for s in game.stacks if len(s.members) > 1} == {"1622", "1625", "2715"}


def test_ratings_and_properties(demo, module):
    game = adjutant.open_game(str(demo["dynamic"] / "litn-demo.vsav"), module)
    pieces = on_map(game)
    props = {name: p.properties for name, p in pieces.items()}
    assert {(props[n]["Cmd"], props[n]["Rank"]) for n in ("R.E. Lee",)} == {("1", "1")}
    assert props["Jackson"]["Cmd"] == "1" and props["Lawton"]["Cmd"] == "3" and props["Fitz Lee"]["Init"] == "2"
    assert props["Longstreet"]["Cmd"] == "2" and props["D.H. Hill"]["Cmd"] == "2"
    assert props["McClellan"]["Rank"] == "1" and props["Confederate Wagon"]["Cmd"] == "2"
    leaders = {"R.E. Lee", "Longstreet", "Jackson", "Stuart", "McClellan", "Pleasonton"}
    for name, p in props.items():
        assert p["Side"] in ("Union", "Confederate")
        assert (p["Type"] == "leader") == (name in leaders), name
        assert p["CP"] == "0" and p["MA"] == "", name
        assert ("Strength" in p) == (name in STRENGTHS), name
        assert ("Facing" in p) == (p["Type"] == "cavalry"), name
        assert p["Kind"] in ("department leader", "cavalry commander", "corps leader", "leader", "wagon")
    assert {n for n, p in props.items() if p["Kind"] == "department leader"} == {"R.E. Lee", "McClellan"}
    assert {n for n, p in props.items() if p["Kind"] == "cavalry commander"} == {"Stuart", "Pleasonton"}
    assert {n for n, p in props.items() if p["Kind"] == "corps leader"} == {"Longstreet", "Jackson"}
    assert {n for n, p in props.items() if p["Corps"] == "Longstreet"} == {
        "Longstreet", "McLaws", "R.H. Anderson", "Walker", "Hood"}
    assert {n for n, p in props.items() if p["Corps"] == "Jackson"} == {
        "Jackson", "A.P. Hill", "J. Jones", "D.H. Hill", "Lawton"}


def test_broadcast_distances_of_the_comprehensive_example(movement):
    def mp(a, b):
        return movement.path(a, b, ["broadcast"]).total

    assert mp("1622", "1625") == 3          # Lee to Jackson: "at the distance of 3 hexes"
    assert mp("1622", "1924") == 4          # Lee to D.H. Hill: "distance four hexes"
    assert mp("1625", "1924") > mp("1622", "1924")   # "Lee is closer"
    assert mp("1625", "1629") == 4          # Jackson to Lawton: the 1-4 column
    assert mp("1622", "1629") > 4
    # The plugin measures a broadcast as a trace in the class's MP: the same numbers.
    trace = movement.trace("1622", ["1625"], measure="MP", most=100, unit_class="broadcast")
    assert trace.found and trace.used == 3


def test_broadcast_example_save(demo, module, movement):
    game = adjutant.open_game(str(demo["dynamic"] / "litn-broadcast.vsav"), module)
    assert {name: p.location for name, p in on_map(game).items()} == BROADCAST
    assert movement.path("1610", "1615", ["broadcast"]).total == 5
    assert movement.path("1610", "1619", ["broadcast"]).total == 9
    assert movement.path("1615", "1619", ["broadcast"]).total == 4
    # Clear terrain along column 16, no road or stream on the way: one MP a hex.
    for a, b in (("1610", "1615"), ("1610", "1619"), ("1615", "1619")):
        path = movement.path(a, b, ["broadcast"])
        assert path.total == movement.distance(a, b) == len(path.hexes) - 1
        assert all(movement.terrain(h) == "clear" for h in path.hexes)
    assert all(movement.distance(h, "2902") > 10 for h in ("1610", "1615", "1619"))


def test_the_union_keeps_away_from_the_example(demo, module, movement):
    game = adjutant.open_game(str(demo["dynamic"] / "litn-demo.vsav"), module)
    union = [p for p in game.pieces if p.properties["Side"] == "Union"]
    paths = set()
    for a in EXAMPLE_HEXES:
        for b in EXAMPLE_HEXES:
            if a != b:
                paths.update(movement.path(a, b, ["broadcast"]).hexes)
    cavalry = [(p.location, int(p.properties["Facing"])) for p in union if p.properties["Type"] == "cavalry"]
    assert len(cavalry) == 3
    zone = set(movement.zones(cavalry).controlled_hexes())
    assert zone
    for h in [p.location for p in union] + sorted(zone):
        assert min(movement.distance(h, e) for e in EXAMPLE_HEXES) > 7, h
        assert h not in paths, h


def test_the_union_placed_for_the_attrition_example(demo, module, movement, data):
    game = adjutant.open_game(str(demo["dynamic"] / "litn-demo.vsav"), module)
    union_territory, confederate_territory = area(data, "Union territory"), area(data, "Confederate territory")
    assert "1529" in union_territory and "1529" in confederate_territory
    assert area(data, "Virginia") == {f"{c:02d}{r:02d}" for c in range(1, 31) for r in range(31, 37)}
    union_depots = depots(data, "Union")
    assert union_depots and depots(data, "Confederate")
    where = {name: p.location for name, p in on_map(game).items()}
    types = {name: p.properties["Type"] for name, p in on_map(game).items()}
    example = {"I Corps (Hooker)": union_territory, "Farnsworth": union_territory, "Davis": union_territory,
               "XII Corps (Mansfield)": confederate_territory - union_territory,
               "Rush": confederate_territory - union_territory}
    assert sorted(types[n] for n in example) == ["cavalry", "cavalry", "cavalry", "infantry", "infantry"]
    for name, territory in example.items():
        assert where[name] in territory, name
        exemption = attrition_exemption(movement, where[name], types[name], depots=union_depots)
        assert not exemption.found, (name, exemption.hexes)
    # Farnsworth has no line of communications: more than 4 hexes from every road and rail hex.
    line_hexes = {h for line in data["map"][0]["line"] for h in hexes(line["hexes"])}
    assert min(movement.distance(where["Farnsworth"], h) for h in line_hexes) > 4
    no_loc = line_of_communication(movement, where["Farnsworth"], union_depots, lines=["road", "rail"],
                                   major_river=["river"], bridge=["bridge"])
    assert not no_loc.found
    # The other units of the example have one (cavalry in Union territory with and without a LOC).
    for name in ("I Corps (Hooker)", "Davis", "XII Corps (Mansfield)", "Rush"):
        loc = line_of_communication(movement, where[name], union_depots, lines=["road", "rail"],
                                    major_river=["river"], bridge=["bridge"])
        assert loc.found, name
    # Lee has one, over the Potomac bridge to the depot in Virginia.
    lee = line_of_communication(movement, "1622", depots(data, "Confederate"), lines=["road", "rail"],
                                major_river=["river"], bridge=["bridge"])
    assert lee.found and lee.hexes[-1] == "1434"


def test_masked_corps_and_the_hidden_wagon(demo, module):
    game = adjutant.open_game(str(demo["dynamic"] / "litn-demo.vsav"), module)
    masked = {}
    for p in game.pieces:
        for t in p.traits:
            if t.class_name == "Obscurable" and t.state_fields and t.state_fields[0] != "null":
                masked[p.name] = t
    assert sorted(masked) == ["II Corps (Sumner)", "VI Corps (Franklin)"]
    for name, trait in masked.items():
        assert trait.type.startswith("obs;") and trait.state_fields[0] == UNION_ID
        assert trait.type_fields[5] == "side:"
        assert on_map(game)[name].properties["Obscured"] == "true"
    wagon = on_map(game)["Union Wagon"]
    (hide,) = [t for t in wagon.traits if t.class_name == "Hideable"]
    assert hide.type.startswith("hide;") and hide.state == UNION_ID and hide.type_fields[3] == "side:"
    assert wagon.properties["Invisible"] == "true"
    # Every other piece shows.
    assert all(p.properties.get("Obscured", "false") == "false" and p.properties.get("Invisible", "false") == "false"
               for p in game.pieces if p.name not in masked and p.name != "Union Wagon")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_strength_variant_reads_the_same_strengths(demo, variant):
    folder = demo[variant]
    module = adjutant.open_module(str(folder / "litn-demo.vmod"))
    companion = adjutant.open_companion(str(folder / "companion.toml"), module)
    trait_class = {"dynamic": "DynamicProperty", "marker": "Marker", "layer": "Embellishment"}[variant]
    for save, placed in (("litn-demo.vsav", DEMO), ("litn-broadcast.vsav", BROADCAST)):
        game = adjutant.open_game(str(folder / save), module)
        seen = set()
        for piece in game.pieces:
            unit = companion.unit(piece, module)
            assert unit is not None and unit["side"] in ("Union", "Confederate"), piece.name
            if piece.name in STRENGTHS:
                assert int(unit["strength"]) == STRENGTHS[piece.name], (variant, piece.name)
                holders = [t for t in piece.traits if "Strength" in (t.type_fields[:1] + t.type_fields[18:19])]
                assert [t.class_name for t in holders] == [trait_class], piece.name
                seen.add(piece.name)
            else:
                assert unit.get("strength", "") == "", piece.name
        assert seen == set(placed) & set(STRENGTHS)
    for slot in module.piece_slots:
        if slot.name in STRENGTHS:
            assert int(companion.unit(slot, module)["strength"]) == STRENGTHS[slot.name], (variant, slot.name)
