"""Every example of the guides runs, as a reader following the guide runs it: the README and each
docs/*.md with ```sh or ```python blocks, in the folder the guide names at its top (the demo game,
made by `adjutant demo --out build/demo` in a checkout of the repository, once per session and
copied for each guide; the command itself, where a guide shows it, is not run again).

What a guide writes, and what the test makes of it:
- A ```sh, ```console or ```python block runs. Other blocks (```toml, ```cpp, plain ```) do not,
  except file blocks and output blocks (below).
- `<!-- no-run: REASON -->` on the line before a block: the block is not run (a command on the
  reader's own files, one that installs software); the test lists it as skipped with the reason.
- A block whose first line is a comment `# NAME.py` or `# NAME.toml` is a file the reader saves:
  it is written as NAME in the current folder, not run.
- A plain ``` block right after a runnable block (only blank lines between) is its output: every
  line shown must appear in the real output (stdout or stderr), in order; `...` inside a line stands
  for anything on that line, a line of `...` alone for lines left out; runs of spaces count as one
  (the tables are shown as printed 120 columns wide, the test's COLUMNS).
- Shell blocks run one command at a time with bash (lines ending in `\\` continue): `cd DIR` and
  `NAME=VALUE` carry over to the next commands and blocks of the guide; a command's trailing comment
  `# exit N` is the exit status it must give (otherwise 0).
- Python blocks of one guide run in order in one namespace, in the guide's current folder. An
  expression statement whose trailing comment (or a comment line right under it) begins with a
  Python value (`# 4`, `# ('1', 6, 'friendly cavalry')`, `# '5-8': a column ...`) must evaluate to
  that value; in the value a string ending in `...` matches every string it begins, and a `...`
  ending a list, tuple or dict matches the rest.
"""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import REPO
from guide_blocks import GuideRun, read_blocks

MAKE_DEMO = ("adjutant demo --out build/demo", "build/demo")
GUIDE_FILES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
BLOCKS = {str(path.relative_to(REPO)): read_blocks(path, str(path.relative_to(REPO))) for path in GUIDE_FILES}
GUIDES = [name for name, blocks in BLOCKS.items() if any(b.runs for b in blocks)]
NO_RUN = [b for blocks in BLOCKS.values() for b in blocks if b.no_run is not None]


@pytest.fixture(scope="session")
def guide_env(tmp_path_factory):
    """The environment the guides' commands run in: the installed `adjutant` on PATH, and `python3`
    the interpreter running the tests (which has the package); tables 120 columns wide."""
    assert shutil.which("adjutant"), "the guides run the installed `adjutant` command"
    bin_dir = tmp_path_factory.mktemp("bin")
    (bin_dir / "python3").symlink_to(sys.executable)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "COLUMNS": "120"}


@pytest.fixture(scope="session")
def demo_folder(tmp_path_factory, guide_env):
    root = tmp_path_factory.mktemp("guides-demo")
    done = subprocess.run(MAKE_DEMO[0].split(), cwd=root, env=guide_env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return root / MAKE_DEMO[1]


def checkout(root, demo_folder):
    """A folder laid out as the repository is where the guides' commands run: the repository's
    scripts/, plugins/ and docs/, and a copy of the session's demo in build/demo."""
    for name in ("scripts", "plugins", "docs"):
        (root / name).symlink_to(REPO / name)
    shutil.copytree(demo_folder, root / MAKE_DEMO[1])
    return root


@pytest.mark.parametrize("guide", GUIDES)
def test_every_example_of_the_guide_runs(guide, tmp_path, demo_folder, guide_env):
    reader = GuideRun(checkout(tmp_path, demo_folder), guide_env, folder_made=MAKE_DEMO)
    for block in BLOCKS[guide]:
        if block.runs or (block.file_name and block.no_run is None):
            reader.run(block)


@pytest.mark.parametrize("block", NO_RUN, ids=[b.where for b in NO_RUN])
def test_blocks_marked_no_run(block):
    pytest.skip(f"{block.where}: marked no-run: {block.no_run}")


def test_the_guides_have_runnable_examples():
    assert {"README.md", "docs/user-guide.md", "docs/scripting.md", "docs/plugins.md"} <= set(GUIDES)


# ---- the runner catches a guide that is wrong ----

def guide(tmp_path, text):
    path = tmp_path / "guide.md"
    path.write_text(text, encoding="utf-8")
    return read_blocks(path, "guide.md")


def run_all(tmp_path, text):
    reader = GuideRun(tmp_path, os.environ)
    for block in guide(tmp_path, text):
        if block.runs or block.file_name:
            reader.run(block)
    return reader


def test_output_the_guide_shows_must_be_printed(tmp_path):
    run_all(tmp_path, "```sh\necho one; echo two three\n```\n\n```\none\n...\ntwo ... three\n```\n")
    with pytest.raises(AssertionError, match="guide.md, line 1: the guide shows the line\n  four"):
        run_all(tmp_path, "```sh\necho one\n```\n```\nfour\n```\n")
    with pytest.raises(AssertionError, match="the guide shows the line\n  one"):
        run_all(tmp_path, "```sh\necho one two\n```\n```\ntwo\none\n```\n")


def test_exit_status_is_the_one_the_guide_says(tmp_path):
    run_all(tmp_path, "```sh\nfalse   # exit 1: nothing is true\n```\n")
    with pytest.raises(AssertionError, match="exit status 1, the guide says 0"):
        run_all(tmp_path, "```sh\ncd .\nfalse\n```\n")


def test_values_in_comments_are_checked(tmp_path):
    reader = run_all(tmp_path, "```python\nx = [1, 2, 3]\nx[0]   # 1: the first\nx  # [1, 2, ...]\n"
                     "'abc'\n# 'ab...'\n```\n")
    assert reader.namespace["x"] == [1, 2, 3]
    with pytest.raises(AssertionError, match=r"guide.md, line 3: x\[1\] gives 2, the guide says 3"):
        run_all(tmp_path, "```python\nx = [1, 2]\nx[1]   # 3\n```\n")


def test_no_run_blocks_and_files(tmp_path):
    blocks = guide(tmp_path, "<!-- no-run: the reader's own module -->\n```sh\nadjutant inspect MINE.vmod\n```\n"
                   "```toml\n# mine.toml\nformat = 1\n```\n")
    assert blocks[0].no_run == "the reader's own module" and not blocks[0].runs
    run_all(tmp_path, "```toml\n# mine.toml\nformat = 1\n```\n")
    assert (tmp_path / "mine.toml").read_text() == "# mine.toml\nformat = 1\n"
