"""What a set-up check needs from a module: its predefined set-ups opened from inside it, where its
SetupStacks go, and the pieces their PieceSlots make."""
import zipfile

import pytest

import adjutant
from conftest import REPO, shared_missing

SETUP = "Opening Positions"
SETUP_FILE = "Opening Positions.vsav"


def variant(sample_module, tmp_path, name, build_file=lambda text: text, entries=None):
    """A copy of the sample module with its buildFile edited and entries replaced (None: dropped)."""
    entries = entries or {}
    out = tmp_path / name
    with zipfile.ZipFile(sample_module) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "buildFile.xml":
                data = build_file(data.decode("utf-8")).encode("utf-8")
            if info.filename in entries:
                data = entries[info.filename]
            if data is not None:
                dst.writestr(info.filename, data)
    return out


def test_a_module_lists_its_predefined_setups(sample_module):
    module = adjutant.open_module(str(sample_module))
    assert [(s.name, s.file, s.use_file, s.is_menu, s.opens_file) for s in module.predefined_setups] == [
        (SETUP, SETUP_FILE, True, False, True), ("Empty Map", "", False, False, False)]


def test_a_predefined_setup_opens_from_inside_the_module_by_name_or_file(sample_module, tmp_path):
    module = adjutant.open_module(str(sample_module))
    game = adjutant.open_setup(module, SETUP)
    assert isinstance(game, adjutant.Game)
    assert game.source == f"{sample_module}/{SETUP_FILE}"
    assert [(p.name, p.location, p.properties["Side"]) for p in game.pieces] == [
        ("Lee", "0805", "Confederate"), ("Longstreet", "0806", "Confederate"), ("McClellan", "1203", "Union")]
    assert game.global_property("Turn") == "1"
    assert [p.name for p in adjutant.open_setup(module, SETUP_FILE).pieces] == ["Lee", "Longstreet", "McClellan"]
    game.save(str(tmp_path / "copy.vsav"))  # a set-up is a game like any other
    assert len(adjutant.open_game(str(tmp_path / "copy.vsav"), module).pieces) == 3


def test_an_unknown_setup_or_one_without_a_save_names_the_module(sample_module):
    module = adjutant.open_module(str(sample_module))
    with pytest.raises(adjutant.BuildFileError) as error:
        adjutant.open_setup(module, "Nope")
    assert (error.value.file, error.value.entry) == (str(sample_module), "buildFile.xml")
    assert f"no predefined set-up named 'Nope' (it has '{SETUP}', 'Empty Map')" in str(error.value)
    with pytest.raises(adjutant.FormatError, match="'Empty Map' loads no save: it starts a new game"):
        adjutant.open_setup(module, "Empty Map")


def test_a_missing_or_corrupt_setup_file_names_the_module_and_the_entry(sample_module, tmp_path):
    missing = variant(sample_module, tmp_path, "missing.vmod", entries={SETUP_FILE: None})
    with pytest.raises(adjutant.ArchiveError) as error:
        adjutant.open_setup(adjutant.open_module(str(missing)), SETUP)
    assert (error.value.file, error.value.entry) == (str(missing), SETUP_FILE)
    assert f"predefined set-up '{SETUP}' names the file '{SETUP_FILE}', which the module does not hold" in str(error.value)

    corrupt = variant(sample_module, tmp_path, "corrupt.vmod", entries={SETUP_FILE: b"PK\x03\x04 not a zip"})
    with pytest.raises(adjutant.ArchiveError) as error:
        adjutant.open_setup(adjutant.open_module(str(corrupt)), SETUP)
    assert error.value.file == f"{corrupt}/{SETUP_FILE}"
    assert "truncated or corrupt zip" in str(error.value)


