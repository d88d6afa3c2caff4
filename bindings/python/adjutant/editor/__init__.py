"""`adjutant edit`: a terrain editor in the browser. A local web server (Flask) serves one page, the
board image of a map with the module's hex grid over it, where a companion file's terrain,
hexsides, lines and elevations are painted; Save writes a NEW companion file through the writer
`terrain sample` uses and shows what `terrain check` says of it.

    app = create_app(EditorSession("Lee.vmod", "lee.toml"))
    app.run(host="127.0.0.1", port=8765)
"""
from .app import create_app
from .session import EditorSession, SaveError

__all__ = ["EditorSession", "SaveError", "create_app"]
