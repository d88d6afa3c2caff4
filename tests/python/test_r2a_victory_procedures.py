"""r2a.victory on the demo's module and saves (rulebook Victory I-VII and levels, Optional II and
III; rules catalogue 5E: Alexandria station destroyed alone = 20 VP), each test named after its
clause."""
import re

import pytest

import adjutant

from adjutant_plugins.r2a.army import ArmyError
from adjutant_plugins.r2a.demo import ALEXANDRIA_SAVE, CHARTS, DEMO_SAVE
from adjutant.procedures.demo_saves import add_stacks
from adjutant_plugins.r2a.demo.counters import COUNTERS
from adjutant_plugins.r2a.demo.grid import map_point
from adjutant_plugins.r2a.demo.module import MAP_NAME, layout_text, module_metadata
from adjutant_plugins.r2a.demo.traits import counter_traits
from adjutant_plugins.r2a.demo.positions import unit
from adjutant_plugins.r2a.demo.saves import write_save
from adjutant_plugins.r2a.demo.supply_step import SUPPLY_SAVE, write_supply_save
from adjutant_plugins.r2a.victory_procedure import victory_lines
from r2a_helpers import Demo, lines, texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("r2a-victory"))


def save_of(tmp_path, placement, **properties):
    path = tmp_path / "position.vsav"
    write_save(str(path), placement, "a victory test", properties=properties)
    return path


def points(report):
    """[(what, vp)] of the VP lines, the total apart."""
    return [(x.data["what"], x.data["vp"]) for x in lines(report, "Confederate victory points") if "what" in x.data]


def total(report):
    return next(x.data["total"] for x in lines(report, "Confederate victory points") if "total" in x.data)


def level(report):
    return lines(report, "Victory level")[0].data["level"]


def charts_with(tmp_path, **options):
    path = tmp_path / "charts.toml"
    path.write_text(CHARTS.read_text(encoding="utf-8") + "\n[options]\n"
                    + "".join(f'{k} = "{v}"\n' for k, v in options.items()), encoding="utf-8")
    return path


ALEXANDRIA_COUNTY_UNITS = {"E2912": [unit("Longstreet")], "E3011": [unit("Pope")]}


def test_victory_III_alexandria_station_destroyed_alone_is_20(demo):
    report, _ = demo.run(ALEXANDRIA_SAVE, "victory")
    assert points(report) == [("Alexandria-Rappahannock Station line cut", 10), ("Alexandria-Front Royal line cut", 5),
                              ("Alexandria-Leesburg line cut", 2), ("Alexandria station destroyed", 3)]
    assert total(report) == 20 and level(report) == "Union decisive"
    assert all(x.data["quantity"].name == "VP" for x in lines(report, "Confederate victory points"))
    assert not report.rolls


def test_victory_I_a_control_marker_on_the_control_hex_scores_the_county(demo):
    report, _ = demo.run(DEMO_SAVE, "victory")   # a Confederate Control marker on Leesburg (E2211)
    assert points(report) == [("Loudoun County controlled", 2)]


def test_victory_I_a_marker_off_the_named_control_hex_does_not_score(demo, tmp_path):
    # Fairfax County's control hex is Fairfax Court House (E2612); E2513 is in the county
    save = save_of(tmp_path, {**ALEXANDRIA_COUNTY_UNITS, "E2513": [unit("Confederate Control")]})
    report, _ = demo.run(save, "victory")
    assert points(report) == [] and total(report) == 0


def test_victory_II_a_destroyed_depot_scores_its_companion_vp(demo, tmp_path):
    save = save_of(tmp_path, {**ALEXANDRIA_COUNTY_UNITS, "E2614": [unit("Depot Destroyed")]})
    report, _ = demo.run(save, "victory")
    assert points(report) == [("Manassas Junction depot destroyed", 6)]


