"""The Python API: modules, games, pieces, replay, changes, the codec and the errors."""
import zipfile

import pytest

import adjutant
from conftest import SAVE_TEXT, corpus_files


def test_a_module_shows_its_maps_grids_palette_and_sides(sample_module):
    module = adjutant.open_module(str(sample_module))
    assert (module.name, module.version, module.vassal_version) == ("Adjutant Sample", "1.0", "3.7.12")
    assert [m.name for m in module.maps] == ["Main Map"]
    board = module.maps[0].boards[0]
    assert (board.name, board.width, board.height, board.grid_kind) == ("Sample Board", 1200, 900, "hex")
    assert board.grid["x0"] == 30 and board.grid["numbering"]["h_off"] == 1
    assert [s.name for s in module.piece_slots] == ["Lee", "Longstreet", "McClellan"]
    assert [p.name for p in module.prototypes] == ["Unit"]
    assert [(s.name, s.use_grid_location, s.location) for s in module.setup_stacks] == [("Lee's HQ", True, "0805")]
    assert module.sides == ["Union", "Confederate"]
    assert module.piece_slots[0].traits[-1].class_name == "BasicPiece"


def test_a_save_gives_pieces_players_and_global_properties(hand_made_save):
    game = adjutant.open_game(str(hand_made_save))
    assert not game.is_log and game.step_count == 0
    alpha, bravo = game.pieces
    assert (alpha.id, alpha.name, alpha.map, alpha.x, alpha.y) == ("A", "Alpha", "Main Map", 100, 200)
    assert alpha.properties["Side"] == "Union"
    assert alpha.properties["CurrentMap"] == "Main Map"
    assert [t.class_name for t in alpha.traits] == ["Marker", "BasicPiece"]
    assert bravo.name == "Bravo"
    assert [(p.name, p.side) for p in game.players] == [("Joel", "Union")]
    assert game.global_property("Turn") == "3"
    assert game.global_properties[("Module", "Turn")] == "3"


def test_an_unchanged_save_writes_back_the_same_text(hand_made_save):
    game = adjutant.open_game(str(hand_made_save))
    assert game.save_text() == SAVE_TEXT


def test_changes_are_saved_to_a_new_file_that_reads_back(hand_made_save, tmp_path):
    game = adjutant.open_game(str(hand_made_save))
    alpha = game.piece("A")
    alpha.set_property("Side", "Confederate")
    alpha.move_to("Main Map", 500, 600)
    assert (alpha.x, alpha.y, alpha.properties["Side"]) == (500, 600, "Confederate")
    assert game.change_count == 2

    out = tmp_path / "changed.vsav"
    game.save(str(out), key=0x2A)
    assert zipfile.ZipFile(out).read("savedGame").startswith(b"!VCSK2a")
    again = adjutant.open_game(str(out)).piece("A")
    assert (again.x, again.y, again.properties["Side"]) == (500, 600, "Confederate")
    assert adjutant.open_game(str(out)).piece("B").properties == game.piece("B").properties

    with pytest.raises(adjutant.ArchiveError) as refused:
        game.save(str(out))
    assert refused.value.file == str(out)
    assert hand_made_save.read_text(encoding="utf-8") == SAVE_TEXT  # the input is never touched


def test_a_property_no_trait_holds_is_refused(hand_made_save):
    alpha = adjutant.open_game(str(hand_made_save)).piece("A")
    with pytest.raises(adjutant.PieceError) as error:
        alpha.set_property("Strength", "4")
    assert "Strength" in str(error.value)


def test_an_unknown_piece_id_is_a_game_state_error(hand_made_save):
    with pytest.raises(adjutant.GameStateError) as error:
        adjutant.open_game(str(hand_made_save)).piece("nope")
    assert error.value.file == str(hand_made_save)
    assert isinstance(error.value, adjutant.FormatError)


def test_the_codec_decodes_and_encodes_a_save(hand_made_save):
    text = adjutant.read_saved_game(str(hand_made_save))
    assert text == SAVE_TEXT
    tree = adjutant.decode_commands(text)
    assert tree.root.kind == "BeginSave"  # the first command holds the ones after it
    assert [c.kind for c in tree.root.children] == [
        "AddPiece", "AddPiece", "AddPlayer", "GlobalProperty", "EndSave"]
    assert tree.encode() == text


@pytest.mark.parametrize("content, error, entry", [
    (b"!VCSK2a123", adjutant.ObfuscationError, "savedGame"),  # odd number of digits
    (b"!VCSK2a12zz", adjutant.ObfuscationError, "savedGame"),  # not hex
])
def test_a_broken_savedgame_names_the_file_and_entry(tmp_path, content, error, entry):
    path = tmp_path / "broken.vsav"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", content)
    with pytest.raises(error) as raised:
        adjutant.open_game(str(path))
    assert (raised.value.file, raised.value.entry) == (str(path), entry)
    assert raised.value.position, "the offset of the bad digit is named"


def test_a_truncated_zip_and_a_missing_file_are_archive_errors(tmp_path, sample_module):
    truncated = tmp_path / "truncated.vmod"
    truncated.write_bytes(sample_module.read_bytes()[:200])
    for path in (truncated, tmp_path / "missing.vsav"):
        with pytest.raises(adjutant.ArchiveError) as raised:
            adjutant.open_module(str(path))
        assert raised.value.file == str(path)


def test_a_zip_without_savedgame_names_the_missing_entry(tmp_path):
    path = tmp_path / "empty.vsav"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedata", "<data/>")
    with pytest.raises(adjutant.ArchiveError) as raised:
        adjutant.open_game(str(path))
    assert "savedGame" in str(raised.value)


def test_broken_xml_names_the_entry_and_line(tmp_path):
    path = tmp_path / "broken.vmod"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", '<?xml version="1.0"?>\n<VASSAL.build.GameModule name="x">\n<a></b>\n')
    with pytest.raises(adjutant.BuildFileError) as raised:
        adjutant.open_module(str(path))
    assert (raised.value.file, raised.value.entry) == (str(path), "buildFile.xml")
    assert "line" in raised.value.position


def test_a_malformed_addpiece_is_a_command_error():
    with pytest.raises(adjutant.CommandError) as raised:
        adjutant.decode_commands("+/only-an-id")
    assert "AddPiece" in str(raised.value)


def test_a_real_log_replays_back_and_forth(tld_log):
    game = adjutant.open_game(str(tld_log))
    assert game.is_log and game.step_count == 1091 and game.position == 1091
    at_end = {p.id: (p.map, p.x, p.y) for p in game.pieces}
    undone = game.step_back()
    assert undone.step == 1091 and game.position == 1090  # steps count from 1: step 1091 was undone
    game.seek(0)
    effect = game.step_forward()
    assert effect.step == 1 and game.position == 1
    text = effect.describe()
    assert isinstance(text, str) and text.startswith("moved ") and text == "\n".join(text.splitlines())
    game.seek(game.step_count)
    assert {p.id: (p.map, p.x, p.y) for p in game.pieces} == at_end
    assert any("step 690" in str(w) and "1168786995021" in str(w) for w in game.warnings)


def test_every_corpus_save_and_log_round_trips_its_text(corpus):
    files = corpus_files(corpus, {".vsav", ".vlog", ".sav", ".log"})
    assert len(files) > 50
    for path in files:
        text = adjutant.read_saved_game(str(path))
        assert adjutant.decode_commands(text).encode() == text, path
