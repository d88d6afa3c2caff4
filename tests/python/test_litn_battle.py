"""LIN 10 battles, 13 fortifications and 14.1-14.3 on the demo game: the rulebook's worked examples
(10.5's river and entrenchment columns, its 120-point excess strength, 10.6's 30-point force) and
each clause, on positions built by moving pieces in a copy of a demo save, with the rolls given."""
import tomllib
from types import SimpleNamespace

import pytest

import adjutant
from adjutant_plugins.litn.battle_arithmetic import crt_strengths, half_up, must_check_morale, tenths_lost
from test_litn import CHARTS, line_of, lines, property_of, run
from test_litn_procedures import place

CHART = tomllib.loads(CHARTS.read_text(encoding="utf-8"))
STATES = ("demoralized", "entrenched", "entrained", "disorganized")
LONGSTREET_36 = "A.P. Hill,McLaws,R.H. Anderson,Hood,J. Jones"   # 10 + 8 + 7 + 7 + 4


def position(litn_demo, folder, moves, states=None, save="litn-demo.vsav"):
    """A copy of a demo save with pieces moved ({name: hex}) and a companion file setting the
    states ({name: [state, ...]}) the demo's counters do not carry."""
    folder.mkdir(exist_ok=True)
    text = litn_demo.companion.read_text(encoding="utf-8")
    missing = [s for s in STATES if s not in tomllib.loads(text)["vocabulary"]["unit_attributes"]]
    if missing:
        text = text.replace('"depletion", "depleted"]', '"depletion", "depleted", ' + ", ".join(f'"{s}"' for s in missing)
                            + "]")
    for name, names in (states or {}).items():
        sets = ", ".join(f'{s} = "true"' for s in names)
        text += f'\n[[units.rule]]\nname = "{name}"\nset = {{ {sets} }}\n'
    (folder / "companion.toml").write_text(text, encoding="utf-8")
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / save), module)
    for name, hex_name in moves.items():
        place(game, name, hex_name)
    game.save(str(folder / "litn-demo.vsav"))
    return SimpleNamespace(dir=folder, module=litn_demo.module, companion=folder / "companion.toml")


def fire_lines(report, number, side):
    return [l for l in lines(report, f"Round {number} ") if l.data.get("side") == side and "column" in l.data]


def head_line(report, number, side):
    return next(l for l in lines(report, f"Round {number} ") if l.data.get("side") == side and "shift" in l.data)


def purposes(report):
    return [r.purpose for r in report.rolls]


# ---- the worked examples ----

def test_10_5_river_and_entrenchment_example(litn_demo, tmp_path):
    # 36 committed points crossed a river: halved to 18 (17-25), shifted left for the entrenched
    # defender: 6-16. The defender's 10 entrenched points double to 20: 17-25.
    demo = position(litn_demo, tmp_path / "e4", {"Hood": "1622", "A.P. Hill": "1622", "J. Jones": "1622",
                                                   "XII Corps (Mansfield)": "1622"},
                    {"XII Corps (Mansfield)": ["entrenched"]})
    report, _ = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="assault",
                    defender_option="stand", units=LONGSTREET_36, crossed=LONGSTREET_36,
                    rolls=["commitment Confederate=12", "commitment Union=12", "depletion*=1"])
    assert line_of(report, "Commitment", side="Confederate").data["committed"] == 36
    assert line_of(report, "Commitment", side="Union").data["committed"] == 10
    attacker = head_line(report, 1, "Confederate")
    assert (attacker.data["strength"], attacker.data["shift"]) == (18, -1)
    assert [l.data["column"] for l in fire_lines(report, 1, "Confederate")] == ["6-16"]
    defender = head_line(report, 1, "Union")
    assert (defender.data["strength"], defender.data["shift"]) == (20, 0)
    assert [l.data["column"] for l in fire_lines(report, 1, "Union")] == ["17-25"]


