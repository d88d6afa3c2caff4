"""CWR artillery ammunition (8.4) on the demo's saves: the points kept in the game's global
properties (the companion file's [globals]), spent by cwr.fire and written back; each battery's
8.4b trace to its Army Supply Train or the train's Entry hex, through enemy units and zones; the
multipliers in a fire (8.4a, 8.4b, both)."""
from fractions import Fraction

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.kept import KeptValueError
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.cwr import plugin
from adjutant.procedures.report import Quantity

from cwr_helpers import CHARTS, Demo, lines

SAVE = "cwr-ammo.vsav"
UNION_POINTS = "UnionArtilleryAmmo"


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-ammo"))


def with_points(demo, out, union):
    """A copy of the ammunition save with the Union's points set."""
    game = demo.game(SAVE)
    game.set_global_property(UNION_POINTS, str(union))
    game.save(str(out))
    return out


def traces(report):
    return {line.data["unit"]: line.data for line in lines(report) if "traced" in line.data and "unit" in line.data}


def contribution(report, unit):
    """The unit's Fire Strength line: (value, its factors' text)."""
    line = next(line for line in lines(report) if line.data.get("unit") == unit and "fire_strength" in line.data)
    return Fraction(line.data["fire_strength"]), line.text


def charts_with(tmp_path, **options):
    path = tmp_path / "charts.toml"
    text = CHARTS.read_text(encoding="utf-8")
    extra = "".join(f'{k} = "{v}"\n' for k, v in options.items())
    path.write_text(text.replace("[options]\n", "[options]\n" + extra), encoding="utf-8")
    return path


def run_with_companion(demo, tmp_path, companion_text, procedure, charts=CHARTS, **parameters):
    """The procedure on the ammunition save read with another companion file."""
    path = tmp_path / "companion.toml"
    path.write_text(companion_text, encoding="utf-8")
    companion = adjutant.open_companion(str(path), demo.module)
    save = demo.path(SAVE)
    context = Context(demo.module, companion, demo.game(SAVE), str(save), charts=str(charts), rolls=Rolls(1))
    task = plugin.tasks[procedure]
    return task.run(context, **task.arguments(parameters))


def companion_text(demo, globals_text):
    text = (demo.folder / "companion.toml").read_text(encoding="utf-8")
    head = text[:text.index("[globals]")]
    return head + globals_text


# ---- 8.4: the points kept in the game ----

def test_8_4_the_points_are_read_from_the_global_property_the_companion_names(demo):
    report, _ = demo.run(SAVE, "ammo", side="Union")
    assert [line.data["points"] for line in lines(report)] == [12]
    assert "UnionArtilleryAmmo" in lines(report)[0].text


def test_8_4_set_writes_the_scenario_points_into_the_global_property(demo):
    report, game = demo.run(SAVE, "ammo", side="Confederate", set=30)
    assert game.global_property("ConfederateArtilleryAmmo") == "30"
    assert game.global_property(UNION_POINTS) == "12"
    assert "set to 30 (were 8)" in lines(report)[0].text


def test_8_4a_a_battery_that_fires_spends_one_point_written_back(demo):
    report, game = demo.run(SAVE, "fire", firers="Stevens's Battery", target="A15.11")
    assert game.global_property(UNION_POINTS) == "11"
    spent = [line.data for line in lines(report) if "spent" in line.data]
    assert spent == [{"side": "Union", "spent": 1, "points": 11,
                      "quantity": Quantity("artillery ammunition points spent", 1, of="Union")}]


def test_8_4a_the_odds_spend_nothing(demo):
    _, game = demo.run(SAVE, "fire-odds", firers="Stevens's Battery", target="A15.11")
    assert game.global_property(UNION_POINTS) == "12"


def test_8_4a_with_no_points_left_a_fire_spends_none_and_writes_zero(demo, tmp_path):
    save = with_points(demo, tmp_path / "none.vsav", 0)
    report, game = demo.run(save, "fire", firers="Stevens's Battery", target="A15.11")
    assert game.global_property(UNION_POINTS) == "0"
    assert "8.4a" in contribution(report, "Stevens's Battery")[1]


