"""The cwr command procedures (3.6, 3.7, 9.1-11.0) through the demo's module and saves: positions
made from the demo save, the procedures run with given rolls, the report's data and the written
save checked."""
import math
from fractions import Fraction

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.kept import KeptValueError
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.cwr.army import ArmyError
from adjutant_plugins.cwr.demo import CHARTS
from adjutant_plugins.cwr.demo.module import ORDER_LOG
from adjutant_plugins.cwr.order_log import format_log, parse_log
from cwr_helpers import Demo, lines, piece_named


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-command"))


def with_options(tmp_path, **options):
    path = tmp_path / "charts.toml"
    path.write_text(CHARTS.read_text() + "".join(f'{k} = "{v}"\n' for k, v in options.items()))
    return path


def verdicts(report):
    return {l.data["unit"]: l.data for l in lines(report) if "in_command" in l.data and "role" in l.data}


# ---- 9.3 Command Radius ----

def test_9_3_units_within_radius_of_their_leader_by_the_engines_path(demo):
    report, _ = demo.run("cwr-demo.vsav", "command", side="Union")
    found = verdicts(report)
    assert found["Meredith"]["in_command"] and found["Meredith"]["source"] == "Wadsworth"
    assert found["Meredith"]["mp"] == 1.5 and found["Meredith"]["radius"] == 8   # road 1/2 + clear 1
    assert found["Wadsworth"]["source"] == "I Corps HQ" and found["Wadsworth"]["radius"] == 12
    assert found["19th Indiana"]["radius"] == 6 and found["19th Indiana"]["mp"] == 1
    assert "8th Illinois Cavalry" not in found   # no leader of its brigade in the game: not judged


def test_9_3_beyond_the_radius_is_out_of_command(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "far.vsav", moves={"Meredith": "A9.12", "19th Indiana": "A9.02"})
    found = verdicts(demo.run(save, "command", side="Union")[0])
    assert not found["19th Indiana"]["in_command"] and found["19th Indiana"]["mp"] is None
    assert not found["Meredith"]["in_command"]   # 10 MP from Wadsworth, beyond 8


def test_9_3_an_enemy_unit_blocks_the_path_and_a_longer_one_is_measured(demo, tmp_path):
    open_path = verdicts(demo.run("cwr-demo.vsav", "command", side="Union")[0])["Stevens's Battery"]
    save = demo.position("cwr-demo.vsav", tmp_path / "blocked.vsav", moves={"Marye's Battery": "A9.07"})
    blocked = [l for l in lines(demo.run(save, "command", side="Union")[0])
               if l.data.get("unit") == "Stevens's Battery" and l.data.get("source") == "Wadsworth"]
    assert open_path["mp"] == 2.5
    assert all("A9.07" not in l.text for l in blocked)
    assert [l.data["mp"] for l in blocked if "mp" in l.data and l.data["mp"] is not None][-1] > 2.5


def test_9_3_adjacent_to_a_unit_of_its_brigade_in_radius_option_direct_and_chain(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "adjacent.vsav", moves={
        "Meredith": "A9.12", "19th Indiana": "A8.11", "2nd Wisconsin": "A7.11", "24th Michigan": "A6.11"})
    direct = verdicts(demo.run(save, "command", side="Union")[0])
    assert direct["19th Indiana"]["in_command"] and direct["19th Indiana"]["via"] is None
    assert direct["2nd Wisconsin"]["in_command"] and direct["2nd Wisconsin"]["via"] == "19th Indiana"
    assert not direct["24th Michigan"]["in_command"]
    chain = verdicts(demo.run(save, "command", side="Union",
                              charts=with_options(tmp_path, adjacent_in_radius="chain"))[0])
    assert chain["24th Michigan"]["in_command"] and chain["24th Michigan"]["via"] == "2nd Wisconsin"


def test_9_3_option_battery_radius_combat_reads_6_mp_from_a_division_leader(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "battery.vsav", moves={"Stevens's Battery": "A13.07"})
    source = verdicts(demo.run(save, "command", side="Union")[0])["Stevens's Battery"]
    combat = verdicts(demo.run(save, "command", side="Union",
                               charts=with_options(tmp_path, battery_radius="combat"))[0])["Stevens's Battery"]
    assert source["in_command"] and source["source"] == "Wadsworth" and source["radius"] == 8
    assert combat["radius"] == 6


