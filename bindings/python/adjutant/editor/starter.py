"""A companion file begun in the editor, for a module that has none: the module's name, its map and
board, the vocabulary the painter names on the page (the first terrain type is the terrain of
every hex left unpainted), and placeholder [units], [movement] and [sight] sections (every piece a
unit of one class with one allowance, every terrain type 1 MP, sight by elevation) so that the live
view answers at once. Saved as MODULE.toml beside the module (MODULE-2.toml ... when taken)."""
import json
import os
import re
from pathlib import Path

from .places import PlaceError, one_line
from .shown import shown

KINDS = ("terrain", "hexside", "high_side", "lines", "places")
STARTER_CLASS = "unit"
STARTER_ALLOWANCE = 6


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
        if not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            raise StarterError(f"vocabulary '{kind}' must be a list of names, each on one line")
        for n in names:
            try:
                one_line(n, f"vocabulary '{kind}' {shown(n)}")
            except PlaceError as e:
                raise StarterError(str(e)) from None
        words[kind] = list(dict.fromkeys(n.strip() for n in names))
    if not set(words["high_side"]) <= set(words["hexside"]):
        raise StarterError("vocabulary 'high_side': each is one of the hexside features")
    words["default_terrain"] = (words["terrain"] or [""])[0]
    return words


def starter_text(module, map_name, board, words):
    """The starting file's text for `words` (vocabulary()), without map contents."""
    if not words["terrain"]:
        raise StarterError("name a terrain type first (New terrain): the first one is the terrain of unpainted hexes")
    text = lambda value: json.dumps(value, ensure_ascii=False)
    quoted = lambda names: "[" + ", ".join(text(n) for n in names) + "]"
    key = lambda word: word if re.fullmatch(r"[A-Za-z0-9_-]+", word) else text(word)
    costs = ", ".join(f"{key(t)} = 1" for t in words["terrain"])
    lines = ["# A companion file begun in `adjutant edit` (docs/companion-format.md describes every key).",
             "format = 1", 'rules = "generic"', "", "[module]", f"name = {text(module.name)}", "", "[vocabulary]"]
    lines += [f"{kind} = {quoted(words[kind])}" for kind in KINDS if words[kind]]
    lines += ['unit_attributes = ["class", "ma"]',
              "", "[[map]]", f"name = {text(map_name)}", f"board = {text(board)}",
              f"default_terrain = {text(words['default_terrain'])}", "",
              "# Placeholders, so that the editor's live view and `check moves` answer at once: give the rules' own.",
              "[units.attributes]  # placeholder: every piece is a unit of one class with one allowance",
              f"class = {{ value = {text(STARTER_CLASS)} }}",
              f"ma = {{ value = {STARTER_ALLOWANCE} }}", "",
              "[movement]",
              'allowance_attribute = "ma"',
              f"[movement.class.{STARTER_CLASS}]  # placeholder: one class for every unit",
              f"terrain = {{ {costs} }}  # placeholder: 1 MP for every terrain type", "",
              "[sight]  # placeholder: LFM's rules (elevation only); the rules' model and heights are docs/sight.md",
              'rules = "lfm"', ""]
    return "\n".join(lines)


def free_path(folder, stem, suffix, plain_first):
    """folder/STEM.toml (when plain_first) or the first of STEM-2, STEM-3 ... that does not exist (a
    symbolic link, even one to nothing, is taken)."""
    if plain_first and not os.path.lexists(path := Path(folder) / f"{stem}{suffix}"):
        return path
    n = 2
    while os.path.lexists(path := Path(folder) / f"{stem}-{n}{suffix}"):
        n += 1
    return path