def test_contract_8_a_companion_without_the_global_is_refused_naming_the_key(demo, tmp_path):
    without = companion_text(demo, "")
    with pytest.raises(KeptValueError, match=r"\[globals\] union_artillery_ammo"):
        run_with_companion(demo, tmp_path, without, "ammo", side="Union")
    with pytest.raises(KeptValueError, match="union_artillery_ammo"):
        run_with_companion(demo, tmp_path, without, "fire", firers="Stevens's Battery", target="A15.11")
    absent = companion_text(demo, '[globals]\nunion_artillery_ammo = "Nowhere"\n')
    with pytest.raises(KeptValueError, match="no global property 'Nowhere'"):
        run_with_companion(demo, tmp_path, absent, "ammo", side="Union")


def test_8_4a_small_arms_need_no_points(demo, tmp_path):
    report = run_with_companion(demo, tmp_path, companion_text(demo, ""), "fire-odds", firers="17th Virginia Cavalry",
                                target="A16.12")
    assert not [line for line in lines(report) if "points" in line.data]


def test_1_5b_unlimited_ammunition_needs_no_global_and_never_halves(demo, tmp_path):
    charts = charts_with(tmp_path, artillery_ammunition="unlimited")
    report = run_with_companion(demo, tmp_path, companion_text(demo, ""), "fire", charts=charts,
                                firers="Stevens's Battery", target="A15.11")
    value, text = contribution(report, "Stevens's Battery")
    assert "8.4a" not in text and "8.4b" in text and value == 9


# ---- 8.4b: the trace ----

def test_8_4b_a_battery_traces_to_the_army_supply_train(demo):
    report, _ = demo.run(SAVE, "ammo-trace", side="Union", units="Hall's Battery")
    hall = traces(report)["Hall's Battery"]
    assert hall["traced"] and hall["path"][0] == "A12.10" and hall["path"][-1] == "A15.07"
    assert hall["used"] == 1 and hall["target"] == "A15.07"


def test_8_4b_c_without_its_train_on_the_map_a_battery_traces_to_the_entry_hex(demo):
    report, _ = demo.run(SAVE, "ammo-trace", side="Confederate")
    found = traces(report)
    assert set(found) == {"Pegram's Battery", "Marye's Battery"}
    assert all(t["traced"] and t["path"][-1] == "A1.07" for t in found.values())


def test_8_4b_enemy_units_block_the_trace(demo, tmp_path):
    # Stevens's Battery in the A16.12 corner: its neighbours are A15.12 and A16.11. Enemy units
    # without a zone (limbered, mounted: 3.4) stand in them.
    one = demo.position(SAVE, tmp_path / "one.vsav", moves={"17th Virginia Cavalry": "A1.12",
                                                            "Pegram's Battery": "A16.11"},
                        properties={"Pegram's Battery": {"Formation": "limbered"},
                                    "17th Virginia Cavalry": {"Formation": "mounted"}})
    report, _ = demo.run(one, "ammo-trace", side="Union", units="Stevens's Battery")
    assert traces(report)["Stevens's Battery"]["path"][1] == "A15.12"
    both = demo.position(one, tmp_path / "both.vsav", moves={"17th Virginia Cavalry": "A15.12"})
    report, _ = demo.run(both, "ammo-trace", side="Union", units="Stevens's Battery")
    stevens = traces(report)["Stevens's Battery"]
    assert not stevens["traced"] and stevens["reason"] == "enemy units close every way"


def test_8_4b_a_train_too_far_off_the_roads_is_said_so_not_blamed_on_enemy_units(demo, tmp_path):
    # "only the first 10 hexes from the artillery unit may be non-road hexes": the train off-road in
    # A4.12, Hall's Battery in A15.12; every Confederate unit far away in the top row (limbered, mounted).
    far = demo.position(SAVE, tmp_path / "far.vsav",
                        moves={"Pegram's Battery": "A16.01", "Marye's Battery": "A15.01",
                               "17th Virginia Cavalry": "A14.01", "Hall's Battery": "A15.12",
                               "Army of the Potomac Train": "A4.12"},
                        properties={"Pegram's Battery": {"Formation": "limbered"},
                                    "Marye's Battery": {"Formation": "limbered"},
                                    "17th Virginia Cavalry": {"Formation": "mounted"}})
    report, _ = demo.run(far, "ammo-trace", side="Union", units="Hall's Battery")
    hall = traces(report)["Hall's Battery"]
    assert not hall["traced"]
    assert hall["reason"].startswith("too far: no way of at most 10 non-road hexes, then only primary road, secondary "
                                     "road or trail, reaches it, even with no enemy unit or zone in the way")
    assert "enemy units" not in hall["reason"].replace("no enemy unit", "")


