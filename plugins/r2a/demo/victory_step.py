"""The demo's victory step: r2a.victory on the Alexandria example (Victory III: 20 VP) and on the
demo save, each report in the demo folder."""
from adjutant.procedures.demo import DemoFile

from . import ALEXANDRIA_SAVE, DEMO_SAVE
from .run import run_procedure

FILES = ("victory-alexandria.txt", "victory-demo.txt")


def victory_step(ws):
    for save, report in zip((ALEXANDRIA_SAVE, DEMO_SAVE), FILES):
        run_procedure(ws, "victory", save, report_file=report)
    return [DemoFile(FILES[0], "r2a.victory on r2a-alexandria.vsav: Victory III's example, Alexandria station "
                               "destroyed alone: 10 + 5 + 2 + 3 = 20 VP"),
            DemoFile(FILES[1], "r2a.victory on r2a-demo.vsav: Loudoun County under Confederate control")]
