"""The LIN turn's bookkeeping on the demo game: the Initiative Phase (5, 5.1), the Initial Phase
(4.1, 4.2, 9.2, 15.4, 15.6), the Conclusion Phase's undepletion and victory points (9.2, 15.1,
15.2, 15.5) and the sequence of play (3.1). Positions are copies of the demo save with pieces
moved, unit properties and global properties set (game.move_piece, set_property,
set_global_property), written to tmp_path."""
import tomllib
from fractions import Fraction
from types import SimpleNamespace

import pytest

import adjutant
from adjutant.procedures.kept import KeptValueError
from adjutant.procedures.report import Quantity

from adjutant_plugins.litn.army import ArmyError
from adjutant_plugins.litn.charts import LitnCharts
from adjutant_plugins.litn.victory import victory_level
from test_litn import CHARTS, TEMPLATE, line_of, lines, run
from test_litn_procedures import place


def position(litn_demo, folder, moves=None, properties=None, globals_=None):
    """A copy of the demo save with pieces moved ({name: hex}), unit properties set ({name: {property:
    value}}) and global properties set ({name: value}), as `run` takes it."""
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    for name, hex_name in (moves or {}).items():
        place(game, name, hex_name)
    for name, values in (properties or {}).items():
        piece = next(p for p in game.pieces if p.name == name)
        for prop, value in values.items():
            game.set_property(piece.id, prop, value)
    for name, value in (globals_ or {}).items():
        game.set_global_property(name, value)
    folder.mkdir(exist_ok=True)
    game.save(str(folder / "litn-demo.vsav"))
    return SimpleNamespace(dir=folder, module=litn_demo.module, companion=litn_demo.companion)


def saved(game, tmp_path, name="out.vsav"):
    """The game as written back and read again."""
    game.save(str(tmp_path / name))
    return adjutant.open_game(str(tmp_path / name))


def only(report, section_start, **match):
    return line_of(report, section_start, **match).data


# ---- 5, 5.1: the Initiative Phase ----

def test_5_the_confederate_player_rolls_and_chooses_on_1_to_5(litn_demo):
    report, _ = run(litn_demo, "initiative", rolls=["initiative Confederate=5"])
    assert only(report, "Initiative", roller="Confederate")["chooser"] == "Confederate"
    report, _ = run(litn_demo, "initiative", rolls=["initiative Confederate=6"])
    assert only(report, "Initiative", roller="Confederate")["chooser"] == "Union"


def test_5_1_once_the_dispatch_is_found_the_union_rolls_for_initiative(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "found", globals_={"LostDispatch": "true", "Turn": "7"})
    report, _ = run(demo, "initiative", rolls=["initiative Union=2"])
    assert only(report, "Initiative", roller="Union")["chooser"] == "Union"
    report, _ = run(demo, "initiative", rolls=["initiative Union=6"])
    assert only(report, "Initiative", roller="Union")["chooser"] == "Confederate"
    # 5.1 is a rule of 1862 only: a found dispatch in 1863 changes nothing.
    report, _ = run(demo, "initiative", year=1863, rolls=["initiative Confederate=1"])
    assert only(report, "Initiative")["roller"] == "Confederate"


def test_5_1_the_dispatch_is_found_on_1_or_2_and_written_to_the_game(litn_demo, tmp_path):
    report, game = run(litn_demo, "lost-dispatch", turn=6, rolls=["Lost Dispatch=2"])
    assert only(report, "The Lost Dispatch")["found"] is True
    assert saved(game, tmp_path).global_property("LostDispatch") == "true"
    report, game = run(litn_demo, "lost-dispatch", turn=6, rolls=["Lost Dispatch=3"])
    assert only(report, "The Lost Dispatch")["found"] is False
    assert game.change_count == 0 and game.global_property("LostDispatch") == "false"


def test_5_1_no_roll_before_turn_6_nor_once_found(litn_demo, tmp_path):
    report, _ = run(litn_demo, "lost-dispatch", turn=5)
    assert only(report, "The Lost Dispatch")["rolled"] is False and not report.rolls
    demo = position(litn_demo, tmp_path / "found", globals_={"LostDispatch": "true", "Turn": "8"})
    report, game = run(demo, "lost-dispatch")
    assert only(report, "The Lost Dispatch") == {"found": True, "rolled": False}
    assert not report.rolls and game.change_count == 0
    report, _ = run(litn_demo, "lost-dispatch", turn=8, year=1863)
    assert only(report, "The Lost Dispatch")["rolled"] is False


