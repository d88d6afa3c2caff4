"""The moves of a log, step by step, with where every piece stood before each step: what a move
check needs to judge each move against the position it was made in."""
from dataclasses import dataclass

from ..errors import GameStateError


@dataclass(frozen=True)
class Move:
    """Pieces one step carried from one point to another of the same map (a stack, or one piece)."""

    step: object  # the log's step, counted from 1 (StepEffect.step); None between two saves
    map: str      # the map's save id
    start: tuple  # (x, y) in map coordinates
    end: tuple
    pieces: tuple  # piece ids, in the order the step moved them
    names: tuple


def positions(game):
    """Every piece (not stack) at the game's current position: id -> (map, x, y); pieces off every
    map have map ''."""
    return {p.id: (p.map or "", p.x, p.y) for p in game.pieces}


def log_moves(game):
    """Replays the log from its start and yields (move, before) for each move within one map, where
    `before` holds every piece's (map, x, y) before the move's step. `before` is updated in place
    after each step: read it before asking for the next move. Moves between maps, and pieces
    created or removed, change `before` but are not moves. Leaves the game at the log's end."""
    game.seek(0)
    before = positions(game)
    while game.position < game.step_count:
        effect = game.step_forward()
        groups = {}
        for piece in effect.pieces:
            if piece.moved and piece.from_place.map == piece.to_place.map and piece.to_place.map:
                key = (piece.from_place.map, piece.from_place.x, piece.from_place.y, piece.to_place.x, piece.to_place.y)
                groups.setdefault(key, []).append(piece)
        for (map_id, x0, y0, x1, y1), pieces in groups.items():
            yield Move(effect.step, map_id, (x0, y0), (x1, y1), tuple(p.id for p in pieces),
                       tuple(p.name for p in pieces)), before
        for piece in effect.pieces:
            if piece.removed:
                before.pop(piece.id, None)
            elif piece.created or piece.moved:
                now = _piece_or_none(game, piece.id)
                if now is not None and not now.is_stack:
                    before[piece.id] = (now.map or "", now.x, now.y)


def asked_moves(context):
    """What a moves check judges (its checker's `check` argument): the moves since the save
    `--before` names, or None for the log's own moves."""
    return save_moves(context.before, context.game) if context.before is not None else None


def save_moves(before, after):
    """The moves from one save to a later one: every piece of `after` that stands elsewhere in
    `before` on the same map, grouped by where from and where to (a stack moved together is one
    move). Yields (move, positions in `before`) as log_moves does; the step is None for all."""
    earlier = positions(before)
    groups = {}
    for piece in after.pieces:
        if piece.is_stack or not piece.map or piece.id not in earlier:
            continue
        map_id, x0, y0 = earlier[piece.id]
        if map_id == piece.map and (x0, y0) != (piece.x, piece.y):
            groups.setdefault((map_id, x0, y0, piece.x, piece.y), []).append(piece)
    for (map_id, x0, y0, x1, y1), pieces in groups.items():
        yield Move(None, map_id, (x0, y0), (x1, y1), tuple(p.id for p in pieces), tuple(p.name for p in pieces)), earlier


def _piece_or_none(game, piece_id):
    try:
        return game.piece(piece_id)
    except GameStateError:  # a piece the step created and removed again
        return None
