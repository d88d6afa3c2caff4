"""Stacking on the sample module (docs/examples/sample-terrain.toml: infantry pays +1 to enter and +1
to leave a hex with other infantry, as Lee Moves North 9.1; at most two units of a side in a hex):
penalties in the search, limits at the end of a move and in set-ups, through the Python API, the
built-in generic plugin and `adjutant check`."""
import json
import zipfile
from fractions import Fraction

import pytest

import adjutant
from adjutant.rules.mp import parse_mp
from adjutant.rules.stack_limits import over_stack_limits
from adjutant.plugin import Context
from adjutant.plugin_host import PluginError, choose_plugin
from conftest import ESC, REPO, TAB, json_lines
from test_cli import adjutant as run_cli

SAMPLE_TERRAIN = REPO / "docs" / "examples" / "sample-terrain.toml"
PLUGINS = REPO / "tests" / "python" / "plugins"


@pytest.fixture(scope="module")
def module(sample_module):
    return adjutant.open_module(str(sample_module))


@pytest.fixture(scope="module")
def movement(module):
    return adjutant.open_companion(str(SAMPLE_TERRAIN), module).movement("Main Map")


def write_save(module, path, pieces):
    """A bare save text with units (id, name, side, hex) on the sample map, at their hexes' centres."""
    view = module.maps[0]
    lines = []
    for piece_id, name, side, hex_name in pieces:
        x, y = view.point_of(hex_name)
        lines.append(f"+/{piece_id}/mark;Side{TAB}piece;;;u.png;{name}/{side}{TAB}Main Map;{x};{y};;0")
    path.write_text(ESC.join(["begin_save", *lines, "end_save"]), encoding="utf-8")
    return path


def write_log(module, path, pieces, moves):
    """A log of the save above with one step per (piece id, hex) move."""
    save = write_save(module, path.with_suffix(".sav"), pieces)
    game = adjutant.open_game(str(save), module)
    for piece_id, hex_name in moves:
        game.piece(piece_id).move_to("Main Map", *module.maps[0].point_of(hex_name))
    game.save_log(str(path))
    return path


def test_infantry_pays_to_enter_and_leave_hexes_with_other_infantry_LMN_9_1(movement):
    friendly = [("0504", "infantry")]
    through = movement.explain(["0503", "0504", "0505"], ["infantry"], 6, friendly=friendly)
    assert [s["stacking"] for s in through.steps] == [1, 1]
    assert through.total == 4
    assert movement.explain(["0503", "0504", "0505"], ["artillery"], 6, friendly=friendly).total == 2
    around = movement.path("0503", "0505", ["infantry"], 6, friendly=friendly)
    assert "0504" not in around.hexes and around.total == 3
    assert movement.reach("0503", ["infantry"], 1, friendly=friendly).get("0504") is None
    assert movement.stack_limits == [{"most": 2, "measure": "", "classes": None, "describe": "every class"}]


def test_a_unit_controls_the_hexes_of_its_zone(movement):
    zones = movement.zones([("0505", None)])
    assert sorted(zones.controlled_hexes()) == ["0405", "0406", "0504", "0506", "0605", "0606"]


def test_a_move_into_a_full_hex_breaks_the_stacking_limit(module, sample_module, tmp_path):
    log = write_log(module, tmp_path / "stacking.vlog",
                    [("A", "Alpha", "Union", "0503"), ("B", "Bravo", "Union", "0504"),
                     ("D", "Delta", "Union", "0504"), ("R", "Reb", "Confederate", "1510"),
                     ("C", "Charlie", "Union", "0203")],
                    [("A", "0504"), ("C", "0205")])
    result = run_cli("check", "moves", log, "--module", sample_module, "--companion", SAMPLE_TERRAIN, "--json")
    assert result.returncode == 1, result.stderr
    (game,) = json_lines(result.stdout)
    into, alone = game["moves"]
    assert into["pieces"] == ["Alpha"] and into["legal"] is False
    assert Fraction(into["cost"]) == 2  # clear 1 + entering a hex with infantry 1
    assert into["reason"] == "stacking limit exceeded at the end: 3 units in 0504, over the limit of 2: Alpha, Bravo, Delta"
    assert alone["legal"] is True and alone["reason"] == ""


