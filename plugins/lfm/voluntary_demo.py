"""The demo's voluntary retreats and advance (9, 11, 12, 23.3), for `adjutant demo` (demo/steps.py):
Davis's 2nd Mississippi moved into 0910, next to Gamble's cavalry (lfm-withdraw.vsav); the 12th
Illinois Cavalry retreats before combat (9), the 8th Illinois Cavalry and Gamble after the first
round (11.5), leaving lfm-advance.vsav, into whose vacated 1010 the 2nd Mississippi and Davis
advance (11.6); at night (lfm-night.vsav, the 8.2 position) the 19th Indiana retreats out of the
ZOC it started in (23.3). The reports: voluntary.txt."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile
from adjutant.procedures.outputs import write_file, write_text
from adjutant.procedures.rolls import Rolls

from .demo import CHARTS_COPY, DEMO_SAVE, ZOC_SAVE
from .demo.module import BOARD_NAME, MAP_NAME

WITHDRAW_SAVE, ADVANCE_SAVE, NIGHT_SAVE = "lfm-withdraw.vsav", "lfm-advance.vsav", "lfm-night.vsav"
MOVED = {"Davis": "0910", "2nd Mississippi": "0910"}
DAY = [
    ("withdraw", {"units": "12th Illinois Cavalry", "path": "1111", "when": "before", "attackers": "0910"}),
    ("withdraw", {"units": "8th Illinois Cavalry,Gamble", "path": "1110", "when": "after", "side": "defender",
                  "attackers": "0910"}),
    ("advance", {"units": "2nd Mississippi,Davis", "vacated": "1010", "step": "11.6"}),
]
NIGHT = ("withdraw", {"units": "19th Indiana", "path": "0312", "when": "night"})
FILES = (WITHDRAW_SAVE, ADVANCE_SAVE, NIGHT_SAVE, "voluntary.txt")


def _run(ws, game, source, procedure, parameters):
    from . import plugin
    task = plugin.tasks[procedure]
    context = Context(ws.module, ws.companion, game, str(ws.path(source)), charts=str(ws.path(CHARTS_COPY)),
                      rolls=Rolls(1863))
    return task.run(context, **task.arguments(parameters)).text()


def voluntary_step(ws):
    """The demo step: the three saves and voluntary.txt in the folder."""
    game = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    for name, hex_name in MOVED.items():
        x, y = game.map(MAP_NAME).point_of(hex_name, BOARD_NAME)
        game.move_piece(next(p for p in game.pieces if p.name == name).id, MAP_NAME, x, y)
    write_file(ws.path(WITHDRAW_SAVE), lambda path: game.save(path), replace=True)
    texts = []
    for n, (procedure, parameters) in enumerate(DAY):
        texts.append(_run(ws, game, WITHDRAW_SAVE, procedure, parameters))
        if n == 1:
            write_file(ws.path(ADVANCE_SAVE), lambda path: game.save(path), replace=True)
    night = adjutant.open_game(str(ws.path(ZOC_SAVE)), ws.module)
    night.set_global_property("Night", "true")
    write_file(ws.path(NIGHT_SAVE), lambda path: night.save(path), replace=True)
    texts.append(_run(ws, night, NIGHT_SAVE, *NIGHT))
    write_text(ws.path("voluntary.txt"), "\n".join(texts), replace=True)
    return [DemoFile(WITHDRAW_SAVE, f"{DEMO_SAVE} with Davis's 2nd Mississippi in 0910, next to Gamble's cavalry: "
                                    f"lfm.withdraw's example"),
            DemoFile(ADVANCE_SAVE, "after the 12th Illinois Cavalry's retreat before combat (9) and the 8th "
                                   "Illinois Cavalry's after it (11.5): lfm.advance's example"),
            DemoFile(NIGHT_SAVE, f"{ZOC_SAVE} on a night turn: the 19th Indiana starts in a ZOC (23.3)"),
            DemoFile("voluntary.txt", "the voluntary retreats before and after combat, the advance, the night "
                                      "retreat")]
