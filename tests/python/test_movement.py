"""Movement from Python on the sample module: the companion file's [movement] costs per class,
roads, zones (from the file and written in Python), MP as exact fractions, and bad input named."""
from fractions import Fraction
from pathlib import Path

import pytest

import adjutant

REPO = Path(__file__).resolve().parents[2]
SAMPLE_TERRAIN = REPO / "docs" / "examples" / "sample-terrain.toml"


@pytest.fixture(scope="module")
def movement(sample_module):
    module = adjutant.open_module(str(sample_module))
    return adjutant.open_companion(str(SAMPLE_TERRAIN), module).movement("Main Map")


def test_classes_and_terrain_costs(movement):
    assert movement.classes == ["infantry", "artillery"]
    woods = movement.explain(["0303", "0304"], ["infantry"], 4)
    assert woods.legal and woods.total == 2
    assert movement.explain(["0303", "0304"], ["artillery"], 4).total == 3
    # A stack pays what its dearest member pays.
    assert movement.explain(["0303", "0304"], ["infantry", "artillery"], 4).total == 3
    ridge = movement.explain(["0905", "1006"], ["artillery"], 4)
    assert not ridge.legal
    assert ridge.steps[-1]["problem"] == "prohibited terrain"
    assert ridge.reason == "step 1: artillery may not enter ridge"


def test_roads_cost_half_and_cancel_the_stream(movement):
    along = movement.explain(["0802", "0803", "0804", "0805", "0806"], ["infantry"], 4)
    assert along.legal, along.reason
    assert along.total == Fraction(2)  # four road steps at 1/2; the stream 0805/0806 cancelled
    assert [s["line_type"] for s in along.steps] == ["road"] * 4
    off_road = movement.explain(["0906", "0806"], ["infantry"], 4)
    assert off_road.total == 2  # clear 1 + stream 1


def test_reach_gives_mp_left_and_the_cheapest_path(movement):
    reach = movement.reach("0802", ["infantry"], 2)
    assert reach["0802"] == (Fraction(2), False)
    assert reach["0806"] == (Fraction(0), False)  # 2 MP of road
    assert "0807" not in reach
    assert all(0 <= left <= 2 for left, _ in reach.values())
    path = movement.path("0802", "0806", ["infantry"], 2)
    assert path.hexes == ["0802", "0803", "0804", "0805", "0806"] and path.legal
    assert movement.path("0802", "0807", ["infantry"], 2).legal is False


def test_zones_from_the_file(movement):
    zones = movement.zones([("0505", None)])
    assert zones.controlled("0504") and not zones.controlled("0503")
    assert zones.entry_cost("0504") == 2
    into = movement.explain(["0503", "0504"], ["infantry"], 6, zones=zones)
    assert into.total == 3 and into.steps[0]["zone"] == 2
    ring = movement.explain(["0504", "0605"], ["infantry"], 6, zones=zones)
    assert not ring.legal and ring.steps[-1]["problem"] == "zone of control"
    reach = movement.reach("0503", ["infantry"], 3, zones=zones)
    assert reach["0504"] == (Fraction(0), False)


def test_zones_written_in_python(movement):
    class Screen(adjutant.ZoneOfControl):
        def controlled(self, hex):
            return hex == "0504"

        def step(self, from_hex, to_hex, first, used_line):
            if to_hex == "0504":
                return adjutant.ZoneStep(cost="1/2", stop=True, reason="screen")
            return None

    zones = movement.python_zones(Screen())
    path = movement.explain(["0503", "0504", "0505"], ["infantry"], 6, zones=zones)
    assert not path.legal and path.steps[-1]["problem"] == "after stop"
    assert path.steps[0]["zone"] == Fraction(1, 2) and path.steps[0]["stop"]
    assert movement.reach("0503", ["infantry"], 2, zones=zones)["0504"] == (Fraction(1, 2), True)


def test_bad_input_is_named(movement):
    with pytest.raises(ValueError, match="unknown unit class 'cavalry' \\(the classes are infantry, artillery\\)"):
        movement.reach("0503", ["cavalry"], 2)
    with pytest.raises(adjutant.LocationError, match="no hex '9999' on map 'Main Map'"):
        movement.reach("9999", ["infantry"], 2)
    with pytest.raises(ValueError, match="whole sixths"):
        movement.reach("0503", ["infantry"], 0.1)


def test_open_companion_takes_the_module_by_its_path(sample_module):
    by_path = adjutant.open_companion(SAMPLE_TERRAIN, sample_module)
    assert by_path.movement("Main Map").classes == ["infantry", "artillery"]
    with pytest.raises(adjutant.FormatError, match="no-such.vmod"):
        adjutant.open_companion(SAMPLE_TERRAIN, Path("no-such.vmod"))
