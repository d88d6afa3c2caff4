"""The demo's command step: the Union's Command Radius as a report and a picture, an order sent and
its odds, a Stoppage Check and a Forced March, each report written into the demo folder."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile
from adjutant.procedures.rolls import Rolls
from adjutant.render import Picture

from . import CHARTS_COPY, DEMO_SAVE, WRECKED_SAVE
from .module import MAP_NAME

SEED = 1863


def _context(ws, save):
    path = ws.path(save)
    return Context(ws.module, ws.companion, adjutant.open_game(str(path), ws.module), str(path),
                   charts=str(ws.path(CHARTS_COPY)), rolls=Rolls(SEED), side="referee")


def _run(ws, name, save, output=None, report_file=None, **parameters):
    from .. import plugin   # here: the plugin package imports the demo
    return plugin.tasks[name].run_and_write(_context(ws, save), {k: str(v) for k, v in parameters.items()},
                                            output and ws.path(output), report_file and ws.path(report_file))


def command_step(ws):
    from ..command_map import draw_command, judge
    from ..session import start
    _run(ws, "command", DEMO_SAVE, report_file="command.txt", side="Union")
    session = start(_context(ws, DEMO_SAVE), "picture")
    traced, _, verdicts = judge(session.army, "Union", session.charts)
    picture = Picture(ws.module.find_map(MAP_NAME))
    picture.terrain(ws.companion.map(MAP_NAME))
    picture.grid(names=False)
    picture.focus(draw_command(picture, session.army, traced, verdicts))
    picture.save(ws.path("command.png"), scale=0.8, replace=True)
    _run(ws, "orders", DEMO_SAVE, output="orders.vsav", report_file="orders.txt", command="Cutler's Brigade",
         step="accept")
    _run(ws, "orders-odds", DEMO_SAVE, report_file="orders-odds.txt", command="Cutler's Brigade", sender="Meade")
    _run(ws, "stoppage", WRECKED_SAVE, report_file="stoppage.txt", command="Cutler's Brigade")
    _run(ws, "forced-march", DEMO_SAVE, output="forced-march.vsav", report_file="forced-march.txt",
         unit="14th Tennessee", checks=2)
    return [DemoFile("command.txt", "cwr.command: each Union unit in or out of Command Radius, its path in MP (9.3)"),
            DemoFile("command.png", "the Union's command paths: green in Command Radius, red out"),
            DemoFile("orders.vsav", "the demo save with the Order Log after Cutler's Acceptance roll"),
            DemoFile("orders.txt", "cwr.orders: Meade's written order 2 to Cutler, its Acceptance roll (10.2)"),
            DemoFile("orders-odds.txt", "cwr.orders-odds: the chance of each Acceptance, Delay and Initiative result"),
            DemoFile("stoppage.txt", "cwr.stoppage: Cutler's brigade with 2 wrecked regiments (10.3)"),
            DemoFile("forced-march.vsav", "the demo save after the 14th Tennessee's Forced March"),
            DemoFile("forced-march.txt", "cwr.forced-march: two straggler checks for 4 extra MP (3.7)")]


FILES = ("command.txt", "command.png", "orders.vsav", "orders.txt", "orders-odds.txt", "stoppage.txt",
         "forced-march.vsav", "forced-march.txt")
