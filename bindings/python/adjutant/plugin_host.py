"""Finding plugins: the entry point group ``adjutant.plugins`` (the built-in plugins are declared
there too, by pyproject.toml), and files or folders named with ``--plugin PATH``.

A plugin that cannot be imported, or does not define ``plugin``, is a PluginError naming it and
where it came from; one broken plugin never hides the others' errors behind a traceback.
"""
import importlib
import importlib.util
import sys
from pathlib import Path

from .plugin import Plugin

GROUP = "adjutant.plugins"


class PluginError(Exception):
    """A plugin that cannot be loaded, or a name no plugin answers to."""


def load_plugins(paths=()):
    """Every plugin: installed ones by entry point, then those at `paths`, by name. A path's plugin
    replaces an installed one of the same name (to try a newer version)."""
    import importlib.metadata  # here, not at the top: every command imports this module, few list plugins

    plugins = {}
    for entry in sorted(importlib.metadata.entry_points(group=GROUP), key=lambda e: e.name):
        plugin = _plugin_of(_import(entry.value, f"entry point {entry.name!r}"), f"entry point {entry.name!r}")
        plugin.source = f"entry point {entry.name} = {entry.value}"
        plugins[plugin.name] = plugin
    for path in paths:
        plugin = _plugin_of(_import_path(Path(path)), str(path))
        plugin.source = str(path)
        plugins[plugin.name] = plugin
    return plugins


def find_plugin(plugins, name):
    if name not in plugins:
        raise PluginError(f"no plugin {name!r}; installed: {', '.join(sorted(plugins)) or 'none'}")
    return plugins[name]


def choose_plugin(requested, rules, task):
    """The plugin to run `task` ("moves") with, and a note for the user ("" when none is due).

    `requested` is what --plugin gave: a path to a plugin file or folder, or an installed plugin's
    name; without it, the installed plugin serving the companion file's `rules`, or else the
    fallback plugin (Plugin.fallback: the built-in generic one, which reads every rule from the
    companion file)."""
    note = ""
    if requested:
        plugin = named_plugin(requested)
    else:
        plugins = load_plugins()
        serving = [p for p in plugins.values() if p.rules == rules]
        fallbacks = [p for p in plugins.values() if p.fallback]
        if serving:
            plugin = serving[0]
        elif fallbacks:
            plugin = fallbacks[0]
            note = (f"no installed plugin serves rules {rules!r}: plugin {plugin.name!r} applies "
                    f"({plugin.title})")
        else:
            raise PluginError(f"no installed plugin serves rules {rules!r}, and none serves every companion file")
    if task not in plugin.tasks:
        raise PluginError(f"plugin {plugin.name!r} ({plugin.source}) has no {task!r}; it has: "
                          f"{', '.join(plugin.tasks) or 'nothing'}")
    return plugin, note


def trace_kinds(plugins):
    """{name: (plugin, TraceKind)}: every kind of trace the plugins register, by name. Two plugins
    registering one name is a PluginError naming both."""
    kinds = {}
    for plugin in sorted(plugins.values(), key=lambda p: p.name):
        for name, kind in plugin.trace_kinds.items():
            if name in kinds:
                raise PluginError(f"plugins {kinds[name][0].name!r} ({kinds[name][0].source}) and {plugin.name!r} "
                                  f"({plugin.source}) both register the trace {name!r}")
            kinds[name] = (plugin, kind)
    return kinds


def named_plugin(requested):
    """The plugin `requested` names: a path to a plugin file or folder, or an installed plugin's name."""
    if _looks_like_path(requested):
        plugins = load_plugins([requested])
        return next(p for p in plugins.values() if p.source == str(requested))
    return find_plugin(load_plugins(), requested)


def _looks_like_path(text):
    # A folder that is no package (./litn holding games, say) leaves the name to the installed plugin.
    path = Path(text)
    return path.is_file() or (path / "__init__.py").is_file() or path.suffix == ".py" or len(path.parts) > 1


def _import(module_name, origin):
    try:
        return importlib.import_module(module_name)
    except Exception as e:  # any error inside a plugin is that plugin's, reported with its origin
        raise PluginError(f"{origin}: cannot import {module_name}: {type(e).__name__}: {e}") from e


def _import_path(path):
    if path.is_dir():
        path = path / "__init__.py"
    if not path.is_file():
        raise PluginError(f"{path}: no such plugin file or package")
    module_name = f"adjutant_plugin_{path.parent.name if path.name == '__init__.py' else path.stem}"
    spec = importlib.util.spec_from_file_location(module_name, path,
                                                  submodule_search_locations=[str(path.parent)]
                                                  if path.name == "__init__.py" else None)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as e:
        del sys.modules[module_name]
        raise PluginError(f"{path}: {type(e).__name__}: {e}") from e
    return module


def _plugin_of(module, origin):
    plugin = getattr(module, "plugin", None)
    if not isinstance(plugin, Plugin):
        raise PluginError(f"{origin}: {module.__name__} defines no `plugin = adjutant.plugin.Plugin(...)`")
    return plugin
