"""The lfm combat procedures on the demo's saves (LFM 3, 7, 8, 10, 13, 14, 18, 21): the rules
catalogue's worked examples 8.2 and 8.9 through lfm.combat and lfm.odds, refusals with their
clauses, and the results written back through the companion file's [units]."""
from fractions import Fraction

import pytest

from adjutant_plugins.lfm.bombardment_procedure import BombardmentRefused
from adjutant_plugins.lfm.combat_procedure import CombatRefused

from lfm_helpers import Demo, lines, piece_named, texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lfm-combat-procedures"))


def prop(game, name, key):
    return piece_named(game, name).properties[key]


def data(report, key):
    return [line.data[key] for line in lines(report) if key in line.data]


def marked(report, *names):
    """{(name, of): value} of the report's quantities named `names`."""
    return {(q.name, q.of): q.value for q in report.quantities() if q.name in names}


# ---- 8.1-8.2: who must be attacked ----

def test_8_2_only_b_attacks_c_and_that_is_legal(demo):
    report, _ = demo.run("lfm-zoc.vsav", "odds", kind="combat", target="0414", attackers="0514")
    assert data(report, "attacking") == [["0514"]]
    assert not data(report, "missing")
    assert "every enemy unit in a friendly ZOC is attacked by this combat (8.1-8.2)" in texts(report)


def test_8_1_enemy_hexes_in_a_friendly_zoc_left_unattacked_are_reported(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "zoc-three.vsav",
                        moves={"Meredith": "0710", "19th Indiana": "0710", "24th Michigan": "0710"})
    report, _ = demo.run(out, "odds", kind="combat", target="0709", attackers="0710")
    missing = [t for t in texts(report) if t.startswith("still to attack")]
    assert any("0610 is in the ZOC of 0710" in t for t in missing)
    assert any("0611 is in the ZOC of 0710" in t for t in missing)
    report, _ = demo.run(out, "odds", kind="combat", target="0709,0610,0611", attackers="0710")
    assert not data(report, "missing")


def test_8_1_an_attack_from_a_hex_without_the_target_in_its_zoc_is_refused(demo):
    with pytest.raises(CombatRefused) as refused:
        demo.run("lfm-demo.vsav", "combat", target="0709", attackers="1107")
    assert ("8.1", "combat 1: 0709 is not in the ZOC of 1107") in refused.value.problems


def night(demo, save, out, moves=None):
    """A copy of `save` at night (the global property Night), pieces moved ({name: hex})."""
    game = demo.game(demo.position(save, demo.folder / f"day-{out}", moves=moves))
    game.set_global_property("Night", "true")
    game.save(str(demo.folder / out))
    return demo.folder / out


def test_23_2_no_combat_at_night(demo):
    out = night(demo, "lfm-zoc.vsav", "zoc-night.vsav")
    with pytest.raises(CombatRefused) as refused:
        demo.run(out, "combat", target="0414", attackers="0514", rolls=["CRT*=1"])
    assert [c for c, _ in refused.value.problems] == ["23.2"]


# ---- 8.7-8.9: flanking and the DRMs ----

def test_8_9_breastworks_flank_elevation_disorganized_attacker_cv5_commander_net_minus_1(demo):
    report, _ = demo.run("lfm-combat.vsav", "odds", kind="combat", target="0910")
    assert sorted(data(report, "drm")) == [-1, -1, -1, 1, 1]
    assert data(report, "net_drm") == [-1]
    assert data(report, "flank") == [True]
    assert data(report, "elevation") == ["attacker"]


def test_8_3_a_hex_counts_8_infantry_sp_and_the_crt_chances_sum_to_1(demo):
    report, _ = demo.run("lfm-combat.vsav", "odds", kind="combat", target="0910")
    assert data(report, "sp") == [7, 8, 8]
    assert data(report, "column") == ["3-2"]
    assert sum(data(report, "chance")) == 1


# ---- 8.10, 10, 14.1: the result written ----

