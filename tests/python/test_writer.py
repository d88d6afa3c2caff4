"""Writing VASSAL's files from Python: the escaping, trait chains and obfuscation against VASSAL's own
examples (spec §2, §3), and a module and a save built here that reopen with open_module/open_game."""
import zipfile

import pytest

import adjutant

BUILD_FILE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule ModuleOther1="" ModuleOther2="" VassalVersion="3.7.12" description="Written from Python"
    name="Writer Test" nextPieceSlotId="2" version="0.3">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster buttonText="Retire"><entry>Blue</entry><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map">
    <VASSAL.build.module.map.BoardPicker>
      <VASSAL.build.module.map.boardPicker.Board image="board.png" name="Board" width="400" height="300"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Counters">
    <VASSAL.build.widget.PieceSlot entryName="Tank" gpid="1" width="48" height="48">{slot}</VASSAL.build.widget.PieceSlot>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""
# The spec's worked example (§3, example 4): a Marker whose value holds the delimiter, a Layer, and a
# BasicPiece whose name holds ';' and '/'.
TANK = [("mark;Side,Note", "Allies,a\\,b"), ("emb2;Flip;130;F", "-1"), ("piece;;;tank.png;Tank\\; heavy/1", "")]


@pytest.mark.parametrize("elements, delimiter, encoded", [
    (["a;b", "", "c", ""], ";", "a\\;b;;c;"),          # the delimiter escaped, empty elements still counted
    (["'x'", "\\y", "z"], ";", "''x'';'\\y';z"),        # quoted: wrapped in quotes, or starting with '\'
    (["C:\\", "next"], ";", "C:\\;next"),               # current VASSAL does not quote a trailing '\'
    (["next", "C:\\"], ";", "next;C:\\"),
    (["'"], ",", "'''"),                                # a lone quote starts and ends with a quote
    ([], ";", ""),
])
def test_encode_sequence_escapes_as_vassal(elements, delimiter, encoded):
    assert adjutant.encode_sequence(elements, delimiter) == encoded


def test_decode_sequence_reads_what_vassal_wrote():
    assert adjutant.decode_sequence("a\\;b;;c;", ";") == ["a;b", "", "c", ""]
    assert adjutant.decode_sequence("''x'';'\\y';z", ";") == ["'x'", "\\y", "z"]
    assert adjutant.decode_sequence("C:\\;next", ";") == ["C:;next"]   # VASSAL's own loss, kept
    with pytest.raises(ValueError, match="one character"):
        adjutant.encode_sequence(["a"], ";;")


def test_trait_chains_nest_as_vassal():
    assert adjutant.chain_traits([("T1", ""), ("T2", ""), ("T3", ""), ("piece;;;;", "")])[0] == \
        "T1\tT2\\\tT3\\\\\tpiece;;;;"
    piece_type, state = adjutant.chain_traits(TANK[:2] + [(TANK[2][0], "Main Map;100;200;;0")])
    assert piece_type == "mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy/1"
    assert state == "Allies,a\\,b\t-1\\\tMain Map;100;200;;0"
    # In a PieceSlot only '/' gains a backslash; '\;' and '\TAB' pass through.
    assert adjutant.piece_definition(TANK) == \
        "+/null/mark;Side,Note\temb2;Flip;130;F\\\tpiece;;;tank.png;Tank\\; heavy\\/1/Allies,a\\,b\t-1\\\t"
    with pytest.raises(ValueError):
        adjutant.chain_traits([])


def test_obfuscate_as_vassal():
    assert adjutant.obfuscate("a", key=0x2A) == "!VCSK2a4b"
    assert adjutant.obfuscate("é", key=0x2A) == "!VCSK2ae983"          # each UTF-8 byte
    text = adjutant.obfuscate("begin_save")
    assert text.startswith("!VCSK") and len(text) == 7 + 2 * len("begin_save")


def written_module(tmp_path):
    path = tmp_path / "written.vmod"
    build_file = BUILD_FILE.format(slot=adjutant.piece_definition(TANK[:2] + [(TANK[2][0], "null;0;0;1;0")]))
    adjutant.write_module(str(path), build_file, images={"board.png": b"\x89PNG\r\n\x1a\n", "tank.png": b"tank"})
    return path, build_file


def test_a_module_written_here_reopens(tmp_path):
    path, build_file = written_module(tmp_path)
    module = adjutant.open_module(str(path))
    assert (module.name, module.version, module.vassal_version) == ("Writer Test", "0.3", "3.7.12")
    assert [m.name for m in module.maps] == ["Main Map"] and module.sides == ["Blue", "Red"]
    slot = module.piece_slots[0]
    assert [t.class_name for t in slot.traits] == ["Marker", "Embellishment", "BasicPiece"]
    assert slot.piece_name == "Tank; heavy/1"
    with zipfile.ZipFile(path) as z:
        assert z.read("buildFile.xml").decode() == build_file
        assert z.read("images/tank.png") == b"tank"
        moduledata = z.read("moduledata").decode()
    assert "  <name>Writer Test</name>\n" in moduledata and "<description>Written from Python</description>" in moduledata
    assert adjutant.file_kind(str(path)) == "module"
    with pytest.raises(adjutant.ArchiveError) as refused:     # never over an existing file
        adjutant.write_module(str(path), build_file)
    assert refused.value.file == str(path)
    with pytest.raises(adjutant.BuildFileError):
        adjutant.write_module(str(tmp_path / "broken.vmod"), "<VASSAL.build.GameModule>")
    assert not (tmp_path / "broken.vmod").exists()


def test_a_save_written_here_reopens_with_its_module(tmp_path):
    module_path, build_file = written_module(tmp_path)
    save = adjutant.NewSave()
    save.add_piece("101", TANK[:2] + [(TANK[2][0], "Main Map;100;200;1;0")])
    save.add_piece("102", [("mark;Side", "Red"), ("piece;;;b.png;Bravo", "Main Map;100;200;;0")])
    save.add_stack("103", "Main Map", 100, 200, ["101", "102"])
    save.add_player("blue-password", "Ann", "Blue")
    save.set_global_property("Turn", "4")
    save.add_restore("SETUP_STACK\t")
    path = tmp_path / "written.vsav"
    save.write(str(path), adjutant.module_metadata(build_file), "turn 4", key=0x2A)

    assert zipfile.ZipFile(path).read("savedGame").startswith(b"!VCSK2a")
    assert adjutant.read_saved_game(str(path)) == save.saved_game
    game = adjutant.open_game(str(path), adjutant.open_module(str(module_path)))
    tank, bravo = game.pieces
    assert (tank.id, tank.name, tank.map, tank.x, tank.y) == ("101", "Tank; heavy/1", "Main Map", 100, 200)
    assert tank.properties["Note"] == "a,b" and bravo.properties["Side"] == "Red"
    assert [(p.name, p.side) for p in game.players] == [("Ann", "Blue")]
    assert game.global_property("Turn") == "4"
    assert (game.savedata["version"], game.savedata["vassal_version"]) == ("0.3", "3.7.12")
    assert not game.warnings
    with pytest.raises(adjutant.ArchiveError):
        save.write(str(path), adjutant.module_metadata(build_file))
    with pytest.raises(ValueError, match="used twice"):
        save.add_piece("101", [("piece;;;c.png;C", "Main Map;1;1;;0")])
    with pytest.raises(ValueError, match="add_piece"):
        save.add_restore("+/104/piece;;;c.png;C/Main Map;1;1;;0")

