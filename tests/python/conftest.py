"""Shared fixtures: the corpus of real VASSAL files (read in place, never copied) and small files
made here for the cases the corpus does not cover."""
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("ADJUTANT_CORPUS", REPO.parent / "shared" / "corpus"))
ESC, TAB = "\x1b", "\t"


def json_lines(text):
    """The objects of a JSON Lines output (`check moves --json`), one per line, in order."""
    import json
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def shared_missing(reason):
    """Shared data a test needs is missing: skip saying so, or fail where it is required
    (ADJUTANT_REQUIRE_SHARED set, as in CI, which always has ../shared)."""
    if os.environ.get("ADJUTANT_REQUIRE_SHARED", "0") not in ("", "0"):
        pytest.fail(f"{reason} (ADJUTANT_REQUIRE_SHARED is set: the shared data must be there)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def corpus():
    if not CORPUS.is_dir():
        shared_missing(f"corpus not found at {CORPUS} (set ADJUTANT_CORPUS)")
    return CORPUS


def in_corpus(corpus, *parts):
    """corpus/parts..., or a skip (a failure under ADJUTANT_REQUIRE_SHARED) saying it is missing."""
    path = corpus.joinpath(*parts)
    if not path.exists():
        shared_missing(f"{path} not in the corpus")
    return path


@pytest.fixture(scope="session")
def tld_log(corpus):
    return in_corpus(corpus, "uckelman+tld-mod", "game", "0606-1.log")


@pytest.fixture(scope="session")
def tld(corpus):
    """The Longest Day's module (the 2.9 buildFile) and its logs, in the corpus."""
    folder = corpus / "uckelman+tld-mod"
    logs = sorted((folder / "game").glob("*.log"))
    if not logs:
        shared_missing(f"no TLD logs in {folder}")
    return folder / "buildFile", logs


@pytest.fixture(scope="session")
def sample_module(tmp_path_factory):
    """The sample module (adjutant.sample_module, which scripts/make_sample_module writes)."""
    from adjutant.sample_module import write_sample_module
    path = tmp_path_factory.mktemp("module") / "sample.vmod"
    write_sample_module(path)
    return path


# A save as bare text: VASSAL reads an unzipped, unobfuscated savedGame too. None of the tokens
# hold an ESC, so joining them needs no escaping.
ALPHA = "+/A/mark;Side" + TAB + "piece;;;a.png;Alpha/Union" + TAB + "Main Map;100;200;;0"
BRAVO = "+/B/piece;;;b.png;Bravo/Main Map;300;400;;0"
SAVE_TEXT = ESC.join(["begin_save", ALPHA, BRAVO, "PLAYER\tsecret-password\tJoel\tUnion",
                      "GlobalProperty\t;Turn;3;Module", "end_save"])


@pytest.fixture
def hand_made_save(tmp_path):
    path = tmp_path / "hand-made.sav"
    path.write_text(SAVE_TEXT, encoding="utf-8")
    return path


def corpus_files(corpus, suffixes):
    return sorted(p for p in corpus.rglob("*") if p.is_file() and p.suffix.lower() in suffixes)


LITN_STRENGTHS = ("dynamic", "marker", "layer")


@pytest.fixture(scope="session")
def litn_variants(tmp_path_factory):
    """The Lee Invades the North demo (adjutant_plugins.litn.demo.write_demo) with each way of holding
    strength (a DynamicProperty, a Marker, a layer): {variant: OUTDIR}, each with its companion.toml."""
    from adjutant_plugins.litn.demo import write_demo
    folders = {}
    for variant in LITN_STRENGTHS:
        folder = tmp_path_factory.mktemp("litn-" + variant) / "out"
        write_demo(folder, variant)
        folders[variant] = folder
    return folders


@pytest.fixture(scope="session")
def litn_demo(litn_variants):
    """The default demo: .dir, .module, .companion."""
    from types import SimpleNamespace
    out = litn_variants["dynamic"]
    return SimpleNamespace(dir=out, module=out / "litn-demo.vmod", companion=out / "companion.toml")


@pytest.fixture(scope="session")
def lfm_demo(tmp_path_factory):
    """The Last Full Measure demo's folder (`adjutant demo --plugin lfm`), made once: read it, never
    write into it (the `lfm_companion` fixture is a copy to edit)."""
    from adjutant.cli import main
    out = tmp_path_factory.mktemp("lfm-demo")
    assert main(["demo", "--plugin", "lfm", "--out", str(out), "--quiet"]) == 0
    return out


@pytest.fixture
def lfm_companion(lfm_demo, tmp_path):
    """A copy of the LFM demo's companion.toml in this test's folder, for a test that writes beside it."""
    path = tmp_path / "companion.toml"
    path.write_bytes((lfm_demo / "companion.toml").read_bytes())
    return path