# ---- 10.1-10.2 orders, kept in the game's Order Log ----

def order_log(game):
    return game.global_property(ORDER_LOG)


def with_globals(demo, save, out, **values):
    """A copy of `save` with global properties set (OrderLog=..., Turn=...)."""
    game = demo.game(save)
    for name, value in values.items():
        game.set_global_property(name, str(value))
    game.save(str(out))
    return out


def written(game, out):
    game.save(str(out))
    return out


def sent(report):
    """The delivery line of a sent order's report: its MP, path and destination."""
    return next(l.data for l in lines(report) if "path" in l.data)


# Meade (the Union Army Commander) and the Army of the Potomac HQ are in A14.10, I Corps HQ in A12.07.
FAR = {"Meade": "A16.12", "Army of the Potomac HQ": "A16.12", "I Corps HQ": "A6.08"}


def test_10_1_delivery_a_turn_per_10_mp_of_the_path_kept_with_its_arrival_turn(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "courier.vsav", moves=FAR)
    report, game = demo.run(save, "orders", command="Meredith's Brigade", sender="Meade", method="oral")
    mp = sent(report)["mp"]
    turns = next(l.data["turns"] for l in lines(report) if "turns" in l.data)
    assert mp > 10 and turns == math.ceil(mp / 10)
    # the demo log's Union orders are 1 and 2 (Cutler's): this one is 3, arriving turns after turn 4
    assert order_log(game) == ("Cutler's Brigade = A 1WC, P 2WC T4 Meade; "
                               f"Meredith's Brigade = P 3OC T{4 + turns} Meade")


def test_10_1_orders_are_issued_by_the_army_commander(demo):
    with pytest.raises(ArmyError, match=r"Wadsworth is not the Union Army Commander \(Meade\).*\(10\.1\)"):
        demo.run("cwr-demo.vsav", "orders", command="Meredith's Brigade", sender="Wadsworth")
    with pytest.raises(ArmyError, match=r"Cutler is not the Union Army Commander"):
        demo.run("cwr-demo.vsav", "orders-odds", command="Cutler's Brigade", sender="Cutler")
    report, game = demo.run("cwr-demo.vsav", "orders", command="Meredith's Brigade", sender="Meade")
    assert sent(report) and order_log(game).endswith("Meredith's Brigade = P 3WC T5 Meade")


def test_10_1_the_order_rides_from_the_army_hq_to_the_command_hq_not_to_its_leader(demo):
    # Meredith's Brigade is part of I Corps: it has no HQ of its own, the corps HQ governs it (9.2)
    report, _ = demo.run("cwr-demo.vsav", "orders", command="Meredith's Brigade", sender="Meade")
    delivery = sent(report)
    assert delivery["destination"] == "I Corps HQ"
    assert delivery["path"][0] == "A14.10" and delivery["path"][-1] == "A12.07"
    assert any(l.data.get("hq") == "I Corps HQ" for l in lines(report))


def test_10_1_without_a_command_hq_on_the_map_the_delivery_goes_to_the_leader_said_so(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "no-hq.vsav", properties={"I Corps HQ": {"Corps": "XI Corps"}})
    report, _ = demo.run(save, "orders", command="Meredith's Brigade", sender="Meade")
    assert sent(report)["destination"] == "Meredith" and sent(report)["path"][-1] == "A5.06"
    assert any("has no HQ counter in the game: the delivery is measured to its leader Meredith" in l.text
               for l in lines(report))


def test_10_1a_orders_are_sent_only_when_stacked_with_the_army_hq(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "away.vsav", moves={"Meade": "A12.07"})
    with pytest.raises(ArmyError, match=r"only when stacked with the Army HQ \(10\.1a\)"):
        demo.run(save, "orders", command="Meredith's Brigade", sender="Meade", method="written")


