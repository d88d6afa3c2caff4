"""The example scripts of docs/scripting.md (scripts/examples/), run as a user runs them, on the
Lee Invades the North demo (the litn_demo fixture): their output checked against the game and the
Python API."""
import json
import subprocess
import sys

import pytest

import adjutant
from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant.rules.visibility import Viewer
from adjutant_plugins.litn import plugin
from conftest import REPO

EXAMPLES = REPO / "scripts" / "examples"
CHARTS = REPO / "plugins" / "litn" / "demo" / "charts.toml"
# The rulebook's comprehensive command example (LIN 7.1): Lee, Longstreet and Jackson get 12 MP, Stuart 6.
COMMAND_ROLLS = ["R.E. Lee CP=2", "broadcast R.E. Lee -> Jackson=5", "broadcast R.E. Lee -> D.H. Hill=1",
                 "broadcast Jackson -> Lawton=3", "Stuart CP=2"]


def example(name, *args):
    return subprocess.run([sys.executable, str(EXAMPLES / name), *map(str, args)], capture_output=True, text=True)


def files(demo):
    """The module, save and companion file of the demo, as the scripts take them."""
    return demo.module, demo.dir / "litn-demo.vsav", demo.companion


def strengths(path):
    return {p.name: p.properties.get("Strength") for p in adjutant.open_game(str(path)).pieces}


def moved_save(demo, path, moves):
    """A copy of the demo save with pieces moved ({name: hex}) by Game.move_piece."""
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(demo.dir / "litn-demo.vsav"), module)
    for name, hex_name in moves.items():
        piece = next(p for p in game.pieces if p.name == name)
        x, y = game.map(piece.map).point_of(hex_name)
        game.move_piece(piece.id, piece.map, x, y)
    game.save(str(path))
    return path


@pytest.mark.parametrize("script", ["out_of_supply.py", "apply_attrition.py", "leaders_reach.py"])
def test_every_example_has_help_with_examples(script):
    done = example(script, "--help")
    assert done.returncode == 0 and "examples:" in done.stdout and "usage:" in done.stdout


# ---- out_of_supply.py ----

def test_out_of_supply_names_the_union_cavalry_cut_off_in_the_west(litn_demo):
    done = example("out_of_supply.py", *files(litn_demo))
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert "Union: 1 of 12 units without a line of communications" in lines
    assert "Confederate: 0 of 15 units without a line of communications" in lines
    # Farnsworth (0606) is more than four non-road hexes from any road; Davis (2409) is beside one.
    assert any(line.startswith("  Farnsworth (cavalry, 0606): no trace") for line in lines), done.stdout
    assert "Davis" not in done.stdout
    every = example("out_of_supply.py", *files(litn_demo), "--side", "Union", "--all")
    assert "Davis (cavalry, 2409): LOC via 2409 " in every.stdout and "Confederate" not in every.stdout


def test_a_union_unit_on_the_bridge_cuts_most_confederate_lines(litn_demo, tmp_path):
    # Davis at Harpers Ferry (1529) holds the bridge the Confederate roads to Winchester cross.
    save = moved_save(litn_demo, tmp_path / "cut.vsav", {"Davis": "1529"})
    done = example("out_of_supply.py", litn_demo.module, save, litn_demo.companion, "--side", "Confederate")
    assert done.returncode == 1, done.stderr
    cut = {line.split(" (")[0].strip() for line in done.stdout.splitlines()[1:]}
    assert {"R.E. Lee", "Walker", "Stuart", "D.H. Hill"} <= cut
    # Jackson's corps at 1625 and Lawton still find a way round; Jackson himself traces to Lee, who has none.
    assert not {"Hood", "A.P. Hill", "J. Jones", "Lawton"} & cut
    assert "Jackson (leader, 1625): R.E. Lee has no line of communications himself" in done.stdout


