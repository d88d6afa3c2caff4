#!/usr/bin/python3
"""Seed inputs for the fuzz targets, made at run time from the shared corpus and the repository's
example files (docs/fuzzing.md). Nothing it reads is copied into the repository.

  make_seeds.py --list                    each target and its libFuzzer -max_len, one per line
  make_seeds.py REPO CORPUS OUT           writes OUT/<target>/<name> (CORPUS may be missing)

Seeds are small: every one fits its target's -max_len. Standard library only."""

import hashlib
import io
import re
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

# The largest input libFuzzer makes for each target: big enough for a whole small save, module or
# companion file, small enough to keep each run fast.
MAX_LEN = {
    "fuzz_sequence_codec": 4096,
    "fuzz_obfuscation": 4096,
    "fuzz_command_tree": 16384,
    "fuzz_game": 16384,
    "fuzz_trait_chain": 8192,
    "fuzz_build_file": 32768,
    "fuzz_archive": 65536,
    "fuzz_companion": 16384,
}

ESC = b"\x1b"
SAVE_SUFFIXES = (".vsav", ".vlog", ".sav", ".log")
MAX_SAVES = 24  # save files read from the corpus, in sorted order
MAX_SEEDS = 80  # per target


def deobfuscate(data):
    if not data.startswith(b"!VCSK"):
        return data
    try:
        key = int(data[5:7], 16)
        body = bytes.fromhex(data[7:].decode("ascii"))
    except ValueError:
        return None
    return bytes(b ^ key for b in body)


def saved_game(path):
    """(raw savedGame bytes, other entries) of a save or log, or None when it is not one."""
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                if "savedGame" not in z.namelist():
                    return None
                others = {n: z.read(n) for n in ("savedata", "moduledata") if n in z.namelist()}
                return z.read("savedGame"), others
        data = path.read_bytes()
    except (OSError, zipfile.BadZipFile, RuntimeError):
        return None
    return (data, {}) if data.startswith((b"!VCSK", b"begin_save")) else None


def cut_at(text, limit, separator):
    """The longest prefix of `text` within `limit` bytes that ends before a separator."""
    if len(text) <= limit:
        return text
    end = text.rfind(separator, 0, limit)
    return text[:end] if end > 0 else text[:limit]


def pieces_of(text):
    """AddPiece commands (`+/id/type/state`) of a savedGame text, split naively at ESC."""
    return [t for t in text.split(ESC) if t.startswith(b"+/")]


def trait_ids(definition):
    parts = definition.split(b"/")
    types = parts[2] if len(parts) > 2 else b""
    return tuple(t.split(b";")[0] for t in types.split(b"\t"))


# --- buildFiles ---------------------------------------------------------------------------------

PRIORITY = ("Map", "Board", "Grid", "Numbering", "Zone", "Region", "Prototype", "PieceSlot",
            "PieceWindow", "SetupStack", "DrawPile", "GlobalPropert", "DiceButton", "TurnTracker",
            "PlayerRoster", "PredefinedSetup")


def rank(element):
    tag = element.tag
    for i, word in enumerate(PRIORITY):
        if word in tag:
            return i
    return len(PRIORITY)


def pruned(element, keep):
    """A copy of `element` with at most `keep` children per element, the model's kinds first."""
    copy = ET.Element(element.tag, element.attrib)
    copy.text, copy.tail = element.text, element.tail
    children = list(element)
    chosen = sorted(sorted(range(len(children)), key=lambda i: rank(children[i]))[:keep])
    for i in chosen:
        copy.append(pruned(children[i], keep))
    return copy


def small_build_file(path, limit):
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        return None
    for keep in (8, 5, 3, 2, 1):
        text = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(pruned(root, keep))
        if len(text) <= limit:
            return text
    return None


def definitions_of(build_file):
    """PieceSlot and prototype definitions (`+/null/type/state`) in a buildFile."""
    try:
        root = ET.parse(build_file).getroot()
    except (ET.ParseError, OSError):
        return []
    out = []
    for e in root.iter():
        if (e.tag.endswith("PieceSlot") or e.tag.endswith("PrototypeDefinition")) and e.text:
            out.append(e.text.strip().encode("utf-8"))
    return out