def test_10_1_in_person_needs_the_leaders_hex_away_from_the_army_hq(demo, tmp_path):
    with pytest.raises(ArmyError, match=r"Meade is in A14\.10, Meredith in A5\.06: .*same hex as the Leader"):
        demo.run("cwr-demo.vsav", "orders", command="Meredith's Brigade", sender="Meade", method="in person")
    with_hq = demo.position("cwr-demo.vsav", tmp_path / "with-hq.vsav",
                            moves={"Meade": "A5.06", "Army of the Potomac HQ": "A5.06"})
    with pytest.raises(ArmyError, match=r"may not be given in the Army HQ's hex \(10\.1\)"):
        demo.run(with_hq, "orders", command="Meredith's Brigade", sender="Meade", method="in person")
    stacked = demo.position("cwr-demo.vsav", tmp_path / "in-person.vsav", moves={"Meade": "A5.06"})
    report, game = demo.run(stacked, "orders", command="Meredith's Brigade", sender="Meade", method="in person")
    assert [l.data["turns"] for l in lines(report) if "turns" in l.data] == [0]
    assert order_log(game).endswith("Meredith's Brigade = P 3IP-C T4 Meade")


def test_10_1_a_leader_cannot_give_himself_an_order(demo):
    with pytest.raises(ArmyError, match=r"Cutler is not the Union Army Commander \(Meade\) and leads the command: a "
                                        r"leader cannot give himself an order"):
        demo.run("cwr-demo.vsav", "orders", command="Cutler's Brigade", sender="Cutler", method="in person")


def test_10_1_an_order_is_checked_only_in_the_turn_it_arrives(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "courier.vsav", moves=FAR)
    _, game = demo.run(save, "orders", command="Meredith's Brigade", sender="Meade")
    sent_save = written(game, tmp_path / "sent.vsav")
    with pytest.raises(ValueError, match="arrives in turn [56]"):
        demo.run(sent_save, "orders", command="Meredith's Brigade", step="accept")
    arrived = with_globals(demo, sent_save, tmp_path / "arrived.vsav", Turn=9)
    report, _ = demo.run(arrived, "orders", command="Meredith's Brigade", step="accept")
    assert report.rolls and any("value" in l.data for l in lines(report))


def test_10_2_acceptance_roll_on_the_acceptance_value_column_written_to_the_order_log(demo):
    # Meade 2 + Cutler 3 + written 1 + complex 0 = 6: column 5-6; 2d6 3 reads D6 (the demo chart).
    # The demo save's Order Log: Cutler holds order 1 (WC); order 2 (WC) from Meade arrives in turn 4.
    report, game = demo.run("cwr-demo.vsav", "orders", command="Cutler's Brigade", step="accept",
                            rolls=["*acceptance*=3"])
    data = [l.data for l in lines(report)]
    assert {"value": 6} in data
    assert any(d.get("result") == "D6" and d.get("roll") == 3 for d in data)
    assert any(d.get("orders") == "Accepted: order 1 (WC); in Delay (D6): order 2 (WC)" for d in data)
    assert order_log(game) == "Cutler's Brigade = A 1WC, D 2WC D6 T4"   # the Delay's turn kept


def test_10_2_delay_reduction_reads_the_delay_the_last_run_kept(demo, tmp_path):
    _, game = demo.run("cwr-demo.vsav", "orders", command="Cutler's Brigade", step="accept", rolls=["*acceptance*=3"])
    delayed = with_globals(demo, written(game, tmp_path / "delayed4.vsav"), tmp_path / "delayed.vsav", Turn=5)
    kept, still = demo.run(delayed, "orders", command="Cutler's Brigade", step="reduce", rolls=["*delay*=4"])
    lifted, accepted = demo.run(delayed, "orders", command="Cutler's Brigade", step="reduce", rolls=["*delay*=6"])
    # the demo chart's D6 column lifts the delay on a 6 only
    assert [l.data["lifted"] for l in lines(kept) if "lifted" in l.data] == [False]
    assert order_log(still) == "Cutler's Brigade = A 1WC, D 2WC D6 T5"   # the roll's turn kept
    assert [l.data["lifted"] for l in lines(lifted) if "lifted" in l.data] == [True]
    assert order_log(accepted) == "Cutler's Brigade = A 2WC"
    with pytest.raises(ValueError, match="no order in Delay"):
        demo.run(written(accepted, tmp_path / "accepted.vsav"), "orders", command="Cutler's Brigade", step="reduce")


