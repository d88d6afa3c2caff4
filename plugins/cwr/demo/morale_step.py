"""The demo's morale-side step: each morale procedure's example (its help's) run on the demo's
saves, its report written as NAME.txt (reviewed: tests/python/golden/cwr/) and its changed save as
NAME.vsav."""
from adjutant import open_game
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile, DemoStep
from adjutant.procedures.rolls import Rolls

from . import CHARTS_COPY

SEED = 1863
PROCEDURES = ("morale", "morale-odds", "retreat", "rally", "stragglers", "wrecked")
ABOUT = {
    "morale": "a Shaken hex's Morale Check: the result combined with its state (6.2b), the retreat (6.3)",
    "morale-odds": "the chance of each Morale Table result of a hex with a leader, before rolling (6.1)",
    "retreat": "a retreat through a friendly stack that joins it (6.3d)",
    "rally": "the Confederate Rally Phase (6.4)",
    "stragglers": "Cutler's Brigade recovering stragglers on the hour (9.4, 9.4b)",
    "wrecked": "regiments, brigade and division wrecked by their losses (5.9)",
}


def morale_reports(ws):
    from .. import plugin   # here: the plugin imports the demo
    files = []
    for name in PROCEDURES:
        task = plugin.tasks[name]
        save, parameters = task.example_game()
        path = ws.path(save)
        context = Context(ws.module, ws.companion, open_game(str(path), ws.module), str(path),
                          charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(SEED))
        task.run_and_write(context, parameters, ws.path(f"{name}.vsav"), ws.path(f"{name}.txt"))
        files += [DemoFile(f"{name}.txt", f"cwr.{name}: {ABOUT[name]}"), DemoFile(f"{name}.vsav", "its save")]
    return files


MORALE_STEP = DemoStep("cwr.morale, morale-odds, retreat, rally, stragglers, wrecked: their examples", morale_reports,
                       tuple(f"{n}.{ext}" for n in PROCEDURES for ext in ("txt", "vsav")))
