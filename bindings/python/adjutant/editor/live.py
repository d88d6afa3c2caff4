"""The live view: a unit class's reach, a path and a line of sight on the EDITED state, by the engine
calls `adjutant render reach/path` and `adjutant los` make, on the state written to a temporary
companion file."""
import tempfile
from pathlib import Path

import adjutant
from ..errors import FormatError
from ..rules.mp import mp_text, parse_mp
from .session import SaveError
from .shown import LIMIT, shown

MAX_MP = 10000   # far beyond any allowance, well inside the engine's count of MP


class LiveError(ValueError):
    """A live request the edited state cannot answer: an unknown hex or class, a missing field."""


def edited_companion(session, state):
    """The edited state opened as a companion file (written to a temporary folder and read back), and
    the path it was read from (messages about it name the user's file instead)."""
    text = session.companion_text(state)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "edited.toml"
        path.write_text(text, encoding="utf-8")
        try:
            return adjutant.open_companion(str(path), session.module), str(path)
        except (ValueError, FormatError) as e:
            raise LiveError(str(e).replace(str(path), f"{session.shown_file()} as painted")) from None


def reach(session, request):
    """{hexes: {hex: {left, stop}}, from, class, mp}: where the class gets from `from` with `mp`."""
    start, unit_class, mp = _field(request, "from"), _field(request, "class", "a unit class"), _mp(request)
    movement = _movement(session, request)
    found = _engine(session, lambda: movement.reach(start, [unit_class], mp))
    return {"from": start, "class": unit_class, "mp": mp_text(mp),
            "hexes": {h: {"left": mp_text(left), "stop": stop} for h, (left, stop) in found.items()}}


def path(session, request):
    """{hexes, steps: [{from, to, cost, total}], total, legal, reason}: the engine's cheapest path."""
    start, end, unit_class, mp = (_field(request, "from"), _field(request, "to"), _field(request, "class", "a unit class"),
                                  _mp(request))
    movement = _movement(session, request)
    found = _engine(session, lambda: movement.path(start, end, [unit_class], mp))
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
    companion, read_from = _companion(session, request)
    result = _engine(session, lambda: companion.sight(session.map.name).between(start, end), read_from)
    return {"from": start, "to": end, "sight": result.sight, "hexes": result.hexes, "blocked_at": result.blocked_at,
            "clause": result.clause}


def _companion(session, request):
    state = request.get("state")
    if not isinstance(state, dict):
        raise LiveError("'state' must be the edited state (an object)")
    return edited_companion(session, state)


def _movement(session, request):
    companion, read_from = _companion(session, request)
    return _engine(session, lambda: companion.movement(session.map.name), read_from)


def _engine(session, call, read_from=None):
    try:
        return call()
    except ValueError as e:  # an unknown hex or class; a file without [movement] or [sight]
        message = str(e)
        raise LiveError(message.replace(read_from, session.shown_file()) if read_from else message) from None


def _field(request, key, what="a hex name"):
    value = request.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LiveError(f"'{key}' is missing: {what}")
    if len(value) > LIMIT:
        raise LiveError(f"'{key}': {shown(value)} is too long for {what}")
    return value.strip()


def _mp(request):
    """The MP to move with: text as players write MP ("6", "6 1/2") or a whole number, above 0 and
    at most MAX_MP."""
    value = request.get("mp")
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    value = _field(request | {"mp": value}, "mp", f"the MP to move with, as text such as \"6\" or \"6 1/2\"")
    try:
        mp = parse_mp(value)
    except ValueError:
        raise LiveError(f"'mp': {shown(value)} is not a number of MP (such as 6, 6 1/2 or 1/2)") from None
    if not 0 < mp <= MAX_MP:
        raise LiveError(f"'mp': {shown(value)} MP: give a number of MP above 0 and at most {MAX_MP}")
    return mp
