"""The editor's web server: one page and its JSON endpoints, for the loopback address only."""
from pathlib import Path

from flask import Flask, jsonify, request, send_from_directory

from ..errors import FormatError
from . import live
from .session import SaveError

STATIC = Path(__file__).parent / "static"
LOOPBACK = ("127.0.0.1", "::1")


def create_app(session):
    """A Flask app serving `session` (an EditorSession): GET / (the page), /static/FILE, /api/map,
    /api/board-image, /api/guesses; POST /api/save, and the live view on the posted edited state:
    POST /api/reach {state, class, from, mp}, /api/path {state, class, from, to, mp}, /api/sight
    {state, from, to}. Requests from another address than loopback
    get 403; saves in --readonly 403; a state that cannot be saved 400, with the reason."""
    app = Flask(__name__, static_folder=None)
    app.json.sort_keys = False

    @app.before_request
    def loopback_only():
        if request.remote_addr not in LOOPBACK:
            return _error(403, f"the editor serves the loopback address only, not {request.remote_addr}")
        return None

    @app.get("/")
    def page():
        return send_from_directory(STATIC, "index.html")

    @app.get("/static/<path:name>")
    def static_file(name):
        return send_from_directory(STATIC, name)  # refuses names that leave the folder (404)

    @app.get("/api/map")
    def map_description():
        return jsonify(session.description())

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
        state = request.get_json(silent=True)
        if state is None:
            return _error(400, "the body must be the edited state as JSON (Content-Type: application/json)")
        try:
            return jsonify(session.save(state))
        except SaveError as e:
            return _error(400, str(e))

    def answer(compute):
        request_body = request.get_json(silent=True)
        if not isinstance(request_body, dict):
            return _error(400, "the body must be a JSON object (Content-Type: application/json)")
        try:
            return jsonify(compute(session, request_body))
        except (live.LiveError, SaveError) as e:
            return _error(400, str(e))

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

    return app


def _error(status, message):
    response = jsonify({"error": message})
    response.status_code = status
    return response