def test_10_5_excess_strength_example_120_points(litn_demo, tmp_path):
    # 60 entrenched Union SP, all committed, double to 120: two rolls on the 56 column and one for 8 (6-16).
    union = ["II Corps (Sumner)", "I Corps (Hooker)", "IX Corps (Burnside)", "XII Corps (Mansfield)", "Davis"]
    demo = position(litn_demo, tmp_path / "e5", {name: "1622" for name in union},
                    {name: ["entrenched"] for name in union})
    assert crt_strengths(120, 56) == [56, 56, 8]
    report, _ = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe",
                    defender_option="stand", rolls=["commitment Union=12", "depletion*=1"])
    assert line_of(report, "Commitment", side="Union").data["committed"] == 60
    assert head_line(report, 1, "Union").data["strength"] == 120
    fired = fire_lines(report, 1, "Union")
    assert [(l.data["column"], l.data["strength"]) for l in fired] == [("56", 56), ("56", 56), ("6-16", 8)]
    assert [p for p in purposes(report) if p.startswith("CRT round 1 Union")] == [
        "CRT round 1 Union 1", "CRT round 1 Union 2", "CRT round 1 Union 3"]
    losses = next(l for l in lines(report, "Round 1") if l.data.get("side") == "Confederate" and "loss" in l.data
                  and "committed_loss" in l.data)
    assert losses.data["loss"] == sum(l.data["result"] for l in fired)


def demoralization_example(litn_demo, tmp_path, rolls):
    # A 30-point force (A.P. Hill 10, R.H. Anderson 7, Hood 7, Walker 6) commits 60%: 18 points; 10% is 2.
    demo = position(litn_demo, tmp_path / "e6", {"Hood": "1622", "A.P. Hill": "1622", "XII Corps (Mansfield)": "1622"})
    return run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="assault",
               defender_option="stand", units="A.P. Hill,R.H. Anderson,Hood,Walker", rolls=rolls)


def test_10_6_demoralization_example_thirty_points_sixty_percent(litn_demo, tmp_path):
    # Lee's column 1 reads 60% at 6; Mansfield's 10 points (column 6-16, +1 bonus +1 defender) kill
    # 1 on a d6 of 1, in each of the two rounds. The check comes at the end of round 2, not before.
    assert CHART["commitment_table"]["6"][0] == 60 and CHART["combat_options_chart"]["assault"][1] == 2
    rolls = ["commitment Confederate=6", "commitment Union=12", "depletion*=1",
             "CRT round 1 Union=1", "CRT round 2 Union=1", "CRT round 1 Confederate=1", "CRT round 2 Confederate=1",
             "demoralization round 1 Union=1", "demoralization round 2 Union=1",
             "demoralization round 2 Confederate=6"]
    report, _ = demoralization_example(litn_demo, tmp_path, rolls)
    commit = line_of(report, "Commitment", side="Confederate")
    assert (commit.data["total"], commit.data["percent"], commit.data["committed"]) == (30, 60, 18)
    assert [l.data["result"] for n in (1, 2) for l in fire_lines(report, n, "Union")] == [1, 1]
    assert "demoralization round 1 Confederate" not in purposes(report)
    check = line_of(report, "Round 2", side="Confederate", round=2, roll=6)
    # 2 of 18: one full 10%; Lee's command rating is 1.
    assert check.data["modifiers"] == {"10% of the committed strength lost": 1, "command rating 1": -1}
    assert (check.data["total"], check.data["demoralized"]) == (6, True)
    # 10.6: "if the player has lost 29%, add 2".
    assert tenths_lost(29, 100) == 2 and must_check_morale(2, 18) and not must_check_morale(1, 18)


def test_10_6_each_demoralization_check_marks_demoralized_1_or_0_for_its_side(litn_demo, tmp_path):
    rolls = ["commitment Confederate=6", "commitment Union=12", "depletion*=1",
             "CRT round 1 Union=1", "CRT round 2 Union=1", "CRT round 1 Confederate=1", "CRT round 2 Confederate=1",
             "demoralization round 1 Union=1", "demoralization round 2 Union=1",
             "demoralization round 2 Confederate=6"]
    report, _ = demoralization_example(litn_demo, tmp_path, rolls)
    assert [(q.of, q.value) for q in report.quantities() if q.name == "demoralized"] == [
        ("Union", 0), ("Confederate", 1), ("Union", 0)]   # round 1 Union; round 2 the attacker first