def test_8_4b_an_enemy_zone_blocks_the_trace(demo):
    report, _ = demo.run(SAVE, "ammo-trace", side="Union", units="Stevens's Battery")
    stevens = traces(report)["Stevens's Battery"]
    assert not stevens["traced"] and "enemy zones" in stevens["reason"]


def test_8_4b_a_friendly_combat_unit_in_the_zone_lets_the_trace_through(demo, tmp_path):
    leader = demo.position(SAVE, tmp_path / "leader.vsav", moves={"Wadsworth": "A16.11"})
    report, _ = demo.run(leader, "ammo-trace", side="Union", units="Stevens's Battery")
    assert not traces(report)["Stevens's Battery"]["traced"]   # a leader is no combat unit
    cavalry = demo.position(SAVE, tmp_path / "cavalry.vsav", moves={"8th Illinois Cavalry": "A16.11"})
    report, _ = demo.run(cavalry, "ammo-trace", side="Union", units="Stevens's Battery")
    stevens = traces(report)["Stevens's Battery"]
    assert stevens["traced"] and stevens["path"][1] == "A16.11"


def test_8_4b_option_count_battery_hex_counts_the_battery_s_own_hex(demo, tmp_path):
    charts = charts_with(tmp_path, count_battery_hex="yes")
    report, _ = demo.run(SAVE, "ammo-trace", charts=charts, side="Union", units="Hall's Battery")
    assert traces(report)["Hall's Battery"]["used"] == 2


# ---- 8.4: the multipliers in a fire ----

def test_8_4_full_strength_with_points_and_a_trace_half_without_either_a_quarter_without_both(demo, tmp_path):
    # Stevens's Battery (N, 6 guns) at A15.11, 2 hexes: 6 x 3 = 18 at full strength.
    traced = demo.position(SAVE, tmp_path / "traced.vsav", moves={"8th Illinois Cavalry": "A16.11"})
    report, _ = demo.run(traced, "fire-odds", firers="Stevens's Battery", target="A15.11")
    assert contribution(report, "Stevens's Battery")[0] == 18
    report, _ = demo.run(SAVE, "fire-odds", firers="Stevens's Battery", target="A15.11")
    value, text = contribution(report, "Stevens's Battery")
    assert value == 9 and "no ammunition trace, 8.4b" in text
    spent = with_points(demo, tmp_path / "spent.vsav", 0)
    report, _ = demo.run(demo.position(spent, tmp_path / "spent-traced.vsav", moves={"8th Illinois Cavalry": "A16.11"}),
                         "fire-odds", firers="Stevens's Battery", target="A15.11")
    value, text = contribution(report, "Stevens's Battery")
    assert value == 9 and "no ammunition points left, 8.4a" in text
    report, _ = demo.run(spent, "fire", firers="Stevens's Battery", target="A15.11")
    value, text = contribution(report, "Stevens's Battery")
    assert value == Fraction(9, 2) and "8.4a" in text and "8.4b" in text


def test_8_4a_each_battery_of_a_fire_spends_a_point_the_last_without_one_at_half(demo, tmp_path):
    one_left = with_points(demo, tmp_path / "one.vsav", 1)
    save = demo.position(one_left, tmp_path / "two.vsav", moves={"Hall's Battery": "A16.10",
                                                                 "8th Illinois Cavalry": "A16.11"})
    report, game = demo.run(save, "fire", firers="Stevens's Battery,Hall's Battery", target="A15.11")
    assert game.global_property(UNION_POINTS) == "0"
    assert "8.4a" not in contribution(report, "Stevens's Battery")[1]
    assert "8.4a" in contribution(report, "Hall's Battery")[1]
