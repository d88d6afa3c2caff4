"""Editing a game from Python (properties, moves, chat lines) and what scripts read off a companion
file besides movement costs: where unit attributes come from, areas, places, lines, and zones
with their own entry costs."""
from fractions import Fraction
from pathlib import Path

import pytest

import adjutant
from conftest import SAVE_TEXT

REPO = Path(__file__).resolve().parents[2]
SAMPLE_TERRAIN = REPO / "docs" / "examples" / "sample-terrain.toml"
AREAS = """
[[map.area]]
name = "Frederick County"
hexes = "0804..0806"

[[map.area]]
name = "Maryland"
areas = ["Frederick County"]
hexes = ["0101"]
friendly_to = "Union"

"""


@pytest.fixture(scope="module")
def companion(sample_module, tmp_path_factory):
    """The sample companion file with two areas added."""
    text = SAMPLE_TERRAIN.read_text(encoding="utf-8").replace("[units.attributes]", AREAS + "[units.attributes]", 1)
    path = tmp_path_factory.mktemp("companion") / "terrain.toml"
    path.write_text(text, encoding="utf-8")
    return adjutant.open_companion(str(path), adjutant.open_module(str(sample_module)))


@pytest.fixture(scope="module")
def movement(companion):
    return companion.movement("Main Map")


def test_game_set_property_and_move_piece_are_saved_and_read_back(hand_made_save, tmp_path):
    game = adjutant.open_game(str(hand_made_save))
    game.set_property("A", "Side", "Confederate")
    game.move_piece("B", "Main Map", 500, 600)
    assert game.change_count == 2
    out = tmp_path / "edited.vsav"
    game.save(str(out))
    again = adjutant.open_game(str(out))
    assert again.piece("A").properties["Side"] == "Confederate"
    assert (again.piece("B").x, again.piece("B").y) == (500, 600)


def test_game_edits_raise_the_adjutant_errors(hand_made_save):
    game = adjutant.open_game(str(hand_made_save))
    with pytest.raises(adjutant.PieceError):
        game.set_property("A", "Strength", "4")
    with pytest.raises(adjutant.GameStateError):
        game.set_property("nope", "Side", "Union")
    with pytest.raises(adjutant.GameStateError):
        game.move_piece("nope", "Main Map", 1, 2)
    assert game.change_count == 0


def test_a_chat_line_is_a_new_log_step_but_no_part_of_a_save(hand_made_save, tmp_path):
    game = adjutant.open_game(str(hand_made_save))
    game.chat("<Adjutant> - Alpha may not move there")
    assert game.save_text() == SAVE_TEXT
    assert game.log_text().endswith("LOG\tCHAT<Adjutant> - Alpha may not move there")
    first = tmp_path / "first.vlog"
    game.save_log(str(first))

    log = adjutant.open_game(str(first))
    assert log.is_log and log.step_count == 1
    log.chat("<Adjutant> - done")
    second = tmp_path / "second.vlog"
    log.save_log(str(second))
    again = adjutant.open_game(str(second))
    assert again.step_count == 2
    assert again.step_back().chat == ["<Adjutant> - done"]
    assert again.step_back().chat == ["<Adjutant> - Alpha may not move there"]


def test_unit_source_says_where_an_attribute_comes_from(companion):
    assert companion.unit_source("side") == {
        "from": "property", "name": "Side", "level_name": False, "values": [], "value": None}
    assert companion.unit_source("class") == {
        "from": "value", "name": None, "level_name": False, "values": [], "value": "infantry"}
    assert companion.unit_source("strength") is None


def test_areas_of_a_hex_and_hexes_of_an_area(movement):
    assert movement.areas_at("0805") == ["Frederick County", "Maryland"]
    assert movement.areas_at("0101") == ["Maryland"]
    assert movement.areas_at("0303") == []
    areas = {a.name: a for a in movement.areas()}
    assert areas["Frederick County"].hexes == ["0804", "0805", "0806"]
    assert sorted(areas["Maryland"].hexes) == ["0101", "0804", "0805", "0806"]
    assert areas["Maryland"].properties == {"friendly_to": "Union"}


def test_places_by_kind_with_their_properties(movement):
    assert [(p.name, p.kind, p.hexes) for p in movement.places()] == [
        ("Frederick", "town", ["0805"]), ("Union entry", "entry", ["0101"])]
    (town,) = movement.places("town")
    assert town.properties == {"vp": 1} and type(town.properties["vp"]) is int
    assert movement.places(kind="entry")[0].properties == {"side": "Union"}
    with pytest.raises(ValueError, match="fort"):
        movement.places("fort")


def test_lines_through_a_hex(movement):
    assert movement.lines_at("0802") == ["road"]
    assert movement.lines_at("0806") == ["road"]
    assert movement.lines_at("0101") == []
    with pytest.raises(adjutant.LocationError):
        movement.lines_at("9999")


def test_zones_may_replace_the_files_entry_cost(movement):
    assert movement.zones([("0505", None)]).entry_cost("0504") == 2
    assert movement.zones([("0505", None)], enter_cost=[1]).entry_cost("0504") == 1
    two_rings = movement.zones([("0505", None)], enter_cost=[2, "1/2"])
    assert two_rings.entry_cost("0504") == 2
    assert two_rings.entry_cost("0503") == Fraction(1, 2)
    assert movement.zones([("0505", None)], enter_cost=[Fraction(3, 2)]).entry_cost("0504") == Fraction(3, 2)
    with pytest.raises(ValueError):
        movement.zones([("0505", None)], enter_cost=[])
    with pytest.raises(ValueError):
        movement.zones([("0505", None)], enter_cost=["prohibited"])
