"""The Civil War Regimental Series move check (`check moves` with rules = "cwr"): each test writes a
real log of a Movement Phase on the demo's module, from cwr-demo.vsav with pieces moved before the
phase starts, and judges it, each named after its clause. Hexes in verdicts are the engine's
names (4.06 is VASSAL's A4.06)."""
from fractions import Fraction
from itertools import count

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant_plugins.cwr import plugin
from adjutant_plugins.cwr.charts import CwrCharts
from adjutant_plugins.cwr.demo import CHARTS, DEMO_SAVE
from adjutant_plugins.cwr.demo.module import BOARD_NAME, MAP_NAME
from adjutant_plugins.cwr.move_check import formation_change
from cwr_helpers import Demo, piece_named


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-demo"))


RUNS = count()


def phase(demo, folder, steps, before=None, properties=None, charts=CHARTS):
    """The verdicts of a log from cwr-demo.vsav with pieces moved `before` ({name: hex}) and
    `properties` set, then `steps`: (name, hex) a move, (name, "formation=NEW") a formation change."""
    n = next(RUNS)
    start = demo.position(DEMO_SAVE, folder / f"start-{n}.vsav", moves=before, properties=properties)
    game = adjutant.open_game(str(start), demo.module)
    for name, what in steps:
        if what.startswith("formation="):
            game.set_property(piece_named(game, name).id, "Formation", what.split("=", 1)[1])
        else:
            game.move_piece(piece_named(game, name).id, MAP_NAME, *game.map(MAP_NAME).point_of(what, BOARD_NAME))
    log = folder / f"phase-{n}.vlog"
    game.save_log(str(log))
    context = Context(demo.module, demo.companion, adjutant.open_game(str(log), demo.module), str(log),
                      charts=str(charts))
    return plugin.tasks["moves"].run(context)


def verdicts_of(verdicts, name):
    return [v for v in verdicts if v.pieces[0] == name]


def test_3_0_hex_plus_hexside_cost_and_the_road_rate(demo, tmp_path):
    # Column infantry on the Chambersburg Pike: 1/2 MP a hex, the slope at 3.07/4.07 negated by the road.
    v, = phase(demo, tmp_path, [("14th Tennessee", "A4.07")])
    assert v.legal and v.cost == Fraction(3, 2) and v.path == ["A1.07", "A2.07", "A3.07", "A4.07"]


def test_3_0a_road_rate_only_along_the_road_from_a_road_hex(demo, tmp_path):
    # From 2.08, off the pike: 2.07 costs its terrain (1), then 3.07 and 4.07 along the pike 1/2 each.
    v, = phase(demo, tmp_path, [("14th Tennessee", "A4.07")], before={"14th Tennessee": "A2.08"})
    assert v.legal and v.cost == 2 and v.path == ["A2.08", "A2.07", "A3.07", "A4.07"]


def test_3_1c_line_cavalry_with_2_mp_used_mounts_to_6_used(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("17th Virginia Cavalry", "A2.12"),
                                      ("17th Virginia Cavalry", "formation=mounted"),
                                      ("17th Virginia Cavalry", "A3.12")])
    moved, mounted, again = verdicts_of(verdicts, "17th Virginia Cavalry")
    assert moved.cost == 2 and mounted.legal and "(2 + 1) x 2 = 6 MP used (3.1c)" in mounted.note
    assert again.allowance == 6   # 12 MP mounted, 6 used


