"""The lfm Construction procedures write their markers (24 Breastworks, 25 Burning Bridges): after
each run the written save is reopened and the markers stand where the companion file's [state.*]
reads them, the replaced ones gone; a palette without the marker leaves the change to the player."""
import zipfile

import adjutant
import pytest

from adjutant.plugin import Context
from adjutant.procedures.rolls import Rolls
from adjutant_plugins.lfm.army import Army
from adjutant.cli import main
from adjutant_plugins.lfm.construction_procedures import BridgeRefused
from adjutant_plugins.lfm.demo import CHARTS, DEMO_SAVE
from adjutant_plugins.lfm.demo.module import MAP_NAME
from adjutant_plugins.lfm.demo.positions import unit
from adjutant_plugins.lfm.demo.saves import write_save
from lfm_helpers import Demo, lines, piece_named
from test_lfm_recovery_procedures import charts_with


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lfm-markers"))


def _save(demo, tmp_path, placement, hexside=None):
    """A save of `placement` ({hex: [units and markers]}); with `hexside` (A, B) the Burning Bridge
    marker of hex A moved onto the hexside, as a player puts it."""
    placed = tmp_path / "placed.vsav"
    write_save(str(placed), placement, "test")
    game = demo.game(placed)
    if hexside:
        view = game.map(MAP_NAME)
        (ax, ay), (bx, by) = (view.point_of(h, demo.board) for h in hexside)
        game.move_piece(piece_named(game, "Burning Bridge").id, MAP_NAME, (ax + bx) // 2, (ay + by) // 2)
    path = tmp_path / "start.vsav"
    game.save(str(path))
    return path


def written(demo, game, tmp_path, name="written.vsav"):
    """The Army of the save the procedure's game writes, reopened from the file."""
    path = tmp_path / name
    game.save(str(path))
    return demo.army(path)


def held(army, state):
    reading = army.state.reading(state)
    return set(reading.places)


def line_at(report, key, value):
    return next(x for x in lines(report) if x.data.get(key) == value)


# ---- 24: breastworks ----

def test_24_1b_build_marker_with_a_unit_is_replaced_by_breastworks(demo, tmp_path):
    save = _save(demo, tmp_path, {"1910": [unit("24th Michigan"), unit("Build")], "0301": [unit("1st Tennessee")]})
    report, game = demo.run(save, "breastworks", side="Union")
    line = line_at(report, "hex", "1910")
    assert (line.data["placed"], line.data["removed"]) == ("breastworks", "build")
    assert "Breastworks marker placed in 1910, Build marker removed from 1910" in line.text and "24.1b" in line.text
    army = written(demo, game, tmp_path)
    assert held(army, "breastworks") == {"1910"} and held(army, "build") == set()
    assert army.breastworks("1910") and army.named("24th Michigan").hex == "1910"


def test_24_1b_empty_build_marker_is_deleted(demo, tmp_path):
    save = _save(demo, tmp_path, {"1910": [unit("Build")], "0301": [unit("1st Tennessee")]})
    report, game = demo.run(save, "breastworks", side="Union")
    line = line_at(report, "hex", "1910")
    assert (line.data["result"], line.data["removed"], line.data["placed"]) == ("cancelled", "build", None)
    army = written(demo, game, tmp_path)
    assert held(army, "build") == set() and held(army, "breastworks") == set()
    assert not [p for p in game.pieces if p.name == "Build" and p.map]


def test_24_9_build_marker_of_a_retreated_builder_is_deleted(demo, tmp_path):
    save = _save(demo, tmp_path, {"1910": [unit("24th Michigan"), unit("Build")], "0301": [unit("1st Tennessee")]})
    report, game = demo.run(save, "breastworks", side="Union", retreated="1910")
    assert line_at(report, "hex", "1910").data["removed"] == "build"
    army = written(demo, game, tmp_path)
    assert held(army, "build") == set() and held(army, "breastworks") == set()


def test_24_10_build_marker_in_a_zoi_stays(demo, tmp_path):
    # the 1st Tennessee in 0707 puts 0807 in its ZOI
    save = _save(demo, tmp_path, {"0807": [unit("24th Michigan"), unit("Build")], "0707": [unit("1st Tennessee")]})
    report, game = demo.run(save, "breastworks", side="Union")
    line = line_at(report, "hex", "0807")
    assert (line.data["result"], line.data["placed"], line.data["removed"]) == ("pending", None, None)
    assert game.change_count == 0
    assert held(written(demo, game, tmp_path), "build") == {"0807"}


def test_24_1a_a_unit_allowed_to_build_gets_a_build_marker_in_its_hex(demo, tmp_path):
    report, game = demo.run(DEMO_SAVE, "breastworks", side="Union", build="147th New York,Calef's Battery")
    placed = line_at(report, "unit", "147th New York")
    assert placed.data["placed"] == "build" and "Build marker placed in 1205" in placed.text
    refused = line_at(report, "unit", "Calef's Battery")   # in a Confederate ZOI
    assert refused.data["allowed"] is False and refused.data["placed"] is None
    army = written(demo, game, tmp_path)
    assert held(army, "build") == {"1205"}
    assert army.named("147th New York").hex == "1205"


def test_24_1a_a_hex_takes_one_build_marker(demo, tmp_path):
    report, game = demo.run(DEMO_SAVE, "breastworks", side="Union", build="24th Michigan,19th Indiana")
    assert [x.data["placed"] for x in lines(report, "Union new")] == ["build", None]
    assert len([p for p in game.pieces if p.name == "Build" and p.map]) == 1
    assert held(written(demo, game, tmp_path), "build") == {"1107"}


# ---- 25: burning bridges ----

def _bridge_save(demo, tmp_path):
    # the Burning Bridge marker on the pike's bridge 0408/0508, the 1st Tennessee in 0508
    return _save(demo, tmp_path, {"0508": [unit("1st Tennessee")], "0408": [unit("Burning Bridge")],
                                  "1910": [unit("24th Michigan")]}, hexside=("0408", "0508"))


def test_25_a_destroyed_bridge_replaces_the_burning_bridge_marker(demo, tmp_path):
    report, game = demo.run(_bridge_save(demo, tmp_path), "bridge-burning", side="Confederate",
                            rolls=("burn bridge*=1",))
    line = line_at(report, "hexside", "0408/0508")
    assert (line.data["result"], line.data["placed"], line.data["removed"]) == \
        ("destroyed", "bridge_destroyed", "bridge_burning")
    assert "Destroyed Bridge marker placed on 0408/0508, Burning Bridge marker removed from 0408/0508" in line.text
    army = written(demo, game, tmp_path)
    assert held(army, "bridge_destroyed") == {"0408/0508"} and held(army, "bridge_burning") == set()
    assert army.state.without(["bridge"]) == {"0408/0508"}
    assert [(q.name, q.of, q.value) for q in report.quantities()] == [("bridge destroyed", "0408/0508", 1)]


def test_25_failed_check_keeps_the_marker_by_default(demo, tmp_path):
    save = _bridge_save(demo, tmp_path)
    cohesion = demo.army(save).named("1st Tennessee").cohesion
    report, game = demo.run(save, "bridge-burning", side="Confederate", rolls=(f"burn bridge*={cohesion + 1}",))
    assert line_at(report, "hexside", "0408/0508").data["result"] == "burning"
    assert [(q.name, q.of, q.value) for q in report.quantities()] == [("bridge destroyed", "0408/0508", 0)]
    assert game.change_count == 0
    assert held(written(demo, game, tmp_path), "bridge_burning") == {"0408/0508"}


def test_25_option_bridge_failed_remove_deletes_the_marker(demo, tmp_path):
    save = _bridge_save(demo, tmp_path)
    cohesion = demo.army(save).named("1st Tennessee").cohesion
    report, game = demo.run(save, "bridge-burning", side="Confederate", rolls=(f"burn bridge*={cohesion + 1}",),
                            charts=charts_with(tmp_path, bridge_failed="remove"))
    line = line_at(report, "hexside", "0408/0508")
    assert (line.data["result"], line.data["removed"], line.data["placed"]) == ("removed", "bridge_burning", None)
    army = written(demo, game, tmp_path)
    assert held(army, "bridge_burning") == set() and held(army, "bridge_destroyed") == set()


def test_25_a_unit_next_to_a_bridge_places_a_burning_bridge_marker_on_it(demo, tmp_path):
    save = _save(demo, tmp_path, {"0508": [unit("1st Tennessee")], "1910": [unit("24th Michigan")]})
    report, game = demo.run(save, "bridge-burning", side="Confederate", burn="1st Tennessee:0508/0408")
    line = line_at(report, "unit", "1st Tennessee")
    assert line.data["placed"] == "bridge_burning" and "Burning Bridge marker placed on 0408/0508" in line.text
    army = written(demo, game, tmp_path)
    assert held(army, "bridge_burning") == {"0408/0508"}
    assert army.named("1st Tennessee").hex == "0508"


def test_25_a_marker_the_rules_refuse_refuses_the_run(demo, tmp_path):
    # the 1st Tennessee in 0707 does not border 0408/0508; the marker on the bridge would have its check rolled
    save = _save(demo, tmp_path, {"0707": [unit("1st Tennessee")], "0508": [unit("7th Tennessee")],
                                  "0408": [unit("Burning Bridge")], "1910": [unit("24th Michigan")]},
                 hexside=("0408", "0508"))
    with pytest.raises(BridgeRefused, match=r"1st Tennessee \(4 SP\) in 0707, bridge 0408/0508: 25: the unit is "
                                            r"not in a hex bordering the bridge hexside"):
        demo.run(save, "bridge-burning", side="Confederate", burn="1st Tennessee:0408/0508")


def test_25_a_refused_marker_exits_2_and_writes_no_save(demo, tmp_path, capsys):
    out = tmp_path / "out.vsav"
    status = main(["run", "lfm.bridge-burning", str(demo.path(DEMO_SAVE)), "--module", str(demo.path(demo.module_file)),
                   "--companion", str(demo.path(demo.companion_file)), "--charts", str(CHARTS), "side=Confederate",
                   "burn=1st Tennessee:0408/0508", "-o", str(out)])
    assert status == 2 and not out.exists()
    assert "the Burning Bridge marker is refused: 1st Tennessee (4 SP) in 0707" in capsys.readouterr().err


def _saved_game(path):
    with zipfile.ZipFile(path) as z:
        return z.read("savedGame")


def test_25_the_same_seed_writes_the_same_save_whatever_side_reads(demo, tmp_path):
    save = _bridge_save(demo, tmp_path)
    written_for = []
    for viewer in ("Union", "Confederate", "referee"):
        _, game = demo.run(save, "bridge-burning", viewer=viewer, side="Confederate", rolls=("burn bridge*=1",))
        assert game.change_count == 2   # Destroyed Bridge placed, Burning Bridge removed
        game.save(str(tmp_path / f"{viewer}.vsav"), key=0x42)
        written_for.append(_saved_game(tmp_path / f"{viewer}.vsav"))
    assert written_for[0] == written_for[1] == written_for[2]


# ---- a palette without the marker ----

def test_a_marker_the_palette_lacks_is_left_to_the_player_and_nothing_changes(demo, tmp_path):
    text = (demo.folder / demo.companion_file).read_text(encoding="utf-8")
    assert 'marker = "Breastworks"' in text
    other = tmp_path / "companion.toml"
    other.write_text(text.replace('marker = "Breastworks"', 'marker = "Entrenchment"'), encoding="utf-8")
    companion = adjutant.open_companion(str(other), demo.module)
    save = _save(demo, tmp_path, {"1910": [unit("24th Michigan"), unit("Build")], "0301": [unit("1st Tennessee")]})
    game = demo.game(save)
    context = Context(demo.module, companion, game, str(save), charts=str(demo.charts), rolls=Rolls(1, ()))
    task = demo.plugin.tasks["breastworks"]
    report = task.run(context, **task.arguments({"side": "Union"}))
    line = line_at(report, "hex", "1910")
    assert line.data["by_hand"] is True and (line.data["placed"], line.data["removed"]) == (None, None)
    assert line.text.endswith("the module's palette has no piece named 'Entrenchment' (the marker of "
                              "[state.breastworks]): replace the Build marker with a Breastworks marker "
                              "(to do by hand)")
    assert game.change_count == 0
    assert held(Army(Context(demo.module, companion, game, "written")), "build") == {"1910"}