# ---- 4.2 militia ----

def test_4_2_no_militia_without_5_net_vp_or_a_unit_within_15_hexes_of_harrisburg(litn_demo):
    report, game = run(litn_demo, "militia", net_vp=4)
    assert only(report, "Union militia")["triggered"] is False
    assert not report.rolls and game.change_count == 0


def test_4_2_five_net_vp_start_the_militia_rolls_for_good(litn_demo, tmp_path):
    report, game = run(litn_demo, "militia", net_vp=5, rolls=["militia=4"])
    chart = tomllib.loads(CHARTS.read_text(encoding="utf-8"))["union_militia_table"]
    assert only(report, "Union militia", roll=4)["militia_units"] == chart["4"]
    assert saved(game, tmp_path).global_property("Militia") == "true"
    # Once met, the Union rolls every turn even with fewer VP and no Confederate near.
    demo = position(litn_demo, tmp_path / "met", globals_={"Militia": "true"})
    report, _ = run(demo, "militia", net_vp=0, rolls=["militia=6"])
    assert only(report, "Union militia", roll=6)["militia_units"] == chart["6"]


def test_4_2_a_confederate_combat_unit_within_15_hexes_of_harrisburg(litn_demo, tmp_path):
    mv = adjutant.open_companion(str(litn_demo.companion), adjutant.open_module(str(litn_demo.module))).movement(
        "Main Map")
    assert (mv.distance("2604", "2619"), mv.distance("2604", "2620")) == (15, 16)
    near = position(litn_demo, tmp_path / "near", moves={"Hood": "2619"})
    report, _ = run(near, "militia", net_vp=0, rolls=["militia=1"])
    assert any("Hood in 2619 is 15 hexes" in l.text for l in lines(report, "Union militia"))
    far = position(litn_demo, tmp_path / "far", moves={"Hood": "2620"})
    report, _ = run(far, "militia", net_vp=0)
    assert only(report, "Union militia")["triggered"] is False


def test_4_2_no_militia_while_harrisburg_is_confederate_controlled(litn_demo):
    report, _ = run(litn_demo, "militia", net_vp=6, harrisburg_controlled=True)
    assert only(report, "Union militia", militia_units=0) and not report.rolls


# ---- 15.4 reorganization ----

DISORGANIZED = ("II Corps (Sumner)", "VI Corps (Franklin)", "IX Corps (Burnside)", "XII Corps (Mansfield)")


def disorganized(litn_demo, folder):
    """The demo save with four Union corps still disorganized (face down), as early in scenario 2."""
    return position(litn_demo, folder, properties={name: {"Disorganized": "true"} for name in DISORGANIZED})


def test_15_4_up_to_four_units_within_three_hexes_of_mcclellan_reorganize_on_1_to_4(litn_demo, tmp_path):
    litn_demo = disorganized(litn_demo, tmp_path / "d")
    report, game = run(litn_demo, "reorganization", turn=2,
                       rolls=["reorganize II Corps (Sumner)=4", "reorganize IX Corps (Burnside)=5",
                              "reorganize VI Corps (Franklin)=1"])
    tried = {l.data["unit"]: l.data["reorganized"] for l in lines(report, "Union reorganization") if "unit" in l.data}
    # XII Corps (2634) is far from McClellan (2715): it may not try.
    assert tried == {"II Corps (Sumner)": True, "IX Corps (Burnside)": False, "VI Corps (Franklin)": True}
    after = saved(game, tmp_path)
    state = {n: next(p for p in after.pieces if p.name == n).properties["Disorganized"] for n in tried}
    assert state == {"II Corps (Sumner)": "false", "IX Corps (Burnside)": "true", "VI Corps (Franklin)": "false"}
    with pytest.raises(ValueError, match="XII Corps"):
        run(litn_demo, "reorganization", turn=2, units=["XII Corps (Mansfield)"])


def test_15_4_on_turn_5_every_unit_reorganizes_without_a_roll(litn_demo, tmp_path):
    report, game = run(disorganized(litn_demo, tmp_path / "d"), "reorganization")
    assert {l.data["unit"] for l in lines(report, "Union reorganization")} == set(DISORGANIZED)
    assert not report.rolls
    assert all(p.properties.get("Disorganized") in (None, "false") for p in saved(game, tmp_path).pieces)


