"""`adjutant check moves` on the TLD logs of the corpus with the project's companion file for that
map (docs/examples/tld-normandy.toml: clear terrain and two roads, the generic rules)."""
import os
import pty
import subprocess
import sys
import threading
from fractions import Fraction

from adjutant.rules.mp import parse_mp
from conftest import REPO, json_lines
from test_cli import adjutant

TLD_COMPANION = REPO / "docs" / "examples" / "tld-normandy.toml"


def test_every_move_of_a_tld_log_gets_a_verdict_and_a_distance(tld):
    module, logs = tld
    result = adjutant("check", "moves", logs[0], "--module", module, "--companion", TLD_COMPANION, "--json")
    assert result.returncode == 0, result.stderr
    (game,) = json_lines(result.stdout)
    moves = game["moves"]
    assert len(moves) > 300
    for move in moves:
        assert move["legal"] is True, move
        assert move["distance"] >= 1
        cost = parse_mp(move["cost"])
        # Clear costs 1 a hex, a road 1/2: the cheapest path lies between the two.
        assert Fraction(move["distance"], 2) <= cost <= move["distance"], move
        assert move["path"][0] == move["start"] and move["path"][-1] == move["end"]
        assert len(move["path"]) - 1 >= move["distance"]
    assert any(parse_mp(m["cost"]) < m["distance"] for m in moves)  # some moves used the coast road


def companion_with_allowance(path, mp):
    """The TLD companion file with every unit's allowance `mp` (text, such as "1 1/2"), written to `path`."""
    text = TLD_COMPANION.read_text(encoding="utf-8")
    text = text.replace('unit_attributes = ["class"]', 'unit_attributes = ["class", "MA"]')
    text = text.replace('class = { value = "ground" }', f'class = {{ value = "ground" }}\nMA = {{ value = "{mp}" }}')
    text = text.replace('class_attribute = "class"', 'class_attribute = "class"\nallowance_attribute = "MA"')
    path.write_text(text, encoding="utf-8")
    return path


def test_moves_over_the_allowance_are_violations_with_their_reason(tld, tmp_path):
    module, logs = tld
    strict = companion_with_allowance(tmp_path / "tld-1mp.toml", "1")
    result = adjutant("check", "moves", logs[0], "--module", module, "--companion", strict, "--json", "--violations")
    assert result.returncode == 1, result.stderr
    (game,) = json_lines(result.stdout)
    assert game["moves"]
    for move in game["moves"]:
        assert move["legal"] is False
        assert move["reason"] == f"costs {move['cost']} MP, over the allowance of 1"
        assert parse_mp(move["cost"]) > 1


def test_a_class_the_rules_lack_is_named(tld, tmp_path):
    module, logs = tld
    wrong = tmp_path / "tld-wrong.toml"
    wrong.write_text(TLD_COMPANION.read_text(encoding="utf-8").replace('class = { value = "ground" }',
                                                                     'class = { value = "armour" }'),
                     encoding="utf-8")
    result = adjutant("check", "moves", logs[0], "--module", module, "--companion", wrong)
    assert result.returncode == 2
    assert "unknown unit class 'armour' (the classes are ground)" in result.stderr
    assert str(logs[0]) in result.stderr


def test_a_folder_is_every_save_and_log_in_it_by_content_with_a_progress_bar_on_a_terminal(tld, tmp_path):
    module, logs = tld
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "a-0606-1.log").symlink_to(logs[0])
    (folder / "b-0606-2").symlink_to(logs[1])  # TLD's logs were mailed about without an extension too
    (folder / "c-notes.txt").write_text("not a log")
    (folder / "d-0606-3.LOG").symlink_to(logs[2])
    many = adjutant("check", "moves", folder, "--module", module, "--companion", TLD_COMPANION, "--json")
    assert many.returncode == 0, many.stderr
    records = json_lines(many.stdout)
    assert [r["game"] for r in records] == [str(folder / n) for n in ("a-0606-1.log", "b-0606-2", "c-notes.txt",
                                                                       "d-0606-3.LOG")]
    assert [sorted(r) for r in records] == [["game", "moves", "notes"]] * 2 + [["game", "skipped"]] + [
        ["game", "moves", "notes"]]
    assert all(len(r["moves"]) > 100 for r in records if "moves" in r)
    assert "c-notes.txt" not in many.stderr, "with --json a skipped file is said once, in its JSON line"
    plain = adjutant("check", "moves", folder, "--module", module, "--companion", TLD_COMPANION)
    assert "adjutant: skipped 1 file in folders: not a VASSAL save or log (--verbose names them)" in plain.stderr
    assert "c-notes.txt" not in plain.stderr

    # On a terminal (a pseudo-terminal here) the same check draws a progress bar on standard error.
    main, terminal = pty.openpty()
    shown = []
    reader = threading.Thread(target=_read_all, args=(main, shown))
    reader.start()
    try:
        ran = subprocess.run([sys.executable, "-m", "adjutant", "check", "moves", str(folder), "--module", str(module),
                              "--companion", str(TLD_COMPANION)], stdout=subprocess.PIPE, stderr=terminal,
                             env={**os.environ, "TERM": "xterm", "COLUMNS": "100"}, timeout=300)
    finally:
        os.close(terminal)
        reader.join()
        os.close(main)
    assert ran.returncode == 0
    assert b"checking games" in b"".join(shown)


def _read_all(fd, into):
    """Reads a pseudo-terminal until its other end is closed."""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return
        if not chunk:
            return
        into.append(chunk)


def test_a_folder_without_logs_is_named(tld, tmp_path):
    module, _ = tld
    result = adjutant("check", "moves", tmp_path, "--module", module, "--companion", TLD_COMPANION)
    assert result.returncode == 2
    assert str(tmp_path) in result.stderr and "without saves or logs" in result.stderr
