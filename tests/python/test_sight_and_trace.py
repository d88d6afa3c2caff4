"""Line of sight and traces from Python and the command line, on the sample module: its ridge
(1006-1008, level 1), woods (0304, 0305, 0404) and town (0805) with the companion file's [sight]
(CWR: woods and town one level high), and its Frederick Road (0802-0806)."""
import json

import pytest

import adjutant
from conftest import REPO
from test_cli import adjutant as run_cli

SAMPLE_TERRAIN = REPO / "docs" / "examples" / "sample-terrain.toml"


@pytest.fixture(scope="module")
def companion(sample_module):
    return adjutant.open_companion(str(SAMPLE_TERRAIN), adjutant.open_module(str(sample_module)))


def test_the_ridge_blocks_sight_both_ways_CWR_4_1(companion):
    sight = companion.sight("Main Map")
    assert sight.rules == "cwr"
    over = sight.between("0905", "1107")
    assert over.sight == "blocked" and over.blocked_at == "1006"
    assert over.hexes == ["0905", "1006", "1007", "1107"]
    assert over.clause.startswith("CWR 4.1 case 1: ridge 1006 at level 1")
    assert sight.between("1107", "0905").sight == "blocked"
    assert sight.between("0902", "0905").sight == "clear"
    # From the ridge itself the view is open.
    assert sight.between("1006", "0902").sight == "clear"


def test_lfm_counts_shortest_paths_and_the_thread_never_blocks(companion):
    lfm = companion.sight("Main Map", rules="lfm")
    result = lfm.between("0905", "1107")
    assert (result.sight, result.paths, result.clear_paths) == ("blocked", 3, 0)
    assert companion.sight("Main Map", rules="thread").between("0905", "1107").sight == "clear"
    sweep = lfm.sweep("0905", 3)
    assert sweep["0905"] == "clear" and sweep["1107"] == "blocked"
    zone = lfm.zone_of_influence("0905")
    assert "0906" in zone and "1107" not in zone and "0905" not in zone
    assert lfm.zone_of_influence("0905", night=True) == []
    with pytest.raises(ValueError, match="needs the 'lfm' sight rules"):
        companion.sight("Main Map").zone_of_influence("0905")


def test_traces_follow_the_road_and_keep_their_limits(companion):
    movement = companion.movement("Main Map")
    loc = movement.lin_line_of_communication("0502", ["0806"], lines=["road"])
    assert loc.found and loc.hexes[-1] == "0806" and loc.used <= 4
    assert [s["on_line"] for s in loc.steps][-2:] == [True, True]
    assert not movement.lin_line_of_communication("0502", ["0806"], lines=["road"], off_road=1).found
    blocked = movement.lin_line_of_communication("0502", ["0806"], lines=["road"], enemy=["0804", "0803", "0802"],
                                                 off_road=2)
    assert not blocked.found and "no trace" in blocked.reason
    assert movement.lfm_command("0502", 6, targets=["0806"]).found
    assert not movement.lfm_command("0502", 3, targets=["0806"]).found
    supply = movement.lmn_supply("0502", sources=["0806"], rail=["road"])
    assert supply.state == "supplied" and supply.trace.found
    assert movement.lmn_supply("1510", sources=["0101"]).state == "isolated"
    radius = movement.cwr_command_radius("0502", "infantry", 2, targets=["0703"])
    assert radius.found and radius.used == 2


def test_los_and_trace_on_the_command_line(sample_module):
    blocked = run_cli("los", sample_module, SAMPLE_TERRAIN, "0905", "1107")
    assert blocked.returncode == 1, blocked.stderr
    assert "0905 -> 1107 (cwr): blocked" in blocked.stdout and "ridge 1006" in blocked.stdout
    clear = run_cli("los", sample_module, SAMPLE_TERRAIN, "0902", "0905", "--json")
    assert clear.returncode == 0 and json.loads(clear.stdout)["sight"] == "clear"
    loc = run_cli("trace", "loc", sample_module, SAMPLE_TERRAIN, "0502", "--to", "0806", "--lines", "road", "--json")
    assert loc.returncode == 0, loc.stderr
    assert json.loads(loc.stdout)["hexes"][-1] == "0806"
    none = run_cli("trace", "lfm-command", sample_module, SAMPLE_TERRAIN, "0502", "--most", "3", "--to", "0806")
    assert none.returncode == 1 and "no trace" in none.stdout
    unknown = run_cli("los", sample_module, SAMPLE_TERRAIN, "0902", "9999")
    assert unknown.returncode == 2 and "no hex '9999'" in unknown.stderr
    missing = run_cli("trace", "command-radius", sample_module, SAMPLE_TERRAIN, "0502", "--to", "0703")
    assert missing.returncode == 2 and "needs --class" in missing.stderr