def test_3_1c_mounted_cavalry_with_5_mp_used_dismounts_to_4_used(demo, tmp_path):
    charts = CwrCharts.load(CHARTS)
    change = formation_change("cavalry", "mounted", "line", 5, (Fraction(12), Fraction(6)), charts)
    assert change.legal and change.used == 4 and change.cost == 3
    change = formation_change("cavalry", "line", "mounted", 2, (Fraction(6), Fraction(12)), charts)
    assert change.legal and change.used == 6
    # In a log: 8th Illinois (mounted) rides 5 MP, dismounts: 4 used of 6, 2 left.
    verdicts = phase(demo, tmp_path, [("8th Illinois Cavalry", "A11.01"), ("8th Illinois Cavalry", "formation=line"),
                                      ("8th Illinois Cavalry", "A11.02")], before={"8th Illinois Cavalry": "A16.01"})
    rode, dismounted, walked = verdicts_of(verdicts, "8th Illinois Cavalry")
    assert rode.cost == 5 and dismounted.legal and "= 4 MP used" in dismounted.note
    assert walked.allowance == 2


def test_3_1c_a_formation_change_needs_the_mp_left(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("17th Virginia Cavalry", "A3.06"),
                                      ("17th Virginia Cavalry", "formation=mounted")])
    moved, mounted = verdicts_of(verdicts, "17th Virginia Cavalry")
    assert moved.legal and moved.cost == 6
    assert mounted.legal is False and "costs 1 MP with 0 of 6 left (3.1c)" in mounted.reason


def test_3_1_infantry_pays_the_movement_charts_cost_to_change(demo, tmp_path):
    # The demo chart's example: Line -> Column 1 MP; then Column's allowance, 8, less the 1 used.
    verdicts = phase(demo, tmp_path, [("2nd Mississippi", "formation=column"), ("2nd Mississippi", "A2.08")])
    changed, moved = verdicts_of(verdicts, "2nd Mississippi")
    assert changed.legal and changed.cost == 1 and moved.allowance == 7


def test_3_2a_column_units_end_no_move_with_another_combat_unit(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("2nd Mississippi", "formation=column"), ("2nd Mississippi", "A3.10")])
    v = verdicts_of(verdicts, "2nd Mississippi")[-1]
    assert v.legal is False and "(column) ends a move stacked with another combat unit in A3.10 (3.2a)" in v.reason
    # In Line it may stack there (+2 MP to enter the hex, 3.2b).
    v, = phase(demo, tmp_path, [("2nd Mississippi", "A3.10")])
    assert v.legal and v.cost == 3


def test_3_2a_one_limbered_battery_with_unlimbered_artillery_two_only_together(demo, tmp_path):
    away = {"14th Tennessee": "A1.01"}
    v, = phase(demo, tmp_path, [("Marye's Battery", "A3.08")], before=away)
    assert v.legal
    v = verdicts_of(phase(demo, tmp_path, [("Marye's Battery", "A3.08")], before=away,
                          properties={"Pegram's Battery": {"Formation": "limbered"}}), "Marye's Battery")[-1]
    assert v.legal   # two limbered batteries by themselves
    v = verdicts_of(phase(demo, tmp_path, [("Marye's Battery", "A2.06")],
                          before={"Pegram's Battery": "A2.06"}, properties={"Pegram's Battery": {"Formation": "limbered"}}),
                    "Marye's Battery")[-1]
    assert v.legal is False and "two stack only with each other (3.2a)" in v.reason


def test_3_2a_16_strength_points_a_hex(demo, tmp_path):
    # 55th North Carolina (8) joins 2nd Mississippi (6) and 42nd Mississippi (5) in A2.10: 19 SP.
    v, = phase(demo, tmp_path, [("55th North Carolina", "A2.10")], before={"2nd Mississippi": "A2.10"})
    assert v.legal is False and v.reason == ("stacking limit exceeded at the end: 19 sp in A2.10, over the limit of 16: "
                                             "55th North Carolina 8, 42nd Mississippi 5, 2nd Mississippi 6 (3.2a)")


