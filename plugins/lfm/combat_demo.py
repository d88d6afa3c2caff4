"""The demo's combat phase (lfm-demo.vsav): the Union brigade of 1107 moved next to Davis's
2nd Mississippi, Pegram's Battery bombarding the 8th Illinois Cavalry, then a round of combat
(the Union attack on 0709), written as a log whose chat holds every report and roll; and the
position lfm.charge's example runs on (lfm-charge.vsav: the 12th Illinois Cavalry, mounted, next
to the 55th North Carolina), for `adjutant demo` (demo/steps.py)."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile
from adjutant.procedures.outputs import write_file, write_text
from adjutant.procedures.rolls import Rolls

from .demo import CHARTS_COPY, DEMO_SAVE
from .demo.module import MAP_NAME

SEED = 1863
CHARGE_SAVE = "lfm-charge.vsav"
MOVED = {"Meredith": "0810", "19th Indiana": "0810", "24th Michigan": "0810"}
# Each procedure, its parameters and the rolls given: the Artillery table's 6 gives a cohesion check, which fails.
STEPS = [
    ("bombardment", {"batteries": "Pegram's Battery", "target": "1010"},
     ["artillery table 8th Illinois Cavalry=6", "bombardment cohesion check 1 8th Illinois Cavalry=6"]),
    ("combat", {"target": "0709"}, []),
]


def _piece(game, name):
    return next(p for p in game.pieces if p.name == name)


def combat_phase(ws):
    """The demo step: combat.vlog, combat.txt and lfm-charge.vsav in the folder."""
    from . import plugin
    from .demo.module import BOARD_NAME
    game = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    for name, hex_name in MOVED.items():
        x, y = game.map(MAP_NAME).point_of(hex_name, BOARD_NAME)
        game.move_piece(_piece(game, name).id, MAP_NAME, x, y)
    game.chat("Union movement: Meredith with the 19th Indiana and the 24th Michigan from 1107 to 0810")
    texts = []
    for n, (procedure, parameters, rolls) in enumerate(STEPS, 1):
        task = plugin.tasks[procedure]
        context = Context(ws.module, ws.companion, game, str(ws.path(DEMO_SAVE)), charts=str(ws.path(CHARTS_COPY)),
                          rolls=Rolls(SEED + n, list(rolls)))
        report = task.run(context, **task.arguments(parameters))
        for line in report.chat_lines():
            game.chat(line)
        texts.append(report.text())
    write_file(ws.path("combat.vlog"), lambda path: game.save_log(path, SEED % 256), replace=True)
    write_text(ws.path("combat.txt"), "\n".join(texts), replace=True)
    charge = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    x, y = charge.map(MAP_NAME).point_of("0711", BOARD_NAME)
    charge.move_piece(_piece(charge, "12th Illinois Cavalry").id, MAP_NAME, x, y)
    write_file(ws.path(CHARGE_SAVE), lambda path: charge.save(path), replace=True)
    return [DemoFile("combat.vlog", f"{DEMO_SAVE} after a Union move, Pegram's Battery's bombardment and a round of "
                                    f"combat, each report and roll in the chat: D, losses and retreats written"),
            DemoFile("combat.txt", "the bombardment and combat reports"),
            DemoFile(CHARGE_SAVE, "the 12th Illinois Cavalry (mounted) next to the 55th North Carolina in 0711: "
                                  "lfm.charge's example")]


FILES = ("combat.vlog", "combat.txt", CHARGE_SAVE)