def test_out_of_supply_names_bad_input(litn_demo, tmp_path):
    done = example("out_of_supply.py", litn_demo.module, tmp_path / "absent.vsav", litn_demo.companion)
    assert done.returncode == 2 and "absent.vsav" in done.stderr


# ---- apply_attrition.py ----

def test_apply_attrition_writes_a_new_save_with_the_losses(litn_demo, tmp_path):
    before = (litn_demo.dir / "litn-demo.vsav").read_bytes()
    out = tmp_path / "after.vsav"
    done = example("apply_attrition.py", *files(litn_demo), "--charts", CHARTS, "--side", "Union",
                   "--roll", "Union attrition=5", "-o", out)
    assert done.returncode == 0, done.stderr
    # LIN 11.1's example roll of 5: infantry -1 in Union territory, -2 in Confederate territory.
    assert "I Corps (Hooker) (2412): friendly territory: loses 1, 14 -> 13 SP" in done.stdout
    assert "XII Corps (Mansfield) (2634): enemy territory: loses 2, 10 -> 8 SP" in done.stdout
    assert "Union attrition: d6 = 5 (given)" in done.stdout and done.stdout.endswith(f"wrote {out}\n")
    old, new = strengths(litn_demo.dir / "litn-demo.vsav"), strengths(out)
    assert (old["I Corps (Hooker)"], new["I Corps (Hooker)"]) == ("14", "13")
    assert (old["XII Corps (Mansfield)"], new["XII Corps (Mansfield)"]) == ("10", "8")
    assert new["McLaws"] == old["McLaws"], "only the Union rolled"
    assert (litn_demo.dir / "litn-demo.vsav").read_bytes() == before
    again = example("apply_attrition.py", *files(litn_demo), "--charts", CHARTS, "--seed", "3", "-o", out)
    assert again.returncode == 2 and "exists" in again.stderr
    assert strengths(out) == new


