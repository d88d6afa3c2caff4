"""Lee Moves North procedures on the demo's module and saves: movement without command control
(11.1), the forced march (5.6), the cavalry probe (17.2), desertion (18.2), the militia (18.3),
dummies (6.0), victory (20.1-20.2) and supply (16), each test named after its clause."""
import pytest

from adjutant_plugins.lmn.demo import CHARTS
from adjutant.procedures.report import Quantity
from lmn_helpers import Demo, lines, piece_named, where


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lmn-demo"))


# ---- 11.1 ----

def test_11_1_the_union_moves_the_roll_less_one_along_its_route(demo):
    report, game = demo.run("lmn-demo.vsav", "no-command-move", unit="XII Corps", route="2017,2016,2015,2014",
                            rolls=["XII Corps movement=3"])
    assert where(game, "XII Corps") == "2016"
    assert lines(report)[0].data["mp"] == 2


def test_11_1_a_confederate_unit_moves_the_whole_roll(demo, tmp_path):
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", moves={"J.R. Jones": "1530"})
    report, game = demo.run(save, "no-command-move", unit="J.R. Jones", route="1531,1532,1533",
                            rolls=["J.R. Jones movement=2"])
    assert where(game, "J.R. Jones") == "1532"


def test_11_0_a_unit_next_to_a_leader_needs_no_roll(demo):
    report, game = demo.run("lmn-demo.vsav", "no-command-move", unit="McLaws", route="1421")
    assert not report.rolls and lines(report)[0].data["in_command"]


def test_5_6_errata_a_forced_march_without_command_adds_two_then_rolls_for_disruption(demo):
    report, game = demo.run("lmn-demo.vsav", "no-command-move", unit="XII Corps", route="2017,2016,2015,2014",
                            force_march="true", rolls=["XII Corps movement=3", "XII Corps forced march=2"])
    assert where(game, "XII Corps") == "2014"   # 3 - 1 + 2 = 4 MP, 3 spent
    assert piece_named(game, "XII Corps").properties["Disrupted"] == "true"


@pytest.mark.parametrize("roll, disrupted", [(1, "true"), (3, "true"), (4, "false"), (6, "false")])
def test_5_6_r_a_forced_march_disrupts_on_1_to_3(demo, roll, disrupted):
    report, game = demo.run("lmn-demo.vsav", "force-march", units="Hood", rolls=[f"Hood forced march={roll}"])
    assert piece_named(game, "Hood").properties["Disrupted"] == disrupted


def test_7_2_e_an_entrained_unit_may_not_force_march(demo, tmp_path):
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", properties={"XI Corps": {"Entrained": "true"}})
    with pytest.raises(ValueError, match="entrained"):
        demo.run(save, "force-march", units="XI Corps")


# ---- 17.2 ----

def test_17_2_a_probe_of_1_to_4_reveals_and_dummies_let_the_cavalry_move_on(demo):
    report, _ = demo.run("lmn-demo.vsav", "probe", viewer="Confederate", unit="CSA Cavalry 1", hex="1815",
                         rolls=["CSA Cavalry 1 probe 1815=4"])
    found = lines(report)
    assert found[0].data["success"] and "Union Dummy 1" in found[1].text and found[2].data["keep_moving"]


def test_17_2_a_pass_adds_one_so_a_4_fails(demo, tmp_path):
    # 1417/1517 is Turner's Gap.
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", moves={"CSA Cavalry 1": "1417", "XI Corps": "1517"})
    report, _ = demo.run(save, "probe", unit="CSA Cavalry 1", hex="1517", rolls=["CSA Cavalry 1 probe 1517=4"])
    assert lines(report)[0].data == {"roll": 4, "modifier": 1, "total": 5, "success": False,
                                     "quantity": [Quantity("probe succeeds", 0, of="CSA Cavalry 1"),
                                                  Quantity("units turned face-up", 0, of="1517")]}


def test_17_1_a_real_units_found_stop_the_cavalry(demo, tmp_path):
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", moves={"XI Corps": "1815"})
    report, _ = demo.run(save, "probe", unit="CSA Cavalry 1", hex="1815", rolls=["CSA Cavalry 1 probe 1815=1"])
    assert lines(report)[-1].data["keep_moving"] is False


