"""The demo's Reorganization and reinforcement step: lfm.shatter and lfm.recovery on the demo
morning (the 6th Wisconsin's D rallied), and the 26.5 column of lfm-entry.vsav, each report and
written save in the demo folder."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile
from adjutant.procedures.rolls import Rolls

from . import CHARTS_COPY, DEMO_SAVE, ENTRY_SAVE

SEED = 1863
FILES = ("shatter.txt", "recovery.vsav", "recovery.txt", "reinforcements.txt")


def _run(ws, name, save, output=None, report_file=None, **parameters):
    from .. import plugin   # here: the plugin package imports the demo
    path = ws.path(save)
    context = Context(ws.module, ws.companion, adjutant.open_game(str(path), ws.module), str(path),
                      charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(SEED), side="referee")
    return plugin.tasks[name].run_and_write(context, {k: str(v) for k, v in parameters.items()},
                                            output and ws.path(output), report_file and ws.path(report_file))


def recovery_step(ws):
    _run(ws, "shatter", DEMO_SAVE, report_file="shatter.txt", side="Confederate")
    _run(ws, "recovery", DEMO_SAVE, output="recovery.vsav", report_file="recovery.txt", side="Union")
    _run(ws, "reinforcements", ENTRY_SAVE, report_file="reinforcements.txt",
         units="Davis,42nd Mississippi,55th North Carolina")
    return [DemoFile("shatter.txt", "lfm.shatter: each Confederate brigade's losses against half its total (15.1)"),
            DemoFile("recovery.vsav", "the demo save after the Union's Reorganization (17b)"),
            DemoFile("recovery.txt", "lfm.recovery: the 6th Wisconsin's rally roll (17b)"),
            DemoFile("reinforcements.txt", "lfm.reinforcements: Davis's column on the Chambersburg Pike, 20, 19 "
                                           "and 18 road MP (26.5)")]
