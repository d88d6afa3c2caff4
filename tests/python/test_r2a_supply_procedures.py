"""The r2a supply procedures (rulebook 8; Optional III Supply, Levies, Maryland Levies) on the
demo's module and saves: r2a.victuals, r2a.forage (and its odds), r2a.levy, r2a.depot, each test
named after its clause; the Carlisle levy is the catalogue's worked example (5E)."""
from fractions import Fraction

import pytest

import adjutant

from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.r2a.army import Army, ArmyError
from adjutant_plugins.r2a.demo import DEMO_SAVE, LEVY_SAVE
from adjutant_plugins.r2a.session import start
from adjutant_plugins.r2a.demo.supply_step import SUPPLY_SAVE, write_supply_save
from adjutant_plugins.r2a.supply_procedures import SupplyRefused, odds
from r2a_helpers import Demo, lines, texts


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    d = Demo(tmp_path_factory.mktemp("r2a-supply"))
    write_supply_save(str(d.path(SUPPLY_SAVE)))
    return d


def army_of(demo, game):
    return Army(Context(demo.module, demo.companion, game, "written"))


def written(report, unit, attribute):
    return [x.data["value"] for x in lines(report) if x.data.get("unit") == unit
            and x.data.get("attribute") == attribute and x.data.get("written")]


# ---- rulebook 8: the supply status phase ----

def test_8_status_unit_named_unsupplied_spends_a_victual_and_flips_at_zero(demo):
    report, game = demo.run(DEMO_SAVE, "victuals", side="Confederate", phase="status",
                            unsupplied="Taliaferro's Division")
    t = army_of(demo, game).named("Taliaferro's Division")
    assert (t.victuals, t.supplied) == (0, False)
    assert written(report, "Taliaferro's Division", "supplied") == [False]


def test_8_status_fatigue_above_0_spends_a_victual_in_supply(demo):
    _, game = demo.run(DEMO_SAVE, "victuals", side="Confederate", phase="status")
    army = army_of(demo, game)
    assert army.named("Ewell's Division").victuals == 2          # fatigue 2
    assert army.named("A.P. Hill's Division").victuals == 3      # fatigue 0, in supply
    assert army.named("Taliaferro's Division").supplied          # in supply by default


def test_8_status_flipped_unit_with_victuals_flips_back(demo, tmp_path):
    save = demo.position(SUPPLY_SAVE, tmp_path / "s.vsav", properties={"Sykes's Division": {"Victuals": 3}})
    report, game = demo.run(save, "victuals", side="Union", phase="status")
    assert army_of(demo, game).named("Sykes's Division").supplied
    assert written(report, "Sykes's Division", "supplied") == [True]


def test_optional_iii_levied_unit_spends_no_victual_at_the_status_check(demo):
    _, game = demo.run(LEVY_SAVE, "victuals", side="Confederate", phase="status",
                       unsupplied="Ewell's Division,A.P. Hill's Division", levied="Ewell's Division")
    army = army_of(demo, game)
    assert army.named("Ewell's Division").victuals == 1          # levied: in supply
    assert not army.named("A.P. Hill's Division").supplied       # 0 victuals, not levied


def test_8_status_unsupplied_names_an_enemy_unit_is_refused(demo):
    with pytest.raises(ValueError, match="not a Confederate combat unit"):
        demo.run(DEMO_SAVE, "victuals", side="Confederate", phase="status", unsupplied="Kearny's Division")


# ---- rulebook 8: the supply effects phase ----

def test_8_effects_unsupplied_side_becomes_disorganized(demo):
    report, game = demo.run(SUPPLY_SAVE, "victuals", side="Union", phase="effects")
    assert army_of(demo, game).named("Richardson's Division").disorganized
    assert written(report, "Richardson's Division", "disorganized") == [True]


def test_8_effects_already_disorganized_loses_one_manpower_counted_as_a_union_loss(demo):
    before = demo.army(SUPPLY_SAVE).named("Sykes's Division").manpower
    report, game = demo.run(SUPPLY_SAVE, "victuals", side="Union", phase="effects")
    assert army_of(demo, game).named("Sykes's Division").manpower == before - 1
    assert game.global_property("UnionLosses") == "1"   # rulebook 2: losses from all causes
    assert game.global_property("UnionAttrition") == "1"   # kept apart: Victory V does not count them
    assert any(x.data.get("losses") == 1 for x in lines(report))


def test_8_effects_supplied_units_are_untouched(demo):
    _, game = demo.run(SUPPLY_SAVE, "victuals", side="Confederate", phase="effects")
    assert not army_of(demo, game).named("A.P. Hill's Division").disorganized


# ---- rulebook 8: the recovery phase ----

