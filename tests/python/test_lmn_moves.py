"""Lee Moves North's move check (`check moves` with rules = "lmn"): each test writes a real log of a
Union or Confederate Movement Phase on the demo's module, from lmn-demo.vsav with pieces moved or
entrained before the phase starts, and judges it, each named after its clause."""
from itertools import count

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant_plugins.lmn import plugin
from adjutant_plugins.lmn.demo import CHARTS
from adjutant_plugins.lmn.demo.saves import write_save
from lmn_helpers import BOARD, Demo, piece_named


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lmn-demo"))


RUNS = count()


def phase(demo, folder, start=None, before=None, entrained=(), chat=(), entrain_first=(), moves=(), entrain=(),
          detrain=(), charts=CHARTS):
    """The verdicts of a log: from `start` (a save; default lmn-demo.vsav with pieces moved
    `before` ({name: hex}) and `entrained` at the start), chat lines, the units entrained first,
    then the moves (name, hex) a step each, then the units entrained and detrained where they stand."""
    n = next(RUNS)
    if start is None:
        start = demo.position("lmn-demo.vsav", folder / f"start-{n}.vsav", moves=before,
                              properties={name: {"Entrained": "true"} for name in entrained})
    game = adjutant.open_game(str(start), demo.module)
    for line in chat:
        game.chat(line)
    for name in entrain_first:
        game.set_property(piece_named(game, name).id, "Entrained", "true")
    for name, hex_name in moves:
        x, y = game.map("Main Map").point_of(hex_name, BOARD)
        game.move_piece(piece_named(game, name).id, "Main Map", x, y)
    for name in entrain:
        game.set_property(piece_named(game, name).id, "Entrained", "true")
    for name in detrain:
        game.set_property(piece_named(game, name).id, "Entrained", "false")
    log = folder / f"phase-{n}.vlog"
    game.save_log(str(log))
    context = Context(demo.module, demo.companion, adjutant.open_game(str(log), demo.module), str(log),
                      charts=str(charts))
    return plugin.tasks["moves"].run(context)


def verdict_of(verdicts, name):
    return [v for v in verdicts if v.pieces[0] == name][-1]


def with_option(tmp_path, line):
    key = line.split("=")[0].strip()
    text = "".join(l if not l.startswith(key + " ") else line + "\n" for l in CHARTS.read_text().splitlines(True))
    path = tmp_path / "charts.toml"
    path.write_text(text)
    return path


def test_8_0_rigid_zones_no_move_from_one_enemy_zone_hex_to_the_next(demo, tmp_path):
    # 1421 and 1422 both lie in the zones of Lee's and Longstreet's stacks; round them costs 9 MP.
    v = verdict_of(phase(demo, tmp_path, before={"Union Cavalry 1": "1421"}, moves=[("Union Cavalry 1", "1422")]),
                   "Union Cavalry 1")
    assert v.legal is False and "8.0: rigid zones" in v.reason and v.cost == 4
    # Out of the zone to a hex in no zone: 1 MP, +1 to leave the zone (8.3 E).
    v = verdict_of(phase(demo, tmp_path, before={"Union Cavalry 1": "1220"}, moves=[("Union Cavalry 1", "1219")]),
                   "Union Cavalry 1")
    assert v.legal and v.cost == 2


def test_8_2_d_no_zone_from_a_unit_in_a_fortification(demo, tmp_path):
    # Jackson's stack moves beside Washington West: VIII Corps in its fort exerts no zone, so a
    # Confederate unit steps from one of its neighbours to the next at 1 MP.
    v = verdict_of(phase(demo, tmp_path, before={"A.P. Hill": "2122"}, moves=[("A.P. Hill", "2121")]), "A.P. Hill")
    assert v.cost == 1, v


