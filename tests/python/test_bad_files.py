"""A folder of files that are no VASSAL file, broken or hostile, made here: `adjutant inspect` (and
`check moves`, where a game is read) answers each with one error line naming the file and exit 2,
never a traceback, a hang or an exhausted memory. The memory cap and time limit only guard against
a blow-up; nothing here measures speed."""
import io
import random
import resource
import subprocess
import sys
import zipfile
import zlib

import pytest
from PIL import Image

from adjutant import encode_sequence

ESC, TAB = "\x1b", "\t"
SAVE = f"begin_save{ESC}end_save"
MEMORY_CAP = 3 << 30   # address space of the child: far above a good run, far below a blow-up
TIME_LIMIT = 120


def zip_of(entries, level=zlib.Z_DEFAULT_COMPRESSION):
    """A zip of (name, data); level 0 stores the entries."""
    out = io.BytesIO()
    method = zipfile.ZIP_STORED if level == 0 else zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(out, "w") as z:
        for name, data in entries:  # a ZipInfo keeps names such as ../x as they are
            z.writestr(zipfile.ZipInfo(name), data, compress_type=method, compresslevel=level or None)
    return out.getvalue()


def png_bytes():
    out = io.BytesIO()
    Image.new("RGB", (4, 4), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


def random_bytes():
    data = random.Random(16).randbytes(4096)
    return b"\x00" + data  # not PK, not !VCSK


def nested_traits(count):
    """A piece's type as VASSAL nests it: the k-th TAB after k-1 backslashes."""
    return "".join(f"mark;Side{chr(92) * (k - 1)}{TAB}" for k in range(1, count)) + "piece;;;img.png;Unit"


def esc_nesting(depth):
    text = f"CHAThi{ESC}CHATho"
    for _ in range(depth):
        text = encode_sequence(["", text], ESC)
    return text


def billion_laughs():
    entities = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)]
    return ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n' + "\n".join(entities) + "\n]>\n"
            '<VASSAL.build.GameModule name="&lol9;"/>\n')