def test_8_10_the_first_loss_is_written_and_10_5_breastworks_need_not_retreat(demo):
    report, game = demo.run("lfm-combat.vsav", "combat", target="0910", rolls=["CRT*=2"])
    assert "D1 DR" in data(report, "result")
    assert data(report, "eliminated") == ["55th North Carolina"]
    assert prop(game, "55th North Carolina", "SP") == "0" and prop(game, "42nd Mississippi", "SP") == "5"
    assert "in NR terrain: it may stay (10.5)" in texts(report)


def test_8_8_each_hex_is_counted_retreating_or_not(demo):
    # D1 DR: the defender in 0910 retreats (in breastworks it may stay, 10.5), the attackers do not
    report, _ = demo.run("lfm-combat.vsav", "combat", target="0910", rolls=["CRT*=2"])
    assert marked(report, "retreat") == {("retreat", "0910"): 1, ("retreat", "0810"): 0, ("retreat", "1010"): 0}
    assert "0810, 1010: the attacker does not retreat" in texts(report)


def test_8_11_the_commander_casualty_roll_is_counted(demo):
    # A1 AR: the attackers of 0810 retreat, so Wadsworth there rolls (8.11); Cutler, a brigade commander, does not
    for die, hit in ((1, 1), (2, 0)):
        report, _ = demo.run("lfm-combat.vsav", "combat", target="0910", attackers="0810",
                             rolls=["CRT*=6", f"commander casualty Wadsworth={die}"])
        assert marked(report, "commander casualty", "retreat") == {
            ("commander casualty", "Wadsworth"): hit, ("retreat", "0810"): 1, ("retreat", "0910"): 0}


def test_8_11_a_commander_whose_hex_the_result_spares_is_counted_0_without_a_roll(demo):
    # D1 DR: only the defender's 0910 is hurt; Wadsworth (division) in 0810 could have been a casualty and
    # is counted 0; Cutler and Meredith (brigade commanders, 21.2) are not counted
    report, _ = demo.run("lfm-combat.vsav", "combat", target="0910", rolls=["CRT*=1"])
    assert marked(report, "commander casualty") == {("commander casualty", "Wadsworth"): 0}
    assert not any(r.purpose.startswith("commander casualty") for r in report.rolls)


def test_14_4_a_disorganized_stack_forced_to_retreat_loses_a_unit_chosen_as_crt_losses_are(demo):
    # AR: 0810 and 1010 retreat; 1010 (19th Indiana 4 SP, 24th Michigan 5 SP) is disorganized, so it loses
    # one unit (14.4): by default the first rated the cohesion used (4, 0810's top unit), 19th Indiana
    report, game = demo.run("lfm-combat.vsav", "combat", target="0910", rolls=["CRT*=6"])
    said = texts(report)
    loss = [t for t in said if "(14.4)" in t]
    assert loss[0].startswith("1010: a disorganized stack forced to retreat loses one unit of its owner's choice "
                              "(14.4): 19th Indiana")
    assert said.index(loss[0]) > next(i for i, t in enumerate(said) if "from 0810 (10.1)" in t)
    assert any(t.startswith("24th Michigan must retreat one or two hexes from 1010") for t in said)
    assert prop(game, "19th Indiana", "SP") == "0" and prop(game, "24th Michigan", "SP") != "0"
    sp_lost = {of: v for (_, of), v in marked(report, "SP lost").items()}
    assert sp_lost["19th Indiana"] == 4 and sp_lost["24th Michigan"] == 0 and sp_lost["76th New York"] == 0
    report, game = demo.run("lfm-combat.vsav", "combat", target="0910", rolls=["CRT*=6"], losses="24th Michigan")
    assert prop(game, "24th Michigan", "SP") == "0" and prop(game, "19th Indiana", "SP") != "0"
    assert {of: v for (_, of), v in marked(report, "SP lost").items()}["24th Michigan"] == 5


def test_10_a_forced_retreat_not_given_is_reported_as_to_do(demo):
    report, _ = demo.run("lfm-zoc.vsav", "combat", target="0414", attackers="0514", rolls=["CRT*=2"])
    assert data(report, "retreat_pending") == ["0414"]