def test_11_1_a_unit_out_of_command_moves_only_what_its_roll_gave(demo, tmp_path):
    report, _ = demo.run("lmn-demo.vsav", "no-command-move", unit="Union Dummy 1", route="1915,2015,2115,2215",
                         rolls=["Union Dummy 1 movement=4"])
    chat = report.chat_lines()
    v = verdict_of(phase(demo, tmp_path, chat=chat, moves=[("Union Dummy 1", "2215")]), "Union Dummy 1")
    assert v.legal is False and "11.0" in v.reason and "its d6 gave 3 MP" in v.reason and v.allowance == 3
    v = verdict_of(phase(demo, tmp_path, chat=chat, moves=[("Union Dummy 1", "2015")]), "Union Dummy 1")
    assert v.legal and "3 MP by its d6 (11.1)" in v.note


def test_11_0_a_unit_next_to_a_leader_moves_its_full_allowance(demo, tmp_path):
    # The same four hexes with Pope beside it: no roll needed.
    report, _ = demo.run("lmn-demo.vsav", "no-command-move", unit="Union Dummy 1", route="1915",
                         rolls=["Union Dummy 1 movement=4"])
    v = verdict_of(phase(demo, tmp_path, before={"Pope": "1816"}, chat=report.chat_lines(),
                         moves=[("Union Dummy 1", "2215")]), "Union Dummy 1")
    assert v.legal and v.allowance == 5 and "command" not in v.note


def test_11_1_without_a_roll_in_the_log_the_verdict_says_what_it_needs(demo, tmp_path):
    v = verdict_of(phase(demo, tmp_path, moves=[("XI Corps", "2418")]), "XI Corps")
    assert v.legal and "legal only if the roll gave 2 MP or more" in v.note


def test_11_3_c_3_face_up_cavalry_needs_no_leader(demo, tmp_path):
    # Union Cavalry 1, alone at Reading, rides its whole 6 MP: more than any Union roll (6 - 1).
    v = verdict_of(phase(demo, tmp_path, before={"Union Cavalry 1": "2604"}, moves=[("Union Cavalry 1", "2610")]),
                   "Union Cavalry 1")
    assert v.legal and v.cost == 6 and v.allowance == 6


def test_7_0_rail_costs_1_mp_per_5_rail_hexes_and_needs_no_leader(demo, tmp_path):
    # XII Corps, out of command, entrained at the start, rides the Baltimore and Ohio.
    verdicts = phase(demo, tmp_path, entrained=["XII Corps"], moves=[("XII Corps", "1718")])
    v = verdict_of(verdicts, "XII Corps")
    assert v.legal and v.cost == 1 and "7.4 G" in v.note and "11.0" not in v.note
    v = verdict_of(phase(demo, tmp_path, entrained=["IX Corps"], moves=[("IX Corps", "1818")]), "IX Corps")
    assert v.legal and v.cost == 2  # 8 rail hexes


def test_7_0_errata_cavalry_never_moves_by_rail(demo, tmp_path):
    v = verdict_of(phase(demo, tmp_path, before={"Union Cavalry 1": "2218"}, entrained=["Union Cavalry 1"],
                         moves=[("Union Cavalry 1", "2018")]), "Union Cavalry 1")
    assert v.legal is False and "7.0 errata" in v.reason


def test_7_0_a_unit_that_entrains_moves_no_more(demo, tmp_path):
    verdicts = phase(demo, tmp_path, start=None, moves=[], entrain=["XII Corps"])
    assert verdict_of(verdicts, "XII Corps").legal  # entrained in place on the Baltimore and Ohio
    start = demo.position("lmn-demo.vsav", tmp_path / "s.vsav")
    game = adjutant.open_game(str(start), demo.module)
    game.set_property(piece_named(game, "XII Corps").id, "Entrained", "true")
    x, y = game.map("Main Map").point_of("1918", BOARD)
    game.move_piece(piece_named(game, "XII Corps").id, "Main Map", x, y)
    game.save_log(str(tmp_path / "e.vlog"))
    context = Context(demo.module, demo.companion, adjutant.open_game(str(tmp_path / "e.vlog"), demo.module),
                      "e.vlog", charts=str(CHARTS))
    v = verdict_of(plugin.tasks["moves"].run(context), "XII Corps")
    assert v.legal is False and "entraining takes all its MP (7.0)" in v.reason


