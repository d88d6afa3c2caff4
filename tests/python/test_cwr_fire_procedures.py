"""The CWR fire procedures on the demo's saves (5.0-5.9, 8.2): the rules catalogue's worked examples
(3E) through cwr.fire-odds, refusals with their clauses, the fire rolled and applied and written back
through the companion file's [units], the lines of fire and their picture."""
from fractions import Fraction

import pytest

from adjutant_plugins.cwr.demo import CHARTS
from adjutant_plugins.cwr.fire_build import Sightlines
from adjutant_plugins.cwr.fire_procedure import FireRefused

from cwr_helpers import Demo, lines, piece_named


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-fire"))


def totals(report):
    """Each fire's total Fire Strength, in the report's order."""
    return [Fraction(line.data["fire_strength"]) for s in report.sections for line in s.lines
            if "column_value" in line.data]


def refusal_clauses(demo, save, **parameters):
    with pytest.raises(FireRefused) as refused:
        demo.run(save, "fire", **parameters)
    return [r.clause for r in refused.value.refusals], str(refused.value)


def prop(game, name, key):
    return piece_named(game, name).properties[key]


# ---- 5.2, 5.4: the worked examples on cwr-fire.vsav ----

def test_5_2_an_r6_at_one_hex_fires_12(demo):
    report, _ = demo.run("cwr-fire.vsav", "fire-odds", firers="19th Indiana", target="A2.03")
    assert totals(report) == [12]


def test_5_2_five_sp_at_three_hexes_fire_2_and_a_half(demo):
    report, _ = demo.run("cwr-fire.vsav", "fire-odds", firers="2nd Wisconsin", target="A2.09")
    assert totals(report) == [Fraction(5, 2)]
    assert any("column 2 (fractions dropped, 5.7)" in t for t in (line.text for line in lines(report)))


def test_5_4_r8_and_n5_split_2_guns_2_sp_and_3_guns_1_sp_fire_8_and_10(demo):
    report, _ = demo.run("cwr-fire.vsav", "fire-odds", firers="24th Michigan:2,Stevens's Battery:2", target="A9.06",
                         split="A10.05=24th Michigan:1,Stevens's Battery:3")
    assert totals(report) == [8, 10]


def test_5_4_2_a_split_uneven_when_it_could_be_even_is_refused(demo):
    clauses, _ = refusal_clauses(demo, "cwr-fire.vsav", firers="24th Michigan:1,Stevens's Battery:2", target="A9.06",
                                 split="A10.05=24th Michigan:2,Stevens's Battery:3")
    assert "5.4 (2)" in clauses


# ---- refusals ----

def test_4_2d_a_friendly_unit_blocks_small_arms_and_the_refusal_names_the_hex(demo):
    clauses, text = refusal_clauses(demo, "cwr-firefight.vsav", firers="76th New York", target="A9.06")
    assert clauses == ["5.3"]
    assert "blocked at A8.04" in text and "4.2d" in text


@pytest.mark.parametrize("where, side, frontal", [("A2.04", 3, False), ("A3.04", 4, False), ("A1.03", 1, True),
                                                  ("A3.03", 5, True)])
def test_3_3_fire_only_through_the_frontal_hexsides(demo, tmp_path, where, side, frontal):
    # 19th Indiana faces N (hexside 0); moved round 1st Tennessee in A2.03, the target lies through its
    # hexside `side` counted from the front.
    moved = demo.position("cwr-fire.vsav", tmp_path / "moved.vsav", moves={"19th Indiana": where})
    army = demo.army(moved)
    assert army.relative_side(army.named("19th Indiana"), "A2.03") == side
    if frontal:
        report, _ = demo.run(moved, "fire-odds", firers="19th Indiana", target="A2.03")
        assert totals(report) == [12]
    else:
        clauses, _ = refusal_clauses(demo, moved, firers="19th Indiana", target="A2.03")
        assert clauses == ["3.3"]



