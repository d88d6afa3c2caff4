"""Lee Moves North: strengths, odds and combat (11.4, 12.0-12.7, 14.0, 15.2, 17.1 C) and step
losses (10.1) on the demo's module and saves, each test named after its clause. The CRT is the
demo chart file's (EXAMPLE values: the printed one is on the mapsheet); results are forced with
given rolls so each test reads one known cell."""
import pytest

from adjutant.procedures.charts import ChartError
from adjutant_plugins.lmn.charts import TEMPLATE
from adjutant.procedures.report import Quantity
from lmn_helpers import Demo, lines, piece_named, texts, where


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lmn-demo"))


def odds_line(report):
    return next(l for l in lines(report, "The ") if "odds" in l.data)


# ---- the worked examples (rules catalogue 2E) ----

def test_12_3_k_26_against_9_rounds_down_to_2_to_1(demo):
    report, _ = demo.run("lmn-combat.vsav", "odds", hex="1818")
    line = odds_line(report)
    assert (line.data["attack"], line.data["defence"], line.data["odds"]) == (26, 9, "2-1")
    # the chance of each result is read from the 2-1 column of the chart file, a sixth each
    chances = lines(report, "Combat Results Table, column 2-1")
    assert sum(l.data["chance"] for l in chances) == 1 and len(chances) == 6


def test_11_4_lee_with_two_5_6_divisions_attacks_with_20(demo):
    report, _ = demo.run("lmn-combat.vsav", "odds", hex="1612")
    attack = next(l for l in lines(report, "The ") if l.data.get("hex") == "1611")
    assert (attack.data["strength"], attack.data["bonus"], attack.data["total"]) == (10, 10, 20)
    assert "capped at the stack's strength" in attack.text


def test_15_2_a_5_in_a_fortification_of_2_defends_with_12(demo):
    report, _ = demo.run("lmn-combat.vsav", "odds", hex="2222")
    assert odds_line(report).data["defence"] == 12


def test_15_2_the_fortification_does_not_double_an_attack(demo, tmp_path):
    # VIII Corps (5) attacks out of Washington West: 5, not 12.
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"A.P. Hill": "2223", "Jackson": "2121"})
    report, _ = demo.run(save, "odds", hex="2223")
    assert odds_line(report).data["attack"] == 5


# ---- 11.4 and its errata ----

def test_11_4_a_leader_defends_with_his_bonus_too(demo, tmp_path):
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"Pope": "1818"})
    report, _ = demo.run(save, "odds", hex="1818")
    assert odds_line(report).data["defence"] == 9 + 5


def test_5_6_errata_a_disrupted_leader_adds_no_bonus_to_an_attack(demo, tmp_path):
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", properties={"Lee": {"Disrupted": "true"}})
    report, _ = demo.run(save, "odds", hex="1612")
    assert odds_line(report).data["attack"] == 10


# ---- 14.0 ----

def test_14_0_a_stream_adds_one_only_when_every_attacker_crosses_it(demo, tmp_path):
    # From 1718 alone (across the Monocacy): +1; with 1819 too: nothing.
    report, _ = demo.run("lmn-combat.vsav", "odds", hex="1818", from_hexes="1718")
    assert any(l.data.get("terrain") == "stream" for l in lines(report, "The "))
    assert "+1 to the roll" in report.sections[1].title
    report, _ = demo.run("lmn-combat.vsav", "odds", hex="1818", from_hexes="1718,1819")
    assert not any(l.data.get("terrain") for l in lines(report, "The "))


def test_14_0_a_river_doubles_the_defender_only_when_every_attacker_crosses_it(demo, tmp_path):
    # XI Corps in 1422, north bank of the Potomac; J.R. Jones's stack in 1423 across it, Longstreet with them.
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav",
                         moves={"XI Corps": "1422", "J.R. Jones": "1423", "McLaws": "1423", "Longstreet": "1423"})
    report, _ = demo.run(save, "odds", hex="1422", units="J.R. Jones,McLaws")
    line = odds_line(report)
    assert line.data["defence"] == 18 and line.data["attack"] == 8 + 6
    save = demo.position(save, tmp_path / "t.vsav", moves={"Anderson": "1322"})
    report, _ = demo.run(save, "odds", hex="1422", units="J.R. Jones,McLaws,Anderson", from_hexes="1423,1322")
    assert odds_line(report).data["defence"] == 9


# ---- 11.2 ----

def test_11_2_a_unit_without_attack_command_control_may_not_attack(demo, tmp_path):
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"Longstreet": "1611"})
    report, _ = demo.run(save, "odds", hex="1818")
    assert odds_line(report).data["attack"] == 2   # only the face-up cavalry (11.3 C.3)
    assert sum("no attack command control" in t for t in texts(report)) == 6


# ---- 12-13: combat ----

def test_13_0_step_losses_fall_on_the_strongest_unless_the_owner_says(demo):
    # Roll 6 at 2-1 reads D1/Dr in the demo's chart: XI Corps, the only unit, takes the step.
    report, game = demo.run("lmn-combat.vsav", "combat", hex="1818", rolls=["combat 1818=6"])
    result = texts(report, "Result")
    assert "d6 6: column 2-1, D1/Dr (13.0)" in result
    assert piece_named(game, "XI Corps").properties["Strength"] == "6"
    assert where(game, "XI Corps") != "1818"
    assert any(l.data.get("vp") == 3 and l.data.get("side") == "Confederate" for l in lines(report, "Result"))


def test_10_0_a_the_attacker_allocates_his_own_steps(demo):
    # Roll 1 at 2-1 reads A1/Ar: the attacker loses a step, from the unit losses= names.
    report, game = demo.run("lmn-combat.vsav", "combat", hex="1818", rolls=["combat 1818=1"],
                            losses="CSA Cavalry 1:1")
    assert where(game, "CSA Cavalry 1") == "Off Map"
    assert all(piece_named(game, n).properties["Strength"] == "4" for n in ("J.R. Jones", "McLaws", "Anderson"))


