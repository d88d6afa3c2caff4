"""The hexes between units in 8.3, 6.4 E and 9.4 counted both ways the option `distance` reads
them (rules catalogue 3F): as range, or along the path a unit would walk, on the demo board where
they differ: the woods A8.10-A9.12, which limbered artillery (and, in a copy of the companion file,
infantry in line) may not enter, stand between a unit in A10.11 and an enemy unit in A7.11: 3 hexes
as range, 6 walked round the woods' south end."""
import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.cwr.army import Army
from adjutant_plugins.cwr.charts import CwrCharts
from adjutant_plugins.cwr.demo import CHARTS, DEMO_SAVE, WRECKED_SAVE
from adjutant_plugins.cwr.distances import Distances
from cwr_helpers import Demo, lines, piece_named


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("cwr-distances"))


def charts_with(tmp_path, reading):
    path = tmp_path / f"charts-{reading}.toml"
    path.write_text(CHARTS.read_text() + f'distance = "{reading}"\n')
    return path


def test_range_and_path_count_the_woods_differently(demo):
    army = demo.army(demo.path(DEMO_SAVE))
    by_range = Distances(army, CwrCharts.load(CHARTS), "Union")
    by_path = Distances(army, CwrCharts.load(charts_with(demo.folder, "path")), "Union")
    assert by_range.between("A10.11", "A7.11", "artillery limbered").hexes == 3
    walked = by_path.between("A10.11", "A7.11", "artillery limbered")
    assert walked.hexes == 6 and walked.path[0] == "A10.11" and walked.path[-1] == "A7.11"
    assert not {"A8.10", "A8.11", "A8.12", "A9.10", "A9.11", "A9.12"} & set(walked.path)
    assert by_path.between("A10.11", "A7.11", "infantry line").hexes == 3   # infantry walks through the woods
    assert by_path.between("A10.11", "A7.11").hexes == 3                   # a unit without a class: no terrain barred
    # the last step is counted even into a hex the class may not enter: a battery next to the woods
    assert by_path.between("A10.11", "A9.11", "artillery limbered").hexes == 1


def test_8_3_four_hexes_from_every_enemy_unit_as_range_or_as_path(demo, tmp_path):
    # Stevens's Battery (limbered, Low Ammo) in A10.11 with I Corps Wagon next to it; 17th Virginia
    # Cavalry in A7.11 behind the woods; every other Confederate unit 7 hexes or more away.
    save = demo.position(DEMO_SAVE, tmp_path / "resupply.vsav",
                         moves={"Stevens's Battery": "A10.11", "I Corps Wagon": "A11.11",
                                "17th Virginia Cavalry": "A7.11"},
                         properties={"Stevens's Battery": {"Ammo": "low"}})
    near, kept = demo.run(save, "resupply", side="Union", units="Stevens's Battery")
    far, resupplied = demo.run(save, "resupply", side="Union", units="Stevens's Battery",
                               charts=charts_with(tmp_path, "path"))
    verdict = lambda r: next(l for l in lines(r) if l.data.get("unit") == "Stevens's Battery")
    assert not verdict(near).data["eligible"] and "8.3" in verdict(near).data["reasons"]
    assert "3 hexes from 17th Virginia Cavalry" in verdict(near).text
    assert verdict(far).data["eligible"] and "6 hexes (path A10.11-" in verdict(far).text
    assert piece_named(kept, "Stevens's Battery").properties["Ammo"] == "low"
    assert piece_named(resupplied, "Stevens's Battery").properties["Ammo"] == "normal"


