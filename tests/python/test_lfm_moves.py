"""The Last Full Measure move check (`check moves` with rules = "lfm"): each test writes a real log of
a Movement Phase on the demo's module, from lfm-demo.vsav (or lfm-entry.vsav) with pieces moved and
properties set before the phase starts, and judges it, each named after its clause. Costs are in
the companion file's quarter MP (docs/lfm.md)."""
from itertools import count

import pytest

import adjutant
from adjutant_plugins.lfm import plugin
from adjutant_plugins.lfm.demo import CHARTS, DEMO_SAVE, ENTRY_SAVE
from adjutant_plugins.lfm.demo.module import BOARD_NAME, MAP_NAME
from lfm_helpers import Demo, piece_named

IN_COMMAND = {n: {"Command": "in"} for n in ("14th Tennessee", "7th Tennessee", "1st Tennessee", "2nd Mississippi",
                                             "55th North Carolina")}


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lfm-demo"))


RUNS = count()


def phase(demo, folder, steps, before=None, properties=IN_COMMAND, save=DEMO_SAVE, night=False, turn=None):
    """The verdicts of a log from `save` with pieces moved `before` ({name: hex}) and `properties`
    set, then the (name, hex) moves of `steps`; `turn`: the global property Turn (else the demo's 3)."""
    n = next(RUNS)
    start = demo.position(save, folder / f"start-{n}.vsav", moves=before, properties=properties)
    game = adjutant.open_game(str(start), demo.module)
    if night:
        game.set_global_property("Night", "true")
    if turn is not None:
        game.set_global_property("Turn", turn)
    for name, where in steps:
        game.move_piece(piece_named(game, name).id, MAP_NAME, *game.map(MAP_NAME).point_of(where, BOARD_NAME))
    log = folder / f"phase-{n}.vlog"
    game.save_log(str(log))
    return plugin.tasks["moves"].run(demo.context(log, charts=str(CHARTS)))


def test_1_2_movement_allowance_by_type_in_quarter_mp(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("Heth", "0808"), ("14th Tennessee", "0308")])
    heth, tennessee = verdicts
    assert heth.allowance == 32 and tennessee.allowance == 20 and heth.legal and tennessee.legal
    # the table's MP columns are in quarter MP, and a note under it says so
    assert verdicts.notes == ["MP and MP left are quarter MP (LFM's costs and allowances: 4 quarter MP make 1 MP)"]


def test_1_2_a_move_over_the_allowance_is_refused(demo, tmp_path):
    v, = phase(demo, tmp_path, [("55th North Carolina", "1116")])
    assert v.legal is False and "over the" in v.reason and "(1.2)" in v.reason


def test_2_2_road_rate_a_quarter_mp_a_hex_off_the_zone_of_influence(demo, tmp_path):
    # West along the pike from 0408 to 0108: 3 road hexes, far from every Union unit.
    v, = phase(demo, tmp_path, [("14th Tennessee", "0108")], before={"14th Tennessee": "0408"})
    assert v.legal and v.cost == 3 and v.path == ["0408", "0308", "0208", "0108"]


def test_2_2_no_road_rate_in_a_zone_of_influence(demo, tmp_path):
    # East along the pike from 0808: 0908 and 1008 lie in the Union ZOI: terrain cost, not the road rate.
    v, = phase(demo, tmp_path, [("Heth", "0908")], before={"Heth": "0808"})
    assert v.legal and v.cost == 4


def test_16_3_shattered_or_disorganized_road_rate_half_mp(demo, tmp_path):
    d = dict(IN_COMMAND, **{"14th Tennessee": {"Command": "in", "Disorganized_Level": "2"}})
    v, = phase(demo, tmp_path, [("14th Tennessee", "0108")], before={"14th Tennessee": "0408"}, properties=d)
    assert v.legal and v.cost == 6 and "(16.3)" in v.note


def test_5_2_entering_an_enemy_zoc_stops_the_move(demo, tmp_path):
    entered, again = phase(demo, tmp_path, [("7th Tennessee", "1008"), ("7th Tennessee", "0908")])
    assert entered.legal and again.legal is False and "may move no further (5.2)" in again.reason


