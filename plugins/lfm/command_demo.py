"""The demo's command step: the Initiative Phase of the 20.13 position, the Union's command phase
of the morning with its chain drawn, and the 20.11 worked example (Longstreet, in command, stacked
with Early), each report and save written into the demo folder."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile
from adjutant.procedures.rolls import Rolls

from .demo import ACTING_SAVE, CHARTS_COPY, COMMAND_SAVE, DEMO_SAVE

SEED = 1863
LONGSTREET_PASSES = "Longstreet command*=3"   # 20.11's example: Longstreet in command

FILES = ("initiative.txt", "command.vsav", "command.txt", "command.png", "command-20-11.vsav", "command-20-11.txt")


def _context(ws, save, given=()):
    path = ws.path(save)
    return Context(ws.module, ws.companion, adjutant.open_game(str(path), ws.module), str(path),
                   charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(SEED, given), side="referee")


def _run(ws, name, save, output=None, report_file=None, given=(), **parameters):
    from . import plugin   # here: the plugin package imports the demo
    return plugin.tasks[name].run_and_write(_context(ws, save, given), {k: str(v) for k, v in parameters.items()},
                                            output and ws.path(output), report_file and ws.path(report_file))


def command_step(ws):
    _run(ws, "initiative", ACTING_SAVE, report_file="initiative.txt", union_previous="Buford",
         confederate_previous="Heth")
    ws.path("command.png").unlink(missing_ok=True)   # the step writes its files afresh
    _run(ws, "command", DEMO_SAVE, output="command.vsav", report_file="command.txt", side="Union",
         picture=ws.path("command.png"))
    _run(ws, "command", COMMAND_SAVE, output="command-20-11.vsav", report_file="command-20-11.txt",
         given=(LONGSTREET_PASSES,), side="Confederate")
    return [DemoFile("initiative.txt", "lfm.initiative: Buford and Heth, acting army commanders (20.13), roll d6 + CV "
                                       "(Sequence of Play 1)"),
            DemoFile("command.vsav", "the morning after the Union's command phase: each unit's Command written"),
            DemoFile("command.txt", "lfm.command side=Union: Meade's roll and the chain below him (20.4-20.11, 22.3)"),
            DemoFile("command.png", "the Union's command chain: green in command, red out, the acting army "
                                    "commander ringed"),
            DemoFile("command-20-11.vsav", "20.11 after the Confederate command phase: Early and his units in command"),
            DemoFile("command-20-11.txt", "lfm.command side=Confederate: Longstreet, in command, puts Early, Hays "
                                          "and the Louisiana regiments in command (20.11)")]