def test_12_5_advance_after_combat_is_the_attackers_choice(demo):
    report, game = demo.run("lmn-combat.vsav", "combat", hex="1818", rolls=["combat 1818=6"], advance="Ewell")
    assert where(game, "Ewell") == "1818" and where(game, "J.R. Jones") == "1718"
    report, game = demo.run("lmn-combat.vsav", "combat", hex="1818", rolls=["combat 1818=6"])
    assert where(game, "Ewell") == "1819"
    assert any("may advance" in t for t in texts(report, "Result"))


def test_12_7_a_lone_leader_is_moved_to_the_nearest_friendly_unit(demo, tmp_path):
    # Pope alone in 1818 (XI Corps elsewhere) is attacked: never eliminated, moved.
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"XI Corps": "1815", "Pope": "1818"})
    report, game = demo.run(save, "combat", hex="1818")
    assert where(game, "Pope") == "1815"
    assert not report.rolls


def test_12_7_a_leader_left_alone_by_a_retreat_follows_the_nearest_friend(demo, tmp_path):
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"Pope": "1818"})
    report, game = demo.run(save, "combat", hex="1818", rolls=["combat 1818=6"])   # 2-1: D1/Dr
    assert where(game, "Pope") == where(game, "XI Corps") != "1818"


def test_17_1_c_cavalry_attacked_only_by_infantry_retreats_instead_of_de(demo, tmp_path):
    # Union Cavalry 1 (1) in 1818 against 24 of infantry: 6-1; roll 6 reads De.
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"XI Corps": "1815", "Union Cavalry 1": "1818"},
                         off_map=("CSA Cavalry 1", "CSA Cavalry 2"))
    report, game = demo.run(save, "combat", hex="1818", rolls=["combat 1818=6"])
    assert "De" in texts(report, "Result")[0]
    assert where(game, "Union Cavalry 1") not in ("1818", "Off Map")
    # attacked in part by cavalry: eliminated
    save = demo.position("lmn-combat.vsav", tmp_path / "t.vsav", moves={"XI Corps": "1815", "Union Cavalry 1": "1818"})
    report, game = demo.run(save, "combat", hex="1818", rolls=["combat 1818=6"])
    assert where(game, "Union Cavalry 1") == "Off Map"


def test_12_1_b_dummies_do_not_defend_and_are_removed(demo, tmp_path):
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"Union Dummy 1": "1818"})
    report, game = demo.run(save, "odds", hex="1818")
    assert odds_line(report).data["defence"] == 9
    report, game = demo.run(save, "combat", hex="1818", rolls=["combat 1818=3"])   # 2-1: Dc
    assert where(game, "Union Dummy 1") == "Off Map"


def test_13_0_a_blank_crt_stops_naming_the_table(demo):
    with pytest.raises(ChartError, match=r"combat_results_table.*copy it from the printed chart"):
        demo.run("lmn-combat.vsav", "odds", hex="1818", charts=TEMPLATE)


# ---- 10.1 ----

@pytest.mark.parametrize("name, steps, after", [
    ("I Corps", 1, "12"), ("I Corps", 5, "2"), ("XI Corps", 2, "4"), ("Hood", 1, "4"), ("Hood", 2, "2"),
    ("J.R. Jones", 1, "2"), ("Washington East", 2, "1")])
def test_10_1_the_step_reduction_chart(demo, name, steps, after):
    report, game = demo.run("lmn-demo.vsav", "step-loss", unit=name, steps=steps)
    assert piece_named(game, name).properties["Strength"] == after


def test_10_1_confederate_7_and_6_both_become_5_and_a_2_is_destroyed(demo, tmp_path):
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav",
                         properties={"Hood": {"Strength": "7"}, "D.H. Hill": {"Strength": "6"}, "McLaws": {"Strength": "2"}})
    for name, after in (("Hood", "5"), ("D.H. Hill", "5")):
        _, game = demo.run(save, "step-loss", unit=name)
        assert piece_named(game, name).properties["Strength"] == after
    report, game = demo.run(save, "step-loss", unit="McLaws")
    assert where(game, "McLaws") == "Off Map"
    assert lines(report)[-1].data == {"side": "Union", "vp": 2, "quantity": Quantity("VP", 2, of="Union")}


def test_10_1_union_cavalry_1_6_is_destroyed_by_a_step(demo):
    report, game = demo.run("lmn-demo.vsav", "step-loss", unit="Union Cavalry 1")
    assert where(game, "Union Cavalry 1") == "Off Map"


def test_5_6_errata_a_disrupted_leader_adds_his_bonus_to_a_counterattack(demo, tmp_path):
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", properties={"Lee": {"Disrupted": "true"}})
    report, _ = demo.run(save, "odds", hex="1612", counterattack="true")
    assert odds_line(report).data["attack"] == 20


def test_12_4_m_isolated_units_may_not_attack(demo, tmp_path):
    # Lee's force moved far from every Confederate source (0310), XII Corps beside it (0311), Carlisle
    # no longer held.
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav",
                         moves={"Lee": "0310", "Hood": "0310", "D.H. Hill": "0310", "XII Corps": "0311",
                                "CSA Dummy 1": "2842"})
    with pytest.raises(ValueError, match=r"Hood: isolated \(12.4 M: isolated units may not attack\)"):
        demo.run(save, "odds", hex="0311")
    # In the worked example's place, with Carlisle held, they are supplied and attack with 20.
    report, _ = demo.run("lmn-combat.vsav", "odds", hex="1612")
    assert odds_line(report).data["attack"] == 20
