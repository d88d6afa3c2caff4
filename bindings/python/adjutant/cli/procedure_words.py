"""What `run` and `simulate` read alike from their command line: the procedure named as
PLUGIN.PROCEDURE and its NAME=VALUE parameters."""
from ..plugin_host import PluginError, find_plugin, load_plugins
from .usage import UsageError


def add_procedure_arguments(parser, game_help):
    """The words `run` and `simulate` both take: PLUGIN.PROCEDURE, GAME, NAME=VALUE ..., --module,
    --companion and --charts."""
    parser.add_argument("task", metavar="PLUGIN.PROCEDURE", help="such as litn.command")
    parser.add_argument("game", metavar="GAME", help=game_help)
    parser.add_argument("parameters", metavar="NAME=VALUE", nargs="*", help="the procedure's parameters")
    parser.add_argument("--module", required=True, metavar="MODULE", help="the module (.vmod, folder or buildFile)")
    parser.add_argument("--companion", required=True, metavar="COMPANION", help="the companion file (terrain, units)")
    parser.add_argument("--charts", metavar="CHARTS", help="the chart file (default: the plugin's template)")


def find_procedure(text, plugin_paths=()):
    """The plugin and the procedure (a Task) that `text`, such as litn.command, names; UsageError or
    PluginError naming what is wrong."""
    plugin_name, dot, task_name = text.partition(".")
    if not dot:
        raise UsageError(f"name the procedure as PLUGIN.PROCEDURE, such as litn.command, not {text!r}")
    plugin = find_plugin(load_plugins(list(plugin_paths)), plugin_name)
    procedures = {t.name: t for t in plugin.procedures()}
    if task_name not in procedures:
        raise PluginError(f"plugin {plugin.name!r} has no procedure {task_name!r}; it has: "
                          f"{', '.join(procedures) or 'none'}")
    return plugin, procedures[task_name]


def parameter_texts(words):
    """NAME=VALUE words as {name: text}; UsageError for a word that is not NAME=VALUE or a name given twice."""
    given = {}
    for text in words:
        name, eq, value = text.partition("=")
        if not eq or not name:
            raise UsageError(f"parameters are NAME=VALUE, not {text!r}")
        name = name.strip()
        if name in given:
            raise UsageError(f"parameter {name!r} is given twice ({name}={given[name]} and {text}): give it once")
        given[name] = value
    return given


def procedure_arguments(task, words):
    """The procedure's keyword arguments from NAME=VALUE words, every parameter parsed and defaults
    filled in; UsageError naming an unknown parameter or a value that does not parse."""
    try:
        return task.arguments(parameter_texts(words))
    except ValueError as e:
        raise UsageError(str(e)) from None
