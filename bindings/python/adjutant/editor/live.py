"""The live view: a unit class's reach, a path and a line of sight on the EDITED state, by the engine
calls `adjutant render reach/path` and `adjutant los` make, on the state written to a temporary
companion file."""
import tempfile
from pathlib import Path

import adjutant
from ..errors import FormatError
from ..rules.mp import mp_text, parse_mp
from .session import SaveError


class LiveError(ValueError):
    """A live request the edited state cannot answer: an unknown hex or class, a missing field."""


def edited_companion(session, state):
    """The edited state opened as a companion file (written to a temporary folder and read back)."""
    try:
        text = session.companion_text(state)
    except FormatError as e:
        raise SaveError(str(e)) from None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "edited.toml"
        path.write_text(text, encoding="utf-8")
        return adjutant.open_companion(str(path), session.module)


def reach(session, request):
    """{hexes: {hex: {left, stop}}, from, class, mp}: where the class gets from `from` with `mp`."""
    start, unit_class, mp = _field(request, "from"), _field(request, "class"), _mp(request)
    movement = _movement(session, request)
    found = _engine(lambda: movement.reach(start, [unit_class], mp))
    return {"from": start, "class": unit_class, "mp": mp_text(mp),
            "hexes": {h: {"left": mp_text(left), "stop": stop} for h, (left, stop) in found.items()}}


def path(session, request):
    """{hexes, steps: [{from, to, cost, total}], total, legal, reason}: the engine's cheapest path."""
    start, end, unit_class, mp = _field(request, "from"), _field(request, "to"), _field(request, "class"), _mp(request)
    movement = _movement(session, request)
    found = _engine(lambda: movement.path(start, end, [unit_class], mp))
    if found is None:
        raise LiveError(f"no path from {start} to {end} for {unit_class}")
    steps, spent = [], 0
    for s in found.steps:
        spent += s["total"]
        steps.append({"from": s["from_hex"], "to": s["to_hex"], "cost": mp_text(s["total"]), "spent": mp_text(spent),
                      "problem": s["problem"] or s["reason"]})
    return {"hexes": found.hexes, "steps": steps, "total": mp_text(found.total), "legal": found.legal,
            "reason": found.reason}


def sight(session, request):
    """{sight, hexes, blocked_at, clause, rules}: Sight.between on the edited map, its [sight] rules."""
    start, end = _field(request, "from"), _field(request, "to")
    companion = _companion(session, request)
    result = _engine(lambda: companion.sight(session.map.name).between(start, end))
    return {"from": start, "to": end, "sight": result.sight, "hexes": result.hexes, "blocked_at": result.blocked_at,
            "clause": result.clause}


def _companion(session, request):
    state = request.get("state")
    if not isinstance(state, dict):
        raise LiveError("'state' must be the edited state (an object)")
    return edited_companion(session, state)


def _movement(session, request):
    companion = _companion(session, request)
    return _engine(lambda: companion.movement(session.map.name))


def _engine(call):
    try:
        return call()
    except ValueError as e:  # an unknown hex or class; a file without [movement] or [sight]
        raise LiveError(str(e)) from None


def _field(request, key):
    value = request.get(key)
    if not isinstance(value, str) or not value:
        raise LiveError(f"'{key}' is missing (a hex name or a unit class)")
    return value


def _mp(request):
    try:
        return parse_mp(_field(request, "mp"))
    except ValueError as e:
        raise LiveError(f"'mp': {e}") from None
