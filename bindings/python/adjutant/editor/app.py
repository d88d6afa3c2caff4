"""The editor's web server: one page and its JSON endpoints, for the loopback address only."""
from pathlib import Path

from flask import Flask, jsonify, request, send_from_directory

from ..errors import FormatError
from . import live
from .session import ChangedOnDisk, SaveError
from .shown import shown

STATIC = Path(__file__).parent / "static"
LOOPBACK = ("127.0.0.1", "::1")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
MAX_REQUEST = 8 * 1024 * 1024   # bytes: an edited state of a large map is well under 1 MB


def create_app(session):
    """A Flask app serving `session` (an EditorSession): GET / (the page), /static/FILE, /api/map,
    /api/board-image, /api/guesses; POST /api/save, and the live view on the posted edited state:
    POST /api/reach {state, class, from, mp}, /api/path {state, class, from, to, mp}, /api/sight
    {state, from, to}. Requests from another address than loopback, or addressed to another host than
    the loopback one (a web page whose name was made to point at 127.0.0.1), get 403; saves in
    --readonly 403; a save over a file changed on disk since the page read it 409; a state that cannot
    be saved 400, with the reason and the hexes it names."""
    app = Flask(__name__, static_folder=None)
    app.json.sort_keys = False
    app.config["MAX_CONTENT_LENGTH"] = MAX_REQUEST

    @app.before_request
    def loopback_only():
        if (request.content_length or 0) > MAX_REQUEST:  # Flask of Debian 12 applies the limit to forms only
            return _too_large()
        if request.remote_addr not in LOOPBACK:
            return _error(403, f"the editor serves the loopback address only, not {request.remote_addr}")
        port = request.environ.get("SERVER_PORT", "")
        host = request.host.lower()
        if host not in [f"{name}:{port}" for name in LOOPBACK_NAMES] + list(LOOPBACK_NAMES if port == "80" else ()):
            return _error(403, f"the editor answers requests addressed to 127.0.0.1:{port} or localhost:{port} only, "
                               f"not to {shown(request.host, bare=True)} (a page of another site may be trying "
                               f"to reach it)")
        return None

    @app.get("/favicon.ico")
    def favicon():
        return "", 204

    @app.get("/")
    def page():
        return send_from_directory(STATIC, "index.html")

    @app.get("/static/<path:name>")
    def static_file(name):
        return send_from_directory(STATIC, name)  # refuses names that leave the folder (404)

    @app.get("/api/map")
    def map_description():
        try:
            return jsonify(session.description())
        except SaveError as e:  # the companion file edited by hand into one that cannot be read
            return _error(400, str(e))

    @app.get("/api/board-image")
    def board_image():
        data, mime = session.board_image()
        return app.response_class(data, mimetype=mime)

    @app.get("/api/guesses")
    def guesses():
        try:
            return jsonify(session.guesses())
        except (SaveError, FormatError) as e:
            return _error(400, str(e))

    @app.post("/api/save")
    def save():
        if session.readonly:
            return _error(403, "the editor runs --readonly: nothing is saved")
        try:
            state = _body("the edited state")
        except BodyError as e:
            return _error(400, str(e))
        try:
            return jsonify(session.save(state))
        except ChangedOnDisk as e:
            return _error(409, str(e))
        except SaveError as e:
            return _error(400, str(e), session.hexes_named(str(e)))

    def answer(compute):
        try:
            request_body = _body("a JSON object")
        except BodyError as e:
            return _error(400, str(e))
        if not isinstance(request_body, dict):
            return _error(400, "the body must be a JSON object (Content-Type: application/json)")
        try:
            return jsonify(compute(session, request_body))
        except (live.LiveError, SaveError) as e:
            return _error(400, str(e), session.hexes_named(str(e)))

    @app.post("/api/reach")
    def reach():
        return answer(live.reach)

    @app.post("/api/path")
    def path():
        return answer(live.path)

    @app.post("/api/sight")
    def sight():
        return answer(live.sight)

    @app.errorhandler(404)
    def not_found(_):
        return _error(404, f"nothing is served at {request.path}")

    @app.errorhandler(405)
    def wrong_method(_):
        return _error(405, f"{request.method} is not served at {request.path}")

    app.register_error_handler(413, _too_large)
    return app


def _too_large(_=None):
    return _error(413, f"the request is larger than the editor takes ({MAX_REQUEST // (1024 * 1024)} MB)")


class BodyError(ValueError):
    """A request body the editor cannot read: not JSON, JSON null, or text that is not valid Unicode."""


def _body(expected):
    """The request's JSON; BodyError when it is not JSON, is null, or holds a string that is not valid
    Unicode (JSON's escapes can give a lone UTF-16 surrogate, "\\ud800", which no file can hold)."""
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        body = None
    if body is None:
        if request.is_json and request.get_data().strip() == b"null":
            raise BodyError(f"the body is JSON null: send {expected}")
        raise BodyError(f"the body must be {expected} as JSON (Content-Type: application/json)")
    if not _valid_text(body):
        raise BodyError("names must be valid Unicode text: the body holds a string that is not "
                        "(a lone UTF-16 surrogate such as \\ud800)")
    return body


def _valid_text(value):
    """Whether every string in the JSON value, keys included, can be written as UTF-8."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True


def _error(status, message, hexes=None):
    response = jsonify({"error": message, **({"hexes": hexes} if hexes else {})})
    response.status_code = status
    return response
