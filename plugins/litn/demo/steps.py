"""What `adjutant demo` does with the litn plugin: the demo game (write_demo, only the files missing),
then the plugin's procedures and its move check on it, each step writing its files into the folder
and saying what each is. A step added to STEPS (pictures, say) runs after the others; a step reads
what earlier ones wrote through the Workspace.

Every file a step writes replaces the one of that name from an earlier run, whole (outputs.py);
the demo game's files, its inputs, are never written over.
"""
from dataclasses import dataclass, field
from typing import Any

from adjutant.procedures.demo import DemoFile, DemoStep, DemoWorkspace, open_demo_game, run_plugin_demo
from adjutant.rules.companion_rules import CompanionRules
from adjutant.plugin import Context
from adjutant.render import Picture
from adjutant.procedures.rolls import Rolls

from .. import plugin
from ..army import Army
from ..charts import LitnCharts
from . import BATTLE_SAVE, BROADCAST_SAVE, CHARTS_COPY, COMPANION_COPY, DEMO_SAVE, MODULE, write_demo
from .module import BOARD_NAME, MAP_NAME

SEED = 1862
# The comprehensive command example of LIN 7.1: Lee's roll of 2, Jackson's 5, D.H. Hill's 1, Lawton's 3.
BATTLE = dict(hex="1622", attacker="Union", attacker_option="assault", defender_option="stand",
              entered_second="Union")
COMMAND_ROLLS = ["R.E. Lee CP=2", "broadcast R.E. Lee -> Jackson=5", "broadcast R.E. Lee -> D.H. Hill=1",
                 "broadcast Jackson -> Lawton=3"]
# Confederate moves after that Command Phase, (unit, hex): Hood (9 MP) and Hampton (6 MP) within their
# allowances; D.H. Hill (0 MP: 0 CP) two hexes west, more than 6 hexes from every Union unit all the
# way: legal by 7.1's Minimum Movement Allowance (half his printed 9 MP); Lawton (3 MP, his 1 CP of
# command 3) 6 MP south-east, to within 6 hexes of XII Corps: over his allowance, and the minimum
# does not apply.
MOVES = [("Hood", "0825"), ("Hampton", "1128"), ("D.H. Hill", "1922"), ("Lawton", "2130")]


@dataclass
class Workspace(DemoWorkspace):
    command_report: Any = None   # the Command Phase's Report, for its picture
    verdicts: list = field(default_factory=list)   # the move check's, for theirs


def demo_game(ws):
    files = [
        DemoFile(MODULE, "the demo module (a map of 30 x 36 hexes, the counters): open it in VASSAL first"),
        DemoFile(DEMO_SAVE, "turn 5 of 1862 before the procedures: LIN 7.1's command example, the Union for LIN 11"),
        DemoFile(BROADCAST_SAVE, "LIN 7.1's broadcast example: Lee, Longstreet and Pickett"),
        DemoFile(BATTLE_SAVE, "a battle (LIN 10): two Union corps and Longstreet's divisions in 1622"),
        DemoFile(COMPANION_COPY, "the companion file: terrain, movement costs, where each unit rating is read"),
        DemoFile(CHARTS_COPY, "the chart file: the printed charts' values (EXAMPLE values here) the procedures read"),
    ]
    return open_demo_game(ws, write_demo, MODULE, COMPANION_COPY, files)


def command_phase(ws):
    ws.command_report = run_procedure(ws, "command", DEMO_SAVE, side="Confederate", rolls=COMMAND_ROLLS,
                                      output="command.vlog", report_file="command.txt")
    return [DemoFile("command.vlog", "litn-demo.vsav plus the Command Phase, a step per change: the counters' CP "
                                     "and MA, the report as chat"),
            DemoFile("command.txt", "the Command Phase report: LOCs, CP rolls, broadcasts with their paths, "
                                    "movement allowances")]


def attrition(ws):
    run_procedure(ws, "attrition", DEMO_SAVE, side="Union", output="attrition.vsav", report_file="attrition.txt")
    return [DemoFile("attrition.vsav", "litn-demo.vsav after the Union attrition of turn 5: strengths lowered"),
            DemoFile("attrition.txt", "the attrition report: the roll, each unit's territory, LOC and loss")]