def test_5_2_a_zoc_on_the_way_stops_the_move_before_the_end(demo, tmp_path):
    # 1307 lies behind Meredith's and Cutler's line (1107-1109, 1205-1206): Heth's 8 MP reach it only
    # through their ZOC, where he would stop.
    v, = phase(demo, tmp_path, [("Heth", "1307")])
    assert v.legal is False and "enters an enemy ZOC before the end, where it must stop (5.2)" in v.reason
    assert "1207" in v.path


def test_5_3_leaving_an_enemy_zoc_disorganizes_and_the_log_must_show_the_d(demo, tmp_path):
    v, = phase(demo, tmp_path, [("7th Tennessee", "0707")], before={"7th Tennessee": "1008"})
    assert v.legal and "5.3" in v.note and "mark it D (the log does not show the marker)" in v.note
    d = dict(IN_COMMAND, **{"7th Tennessee": {"Command": "in", "Disorganized_Level": "2"}})
    v, = phase(demo, tmp_path, [("7th Tennessee", "0707")], before={"7th Tennessee": "1008"}, properties=d)
    assert v.legal and "the log shows the D marker" in v.note


def test_5_4_from_one_zoc_straight_into_another_stops_and_disorganizes(demo, tmp_path):
    v, = phase(demo, tmp_path, [("7th Tennessee", "1009")], before={"7th Tennessee": "1008"})
    assert v.legal and v.path == ["1008", "1009"] and "5.4" in v.note and "mark it D" in v.note
    again, = phase(demo, tmp_path, [("7th Tennessee", "1009"), ("7th Tennessee", "0909")],
                   before={"7th Tennessee": "1008"})[1:]
    assert again.legal is False and "(5.2)" in again.reason


def test_5_5_no_zoc_after_the_road_rate(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("14th Tennessee", "0308"), ("14th Tennessee", "0909")])
    assert verdicts[0].legal and verdicts[1].legal is False and "(5.5, 2.2)" in verdicts[1].reason


def test_5_7_out_of_command_no_zoc(demo, tmp_path):
    v, = phase(demo, tmp_path, [("7th Tennessee", "1008")], properties={"7th Tennessee": {"Command": "out"}})
    assert v.legal is False and "not in command: it may not enter a ZOC (5.7)" in v.reason


def test_16_4_shattered_no_zoc(demo, tmp_path):
    s = dict(IN_COMMAND, **{"7th Tennessee": {"Command": "in", "Shattered_Level": "2"}})
    v, = phase(demo, tmp_path, [("7th Tennessee", "1008")], properties=s)
    assert v.legal is False and "(16.4)" in v.reason


def test_23_2_no_zoc_at_night(demo, tmp_path):
    v, = phase(demo, tmp_path, [("7th Tennessee", "1008")], night=True)
    assert v.legal is False and "at night (23.2)" in v.reason


def test_23_3_a_unit_leaving_a_zoc_at_night_is_not_disorganized(demo, tmp_path):
    # The 19th Indiana starts the night turn in 0809, in the Confederate ZOC, and retreats to 1009.
    props = dict(IN_COMMAND, **{"19th Indiana": {"Command": "in"}})
    v, = phase(demo, tmp_path, [("19th Indiana", "1009")], before={"19th Indiana": "0809"}, properties=props,
               night=True)
    assert v.legal and "23.3" in v.note and "does not become disorganized" in v.note and "5.3" not in v.note



def test_23_3_a_retreat_dragged_in_two_steps_is_one_retreat_of_two_hexes(demo, tmp_path):
    # 0809 -> 0909 -> 1009 cross-country: two hexes in two drags, legal; a third hex off the roads is
    # no longer the retreat (23.3 gives no length: one or two hexes, as 10.1 and 11.1).
    props = dict(IN_COMMAND, **{"19th Indiana": {"Command": "in"}})
    first, second = phase(demo, tmp_path, [("19th Indiana", "0909"), ("19th Indiana", "1009")],
                          before={"19th Indiana": "0809"}, properties=props, night=True)
    assert first.legal and second.legal, second.reason
    one, two = phase(demo, tmp_path, [("19th Indiana", "1009"), ("19th Indiana", "1110")],
                     before={"19th Indiana": "0809"}, properties=props, night=True)
    assert one.legal and two.legal is False and "(23.6)" in two.reason
    assert "first 2 hexes of a retreat out of an enemy ZOC (23.3" in two.reason


