"""The terrain editor's app served on a free loopback port for a test, as `adjutant edit` serves it."""
import contextlib
import threading

from adjutant.editor import create_app


@contextlib.contextmanager
def serving(session):
    """Yields the server's address, http://127.0.0.1:PORT, while `session` is served."""
    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, create_app(session), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
