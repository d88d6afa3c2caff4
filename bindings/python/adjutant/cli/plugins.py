"""`adjutant plugins`: the rules plugins found, with their checks, procedures and parameters."""
import json

from ..plugin_host import load_plugins
from .tables import print_plugins
from .usage import OK, add_command

EXAMPLES = """\
examples:
  adjutant plugins                          installed plugins (entry point group adjutant.plugins)
  adjutant plugins --plugin ./myrules.py    with a plugin of your own, from a file or folder
  adjutant plugins --json
Exit status 2 when a plugin cannot be loaded.
"""


def add_plugin_option(parser):
    parser.add_argument("--plugin", metavar="PATH", action="append", default=[],
                        help="load a plugin from a .py file or a package folder (repeatable)")


def add_parser(commands):
    plugins = add_command(
        commands, "plugins", "list rules plugins and what they can check and do",
        "List the rules plugins Adjutant finds, each with its checks (which report and change "
        "nothing) and procedures (which may change a game), their parameters and help, and the quantities "
        "each procedure reports (what `adjutant simulate` gives the distribution of).", EXAMPLES,

        json_help="print JSON: a list of {name, title, rules, source, tasks, demo, traces}; a task has its example "
                  "command, a procedure the names of the quantities it reports (`adjutant simulate` counts them)")
    add_plugin_option(plugins)
    plugins.set_defaults(run=run)


def run(args):
    plugins = load_plugins(args.plugin)
    listing = [{"name": p.name, "title": p.title, "rules": p.rules, "source": p.source,
                "tasks": [{"kind": t.kind, "name": t.name, "help": t.help,
                           "parameters": [q.describe() for q in t.parameters],
                           "example": p.example_command(t),
                           **({"quantities": list(t.quantities)} if t.kind == "procedure" else {})}
                          for t in p.tasks.values()],

                "demo": p.demonstration.help if p.demonstration else None,
                "traces": [{"name": k.name, "help": k.help,
                            "parameters": [q.describe(as_option=True) for q in k.parameters]}
                           for k in p.trace_kinds.values()]}
               for p in sorted(plugins.values(), key=lambda p: p.name)]
    if args.json:
        print(json.dumps(listing, indent=2, ensure_ascii=False))
    else:
        print_plugins(listing)
    return OK