def test_23_6_at_night_only_movement_along_roads(demo, tmp_path):
    # 1206-1205-1304-1404: after the trail, every hex is off the roads.
    v, = phase(demo, tmp_path, [("76th New York", "1404")], night=True)
    assert v.legal is False and "(23.6)" in v.reason
    road, = phase(demo, tmp_path, [("14th Tennessee", "0108")], before={"14th Tennessee": "0408"}, night=True)
    assert road.legal and road.path == ["0408", "0308", "0208", "0108"]


def test_4_1_one_brigade_a_hex_the_excess_eliminated_at_the_end_4_5(demo, tmp_path):
    v, = phase(demo, tmp_path, [("2nd Mississippi", "0707")])
    # Archer's 1st and 7th Tennessee (8 SP) with Davis's 2nd Mississippi (5 SP): two brigades.
    assert v.legal is False and "(4.1: 16 SP of infantry or cavalry of the same brigade (option stacking_brigades = \"one\"))" in v.reason
    assert "4.5: 2nd Mississippi (5 SP) eliminated" in v.reason
    # Passing through is free of the limits (1.3): moving on, it ends elsewhere.
    through, on = phase(demo, tmp_path, [("2nd Mississippi", "0707"), ("2nd Mississippi", "0607")])
    assert through.legal and on.legal


def test_1_4_unlimbered_artillery_may_not_move(demo, tmp_path):
    v, = phase(demo, tmp_path, [("Pegram's Battery", "0508")])
    assert v.legal is False and v.reason == "Pegram's Battery is unlimbered: unlimbered artillery may not move (1.4)"
    limbered = dict(IN_COMMAND, **{"Pegram's Battery": {"Mode": "limbered"}})
    v, = phase(demo, tmp_path, [("Pegram's Battery", "0508")], properties=limbered)
    assert v.legal


def test_4_5_the_excess_is_charged_to_the_move_that_broke_the_limit(demo, tmp_path):
    # 1107 holds Meredith's 19th Indiana and 24th Michigan (8 and 5 SP). Hall's Battery (7 SP,
    # alone within 4.2) moves in first, then the 2nd Wisconsin (8 SP): 21 SP of one brigade.
    battery, wisconsin = phase(demo, tmp_path, [("Hall's Battery", "1107"), ("2nd Wisconsin", "1107")],
                               properties={"Hall's Battery": {"Mode": "limbered"}, "19th Indiana": {"SP": "8"},
                                           "2nd Wisconsin": {"SP": "8"}})
    assert battery.legal and battery.reason == ""
    assert wisconsin.legal is False and "4.5: 24th Michigan (5 SP) eliminated" in wisconsin.reason


def test_sequence_of_play_a_move_of_the_other_side_is_noted(demo, tmp_path):
    heth, wisconsin = phase(demo, tmp_path, [("Heth", "0808"), ("6th Wisconsin", "1112")])
    assert "phasing" not in heth.note
    assert "a Union move in the Confederate Movement Phase" in wisconsin.note and "phasing player" in wisconsin.note


def test_26_5_entering_stacks_count_the_first_hex_20_19_18_road_mp(demo, tmp_path):
    verdicts = phase(demo, tmp_path, [("2nd Mississippi", "0408"), ("42nd Mississippi", "0408"),
                                      ("55th North Carolina", "0108")], save=ENTRY_SAVE, properties=None)
    assert [v.allowance for v in verdicts] == [20, 19, 18]
    assert [v.cost for v in verdicts] == [4, 4, 1] and all(v.legal for v in verdicts)
    assert verdicts[0].start == "0108 (entering)" and "26.5" in verdicts[1].note