@pytest.mark.parametrize("target, frontal", [("A10.05", False), ("A6.05", False), ("A9.07", True)])
def test_3_3_never_fire_along_a_hexside_directly_to_the_right_or_left(demo, tmp_path, target, frontal):
    # 19th Indiana in A8.05 faces N. Due E (A10.05) and due W (A6.05) the line leaves through the corner
    # between a frontal and a rear hexside and runs along the hexside to its right or left; to A9.07 it
    # leaves through the corner between its N and NE hexsides, both frontal.
    moved = demo.position("cwr-demo.vsav", tmp_path / "sideways.vsav",
                          moves={"19th Indiana": "A8.05", "1st Tennessee": "A10.05", "7th Tennessee": "A9.07",
                                 "2nd Mississippi": "A6.05"},
                          properties={"19th Indiana": {"Facing_Facing": 1}})
    line = Sightlines(demo.army(moved)).between("A8.05", target, "Union", "small arms")
    assert line.clear and line.steps[1][1] is not None          # it leaves through a corner
    if frontal:
        report, _ = demo.run(moved, "fire-odds", firers="19th Indiana", target=target)
        assert totals(report) == [6]
    else:
        clauses, _ = refusal_clauses(demo, moved, firers="19th Indiana", target=target)
        assert clauses == ["3.3"]
    report, _ = demo.run(moved, "fire-lines", side="Union", targets=target)
    found = [line.data["target"] for line in lines(report, "The Union lines") if line.data.get("hex") == "A8.05"]
    assert found == ([target] if frontal else [])

@pytest.mark.parametrize("name, values, clause", [
    ("19th Indiana", {"Formation": "column"}, "5.3a"),
    ("19th Indiana", {"State_Level": "4"}, "5.3a"),             # Routed
    ("19th Indiana", {"Ammo": "none"}, "8.2"),
    ("Stevens's Battery", {"Formation": "limbered"}, "5.3a"),
])
def test_5_3a_8_2_column_limbered_routed_and_no_ammo_units_may_not_fire(demo, tmp_path, name, values, clause):
    save = demo.position("cwr-fire.vsav", tmp_path / "unable.vsav", moves={"19th Indiana": "A9.04"},
                         properties={name: values})
    clauses, text = refusal_clauses(demo, save, firers=name, target="A9.06")
    assert clauses == [clause] and name in text


def test_5_1a_small_arms_sp_fire_from_the_top_of_the_stack(demo, tmp_path):
    stacked = demo.position("cwr-fire.vsav", tmp_path / "stacked.vsav", moves={"19th Indiana": "A9.04"})
    assert [u.name for u in demo.army(stacked).in_hex("A9.04")][0] == "19th Indiana"
    clauses, _ = refusal_clauses(demo, stacked, firers="24th Michigan", target="A9.06")
    assert clauses == ["5.1a"]                      # 19th Indiana above it does not fire
    clauses, _ = refusal_clauses(demo, stacked, firers="19th Indiana,24th Michigan", target="A9.06")
    assert clauses == ["5.1a"]                      # 14 SP: more than 8 out of one hex
    report, _ = demo.run(stacked, "fire-odds", firers="19th Indiana,24th Michigan:2", target="A9.06")
    assert totals(report) == [8]                    # 6 + the top 2 of the next at 1x


def test_5_0_one_side_fires(demo):
    with pytest.raises(ValueError, match="both sides"):
        demo.run("cwr-firefight.vsav", "fire", firers="76th New York,2nd Mississippi", target="A8.06")


# ---- the fire applied and written ----

def test_5_7c_an_11_makes_every_firer_low_ammo_and_low_ammo_no_ammo(demo, tmp_path):
    report, game = demo.run("cwr-fire.vsav", "fire", firers="19th Indiana", target="A2.03",
                            rolls=["fire at A2.03=11"])
    assert prop(game, "19th Indiana", "Ammo") == "low"
    game.save(str(tmp_path / "low.vsav"))
    report, game = demo.run(tmp_path / "low.vsav", "fire", firers="19th Indiana", target="A2.03",
                            rolls=["fire at A2.03=12"])
    assert prop(game, "19th Indiana", "Ammo") == "none"
    assert [line.data["columns"] for line in lines(report) if line.data.get("shift") == "low_ammo"] == [-1]   # 8.2
    _, game = demo.run("cwr-fire.vsav", "fire", firers="19th Indiana", target="A2.03", rolls=["fire at A2.03=10"])
    assert prop(game, "19th Indiana", "Ammo") == "normal"


def test_5_7b_5_8_5_9_6_2_casualties_stragglers_morale_and_wrecked_are_written(demo):
    # 12 strength on a 12: 4 casualties (the demo chart's column 12-15), 6 to 2 SP; Straggler Table 2
    # (a result of 2 or more) at column B with a 3: 1 SP, to 1; the Morale Check at B with 52: DG.
    report, game = demo.run("cwr-fire.vsav", "fire", firers="19th Indiana", target="A2.03",
                            rolls=["fire at A2.03=12", "straggler check 1st Tennessee=3",
                                   "morale check 1st Tennessee=52"])
    data = [line.data for line in lines(report)]
    assert [(d["unit"], d["casualties"], d["sp"]) for d in data if "casualties" in d] == [("1st Tennessee", 4, 2)]
    assert [(d["table"], d["stragglers"]) for d in data if "stragglers" in d] == [("straggler_table_2", 1)]
    assert [(d["column"], d["result"]) for d in data if d.get("table") == "morale_table"] == [("B", "DG")]
    assert prop(game, "1st Tennessee", "SP") == "1"
    assert prop(game, "1st Tennessee", "State_Level") == "3"      # DG
    assert prop(game, "1st Tennessee", "Wrecked") == "true"       # 1 of 6 SP (5.9)
    assert prop(game, "19th Indiana", "Ammo") == "low"            # and the 12 marks the firer Low Ammo (5.7c)