def test_10_6_a_demoralized_force_retreats_and_is_written_demoralized(litn_demo, tmp_path):
    rolls = ["commitment Confederate=6", "commitment Union=12", "depletion*=1",
             "CRT round 1 Union=1", "CRT round 2 Union=1", "CRT round 1 Confederate=1", "CRT round 2 Confederate=1",
             "demoralization round 1 Union=1", "demoralization round 2 Union=1",
             "demoralization round 2 Confederate=6"]
    report, game = demoralization_example(litn_demo, tmp_path, rolls)
    retreat = line_of(report, "Retreats", side="Confederate")
    assert "demoralized" in retreat.text and set(retreat.data["units"]) == {"A.P. Hill", "R.H. Anderson", "Hood",
                                                                             "Walker"}
    assert line_of(report, "Written to the game", unit="Hood").text == "Hood: demoralized"
    assert property_of(game, "Hood", "Demoralized") == "true"   # the demo's counters carry the state
    victory = line_of(report, "Victory", winner="Union")
    assert (victory.data["major"], victory.data["vp"], victory.data["losses"]) == (False, 0, 2)
    # The losses are written, each SP from the unit with the most left: A.P. Hill's 10.
    assert [property_of(game, name, "Strength") for name in ("A.P. Hill", "R.H. Anderson", "Hood", "Walker")] \
        == ["8", "7", "7", "6"]


def test_10_5_the_owner_orders_his_losses(litn_demo, tmp_path):
    rolls = ["commitment Confederate=6", "commitment Union=12", "depletion*=1",
             "CRT round 1 Union=1", "CRT round 2 Union=1", "CRT round 1 Confederate=1", "CRT round 2 Confederate=1",
             "demoralization round 1 Union=1", "demoralization round 2 Union=1",
             "demoralization round 2 Confederate=1"]
    demo = position(litn_demo, tmp_path / "order", {"Hood": "1622", "A.P. Hill": "1622",
                                                      "XII Corps (Mansfield)": "1622"})
    report, game = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="assault",
                       defender_option="stand", units="A.P. Hill,R.H. Anderson,Hood,Walker",
                       confederate_losses="Walker", rolls=rolls)
    assert property_of(game, "Walker", "Strength") == "4" and property_of(game, "A.P. Hill", "Strength") == "10"
    # No one is demoralized; Mansfield, with no supply line, retreats after the last round.
    assert "unsupplied: retreats after the last round" in line_of(report, "Retreats", side="Union").text
    assert line_of(report, "Victory", winner="Confederate").data["losses"] == 4


# ---- 10, 10.1 who attacks ----

def test_10_the_higher_initiative_decides_first(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "init", {"XII Corps (Mansfield)": "1622"})
    report, _ = run(demo, "battle", hex="1622", attacker="Union", attacker_option="probe", defender_option="stand",
                    rolls=["depletion*=1"])
    who = lines(report, "Who may attack")
    assert [l.data.get("initiative") for l in who[:2]] == [2, 3]   # Mansfield 2, Lee 3
    assert who[2].data["first"] == "Confederate" and "so Union may" in who[2].text


def test_10_1_the_union_artillery_attacks_only_with_infantry(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "guns", {"McLaws": "2715"})
    with pytest.raises(ValueError, match="may attack only with Union infantry"):
        run(demo, "battle", hex="2715", attacker="Union", attacker_option="probe", defender_option="stand",
            units="Artillery Reserve")
    report, _ = run(demo, "battle", hex="2715", attacker="Union", attacker_option="probe", defender_option="stand",
                    rolls=["depletion*=1"])
    assert line_of(report, "Participating", side="Union").data["units"] == ["II Corps (Sumner)", "Artillery Reserve"]


def test_10_1_demoralized_units_do_not_attack(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "demo", {"XII Corps (Mansfield)": "1622"}, {"Walker": ["demoralized"]})
    report, _ = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe",
                    defender_option="stand", rolls=["depletion*=1"])
    assert line_of(report, "Participating", side="Confederate").data["units"] == ["McLaws", "R.H. Anderson"]
    with pytest.raises(ValueError, match="Walker is demoralized"):
        run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe", defender_option="stand",
            units="Walker")


# ---- 10.3 options, 10.4 commitment ----

def test_10_3_unsupplied_units_may_not_assault(litn_demo, tmp_path):
    # Hooker on the Confederate wagon's hex cuts its line (10.2).
    demo = position(litn_demo, tmp_path / "cut", {"I Corps (Hooker)": "1721", "XII Corps (Mansfield)": "1622"})
    with pytest.raises(ValueError, match="unsupplied"):
        run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="assault", defender_option="stand")


def test_10_3_a_demoralized_defender_may_not_choose_pitched_battle_nor_withdraw_without_retreat(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "def", {"XII Corps (Mansfield)": "1622"},
                    {"XII Corps (Mansfield)": ["demoralized"]})
    with pytest.raises(ValueError, match="demoralized: no Pitched Battle"):
        run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe", defender_option="pitched")
    with pytest.raises(ValueError, match="no legal retreat path"):
        run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe", defender_option="withdraw",
            defender_can_retreat=False)