def test_17_1_a_face_down_cavalry_may_not_probe(demo):
    with pytest.raises(ValueError, match="face-up cavalry"):
        demo.run("lmn-demo.vsav", "probe", unit="Hood", hex="1815")


# ---- 18.2 ----

def test_18_2_b_a_desertion_roll_of_1_takes_a_step_and_scores_for_the_union(demo):
    report, game = demo.run("lmn-demo.vsav", "desertion", units="Hood,D.H. Hill",
                            rolls=["Hood desertion=1", "D.H. Hill desertion=2"])
    assert piece_named(game, "Hood").properties["Strength"] == "4"
    assert piece_named(game, "D.H. Hill").properties["Strength"] == "5"
    assert lines(report)[-1].data == {"vp": 1, "quantity": Quantity("VP", 1, of="Union")}


def test_18_1_a_confederate_dummies_never_cross(demo):
    with pytest.raises(ValueError, match="18.1 A"):
        demo.run("lmn-demo.vsav", "desertion", units="CSA Dummy 1")


# ---- 18.3 ----

def test_18_3_c_confederates_north_raise_four_militia_and_two_dummies(demo):
    report, game = demo.run("lmn-demo.vsav", "militia", dummy_towns="Columbia,Gettysburg")
    assert [where(game, f"Militia {n}") for n in range(1, 5)] == ["1608", "1907", "2409", "1812"]
    assert [where(game, f"Militia Dummy {n}") for n in (1, 2)] == ["2409", "1812"]


def test_18_3_d_no_confederate_north_removes_the_militia(demo, tmp_path):
    raised = tmp_path / "raised.vsav"
    _, game = demo.run("lmn-demo.vsav", "militia")
    game.save(str(raised))
    away = {n: "1530" for n in ("Lee", "Hood", "D.H. Hill", "Longstreet", "McLaws", "Anderson", "CSA Cavalry 1")}
    save = demo.position(raised, tmp_path / "south.vsav", moves=away)
    report, game = demo.run(save, "militia")
    assert all(where(game, f"Militia {n}") == "Off Map" for n in range(1, 5))
    assert lines(report)[0].data["confederates_north"] == 0


def test_18_3_d_militia_come_back_intact(demo, tmp_path):
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", properties={"Militia 2": {"Strength": "0"}})
    _, game = demo.run(save, "militia")
    assert piece_named(game, "Militia 2").properties["Strength"] == "1" and where(game, "Militia 2") == "1907"


# ---- 6.0 ----

def test_6_0_an_eliminated_dummy_goes_back_on_a_leader_south_of_the_potomac(demo):
    report, game = demo.run("lmn-demo.vsav", "dummies", side="Confederate")
    assert where(game, "CSA Dummy 4") == "1423"   # Jackson; Lee and Longstreet are north (18.1 A)
    with pytest.raises(ValueError, match="south of the Potomac"):
        demo.run("lmn-demo.vsav", "dummies", side="Confederate", at="CSA Dummy 4:1320")


# ---- 20 ----

def test_20_1_c_a_rail_line_blocked_by_zones_gives_the_confederates_10(demo):
    report, _ = demo.run("lmn-demo.vsav", "victory")
    rail = {l.data["line"]: l.data["clear"] for l in lines(report, "Rail lines")}
    assert list(rail.values()) == [True, False]
    total = next(l for l in lines(report, "Victory Points") if l.data.get("side") == "Confederate")
    assert total.data["vp"] == 10


def test_20_1_c_option_occupied_lets_zones_pass(demo, tmp_path):
    charts = tmp_path / "charts.toml"
    text = (demo.folder / "charts.toml").read_text()
    charts.write_text(text.replace('rail_control = "unblocked"', 'rail_control = "occupied"'))
    report, _ = demo.run("lmn-demo.vsav", "victory", charts=charts)
    assert all(l.data["clear"] for l in lines(report, "Rail lines"))


