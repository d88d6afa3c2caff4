"""Line of sight and traces from Python and the command line, on the sample module: its ridge
(1006-1008, level 1), woods (0304, 0305, 0404) and town (0805) with the companion file's [sight]
(CWR: woods and town one level high), and its Frederick Road (0802-0806)."""
import json

import pytest

import adjutant
from adjutant_plugins.cwr import traces as cwr
from adjutant_plugins.lfm import traces as lfm
from adjutant_plugins.lmn import traces as lmn
from adjutant_plugins.litn.traces import line_of_communication
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
    loc = line_of_communication(movement, "0502", ["0806"], lines=["road"])
    assert loc.found and loc.hexes[-1] == "0806" and loc.used <= 4
    assert [s["on_line"] for s in loc.steps][-2:] == [True, True]
    assert not line_of_communication(movement, "0502", ["0806"], lines=["road"], off_road=1).found
    blocked = line_of_communication(movement, "0502", ["0806"], lines=["road"], enemy=["0804", "0803", "0802"],
                                    off_road=2)
    assert not blocked.found and "no trace" in blocked.reason
    assert lfm.command(movement, "0502", 6, targets=["0806"]).found
    assert not lfm.command(movement, "0502", 3, targets=["0806"]).found
    supply = lmn.supply(movement, "0502", sources=["0806"], rail=["road"])
    assert supply.state == "supplied" and supply.trace.found
    assert lmn.supply(movement, "1510", sources=["0101"]).state == "isolated"
    radius = cwr.command_radius(movement, "0502", "infantry", 2, targets=["0703"])
    assert radius.found and radius.used == 2


def test_the_general_trace_takes_every_term_of_a_request(companion):
    movement = companion.movement("Main Map")
    # The road part may not enter a cut hex: the trace goes round it off the road.
    assert movement.trace("0802", ["0806"], lines=["road"]).found
    assert not movement.trace("0802", ["0806"], lines=["road"], cut_lines=[("0804", ["road"])]).found
    assert not movement.trace("0802", ["0806"], lines=["road"], cut_lines=["0804"]).found
    assert movement.trace("0802", ["0806"], lines=["road"], cut_lines=["0804"], most=3).found
    # Stops are entered, not left.
    assert movement.trace("0802", ["0804"], most=2).found
    assert not movement.trace("0802", ["0804"], most=2, stops=["0803"]).found
    assert movement.trace("0802", ["0803"], most=1, stops=["0803"]).found
    # Direct targets count only when reached off the lines.
    assert not movement.trace("0802", [], direct_targets=["0806"], lines=["road"]).found
    assert movement.trace("0802", [], direct_targets=["0806"], most=4).found
    with pytest.raises(ValueError, match="zone_rule must be"):
        movement.trace("0802", ["0806"], zone_rule="sometimes")
    with pytest.raises(ValueError, match="needs a unit_class"):
        movement.trace("0802", ["0806"], measure="MP", most=4)


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


def test_the_kinds_of_the_installed_plugins_keep_their_names_and_output(sample_module):
    supply = run_cli("trace", "lmn-supply", sample_module, SAMPLE_TERRAIN, "0502", "--to", "0806", "--lines", "road")
    assert supply.returncode == 0, supply.stderr
    assert supply.stdout.splitlines()[0] == "0502: supplied"
    assert supply.stdout.splitlines()[-1].startswith("used: ")
    as_json = json.loads(run_cli("trace", "lmn-supply", sample_module, SAMPLE_TERRAIN, "0502", "--to", "0806",
                                 "--json").stdout)
    assert (as_json["kind"], as_json["state"], as_json["depot_source"]) == ("lmn-supply", "supplied", False)
    loc = run_cli("trace", "loc", sample_module, SAMPLE_TERRAIN, "0502", "--to", "0806", "--lines", "road",
                  "--major-river", "stream", "--bridge", "bridge")
    assert loc.returncode == 0 and loc.stdout.splitlines()[-1] == "used: 2", loc.stderr
    # CWR 8.4b: from 1905 the road is ten non-road hexes away, the battery's own hex not counted.
    ammunition = ["trace", "ammunition", sample_module, SAMPLE_TERRAIN, "1905", "--to", "0806", "--lines", "road"]
    assert run_cli(*ammunition).stdout.splitlines()[-1] == "used: 10"
    counted = run_cli(*ammunition, "--count-battery-hex", "true")
    assert counted.returncode == 1 and "no trace" in counted.stdout, counted.stderr
    wrong = run_cli("trace", "loc", sample_module, SAMPLE_TERRAIN, "0502", "--to", "0806", "--wagons", "0803")
    assert wrong.returncode == 2
    assert "trace loc has no option --wagons (its own: --major-river, --bridge)" in wrong.stderr
    missing = run_cli("trace", "loc", sample_module, SAMPLE_TERRAIN, "--to", "0806")
    assert missing.returncode == 2 and "trace loc needs MODULE COMPANION FROM" in missing.stderr