def test_3_2b_plus_2_to_leave_a_hex_the_unit_started_stacked_in(demo, tmp_path):
    # 2nd Mississippi and 42nd Mississippi start in A2.10; 42nd moves off first, then 2nd pays +2 to leave.
    verdicts = phase(demo, tmp_path, [("42nd Mississippi", "A1.09"), ("2nd Mississippi", "A2.09")],
                     before={"2nd Mississippi": "A2.10", "Davis": "A2.08"})
    first, second = verdicts_of(verdicts, "42nd Mississippi")[0], verdicts_of(verdicts, "2nd Mississippi")[0]
    assert first.cost == 4    # 2 hexes + 2 to leave while the other is there (the companion file's stacking)
    assert second.cost == 3 and "started the phase stacked" in second.note


def test_3_2b_leaders_pay_no_stacking_penalty(demo, tmp_path):
    v, = phase(demo, tmp_path, [("Archer", "A2.05")])
    assert v.legal and v.cost == 1


def test_3_4_entering_an_enemy_zone_stops_the_move(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("7th Tennessee", "A4.06"), ("7th Tennessee", "A4.05")])
    entered, again = verdicts_of(verdicts, "7th Tennessee")
    assert entered.legal and again.legal is False and "ceases all movement for the turn (3.4)" in again.reason
    v, = phase(demo, tmp_path, [("14th Tennessee", "A6.08")])
    assert v.legal is False and "enters an enemy zone of control before the end" in v.reason and "(3.4)" in v.reason


def test_3_4_a_unit_leaves_a_zone_it_began_in_into_a_hex_outside_every_zone(demo, tmp_path):
    v, = phase(demo, tmp_path, [("7th Tennessee", "A3.06")], before={"7th Tennessee": "A4.06"})
    assert v.legal
    # Not straight into the next zone hex: round by 3.06, outside every zone, then into 4.05.
    v, = phase(demo, tmp_path, [("7th Tennessee", "A4.05")], before={"7th Tennessee": "A4.06"})
    assert v.legal and v.path == ["A4.06", "A3.06", "A4.05"] and v.cost == 3


def test_3_4_routed_units_have_no_zone(demo, tmp_path):
    routed = {n: {"State_Level": 4} for n in ("19th Indiana", "24th Michigan", "2nd Wisconsin")}
    v, = phase(demo, tmp_path, [("7th Tennessee", "A4.05")], before={"7th Tennessee": "A4.06"}, properties=routed)
    assert v.legal and v.path == ["A4.06", "A4.05"] and v.cost == 1   # straight on: no zone there now


def test_3_5_unlimbered_artillery_limbers_for_3_mp_then_moves_4(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("Pegram's Battery", "formation=limbered"), ("Pegram's Battery", "A2.07")])
    limbered, moved = verdicts_of(verdicts, "Pegram's Battery")
    assert limbered.legal and limbered.cost == 3 and moved.allowance == 4 and moved.legal
    v, = phase(demo, tmp_path, [("Pegram's Battery", "A3.07")])
    assert v.legal is False and "is unlimbered: it limbers first, 3 MP, before it moves (3.5)" in v.reason


def test_3_5_artillery_unlimbers_before_spending_mp_and_never_in_an_enemy_zone(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("Marye's Battery", "A2.07"), ("Marye's Battery", "formation=unlimbered")])
    v = verdicts_of(verdicts, "Marye's Battery")[-1]
    assert v.legal is False and "artillery unlimbers before any MP are expended (3.5)" in v.reason
    v, = phase(demo, tmp_path, [("Marye's Battery", "formation=unlimbered")])
    assert v.legal
    v, = phase(demo, tmp_path, [("Marye's Battery", "formation=unlimbered")], before={"Marye's Battery": "A4.06"})
    assert v.legal is False and "unlimbers in an enemy zone of control in A4.06: never (3.5)" in v.reason


def test_3_5_limbering_in_an_enemy_zone_notes_the_gun_loss_roll(demo, tmp_path):
    v, = phase(demo, tmp_path, [("Pegram's Battery", "formation=limbered")], before={"Pegram's Battery": "A4.06"})
    assert v.legal and "Gun Loss Table" in v.note