def test_8_recovery_in_supply_at_fatigue_0_gains_two_capped_at_five(demo):
    _, game = demo.run(SUPPLY_SAVE, "victuals", side="Confederate", phase="recovery", unsupplied="Fitz Lee's Brigade")
    army = army_of(demo, game)
    assert army.named("A.P. Hill's Division").victuals == 3     # 1 + 2
    assert army.named("Hood's Division").victuals == 5          # 4 + 2, capped
    assert army.named("Ewell's Division").victuals == 2         # fatigue 1
    assert army.named("Fitz Lee's Brigade").victuals == 3       # named unsupplied


def test_optional_iii_levied_only_at_the_status_check(demo):
    with pytest.raises(ValueError, match="levied= is for phase=status"):
        demo.run(SUPPLY_SAVE, "victuals", side="Confederate", phase="recovery", levied="Ewell's Division")


# ---- rulebook 8: the supply line repair phase ----

def test_8_repair_roll_of_1_repairs_the_station_and_names_its_marker(demo):
    report, _ = demo.run(SUPPLY_SAVE, "victuals", phase="repair",
                         rolls=("repair rail station Front Royal=1", "repair rail station Rappahannock Station=2"))
    by_station = {x.data["station"]: x.data for x in lines(report) if "roll" in x.data}
    assert (by_station["Front Royal"]["repaired"], by_station["Rappahannock Station"]["repaired"]) == (True, False)
    assert [x.data["station"] for x in lines(report) if x.data.get("marker")] == ["Front Royal"]


def test_8_repair_counts_each_station_repaired_or_not(demo):
    report, _ = demo.run(SUPPLY_SAVE, "victuals", phase="repair",
                         rolls=("repair rail station Front Royal=1", "repair rail station Rappahannock Station=2"))
    assert {(q.name, q.of): q.value for q in report.quantities()} == {
        ("station repaired", "Front Royal"): 1, ("station repaired", "Rappahannock Station"): 0}


def test_8_repair_without_damaged_stations_rolls_nothing(demo):
    report, _ = demo.run(DEMO_SAVE, "victuals", phase="repair")
    assert report.rolls == [] and texts(report) == ["no rail station is damaged"]


# ---- rulebook 8, Optional III: the forage march ----

def test_8_forage_costs_one_fatigue_and_gains_the_table_victuals(demo):
    # Northern Virginia forage value 2 (example), roll 1: the full value
    report, game = demo.run(SUPPLY_SAVE, "forage", unit="Fitz Lee's Brigade", rolls=("forage Fitz Lee's Brigade=1",))
    f = army_of(demo, game).named("Fitz Lee's Brigade")
    assert (f.fatigue, f.victuals) == (1, 5)


def test_8_forage_victuals_gained_are_those_received_under_the_cap_of_five(demo):
    # Fitz Lee at 3 victuals in Pennsylvania, roll 1: the table gives the full 4, of which 2 fit under the cap
    report, _ = demo.run(LEVY_SAVE, "forage", unit="Fitz Lee's Brigade", union_holds_harpers_ferry="yes",
                         rolls=("forage Fitz Lee's Brigade=1",))
    marked = {q.name: q.value for q in report.quantities()}
    assert (marked["victuals gained"], marked["forage table victuals"], marked["victuals"]) == (2, 4, 5)
    assert "4 victuals from the table, 3 -> 5: 2 gained" in texts(report)


def test_8_forage_to_fatigue_3_notes_the_extended_march_roll(demo, tmp_path):
    save = demo.position(SUPPLY_SAVE, tmp_path / "s.vsav", properties={"Ewell's Division": {"Fatigue": 2}})
    report, game = demo.run(save, "forage", unit="Ewell's Division", rolls=("forage Ewell's Division=6",))
    assert army_of(demo, game).named("Ewell's Division").fatigue == 3
    assert any(x.data.get("extended_march") for x in lines(report))
    assert army_of(demo, game).named("Ewell's Division").victuals == 2   # 6: none


def test_optional_iii_forage_pennsylvania_4_confederate_plus_1_while_the_union_holds_harpers_ferry(demo):
    # A.P. Hill in Carlisle, 0 victuals: roll 3 + 1 = 4, one half of 4 rounded up = 2
    report, game = demo.run(LEVY_SAVE, "forage", unit="A.P. Hill's Division", union_holds_harpers_ferry="yes",
                            rolls=("forage A.P. Hill's Division=3",))
    result = next(x.data for x in lines(report) if "gained" in x.data)
    assert (result["modified_roll"], result["gained"]) == (4, 2)
    assert army_of(demo, game).named("A.P. Hill's Division").victuals == 2