def test_10_2_10_3_the_retreat_to_do_offers_only_the_hexes_the_rules_allow(demo):
    # A1 AR: the attackers in 0810 retreat; 0909 and 0811 lie in an enemy ZOC (10.3), 0710 is not
    # opposite 0910 (10.2): the first hex is 0709.
    report, _ = demo.run("lfm-combat.vsav", "combat", target="0910", attackers="0810", rolls=["CRT*=6"])
    assert data(report, "retreat_pending") == ["0810"]
    assert any("the owner chooses the first hex among 0709 (10.2, 10.3;" in t for t in texts(report))


def test_10_4_a_retreat_given_into_a_zoc_is_moved_and_written_disorganized(demo):
    report, game = demo.run("lfm-zoc.vsav", "combat", target="0414", attackers="0514", rolls=["CRT*=2"],
                            retreat="0314")
    assert data(report, "moved_to") == ["0314"]
    piece = piece_named(game, "7th Tennessee")
    assert (piece.x, piece.y) == game.map(demo.map_name).point_of("0314", demo.board)
    assert prop(game, "7th Tennessee", "Disorganized_Level") == "2"


def test_10_3_a_retreat_into_an_enemy_zoc_when_another_hex_is_open_is_refused(demo):
    with pytest.raises(ValueError) as refused:
        demo.run("lfm-combat.vsav", "combat", target="0910", rolls=["CRT*=2"], retreat="0909")
    assert "10.3" in str(refused.value)


def test_13_another_round_is_due_while_an_enemy_stays_in_a_friendly_zoc(demo):
    report, _ = demo.run("lfm-combat.vsav", "combat", target="0910", rolls=["CRT*=4"])
    assert data(report, "another_round") == [True]


def test_8_1_13_an_enemy_hex_not_yet_attacked_is_owed_this_round_not_another_round(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "owed.vsav",
                        moves={"42nd Mississippi": "0910", "55th North Carolina": "0912",
                               "12th Illinois Cavalry": "1012"})
    report, _ = demo.run(out, "combat", target="0910", attackers="1010", rolls=["CRT*=1"])
    said = texts(report)
    assert data(report, "to_attack") == [["0912"]]
    assert any(t.startswith("enemy units in a friendly ZOC remain to be attacked in this round (8.1): 1012: 0912; "
                            "another round is due only if") for t in said)
    assert not any("another round of combat is due" in t and "0912" in t for t in said)


# ---- 7: bombardment ----

def test_7_8_a_failed_check_writes_d_and_7_5_los_is_read_from_the_map(demo):
    report, game = demo.run("lfm-demo.vsav", "bombardment", batteries="Pegram's Battery", target="1010",
                            rolls=["artillery table*=6", "bombardment cohesion check*=6"])
    assert data(report, "sight") == ["clear"] and data(report, "strength") == [4]
    assert marked(report, "bombardment SP") == {("bombardment SP", "8th Illinois Cavalry"): 4}
    assert data(report, "checks") == [1]
    assert prop(game, "8th Illinois Cavalry", "Disorganized_Level") == "2"
    assert prop(game, "Calef's Battery", "Disorganized_Level") != "2"


BOMBARDED = ("cohesion checks", "cohesion checks failed", "disorganized", "retreat", "eliminated", "SP lost")


@pytest.mark.parametrize("check, outcome", [(3, None), (6, "disorganized")])
def test_7_8_the_checks_and_their_outcome_are_counted(demo, check, outcome):
    report, _ = demo.run("lfm-demo.vsav", "bombardment", batteries="Pegram's Battery", target="1010",
                         rolls=["artillery table*=6", f"bombardment cohesion check*={check}"])
    found = {name: value for (name, of), value in marked(report, *BOMBARDED).items() if of == "8th Illinois Cavalry"}
    assert found == {"cohesion checks": 1, "cohesion checks failed": int(outcome is not None), "SP lost": 0,
                     **{o: int(o == outcome) for o in ("disorganized", "retreat", "eliminated")}}


