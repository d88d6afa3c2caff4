"""What `adjutant demo` does with the lmn plugin: the demo game (write_demo, only the files missing),
then the plugin's procedures on it, each step writing its files into the folder and saying what
each is. Every file a step writes replaces the one of that name from an earlier run, whole."""

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.demo import DemoFile, DemoStep, open_demo_game, run_plugin_demo
from adjutant.procedures.outputs import write_file
from adjutant.procedures.rolls import Rolls
from adjutant.render import Picture

from .. import plugin
from . import CHARTS_COPY, COMBAT_SAVE, COMPANION_COPY, DEMO_SAVE, MODULE, write_demo
from .module import BOARD_NAME, MAP_NAME

SEED = 1862


def run_procedure(ws, name, save, side="referee", rolls=(), output=None, report_file=None, **parameters):
    """The plugin's procedure `name` on the save for `side`, who reads its report too, its rolls from
    SEED but those given, its results written into the folder."""
    context = Context(ws.module, ws.companion, ws.open_game(save), str(ws.path(save)), charts=str(ws.path(CHARTS_COPY)),
                      rolls=Rolls(SEED, rolls), side=side)
    return plugin.tasks[name].run_and_write(context, parameters, output and ws.path(output),
                                            report_file and ws.path(report_file))


def demo_game(ws):
    files = [
        DemoFile(MODULE, "the demo module (a 30 x 44 hex sketch numbered as LMN's map, the Off Map box, the "
                         "counters): open it in VASSAL first"),
        DemoFile(DEMO_SAVE, "turn 8 of 1862: Lee north of the Potomac, a probe, a unit out of command"),
        DemoFile(COMBAT_SAVE, "the worked examples: 26 against 9 (12.3), Lee's bonus (11.4), a fortified 5 (15.2)"),
        DemoFile(COMPANION_COPY, "the companion file: terrain, the Terrain Effects Chart as movement costs, units"),
        DemoFile(CHARTS_COPY, "the chart file: the rule text's values, and EXAMPLE values for the CRT"),
    ]
    return open_demo_game(ws, write_demo, MODULE, COMPANION_COPY, files)


def odds(ws):
    for hex_name, name in (("1818", "odds.txt"), ("1612", "odds-leader.txt"), ("2222", "odds-fortification.txt")):
        run_procedure(ws, "odds", COMBAT_SAVE, report_file=name, hex=hex_name)
    return [DemoFile("odds.txt", "12.3 K: 26 against 9 is 2-1, and the chance of each CRT result"),
            DemoFile("odds-leader.txt", "11.4: Lee with two 5-6 divisions attacks with 20"),
            DemoFile("odds-fortification.txt", "15.2: a 5 in a fortification of 2 defends with 12")]


def combat(ws):
    run_procedure(ws, "combat", COMBAT_SAVE, output="combat.vsav", report_file="combat.txt", hex="1818",
                  rolls=["combat 1818=6"], advance="J.R. Jones")
    return [DemoFile("combat.vsav", "lmn-combat.vsav after the attack on Frederick: losses and moves written"),
            DemoFile("combat.txt", "the combat report: strengths, odds, the roll, each result applied")]


def movement(ws):
    run_procedure(ws, "no-command-move", DEMO_SAVE, output="no-command.vsav", report_file="no-command.txt",
                  unit="XII Corps", route="2017,2016,2015", rolls=["XII Corps movement=4"])
    run_procedure(ws, "probe", DEMO_SAVE, side="Confederate", report_file="probe.txt", unit="CSA Cavalry 1",
                  hex="1815", rolls=["CSA Cavalry 1 probe 1815=2"])
    run_procedure(ws, "desertion", DEMO_SAVE, output="desertion.vsav", report_file="desertion.txt",
                  units="Hood,D.H. Hill,McLaws,Anderson", rolls=["Hood desertion=1"])
    return [DemoFile("no-command.vsav", "XII Corps moved without command control: d6 4, -1 for the Union"),
            DemoFile("no-command.txt", "the route, the roll and each step's cost (11.1)"),
            DemoFile("probe.txt", "Stuart's cavalry probes 1815 and finds a dummy: it may move on (17.2)"),
            DemoFile("desertion.vsav", "after the desertion rolls: Hood reduced"),
            DemoFile("desertion.txt", "a d6 for each division crossing north; the Union's VP (18.2 B)")]


def reinforcement(ws):
    run_procedure(ws, "militia", DEMO_SAVE, output="militia.vsav", report_file="militia.txt")
    run_procedure(ws, "dummies", DEMO_SAVE, output="dummies.vsav", report_file="dummies.txt", side="Confederate")
    run_procedure(ws, "victory", DEMO_SAVE, report_file="victory.txt", final="true", union_vp="12",
                  confederate_vp="30")
    return [DemoFile("militia.vsav", "the militia raised at Carlisle, Harrisburg, Columbia and Gettysburg (18.3)"),
            DemoFile("militia.txt", "why the militia come, and where each goes"),
            DemoFile("dummies.vsav", "the Confederate dummy eliminated earlier placed again with Jackson (6.0)"),
            DemoFile("dummies.txt", "where each eliminated dummy goes"),
            DemoFile("victory.txt", "the rail lines traced (20.1 C), the objectives (20.1 B), the level (20.2)")]


