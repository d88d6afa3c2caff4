"""The sequence of play (LIN 3.1) for the game's turn, year and scenario: phase by phase, the
procedure to run next and what each player must decide. It rolls nothing and changes nothing.
tasks/turn.py declares it with the turn's other procedures (initiative, initial_phase, wagons, victory)."""
import shlex

from . import initial_phase, initiative
from .scenarios import wagon_due

FILES = "--module MODULE --companion COMPANION --charts CHARTS"


def walk(session, scenario, game_file):
    turn, year, n = session.turn, session.year, scenario.number
    report = session.report
    found = session.lost_dispatch

    def run(procedure, *words):
        return shlex.join(["adjutant", "run", f"litn.{procedure}", game_file]) + f" {FILES}" + \
            "".join(" " + shlex.quote(w) for w in words)

    def step(section, what, command=None, decide=None, **data):
        text = what + (f": {command}" if command else "") + (f". Decide: {decide}" if decide else "")
        section.add(text, command=command, decide=decide, **data)

    head = report.section(f"Turn {turn} of scenario {n}, {scenario.name} ({year}; turns {scenario.first_turn}-"
                          f"{scenario.last_turn})")
    head.add(f"each command takes the game's files as this one did ({FILES}) and -o OUT to write the result",
             turn=turn, year=year, scenario=n)

    a = report.section("A. Initial Phase")
    if n == 2 and turn <= initial_phase.REORGANIZE_ALL_TURN:
        every = turn == initial_phase.REORGANIZE_ALL_TURN
        step(a, "I. Reorganization (15.4)" + (": every unit reorganizes, no roll" if every else ""),
             run("reorganization"), None if every else
             "the Union player names up to four disorganized units within three hexes of McClellan (units=)")
    if year == 1862 and turn % 2 and turn != 1:
        step(a, "II. Attrition (11, 15.2)", run("attrition"))
    if year == 1862 and turn >= 5:
        points = 1 if turn % 2 else 2
        for side in ("Confederate", "Union"):
            step(a, f"III. Replacements (15.2): {points} point(s) for the {side} player",
                 run("replacements", f"side={side}", "unit=UNIT"),
                 "which unit (with a line of communications, not demoralized) gets them, infantry or cavalry SP")
    step(a, "IV. Militia (4.2), the condition judged from the position and the game's NetVP and Militia "
            "properties", run("militia"))
    due = wagon_due(scenario, turn)
    step(a, f"V. Confederate supply wagon (4.1): {'one is due this turn' if due else 'none is due this turn'}",
         run("wagons", "side=Confederate"), "where to place it, or to delay it (delayed= next time)" if due else None,
         due=due)
    step(a, "V. Union supply wagons (9.2)", run("wagons", "side=Union", "creation=HEX,HEX"),
         "the hexes of Wagon Creation markers earned last turn")
    if n == 3:
        step(a, "VI. Hooker dissatisfaction (15.6)", run("hooker", "vp=N", "union_major_victories=N"),
             "nothing but the Confederate VP and Union major victories since the last Initial Phase")
        if turn >= initial_phase.VARIABLE_ENTRY_FROM:
            step(a, "Variable entry of Imboden, Jones and Robertson (15.6)", run("variable-entry"))
        if turn == 4:
            step(a, "Stuart, Hampton and Chambliss (15.6)", None,
                 "the Confederate player: enter on turn 4 at 1044, or on turn 6 at 1031, 1029 or 1026")
    if n == 4 and turn == scenario.first_turn:
        step(a, "Initial VPs (15.7): the Confederates begin with 5 VP and Control markers on Hagerstown, "
                "Chambersburg, Carlisle and York", None, "nothing")

    b = report.section("B. Initiative Phase")
    if year == 1862 and turn >= initiative.LOST_DISPATCH_FROM:
        if found:
            step(b, "I. Lost Dispatch (5.1): found already, no roll")
        else:
            step(b, "I. Lost Dispatch (5.1): the Union player rolls", run("lost-dispatch"))
    roller = "Union" if found and year == 1862 else "Confederate"
    step(b, f"II. Initiative (5): the {roller} player rolls", run("initiative"),
         "the player the roll names chooses who is the first player this turn", roller=roller)

    for letter, mover, reactor in (("C", "first", "second"), ("E", "second", "first")):
        c = report.section(f"{letter}. {mover.capitalize()} Command Phase")
        step(c, f"CPs and broadcast (7.1) for the {mover} player (side= his side, as the Initiative Phase "
                f"chose)", run("command", f"side={mover.upper()}"),
             "who broadcasts to a hex where more than one leader may (sender=HEX:LEADER)")
        m = report.section(f"{chr(ord(letter) + 1)}. {mover.capitalize()} Movement Phase")
        step(m, f"the {mover} player moves; the move check",
             shlex.join(["adjutant", "check", "moves", "GAME.vlog"]) + " --module MODULE --companion COMPANION "
                                                                         "--charts CHARTS",
             "every move; force marches (then litn.force-march), leaving enemy hexes (litn.leave-hex); the check "
             "judges rail movement, bridges, rail and entrenchment (8.7-8.9)")
        step(m, f"the {reactor} player may react (8.5)", run("reaction", "hex=HEX", "roll=true"),
             "which stack reacts, to which enemy unit entering which hex")
        if year == 1863:
            step(m, "1863: Confederate reinforcements enter at 1026, 1029 or 1031 in the Confederate Movement "
                    "Phase (15.5)", None, "the entry hex of each")

    g = report.section("G. Combat Phase")
    step(g, "I. Combat (10): in each hex with both sides, in the first player's order",
         run("battle", "hex=HEX", "attacker=SIDE", "attacker_option=OPTION", "defender_option=OPTION"),
         "whether to attack (10: the higher initiative decides first); each side's combat option and loss order, "
         "entered by that side")
    step(g, "Retreats (10.6): each side that must retreat", run("retreat", "hex=HEX", "side=SIDE", "reason=REASON",
                                                               "path=HEX,HEX"),
         "the path of each retreating unit (the worse command rating retreats first)")
    for side in ("Confederate", "Union"):
        step(g, f"II. Wagon depletion (10.2), {side}", run("wagon-depletion", f"side={side}"))

    h = report.section("H. Conclusion Phase")
    for side in ("Confederate", "Union"):
        step(h, f"I. Morale recovery (12), {side}", run("morale-recovery", f"side={side}"))
    for side in ("Confederate", "Union"):
        step(h, f"II. Wagon undepletion (9.2), {side}", run("wagon-undepletion", f"side={side}", "moved=NAME,NAME"),
             "which depleted wagons moved this turn")
    last = turn == scenario.last_turn
    step(h, "III. Victory points (15.1)" + (": the last turn, the game ends (rail, Harrisburg bridge, victory level)"
                                            if last else ""),
         run("victory", "confederate_major_victories=N", "union_major_victories=N"),
         "the major victories of the turn; towns not held the whole turn (not_held=) or that lost their line of "
         "communications (loc_lost=)")
    if not last:
        h.add(f"advance the Turn marker to turn {turn + 1} (the game's Turn property)", next_turn=turn + 1)