def test_the_demo_phase_is_judged_by_the_plugin(demo, tmp_path):
    from adjutant.procedures.demo import DemoWorkspace as Workspace
    from adjutant_plugins.lfm.move_check import DEMO_PHASE, demo_step
    demo_step(Workspace(demo.folder, demo.module, demo.companion))
    text = (demo.folder / "moves.txt").read_text()
    assert f"{len(DEMO_PHASE)} moves" in text and "(5.2)" in text and "(5.5, 2.2)" in text
    assert "4.1" in text and "(16.3)" in text


def test_26_5_a_stack_enters_with_its_slowest_unit_and_the_figures_count_the_entry_hex(demo, tmp_path):
    # Davis waits with the 2nd Mississippi in the Reinforcements box: his stack moves at its 5 MP.
    davis, mississippi, forty_second, carolina = phase(
        demo, tmp_path, [("Davis", "2008"), ("2nd Mississippi", "2008"), ("42nd Mississippi", "1908"),
                         ("55th North Carolina", "1908")],
        before={"8th Illinois Cavalry": "2016", "Buford": "2016"}, save=ENTRY_SAVE, properties=None)
    assert davis.allowance == mississippi.allowance == 20 and "5 MP is 20 road MP" in davis.note
    assert forty_second.legal and (forty_second.allowance, forty_second.cost) == (19, 19)
    assert carolina.legal is False and (carolina.allowance, carolina.cost) == (18, 19)
    assert carolina.reason.startswith("costs 19 quarter MP, over the 18 left") and "26.7" not in carolina.reason


# 26.7: Davis's brigade arrives on turn 3 (its counters' Arrives); Buford's cavalry in 0208 puts the
# Chambersburg Pike's entry hex 0108 in its ZOC. 0103 is 5 clear hexes up the map edge from 0108:
# 21 quarter MP from there, over an MA of 20.
BLOCKED = {"8th Illinois Cavalry": "0208", "Buford": "0208"}


def test_26_7_a_delayed_stack_enters_up_to_5_hexes_away_a_turn_delayed(demo, tmp_path):
    v, = phase(demo, tmp_path, [("42nd Mississippi", "0103")], before=BLOCKED, save=ENTRY_SAVE, properties=None,
               turn="4")
    assert v.legal, v.reason
    # The cheapest way within 5 edge hexes of 0108: entering by 0103 itself, 4 quarter MP.
    assert v.start == "0103 (entering)" and v.cost == 4
    assert "5 hexes from the Chambersburg Pike entry (0108), within 5 after 1 turn(s) delayed" in v.note
    assert "0108 is blocked now" in v.note


def test_26_7_no_further_than_the_turns_delayed_allow(demo, tmp_path):
    # 0401 on the north edge, in woods: 9 hexes from 0108; beyond a 5 MP move from every edge hex
    # within 5 of 0108.
    one, two = (phase(demo, tmp_path, [("42nd Mississippi", "0401")], before=BLOCKED, save=ENTRY_SAVE,
                      properties=None, turn=turn)[0] for turn in ("4", "5"))
    assert one.legal is False and "up to 5 hexes from it after 1 turn(s) delayed (26.7)" in one.reason
    assert two.legal and two.start == "0401 (entering)" and two.cost == 8
    assert "9 hexes from the Chambersburg Pike entry (0108), within 10 after 2" in two.note


def test_26_7_on_its_ooa_turn_a_stack_enters_by_its_entry_hex(demo, tmp_path):
    v, = phase(demo, tmp_path, [("42nd Mississippi", "0103")], save=ENTRY_SAVE, properties=None)
    assert v.legal is False and v.start == "0108 (entering)" and "over the 20 left" in v.reason
    assert "needs a delayed entry (26.7)" in v.reason


def test_26_7_without_the_turn_the_delay_is_the_stated_condition(demo, tmp_path):
    v, = phase(demo, tmp_path, [("42nd Mississippi", "0103")], save=ENTRY_SAVE, properties=None, turn="")
    assert v.legal and "legal only as a delayed entry, 1 turn(s) or more after its OOA turn" in v.note
    assert "0108 is not blocked now" in v.note
    within, = phase(demo, tmp_path, [("42nd Mississippi", "0104")], save=ENTRY_SAVE, properties=None, turn="")
    assert within.legal and within.start == "0108 (entering)" and "26.7" not in within.note


