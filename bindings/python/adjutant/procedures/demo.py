"""What a plugin's demo is made of (`adjutant demo`; a plugin registers its demo with Plugin.demo):
steps run in order in one folder, each writing files there and saying in one line what each file
is. A demo is a list of steps, so a step is added by appending it to the list.

    STEPS = [DemoStep("The Command Phase", command_phase), DemoStep("Attrition", attrition)]
    files = run_steps(STEPS, workspace, console)

Each step is a function of the demo's workspace (whatever its steps share: the folder, the module
opened ...) returning the DemoFiles it wrote.
"""
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

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