@pytest.mark.parametrize("roll, cell, column", [(5, "M", "C"), (7, "M+2", "A")])
def test_5_7a_m_is_a_morale_check_only_and_m_plus_2_two_columns_up(demo, roll, cell, column):
    # 147th New York (M5) at 2 hexes: 5, column 4-5; 42nd Mississippi is rated C.
    report, game = demo.run("cwr-firefight.vsav", "fire", firers="147th New York", target="A8.06",
                            rolls=[f"fire at A8.06={roll}", "morale check 42nd Mississippi=11"])
    data = [line.data for line in lines(report)]
    assert [d["result"] for d in data if "roll" in d and "column" in d and d.get("table") is None] == [cell]
    assert [d["column"] for d in data if d.get("table") == "morale_table"] == [column]
    assert not any("casualties" in d or "stragglers" in d for d in data)
    assert prop(game, "42nd Mississippi", "SP") == "5"


def marked(report):
    """{(quantity, of): its values added up, as a simulation counts one run}."""
    totals = {}
    for q in report.quantities():
        totals[(q.name, q.of)] = totals.get((q.name, q.of), 0) + q.value
    return totals


@pytest.mark.parametrize("rolls, casualties, stragglers, sp_lost, retreat", [
    # 2: 2 casualties (5 to 3), Straggler Table 2 at C on a 6: 3 SP (3 to 0), no unit left to check morale
    (["fire at A8.06=10", "straggler check 42nd Mississippi=6"], 2, 3, 5, 0),
    # 1: 1 casualty, Table 1 on a 1: none; the Morale Check's SHB1L1 loses 1 more, a straggler (5.8, 6.2),
    # and retreats 1
    (["fire at A8.06=9", "straggler check 42nd Mississippi=1", "morale check 42nd Mississippi=43"], 1, 1, 2, 1),
    # M: a Morale Check only, NE: fired on and checked, nothing lost, no retreat
    (["fire at A8.06=5", "morale check 42nd Mississippi=11"], 0, 0, 0, 0),
    # -: no effect, no check
    (["fire at A8.06=2"], 0, 0, 0, 0),
])
def test_the_unit_fired_on_marks_casualties_stragglers_and_all_its_sp_lost_zero_included(demo, rolls, casualties,
                                                                                          stragglers, sp_lost,
                                                                                          retreat):
    report, _ = demo.run("cwr-firefight.vsav", "fire", firers="147th New York", target="A8.06", rolls=rolls)
    assert marked(report) == {("range", "A8.04"): 2, ("fire strength", "147th New York"): 5,
                              ("casualties", "42nd Mississippi"): casualties,
                              ("stragglers", "42nd Mississippi"): stragglers,
                              ("SP lost", "42nd Mississippi"): sp_lost, ("retreat hexes", "A8.06"): retreat}


def test_5_3e_a_fire_below_strength_1_marks_the_unit_fired_on_as_losing_nothing(demo):
    report, _ = demo.run("cwr-fire.vsav", "fire", firers="2nd Wisconsin:1", target="A2.09")   # 1 SP x 1/2
    assert not report.rolls
    assert {k: v for k, v in marked(report).items() if k[0] not in ("range", "fire strength")} == {
        ("casualties", "7th Tennessee"): 0, ("stragglers", "7th Tennessee"): 0, ("SP lost", "7th Tennessee"): 0,
        ("retreat hexes", "A2.09"): 0}


# ---- the lines of fire ----

def test_fire_lines_clear_and_blocked_with_the_blocking_hex(demo, tmp_path):
    picture = tmp_path / "lines.png"
    report, _ = demo.run("cwr-firefight.vsav", "fire-lines", side="Union", picture=str(picture))
    found = {(line.data["hex"], line.data["target"]): line.data for line in lines(report, "The Union lines")}
    assert found[("A8.04", "A8.06")]["sight"] == "clear"
    assert found[("A7.04", "A9.06")]["blocked_at"] == "A8.04"
    assert found[("A7.04", "A9.06")]["path"][-1] == "A8.04"
    zones = {line.data["unit"]: line.data["hexes"] for line in lines(report, "The Union frontal")}
    assert sorted(zones["147th New York"]) == sorted(demo.army("cwr-firefight.vsav").frontal_hexes(
        demo.army("cwr-firefight.vsav").named("147th New York")))
    assert picture.exists() and picture.stat().st_size > 1000