def test_the_generic_plugin_is_installed_and_chosen_for_generic_rules():
    plugin, note = choose_plugin(None, "generic", "moves")
    assert plugin.name == "generic" and note == ""
    assert set(plugin.tasks) >= {"moves", "setup"}
    plugin, note = choose_plugin(None, "zzq", "setup")
    assert plugin.name == "generic" and "no installed plugin serves rules 'zzq'" in note
    assert choose_plugin("generic", "zzq", "moves")[1] == ""
    with pytest.raises(PluginError, match=r"plugin 'counting' .* has no 'moves'; it has: pieces, roll"):
        choose_plugin(str(PLUGINS / "counting.py"), "generic", "moves")
    with pytest.raises(PluginError, match="no plugin 'nothing'"):
        choose_plugin("nothing", "generic", "moves")


def test_check_moves_runs_a_plugin_given_by_path(module, sample_module, tmp_path):
    log = write_log(module, tmp_path / "one.vlog", [("A", "Alpha", "Union", "0503")], [("A", "0504")])
    plugin = tmp_path / "strict.py"
    plugin.write_text(
        "from adjutant.plugin import Plugin\n"
        "from adjutant.rules.move_check import MoveChecker\n"
        "plugin = Plugin('strict', 'Every move is illegal', rules='strict')\n"
        "@plugin.check('moves', 'Refuse every move.')\n"
        "def moves(context):\n"
        "    verdicts = MoveChecker(context.game, context.module, context.companion).check()\n"
        "    for v in verdicts:\n"
        "        v.legal, v.reason = False, 'moved on a Sunday'\n"
        "    return verdicts\n", encoding="utf-8")
    result = run_cli("check", "moves", log, "--module", sample_module, "--companion", SAMPLE_TERRAIN,
                     "--plugin", plugin, "--json")
    assert result.returncode == 1, result.stderr
    assert json_lines(result.stdout)[0]["moves"][0]["reason"] == "moved on a Sunday"