def test_7_0_a_unit_that_moved_may_not_entrain_or_detrain_after_it(demo, tmp_path):
    # Entraining and detraining take all five MP: not after a move, nor after a ride.
    verdicts = phase(demo, tmp_path, before={"XII Corps": "2019"}, moves=[("XII Corps", "2018")],
                     entrain=["XII Corps"])
    v = verdict_of(verdicts, "XII Corps")
    assert v.legal is False and "entrains after moving this phase" in v.reason
    verdicts = phase(demo, tmp_path, entrained=["IX Corps"], moves=[("IX Corps", "1818")], detrain=["IX Corps"])
    v = verdict_of(verdicts, "IX Corps")
    assert v.legal is False and "detrains after moving this phase" in v.reason


def test_7_2_d_a_leader_entrains_and_detrains_without_penalty(demo, tmp_path):
    start = demo.position("lmn-demo.vsav", tmp_path / "pope.vsav", moves={"Pope": "2218"})
    game = adjutant.open_game(str(start), demo.module)
    game.set_property(piece_named(game, "Pope").id, "Entrained", "true")
    x, y = game.map("Main Map").point_of("1718", BOARD)
    game.move_piece(piece_named(game, "Pope").id, "Main Map", x, y)
    game.set_property(piece_named(game, "Pope").id, "Entrained", "false")
    game.save_log(str(tmp_path / "pope.vlog"))
    context = Context(demo.module, demo.companion, adjutant.open_game(str(tmp_path / "pope.vlog"), demo.module),
                      "pope.vlog", charts=str(CHARTS))
    pope = [v for v in plugin.tasks["moves"].run(context) if v.pieces == ("Pope",)]
    assert pope and all(v.legal for v in pope), [v.reason for v in pope]


def test_11_0_command_control_is_set_at_the_start_of_the_movement_phase(demo, tmp_path):
    report, _ = demo.run("lmn-demo.vsav", "no-command-move", unit="Union Dummy 1", route="1915",
                         rolls=["Union Dummy 1 movement=4"])
    # Pope beside it at the phase's start, gone before it moves: still in command, its full 5 MP.
    v = verdict_of(phase(demo, tmp_path, before={"Pope": "1816"}, moves=[("Pope", "1613"), ("Union Dummy 1", "2215")]),
                   "Union Dummy 1")
    assert v.legal and v.allowance == 5
    # Pope arriving beside it during the phase gives no command: its d6 gave 3 MP.
    v = verdict_of(phase(demo, tmp_path, chat=report.chat_lines(), moves=[("Pope", "1816"), ("Union Dummy 1", "2215")]),
                   "Union Dummy 1")
    assert v.legal is False and "at the phase's start" in v.reason


def test_7_2_b_no_rail_move_next_to_an_enemy_combat_unit(demo, tmp_path):
    v = verdict_of(phase(demo, tmp_path, entrained=["I Corps"], moves=[("I Corps", "1420")]), "I Corps")
    assert v.legal is False and "7.2 B" in v.reason   # 1420 is next to Lee's stack
    v = verdict_of(phase(demo, tmp_path, entrained=["I Corps"], moves=[("I Corps", "1519")]), "I Corps")
    assert v.legal and v.cost == 3   # 11 rail hexes


def test_7_2_c_the_union_rail_runs_north_of_the_potomac(demo, tmp_path):
    # I Corps entrained at Alexandria, on the Orange and Alexandria south of the river.
    v = verdict_of(phase(demo, tmp_path, before={"I Corps": "2323"}, entrained=["I Corps"],
                         moves=[("I Corps", "2025")]), "I Corps")
    assert v.legal is False and "runs south of the Potomac" in v.reason and "(7.2 C)" in v.reason


def test_7_0_an_entrained_unit_moves_only_along_rail_hexsides(demo, tmp_path):
    v = verdict_of(phase(demo, tmp_path, entrained=["I Corps"], moves=[("I Corps", "2217")]), "I Corps")
    assert v.legal is False and "2217 is not a rail hex" in v.reason and "(7.0, 11.3 C.1)" in v.reason


