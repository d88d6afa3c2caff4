"""The demo's burning bridge (25), for `adjutant demo` (demo/steps.py): the 1st Tennessee moved
into 0508, beside the pike's bridge 0408/0508 (lfm-bridge.vsav), places a Burning Bridge marker on
it in one Construction phase, leaving lfm-burning.vsav, and in the next (lfm.bridge-burning's
example) its cohesion check, a 3 given, destroys the bridge. The reports: bridges.txt."""
import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile
from adjutant.procedures.outputs import write_file, write_text
from adjutant.procedures.rolls import Rolls

from .demo import CHARTS_COPY, DEMO_SAVE
from .demo.module import BOARD_NAME, MAP_NAME

BRIDGE_SAVE, BURNING_SAVE = "lfm-bridge.vsav", "lfm-burning.vsav"
BURNER, BURNER_HEX, BRIDGE = "1st Tennessee", "0508", "0408/0508"
FILES = (BRIDGE_SAVE, BURNING_SAVE, "bridges.txt")


def _run(ws, game, source, parameters, given=()):
    from . import plugin
    task = plugin.tasks["bridge-burning"]
    context = Context(ws.module, ws.companion, game, str(ws.path(source)), charts=str(ws.path(CHARTS_COPY)),
                      rolls=Rolls(1863, given))
    return task.run(context, **task.arguments(parameters)).text()


def bridge_step(ws):
    """The demo step: the two saves and bridges.txt in the folder."""
    game = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    x, y = game.map(MAP_NAME).point_of(BURNER_HEX, BOARD_NAME)
    game.move_piece(next(p for p in game.pieces if p.name == BURNER).id, MAP_NAME, x, y)
    write_file(ws.path(BRIDGE_SAVE), lambda path: game.save(path), replace=True)
    texts = [_run(ws, game, BRIDGE_SAVE, {"side": "Confederate", "burn": f"{BURNER}:{BRIDGE}"})]
    write_file(ws.path(BURNING_SAVE), lambda path: game.save(path), replace=True)
    burning = adjutant.open_game(str(ws.path(BURNING_SAVE)), ws.module)
    texts.append(_run(ws, burning, BURNING_SAVE, {"side": "Confederate"}, ("burn bridge*=3",)))
    write_text(ws.path("bridges.txt"), "\n".join(texts), replace=True)
    return [DemoFile(BRIDGE_SAVE, f"{DEMO_SAVE} with the {BURNER} in {BURNER_HEX}, beside the bridge {BRIDGE}"),
            DemoFile(BURNING_SAVE, f"a Burning Bridge marker on {BRIDGE} placed by the {BURNER} (25): "
                                   f"lfm.bridge-burning's example"),
            DemoFile("bridges.txt", f"lfm.bridge-burning: the {BURNER} places the marker, then its cohesion check "
                                    f"in the next Construction phase (25)")]