def zip_of(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(name, data)
    return buffer.getvalue()


# --- companion files ----------------------------------------------------------------------------

def toml_blocks(markdown):
    return [m.encode("utf-8") for m in re.findall(r"```toml\n(.*?)```", markdown, re.S)]


def companion_seeds(repo):
    seeds = []
    for path in sorted(repo.glob("docs/examples/*.toml")) + [repo / "plugins/litn/demo/companion.toml"]:
        if path.is_file():
            seeds.append(path.read_bytes())
    doc = repo / "docs/companion-format.md"
    if doc.is_file():
        seeds += toml_blocks(doc.read_text(encoding="utf-8"))
    return seeds


# --- all targets --------------------------------------------------------------------------------

def collect(repo, corpus):
    seeds = {target: [] for target in MAX_LEN}
    add = lambda target, data: data is not None and len(data) > 0 and seeds[target].append(data)

    saves = []
    if corpus.is_dir():
        paths = sorted(p for p in corpus.rglob("*") if p.is_file() and p.name.endswith(SAVE_SUFFIXES))
        for path in paths:
            found = saved_game(path)
            if found:
                saves.append((path, *found))
            if len(saves) >= MAX_SAVES:
                break
    build_files = sorted(p for p in corpus.rglob("buildFile*") if p.is_file()) if corpus.is_dir() else []

    seen_chains = set()
    for path, raw, others in saves:
        text = deobfuscate(raw)
        add("fuzz_obfuscation", raw[: 7 + 2 * ((MAX_LEN["fuzz_obfuscation"] - 7) // 2)])
        if text is None:
            continue
        add("fuzz_command_tree", cut_at(text, MAX_LEN["fuzz_command_tree"], ESC))
        add("fuzz_game", cut_at(text, MAX_LEN["fuzz_game"], ESC))
        add("fuzz_sequence_codec", b"\x00" + cut_at(text, 2000, ESC))
        for piece in pieces_of(text):
            chain = trait_ids(piece)
            if chain in seen_chains or len(piece) > MAX_LEN["fuzz_trait_chain"]:
                continue
            seen_chains.add(chain)
            add("fuzz_trait_chain", piece)
            fields = piece.split(b"/")
            if len(fields) >= 4:
                add("fuzz_sequence_codec", b"\x01" + piece[2:2000])          # '/'
                add("fuzz_sequence_codec", b"\x02" + fields[2][:2000])       # TAB: the type chain
                add("fuzz_sequence_codec", b"\x83" + fields[3][:2000])       # ';', legacy quoting
        if len(text) <= 8192 or path.suffix == ".vsav":
            small = cut_at(text, 8192, ESC)
            hidden = b"!VCSK00" + small.hex().encode("ascii")
            add("fuzz_archive", zip_of([("savedGame", hidden)] + sorted(others.items())))
            add("fuzz_archive", small)
        if path.stat().st_size <= MAX_LEN["fuzz_archive"]:
            add("fuzz_archive", path.read_bytes())

    for build_file in build_files:
        small = small_build_file(build_file, MAX_LEN["fuzz_build_file"] - 256)
        add("fuzz_build_file", small)
        for definition in definitions_of(build_file):
            chain = trait_ids(definition)
            if chain not in seen_chains and len(definition) <= MAX_LEN["fuzz_trait_chain"]:
                seen_chains.add(chain)
                add("fuzz_trait_chain", definition)
        moduledata = build_file.parent / "moduledata"
        if small and moduledata.is_file():
            add("fuzz_build_file", moduledata.read_bytes())
            entry = "buildFile.xml" if build_file.name.endswith(".xml") else "buildFile"
            add("fuzz_archive", zip_of([(entry, small), ("moduledata", moduledata.read_bytes())]))

    for toml in companion_seeds(repo):
        add("fuzz_companion", toml)
        add("fuzz_sequence_codec", b"\x04" + toml[:2000])  # ','
    return seeds


def write(seeds, out):
    for target, items in seeds.items():
        folder = out / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        kept = 0
        for data in items:
            if len(data) > MAX_LEN[target] or kept >= MAX_SEEDS:
                continue
            (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
            kept += 1


def main(argv):
    if argv[1:] == ["--list"]:
        for target, max_len in MAX_LEN.items():
            print(target, max_len)
        return 0
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    repo, corpus, out = map(Path, argv[1:])
    write(collect(repo, corpus), out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