def test_15_4_reorganization_is_scenario_2_only(litn_demo):
    report, game = run(litn_demo, "reorganization", scenario=1, turn=4)
    assert not report.rolls and game.change_count == 0


# ---- 15.6 Hooker and variable entry ----

HOOKER = dict(scenario=3, year=1863, hooker="McClellan", meade="I Corps (Hooker)")


def test_15_6_hooker_is_replaced_on_d6_plus_the_box_of_6_or_more(litn_demo, tmp_path):
    report, game = run(litn_demo, "hooker", turn=2, vp=3, rolls=["Hooker dissatisfaction=2"], **HOOKER)
    assert any(l.data.get("box") == 4 for l in lines(report, "Hooker"))
    replaced = only(report, "Hooker", roll=2)
    assert replaced["replaced"] is True and replaced["hex"] == "2412"
    assert saved(game, tmp_path).global_property("HookerBox") == "4"
    report, _ = run(litn_demo, "hooker", turn=2, vp=3, rolls=["Hooker dissatisfaction=1"], **HOOKER)
    assert only(report, "Hooker", roll=1)["replaced"] is False


def test_15_6_a_union_major_victory_moves_the_marker_back_two_boxes(litn_demo):
    report, game = run(litn_demo, "hooker", turn=3, box=5, union_major_victories=1,
                       rolls=["Hooker dissatisfaction=2"], **HOOKER)
    assert only(report, "Hooker", roll=2) == {"roll": 2, "box": 3, "replaced": False,
                                              "quantity": Quantity("Hooker replaced", 0)}
    assert game.global_property("HookerBox") == "3"
    # Never below the first box (option hooker_box_floor).
    report, _ = run(litn_demo, "hooker", turn=3, box=1, union_major_victories=1,
                    rolls=["Hooker dissatisfaction=5"], **HOOKER)
    assert only(report, "Hooker", roll=5) == {"roll": 5, "box": 1, "replaced": True, "hex": "2412",
                                              "quantity": Quantity("Hooker replaced", 1)}


def test_15_6_no_hooker_roll_on_turn_1_nor_once_he_is_gone(litn_demo):
    report, _ = run(litn_demo, "hooker", turn=1, **HOOKER)
    assert not report.rolls
    report, _ = run(litn_demo, "hooker", turn=4, scenario=3, year=1863)   # no counter named Hooker
    assert only(report, "Hooker")["replaced"] is True and not report.rolls


def test_15_6_variable_entry_needs_a_roll_that_grows_with_the_turn(litn_demo):
    charts = LitnCharts.load(str(TEMPLATE))
    from adjutant_plugins.litn.initial_phase import variable_entry_roll
    assert [variable_entry_roll(charts, t) for t in (3, 4, 5, 6, 7, 8, 9, 14)] == [2, 2, 3, 3, 4, 4, 5, 5]
    report, _ = run(litn_demo, "variable-entry", scenario=3, year=1863, turn=5,
                    units=["Imboden", "Robertson", "J. Jones"], rolls=["entry Imboden=3", "entry Robertson=4"])
    assert only(report, "Variable entry", unit="Imboden")["enters"] is True
    assert only(report, "Variable entry", unit="Robertson")["enters"] is False
    assert only(report, "Variable entry", unit="J. Jones")["entered"] is True   # on the map already
    report, _ = run(litn_demo, "variable-entry", scenario=3, year=1863, turn=2)
    assert not report.rolls


# ---- 4.1, 9.2 wagons ----

def test_4_1_a_confederate_wagon_every_third_turn_from_the_scenarios_first(litn_demo):
    for scenario, year, turn, due in ((2, 1862, 3, True), (2, 1862, 5, False), (2, 1862, 6, True),
                                      (1, 1862, 6, True), (1, 1862, 5, False), (3, 1863, 5, True),
                                      (3, 1863, 6, False), (4, 1863, 9, True)):
        report, _ = run(litn_demo, "wagons", side="Confederate", scenario=scenario, year=year, turn=turn)
        assert only(report, "Confederate supply wagons", due=due), (scenario, turn)
    report, _ = run(litn_demo, "wagons", side="Confederate", turn=6, delayed=1)
    assert only(report, "Confederate supply wagons", in_play=1)["wagons"] == 2
    assert only(report, "Confederate supply wagons", depots=["1434"])