def test_optional_iii_forage_harpers_ferry_read_from_the_map(demo, tmp_path):
    # Harper's Ferry (E2112) empty, no Confederate control marker: the Union's (+1); a Confederate
    # unit in it: no modifier.
    held, _ = demo.run(LEVY_SAVE, "forage", unit="A.P. Hill's Division")
    assert any("the Union holds Harper's Ferry" in t for t in texts(held))
    save = demo.position(LEVY_SAVE, tmp_path / "hf.vsav", moves={"Fitz Lee's Brigade": "E2112"})
    taken, _ = demo.run(save, "forage", unit="A.P. Hill's Division")
    assert not any("Harper's Ferry under Union control" in t for t in texts(taken))


def test_optional_iii_forage_union_in_pennsylvania_6(demo):
    report, _ = demo.run(LEVY_SAVE, "forage", unit="Piatt's Brigade", rolls=("forage Piatt's Brigade=2",))
    assert any(x.data.get("value") == 6 for x in lines(report))


def test_8_forage_odds_before_rolling_roll_nothing(demo):
    context = demo.context(LEVY_SAVE, charts=str(demo.charts))
    session = start(context, "odds")
    found = odds(session, "forage", unit="A.P. Hill's Division", union_holds_harpers_ferry=False)
    # value 4: 1-3 full (4), 4 half up (2), 5 half down (2), 6 none
    assert found == {4: Fraction(1, 2), 2: Fraction(1, 3), 0: Fraction(1, 6)}
    assert session.finish().rolls == []
    assert demo.army(LEVY_SAVE).named("A.P. Hill's Division").fatigue == 0


# ---- rulebook 8, Optional III: levies ----

def test_optional_iii_carlisle_levy_hill_and_one_other_supplied(demo):
    # catalogue 5E: A.P. Hill's division levies Carlisle (4 VP): it and one other unit are in supply
    report, game = demo.run(LEVY_SAVE, "levy", unit="A.P. Hill's Division", town="Carlisle",
                            others="Ewell's Division", grants="A.P. Hill's Division:5,Ewell's Division:3")
    assert next(x.data["levied"] for x in lines(report) if "levied" in x.data) == \
        ["A.P. Hill's Division", "Ewell's Division"]
    army = army_of(demo, game)
    assert (army.named("A.P. Hill's Division").victuals, army.named("Ewell's Division").victuals) == (5, 4)
    assert next(x.data["total"] for x in lines(report) if "total" in x.data) == 8   # 2 x 4 VP


def test_optional_iii_carlisle_levy_two_others_refused_by_the_example_reading(demo):
    with pytest.raises(SupplyRefused, match="more than the 2"):
        demo.run(LEVY_SAVE, "levy", unit="A.P. Hill's Division", town="Carlisle",
                 others="Ewell's Division,Fitz Lee's Brigade")


def test_optional_iii_levy_supply_text_reading_allows_two_others(demo, tmp_path):
    charts = tmp_path / "charts.toml"
    charts.write_text(demo.charts.read_text() + '\n[options]\nlevy_supply = "text"\n')
    report, _ = demo.run(LEVY_SAVE, "levy", charts=charts, unit="A.P. Hill's Division", town="Carlisle",
                         others="Ewell's Division,Fitz Lee's Brigade")
    assert len(next(x.data["levied"] for x in lines(report) if "levied" in x.data)) == 3


def test_8_levy_victuals_beyond_5_hexes_refused(demo, tmp_path):
    save = demo.position(LEVY_SAVE, tmp_path / "s.vsav", moves={"Ewell's Division": "N5612"})
    with pytest.raises(SupplyRefused, match="beyond 5"):
        demo.run(save, "levy", unit="A.P. Hill's Division", town="Carlisle", grants="Ewell's Division:2")


def test_8_levy_more_than_the_town_provides_refused(demo):
    with pytest.raises(SupplyRefused, match="more than the 8"):
        demo.run(LEVY_SAVE, "levy", unit="A.P. Hill's Division", town="Carlisle",
                 grants="A.P. Hill's Division:5,Fitz Lee's Brigade:4")


def test_8_levy_victuals_to_an_enemy_unit_refused(demo, tmp_path):
    # "any unit within 5 hexes", read as any unit of the levying side (only Confederates levy)
    save = demo.position(LEVY_SAVE, tmp_path / "s.vsav", moves={"Piatt's Brigade": "N5612"})
    with pytest.raises(SupplyRefused, match="Piatt's Brigade is a Union unit"):
        demo.run(save, "levy", unit="A.P. Hill's Division", town="Carlisle", grants="Piatt's Brigade:2")