@pytest.mark.parametrize("check", [3, 6])   # passed: no effect; failed once: D, neither a retreat nor an elimination
def test_8_11_a_commander_in_the_bombarded_hex_is_counted_0_when_it_suffers_no_retreat_or_elimination(demo, check):
    out = demo.position("lfm-demo.vsav", demo.folder / f"bombard-commander-{check}.vsav", moves={"Wadsworth": "1010"})
    report, _ = demo.run(out, "bombardment", batteries="Pegram's Battery", target="1010",
                         rolls=["artillery table*=6", f"bombardment cohesion check*={check}"])
    assert marked(report, "commander casualty") == {("commander casualty", "Wadsworth"): 0}
    assert not any(r.purpose.startswith("commander casualty") for r in report.rolls)


def test_7_8_a_lone_unit_already_d_retreats_and_14_4_does_not_take_it(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "bombard-d.vsav", moves={"Calef's Battery": "1013"},
                        properties={"Calef's Battery": {"Mode": "unlimbered"},
                                    "17th Virginia Cavalry": {"Disorganized_Level": "2"}})
    report, _ = demo.run(out, "bombardment", batteries="Calef's Battery", target="0914",
                         rolls=["artillery table*=6", "bombardment cohesion check*=6"])
    said = texts(report)
    assert any("already D: it retreats (7.8)" in t for t in said)
    assert any("14.4's loss of a unit of a disorganized stack does not apply (7.8)" in t for t in said)
    assert not any("loses one unit of its owner's choice" in t for t in said)
    assert marked(report, "retreat", "disorganized")[("retreat", "17th Virginia Cavalry")] == 1


def _bombarded_d_at_range(demo, name):
    return demo.position("lfm-demo.vsav", demo.folder / f"bombard-range-{name}.vsav", moves={"Hall's Battery": "1214"},
                         properties={"Hall's Battery": {"Mode": "unlimbered"},
                                     "17th Virginia Cavalry": {"Disorganized_Level": "2"}})


def test_10_2_a_bombardment_retreat_is_offered_only_away_from_the_battery(demo):
    report, _ = demo.run(_bombarded_d_at_range(demo, "offer"), "bombardment", batteries="Hall's Battery", target="0914",
                         rolls=["artillery table*=6", "bombardment cohesion check*=6"])
    offer = [t for t in texts(report) if "must retreat one or two hexes from 0914" in t]
    assert len(offer) == 1 and "among 0815 (away from the bombarding battery: 10.2, 10.3" in offer[0]


def test_10_2_a_bombardment_retreat_toward_the_battery_is_refused(demo):
    with pytest.raises(ValueError) as refused:
        demo.run(_bombarded_d_at_range(demo, "toward"), "bombardment", batteries="Hall's Battery", target="0914",
                 rolls=["artillery table*=6", "bombardment cohesion check*=6"], retreat="1014")
    assert "10.2" in str(refused.value) and "bombarding battery" in str(refused.value)
    report, _ = demo.run(_bombarded_d_at_range(demo, "away"), "bombardment", batteries="Hall's Battery", target="0914",
                         rolls=["artillery table*=6", "bombardment cohesion check*=6"], retreat="0815")
    assert data(report, "moved_to") == ["0815"]


def test_7_5_a_battery_without_line_of_sight_is_refused(demo):
    with pytest.raises(BombardmentRefused) as refused:
        demo.run("lfm-demo.vsav", "bombardment", batteries="Hall's Battery", target="0708")
    assert "7.5, 27" in str(refused.value)


def test_7_8_bombardment_odds_sum_to_1(demo):
    report, _ = demo.run("lfm-demo.vsav", "odds", kind="bombardment", batteries="Pegram's Battery", target="1010")
    assert any("none 11/12" in t for t in texts(report))


# ---- 3: charge ----

def hex_of(game, name):
    return next(p for p in game.pieces if p.name == name).location


