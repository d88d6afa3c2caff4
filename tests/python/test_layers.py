"""The tree reads as its layers: each layer includes or imports only those below it.

C++: core/ never includes vmod/ or bindings/, vmod/ never includes bindings/, and each stratum of
core/ includes only itself and the strata below it. Python: the toolkits (rules, then procedures,
then render, which writes its pictures as procedures write files) never import the plugin host or
the command line, the plugin host never imports the command line, and a game plugin imports
Adjutant's API and toolkits, never its command line, the extension module or another game's plugin."""
import ast
import re

import pytest

from conftest import REPO

CORE_STRATA = {  # a stratum: the strata it may include (itself included)
    "java": {"java"},
    "geometry": {"java", "geometry"},
    "hexes": {"java", "geometry", "hexes"},
    "movement": {"java", "geometry", "hexes", "movement"},
    "sight": {"java", "geometry", "hexes", "sight"},
    "chance": {"chance"},
    "game": {"game"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def includes(path):
    return INCLUDE.findall(path.read_text(encoding="utf-8"))


def sources(folder, *suffixes):
    return sorted(p for p in (REPO / folder).rglob("*") if p.suffix in suffixes)


def test_core_is_in_its_strata_folders():
    assert {p.name for p in (REPO / "core").iterdir() if p.is_dir()} == set(CORE_STRATA)
    assert not [p for p in (REPO / "core").iterdir() if p.suffix in (".h", ".cc")]


@pytest.mark.parametrize("path", sources("core", ".h", ".cc"), ids=lambda p: str(p.relative_to(REPO)))
def test_a_core_file_includes_only_its_stratum_and_those_below(path):
    stratum = path.parent.name
    for included in includes(path):
        assert included.startswith("core/"), f"{path.relative_to(REPO)} includes {included}"
        other = included.split("/")[1]
        assert other in CORE_STRATA[stratum], f"{path.relative_to(REPO)} ({stratum}) includes {included}"


@pytest.mark.parametrize("path", sources("vmod", ".h", ".cc"), ids=lambda p: str(p.relative_to(REPO)))
def test_the_file_layer_never_includes_the_bindings(path):
    for included in includes(path):
        assert included.split("/")[0] in ("core", "vmod"), f"{path.relative_to(REPO)} includes {included}"


# Python: who may import whom, by the first words of the module's dotted name.
PACKAGE = REPO / "bindings" / "python" / "adjutant"
PLUGINS = REPO / "plugins"
FORBIDDEN = {  # importer's layer: layers it may not import
    "adjutant.rules": ("adjutant.procedures", "adjutant.render", "adjutant.cli", "adjutant.plugin", "adjutant_plugins"),
    "adjutant.procedures": ("adjutant.render", "adjutant.cli", "adjutant.plugin", "adjutant_plugins"),
    "adjutant.render": ("adjutant.cli", "adjutant.plugin", "adjutant_plugins"),
    "adjutant.editor": ("adjutant.cli", "adjutant.plugin", "adjutant_plugins"),
    "adjutant.batch": ("adjutant.rules", "adjutant.procedures", "adjutant.render", "adjutant.editor", "adjutant.cli",
                       "adjutant.plugin", "adjutant.plugin_host", "adjutant_plugins"),  # a runner of any work
    "adjutant.plugin": ("adjutant.cli", "adjutant_plugins"),
    "adjutant.plugin_host": ("adjutant.cli", "adjutant_plugins"),
    "adjutant_plugins": ("adjutant.cli", "adjutant._adjutant"),
    "adjutant.batch": ("adjutant.rules", "adjutant.procedures", "adjutant.render", "adjutant.editor", "adjutant.cli",
                       "adjutant.plugin", "adjutant_plugins"),  # runs any work, knows none
}


def module_name(path):
    if PLUGINS in path.parents:
        parts = ["adjutant_plugins", *path.relative_to(PLUGINS).with_suffix("").parts]
    else:
        parts = ["adjutant", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path):
    """The absolute names of every module `path` imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            found += [f"{base}.{a.name}" for a in node.names]
    return found


def within(name, layer):
    return name == layer or name.startswith(layer + ".")


PYTHON = sorted(PACKAGE.rglob("*.py")) + sorted(PLUGINS.rglob("*.py"))


@pytest.mark.parametrize("path", PYTHON, ids=lambda p: str(p.relative_to(REPO)))
def test_a_python_module_imports_only_downward(path):
    name = module_name(path)
    for layer, forbidden in FORBIDDEN.items():
        if not within(name, layer):
            continue
        for target in imported(path):
            bad = [f for f in forbidden if within(target, f)]
            assert not bad, f"{name} ({layer}) imports {target}"
    if within(name, "adjutant_plugins") and name != "adjutant_plugins":
        game = name.split(".")[1]
        for target in imported(path):
            if within(target, "adjutant_plugins"):
                assert target.split(".")[1] == game, f"{name} imports another plugin's {target}"
    elif name not in ("adjutant", "adjutant.errors"):
        assert not any(within(t, "adjutant._adjutant") for t in imported(path)), (
            f"{name} imports the extension module: use the public names of `adjutant`")


def test_the_layer_rules_see_every_toolkit():
    """A new toolkit folder gets a rule above before it gets code."""
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert folders == {"rules", "procedures", "render", "editor", "batch", "cli"}