def test_7_2_d_a_leader_entrains_for_no_mp_and_is_not_counted(demo, tmp_path):
    verdicts = phase(demo, tmp_path, entrain_first=["McClellan"], moves=[("IX Corps", "2617")])
    leader = verdict_of(verdicts, "McClellan")
    assert leader.legal and "no MP, not counted against 7.2 D" in leader.note
    assert [v.pieces[0] for v in verdicts] == ["McClellan", "IX Corps"]   # in the log's order
    assert "before step" in leader.note


def test_7_2_d_at_most_two_units_on_the_rail_a_phase(demo, tmp_path):
    verdicts = phase(demo, tmp_path, entrained=["IX Corps", "I Corps"], moves=[("IX Corps", "2218"), ("I Corps", "2320")],
                     entrain=["XII Corps"])
    assert verdict_of(verdicts, "IX Corps").legal and verdict_of(verdicts, "I Corps").legal
    third = verdict_of(verdicts, "XII Corps")
    assert third.legal is False and "7.2 D" in third.reason
    # Leaders do not count.
    verdicts = phase(demo, tmp_path, entrained=["IX Corps", "McClellan"], moves=[("IX Corps", "2218"),
                                                                                ("McClellan", "2320")],
                     entrain=["XII Corps"])
    assert verdict_of(verdicts, "XII Corps").legal


def test_7_2_d_counts_the_units_in_the_order_the_log_puts_them_on_the_rail(demo, tmp_path):
    verdicts = phase(demo, tmp_path, entrained=["IX Corps", "I Corps"], entrain_first=["XII Corps"],
                     moves=[("IX Corps", "2218"), ("I Corps", "2320")])
    assert verdict_of(verdicts, "XII Corps").legal and verdict_of(verdicts, "IX Corps").legal
    third = verdict_of(verdicts, "I Corps")
    assert third.legal is False and "7.2 D" in third.reason and "XII Corps, IX Corps before it" in third.reason


def test_7_2_d_option_rail_limit_entraining_counts_only_units_entraining(demo, tmp_path):
    charts = with_option(tmp_path, 'rail_limit = "entraining"')
    verdicts = phase(demo, tmp_path, entrained=["IX Corps", "I Corps"], moves=[("IX Corps", "2218"), ("I Corps", "2320")],
                     entrain=["XII Corps"], charts=charts)
    assert verdict_of(verdicts, "XII Corps").legal


def test_7_0_only_the_union_moves_by_rail(demo, tmp_path):
    v = verdict_of(phase(demo, tmp_path, before={"Hood": "1818"}, entrained=["Hood"], moves=[("Hood", "1718")]), "Hood")
    assert v.legal is False and "only Union units move by rail (7.0)" in v.reason


def test_18_1_a_confederate_dummies_never_move_north_of_the_potomac(demo, tmp_path):
    v = verdict_of(phase(demo, tmp_path, moves=[("CSA Dummy 1", "1522")]), "CSA Dummy 1")
    assert v.legal is False and "18.1 A" in v.reason
    v = verdict_of(phase(demo, tmp_path, moves=[("CSA Dummy 1", "1525")]), "CSA Dummy 1")
    assert "18.1 A" not in v.reason


def test_18_1_a_confederate_cavalry_north_of_the_potomac_only_face_up(demo, tmp_path):
    # CSA Cavalry 3 is face-down in the demo's saves (only 1 and 2 are face-up); with Jackson beside it.
    start = tmp_path / "cavalry.vsav"
    write_save(str(start), {"1423": ["Jackson"], "1523": ["CSA Cavalry 3"], "1320": ["CSA Cavalry 1"]}, "cavalry")
    verdicts = phase(demo, tmp_path, start=start, moves=[("CSA Cavalry 3", "1422"), ("CSA Cavalry 1", "1319")])
    v = verdict_of(verdicts, "CSA Cavalry 3")
    assert v.legal is False and "only face-up (18.1 A)" in v.reason
    assert verdict_of(verdicts, "CSA Cavalry 1").legal