def test_3_11_the_chargers_end_disorganized(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge.vsav", moves={"12th Illinois Cavalry": "0711"})
    report, game = demo.run(out, "charge", chargers="12th Illinois Cavalry", target="0611", rolls=["charge*=4"])
    assert data(report, "column") == [0]
    assert any("12th Illinois Cavalry is disorganized (D) (3.11, 14.1)" in t for t in texts(report))


@pytest.mark.parametrize("reading", ["hex", "chargers"])
def test_4_1_3_7_21_1_who_shares_the_chargers_retreat_is_the_options_reading(demo, tmp_path, reading):
    # AR: the 12th Illinois Cavalry, charging from 0711 where Wadsworth (division) stands, retreats
    out = demo.position("lfm-demo.vsav", demo.folder / f"charge-left-{reading}.vsav",
                        moves={"12th Illinois Cavalry": "0711", "Wadsworth": "0711"})
    charts = tmp_path / "charts.toml"
    charts.write_text(demo.charts.read_text() + f'charge_result = "{reading}"\n')
    rolls = ["charge*=6"] + (["commander casualty Wadsworth=1"] if reading == "hex" else [])
    report, game = demo.run(out, "charge", chargers="12th Illinois Cavalry", target="0611", charts=charts,
                            rolls=rolls, retreat="0812")
    assert marked(report, "retreat")[("retreat", "0711")] == 1
    assert any(f'option charge_result = "{reading}"' in t for t in texts(report))
    assert hex_of(game, "12th Illinois Cavalry") == "0812"
    if reading == "hex":   # 4.1, 21.1: Wadsworth retreats with the hex and rolls
        assert marked(report, "commander casualty") == {("commander casualty", "Wadsworth"): 1}
        assert hex_of(game, "Wadsworth") == "0812"
    else:                  # 3.7: the cavalry alone retreats; Wadsworth stays, counted 0 without a roll
        assert marked(report, "commander casualty") == {("commander casualty", "Wadsworth"): 0}
        assert not any(r.purpose.startswith("commander casualty") for r in report.rolls)
        assert hex_of(game, "Wadsworth") == "0711"
        assert any(t.startswith("Wadsworth is in 0711 with no unit of his side") for t in texts(report))   # 21.2


def test_21_2_a_commander_left_alone_by_the_charge_is_to_be_moved(demo):
    # D1 DR: the 55th North Carolina, alone with Heth in 0611, is eliminated; the cavalry enters 0611
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-alone.vsav",
                        moves={"12th Illinois Cavalry": "0711", "Heth": "0611"})
    report, game = demo.run(out, "charge", chargers="12th Illinois Cavalry", target="0611",
                            rolls=["charge*=2", "commander casualty Heth=6"])
    said = texts(report)
    assert any(t.startswith("Heth is in 0611 with no unit of his side") and "(21.2)" in t for t in said)
    assert not any("must retreat, even from NR terrain" in t for t in said)   # no defender left to retreat (3.6)


def test_14_4_a_lone_disorganized_target_is_eliminated_and_does_not_retreat(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-14-4.vsav",
                        moves={"55th North Carolina": "1213", "12th Illinois Cavalry": "1112"},
                        properties={"55th North Carolina": {"Disorganized_Level": "2"}})
    report, game = demo.run(out, "charge", chargers="12th Illinois Cavalry", target="1213", rolls=["charge*=3"],
                            retreat="1313")
    said = texts(report)
    assert data(report, "eliminated") == ["55th North Carolina"]
    assert "1213: the whole stack is eliminated: no retreat; 1213 is vacated (14.4); retreat= is not used" in said
    assert not any("55th North Carolina retreats" in t or "must retreat one or two hexes" in t for t in said)
    assert hex_of(game, "12th Illinois Cavalry") == "1213"


def test_24_2_24_3_a_town_is_a_breastwork_but_not_for_mounted_cavalry(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-town.vsav",
                        moves={"12th Illinois Cavalry": "1207", "55th North Carolina": "1307"})
    report, _ = demo.run(out, "odds", kind="charge", chargers="12th Illinois Cavalry", target="1307")
    assert any(t.startswith("DRM +1: breastworks: a town is one (24.3)") and "a reading" in t for t in texts(report))
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-town-cavalry.vsav",
                        moves={"12th Illinois Cavalry": "1207", "17th Virginia Cavalry": "1307"},
                        properties={"17th Virginia Cavalry": {"Mode": "mounted"}})
    report, _ = demo.run(out, "odds", kind="charge", chargers="12th Illinois Cavalry", target="1307")
    assert any(t.startswith("DRM +0: breastworks: none for mounted cavalry (3.10, 24.2)") for t in texts(report))


