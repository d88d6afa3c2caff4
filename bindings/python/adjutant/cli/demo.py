"""`adjutant demo [--out DIR] [--plugin NAME]`: a rules plugin's demo (by default litn's), which writes
its example game into DIR where missing, runs the plugin on it and writes the results there; then
where everything is, a line for each file, and how to open it in VASSAL."""
import json
from pathlib import Path


from ..plugin_host import PluginError, named_plugin
from .usage import OK, add_command

EXAMPLES = """\
examples:
  adjutant demo                             the Lee Invades the North demo, into ./adjutant-demo
  adjutant demo --out build/demo            into build/demo
  adjutant demo --plugin ./myrules          the demo of a plugin of your own (a file or folder)
Run again on the same folder, a demo keeps its example game and replaces the results it wrote
before; it writes over no other file.
"""


def add_parser(commands):
    p = add_command(commands, "demo", "run a rules plugin's demo: an example game worked, for VASSAL",
                    "Write a plugin's example game (module, saves, companion file) where missing, run the "
                    "plugin's procedures and checks on it, and write the results as VASSAL saves and logs with "
                    "text reports.", EXAMPLES,
                    json_help="print JSON: {folder, files: [{path, about}], viewing}")
    p.add_argument("--out", default="adjutant-demo", metavar="DIR",
                   help="the folder to write into, created when missing (default: adjutant-demo)")
    p.add_argument("--plugin", default="litn", metavar="PLUGIN",
                   help="an installed plugin's name, or a plugin's .py file or package folder (default: litn)")
    p.set_defaults(run=run)


def run(args):
    plugin = named_plugin(args.plugin)
    if plugin.demonstration is None:
        raise PluginError(f"plugin {plugin.name!r} ({plugin.source}) offers no demo")
    from rich.console import Console
    console = Console(markup=False, highlight=False, soft_wrap=True, quiet=args.json)  # progress; not with --json
    result = plugin.demonstration.run(Path(args.out), console)
    listing = list(zip(result.paths(), result.files))
    if args.json:
        print(json.dumps({"folder": str(result.folder),
                          "files": [{"path": str(path), "about": f.about} for path, f in listing],
                          "viewing": result.viewing}, indent=2, ensure_ascii=False))
        return OK
    width = max((len(str(path)) for path, _ in listing), default=0)
    print(f"\nThe files, in {result.folder}:")
    for path, f in listing:
        print(f"  {str(path):<{width}}  {f.about}")
    print("\nIn VASSAL:")
    for line in result.viewing:
        print(f"  {line}")
    return OK