# ---- the column shifts the map gives ----

def shifts(report):
    return [line.data["shift"] for line in lines(report) if "shift" in line.data]


@pytest.mark.parametrize("where, flank", [("A4.03", True), ("A3.03", False)])
def test_3_3_fire_entering_through_the_targets_rear_is_flanking(demo, tmp_path, where, flank):
    # 1st Tennessee in A2.03 faces S: from A4.03 the line enters along its NE (rear) hexside. 19th Indiana
    # faces SW, so the line leaves it through the corner between its SW and NW (frontal) hexsides.
    moved = demo.position("cwr-fire.vsav", tmp_path / "flank.vsav", moves={"19th Indiana": where},
                          properties={"19th Indiana": {"Facing_Facing": 5}})
    report, _ = demo.run(moved, "fire-odds", firers="19th Indiana", target="A2.03")
    assert shifts(report) == (["flank"] if flank else [])


@pytest.mark.parametrize("where, slope", [("A3.03", True), ("A2.02", True), ("A5.03", False)])
def test_5_6b_a_slope_shifts_only_fire_crossing_it_from_below(demo, tmp_path, where, slope):
    # A4.03 is on the ridge (level 1), its slope hexsides face west (A3.03, A3.04); A5.03 is level 1 too.
    moved = demo.position("cwr-fire.vsav", tmp_path / "slope.vsav",
                          moves={"19th Indiana": where, "1st Tennessee": "A4.03"})
    report, _ = demo.run(moved, "fire-odds", firers="19th Indiana", target="A4.03")
    assert ("slope" in shifts(report)) == slope



@pytest.mark.parametrize("where, facing, option, slope", [
    ("A2.06", 2, "none", False), ("A2.06", 2, "both", True), ("A2.06", 2, "either", True),
    ("A3.05", 1, "none", False), ("A3.05", 1, "both", False), ("A3.05", 1, "either", True)])
def test_5_6b_option_slope_at_corner(demo, tmp_path, where, facing, option, slope):
    # 1st Tennessee on the ridge in A4.06 (level 1), 2nd Wisconsin 2 hexes off at level 0. From A2.06 the
    # line enters A4.06 at the corner of its two slope hexsides (with A3.06 and A3.07), both crossed from
    # below; from A3.05 at the corner of the slope hexside with A3.06 and the plain one with A4.05 (level 1).
    moved = demo.position("cwr-demo.vsav", tmp_path / "corner.vsav",
                          moves={"7th Tennessee": "A16.12", "Archer": "A16.11", "1st Tennessee": "A4.06",
                                 "2nd Wisconsin": where},
                          properties={"2nd Wisconsin": {"Facing_Facing": facing}})
    line = Sightlines(demo.army(moved)).between(where, "A4.06", "Union", "small arms")
    assert line.clear and line.steps[-2][1] is not None         # it enters through a corner
    charts = tmp_path / "charts.toml"
    charts.write_text(CHARTS.read_text(encoding="utf-8") + f'\nslope_at_corner = "{option}"\n', encoding="utf-8")
    report, _ = demo.run(moved, "fire-odds", charts=charts, firers="2nd Wisconsin", target="A4.06")
    assert totals(report) and ("slope" in shifts(report)) == slope

# ---- the demo's firefight: a log with every roll in the chat ----

def test_the_firefight_log_holds_the_reports_and_the_changes(tmp_path):
    from rich.console import Console
    from adjutant_plugins.cwr import plugin
    plugin.demonstration.run(tmp_path, Console(quiet=True))
    demo = Demo(tmp_path)
    log = demo.game("firefight.vlog")
    army = demo.army("firefight.vlog")
    assert army.named("55th North Carolina").sp < 8 and army.named("55th North Carolina").state != "normal"
    assert army.named("147th New York").ammo == "low"     # the 11 given to the first fire (5.7c)
    assert (tmp_path / "fire-lines.png").exists()
    text = (tmp_path / "firefight.txt").read_text()
    assert "fire at A9.06: 2d6 = 11 (given)" in text and text.count("Rolls (seed") == 3
    chat = [step.encode() for step in log.steps if "CHAT" in step.encode()]
    assert any("2d6 11: column 9-11" in c for c in chat)                  # each roll in the chat, with its result
    assert any("Straggler Check" in c and "rolls d6" in c for c in chat)
    assert any("Morale Check (6.1): 2nd Mississippi" in c and "d66" in c for c in chat)