def test_9_2_union_wagons_at_wagon_creation_markers_in_depots(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "depot", moves={"I Corps (Hooker)": "3015"})
    report, _ = run(demo, "wagons", side="Union", creation=["2604"])
    assert only(report, "Union supply wagons", in_play=1)["wagons"] == 1
    assert only(report, "Union supply wagons", leader="I Corps (Hooker)")["hex"] == "3015"
    with pytest.raises(ValueError, match="not a Union depot"):
        run(demo, "wagons", side="Union", creation=["2715"])


def test_9_2_a_depleted_wagon_within_four_road_or_rail_hexes_of_a_depot_is_undepleted(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "wagons", moves={"Confederate Wagon": "1532", "Union Wagon": "3011"},
                    properties={"Confederate Wagon": {"Depleted": "true"}, "Union Wagon": {"Depleted": "true"}})
    report, game = run(demo, "wagon-undepletion", side="Confederate")
    assert only(report, "Confederate wagon undepletion", undepleted=True)["path"] == ["1532", "1533", "1434"]
    wagon = next(p for p in saved(game, tmp_path).pieces if p.name == "Confederate Wagon")
    assert wagon.properties["Depleted"] == "false"
    report, _ = run(demo, "wagon-undepletion", side="Union")
    assert only(report, "Union wagon undepletion", undepleted=True)["path"] == ["3011", "3012", "3013", "3014", "3015"]
    report, game = run(demo, "wagon-undepletion", side="Confederate", moved=["Confederate Wagon"])
    assert only(report, "Confederate wagon undepletion", undepleted=False) and game.change_count == 0
    far = position(litn_demo, tmp_path / "far", moves={"Union Wagon": "3010"},
                   properties={"Union Wagon": {"Depleted": "true"}})
    report, _ = run(far, "wagon-undepletion", side="Union")
    assert only(report, "Union wagon undepletion", undepleted=False)


def test_9_2_only_rail_hexes_in_friendly_territory_count(litn_demo, tmp_path):
    # A Confederate depot at Baltimore (3015), three rail hexes from 3012 along the Northern Central
    # through Maryland: the Union wagon there is undepleted, the Confederate one is not.
    text = litn_demo.companion.read_text(encoding="utf-8")
    depot = '[[map.place]]\nname = "Baltimore"\nkind = "depot"\nhex = "3015"\nside = "Union"\n'
    assert depot in text
    companion = tmp_path / "companion.toml"
    companion.write_text(text.replace(depot, depot + depot.replace("Union", "Confederate").replace(
        '"Baltimore"', '"Baltimore (held)"')), encoding="utf-8")
    for side, wagon in (("Union", "Union Wagon"), ("Confederate", "Confederate Wagon")):
        demo = position(litn_demo, tmp_path / side, moves={wagon: "3012"}, properties={wagon: {"Depleted": "true"}})
        demo.companion = companion
        report, _ = run(demo, "wagon-undepletion", side=side)
        assert only(report, f"{side} wagon undepletion", wagon=wagon)["undepleted"] is (side == "Union"), side


# ---- 15.1 victory ----

def test_15_1_a_town_held_by_10_sp_of_infantry_with_a_loc_scores_in_full(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "frederick", moves={"A.P. Hill": "2315", "J. Jones": "2206"})
    report, game = run(demo, "victory")
    frederick = only(report, "Victory points", hex="2315")
    assert (frederick["vp"], frederick["unit"]) == (2, "A.P. Hill")
    assert not any(l.data.get("hex") == "2206" for l in lines(report, "Victory points"))   # J. Jones: 4 SP
    assert saved(game, tmp_path).global_property("NetVP") == "2"
    report, _ = run(demo, "victory", loc_lost=["2315"])
    assert only(report, "Victory points", hex="2315")["vp"] == 1                            # half without LOC
    report, _ = run(demo, "victory", half=["2315"])
    assert only(report, "Victory points", hex="2315")["vp"] == 1                            # the other half
    report, game = run(demo, "victory", controlled=["2315"])
    assert game.change_count == 0                                                          # once per place
    report, _ = run(demo, "victory", not_held=["2315"])
    assert only(report, "Victory points", hex="2315")["vp"] == 0


def test_15_1_a_union_unit_in_the_town_denies_control(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "shared", moves={"A.P. Hill": "2315", "Pleasonton": "2315"})
    report, game = run(demo, "victory")
    assert only(report, "Victory points", hex="2315")["vp"] == 0 and game.change_count == 0