def test_3_0b_artillery_and_leaders_never_enter_an_enemy_hex_alone(demo, tmp_path):
    v, = phase(demo, tmp_path, [("Marye's Battery", "A5.06")], before={"Marye's Battery": "A4.07"})
    assert v.legal is False and "(3.0b, 7.2a)" in v.reason
    v, = phase(demo, tmp_path, [("Heth", "A12.07")], before={"Heth": "A12.06"})
    assert v.legal is False and "enter it only with infantry or cavalry (3.0b)" in v.reason


def test_7_0_a_close_combat_is_judged_for_its_entry_terrain_plus_1(demo, tmp_path):
    v, = phase(demo, tmp_path, [("1st Tennessee", "A5.05")])
    assert v.legal and v.cost == 5 and "terrain 1 + 1 MP (7.0)" in v.note
    v, = phase(demo, tmp_path, [("1st Tennessee", "A5.05")], before={"1st Tennessee": "A1.01"})
    assert v.legal is False and "the Close Combat costs" in v.reason and "(3.0c)" in v.reason


def test_3_7_a_move_a_forced_march_would_cover_is_illegal_with_a_note(demo, tmp_path):
    v, = phase(demo, tmp_path, [("14th Tennessee", "A7.01")])
    assert v.legal is False and v.cost == 9 and "a Forced March would allow it (3.7): 1 straggler check" in v.reason
    # Not for a unit in Line, nor one that changed formation (3.7).
    verdicts = phase(demo, tmp_path, [("14th Tennessee", "formation=line"), ("14th Tennessee", "formation=column"),
                                      ("14th Tennessee", "A7.01")])
    assert "Forced March" not in verdicts_of(verdicts, "14th Tennessee")[-1].reason


def test_3_7_forced_march_limit_total_reading(demo, tmp_path):
    text = CHARTS.read_text()
    charts = tmp_path / "charts.toml"
    charts.write_text(text.replace("[options]\n", '[options]\nforced_march_limit = "total"\n', 1))
    v, = phase(demo, tmp_path, [("14th Tennessee", "A7.01")], charts=charts)
    assert v.legal is False and "Forced March" not in v.reason   # 4 MP in all: no help to an 8 MP unit


def test_the_demo_phase_is_judged_by_the_plugin(demo, tmp_path):
    from adjutant_plugins.cwr.move_check import DEMO_PHASE, demo_step
    from adjutant.procedures.demo import DemoWorkspace as Workspace
    ws = Workspace(demo.folder, demo.module, demo.companion)
    demo_step(ws)
    text = (demo.folder / "moves.txt").read_text()
    assert "(3.4)" in text and "(3.2a)" in text and "(3.1c)" in text and "(3.5)" in text
    assert f"{len(DEMO_PHASE)} moves" in text and "MP left" in text and "allowance ┃" not in text


def test_3_2a_a_column_unit_moving_on_through_a_stack_does_not_end_its_move_there(demo, tmp_path):
    # Dragged hex by hex through 55th North Carolina's hex (A3.10) and on: it passes through (3.2a, 3.0d).
    verdicts = phase(demo, tmp_path, [("2nd Mississippi", "formation=column"), ("2nd Mississippi", "A3.10"),
                                      ("2nd Mississippi", "A3.11")])
    changed, through, on = verdicts_of(verdicts, "2nd Mississippi")
    assert through.legal and on.legal, (through.reason, on.reason)
    # Its movement ends where the next unit moves: in the stack, illegal there.
    verdicts = phase(demo, tmp_path, [("2nd Mississippi", "formation=column"), ("2nd Mississippi", "A3.10"),
                                      ("Archer", "A2.05"), ("2nd Mississippi", "A3.11")])
    ended = verdicts_of(verdicts, "2nd Mississippi")[1]
    assert ended.legal is False and "(column) ends a move stacked with another combat unit in A3.10 (3.2a)" in ended.reason