def test_10_4_commitment_modifiers_and_mcclellan_commands_at_4(litn_demo, tmp_path):
    # McClellan (printed 3) leads the defence of 2715 at 4; a demoralized defender -1, Withdraw -1.
    demo = position(litn_demo, tmp_path / "mac", {"McLaws": "2715", "Longstreet": "2715"},
                    {"Artillery Reserve": ["demoralized"]})
    report, _ = run(demo, "battle", hex="2715", attacker="Confederate", attacker_option="probe",
                    defender_option="withdraw", rolls=["commitment Union=7", "commitment Confederate=7",
                                                       "depletion*=1"])
    union = line_of(report, "Commitment", side="Union")
    assert (union.data["leader"], union.data["rating"]) == ("McClellan", 4)
    assert union.data["modifiers"] == {"Withdraw": -1, "demoralized defender": -1}
    assert union.data["percent"] == CHART["commitment_table"]["5"][3]
    confederate = line_of(report, "Commitment", side="Confederate")
    assert (confederate.data["leader"], confederate.data["rating"]) == ("Longstreet", 2)
    assert confederate.data["modifiers"] == {"Probe": -1}
    assert "retreats" in line_of(report, "Retreats", side="Union").text


# ---- 10.7 excess losses, 10.8 victory ----

def test_10_7_excess_losses_and_10_8_major_victory(litn_demo, tmp_path):
    # Mansfield's 10 points commit 20% (column 3, 2d6 2 -1 Withdraw = 1): 2 points. Lee's 21 fire on
    # 17-25 at d6 6 +2 +1 Pitched = 9: 5 SP, 3 more than committed: d6 6 + 3 on the Excess Losses Table.
    demo = position(litn_demo, tmp_path / "excess", {"XII Corps (Mansfield)": "1622"})
    rolls = ["commitment Confederate=12", "commitment Union=2", "depletion*=1", "CRT round 1 Confederate=6",
             "CRT round 1 Union=1", "excess losses round 1 Union=6", "demoralization round 1 Union=1",
             "CRT round 2 Confederate=6", "CRT round 2 Union=1", "excess losses round 2 Union=6",
             "demoralization round 2 Union=1"]
    report, game = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="pitched",
                       defender_option="withdraw", rolls=rolls)
    assert line_of(report, "Commitment", side="Union").data["committed"] == 2
    loss = next(l for l in lines(report, "Round 1") if l.data.get("side") == "Union" and "excess" in l.data)
    table = CHART["excess_losses_table"][str(min(12, 6 + 3))]
    assert (loss.data["loss"], loss.data["committed_loss"], loss.data["excess"]) == (5, 2, 3)
    assert loss.data["excess_removed"] == min(table, 8)
    lost = 10 - int(property_of(game, "XII Corps (Mansfield)", "Strength"))
    victory = line_of(report, "Victory", winner="Confederate")
    assert victory.data["losses"] == lost
    assert victory.data["major"] is (lost >= 15)
    earlier, _ = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="pitched",
                     defender_option="withdraw", rolls=rolls, earlier_union_losses=10)
    major = line_of(earlier, "Victory", winner="Confederate")
    assert (major.data["major"], major.data["vp"], major.data["losses"]) == (True, 5, lost + 10)


# ---- 13, 14 ----

def test_13_fortification_intrinsic_strength_entrenched(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "fort", {"XII Corps (Mansfield)": "1622"})
    report, _ = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe",
                    defender_option="stand", fortification=True, rolls=["commitment Union=12", "depletion*=1"])
    union = line_of(report, "Commitment", side="Union")
    assert (union.data["total"], union.data["committed"]) == (25, 25)   # 10 + the intrinsic 15
    assert head_line(report, 1, "Union").data["strength"] == 50         # all entrenched (13)
    assert head_line(report, 1, "Confederate").data["shift"] == -1
    alone = position(litn_demo, tmp_path / "alone", {"Pleasonton": "1622"})
    with pytest.raises(ValueError, match="without combat units: no Withdraw"):
        run(alone, "battle", hex="1622", attacker="Confederate", attacker_option="probe",
            defender_option="withdraw", fortification=True)


def test_14_1_solitaire_rolls_the_defenders_option(litn_demo, tmp_path):
    # Lee (combat bonus 2) defends: d6 3 - 1 = 2: Pitched Battle.
    demo = position(litn_demo, tmp_path / "solo", {"XII Corps (Mansfield)": "1622"})
    report, _ = run(demo, "battle", hex="1622", attacker="Union", attacker_option="probe", solitaire=True,
                    rolls=["solitaire defender option=3", "depletion*=1"])
    chosen = line_of(report, "Combat options", legal=True)
    assert (chosen.data["roll"], chosen.data["option"]) == (3, "pitched")
    assert "-1 (combat bonus 2)" in chosen.text