ROADS_PLUGIN = '''\
"""A plugin for the test: a kind of trace along the roads only."""
from adjutant.plugin import Parameter, Plugin, TraceResult

plugin = Plugin("roads", "Road traces (test plugin)")


@plugin.trace("road-only", "Along the roads only, to --to.",
              Parameter("avoid", str, "hexes not entered", (), many=True), needs=("targets",))
def road_only(trace, avoid):
    found = trace.movement.trace(trace.start, trace.targets, lines=["road"], blocked=avoid + trace.enemy)
    return TraceResult(found, "on the road" if found.found else "off the road", {"avoided": avoid})
'''


def test_a_plugin_registers_a_kind_of_trace_that_adjutant_trace_lists_and_runs(sample_module, tmp_path):
    plugin = tmp_path / "roads.py"
    plugin.write_text(ROADS_PLUGIN, encoding="utf-8")
    listed = run_cli("trace", "--list", "--plugin", plugin)
    assert listed.returncode == 0, listed.stderr
    assert "road-only (roads): Along the roads only, to --to." in listed.stdout
    assert "  needs --to\n  --avoid str...: hexes not entered" in listed.stdout
    kinds = {line.split(" (")[0] for line in listed.stdout.splitlines() if not line.startswith(" ")}
    assert kinds == {"road-only", "loc", "combat-supply", "attrition", "lmn-supply", "command-radius", "ammunition",
                     "lfm-command"}
    as_json = json.loads(run_cli("trace", "--list", "--json", "--plugin", plugin).stdout)
    assert {"name": "road-only", "plugin": "roads", "help": "Along the roads only, to --to.", "needs": ["--to"],
            "options": ["--avoid str...: hexes not entered"]} in as_json

    found = run_cli("trace", "road-only", sample_module, SAMPLE_TERRAIN, "0802", "--to", "0806", "--plugin", plugin,
                    "--json")
    assert found.returncode == 0, found.stderr
    out = json.loads(found.stdout)
    assert out["hexes"] == ["0802", "0803", "0804", "0805", "0806"] and out["avoided"] == []
    avoided = run_cli("trace", "road-only", sample_module, SAMPLE_TERRAIN, "0802", "--to", "0806",
                      "--avoid", "0804", "--plugin", plugin)
    assert avoided.returncode == 1, avoided.stderr
    assert avoided.stdout.splitlines()[0] == "0802: off the road"
    assert avoided.stdout.splitlines()[1].startswith("no trace: ")
    needs = run_cli("trace", "road-only", sample_module, SAMPLE_TERRAIN, "0802", "--plugin", plugin)
    assert needs.returncode == 2 and "trace road-only needs --to" in needs.stderr
    # Without the plugin the kind is unknown, and the message lists those there are.
    unknown = run_cli("trace", "road-only", sample_module, SAMPLE_TERRAIN, "0802", "--to", "0806")
    assert unknown.returncode == 2 and "no kind of trace 'road-only'; the plugins give: ammunition," in unknown.stderr
