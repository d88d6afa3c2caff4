"""Geometry through the Python API: names of points, points of names, hexes, the batch call,
a board's hex grid, and pieces' locations in a game."""
import array
import math
import random

import pytest

import adjutant


def spec_name(x, y, x0=30, y0=32, dx=55.42562584220407, dy=64.0, h_off=1, v_off=1):
    """The sample board's hex name of a point by the formulas of spec section 7.3, written out
    independently of the engine (VASSAL's Math.round is floor(v + 0.5))."""
    java_round = lambda v: math.floor(v + 0.5)
    col = math.floor((x - x0) / dx + 0.5)
    n = java_round((x - x0) / dx)
    row = java_round((y - y0) / dy) if n % 2 == 0 else java_round((y - y0 - dy / 2) / dy)
    if col % 2:
        row += 1  # stagger
    def name(v):
        return ("-" if v < 0 else "") + str(abs(v)).zfill(2)
    return name(col + h_off) + name(row + v_off)


@pytest.fixture(scope="module")
def main_map(sample_module):
    return adjutant.open_module(str(sample_module)).maps[0]


def test_points_are_named_as_the_spec_computes(main_map):
    rng = random.Random(3)
    points = [(rng.randrange(0, 1200), rng.randrange(0, 900)) for _ in range(3000)]
    assert [main_map.location_name(x, y) for x, y in points] == [spec_name(x, y) for x, y in points]
    assert main_map.location_name(1300, 100) == "offboard"
    assert main_map.location_name(-1, 100) == "offboard"


def test_the_batch_call_agrees_with_single_calls_for_every_input_form(main_map):
    rng = random.Random(5)
    points = [(rng.randrange(-50, 1300), rng.randrange(-50, 1000)) for _ in range(2000)]
    expected = [main_map.location_name(x, y) for x, y in points]
    flat = [v for p in points for v in p]
    assert main_map.location_names(points) == expected
    assert main_map.location_names(array.array("i", flat)) == expected
    assert main_map.location_names(array.array("q", flat)) == expected
    assert main_map.location_names([]) == []
    with pytest.raises(TypeError):
        main_map.location_names(array.array("d", [1.0, 2.0]))
    with pytest.raises(ValueError):
        main_map.location_names(array.array("i", [1, 2, 3]))


def test_names_and_points_round_trip_through_every_hex(main_map):
    grid = main_map.grid
    for col in range(0, 22):
        for row in range(0, 15):
            hex_ = adjutant.Hex(col, row)
            if not grid.contains(hex_):
                continue
            name = grid.location_name(hex_)
            centre = grid.centre(hex_)
            assert main_map.point_of(name) == centre
            assert main_map.location_name(*centre) == name
            assert main_map.snap(*centre) == centre
            assert main_map.hex_at(*centre) == hex_
            assert grid.hex(name) == hex_


def test_unknown_names_are_location_errors(main_map):
    with pytest.raises(adjutant.LocationError, match="no location 'Q9' on map 'Main Map'"):
        main_map.point_of("Q9")
    with pytest.raises(ValueError):  # LocationError is a GeometryError is a ValueError
        main_map.grid.neighbors("Q9")
    assert issubclass(adjutant.LocationError, adjutant.GeometryError)


def test_the_hex_grid_answers_neighbours_distance_rings_and_lines(main_map):
    grid = main_map.grid
    around = [grid.name(h) for h in grid.neighbors("0805")]
    assert sorted(around) == ["0704", "0705", "0804", "0806", "0904", "0905"]
    assert all(grid.distance("0805", h) == 1 for h in grid.neighbors("0805"))
    corner = grid.neighbors("0101")
    assert len(corner) < 6 and all(grid.contains(h) for h in corner)  # none invented off the board
    assert grid.distance("0101", "0805") == 7
    assert set(grid.ring("0805", 2)) == {h for h in grid.within("0805", 2) if grid.distance("0805", h) == 2}
    line = grid.line("0101", "0805")
    assert grid.name(line[0]) == "0101" and grid.name(line[-1]) == "0805"
    assert all(grid.distance(a, b) == 1 for a, b in zip(line, line[1:]))
    assert grid.hexside_name("0806", "0805") == "0805/0806"


