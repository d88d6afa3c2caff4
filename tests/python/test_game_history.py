"""A log's history through the API: seeking anywhere in the largest TLD log gives what a fresh replay
gives, a step back says what the step did, and games open in two threads at once, the engine
letting go of the interpreter while it reads."""
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import adjutant
from conftest import in_corpus


@pytest.fixture(scope="module")
def big_log(corpus):
    return in_corpus(corpus, "uckelman+tld-mod", "game", "0608-3.log")


def position(game):
    """Every piece and stack where it stands, with its state, in order."""
    return [(p.id, p.map, p.x, p.y, p.stack, tuple(p.members), p.properties.get("PieceName"))
            for p in game.pieces + game.stacks]


def test_seeking_back_and_forth_gives_what_a_fresh_replay_gives(big_log):
    game = adjutant.open_game(big_log)
    steps = game.step_count
    assert game.position == steps > 1000
    targets = sorted({0, 1, steps // 2, steps - 1, steps, *range(7, steps, 97)})

    fresh = adjutant.open_game(big_log)
    fresh.seek(0)
    expected, effects = {0: position(fresh)}, []
    for n in range(1, steps + 1):
        effects.append(fresh.step_forward().describe())
        if n in targets:
            expected[n] = position(fresh)

    for n in range(steps, 0, -1):
        effect = game.step_back()
        assert effect.step == n
        assert effect.describe() == effects[n - 1]
    assert game.position == 0
    assert position(game) == expected[0]
    for target in targets[::2] + targets[::-3]:
        game.seek(target)
        assert game.position == target
        assert position(game) == expected[target], target


def test_two_threads_open_games_at_once_with_the_results_of_one(big_log, tld_log):
    alone = {path: adjutant.open_game(path) for path in (big_log, tld_log)}
    with ThreadPoolExecutor(2) as pool:
        for _ in range(3):
            together = dict(zip((big_log, tld_log), pool.map(adjutant.open_game, (big_log, tld_log))))
            for path, game in together.items():
                assert game.step_count == alone[path].step_count
                assert game.position == alone[path].position
                assert position(game) == position(alone[path])
                assert game.save_text() == alone[path].save_text()


def test_opening_a_game_lets_another_thread_run(big_log):
    # With a switch interval far longer than the test, a thread keeps the interpreter until it lets
    # go itself: the main thread runs before the opener finishes only if opening lets go.
    started, state = threading.Event(), {"finished": False}

    def opener():
        started.set()
        for _ in range(3):
            adjutant.open_game(big_log)
        state["finished"] = True

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000)
    try:
        worker = threading.Thread(target=opener)
        worker.start()
        started.wait()
        ran_while_opening = not state["finished"]
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert ran_while_opening