def test_the_same_seed_rolls_the_same_attrition(litn_demo, tmp_path):
    runs = [example("apply_attrition.py", *files(litn_demo), "--charts", CHARTS, "--seed", "1862",
                    "-o", tmp_path / f"run{i}.vsav") for i in (1, 2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    report = [r.stdout.rsplit("wrote", 1)[0] for r in runs]
    assert report[0] == report[1] and "Rolls (seed 1862):" in report[0]
    assert strengths(tmp_path / "run1.vsav") == strengths(tmp_path / "run2.vsav")


def test_apply_attrition_to_a_log_posts_the_report_as_chat(litn_demo, tmp_path):
    out = tmp_path / "after.vlog"
    done = example("apply_attrition.py", *files(litn_demo), "--charts", CHARTS, "--seed", "5", "-o", out)
    assert done.returncode == 0, done.stderr
    log = adjutant.open_game(str(out))
    log.seek(0)
    chat = []
    while log.position < log.step_count:
        chat += log.step_forward().chat
    assert "[Adjutant] Attrition (LIN 11)" in chat


def test_apply_attrition_stops_at_a_blank_chart_value(litn_demo, tmp_path):
    out = tmp_path / "after.vsav"
    done = example("apply_attrition.py", *files(litn_demo), "--charts", REPO / "plugins" / "litn" / "charts-template.toml",
                   "--roll", "Union attrition=1", "--side", "Union", "-o", out)
    # Farnsworth, first in the list, has no LOC: his roll of 1 reads row 2, which the template leaves blank.
    assert done.returncode == 2, done.stderr
    assert "charts-template.toml: table attrition_table, column friendly cavalry, roll 2: the chart has no value here" \
        in done.stderr
    assert not out.exists()


# ---- leaders_reach.py ----

@pytest.fixture(scope="module")
def command_save(litn_demo, tmp_path_factory):
    """The demo after the Confederate Command Phase: every unit's MA written."""
    module = adjutant.open_module(str(litn_demo.module))
    game = adjutant.open_game(str(litn_demo.dir / "litn-demo.vsav"), module)
    companion = adjutant.open_companion(str(litn_demo.companion), module)
    context = Context(module, companion, game, "litn-demo.vsav", charts=str(CHARTS), rolls=Rolls(1, COMMAND_ROLLS),
                      side="Confederate")
    plugin.tasks["command"].run(context, side="Confederate")
    path = tmp_path_factory.mktemp("command") / "command.vsav"
    game.save(str(path))
    return path


def api_reach(demo, save, target):
    """What Movement says, asked directly: each Confederate leader's reach with his MA, Union units
    (those the Confederate player sees) as enemy hexes, the cavalry's frontal zones."""
    module = adjutant.open_module(str(demo.module))
    game = adjutant.open_game(str(save), module)
    companion = adjutant.open_companion(str(demo.companion), module)
    movement = companion.movement("Main Map")
    viewer = Viewer(game, "Confederate")
    units = [(p, companion.unit(p, module)) for p in game.pieces if viewer.sees(p)]
    enemy = sorted({p.location for p, u in units if u["side"] == "Union"})
    sources = [(p.location, int(u["facing"])) for p, u in units
               if u["side"] == "Union" and u["type"] == "cavalry" and viewer.knows(p)]
    zones = movement.zones(sources)
    own = [(p, u) for p, u in units if u["side"] == "Confederate"]
    found = {}
    for piece, unit in own:
        if unit["type"] != "leader":
            continue
        friendly = [(p.location, u["type"]) for p, u in own if p.id != piece.id]
        reach = movement.reach(piece.location, ["leader"], unit["ma"], enemy, zones, friendly=friendly)
        path = movement.path(piece.location, target, ["leader"], unit["ma"], enemy, zones, friendly=friendly)
        found[piece.name] = (target in reach, path.total, path.hexes)
    return found


@pytest.mark.parametrize("target", ["1924", "2409", "1629"])
def test_leaders_reach_agrees_with_the_movement_api(litn_demo, command_save, target):
    done = example("leaders_reach.py", litn_demo.module, command_save, litn_demo.companion, target,
                   "--side", "Confederate", "--json")
    assert done.returncode == 0, done.stderr
    result = {r["leader"]: r for r in json.loads(done.stdout)}
    expected = api_reach(litn_demo, command_save, target)
    assert set(result) == set(expected) == {"R.E. Lee", "Longstreet", "Jackson", "Stuart"}
    for name, (reaches, cost, path) in expected.items():
        assert (result[name]["reaches"], result[name]["cost"], result[name]["path"]) == (reaches, str(cost), path), name


def test_leaders_reach_lists_who_can_get_there(litn_demo, command_save):
    done = example("leaders_reach.py", litn_demo.module, command_save, litn_demo.companion, "1924",
                   "--side", "Confederate")
    lines = done.stdout.splitlines()
    # Lee and Longstreet (12 MP at 1622) and Jackson (12 MP at 1625) can; Stuart (6 MP at 1223) cannot.
    assert lines[0] == "Confederate leaders that can reach 1924: R.E. Lee, Longstreet, Jackson"
    assert "  R.E. Lee (1622, 12 MP): 4 MP via 1622 1722 1823 1923 1924, 8 MP left" in lines
    assert any(line.startswith("  Stuart (1223, 6 MP): cannot: 7 MP via 1223 ") for line in lines), lines


def test_leaders_reach_without_allowances_says_so(litn_demo):
    done = example("leaders_reach.py", *files(litn_demo), "1924", "--side", "Confederate")
    assert done.returncode == 0 and "leaders that can reach 1924: none" in done.stdout
    assert "no allowance: its 'ma' is not set" in done.stdout
    given = example("leaders_reach.py", *files(litn_demo), "1924", "--side", "Confederate", "--allowance", "4")
    assert given.stdout.splitlines()[0] == "Confederate leaders that can reach 1924: R.E. Lee, Longstreet"
    bad = example("leaders_reach.py", *files(litn_demo), "9999", "--side", "Confederate")
    assert bad.returncode == 2 and "no hex '9999'" in bad.stderr