def test_18_3_e_militia_never_move_south_of_the_potomac(demo, tmp_path):
    start = tmp_path / "militia.vsav"
    write_save(str(start), {"2022": ["Militia 1", "Pope"]}, "militia")
    v = verdict_of(phase(demo, tmp_path, start=start, moves=[("Militia 1", "2023")]), "Militia 1")
    assert v.legal is False and "18.3 E" in v.reason
    v = verdict_of(phase(demo, tmp_path, start=start, moves=[("Militia 1", "2021")]), "Militia 1")
    assert v.legal


def test_5_0_each_unit_finishes_its_movement_before_the_next_moves(demo, tmp_path):
    verdicts = phase(demo, tmp_path, moves=[("VIII Corps", "2221"), ("IX Corps", "2617"), ("VIII Corps", "2220")])
    first, again = [v for v in verdicts if v.pieces[0] == "VIII Corps"]
    assert first.legal and again.legal is False and "(5.0)" in again.reason
    # Two steps in a row are one movement: the allowance is spent over both.
    verdicts = phase(demo, tmp_path, moves=[("VIII Corps", "2221"), ("VIII Corps", "2220")])
    assert all(v.legal for v in verdicts) and verdicts[-1].allowance == 4


def test_9_1_stacking_penalty_for_infantry_only_or_any_unit_by_option(demo, tmp_path):
    # Face-up Union Cavalry 1 joins Pope at 1926's neighbour: nothing by 9.1, +1 by the TEC's reading.
    moves = [("Union Cavalry 1", "1925")]
    v = verdict_of(phase(demo, tmp_path, before={"Pope": "1925"}, moves=moves), "Union Cavalry 1")
    assert v.cost == 1
    charts = with_option(tmp_path, 'stacking_penalty = "any"')
    v = verdict_of(phase(demo, tmp_path, before={"Pope": "1925"}, moves=moves, charts=charts), "Union Cavalry 1")
    assert v.cost == 2


def test_9_1_c_no_penalty_to_join_infantry_in_a_fortification(demo, tmp_path):
    # I Corps enters Washington West, where VIII Corps stands with its fort: 1 MP; the leave from
    # 2322 (I Corps with the fort there too) costs nothing either.
    v = verdict_of(phase(demo, tmp_path, moves=[("I Corps", "2222")]), "I Corps")
    assert v.legal and v.cost == 1


def test_5_2_h_a_lone_enemy_leader_does_not_stop_a_move(demo, tmp_path):
    # Only enemy combat units and fortifications bar a hex (a reading: 5.2 H names no other);
    # Longstreet alone in 2221 does not.
    v = verdict_of(phase(demo, tmp_path, before={"Longstreet": "2221"}, moves=[("VIII Corps", "2221")]), "VIII Corps")
    assert v.legal and v.cost == 1


def test_14_0_and_5_2_h_a_move_into_a_hex_no_unit_enters_names_why(demo, tmp_path):
    # IX Corps from Baltimore (2618) into the bay (2718); VIII Corps into Hood's hex (2221).
    v = verdict_of(phase(demo, tmp_path, moves=[("IX Corps", "2718")]), "IX Corps")
    assert v.legal is False and v.reason == "2718 is an ocean hex: no unit enters it (14.0)"
    v = verdict_of(phase(demo, tmp_path, before={"Hood": "2221"}, moves=[("VIII Corps", "2221")]), "VIII Corps")
    assert v.legal is False and v.reason.startswith("2221 holds an enemy combat unit or fortification (Hood)")


def test_7_0_a_unit_that_rode_detrains_only_later_or_by_option_at_the_end_of_its_rail_move(demo, tmp_path):
    rode = dict(entrained=["I Corps"], moves=[("I Corps", "1519")], detrain=["I Corps"])
    verdicts = phase(demo, tmp_path, **rode)
    after = verdicts[-1]
    assert after.pieces == ("I Corps",) and after.legal is False and "detraining takes all its MP (7.0)" in after.reason
    verdicts = phase(demo, tmp_path, charts=with_option(tmp_path, 'detrain_after_ride = "yes"'), **rode)
    assert all(v.legal for v in verdicts) and "11.3 C.1" in verdicts[-1].note