def test_10_2_delay_reduction_only_in_each_subsequent_command_phase(demo, tmp_path):
    # "A Delayed order can become Accepted by making a Delay Reduction die roll in each subsequent
    # Command Phase": not in the Delay's own Command Phase, and one roll a phase.
    _, game = demo.run("cwr-demo.vsav", "orders", command="Cutler's Brigade", step="accept", rolls=["*acceptance*=3"])
    same_turn = written(game, tmp_path / "delayed4.vsav")
    with pytest.raises(ArmyError, match=r"no Delay Reduction roll in turn 4: order 2 went into Delay \(D6\) or had "
                                        r"its Delay Reduction roll in turn 4.*each subsequent Command Phase \(10\.2\), "
                                        r"the next in turn 5"):
        demo.run(same_turn, "orders", command="Cutler's Brigade", step="reduce", rolls=["*delay*=6"])
    turn5 = with_globals(demo, same_turn, tmp_path / "turn5.vsav", Turn=5)
    failed, game = demo.run(turn5, "orders", command="Cutler's Brigade", step="reduce", rolls=["*delay*=1"])
    assert [l.data["lifted"] for l in lines(failed) if "lifted" in l.data] == [False]
    rolled5 = written(game, tmp_path / "rolled5.vsav")
    with pytest.raises(ArmyError, match=r"no Delay Reduction roll in turn 5: .* the next in turn 6"):
        demo.run(rolled5, "orders", command="Cutler's Brigade", step="reduce", rolls=["*delay*=6"])
    turn6 = with_globals(demo, rolled5, tmp_path / "turn6.vsav", Turn=6)
    _, accepted = demo.run(turn6, "orders", command="Cutler's Brigade", step="reduce", rolls=["*delay*=6"])
    assert order_log(accepted) == "Cutler's Brigade = A 2WC"


def test_10_2_optional_distorted_lockout_kept_until_a_6(demo, tmp_path):
    charts = with_options(tmp_path, distorted_lockout="on")
    save = with_globals(demo, "cwr-demo.vsav", tmp_path / "locked.vsav",
                        OrderLog="Cutler's Brigade = A 1WC, L, P 2WC T4 Meade")
    thrown, game = demo.run(save, "orders", command="Cutler's Brigade", step="accept", charts=charts)
    assert thrown.rolls == [] and order_log(game) == "Cutler's Brigade = A 1WC, L"
    locked = written(game, tmp_path / "thrown.vsav")
    _, still = demo.run(locked, "orders", command="Cutler's Brigade", step="reduce", charts=charts, rolls=["*=5"])
    _, ended = demo.run(locked, "orders", command="Cutler's Brigade", step="reduce", charts=charts, rolls=["*=6"])
    assert order_log(still) == "Cutler's Brigade = A 1WC, L T4" and order_log(ended) == "Cutler's Brigade = A 1WC"
    # "Make one roll per turn"
    with pytest.raises(ArmyError, match=r"lockout had its roll in turn 4: one roll per turn"):
        demo.run(written(still, tmp_path / "still.vsav"), "orders", command="Cutler's Brigade", step="reduce",
                 charts=charts, rolls=["*=6"])


def test_10_2_a_module_without_the_order_log_property_is_refused(demo, tmp_path):
    text = (demo.folder / "companion.toml").read_text().replace('order_log = "OrderLog"', "")
    (tmp_path / "companion.toml").write_text(text)
    companion = adjutant.open_companion(str(tmp_path / "companion.toml"), demo.module)
    game = demo.game("cwr-demo.vsav")
    context = Context(demo.module, companion, game, str(demo.path("cwr-demo.vsav")), charts=str(CHARTS),
                      rolls=Rolls(1))
    task = demo.plugin.tasks["orders"]
    for step in ("accept", "reduce"):
        with pytest.raises(KeptValueError, match=r"\[globals\] order_log"):
            task.run(context, **task.arguments({"command": "Cutler's Brigade", "step": step}))
    task = demo.plugin.tasks["initiative"]
    with pytest.raises(KeptValueError, match=r"\[globals\] order_log"):
        task.run(context, **task.arguments({"command": "Archer's Brigade"}))