def odds(ws):
    run_procedure(ws, "odds", BROADCAST_SAVE, report_file="odds.txt", receiver="Pickett")
    return [DemoFile("odds.txt", "before rolling: the chance of each broadcast result to Pickett from Lee (9 MP) "
                                 "or Longstreet (4 MP)")]


def battle(ws):
    run_procedure(ws, "battle", BATTLE_SAVE, output="battle.vsav", report_file="battle.txt", **BATTLE)
    return [DemoFile("battle.vsav", "litn-battle.vsav after the battle in 1622: losses written"),
            DemoFile("battle.txt", "the battle report: supply, options, commitment, every round's rolls, "
                                   "demoralization, retreats and the victory")]


def moves(ws):
    game = ws.open_game("command.vlog")
    for name, hex_name in MOVES:
        piece = next(p for p in game.pieces if p.name == name)
        x, y = game.map(piece.map).point_of(hex_name, BOARD_NAME)
        game.move_piece(piece.id, piece.map, x, y)
    ws.verdicts, illegal = plugin.judge_demo_log(ws, game, CHARTS_COPY)
    return [DemoFile("moves.vlog", f"command.vlog plus {len(MOVES)} Confederate moves, a step each"),
            DemoFile("moves.txt", f"the move check of moves.vlog: each move's hexes, MP and allowance; "
                                  f"illegal: {illegal}")]


# LIN 10.6 on the demo save: Jackson's force in 1625 as if demoralized in a battle there, Hood
# retreating one way and the others another, each 4 MP to a shorter supply line.
RETREAT = dict(hex="1625", reason="demoralized", path="Hood:1624,1623,1622,1621;1524,1424,1323,1322")


def retreat(ws):
    run_procedure(ws, "retreat", DEMO_SAVE, side="Confederate", output="retreat.vsav", report_file="retreat.txt",
                  **RETREAT)
    return [DemoFile("retreat.vsav", "litn-demo.vsav after a retreat from 1625: Hood in 1621, the others in 1322"),
            DemoFile("retreat.txt", "the retreat report: each path judged (4 MP, a shorter supply line)")]


def sequence_of_play(ws):
    run_procedure(ws, "turn", DEMO_SAVE, report_file="turn.txt")
    return [DemoFile("turn.txt", "the sequence of play of turn 5 of scenario 2: each phase's procedure to run, "
                                 "with its command line, and what each player decides")]


def militia(ws):
    run_procedure(ws, "militia", DEMO_SAVE, side="Union", output="militia.vsav", report_file="militia.txt", net_vp="5")
    return [DemoFile("militia.vsav", "litn-demo.vsav after the militia of turn 5: its Militia property set"),
            DemoFile("militia.txt", "the militia report: with 5 net Confederate VP, the Union Militia table roll")]