def test_20_1_b_washington_needs_both_hexes_for_the_union_and_one_for_the_confederates(demo, tmp_path):
    # 2322 emptied: held by the Union as at the start, or by the Confederates as control= says.
    save = demo.position("lmn-combat.vsav", tmp_path / "s.vsav", moves={"Pope": "2421", "Washington East": "2421"})

    def washington(**control):
        report, _ = demo.run(save, "victory", final="true", **control)
        line = next(l for l in lines(report, "Geographical") if l.data["objective"] == "Washington")
        return line.data["side"], line.data["vp"]
    assert washington() == ("Union", 25)
    assert washington(control="2322:Confederate") == ("Confederate", 150)


@pytest.mark.parametrize("union, confederate, level", [
    (0, 150, "Decisive Confederate Victory"), (0, 149, "Moderate Confederate Victory"),
    (0, 25, "Marginal Confederate Victory"), (0, 24, "Draw"), (10, 0, "Marginal Union Victory"),
    (26, 0, "Moderate Union Victory"), (51, 0, "Decisive Union Victory"), (9, 0, "Draw")])
def test_20_2_levels_of_victory(demo, tmp_path, union, confederate, level):
    # zones do not cut rail lines with rail_control = "occupied": no rail VP here.
    charts = tmp_path / "charts.toml"
    charts.write_text((demo.folder / "charts.toml").read_text().replace('rail_control = "unblocked"',
                                                                       'rail_control = "occupied"'))
    report, _ = demo.run("lmn-demo.vsav", "victory", union_vp=union, confederate_vp=confederate, charts=charts)
    assert lines(report, "Victory Points")[-1].data["level"] == level


# ---- 16 ----

def supply_states(report):
    return {l.data["unit"]: l.data["state"] for l in lines(report) if "state" in l.data}


def test_16_3_f_supplied_within_6_unsupplied_7_to_12(demo):
    report, _ = demo.run("lmn-demo.vsav", "supply", side="Confederate")
    states = supply_states(report)
    assert states["Walker"] == "supplied" and states["McLaws"] == "unsupplied"
    walker = next(l for l in lines(report) if l.data.get("unit") == "Walker")
    assert walker.data["hexes"] == 6 and walker.data["path"][-1] == "2143"


def test_16_3_f_option_rail_supply_literal_supplies_only_near_a_source_a_rail_line_leads_from(demo, tmp_path):
    # Union Dummy 1 (1815) is 3 hexes from the rail line out of Baltimore, far from the port itself.
    charts = tmp_path / "charts.toml"
    charts.write_text(CHARTS.read_text(encoding="utf-8").replace('rail_supply = "or"', 'rail_supply = "literal"'),
                      encoding="utf-8")
    report, _ = demo.run("lmn-demo.vsav", "supply", side="Union")
    assert supply_states(report)["Union Dummy 1"] == "supplied"
    report, _ = demo.run("lmn-demo.vsav", "supply", side="Union", charts=charts)
    assert supply_states(report)["Union Dummy 1"] == "unsupplied"
    dummy = next(l for l in lines(report) if l.data.get("unit") == "Union Dummy 1")
    assert "not of a source one leads from (option rail_supply, 16.3)" in dummy.text
    assert supply_states(report)["XII Corps"] == "supplied"   # 6 hexes from Baltimore itself


def test_16_0_leaders_face_up_cavalry_and_fortifications_are_always_supplied(demo):
    report, _ = demo.run("lmn-demo.vsav", "supply")
    states = supply_states(report)
    assert {states[n] for n in ("Lee", "CSA Cavalry 1", "Washington East", "Pope")} == {"supplied"}


def test_16_2_c_enemy_units_block_the_path(demo, tmp_path):
    # Union units across the Orange and Alexandria at Manassas and around it cut the Confederates' rail.
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav",
                         moves={"I Corps": "2027", "IX Corps": "1928", "XI Corps": "2026"})
    report, _ = demo.run(save, "supply", side="Confederate")
    assert supply_states(report)["Walker"] != "supplied"


# ---- from the rulebook try-out ----