def test_a_setup_stack_is_placed_where_vassal_puts_it(sample_module, tmp_path):
    module = adjutant.open_module(str(sample_module))
    stack = module.setup_stacks[0]
    assert (stack.name, stack.map) == ("Lee's HQ", "Main Map")
    main = module.find_map(stack.map)
    place = main.setup_stack_place(stack)
    assert (place.placed, place.point, place.warning) == (True, main.point_of("0805"), "")
    assert (place.x, place.y) == place.point
    assert main.location_name(place.x, place.y) == "0805"
    # The same under a game's layout: the set-up has Lee standing there.
    game = adjutant.open_setup(module, SETUP)
    assert game.map("Main Map").setup_stack_place(game.map("Main Map").setup_stacks[0]).point == (
        game.pieces[0].x, game.pieces[0].y)

    bad = variant(sample_module, tmp_path, "bad.vmod", lambda t: t.replace('location="0805"', 'location="Q9"'))
    module = adjutant.open_module(str(bad))
    place = module.maps[0].setup_stack_place(module.setup_stacks[0])
    assert place.placed and place.point == (0, 0)  # the stack keeps its x, y on the board
    assert "bad grid location 'Q9'" in place.warning

    elsewhere = variant(sample_module, tmp_path, "elsewhere.vmod",
                        lambda t: t.replace('owningBoard="Sample Board"', 'owningBoard="Other Board"'))
    module = adjutant.open_module(str(elsewhere))
    place = module.maps[0].setup_stack_place(module.setup_stacks[0])
    assert (place.placed, place.x, place.y, place.point) == (False, None, None, None)


def test_a_piece_slot_gives_the_name_and_properties_of_the_piece_it_makes(sample_module):
    module = adjutant.open_module(str(sample_module))
    lee = module.setup_stacks[0].slots[0]
    assert (lee.name, lee.piece_name) == ("Lee", "Lee")
    assert lee.properties["Side"] == "Confederate"
    assert lee.properties["Moved"] == "false"  # from the Unit prototype's trait
    assert [t.class_name for t in lee.traits] == ["UsePrototype", "Marker", "BasicPiece"]  # as written
    companion = adjutant.open_companion(str(REPO / "docs" / "examples" / "sample-terrain.toml"), module)
    game = adjutant.open_setup(module, SETUP)
    assert companion.unit(lee, module) == companion.unit(game.pieces[0], module) == {
        "side": "Confederate", "class": "infantry"}
    assert [s.piece_name for s in module.piece_slots] == ["Lee", "Longstreet", "McClellan"]


def kassala(corpus):
    folder = corpus / "rummelsworth+vassal-module-kassala" / "vmod"
    if not folder.is_dir():
        shared_missing(f"{folder} not in the corpus")
    return adjutant.open_module(str(folder))


def test_a_real_folder_module_opens_its_setup_and_places_its_stacks(corpus):
    module = kassala(corpus)
    assert [(s.name, s.file, s.opens_file) for s in module.predefined_setups] == [
        ("Default Setup", "Default Setup.vsav", True)]
    game = adjutant.open_setup(module, "Default Setup")
    assert game.source == f"{corpus / 'rummelsworth+vassal-module-kassala' / 'vmod'}/Default Setup.vsav"
    assert len(game.pieces) > 0
    stacks = module.setup_stacks
    assert len(stacks) == 21
    for stack in stacks:
        place = module.find_map(stack.map).setup_stack_place(stack)
        assert place.placed and place.warning == "", stack.name
        assert place.point == (stack.x, stack.y)  # one board at the origin, no edge buffer
        assert all(slot.piece_name for slot in stack.slots), stack.name
    names_in_stacks = {slot.piece_name for stack in stacks for slot in stack.slots}
    assert names_in_stacks <= {p.name for p in game.pieces}


def test_a_real_module_naming_a_file_it_does_not_hold(corpus):
    folder = corpus / "Cattlesquat+PathsOfGlory"
    if not (folder / "buildFile.xml").is_file():
        shared_missing(f"{folder} not in the corpus")
    module = adjutant.open_module(str(folder))
    opens = [s for s in module.predefined_setups if s.opens_file]
    assert "Classic Map - Historical Scenario" in [s.name for s in opens]
    for setup in opens:
        if (folder / setup.file).is_file():
            assert len(adjutant.open_setup(module, setup.name).pieces) > 0
        else:
            with pytest.raises(adjutant.ArchiveError, match="which the module does not hold"):
                adjutant.open_setup(module, setup.name)
    with pytest.raises(adjutant.BuildFileError, match="it is a menu"):
        adjutant.open_setup(module, "Scenarios")