def test_8_forage_harpers_ferry_parameter_is_yes_or_no_everywhere(demo):
    # outside Pennsylvania the value does not matter, but a word that is neither is refused
    with pytest.raises(ValueError, match="parameter 'union_holds_harpers_ferry' wants yes or no"):
        demo.run(DEMO_SAVE, "forage", unit="Hood's Division", union_holds_harpers_ferry="maybe")


def test_optional_iii_a_refused_maryland_levy_gives_no_vp_note_as_a_reason(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Hood's Division": "E2204", "Ewell's Division": "E2204",
                                                                 "A.P. Hill's Division": "E2204"})
    with pytest.raises(SupplyRefused) as refused:
        run_with_companion(demo, tmp_path, save, "levy", unit="Hood's Division", town="Frederick",
                           others="Ewell's Division,A.P. Hill's Division")
    assert refused.value.reasons == ("Optional III: 3 units, more than the 2 Frederick may supply",)


def test_8_levy_by_a_unit_not_in_the_town_refused(demo):
    with pytest.raises(SupplyRefused, match="not in Carlisle"):
        demo.run(LEVY_SAVE, "levy", unit="Ewell's Division", town="Carlisle")


def run_with_companion(demo, tmp_path, save, procedure, **parameters):
    """The procedure on the save through a copy of the demo's companion file with a Maryland town,
    Frederick (E2204, Frederick County-West), added to board E."""
    text = demo.path(demo.companion_file).read_text(encoding="utf-8")
    board_s = text.index("# ======== board S")
    town = '[[map.place]]\nname = "Frederick"\nkind = "town"\nhex = "E2204"\n\n'
    path = tmp_path / "companion.toml"
    path.write_text(text[:board_s] + town + text[board_s:], encoding="utf-8")
    game = adjutant.open_game(str(demo.path(save)), demo.module)
    context = Context(demo.module, adjutant.open_companion(str(path), demo.module), game, str(demo.path(save)),
                      charts=str(demo.charts), rolls=Rolls(1))
    task = demo.plugin.tasks[procedure]
    return task.run(context, **task.arguments(parameters)), game


def test_optional_iii_maryland_levy_in_frederick_county_costs_a_vp_per_unit_supplied(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Hood's Division": "E2204",
                                                                 "Ewell's Division": "E2204"})
    report, game = run_with_companion(demo, tmp_path, save, "levy", unit="Hood's Division", town="Frederick",
                                      others="Ewell's Division", grants="Hood's Division:0,Ewell's Division:2")
    assert next(x.data["vp"] for x in lines(report) if getattr(x.data.get("quantity"), "name", "") == "levy VP") == -2
    assert next(x.data["total"] for x in lines(report) if "total" in x.data) == 8   # a Maryland town: 8 in all
    assert army_of(demo, game).named("Ewell's Division").victuals == 5


def test_optional_iii_baltimore_hex_supplies_one_unit(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Hood's Division": "E3305", "Ewell's Division": "E3305"})
    with pytest.raises(SupplyRefused, match="more than the 1"):
        demo.run(save, "levy", unit="Hood's Division", town="Baltimore", others="Ewell's Division")


def test_8_levy_in_virginia_refused(demo, tmp_path):
    save = demo.position(DEMO_SAVE, tmp_path / "s.vsav", moves={"Stuart's Division": "E2612"})
    with pytest.raises(SupplyRefused, match="Pennsylvania and Maryland"):
        demo.run(save, "levy", unit="Stuart's Division", town="Fairfax Court House")


# ---- rulebook 8: destroyed Union depots ----

def test_8_destroyed_depot_twice_its_vp_to_confederates_within_5(demo):
    report, game = demo.run(SUPPLY_SAVE, "depot", depot="Manassas Junction",
                            grants="A.P. Hill's Division:4,Hood's Division:1")
    assert next(x.data["total"] for x in lines(report) if "total" in x.data) == 12   # 2 x 6 VP
    army = army_of(demo, game)
    assert (army.named("A.P. Hill's Division").victuals, army.named("Hood's Division").victuals) == (5, 5)


def test_8_depot_victuals_to_a_union_unit_refused(demo):
    with pytest.raises(SupplyRefused, match="not a Confederate unit"):
        demo.run(SUPPLY_SAVE, "depot", depot="Manassas Junction", grants="Sykes's Division:2")


def test_8_depot_victuals_above_five_refused(demo):
    with pytest.raises(SupplyRefused, match="above the maximum 5"):
        demo.run(SUPPLY_SAVE, "depot", depot="Manassas Junction", grants="A.P. Hill's Division:5")


def test_8_depot_not_destroyed_refused(demo):
    with pytest.raises(SupplyRefused, match="not destroyed"):
        demo.run(SUPPLY_SAVE, "depot", depot="Alexandria", grants="Hood's Division:1")
