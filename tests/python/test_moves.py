"""Moves of a log with the position each was made in (adjutant.rules.moves)."""
import adjutant
from adjutant.rules.moves import log_moves, positions


def test_a_real_logs_moves_start_where_the_pieces_stood(corpus, tld_log):
    module = adjutant.open_module(str(corpus / "uckelman+tld-mod" / "buildFile"))
    game = adjutant.open_game(str(tld_log), module)
    moves = 0
    for move, before in log_moves(game):
        moves += 1
        assert move.start != move.end
        for piece_id in move.pieces:
            if piece_id in before:  # a piece created by the same step has no earlier place
                assert before[piece_id] == (move.map, *move.start), (move, before[piece_id])
    assert moves > 300
    assert game.position == game.step_count
    assert before == positions(game)  # the running positions never drifted from the game's own
