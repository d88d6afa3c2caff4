"""The demo's Union command step (rules 2 and 3): r2a.panic replaying the Panic log across 65,
the takeover schedule from Aug 23, then, on the demo save set to the turn after McClellan's
takeover (Aug 26, the 3rd turn after it, Panic on Aug 20, McClellan with Porter), a reorganization round and the Union
corps' paralysis rolls, each report and written game in the demo folder."""
from adjutant.procedures.demo import DemoFile

from ..army import Army
from . import DEMO_SAVE, PANIC_LOG
from .module import MAP_NAME
from .run import run_procedure

SEED = 1865
TAKEOVER_SAVE = "takeover.vsav"
FILES = ("panic.vlog", "panic.txt", "takeover.txt", TAKEOVER_SAVE, "reorganization.vsav", "reorganization.txt",
         "paralysis.txt")
# The 3rd turn following McClellan's takeover (+2 to the reorganization rolls): Panic on Aug 20,
# McClellan in command from Aug 23, today Aug 26.
AFTER_TAKEOVER = {"PanicDate": "Aug 20", "TakeoverDate": "Aug 23", "Date": "Aug 26"}
MCCLELLAN_HEX = "E2614"   # with Porter (V Corps): his +2 to one corps leader


def write_takeover_save(ws):
    """The demo save on Aug 26, the 3rd turn after McClellan's takeover, McClellan moved to Porter's hex."""
    game = ws.open_game(DEMO_SAVE)
    for name, value in AFTER_TAKEOVER.items():
        game.set_global_property(name, value)
    mcclellan = next(p for p in game.pieces if p.name == "McClellan")
    x, y = game.map(MAP_NAME).point_of(MCCLELLAN_HEX, Army.board_of(MCCLELLAN_HEX))
    game.move_piece(mcclellan.id, MAP_NAME, x, y)
    path = ws.path(TAKEOVER_SAVE)
    path.unlink(missing_ok=True)
    game.save(str(path))


def command_step(ws):
    run_procedure(ws, "panic", PANIC_LOG, output="panic.vlog", report_file="panic.txt", seed=SEED)
    run_procedure(ws, "takeover", "panic.vlog", report_file="takeover.txt", seed=SEED, schedule="Aug 23")
    write_takeover_save(ws)
    run_procedure(ws, "reorganization", TAKEOVER_SAVE, output="reorganization.vsav", report_file="reorganization.txt",
                  seed=SEED)
    run_procedure(ws, "paralysis", "reorganization.vsav", report_file="paralysis.txt", seed=SEED, side="Union",
                  event="no")
    return [DemoFile("panic.vlog", f"{PANIC_LOG} with PanicDate Aug 20 and UnionPanic 68 written (2)"),
            DemoFile("panic.txt", "r2a.panic: the log's total after each step, 62, 64, 68: Panic on Aug 20 (2)"),
            DemoFile("takeover.txt", "r2a.takeover: McClellan may take over on Aug 23; the schedule from then to "
                                     "Aug 27 (2)"),
            DemoFile(TAKEOVER_SAVE, "the demo save on Aug 26, the 3rd turn after McClellan's takeover on "
                                    "Aug 23 (Panic on Aug 20), McClellan with Porter"),
            DemoFile("reorganization.vsav", "the same after the Union corps' reorganization rolls (2)"),
            DemoFile("reorganization.txt", "r2a.reorganization: each Union corps' roll, +2 on the 3rd turn, Porter's "
                                           "+2 with McClellan: V Corps reorganized (2)"),
            DemoFile("paralysis.txt", "r2a.paralysis side=Union event=no: the corps not reorganized roll, the "
                                      "reorganized are not paralysed by the takeover (2, 3)")]