def test_15_1_major_victories_rail_interdiction_and_the_harrisburg_bridge(litn_demo, tmp_path):
    demo = position(litn_demo, tmp_path / "rail", moves={"Walker": "3010"})
    report, game = run(demo, "victory", end=True, net_vp="3", confederate_major_victories=1,
                       union_major_victories=1, harrisburg_bridge_destroyed=True)
    assert only(report, "Victory points", line="Baltimore-Harrisburg rail")["vp"] == 2
    total = only(report, "Victory points", net_vp=Fraction(7))
    assert total["vp"] == 4                                                     # +5 -5 +2 +2
    assert only(report, "Victory level", net_vp=Fraction(7))["level"] == "Union operational victory"
    report, _ = run(litn_demo, "victory", net_vp="3")   # not the last turn: no rail, no bridge, no level
    assert not any(s.title.startswith("Victory level") for s in report.sections)


def test_15_2_and_15_5_victory_levels_and_the_1863_overlap(tmp_path):
    charts = LitnCharts.load(str(TEMPLATE))
    assert [victory_level(charts, 1862, v) for v in (13, 12, 9, 8, 5, 4)] == [
        "Confederate strategic victory", "Confederate operational victory", "Confederate tactical victory",
        "Union tactical victory", "Union operational victory", "Union strategic victory"]
    assert victory_level(charts, 1863, 11) == "Union tactical victory"
    assert victory_level(charts, 1863, 10) == "Union operational victory"
    greater = tmp_path / "charts.toml"
    greater.write_text(TEMPLATE.read_text(encoding="utf-8").replace('victory_band_overlap = "lesser"',
                                                                    'victory_band_overlap = "greater"'))
    assert victory_level(LitnCharts.load(str(greater)), 1863, 11) == "Union operational victory"


def test_a_kept_value_the_companion_file_names_no_property_for_is_refused(litn_demo, tmp_path):
    companion = tmp_path / "companion.toml"
    companion.write_text(litn_demo.companion.read_text(encoding="utf-8").replace('net_vp = "NetVP"\n', ""),
                         encoding="utf-8")
    demo = SimpleNamespace(dir=litn_demo.dir, module=litn_demo.module, companion=companion)
    with pytest.raises(KeptValueError, match=r"names no global property to keep the net Confederate victory points"):
        run(demo, "victory")
    report, _ = run(demo, "victory", net_vp="3")   # given, it needs no property


# ---- 3.1 the sequence of play ----

def steps(report, section_start):
    return [l.text for l in lines(report, section_start)]


def test_3_1_turn_5_of_scenario_2(litn_demo):
    report, game = run(litn_demo, "turn")
    initial = " / ".join(steps(report, "A. Initial Phase"))
    assert "Reorganization" in initial and "Attrition" in initial and "1 point(s)" in initial
    assert "litn.militia litn-demo.vsav" in initial and "none is due" in initial and "Hooker" not in initial
    assert not any("Lost Dispatch" in t for t in steps(report, "B. Initiative"))
    assert only(report, "B. Initiative", roller="Confederate")
    assert any("victory" in t for t in steps(report, "H. Conclusion"))
    assert not report.rolls and game.change_count == 0


def test_3_1_turn_6_brings_the_lost_dispatch_roll_and_the_wagon(litn_demo, tmp_path):
    report, _ = run(litn_demo, "turn", turn=6)
    assert any("litn.lost-dispatch" in t for t in steps(report, "B. Initiative"))
    assert only(report, "A. Initial Phase", due=True)
    assert not any("Attrition" in t or "Reorganization" in t for t in steps(report, "A. Initial Phase"))
    found = position(litn_demo, tmp_path / "found", globals_={"LostDispatch": "true", "Turn": "6"})
    report, _ = run(found, "turn")
    assert only(report, "B. Initiative", roller="Union")


def test_3_1_scenario_3_turn_4_hooker_variable_entry_and_stuarts_choice(litn_demo):
    report, _ = run(litn_demo, "turn", scenario=3, year=1863, turn=4)
    initial = " / ".join(steps(report, "A. Initial Phase"))
    assert "litn.hooker" in initial and "litn.variable-entry" in initial and "Stuart" in initial
    assert "Attrition" not in initial and "Replacements" not in initial
    assert any("reinforcements" in t for t in steps(report, "D. First Movement"))
    with pytest.raises(ArmyError, match="played in 1863"):
        run(litn_demo, "turn", scenario=3)
