"""The demo's rail step (4, 5): the Couch example (r2a.rail on r2a-rail.vsav, the die given as 5),
and `check moves` on a small log of r2a-demo.vsav (a rail move, a move through an enemy ZOC, a DC
unit out of the DC defense area), each report and written game in the demo folder."""
import adjutant
from adjutant.procedures.demo import DemoFile

from ..army import Army
from . import CHARTS_COPY, DEMO_SAVE, RAIL_SAVE
from .module import MAP_NAME
from .run import run_procedure

FILES = ("rail.vsav", "rail.txt", "moves.vlog", "moves.txt")
COUCH = "Couch's Division"
# The demo log: Piatt's brigade from York to Baltimore by rail (4: 30 rail hexes over the Northern
# Central's link), Couch's division towards Front Royal (by rail through Jackson's ZOC and Loudoun
# county, Confederate controlled), the Washington Garrison (DC) out of the DC defense area (5).
DEMO_MOVES = [
    ("Piatt's Brigade", "E3305"),
    ("Couch's Division", "E2113"),
    ("Washington Garrison", "E3208"),
]


def rail_step(ws):
    run_procedure(ws, "rail", RAIL_SAVE, output="rail.vsav", report_file="rail.txt", rolls=[f"rail {COUCH}=5"],
                  unit=COUCH)
    return [DemoFile("rail.vsav", f"{RAIL_SAVE} after Couch's attempt: fatigue 1, RailMoves holding it (4)"),
            DemoFile("rail.txt", "r2a.rail: Couch's division at 6 Mile Post rolls 5 and may not move; the Virginia "
                                 "maximum is spent for the turn (4, rules catalogue 5E)")] + moves_step(ws)


def moves_step(ws):
    """DEMO_MOVES written as a log of r2a-demo.vsav, judged by `check moves`."""
    from .. import plugin   # here: the plugin package imports the demo
    game = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    pieces = {p.name: p.id for p in game.pieces if not p.is_stack}
    for name, where in DEMO_MOVES:
        game.move_piece(pieces[name], MAP_NAME, *game.map(MAP_NAME).point_of(where, Army.board_of(where)))
    _, illegal = plugin.judge_demo_log(ws, game, CHARTS_COPY)
    return [DemoFile("moves.vlog", f"{DEMO_SAVE} plus {len(DEMO_MOVES)} moves: Piatt's brigade by rail from York to "
                                   "Baltimore, Couch's division by rail through Jackson's ZOC, a DC unit out of "
                                   "the DC defense area"),
            DemoFile("moves.txt", f"the move check, each verdict with its clause: illegal: {illegal}")]