def test_8_3_within_2_hexes_of_the_wagon_as_range_or_as_path(demo, tmp_path):
    # Stevens's Battery (limbered, Low Ammo) in A10.10, I Corps Wagon in the woods in A8.11: 2 hexes
    # as range; walked, the battery goes round the woods to reach a hex next to the wagon.
    save = demo.position(DEMO_SAVE, tmp_path / "wagon.vsav",
                         moves={"Stevens's Battery": "A10.10", "I Corps Wagon": "A8.11"},
                         properties={"Stevens's Battery": {"Ammo": "low"}})
    ranged, _ = demo.run(save, "resupply", side="Union", units="Stevens's Battery")
    walked, _ = demo.run(save, "resupply", side="Union", units="Stevens's Battery",
                         charts=charts_with(tmp_path, "path"))
    verdict = lambda r: next(l.data for l in lines(r) if l.data.get("unit") == "Stevens's Battery")
    assert verdict(ranged)["eligible"]
    assert not verdict(walked)["eligible"] and "8.3, 8.3a" in verdict(walked)["reasons"]


def test_6_4_e_routed_within_6_hexes_of_the_enemy_as_range_or_as_path(demo, tmp_path):
    # Stevens's Battery Routed (limbered) in A10.11, 17th Virginia Cavalry behind the woods in A7.11:
    # 3 hexes as range, it must retreat; 6 walked, it stays.
    save = demo.position(DEMO_SAVE, tmp_path / "rally.vsav",
                         moves={"Stevens's Battery": "A10.11", "17th Virginia Cavalry": "A7.11"},
                         properties={"Stevens's Battery": {"State_Level": "4"}})
    near, _ = demo.run(save, "rally", side="Union", rolls=("rally A10.11=6",))
    far, _ = demo.run(save, "rally", side="Union", rolls=("rally A10.11=6",), charts=charts_with(tmp_path, "path"))
    events = lambda r: [l for l in lines(r) if l.data.get("hex") == "A10.11" and l.data.get("step") == "E"]
    assert events(near) and any(l.data.get("path") for l in lines(near) if l.data.get("hex") == "A10.11")
    assert not any(l.data.get("path") for l in lines(far) if l.data.get("hex") == "A10.11")
    assert any("6 hexes from the enemy, no retreat" in l.text for l in events(far))


def test_9_4_six_hexes_from_the_enemy_as_range_or_as_path(demo, tmp_path):
    # In a copy of the companion file infantry in line may not enter woods: 76th New York (4 of 6
    # SP) with Cutler in A10.11, 17th Virginia Cavalry in A7.11: 3 hexes as range, 6 walked.
    text = (demo.folder / "companion.toml").read_text()
    line = '[movement.class."infantry line"]\nterrain = { clear = 1, orchard = 2, forest = 3, urban = 2 }'
    assert line in text
    (tmp_path / "companion.toml").write_text(text.replace(line, line.replace("forest = 3", 'forest = "prohibited"')))
    companion = adjutant.open_companion(str(tmp_path / "companion.toml"), demo.module)
    save = demo.position(DEMO_SAVE, tmp_path / "recovery.vsav",
                         moves={"76th New York": "A10.11", "Cutler": "A10.11", "17th Virginia Cavalry": "A7.11"},
                         properties={"76th New York": {"SP": "4"}})

    def recover(reading):
        game = adjutant.open_game(str(save), demo.module)
        context = Context(demo.module, companion, game, str(save), charts=str(charts_with(tmp_path, reading)),
                          rolls=Rolls(1), side="referee")
        task = demo.plugin.tasks["stragglers"]
        report = task.run(context, **task.arguments({"side": "Union", "stragglers": "Cutler's Brigade:2"}))
        return report, Army(Context(demo.module, companion, game, str(save)))

    near, ranged = recover("range")
    far, walked = recover("path")
    refused = [l.text for l in lines(near) if l.data.get("unit") == "76th New York" and l.data.get("eligible") is False]
    assert refused and "3 hexes from an enemy unit, fewer than 6 (9.4 condition 2)" in refused[0]
    assert ranged.named("76th New York").sp == 4
    assert not [l for l in lines(far) if l.data.get("unit") == "76th New York" and l.data.get("eligible") is False]
    assert walked.named("76th New York").sp == 5