def test_3_7_a_column_dragged_hex_by_hex_past_its_allowance_is_told_of_the_forced_march(demo, tmp_path):
    # 14th Tennessee (Column, 8 MP) one clear hex a step: the 9th MP on is over the allowance (3.0), not a
    # one-hex move (3.0c is for a unit that has not moved); a Forced March covers the 9th to 12th (3.7).
    hexes = ["A9.07", "A9.06", "A9.05", "A9.04", "A9.03", "A9.02", "A9.01", "A10.01", "A10.02", "A10.03",
             "A10.04", "A10.05", "A10.06"]
    verdicts = phase(demo, tmp_path, [("14th Tennessee", h) for h in hexes],
                     before={"14th Tennessee": "A9.08", "1st Tennessee": "A4.05", "7th Tennessee": "A7.05",
                             "Archer": "A16.12"})
    steps = verdicts_of(verdicts, "14th Tennessee")
    assert all(v.legal and v.cost == 1 for v in steps[:8])
    for spent, v in enumerate(steps[8:], start=9):
        assert v.legal is False and "3.0c" not in v.reason
        assert v.reason.startswith(f"costs 1 MP, {spent} this phase, over the allowance of 8 (3.0)"), v.reason
    assert ["1 straggler check for +2" in v.reason for v in steps[8:10]] == [True, True]
    assert ["2 straggler checks for +4" in v.reason for v in steps[10:12]] == [True, True]
    assert "Forced March" not in steps[12].reason   # 13 MP: beyond any forced march


def test_3_1c_a_formation_change_shows_the_mp_left_before_it_as_a_move_does(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("17th Virginia Cavalry", "A2.12"),
                                      ("17th Virginia Cavalry", "formation=mounted"),
                                      ("17th Virginia Cavalry", "A3.12")])
    moved, mounted, again = verdicts_of(verdicts, "17th Virginia Cavalry")
    assert (moved.allowance, mounted.allowance, again.allowance) == (6, 4, 6)   # 6; 6 - 2; 12 mounted - 6 used
    verdicts = phase(demo, tmp_path, [("Pegram's Battery", "formation=limbered")])
    assert verdicts[0].allowance == 7   # limbering is paid from the limbered allowance (3.5)


def test_3_4_a_move_judged_along_another_path_than_the_straight_line_names_it(demo, tmp_path):
    v, = phase(demo, tmp_path, [("7th Tennessee", "A4.05")], before={"7th Tennessee": "A4.06"})
    assert v.legal and v.distance == 1 and "judged along A4.06-A3.06-A4.05, 2 hexes" in v.note
    v, = phase(demo, tmp_path, [("14th Tennessee", "A4.07")])
    assert "judged along" not in v.note   # the straight line


def test_3_2b_the_stacking_penalty_of_a_pass_through_is_named_in_the_verdict(demo, tmp_path):
    # Mounted 17th Virginia Cavalry passes through Pegram's Battery's hex A3.08: +2 to enter it and +2 to
    # leave it (3.2b), each step 1 + 2 = 3 MP; the step over the allowance names its penalty too.
    verdicts = phase(demo, tmp_path, [("17th Virginia Cavalry", "A1.10"), ("17th Virginia Cavalry", "A1.09"),
                                      ("17th Virginia Cavalry", "formation=mounted"),
                                      ("17th Virginia Cavalry", "A2.08"), ("17th Virginia Cavalry", "A3.08"),
                                      ("17th Virginia Cavalry", "A3.07")])
    into, out = verdicts_of(verdicts, "17th Virginia Cavalry")[-2:]
    assert into.legal and into.cost == 3
    assert "+2 MP stacking on A2.08-A3.08: entering A3.08, the hex of Pegram's Battery (3.2b)" in into.note
    assert out.legal is False and out.cost == 3
    assert out.reason.endswith("over the allowance of 12 (3.0); in it +2 MP stacking on A3.08-A3.07: leaving A3.08, "
                               "the hex of Pegram's Battery (3.2b)")
