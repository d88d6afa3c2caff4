"""Writing what a procedure produced: the changed game as a save or a log, the report as text or
JSON. `adjutant run` and the plugins' demos write through here.

Every file is written whole under a temporary name and then renamed into place, so a reader never
sees half a file. By default a file that exists is an error (Adjutant never writes over a file the
user gave it); `replace=True` is for a file the caller made itself earlier (a demo run again).
"""
import os
import tempfile
from pathlib import Path

from adjutant import write_new_file

GAME_SUFFIXES = (".vsav", ".vlog")


def game_output_kind(path):
    """".vsav" (a save of the result) or ".vlog" (the game read plus a step per change); ValueError otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix not in GAME_SUFFIXES:
        raise ValueError(f"{path}: name a .vsav (a save of the result) or a .vlog (the game plus new steps)")
    return suffix


def write_file(path, write, replace=False):
    """Makes the file `path` with write(new_path), a function that writes a new file whole (Game.save,
    Game.save_log, write_text ...). With `replace`, it writes into a temporary folder beside `path`
    and renames the file over the one there."""
    path = Path(path)
    if not replace:
        write(str(path))
        return path
    with tempfile.TemporaryDirectory(dir=path.parent, prefix=f".{path.name}.") as folder:
        new = Path(folder) / path.name
        write(str(new))
        os.replace(new, path)
    return path


def write_text(path, text, replace=False):
    """A text file (UTF-8), written as write_file writes."""
    return write_file(path, lambda new: write_new_file(new, text), replace)


def write_procedure_outputs(report, game, output=None, report_file=None, replace=False):
    """Writes a procedure's result: the changed `game` to `output` (.vsav: a save of it; .vlog: the
    game read plus a step per change, the report posted as chat) and the report to `report_file`
    (.json as JSON, else text). Each file written is added to report.files.

    The game's obfuscation key comes from the report's seed (VASSAL draws any key), so the same seed
    writes the same savedGame."""
    if output:
        kind = game_output_kind(output)
        for line in report.chat_lines():
            game.chat(line)
        key = None if report.seed is None else report.seed % 256
        save = game.save_log if kind == ".vlog" else game.save
        write_file(output, lambda path: save(path, key), replace)
        report.files.append(str(output))
    if report_file:
        text = report.json_text() if str(report_file).endswith(".json") else report.text()
        write_text(report_file, text, replace)
        report.files.append(str(report_file))