def test_10_2_the_order_log_text_reads_back_as_written():
    text = ("Cutler's Brigade = A 1WC, D 2OS D5 T4, L, P 4IP-C T6 Wadsworth; Meredith's Brigade = A 3I-C, "
            "D 5WS D4, L T3; initiative 4 = III Corps: Archer's Brigade, III Corps: Heth's Division")
    log = parse_log(text, "test")
    assert log.of("Cutler's Brigade").delay == "D5" and log.of("Cutler's Brigade").locked
    assert log.of("Cutler's Brigade").delay_turn == 4 and log.of("Cutler's Brigade").lockout_turn is None
    assert log.of("Meredith's Brigade").delay_turn is None and log.of("Meredith's Brigade").lockout_turn == 3
    assert log.on_the_way("Cutler's Brigade")[0].arrives == 6 and log.attempts_in(4) == [
        ("III Corps", "Archer's Brigade"), ("III Corps", "Heth's Division")] and log.attempts_in(5) == []
    assert format_log(log) == text
    with pytest.raises(ValueError, match="OrderLog holds \"Cutler's Brigade = A 1XX\""):
        parse_log("Cutler's Brigade = A 1XX", "OrderLog")


def test_10_2_odds_of_each_acceptance_result_sum_to_one(demo):
    report, _ = demo.run("cwr-demo.vsav", "orders-odds", command="Cutler's Brigade", sender="Meade")
    acceptance = [l.data["chance"] for l in lines(report, "Acceptance") if "chance" in l.data]
    initiative = [l.data["chance"] for l in lines(report, "Initiative") if "chance" in l.data]
    assert sum(acceptance) == 1 and sum(initiative) == 1 and len(acceptance) == 5
    assert acceptance[-1] == 0   # value 6: no Dt in column 5-6 of the demo chart


# ---- 10.3 Stoppage, 10.4 Emergency Retreat ----

def test_10_3_stoppage_below_the_minimum_and_the_night_modifier(demo):
    # Cutler's brigade: 3 regiments, 2 wrecked (5.9: 3 of 6 SP, 2 of 5), rating 3: column 4, minimum 9.
    # The wrecked save's Order Log: Cutler holds an Accepted Complex order.
    passed, kept = demo.run("cwr-wrecked.vsav", "stoppage", command="Cutler's Brigade", rolls=["*stoppage*=9"])
    night, cancelled = demo.run("cwr-wrecked.vsav", "stoppage", command="Cutler's Brigade", night="true",
                                rolls=["*stoppage*=9"])
    check = lambda r: next(l.data for l in lines(r) if "stopped" in l.data)
    assert check(passed)["minimum"] == 9 and not check(passed)["stopped"]
    assert order_log(kept) == "Cutler's Brigade = A 1WC"
    assert check(night)["total"] == 6 and check(night)["stopped"]
    assert order_log(cancelled) == ""   # 10.3: all its orders cancelled


def test_10_3_no_check_without_an_accepted_complex_order_in_the_order_log(demo, tmp_path):
    save = with_globals(demo, "cwr-wrecked.vsav", tmp_path / "simple.vsav", OrderLog="Cutler's Brigade = A 1WS")
    report, _ = demo.run(save, "stoppage", command="Cutler's Brigade")
    assert report.rolls == [] and "no Accepted Complex order" in lines(report)[-1].text


def test_10_4_forced_retreat_checks_table_1_plus_one_and_writes_the_losses(demo, tmp_path):
    # III Corps (its HQ: III Corps HQ): every regiment checks. 2nd Mississippi (B): d6 4 +1 = 5 reads 1 SP
    # on the demo's Table 1 (4 alone reads 0); the others lose none.
    rolls = ["*2nd Mississippi=4", "*42nd Mississippi=1", "*55th North Carolina=1", "*1st Tennessee=1",
             "*7th Tennessee=1", "*14th Tennessee=1"]
    report, game = demo.run("cwr-demo.vsav", "emergency-retreat", command="III Corps", event="displaced",
                            rolls=rolls)
    assert piece_named(game, "2nd Mississippi").properties["SP"] == "5"
    assert piece_named(game, "55th North Carolina").properties["SP"] == "8"
    assert any("III Corps HQ moves 12 MP away" in l.text for l in lines(report))
    voluntary, _ = demo.run("cwr-demo.vsav", "emergency-retreat", command="III Corps", rolls=rolls)
    assert [l.data["sp_lost"] for l in lines(voluntary) if "sp_lost" in l.data][-1] == 0
    assert [(q.of, q.value) for q in report.quantities() if q.name == "SP lost" and q.of in ("", "III Corps")] == [
        ("III Corps", 1)]   # the command's total