def test_9_1_a_a_move_without_command_pays_one_to_enter_a_hex_of_other_infantry(demo, tmp_path):
    # Hood 1621 to 1623 (D.H. Hill there) on a 4: 1622 for 1, then 1623 for 1 + 2 (river) + 1 (9.1 A).
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", moves={"Hood": "1621", "D.H. Hill": "1623"})
    report, game = demo.run(save, "no-command-move", unit="Hood", route="1622,1623", rolls=["Hood movement=4"])
    assert where(game, "Hood") == "1622"
    alone = demo.position("lmn-demo.vsav", tmp_path / "t.vsav", moves={"Hood": "1621", "D.H. Hill": "1610"})
    report, game = demo.run(alone, "no-command-move", unit="Hood", route="1622,1623", rolls=["Hood movement=4"])
    assert where(game, "Hood") == "1623"


def test_7_2_e_an_entrained_unit_moving_without_command_may_not_force_march(demo, tmp_path):
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", properties={"XI Corps": {"Entrained": "true"}})
    with pytest.raises(ValueError, match="entrained: units moving by rail may not force march"):
        demo.run(save, "no-command-move", unit="XI Corps", route="1711", force_march="true")


def test_5_2_h_no_militia_is_placed_in_a_town_confederate_units_hold(demo, tmp_path):
    save = demo.position("lmn-demo.vsav", tmp_path / "s.vsav", moves={"Hood": "1812"})
    report, game = demo.run(save, "militia", dummy_towns="Columbia,Gettysburg")
    assert where(game, "Militia 4") != "1812" and where(game, "Militia Dummy 2") != "1812"
    refused = [l.data["unit"] for l in lines(report) if l.data.get("placed") is False]
    assert refused == ["Militia 4", "Militia Dummy 2"]


def test_16_4_g_the_depot_is_a_source_within_10_hexes_of_a_rail_line_from_one_or_by_option_only_of_a_source(
        demo, tmp_path):
    # Longstreet made the depot at 2016: 9 hexes from the Orange and Alexandria at 2025, which runs
    # clear to Gordonsville (2143); Hood 6 hexes from the depot, every other unit off the map.
    others = [p.name for p in demo.game("lmn-demo.vsav").pieces
              if p.map == "Main Map" and p.name not in ("Longstreet", "Hood")]
    save = demo.position("lmn-demo.vsav", tmp_path / "depot.vsav", moves={"Longstreet": "2016", "Hood": "2010"},
                         properties={"Longstreet": {"Type": "depot", "Kind": "depot"}}, off_map=others)
    report, _ = demo.run(save, "supply", side="Confederate")
    depot = next(l for l in lines(report) if "depot" in l.data)
    assert depot.data["depot_source"] and "or of a rail line leading from one (16.1 B)" in depot.text
    assert supply_states(report)["Hood"] == "supplied"
    charts = tmp_path / "charts.toml"
    charts.write_text(CHARTS.read_text(encoding="utf-8").replace('depot_reach = "rail"', 'depot_reach = "sources"'),
                      encoding="utf-8")
    report, _ = demo.run(save, "supply", side="Confederate", charts=charts)
    assert not next(l for l in lines(report) if "depot" in l.data).data["depot_source"]
    assert supply_states(report)["Hood"] == "isolated"


def test_12_3_k_odds_below_the_crt_are_read_on_its_lowest_column_and_said(demo, tmp_path):
    # CSA Cavalry 1 alone (1) against XI Corps (9) at 2006: 1-9.
    others = [p.name for p in demo.game("lmn-demo.vsav").pieces
              if p.map == "Main Map" and p.name not in ("CSA Cavalry 1", "XI Corps")]
    save = demo.position("lmn-demo.vsav", tmp_path / "low.vsav", moves={"CSA Cavalry 1": "2005", "XI Corps": "2006"},
                         off_map=others)
    report, _ = demo.run(save, "odds", hex="2006")
    below = next(l for l in lines(report) if l.data.get("below_table"))
    assert below.text.startswith("odds 1-9: below the lowest column") and "read there" in below.text
