"""Pieces put on the table from the palette and taken off (Game.add_piece, Game.delete_piece), through
the LFM demo: a Build marker dropped on a hex and a regiment sent to the cemetery, saved and
reopened, and replayed from the log that records both."""
import pytest

import adjutant
from adjutant_plugins.lfm.demo import DEMO_SAVE
from adjutant_plugins.lfm.demo.module import BOARD_NAME, MAP_NAME

from lfm_helpers import Demo


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return Demo(tmp_path_factory.mktemp("lfm-edits"))


def stacked_regiment(game):
    """A unit that is not a marker, standing in a stack with others, and its stack."""
    for stack in game.stacks:
        units = [game.piece(m) for m in stack.members if game.piece(m).properties.get("Type") != "marker"]
        if len(stack.members) > 1 and units:
            return units[0], stack
    raise AssertionError("the demo save has no stack of several pieces")


def test_a_build_marker_goes_on_top_of_the_stack_in_its_hex_and_is_saved_with_its_traits(demo, tmp_path):
    game = demo.game(DEMO_SAVE)
    regiment, stack = stacked_regiment(game)
    hex_name, size = regiment.location, len(stack.members)
    marker = game.add_piece("Build", MAP_NAME, stack.x, stack.y)
    assert game.piece(stack.id).members[-1] == marker
    out = tmp_path / "built.vsav"
    game.save(str(out))

    again = demo.game(out)
    piece = again.piece(marker)
    assert piece.name == "Build"
    assert piece.properties["Type"] == "marker"
    assert piece.location == hex_name
    assert piece.stack == stack.id
    assert piece.properties["StackPos"] == piece.properties["StackSize"] == str(size + 1)
    assert [t.id for t in piece.traits] == [t.id for t in game.piece(marker).traits]


def test_a_marker_on_an_empty_hex_stands_in_a_new_stack(demo, tmp_path):
    game = demo.game(DEMO_SAVE)
    taken = {(s.x, s.y) for s in game.stacks}
    view = game.map(MAP_NAME)
    x, y = next(p for p in (view.point_of("%02d%02d" % (c, r), BOARD_NAME) for c in range(1, 21) for r in range(1, 17))
                if p not in taken)
    marker = game.add_piece("Breastworks", MAP_NAME, x, y)
    out = tmp_path / "breastworks.vsav"
    game.save(str(out))
    piece = demo.game(out).piece(marker)
    assert (piece.map, piece.x, piece.y, piece.name) == (MAP_NAME, x, y, "Breastworks")
    assert piece.stack is not None


def test_a_deleted_regiment_is_gone_from_the_save_and_its_stack(demo, tmp_path):
    game = demo.game(DEMO_SAVE)
    regiment, stack = stacked_regiment(game)
    regiment_id = regiment.id
    game.delete_piece(regiment_id)
    out = tmp_path / "cemetery.vsav"
    game.save(str(out))
    again = demo.game(out)
    assert regiment_id not in {p.id for p in again.pieces}
    assert regiment_id not in again.piece(stack.id).members
    with pytest.raises(adjutant.GameStateError, match=regiment_id):
        again.piece(regiment_id)


def test_a_log_of_a_drop_and_a_delete_replays_both(demo, tmp_path):
    game = demo.game(DEMO_SAVE)
    regiment, stack = stacked_regiment(game)
    regiment_id, regiment_name = regiment.id, regiment.name
    marker = game.add_piece("Build", MAP_NAME, stack.x, stack.y)
    game.delete_piece(regiment_id)
    out = tmp_path / "edits.vlog"
    game.save_log(str(out))

    log = demo.game(out)
    assert log.step_count == 2
    log.seek(0)
    drop = log.step_forward()
    assert [(p.id, p.name, p.created, p.removed) for p in drop.pieces] == [(marker, "Build", True, False)]
    removal = log.step_forward()
    assert [(p.id, p.removed) for p in removal.pieces] == [(regiment_id, True)]
    assert log.step_back().pieces[0].removed
    assert log.piece(regiment_id).name == regiment_name


def test_refusals_name_the_entry_the_map_and_the_piece(demo):
    game = demo.game(DEMO_SAVE)
    with pytest.raises(adjutant.GameStateError, match="no palette entry 'Pontoon'"):
        game.add_piece("Pontoon", MAP_NAME, 40, 60)
    with pytest.raises(adjutant.GameStateError, match="no map 'Atlantis'"):
        game.add_piece("Build", "Atlantis", 40, 60)
    with pytest.raises(adjutant.GameStateError, match="unknown piece no-such-id"):
        game.delete_piece("no-such-id")
    bare = adjutant.open_game(str(demo.path(DEMO_SAVE)))
    with pytest.raises(adjutant.GameStateError, match="'Build' needs the module"):
        bare.add_piece("Build", MAP_NAME, 40, 60)
    assert game.change_count == 0
