"""One error style: every subcommand given bad input answers with one line naming the file or the
name at fault, never a Python traceback; the usage line only for a command line argparse cannot
read, with a hint when a value starting with '-' was taken for an option."""
import pytest

from conftest import REPO
from test_cli import adjutant as run_cli

SAMPLE_TERRAIN = REPO / "docs" / "examples" / "sample-terrain.toml"


@pytest.fixture(scope="module")
def bad(sample_module, tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad")
    (folder / "text.txt").write_text("hello, not VASSAL\n", encoding="utf-8")
    (folder / "report.json").write_text("{not json", encoding="utf-8")
    wrong_class = folder / "wrong-class.toml"
    wrong_class.write_text(SAMPLE_TERRAIN.read_text(encoding="utf-8").replace('value = "infantry"', 'value = "armour"'),
                           encoding="utf-8")
    return {"module": str(sample_module), "companion": str(SAMPLE_TERRAIN), "missing": str(folder / "missing.vmod"),
            "text": str(folder / "text.txt"), "report": str(folder / "report.json"), "dir": folder,
            "wrong_class": str(wrong_class)}


def commands(b):
    m, c, out = b["module"], b["companion"], str(b["dir"] / "out")
    return [
        ["inspect", b["missing"]],
        ["inspect", b["text"], "--module", b["missing"]],
        ["where", b["missing"], "1", "2"],
        ["where", m, "--map", "Nowhere", "1", "2"],
        ["where", m, "--board", "Nowhere", "1", "2"],
        ["where", m, "--game", b["missing"], "1", "2"],
        ["hex", m, "banana"],
        ["hex", m, "--board", "Nowhere", "0101"],
        ["terrain", "check", m, b["missing"]],
        ["terrain", "check", b["missing"], c],
        ["terrain", "sample", m, b["missing"]],
        ["check", "moves", b["missing"], "--module", m, "--companion", c],
        ["check", "moves", b["text"], "--module", m, "--companion", c],
        ["check", "moves", b["text"], "--module", m, "--companion", b["missing"]],
        ["check", "setup", m, "--companion", b["missing"]],
        ["check", "setup", b["missing"], "--module", m, "--companion", c],
        ["los", m, c, "0101", "9999"],
        ["los", m, b["missing"], "0101", "0202"],
        ["trace", "nokind", m, c, "0101"],
        ["trace", "loc", m, c, "9999", "--to", "0101"],
        ["render", "grid", m, "-o", out + ".jpg"],
        ["render", "grid", m, "--board", "Nowhere", "-o", out + ".svg"],
        ["render", "grid", b["missing"], "-o", out + ".svg"],
        ["render", "reach", m, c, "0101", "--class", "infantry", "--mp", "6", "-o", out + "-reach.jpg"],
        ["render", "reach", m, c, "9999", "--class", "infantry", "--mp", "6", "-o", out + "-reach.svg"],
        ["render", "reach", m, c, "0101", "--class", "tank", "--mp", "6", "-o", out + "-tank.svg"],
        ["render", "path", m, c, "0101", "9999", "--class", "infantry", "-o", out + "-path.svg"],
        ["render", "los", m, c, "0101", "9999", "-o", out + "-los.svg"],
        ["render", "report", b["report"], m, "-o", out + "-report.svg"],
        ["render", "report", b["missing"], m, "-o", out + "-report.svg"],
        ["run", "litn.command", b["missing"], "--module", m, "--companion", c],
        ["run", "nowhere.command", b["missing"], "--module", m, "--companion", c],
        ["run", "litn.command", b["text"], "--module", m, "--companion", c, "turn=x"],
        ["plugins", "--plugin", b["missing"]],
        ["demo", "--plugin", "nowhere", "--out", out],
    ]


def test_no_bad_input_shows_a_traceback(bad):
    for command in commands(bad):
        result = run_cli(*command)
        assert "Traceback" not in result.stderr, (command, result.stderr)
        assert result.returncode in (1, 2), (command, result.returncode, result.stderr)
        assert result.stderr.startswith("adjutant: "), (command, result.stderr)
        assert result.stderr.count("\n") == 1, (command, result.stderr)  # one line, no usage before it


def test_the_picture_kind_is_checked_before_drawing(bad):
    out = bad["dir"] / "reach.jpg"
    result = run_cli("render", "reach", bad["module"], bad["companion"], "0101", "--class", "infantry", "--mp", "6",
                     "-o", out)
    assert result.returncode == 2
    assert result.stderr == f"adjutant: -o {out}: a picture is written as .svg or .png\n"


def test_a_value_that_looks_like_an_option_gets_a_hint(bad):
    result = run_cli("hex", bad["module"], "-8,8")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("usage: adjutant hex")  # argparse could not read it: the usage, then the hint
    assert "put `--` before it, as in `-- -8,8`" in result.stderr
    named = run_cli("hex", bad["module"], "--", "-8,8")
    assert named.returncode == 2 and "usage:" not in named.stderr and "-8,8" in named.stderr


def test_terrain_check_rejects_the_unit_class_check_moves_would(bad):
    result = run_cli("terrain", "check", bad["module"], bad["wrong_class"])
    assert result.returncode == 1
    assert "unknown unit class 'armour' (the classes are" in result.stderr
    assert bad["wrong_class"] in result.stderr