def test_10_4_only_a_command_with_a_hq_executes_an_emergency_retreat(demo):
    # "Any command with a HQ may execute an ER": Cutler's Brigade has none of its own; I Corps HQ governs it (9.2).
    with pytest.raises(ArmyError, match=r"Cutler's Brigade has no HQ of its own: it is governed by I Corps HQ \(9\.2\)"
                                        r".*\(10\.4\): run it for I Corps \(command=\"I Corps\"\)") as refused:
        demo.run("cwr-demo.vsav", "emergency-retreat", command="Cutler's Brigade", event="retreat small arms")
    assert "Cutler's Brigade" in str(refused.value)
    report, game = demo.run("cwr-demo.vsav", "emergency-retreat", command="I Corps", event="retreat small arms")
    checked = {l.data["unit"] for l in lines(report) if "sp_lost" in l.data and "unit" in l.data}
    assert checked == {"19th Indiana", "24th Michigan", "2nd Wisconsin", "76th New York", "147th New York",
                       "56th Pennsylvania"}
    # the orders of the formations within I Corps are cancelled with it; the order on its way stays
    assert order_log(game) == "Cutler's Brigade = P 2WC T4 Meade"


def test_10_4_artillery_fire_alone_calls_for_no_emergency_retreat(demo):
    # "not from artillery fire alone": nothing to carry out, unless the owner declares a voluntary one.
    with pytest.raises(ValueError, match=r"artillery fire alone forces no Emergency Retreat \(10\.4\), so no Emergency Retreat is required; .*event=voluntary"):
        demo.run("cwr-demo.vsav", "emergency-retreat", command="III Corps", event="retreat artillery")
    with pytest.raises(ValueError, match=r"parameter 'event' must be one of voluntary, alone with enemy"):
        demo.run("cwr-demo.vsav", "emergency-retreat", command="III Corps", event="retreat")


# ---- 11.0 Initiative, 9.1 Leader Loss ----

def test_11_0_initiative_success_and_loose_cannon_by_the_leaders_column(demo):
    # Archer rating 2: success 11-32, loose cannon 65-66 (the demo chart).
    success, _ = demo.run("cwr-demo.vsav", "initiative", command="Archer's Brigade", rolls=["*initiative*=32"])
    loose, _ = demo.run("cwr-demo.vsav", "initiative", command="Archer's Brigade", rolls=["*initiative*=65"])
    assert [l.data["result"] for l in lines(success) if "result" in l.data][0] == "Success"
    assert [l.data["result"] for l in lines(loose) if "result" in l.data][0] == "Loose Cannon"


def test_11_0_a_superior_must_be_stacked(demo, tmp_path):
    with pytest.raises(ArmyError, match=r"Heth: no Initiative attempt for Archer's Brigade: Heth is not stacked with "
                                        r"Archer \(11\.0\)"):
        demo.run("cwr-demo.vsav", "initiative", command="Archer's Brigade", leader="Heth")
    save = demo.position("cwr-demo.vsav", tmp_path / "stacked.vsav", moves={"Heth": "A2.06"})
    stacked, game = demo.run(save, "initiative", command="Archer's Brigade", leader="Heth", rolls=["*=11"])
    assert [l.data["result"] for l in lines(stacked) if "result" in l.data][0] == "Success"
    # 11.0b: the Initiative order is Archer's Accepted order, numbered after the Confederates' last (none)
    assert order_log(game) == ("Archer's Brigade = A 1I-C; Cutler's Brigade = A 1WC, P 2WC T4 Meade; "
                               "initiative 4 = III Corps: Archer's Brigade")