def test_victory_III_a_station_listed_in_sjw_scenario_6_cuts_its_lines_and_scores_2(demo, tmp_path):
    save = save_of(tmp_path, {**ALEXANDRIA_COUNTY_UNITS, "E2614": [unit("Station Destroyed")]})
    report, _ = demo.run(save, "victory")
    assert points(report) == [("Alexandria-Rappahannock Station line cut", 10), ("Alexandria-Front Royal line cut", 5),
                              ("Manassas Junction station destroyed", 2)]


def test_victory_III_maryland_washington_station_cuts_both_washington_lines(demo, tmp_path):
    save = save_of(tmp_path, {**ALEXANDRIA_COUNTY_UNITS, "E2909": [unit("Station Destroyed")]})
    report, _ = demo.run(save, "victory")
    assert points(report) == [("Washington-Baltimore and Washington-Annapolis lines cut", 20),
                              ("Washington station destroyed", 1)]
    assert any("in the District: scored under Maryland" in t for t in texts(report, "The position"))


def test_victory_III_one_washington_line_alone_scores_no_line(demo, tmp_path):
    save = save_of(tmp_path, {**ALEXANDRIA_COUNTY_UNITS, "E3509": [unit("Station Destroyed")]})   # Annapolis
    report, _ = demo.run(save, "victory")
    assert points(report) == [("Annapolis station destroyed", 3)]   # listed in HCTR Scenario 7


def test_victory_IV_the_aqueduct_global_property_scores_5(demo, tmp_path):
    save = save_of(tmp_path, ALEXANDRIA_COUNTY_UNITS, AqueductDestroyed="E2105")
    report, _ = demo.run(save, "victory")
    assert points(report) == [("C&O aqueduct destroyed", 5)]


def test_victory_V_union_losses_from_the_global_confederate_and_harpers_ferry_from_parameters(demo, tmp_path):
    save = save_of(tmp_path, ALEXANDRIA_COUNTY_UNITS, UnionLosses="10")
    report, _ = demo.run(save, "victory", confederate_losses=4, harpers_ferry_surrendered=3)
    assert points(report) == [("Union manpower lost", 20), ("Union manpower surrendered at Harper's Ferry", 3),
                              ("Confederate manpower lost", -8)]
    assert ("Union manpower lost in combat, retreat, cavalry retreat or surrender: 10 = 10 from all causes (the "
            "global property UnionLosses) - 0 to supply attrition (the global property UnionAttrition), which "
            "Victory V does not count") in texts(report, "The position")
    report, _ = demo.run(save, "victory", union_losses=2)
    assert points(report) == [("Union manpower lost", 4)]


def test_victory_V_supply_attrition_is_not_a_combat_loss(demo, tmp_path):
    # "+2 for each Manpower lost in combat, retreat, cavalry retreat or surrender": 11 from all causes, 1 to attrition
    save = save_of(tmp_path, ALEXANDRIA_COUNTY_UNITS, UnionLosses="11", UnionAttrition="1")
    report, _ = demo.run(save, "victory")
    assert points(report) == [("Union manpower lost", 20)]
    assert any("10 = 11 from all causes" in t and "- 1 to supply attrition" in t for t in texts(report, "The position"))
    report, _ = demo.run(save, "victory", union_losses=11)   # the parameter still overrides
    assert points(report) == [("Union manpower lost", 22)]


def test_victory_V_supply_attrition_from_the_victuals_effects_phase_is_not_scored(demo, tmp_path):
    supply, out = tmp_path / SUPPLY_SAVE, tmp_path / "effects.vsav"
    write_supply_save(str(supply))
    _, game = demo.run(supply, "victuals", side="Union", phase="effects")   # Sykes's Division loses 1 MP
    game.save(str(out))
    assert (game.global_property("UnionLosses"), game.global_property("UnionAttrition")) == ("1", "1")
    report, _ = demo.run(out, "victory")
    assert "Union manpower lost" not in dict(points(report))