def test_26_7_a_stack_enters_by_one_hex_with_its_slowest_units_allowance(demo, tmp_path):
    # Davis (8 MP alone) and the 2nd Mississippi wait together: dragged one by one, they enter by one
    # hex, chosen with the stack's 5 MP.
    davis, mississippi = phase(demo, tmp_path, [("Davis", "0102"), ("2nd Mississippi", "0102")], before=BLOCKED,
                               save=ENTRY_SAVE, properties=None, turn="4")
    assert davis.legal and mississippi.legal, (davis.reason, mississippi.reason)
    assert davis.start == mississippi.start and davis.allowance == mississippi.allowance == 20


def test_26_5_a_delayed_entry_elsewhere_is_not_in_the_roads_column(demo, tmp_path):
    davis, mississippi, forty_second = phase(
        demo, tmp_path, [("Davis", "0102"), ("2nd Mississippi", "0102"), ("42nd Mississippi", "2008")],
        before={"8th Illinois Cavalry": "2016", "Buford": "2016"}, save=ENTRY_SAVE, properties=None, turn="4")
    assert davis.start != "0108 (entering)"
    assert forty_second.legal and forty_second.start == "0108 (entering)" and forty_second.allowance == 20


def test_5_2_an_entry_hex_in_an_enemy_zoc_stops_the_stack_there(demo, tmp_path):
    props = {"42nd Mississippi": {"Command": "in"}}
    on, = phase(demo, tmp_path, [("42nd Mississippi", "0308")], before=BLOCKED, save=ENTRY_SAVE, properties=props)
    assert on.legal is False and "the entry hex 0108 is in an enemy ZOC: a stack entering it stops there (5.2)" \
        in on.reason and "5.3" not in on.note
    stopped, further = phase(demo, tmp_path, [("42nd Mississippi", "0108"), ("42nd Mississippi", "0208")],
                             before=BLOCKED, save=ENTRY_SAVE, properties=props)
    assert stopped.legal and further.legal is False and "(5.2)" in further.reason


def test_5_7_out_of_command_reinforcements_do_not_enter_a_zoc(demo, tmp_path):
    v, = phase(demo, tmp_path, [("42nd Mississippi", "0108")], before=BLOCKED, save=ENTRY_SAVE, properties=None)
    assert v.legal is False and "not in command: it may not enter a ZOC (5.7)" in v.reason


def test_26_1_reinforcements_do_not_enter_before_their_turn(demo, tmp_path):
    v, = phase(demo, tmp_path, [("42nd Mississippi", "0308")], save=ENTRY_SAVE, properties=None, turn="2")
    assert v.legal is False and "arrive on turn 3 (26.1)" in v.reason


def test_26_5_the_entry_counts_in_the_mp_of_later_drags(demo, tmp_path):
    # The 42nd Mississippi, stack 2 of the pike's column (19 road MP), enters by 0108 and goes on in
    # a second drag: the first drag's MP, the entry hex's included, are spent.
    before = {"8th Illinois Cavalry": "2016", "Buford": "2016"}
    _, first, second = phase(demo, tmp_path, [("2nd Mississippi", "0208"), ("42nd Mississippi", "1008"),
                                              ("42nd Mississippi", "2008")], before=before, save=ENTRY_SAVE,
                             properties=None)
    assert first.legal and (first.allowance, first.cost) == (19, 10)
    assert second.legal is False and second.allowance == 9 and "over the 9 left" in second.reason



def test_26_7_a_delayed_entry_at_night_by_another_road(demo, tmp_path):
    # Delayed a turn, the stack enters by the Fairfield Road's edge hex 0113 (5 hexes from 0108) and
    # follows the road: legal at night (23.6), where a walk along the map edge would not be.
    v, = phase(demo, tmp_path, [("42nd Mississippi", "0413")], before=BLOCKED, save=ENTRY_SAVE, properties=None,
               turn="4", night=True)
    assert v.legal, v.reason
    assert v.start == "0113 (entering)" and v.path == ["0113", "0213", "0313", "0413"]
