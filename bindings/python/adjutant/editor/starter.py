"""A companion file begun in the editor, for a module that has none: the module's name, its map and
board, and the vocabulary the painter names on the page (the first terrain type is the terrain of
every hex left unpainted). Saved as MODULE.toml beside the module (MODULE-2.toml ... when taken)."""
import json
from pathlib import Path

KINDS = ("terrain", "hexside", "high_side", "lines", "places")


class StarterError(ValueError):
    """The page's vocabulary cannot begin a file: not lists of names, or no terrain type yet."""


def empty_vocabulary():
    return {**{kind: [] for kind in KINDS}, "default_terrain": "", "default_elevation": 0}


def vocabulary(state):
    """The vocabulary the page sends with the state ({terrain: [name], hexside, high_side, lines,
    places}), checked, with its default terrain (the first terrain type) and elevation (0)."""
    sent = state.get("vocabulary", {})
    if not isinstance(sent, dict):
        raise StarterError("'vocabulary' must be an object of kind: [name]")
    words = empty_vocabulary()
    for kind in KINDS:
        names = sent.get(kind, [])
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() and "\n" not in n for n in names):
            raise StarterError(f"vocabulary '{kind}' must be a list of names, each on one line")
        words[kind] = list(dict.fromkeys(n.strip() for n in names))
    if not set(words["high_side"]) <= set(words["hexside"]):
        raise StarterError("vocabulary 'high_side': each is one of the hexside features")
    words["default_terrain"] = (words["terrain"] or [""])[0]
    return words


def starter_text(module, map_name, board, words):
    """The starting file's text for `words` (vocabulary()), without map contents."""
    if not words["terrain"]:
        raise StarterError("name a terrain type first (New terrain): the first one is the terrain of unpainted hexes")
    quoted = lambda names: "[" + ", ".join(json.dumps(n, ensure_ascii=False) for n in names) + "]"
    lines = ["# A companion file begun in `adjutant edit` (docs/companion-format.md describes every key).",
             "format = 1", 'rules = "generic"', "", "[module]", f"name = {json.dumps(module.name, ensure_ascii=False)}",
             "", "[vocabulary]"]
    lines += [f"{kind} = {quoted(words[kind])}" for kind in KINDS if words[kind]]
    lines += ["", "[[map]]", f"name = {json.dumps(map_name, ensure_ascii=False)}",
              f"board = {json.dumps(board, ensure_ascii=False)}",
              f"default_terrain = {json.dumps(words['default_terrain'], ensure_ascii=False)}", ""]
    return "\n".join(lines)


def free_path(folder, stem, suffix, plain_first):
    """folder/STEM.toml (when plain_first) or the first of STEM-2, STEM-3 ... that does not exist."""
    if plain_first and not (path := Path(folder) / f"{stem}{suffix}").exists():
        return path
    n = 2
    while (path := Path(folder) / f"{stem}-{n}{suffix}").exists():
        n += 1
    return path