def truncated(data):
    return data[: len(data) // 2]


def bad_games():
    """name -> bytes of files given where a save or log is expected."""
    return {
        "empty.vsav": b"",
        "notes.vsav": b"these are my notes on the game\nturn 3: attack\n",
        "random.vsav": random_bytes(),
        "picture.vsav": png_bytes(),
        "no-saved-game.vsav": zip_of([("readme.txt", "hello")]),
        "truncated.vsav": truncated(zip_of([("savedGame", "x" * 20000 + SAVE)], level=0)),
        "zip-slip.vsav": zip_of([("../../evil.sh", "echo owned"), ("savedGame", SAVE)]),
        "absolute-name.vsav": zip_of([("/etc/evil", "x"), ("savedGame", SAVE)]),
        "bomb.vsav": zip_of([("savedGame", SAVE), ("images/map.png", bytes(300 << 20))], level=9),
        "many-zeros.vsav": zip_of([("savedGame", SAVE)] + [(f"z{i}", bytes(1 << 20)) for i in range(64)], level=9),
        "odd-hex.vsav": zip_of([("savedGame", "!VCSK2a" + "41" * 10 + "4")]),
        "non-hex.vsav": zip_of([("savedGame", "!VCSK2a" + "41zz")]),
        "odd-hex-plain.sav": b"!VCSK2a4141414",
        "nested-log.vsav": zip_of([("savedGame", SAVE + ESC + "LOG\t" * 100_000 + "CHAThi")]),
        "nested-esc.vsav": zip_of([("savedGame", esc_nesting(1000))]),
        # Stored, so that the limit of what they hold answers, not the compression ratio.
        "long-line.vsav": zip_of([("savedGame", f"begin_save{ESC}CHAT{random.Random(16).randbytes(25 << 20).hex()}"
                                                f"{ESC}end_save")], level=0),
        "many-traits.vsav": zip_of([("savedGame", f"begin_save{ESC}+/1/{nested_traits(10_000)}/{ESC}end_save")],
                                   level=0),
        "too-many-traits.vsav": zip_of([("savedGame", f"begin_save{ESC}+/1/{nested_traits(2_500)}/{ESC}end_save")],
                                       level=0),
        "huge-entry-claim.vsav": lying_zip(),
    }


def lying_zip():
    """121 bytes or so: a stored savedGame declaring 500 MB and holding ten."""
    data, declared, name = b"begin_save", 500_000_000, b"savedGame"
    local = (b"PK\x03\x04" + (10).to_bytes(2, "little") + bytes(8) + bytes(4)
             + declared.to_bytes(4, "little") * 2 + len(name).to_bytes(2, "little") + bytes(2) + name + data)
    central = (b"PK\x01\x02" + (20).to_bytes(2, "little") + (10).to_bytes(2, "little") + bytes(8) + bytes(4)
               + declared.to_bytes(4, "little") * 2 + len(name).to_bytes(2, "little") + bytes(12) + name)
    end = (b"PK\x05\x06" + bytes(4) + (1).to_bytes(2, "little") * 2 + len(central).to_bytes(4, "little")
           + len(local).to_bytes(4, "little") + bytes(2))
    return local + central + end


def bad_modules():
    """name -> bytes of files given where a module is expected."""
    good_build_file = '<VASSAL.build.GameModule name="M" version="1"/>'
    return {
        "empty.vmod": b"",
        "notes.vmod": b"a list of counters\n",
        "random.vmod": random_bytes(),
        "picture.vmod": png_bytes(),
        "no-build-file.vmod": zip_of([("images/board.png", png_bytes())]),
        "truncated.vmod": truncated(zip_of([("buildFile.xml", good_build_file + " " * 20000)], level=0)),
        "zip-slip.vmod": zip_of([("buildFile.xml", good_build_file), ("../images/x.png", png_bytes())]),
        "billion-laughs.vmod": zip_of([("buildFile.xml", billion_laughs())]),
        "deep-xml.vmod": zip_of([("buildFile.xml", "<VASSAL.build.GameModule>" + "<a>" * 100_000)]),
        "html.vmod": b"<html><body>not a module</body></html>",
    }


def prototype_bomb(count):
    """41 prototypes, each using the next twice: 2**41 traits once expanded."""
    definitions = "".join(
        f'<VASSAL.build.module.PrototypeDefinition name="P{i}">+/null/'
        f'{f"prototype;P{i + 1}{TAB}prototype;P{i + 1}{chr(92)}{TAB}piece;;;;" if i + 1 < count else f"mark;L{TAB}piece;;;;"}'
        f'/{TAB}</VASSAL.build.module.PrototypeDefinition>' for i in range(count))
    return ('<VASSAL.build.GameModule name="Bomb" version="1"><VASSAL.build.module.PrototypesContainer>'
            f'{definitions}</VASSAL.build.module.PrototypesContainer>'
            '<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.PieceSlot entryName="Unit" gpid="1">'
            f'+/null/prototype;P0{TAB}piece;;;;Unit/{TAB}</VASSAL.build.widget.PieceSlot>'
            '</VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>')


def bad_companions(good):
    """name -> text of companion files that are broken or absurd, from the demo's good one."""
    return {
        "elevation.toml": good.replace("[[map]]", "[[map]]\ndefault_elevation = 2147483647", 1),
        "elevation-level.toml": good + '\n[map.elevation]\n"2147483647" = ["0101"]\n',
        "huge.toml": good + "\n" + "#" * (20 << 20) + "\n",
    }


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("bad")
    for name, data in {**bad_games(), **bad_modules()}.items():
        (path / name).write_bytes(data)
    return path


@pytest.fixture(scope="module")
def demo_game(tmp_path_factory):
    from adjutant_plugins.litn.demo import write_demo
    path = tmp_path_factory.mktemp("demo")
    write_demo(path)
    return path


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def adjutant(*args):
    return subprocess.run([sys.executable, "-m", "adjutant", *map(str, args)], capture_output=True, text=True,
                          preexec_fn=limited, timeout=TIME_LIMIT)


def assert_one_error_line(result, path):
    lines = result.stderr.splitlines()
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert result.returncode == 2, (result.returncode, result.stderr[-3000:])
    assert len(lines) == 1, result.stderr[-3000:]
    assert lines[0].startswith("adjutant: ") and str(path) in lines[0], lines[0]


@pytest.mark.parametrize("name", sorted(bad_games()))
def test_inspect_refuses_a_bad_game_in_one_line(folder, name):
    assert_one_error_line(adjutant("inspect", folder / name), folder / name)


@pytest.mark.parametrize("name", sorted(bad_modules()))
def test_inspect_refuses_a_bad_module_in_one_line(folder, name):
    assert_one_error_line(adjutant("inspect", folder / name), folder / name)


@pytest.mark.parametrize("name", sorted(bad_games()))
def test_check_moves_refuses_a_bad_game_in_one_line(folder, demo_game, name):
    result = adjutant("check", "moves", folder / name, "--module", demo_game / "litn-demo.vmod",
                      "--companion", demo_game / "companion.toml")
    assert_one_error_line(result, folder / name)


@pytest.mark.parametrize("name", ["empty.vsav", "notes.vsav", "random.vsav", "picture.vsav"])
def test_a_bad_game_given_as_the_module_is_refused_in_one_line(folder, demo_game, name):
    result = adjutant("check", "moves", demo_game / "litn-demo.vsav", "--module", folder / name,
                      "--companion", demo_game / "companion.toml")
    assert_one_error_line(result, folder / name)


@pytest.mark.parametrize("name", sorted(bad_companions("")))
def test_check_moves_refuses_an_absurd_companion_file_in_one_line(demo_game, tmp_path, name):
    good = (demo_game / "companion.toml").read_text(encoding="utf-8")
    path = tmp_path / name
    path.write_text(bad_companions(good)[name], encoding="utf-8")
    result = adjutant("check", "moves", demo_game / "litn-demo.vsav", "--module", demo_game / "litn-demo.vmod",
                      "--companion", path)
    assert_one_error_line(result, path)


def test_what_a_save_holds_is_read_by_content(folder, tmp_path):
    import adjutant as api
    assert [api.file_kind(str(folder / n)) for n in ("empty.vsav", "notes.vsav", "picture.vmod")] == ["unknown"] * 3
    plain = tmp_path / "plain.sav"
    plain.write_text(SAVE, encoding="utf-8")
    assert api.file_kind(str(plain)) == "save"
    assert api.open_game(str(plain)).pieces == []
    with pytest.raises(api.ArchiveError, match="not a VASSAL save or log: text that is no VASSAL file"):
        api.open_game(str(folder / "notes.vsav"))
    with pytest.raises(api.ArchiveError, match="not a VASSAL module: a PNG image"):
        api.open_module(str(folder / "picture.vmod"))


def test_prototypes_that_expand_beyond_the_limit_are_refused_naming_the_module(folder, tmp_path):
    import adjutant as api
    path = tmp_path / "bomb.vmod"
    path.write_bytes(zip_of([("buildFile.xml", prototype_bomb(41))]))
    (slot,) = api.open_module(str(path)).piece_slots
    with pytest.raises(api.PieceError, match=r"more than \d+ traits once prototypes are expanded") as error:
        slot.properties
    assert (error.value.file, error.value.entry) == (str(path), "buildFile.xml")


def test_a_broken_prototype_names_its_module_entry_and_line(tmp_path):
    import adjutant as api
    path = tmp_path / "broken.vmod"
    path.write_bytes(zip_of([("buildFile.xml", '<VASSAL.build.GameModule name="M">\n'
                              '<VASSAL.build.module.PrototypeDefinition name="P">not a piece'
                              '</VASSAL.build.module.PrototypeDefinition></VASSAL.build.GameModule>')]))
    (prototype,) = api.open_module(str(path)).prototypes
    with pytest.raises(api.PieceError) as error:
        prototype.traits
    assert str(error.value).startswith(f"{path} [buildFile.xml], line 2: ")