def test_check_setup_finds_stacks_over_the_limit_in_a_save(module, sample_module, tmp_path):
    save = write_save(module, tmp_path / "crowded.sav",
                      [("A", "Alpha", "Union", "0504"), ("B", "Bravo", "Union", "0504"),
                       ("D", "Delta", "Union", "0504"), ("R", "Reb", "Confederate", "0504"),
                       ("E", "Echo", "Union", "0808")])
    result = run_cli("check", "setup", save, "--module", sample_module, "--companion", SAMPLE_TERRAIN, "--json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["checked"] == [str(save)]
    (finding,) = report["findings"]
    assert finding == {"source": str(save), "map": "Main Map", "hex": "0504", "side": "Union",
                       "pieces": ["Alpha", "Bravo", "Delta"],
                       "problem": "stacking limit exceeded: 3 units in 0504, over the limit of 2: Alpha, Bravo, Delta"}
    calm = write_save(module, tmp_path / "calm.sav", [("A", "Alpha", "Union", "0504")])
    assert run_cli("check", "setup", calm, "--module", sample_module, "--companion", SAMPLE_TERRAIN).returncode == 0


def test_check_setup_finds_units_in_terrain_they_may_not_enter(module, sample_module, tmp_path):
    guns = tmp_path / "guns.toml"
    guns.write_text(SAMPLE_TERRAIN.read_text(encoding="utf-8").replace(
        'class = { value = "infantry" }', 'class = { value = "artillery" }'), encoding="utf-8")
    save = write_save(module, tmp_path / "ridge.sav", [("G", "Battery", "Union", "1007")])
    companion = adjutant.open_companion(str(guns), module)
    plugin, _ = choose_plugin(None, companion.rules, "setup")
    (finding,) = plugin.tasks["setup"].run(Context(module, companion, adjutant.open_game(str(save), module), "ridge"))
    assert (finding.hex, finding.pieces, finding.problem) == ("1007", ("Battery",), "artillery may not stand in ridge")


def test_a_save_without_its_module_is_a_usage_error(module, tmp_path):
    save = write_save(module, tmp_path / "alone.sav", [("A", "Alpha", "Union", "0504")])
    result = run_cli("check", "setup", save, "--companion", SAMPLE_TERRAIN)
    assert result.returncode == 2
    assert "is not a module: name its module with --module" in result.stderr


def test_check_setup_of_a_module_judges_its_setup_stacks_and_setups(sample_module, tmp_path):
    # Towns closed to infantry: Lee's SetupStack and the set-up's Lee stand in the town 0805.
    closed = tmp_path / "closed.toml"
    closed.write_text(SAMPLE_TERRAIN.read_text(encoding="utf-8").replace(
        "terrain = { clear = 1, woods = 2, town = 1, ridge = 2 }",
        'terrain = { clear = 1, woods = 2, town = "prohibited", ridge = 2 }'), encoding="utf-8")
    result = run_cli("check", "setup", sample_module, "--companion", closed, "--json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["checked"] == ["SetupStacks", "set-up 'Opening Positions'"]
    assert [(f["source"], f["hex"], f["pieces"], f["problem"]) for f in report["findings"]] == [
        ("SetupStacks", "0805", ["Lee"], "infantry may not stand in town"),
        ("set-up 'Opening Positions'", "0805", ["Lee"], "infantry may not stand in town")]
    assert run_cli("check", "setup", sample_module, "--companion", SAMPLE_TERRAIN).returncode == 0


def test_a_setup_file_missing_from_the_module_is_a_finding(sample_module, tmp_path):
    broken = tmp_path / "broken.vmod"
    with zipfile.ZipFile(sample_module) as src, zipfile.ZipFile(broken, "w") as dst:
        for info in src.infolist():
            if not info.filename.endswith(".vsav"):
                dst.writestr(info.filename, src.read(info))
    result = run_cli("check", "setup", broken, "--companion", SAMPLE_TERRAIN, "--json")
    assert result.returncode == 1, result.stderr
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["source"] == "set-up 'Opening Positions'"
    assert finding["problem"].startswith("cannot be opened: ") and "Opening Positions.vsav" in finding["problem"]


def test_check_moves_compares_a_save_with_an_earlier_one(module, sample_module, tmp_path):
    before = write_save(module, tmp_path / "turn3.sav",
                        [("A", "Alpha", "Union", "0503"), ("B", "Bravo", "Union", "0504"),
                         ("D", "Delta", "Union", "0504"), ("E", "Echo", "Union", "0808")])
    game = adjutant.open_game(str(before), module)
    for piece_id in ("B", "D"):  # a stack marching together
        game.piece(piece_id).move_to("Main Map", *module.maps[0].point_of("0506"))
    game.save(str(tmp_path / "turn4.vsav"))
    result = run_cli("check", "moves", tmp_path / "turn4.vsav", "--before", before, "--module", sample_module,
                     "--companion", SAMPLE_TERRAIN, "--json")
    assert result.returncode == 0, result.stderr
    (move,) = json_lines(result.stdout)[0]["moves"]
    assert (move["pieces"], move["start"], move["end"], move["distance"]) == (["Bravo", "Delta"], "0504", "0506", 2)
    assert move["legal"] is True and parse_mp(move["cost"]) == 2
    two = run_cli("check", "moves", before, before, "--before", before, "--module", sample_module,
                  "--companion", SAMPLE_TERRAIN)
    assert two.returncode == 2 and "--before compares one save with an earlier one" in two.stderr


def test_a_limit_on_an_attribute_sums_it_exactly_and_names_a_unit_without_a_number(module, tmp_path):
    text = SAMPLE_TERRAIN.read_text(encoding="utf-8")
    text = text.replace('unit_attributes = ["side", "class"]', 'unit_attributes = ["side", "class", "strength"]')
    text += '\n[[movement.stack_limit]]\nmost = 3\nmeasure = "strength"\nclasses = ["infantry"]\n'
    path = tmp_path / "strength.toml"
    path.write_text(text, encoding="utf-8")
    movement = adjutant.open_companion(str(path), module).movement("Main Map")
    guns = adjutant.StackedUnit("Guns", "artillery", {"strength": "9"})  # not counted: the limit is on infantry
    assert movement.over_stack_limits([adjutant.StackedUnit("A", "infantry", {"strength": "1/2"}),
                                       adjutant.StackedUnit("B", "infantry", {"strength": "2.5"}), guns]) == [
        "3 units, over the limit of 2"]
    assert movement.over_stack_limits([adjutant.StackedUnit("A", "infantry", {"strength": "1/2"}),
                                       adjutant.StackedUnit("B", "infantry", {"strength": "2.6"})]) == [
        "31/10 strength of infantry, over the limit of 3"]
    # For people: the hex and the units the limit counted, with what each counts, not its classes.
    assert over_stack_limits(movement, [adjutant.StackedUnit("A", "infantry", {"strength": "1/2"}),
                                        adjutant.StackedUnit("B", "infantry", {"strength": "2.6"}), guns], "0504") == [
        "3 units in 0504, over the limit of 2: A, B, Guns", "31/10 strength in 0504, over the limit of 3: A 1/2, B 2.6"]
    with pytest.raises(adjutant.StackingError, match=r"^unit 'B': strength 'two' is not a number$"):
        movement.over_stack_limits([adjutant.StackedUnit("B", "infantry", {"strength": "two"})])
    assert movement.over_stack_limits([adjutant.StackedUnit("C", None, {})]) == []  # no class: not infantry