def test_11_0_the_third_attempt_in_a_command_is_refused_from_the_kept_count(demo, tmp_path):
    _, game = demo.run("cwr-demo.vsav", "initiative", command="Archer's Brigade", rolls=["*=44"])
    one = written(game, tmp_path / "one.vsav")
    # a refused attempt is an error (exit status 2), as a refused order or fire is
    with pytest.raises(ArmyError, match="already attempted Initiative for Archer's Brigade this turn"):
        demo.run(one, "initiative", command="Archer's Brigade")
    _, game = demo.run(one, "initiative", command="Davis's Brigade", rolls=["*=44"])
    two = written(game, tmp_path / "two.vsav")
    assert order_log(game).endswith("; initiative 4 = III Corps: Archer's Brigade, III Corps: Davis's Brigade")
    with pytest.raises(ArmyError, match=r"2 leaders of III Corps already attempted Initiative this turn \(at most 2"):
        demo.run(two, "initiative", command="Heth's Division")
    next_turn = with_globals(demo, two, tmp_path / "turn5.vsav", Turn=5)
    fresh, game = demo.run(next_turn, "initiative", command="Heth's Division", rolls=["*=44"])
    assert fresh.rolls and order_log(game).endswith("Meade; initiative 5 = III Corps: Heth's Division")


def test_11_0_initiative_refuses_a_command_outside_the_leaders_naming_him_once(demo):
    with pytest.raises(ArmyError) as refused:
        demo.run("cwr-demo.vsav", "initiative", command="Wadsworth's Division", leader="Meredith")
    assert "Wadsworth's Division is not under Meredith, who leads Meredith's Brigade (11.0" in str(refused.value)


def test_11_0d_the_army_commander_cannot_use_initiative(demo):
    with pytest.raises(ArmyError, match=r"Meade is the Union Army Commander, who cannot use Initiative \(11\.0d\)"):
        demo.run("cwr-demo.vsav", "initiative", command="Meredith's Brigade", leader="Meade")


def test_9_1_killed_brigade_leader_is_replaced_by_a_repl(demo):
    report, _ = demo.run("cwr-demo.vsav", "leader-loss", leader="Davis", cause="fire", result="2", rolls=["*=2"])
    texts = [l.text for l in lines(report)]
    assert any("Killed" in t for t in texts) and any("a Repl leader replaces Davis" in t for t in texts)


def test_9_1a_the_senior_brigade_leader_fills_a_division_vacancy(demo):
    report, _ = demo.run("cwr-demo.vsav", "leader-loss", leader="Heth", cause="fire", result="1", rolls=["*=12"],
                         seniority="Davis,Archer")
    promoted = [l.data for l in lines(report) if "command" in l.data]
    assert promoted[0] == {"leader": "Davis", "command": "Heth's Division"}
    assert promoted[1] == {"leader": "Repl", "command": "Davis's Brigade"}


def test_9_1_no_check_on_m_nor_on_entry_with_friendly_combat_units(demo):
    m, _ = demo.run("cwr-demo.vsav", "leader-loss", leader="Davis", cause="fire", result="M")
    entry, _ = demo.run("cwr-demo.vsav", "leader-loss", leader="Davis", cause="entry")
    assert m.rolls == [] and entry.rolls == []


# ---- 3.6 Reinforcements, 3.7 Forced March ----

def test_3_6_the_nth_unit_counts_the_entry_hex_as_its_nth_hex(demo):
    report, game = demo.run("cwr-demo.vsav", "reinforcements", entry="A16.07",
                            units="76th New York,147th New York,56th Pennsylvania")
    spent = [l.data["mp_spent"] for l in lines(report) if "mp_spent" in l.data]
    assert spent == [2, 4, 6]   # infantry in line pays urban 2: no road rate out of column
    army = demo.army(demo.path("cwr-demo.vsav"))
    assert army.named("76th New York").hex == "A5.09"   # the demo's save itself is untouched
    moved = {l.data["unit"]: l.data["hex"] for l in lines(report) if "hex" in l.data}
    assert set(moved.values()) == {"A16.07"}
    column, _ = demo.run("cwr-demo.vsav", "reinforcements", entry="A16.07", units="14th Tennessee", waiting=2)
    assert [l.data["mp_spent"] for l in lines(column) if "mp_spent" in l.data] == [Fraction(3, 2)]  # 3rd x road 1/2


