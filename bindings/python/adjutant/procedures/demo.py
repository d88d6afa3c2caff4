"""What a plugin's demo is made of (`adjutant demo`; a plugin registers its demo with Plugin.demo):
steps run in order in one folder, each writing files there and saying in one line what each file
is. A demo is a list of steps, so a step is added by appending it to the list.

    STEPS = [DemoStep("The Command Phase", command_phase), DemoStep("Attrition", attrition)]
    result = run_plugin_demo(STEPS, folder, console, "demo.vmod", viewing)

Each step is a function of the demo's workspace (a DemoWorkspace: the folder, the module opened
...) returning the DemoFiles it wrote.
"""
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import adjutant
from adjutant import write_new_file

from .outputs import write_file


@dataclass(frozen=True)
class DemoFile:
    name: str   # the file's name in the demo's folder
    about: str  # what it is, in one line


@dataclass(frozen=True)
class DemoStep:
    title: str      # what the step does, shown while it runs
    run: Callable   # run(workspace) -> [DemoFile], the files it wrote
    outputs: tuple = ()  # the names of the files it writes, replacing those an earlier run wrote


@dataclass
class DemoResult:
    folder: Path
    files: list = field(default_factory=list)    # DemoFiles, in the order written
    viewing: list = field(default_factory=list)  # lines: how to open the files in VASSAL

    def paths(self):
        return [self.folder / f.name for f in self.files]


@dataclass
class DemoWorkspace:
    """What a demo's steps share: the folder, and the demo game's module and companion file once opened."""
    folder: Path
    module: Any = None
    companion: Any = None

    def path(self, name):
        return self.folder / name

    def open_game(self, name):
        return adjutant.open_game(str(self.path(name)), self.module)


# In a demo's folder, the names of the files demos wrote there: those alone are replaced on a new run.
MANIFEST = ".adjutant-demo"


def run_steps(steps, workspace, console, folder):
    """Runs each step on `workspace` in turn, showing it on `console` (a rich Console) while it runs
    and a line with the files it wrote when it is done; every file written, in order. Before any
    step runs, FileExistsError when `folder` holds a file of a step's outputs that no demo wrote."""
    folder = Path(folder)
    outputs = [name for step in steps for name in step.outputs]
    _claim_outputs(folder, outputs)
    files = []
    for number, step in enumerate(steps, 1):
        with console.status(f"{step.title} ..."):
            written = step.run(workspace)
        console.print(f"{number}/{len(steps)} {step.title}: {', '.join(f.name for f in written)}")
        files += written
    return files


def run_plugin_demo(steps, folder, console, module_file, viewing, workspace=DemoWorkspace):
    """A plugin's demo: runs the steps in a new `workspace` of `folder` (run_steps); the DemoResult,
    whose viewing lines say how to open the demo's module (`module_file` in the folder), then
    `viewing(folder)`'s lines."""
    folder = Path(folder)
    files = run_steps(steps, workspace(folder), console, folder)
    opening = f"Open {folder / module_file} in VASSAL (the Module Manager opens a module, or open the file itself)."
    return DemoResult(folder, files, [opening] + viewing(folder))


def open_demo_game(ws, write_demo, module_file, companion_file, files):
    """The demo game's step: writes its files missing from the workspace's folder
    (`write_demo(folder, keep_existing=True)`) and opens its module and companion file into `ws`;
    `files`, the DemoFiles of the game, those already there marked as kept."""
    kept = {f.name for f in files if ws.path(f.name).exists()}
    write_demo(ws.folder, keep_existing=True)
    ws.module = adjutant.open_module(str(ws.path(module_file)))
    ws.companion = adjutant.open_companion(str(ws.path(companion_file)), ws.module)
    return [DemoFile(f.name, f.about + (" (kept from an earlier run)" if f.name in kept else "")) for f in files]


def _claim_outputs(folder, outputs):
    manifest = folder / MANIFEST
    earlier = set(manifest.read_text(encoding="utf-8").splitlines()) if manifest.is_file() else set()
    foreign = [name for name in outputs if (folder / name).exists() and name not in earlier]
    if foreign:
        raise FileExistsError(f"{folder}: {', '.join(foreign)} {'is' if len(foreign) == 1 else 'are'} there and no "
                              f"demo wrote {'it' if len(foreign) == 1 else 'them'}; a demo writes over no other file "
                              f"(move {'it' if len(foreign) == 1 else 'them'}, or choose another --out)")
    folder.mkdir(parents=True, exist_ok=True)
    manifest.write_text("".join(f"{name}\n" for name in sorted(earlier | set(outputs))), encoding="utf-8")


def write_demo_game(out_dir, module, saves, companion, charts, keep_existing=False):
    """Writes a demo game into `out_dir` (with `keep_existing`, only the files missing there): the
    module (`module`: (file name, write(path, the companion file's tables)), the saves ({file name:
    write(path)}), and copies of the companion file and the chart file (each (source path, file
    name)); the paths written."""
    (companion_source, companion_copy), (charts_source, charts_copy) = companion, charts
    text = Path(companion_source).read_text(encoding="utf-8")
    tables = tomllib.loads(text)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    module_file, write_module = module
    writers = {module_file: lambda new: write_module(new, tables), **saves}
    writers[companion_copy] = lambda new: write_new_file(new, text)
    writers[charts_copy] = lambda new: write_new_file(new, Path(charts_source).read_text(encoding="utf-8"))
    return write_game_files(out_dir, writers, keep_existing)


def write_game_files(out_dir, writers, keep_existing=False):
    """Writes a demo game's files: `writers` {file name: function writing a new file at the path it
    is given}, each replacing its file in `out_dir` (with `keep_existing`, only those missing); the
    paths written."""
    written = []
    for name, write in writers.items():
        path = Path(out_dir) / name
        if keep_existing and path.exists():
            continue
        written.append(write_file(path, write, replace=True))
    return written