def test_3_1_4_3_a_charge_from_a_mixed_stack_or_into_a_friendly_hex_is_refused_with_its_clause(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-mixed.vsav",
                        moves={"12th Illinois Cavalry": "0711", "8th Illinois Cavalry": "0711"},
                        properties={"8th Illinois Cavalry": {"Mode": "dismounted"}})
    with pytest.raises(ValueError) as refused:
        demo.run(out, "odds", kind="charge", chargers="12th Illinois Cavalry", target="0611")
    assert "0711 mixes mounted and dismounted cavalry: a stack cannot (4.3)" in str(refused.value)
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-friendly.vsav",
                        moves={"12th Illinois Cavalry": "0711", "19th Indiana": "0611"},
                        off_map=("55th North Carolina",))
    with pytest.raises(ValueError) as refused:
        demo.run(out, "odds", kind="charge", chargers="12th Illinois Cavalry", target="0611")
    assert "0611 holds no enemy unit: the chargers charge an enemy-occupied hex (3.1)" in str(refused.value)


def test_3_9_4_1_a_unit_not_charging_is_named_and_a_column_off_the_table_is_read_on_its_last(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-bystander.vsav",
                        moves={"12th Illinois Cavalry": "0711", "8th Illinois Cavalry": "0711"},
                        properties={"8th Illinois Cavalry": {"Mode": "mounted"}, "12th Illinois Cavalry": {"Cohesion": "9"}})
    report, _ = demo.run(out, "odds", kind="charge", chargers="12th Illinois Cavalry", target="0611")
    said = texts(report)
    assert ("8th Illinois Cavalry in 0711 is not charging: the column counts the chargers alone (3.9); it shares "
            "their result (4.1; option charge_result = \"hex\")") in said
    assert any(t.endswith("(3.9), read on the table's last column, 3") for t in said)


def test_3_3_the_charge_counts_quarter_mp(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-mp.vsav", moves={"12th Illinois Cavalry": "0711"})
    report, _ = demo.run(out, "odds", kind="charge", chargers="12th Illinois Cavalry", target="0611")
    assert any(t.startswith("0611 costs 4 quarter MP to enter from 0711") and
               t.endswith("quarter MP left: 12th Illinois Cavalry 32") for t in texts(report))


def test_3_10_16_5_a_shattered_target_gets_both_drms_and_the_report_says_it_is_a_reading(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-shattered.vsav", moves={"12th Illinois Cavalry": "0711"},
                        properties={"55th North Carolina": {"Shattered_Level": "2"}})
    report, _ = demo.run(out, "odds", kind="charge", chargers="12th Illinois Cavalry", target="0611")
    said = [t for t in texts(report) if "target shattered" in t]
    assert len(said) == 1 and "a reading of 16.5" in said[0] and "cumulative" in said[0]
    assert any(t.startswith("DRM -1: target disorganized") for t in texts(report))


def test_3_1_dismounted_cavalry_may_not_charge(demo):
    out = demo.position("lfm-demo.vsav", demo.folder / "charge-dismounted.vsav",
                        moves={"12th Illinois Cavalry": "0711"}, properties={"12th Illinois Cavalry": {"Mode": "dismounted"}})
    with pytest.raises(ValueError) as refused:
        demo.run(out, "charge", chargers="12th Illinois Cavalry", target="0611")
    assert "3.1" in str(refused.value)


def test_23_2_no_charge_at_night(demo):
    out = night(demo, "lfm-demo.vsav", "charge-night.vsav", moves={"12th Illinois Cavalry": "0711"})
    with pytest.raises(ValueError) as refused:
        demo.run(out, "charge", chargers="12th Illinois Cavalry", target="0611", rolls=["charge*=4"])
    assert "23.2" in str(refused.value)


# ---- 18: cohesion ----

def test_18_a_roll_above_the_rating_fails(demo):
    report, _ = demo.run("lfm-demo.vsav", "cohesion", unit="6th Wisconsin", modifiers="in a ZOI:1",
                         rolls=["cohesion*=5"])
    assert data(report, "failed") == [True]
    assert data(report, "chance") == [Fraction(1, 3)]