def test_14_2_surprise_attack(litn_demo, tmp_path):
    # Hooker (initiative 3) force marched into 1622: d6 2 < 3. No options, two rounds, the attacker
    # one column right, the defender silent in round 1.
    demo = position(litn_demo, tmp_path / "surprise", {"I Corps (Hooker)": "1622"})
    report, _ = run(demo, "battle", hex="1622", attacker="Union", surprise=True, force_marched="I Corps (Hooker)",
                    rolls=["surprise I Corps (Hooker)=2"])
    assert line_of(report, "Surprise", leader="I Corps (Hooker)").data["surprise"] is True
    assert head_line(report, 1, "Union").data["shift"] == 1
    assert fire_lines(report, 1, "Confederate") == []
    assert line_of(report, "Commitment", side="Confederate").data["modifiers"] == {}
    assert line_of(report, "Commitment", side="Union").data["modifiers"] == {
        "force march": CHART["commitment_modifiers"]["force_march"]}
    failed, _ = run(demo, "battle", hex="1622", attacker="Union", surprise=True, force_marched="I Corps (Hooker)",
                    rolls=["surprise I Corps (Hooker)=3"])
    assert [s.title for s in failed.sections][-1] == "Surprise attack (14.2)"


def test_14_3_a_natural_six_rolls_for_each_leader(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "six", {"XII Corps (Mansfield)": "1622"})
    rolls = ["commitment Confederate=12", "commitment Union=12", "depletion*=1", "CRT round 1 Confederate=6", "CRT round 1 Union=1",
             "leader McLaws round 1=5", "leader R.H. Anderson round 1=4", "leader Walker round 1=6",
             "leader Longstreet round 1=1"]
    report, _ = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe",
                    defender_option="stand", leader_casualties=True, rolls=rolls)
    killed = {l.data["leader"]: l.data["killed"] for l in lines(report, "Round 1") if "killed" in l.data}
    assert killed == {"Longstreet": False, "McLaws": True, "R.H. Anderson": False, "Walker": True}
    assert "R.E. Lee" not in killed   # department leaders never become casualties


def test_half_up_rounds_a_half_up():
    assert [half_up(x) for x in (0.5, 1.5, 2.49, 17.5)] == [1, 2, 2, 18]


def test_the_same_seed_writes_the_same_save_for_every_reader(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "seed", {"XII Corps (Mansfield)": "1622"})
    saved = []
    for side in ("referee", "Union", "Confederate"):
        _, game = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="assault",
                      defender_option="stand", seed=5, side=side)
        saved.append({p.name: dict(p.properties) for p in game.pieces})
    assert saved[0] == saved[1] == saved[2]


def test_the_chart_template_gives_the_battle_values_of_the_rule_text_and_leaves_the_charts_blank(litn_demo, tmp_path):
    from test_litn import TEMPLATE
    chart = tomllib.loads(TEMPLATE.read_text(encoding="utf-8"))
    crt = chart["combat_results_table"]
    assert {"6-16", "17-25", "56"} <= set(crt["columns"])                       # 10.5
    assert all(cell == "" for key, row in crt.items() if key != "columns" for cell in row)
    assert chart["commitment_modifiers"] == {"pitched": 1, "probe": -1, "withdraw": -1, "demoralized_defender": -1,
                                             "entrained": -1, "force_march": ""}
    assert chart["battle"]["intrinsic_strength"] == 15 and chart["battle"]["major_victory_losses"] == 15   # 13, 10.8
    demo = position(litn_demo, tmp_path / "blank", {"XII Corps (Mansfield)": "1622"})
    with pytest.raises(ValueError, match=r"\[combat_options_chart\] probe against stand is not filled in"):
        run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe", defender_option="stand",
            charts=TEMPLATE)


def test_odds_before_each_roll(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "odds", {"XII Corps (Mansfield)": "1622"})
    report, _ = run(demo, "battle", hex="1622", attacker="Confederate", attacker_option="probe",
                    defender_option="stand", odds=True, rolls=["commitment Union=12"])
    assert "(before the roll: " in line_of(report, "Commitment", side="Union").text
    assert all("(before the roll: " in l.text for l in fire_lines(report, 1, "Union"))