def pictures(ws):
    """The map with what the steps found drawn over the board: the companion file's terrain and the
    grid, the Command Phase's broadcasts and lines of communication, and the moves checked (the
    reach of the first legal one, the path of the first illegal one)."""
    game_map = ws.module.find_map(MAP_NAME)
    movement = ws.companion.movement(MAP_NAME)
    log = ws.open_game("moves.vlog")
    files = []

    def picture(name, about, draw, scale=1.0):
        drawn = Picture(game_map)
        focus = draw(drawn)
        drawn.grid(names=False)  # the demo board prints every hex's number, which is its VASSAL name
        if focus:
            drawn.focus(focus)
        drawn.save(ws.path(name), scale=scale, replace=True)
        files.append(DemoFile(name, about))

    def unit_class(verdict):
        piece = next(p for p in log.pieces if p.name == verdict.pieces[0])
        return CompanionRules.unit_class(movement, ws.companion.unit(piece, ws.module), piece.name)

    picture("grid.svg", "the map's hexes where VASSAL places them, over the board's printed numbers, which are "
                        "VASSAL's names (SVG: zoom in)",
            lambda p: [])
    picture("terrain.png", "the companion file's terrain, rivers, bridges and roads over the board's art",
            lambda p: p.terrain(ws.companion.map(MAP_NAME)), scale=0.5)
    picture("command.png", "the Command Phase: each broadcast's path and CP received, each leader's line of "
                           "communication", lambda p: p.report(ws.command_report))
    legal = next(v for v in ws.verdicts if v.legal)
    # The position before the moves, as the Confederate player sees it: enemy units block, their zones cost.
    before = Context(ws.module, ws.companion, ws.open_game("command.vlog"), str(ws.path("command.vlog")),
                     side="Confederate")
    army = Army(before)
    situation = dict(enemy_hexes=army.enemy_hexes("Confederate"),
                     zones=army.zones("Confederate", LitnCharts.load(str(ws.path(CHARTS_COPY)))))
    picture("reach.png", f"where {legal.pieces[0]} could have gone from {legal.start} with {legal.allowance} MP: "
                         f"each hex shaded by the MP left",
            lambda p: p.reach(movement.reach(legal.start, [unit_class(legal)], legal.allowance, **situation),
                              legal.allowance, start=legal.start))
    illegal = next(v for v in ws.verdicts if v.legal is False)
    picture("illegal-move.png", f"{illegal.pieces[0]}'s move {illegal.start}-{illegal.end}, each step's cost: "
                                f"{illegal.reason}",
            lambda p: p.path(movement.explain(illegal.path, [unit_class(illegal)], illegal.allowance),
                           allowance=illegal.allowance))
    return files


def run_procedure(ws, name, save, side="referee", rolls=(), output=None, report_file=None, **parameters):
    """The plugin's procedure `name` on the save for `side`, who reads its report too, its rolls from
    SEED but those given, its results written into the folder."""
    context = Context(ws.module, ws.companion, ws.open_game(save), str(ws.path(save)), charts=str(ws.path(CHARTS_COPY)),
                      rolls=Rolls(SEED, rolls), side=side)
    return plugin.tasks[name].run_and_write(context, parameters, output and ws.path(output),
                                            report_file and ws.path(report_file))


STEPS = [
    DemoStep("the demo game (module, saves, companion file)", demo_game),   # writes only what is missing
    DemoStep("litn.command: the Command Phase of LIN 7.1's example, as the Confederate player", command_phase,
             ("command.vlog", "command.txt")),
    DemoStep("litn.attrition: turn 5 of 1862, as the Union player", attrition, ("attrition.vsav", "attrition.txt")),
    DemoStep("litn.odds: Pickett from Lee at 9 MP, or from Longstreet at 4?", odds, ("odds.txt",)),
    DemoStep("litn.battle: I and XII Corps attack Longstreet in 1622", battle, ("battle.vsav", "battle.txt")),
    DemoStep("check moves: Confederate moves after the Command Phase", moves, ("moves.vlog", "moves.txt")),
    DemoStep("litn.retreat: Jackson's force retreats from 1625, demoralized", retreat, ("retreat.vsav", "retreat.txt")),
    DemoStep("litn.turn: the sequence of play of turn 5", sequence_of_play, ("turn.txt",)),
    DemoStep("litn.militia: the Union militia with 5 net Confederate VP", militia, ("militia.vsav", "militia.txt")),
    DemoStep("pictures: the terrain, the Command Phase and the moves over the board", pictures,
             ("grid.svg", "terrain.png", "command.png", "reach.png", "illegal-move.png")),
]


def run_demo(folder, console):
    return run_plugin_demo(STEPS, folder, console, MODULE, viewing, Workspace)


def viewing(folder):
    return [
        f"A save: File > Open Game on {folder / 'attrition.vsav'} shows the strengths after attrition "
        f"({DEMO_SAVE} is the game before).",
        f"A log: File > Open Game on {folder / 'command.vlog'} (or moves.vlog), then step through it with the "
        f"step-forward button: each step is one change (a counter's CP or MA, a move) and the report arrives "
        f"in the chat. Or, with {DEMO_SAVE} open, File > Load Continuation on command.vlog.",
    ]