def test_3_6a_a_blocked_entry_hex_shifts_along_the_edge(demo, tmp_path):
    save = demo.position("cwr-demo.vsav", tmp_path / "blocked-entry.vsav", moves={"Marye's Battery": "A16.07"})
    report, _ = demo.run(save, "reinforcements", entry="A16.07", units="I Corps Wagon")
    shifted = next(l.data for l in lines(report) if "reach" in l.data)
    assert shifted["entry"] in ("A16.06", "A16.08") and shifted["reach"] == 10


def test_3_6a_with_3_0b_a_lone_enemy_leader_stops_only_the_units_3_0b_stops(demo, tmp_path):
    # "Leaders, Headquarters, Wagons, and Artillery units may not enter a hex containing any type of
    # enemy unit unless accompanied by a friendly infantry or cavalry unit": Heth alone in the Entry hex.
    save = demo.position("cwr-demo.vsav", tmp_path / "heth.vsav", moves={"Heth": "A16.07"})
    report, game = demo.run(save, "reinforcements", entry="A16.07", units="Stevens's Battery,8th Illinois Cavalry")
    entered = {l.data["unit"]: l.data["hex"] for l in lines(report) if "hex" in l.data}
    assert entered == {"Stevens's Battery": "A16.06", "8th Illinois Cavalry": "A16.07"}
    shift = next(l.data for l in lines(report) if "reach" in l.data)
    assert shift["units"] == ["Stevens's Battery"]
    assert any('Heth checks for Leader Loss (9.1: cwr.leader-loss leader="Heth" cause=entry)' in l.text
               for l in lines(report))
    # the cavalry first in line: the battery behind it is accompanied and enters the Entry hex too
    report, _ = demo.run(save, "reinforcements", entry="A16.07", units="8th Illinois Cavalry,Stevens's Battery")
    assert {l.data["hex"] for l in lines(report) if "hex" in l.data} == {"A16.07"}
    assert not any("reach" in l.data for l in lines(report))


def test_3_7_forced_march_straggler_checks_and_the_losses_written(demo):
    # 14th Tennessee (C, column): Table 1 d6 6 reads 2; Table 2 d6 1 reads 0.
    report, game = demo.run("cwr-demo.vsav", "forced-march", unit="14th Tennessee", checks=2,
                            rolls=["*14th Tennessee=6", "*14th Tennessee=1"])
    assert piece_named(game, "14th Tennessee").properties["SP"] == "6"
    assert [l.data["extra_mp"] for l in lines(report) if "extra_mp" in l.data] == [4]


def test_3_7_only_column_infantry_never_dg(demo, tmp_path):
    # a refused Forced March is an error (exit status 2), as a refused order or fire is
    with pytest.raises(ArmyError, match="1st Tennessee may not Force March: it was not in Column formation"):
        demo.run("cwr-demo.vsav", "forced-march", unit="1st Tennessee")
    save = demo.position("cwr-demo.vsav", tmp_path / "dg.vsav", properties={"14th Tennessee": {"State_Level": "3"}})
    with pytest.raises(ArmyError, match="14th Tennessee may not Force March: a Disorganized unit"):
        demo.run(save, "forced-march", unit="14th Tennessee")
    with pytest.raises(ArmyError, match=r"8th Illinois Cavalry may not Force March: only infantry may Force March, "
                                        r"not cavalry \(3\.7\)"):
        demo.run("cwr-demo.vsav", "forced-march", unit="8th Illinois Cavalry")


# ---- 9.4c: no straggler recovery at night under an Accepted order, read from the Order Log ----

def test_9_4c_a_brigade_with_an_accepted_order_in_the_log_recovers_none_at_night(demo, tmp_path):
    ordered, _ = demo.run("cwr-wrecked.vsav", "stragglers", side="Union", night="true")
    free = with_globals(demo, "cwr-wrecked.vsav", tmp_path / "no-orders.vsav", OrderLog="")
    unordered, _ = demo.run(free, "stragglers", side="Union", night="true")
    by_division = with_globals(demo, "cwr-wrecked.vsav", tmp_path / "division.vsav",
                               OrderLog="Wadsworth's Division = A 1OS")
    division, _ = demo.run(by_division, "stragglers", side="Union", night="true")
    reason = "a night turn with a currently Accepted order (9.4c)"
    assert any(reason in l.text for l in lines(ordered)) and any(reason in l.text for l in lines(division))
    assert not any(reason in l.text for l in lines(unordered))