def test_range_agrees_with_hex_distance_between_centres(main_map):
    grid = main_map.grid
    rng = random.Random(9)
    hexes = [h for h in grid.within("1007", 6)]
    for _ in range(200):
        a, b = rng.choice(hexes), rng.choice(hexes)
        assert main_map.range(*grid.centre(a), *grid.centre(b)) == grid.distance(a, b)


def test_pieces_know_their_location_and_hex(sample_module, hand_made_save):
    module = adjutant.open_module(str(sample_module))
    game = adjutant.open_game(str(hand_made_save), module)
    alpha = next(p for p in game.pieces if p.name == "Alpha")
    assert (alpha.x, alpha.y) == (100, 200)
    assert alpha.location == spec_name(100, 200)
    assert alpha.hex == game.map("Main Map").hex_at(100, 200)
    alpha.move_to("Main Map", 417, 256)
    assert alpha.location == "0805"  # the game's state, after the change


def test_a_game_without_its_module_has_no_maps(hand_made_save):
    game = adjutant.open_game(str(hand_made_save))
    with pytest.raises(adjutant.GameStateError, match="without its module"):
        game.maps
    piece = game.pieces[0]
    with pytest.raises(adjutant.GameStateError):
        piece.location


def test_tld_pieces_are_named_as_vassal_names_them(corpus, tld_log):
    module = adjutant.open_module(str(corpus / "uckelman+tld-mod" / "buildFile"))
    game = adjutant.open_game(str(tld_log), module)
    normandy = game.map("Normandy")
    # Spec section 8, example 2: VASSAL's names of the two ends of a real move.
    assert normandy.location_name(1477, 1536) == "2724"
    assert normandy.location_name(1532, 1504) == "2824"
    assert any("size unknown" in note for note in normandy.notes)  # the board image is not in the corpus
    on_normandy = [p for p in game.pieces if p.map == "Normandy"][:200]
    assert on_normandy
    for p in on_normandy:
        assert p.location == normandy.location_name(p.x, p.y)


def test_a_companion_file_answers_terrain_and_elevation(sample_module):
    from conftest import REPO
    module = adjutant.open_module(str(sample_module))
    companion = adjutant.open_companion(str(REPO / "docs" / "examples" / "sample-terrain.toml"), module)
    terrain = companion.map("Main Map")
    assert terrain.terrain("0304") == "woods"
    assert terrain.terrain("0101") == "clear"
    assert [terrain.elevation(h) for h in ("1005", "1006", "1007", "1008", "1009")] == [0, 1, 1, 1, 0]
    with pytest.raises(adjutant.LocationError):
        terrain.terrain("9999")
    assert companion.map("Side Map") is None


def test_pieces_become_units_by_the_companion_files_units_section(sample_module, hand_made_save):
    from conftest import REPO
    module = adjutant.open_module(str(sample_module))
    companion = adjutant.open_companion(str(REPO / "docs" / "examples" / "sample-terrain.toml"), module)
    assert companion.unit_attributes == ["side", "class"]
    game = adjutant.open_game(str(hand_made_save), module)
    alpha = next(p for p in game.pieces if p.name == "Alpha")
    bravo = next(p for p in game.pieces if p.name == "Bravo")
    assert companion.unit(alpha, module) == {"side": "Union", "class": "infantry"}  # its Marker trait's Side
    assert companion.unit(bravo) == {"class": "infantry"}                          # no Side property at all
    lee = next(s for s in module.piece_slots if s.name == "Lee")
    assert companion.unit(lee) == {"side": "Confederate", "class": "infantry"}  # Side from its Unit prototype


def test_a_hex_equals_a_hex_and_is_only_unequal_to_anything_else():
    assert adjutant.Hex(3, 4) == adjutant.Hex(3, 4) and adjutant.Hex(3, 4) != adjutant.Hex(4, 3)
    assert adjutant.Hex(3, 4) != "0304" and not (adjutant.Hex(3, 4) == "0304") and adjutant.Hex(3, 4) != None
    assert len({adjutant.Hex(3, 4), adjutant.Hex(3, 4)}) == 1