@pytest.mark.parametrize("parameters, message", [
    ({"union_losses": -5}, "union_losses=-5: a count of manpower or units is 0 or more"),
    ({"confederate_losses": -1}, "confederate_losses=-1: a count"),
    ({"harpers_ferry_surrendered": -2}, "harpers_ferry_surrendered=-2: a count"),
    ({"levy_units": -1}, "levy_units=-1: a count"),
    ({"harpers_ferry_surrendered": 50, "union_losses": 10}, "harpers_ferry_surrendered=50 is more than union_losses=10"),
    ({"harpers_ferry_surrendered": 3}, "harpers_ferry_surrendered=3 is more than the 0 Union manpower lost that Victory V counts"),
])
def test_victory_V_bad_loss_parameters_refused_by_their_names(demo, parameters, message):
    with pytest.raises(ArmyError, match=re.escape(message)):
        demo.run(DEMO_SAVE, "victory", **parameters)


def test_victory_a_save_without_the_globals_it_reads_is_refused(demo, tmp_path):
    # plugin contract 8: a save of another module holds no UnionLosses
    path = tmp_path / "other.vsav"
    save = adjutant.NewSave()
    longstreet = next(c for c in COUNTERS if c.name == "Longstreet")
    add_stacks(save, [(MAP_NAME, map_point("E2912"), [(longstreet.name, counter_traits(longstreet))])], COUNTERS, 1)
    save.add_restore(layout_text())
    save.write(str(path), module_metadata(), "a save without the module's globals")
    with pytest.raises(ValueError, match="the save holds no global property 'UnionLosses'"):
        demo.run(path, "victory")
    with pytest.raises(ValueError, match="the save holds no global property 'PanicDate'"):
        demo.run(path, "victory", union_losses=0)


def test_victory_VI_a_panic_date_scores_15(demo, tmp_path):
    report, _ = demo.run(save_of(tmp_path, ALEXANDRIA_COUNTY_UNITS, PanicDate="Aug 20"), "victory")
    assert points(report) == [("Union Panic", 15)]


def test_victory_VII_an_objective_a_union_combat_unit_holds_counts_at_the_end_only(demo, tmp_path):
    save = save_of(tmp_path, {**ALEXANDRIA_COUNTY_UNITS, "E2512": [unit("Couch's Division")]})   # Centreville
    report, _ = demo.run(save, "victory", end="yes")
    assert points(report) == [("SJW objective hexes held by the Union", -3)]
    assert "at the end of the game" in lines(report, "Victory level")[0].data["clause"]
    report, _ = demo.run(save, "victory")
    assert points(report) == []


def test_victory_VII_a_union_leader_alone_does_not_hold_an_objective(demo, tmp_path):
    save = save_of(tmp_path, {"E2912": [unit("Longstreet")], "E2512": [unit("Pope")]})
    report, _ = demo.run(save, "victory", end="yes")
    assert points(report) == []


def test_victory_levels_automatic_victory_a_confederate_unit_in_the_white_house(demo, tmp_path):
    save = save_of(tmp_path, {**ALEXANDRIA_COUNTY_UNITS, "E2809": [unit("Hood's Division")]})
    report, _ = demo.run(save, "victory")
    assert level(report) == "Confederate decisive" and "The White House" in lines(report, "Victory level")[0].text


def test_victory_levels_a_confederate_leader_alone_wins_nothing(demo, tmp_path):
    report, _ = demo.run(save_of(tmp_path, {"E2809": [unit("Lee")], "E3011": [unit("Pope")]}), "victory")
    assert level(report) == "Union decisive"


NORTH = {"E2101": [unit("A.P. Hill's Division")], "E2102": [unit("Ewell's Division")],
         "E2103": [unit("Hood's Division")], "E3011": [unit("Pope")]}   # Frederick County-West (MD)