# The Union Movement Phase the move check judges: its start is lmn-demo.vsav with IX and I Corps
# entrained in an earlier phase and Union Cavalry 1 in the zone of Lee's and Longstreet's stacks
# (MOVES_START); then the moves, (unit, hex), and the units entrained in place (ENTRAINS).
MOVES_START = "lmn-moves.vsav"
START_MOVED = {"Union Cavalry 1": "1421"}
START_ENTRAINED = ["IX Corps", "I Corps"]
# The roll of the unit out of command control, posted as lmn.no-command-move posts it (11.1).
NO_COMMAND = {"unit": "Union Dummy 1", "route": "1915,2015,2115,2215", "rolls": ["Union Dummy 1 movement=4"]}
MOVES = [
    ("VIII Corps", "2220"),        # legal: out of its fort, in command there (11.0)
    ("IX Corps", "2218"),          # legal: by rail, 4 rail hexes, 1 MP (7.0)
    ("Union Cavalry 1", "1422"),   # rigid zones: from one Confederate zone hex to the next; round them, 9 MP (8.0)
    ("Union Dummy 1", "2215"),     # out of command control: 4 MP, its d6 gave 3 (11.1)
    ("XI Corps", "2418"),          # out of command control, no roll in the log: legal if its d6 gave 2 (11.1)
    ("I Corps", "1420"),           # by rail into a hex next to the Confederates (7.2 B)
]
ENTRAINS = ["XII Corps"]           # on the Baltimore and Ohio: a third unit on the rail this phase (7.2 D)


def moves(ws):
    start = adjutant.open_game(str(ws.path(DEMO_SAVE)), ws.module)
    for name, hex_name in START_MOVED.items():
        x, y = start.map(MAP_NAME).point_of(hex_name, BOARD_NAME)
        start.move_piece(_piece(start, name).id, MAP_NAME, x, y)
    for name in START_ENTRAINED:
        start.set_property(_piece(start, name).id, "Entrained", "true")
    write_file(ws.path(MOVES_START), start.save, replace=True)
    report = run_procedure(ws, "no-command-move", MOVES_START, unit=NO_COMMAND["unit"], route=NO_COMMAND["route"],
                           rolls=NO_COMMAND["rolls"])
    game = adjutant.open_game(str(ws.path(MOVES_START)), ws.module)
    for line in report.chat_lines():
        game.chat(line)
    for name, hex_name in MOVES:
        x, y = game.map(MAP_NAME).point_of(hex_name, BOARD_NAME)
        game.move_piece(_piece(game, name).id, MAP_NAME, x, y)
    for name in ENTRAINS:
        game.set_property(_piece(game, name).id, "Entrained", "true")
    _, illegal = plugin.judge_demo_log(ws, game, CHARTS_COPY)
    return [DemoFile(MOVES_START, "the Union Movement Phase's start: lmn-demo.vsav with IX and I Corps entrained, "
                                  "Union Cavalry 1 in the Confederates' zone"),
            DemoFile("moves.vlog", f"{MOVES_START} plus a unit's 11.1 roll (chat), {len(MOVES)} moves and "
                                   f"{len(ENTRAINS)} unit entrained"),
            DemoFile("moves.txt", f"the move check, each verdict with its clause: illegal: {illegal}")]


def _piece(game, name):
    return next(p for p in game.pieces if p.name == name)


def supply(ws):
    report = run_procedure(ws, "supply", DEMO_SAVE, report_file="supply.txt")
    game_map = ws.module.find_map(MAP_NAME)
    picture = Picture(game_map)
    drawn = picture.report(report)
    picture.grid(names=False)
    picture.focus(drawn)
    picture.save(ws.path("supply.png"), scale=0.5, replace=True)
    return [DemoFile("supply.txt", "every unit's supply state and the path of its trace (16)"),
            DemoFile("supply.png", "the supply traces over the board")]


STEPS = [
    DemoStep("the demo game (module, saves, companion file, chart file)", demo_game),
    DemoStep("lmn.odds: the rulebook's three worked examples", odds,
             ("odds.txt", "odds-leader.txt", "odds-fortification.txt")),
    DemoStep("lmn.combat: the attack on Frederick", combat, ("combat.vsav", "combat.txt")),
    DemoStep("lmn.no-command-move, probe, desertion", movement,
             ("no-command.vsav", "no-command.txt", "probe.txt", "desertion.vsav", "desertion.txt")),
    DemoStep("lmn.militia, dummies, victory", reinforcement,
             ("militia.vsav", "militia.txt", "dummies.vsav", "dummies.txt", "victory.txt")),
    DemoStep("lmn.supply: every unit's supply and its picture", supply, ("supply.txt", "supply.png")),
    DemoStep("check moves: a Union Movement Phase, legal and illegal moves", moves,
             (MOVES_START, "moves.vlog", "moves.txt")),
]


def run_demo(folder, console):
    return run_plugin_demo(STEPS, folder, console, MODULE, viewing)


def viewing(folder):
    return [
        f"A save: File > Open Game on {folder / 'combat.vsav'} shows the attack on Frederick resolved "
        f"({COMBAT_SAVE} is the position before).",
    ]
