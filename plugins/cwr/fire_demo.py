"""The demo's firefight (cwr-firefight.vsav): the Union lines of fire and their picture, then three
Union fires one after the other on the same game, written as a log whose chat holds every report
and roll, for `adjutant demo` (demo/steps.py)."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile
from adjutant.procedures.outputs import write_file, write_text
from adjutant.procedures.rolls import Rolls

from .demo import CHARTS_COPY, FIREFIGHT_SAVE
from .fire_lines import draw_lines, run_lines
from .session import start

SEED = 1863
# Each fire's parameters and the rolls given: an 11 on the first marks its firers Low Ammo (5.7c).
FIRES = [
    ({"firers": "147th New York,56th Pennsylvania", "target": "A9.06"}, ["fire at A9.06=11"]),
    ({"firers": "Hall's Battery", "target": "A10.06"}, ["fire at A10.06=9"]),
    ({"firers": "76th New York", "target": "A7.06"}, ["fire at A7.06=7"]),
]


def _context(ws, game, rolls=(), seed=SEED):
    return Context(ws.module, ws.companion, game, str(ws.path(FIREFIGHT_SAVE)), charts=str(ws.path(CHARTS_COPY)),
                   rolls=Rolls(seed, list(rolls)))


def firefight(ws):
    """The demo step: fire-lines.txt and .png, firefight.vlog and firefight.txt in the folder."""
    from . import plugin
    game = adjutant.open_game(str(ws.path(FIREFIGHT_SAVE)), ws.module)
    session = start(_context(ws, game), "Union lines of fire (CWR 3.3, 4.0, 5.3)", "Union")
    found = run_lines(session, "Union", [], None)
    draw_lines(session.army, "Union", found).save(str(ws.path("fire-lines.png")), scale=0.8,
                                                        replace=True)
    write_text(ws.path("fire-lines.txt"), session.finish().text(), replace=True)
    task, texts = plugin.tasks["fire"], []
    for n, (parameters, rolls) in enumerate(FIRES, 1):
        report = task.run(_context(ws, game, rolls, SEED + n), **task.arguments(parameters))
        for line in report.chat_lines():
            game.chat(line)
        texts.append(report.text())
    write_file(ws.path("firefight.vlog"), lambda path: game.save_log(path, SEED % 256), replace=True)
    write_text(ws.path("firefight.txt"), "\n".join(texts), replace=True)
    return [DemoFile("fire-lines.png", f"{FIREFIGHT_SAVE}: every Union line of fire, green when clear, red to the "
                                       f"hex that blocks it; the Union frontal zones"),
            DemoFile("fire-lines.txt", "the same lines, each with its verdict and the clause that blocks it"),
            DemoFile("firefight.vlog", f"{FIREFIGHT_SAVE} after three Union fires, each report and roll in the chat: "
                                       f"casualties, stragglers, morale states, Low Ammo written"),
            DemoFile("firefight.txt", "the three fire reports")]


FILES = ("fire-lines.png", "fire-lines.txt", "firefight.vlog", "firefight.txt")