def test_optional_II_250_vp_and_three_divisions_north_is_decisive(demo, tmp_path):
    charts = charts_with(tmp_path, victory_levels="alternate")
    report, _ = demo.run(save_of(tmp_path, NORTH, UnionLosses="125"), "victory", charts=charts)
    assert total(report) == 250 and level(report) == "Confederate decisive"
    assert any("infantry divisions in Maryland and/or Pennsylvania: 3" in t for t in texts(report, "The position"))
    assert any("Optional II Game End" in t and "the game ends" in t for t in texts(report, "Victory level"))


def test_optional_II_two_divisions_north_is_a_draw(demo, tmp_path):
    charts = charts_with(tmp_path, victory_levels="alternate")
    two = {h: us for h, us in NORTH.items() if h != "E2103"}
    report, _ = demo.run(save_of(tmp_path, two, UnionLosses="125"), "victory", charts=charts)
    assert level(report) == "draw"


def test_optional_II_game_end_and_levels_agree_at_250_with_two_divisions_by_option_alternate_decisive(demo, tmp_path):
    two = {h: us for h, us in NORTH.items() if h != "E2103"}
    save = save_of(tmp_path, two, UnionLosses="125")
    report, _ = demo.run(save, "victory", charts=charts_with(tmp_path, victory_levels="alternate"))
    end = lines(report, "Victory level")[1]
    assert level(report) == "draw" and end.data["ends"] is False and "the game goes on" in end.text
    (tmp_path / "vp").mkdir()
    charts = charts_with(tmp_path / "vp", victory_levels="alternate", alternate_decisive="vp")
    report, _ = demo.run(save, "victory", charts=charts)
    end = lines(report, "Victory level")[1]
    assert level(report) == "Confederate decisive" and end.data["ends"] is True
    assert "standing now" not in lines(report, "Victory level")[0].text


def test_optional_II_game_end_crossed_no_refused_with_confederate_infantry_north_of_the_potomac(demo, tmp_path):
    charts = charts_with(tmp_path, victory_levels="alternate")
    with pytest.raises(ArmyError, match=r"crossed=no: A.P. Hill's Division \(E2101\), .* has crossed the Potomac"):
        demo.run(save_of(tmp_path, NORTH, UnionLosses="10"), "victory", charts=charts, crossed="no")
    (tmp_path / "south").mkdir()
    report, _ = demo.run(save_of(tmp_path / "south", ALEXANDRIA_COUNTY_UNITS), "victory", charts=charts, crossed="no")
    assert "no Confederate infantry unit has crossed the Potomac" in lines(report, "Victory level")[1].text


def test_optional_II_game_end_end_yes_while_the_game_goes_on_is_said(demo, tmp_path):
    charts = charts_with(tmp_path, victory_levels="alternate")
    report, _ = demo.run(save_of(tmp_path, NORTH, UnionLosses="10"), "victory", charts=charts, end="yes")
    said = lines(report, "Victory level")
    assert said[1].data["ends"] is False
    assert said[2].data["contradicts"] == "end" and "scored as if the game ended now" in said[2].text


def test_optional_III_levied_pennsylvania_town_and_maryland_levy_units(demo, tmp_path):
    report, _ = demo.run(save_of(tmp_path, ALEXANDRIA_COUNTY_UNITS), "victory", levied="York", levy_units=2)
    assert points(report) == [("Maryland levies", -2), ("York levied", 3)]


def test_optional_III_a_town_outside_pennsylvania_is_refused(demo, tmp_path):
    with pytest.raises(ArmyError, match="Leesburg .* is not in Pennsylvania"):
        demo.run(save_of(tmp_path, ALEXANDRIA_COUNTY_UNITS), "victory", levied="Leesburg")


def test_victory_III_the_demo_stations_name_every_victory_line_of_the_chart(demo):
    army = demo.army(ALEXANDRIA_SAVE)
    chart = {"Alexandria-Rappahannock Station", "Alexandria-Front Royal", "Alexandria-Leesburg",
             "Baltimore-north or east edge", "Washington-Baltimore", "Washington-Annapolis"}
    named = {line for p in army.stations() for line in victory_lines(p)}
    assert named == chart
