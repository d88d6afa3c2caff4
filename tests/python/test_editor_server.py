"""`adjutant edit`'s server: its endpoints through Flask's test client and over a real socket on
loopback; bad requests refused with their reason; Save writes a new file that `terrain check` passes."""
import json
import shutil
import threading
import urllib.error
import urllib.request

import pytest

import adjutant
from adjutant.cli import main
from adjutant.editor import EditorSession, create_app


@pytest.fixture(scope="module")
def lfm_demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("lfm-demo")
    assert main(["demo", "--plugin", "lfm", "--out", str(out), "--quiet"]) == 0
    return out


@pytest.fixture
def companion(lfm_demo, tmp_path):
    path = tmp_path / "companion.toml"
    shutil.copy(lfm_demo / "companion.toml", path)
    return path


@pytest.fixture
def client(lfm_demo, companion):
    return create_app(EditorSession(lfm_demo / "lfm-demo.vmod", companion)).test_client()


def edited(client):
    state = client.get("/api/map").get_json()["state"]
    state["terrain"]["1010"] = "woods"
    state["elevation"]["0101"] = 3
    state["hexsides"].append({"side": "0909/1009", "feature": "creek", "high": ""})
    state["hexsides"].append({"side": "0302/0402", "feature": "steep slope", "high": "0402"})
    state["lines"].append({"type": "road", "name": "Mill Road", "hexes": ["0303", "0403", "0503"], "no_junction": []})
    return state


def test_the_page_and_its_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and b"/static/editor.js" in page.data
    assert b"function draw()" in client.get("/static/editor.js").data
    image = client.get("/api/board-image")
    assert image.status_code == 200 and image.mimetype.startswith("image/") and len(image.data) > 1000


def test_the_map_names_every_hex_with_its_geometry_and_the_file_contents(client, lfm_demo):
    d = client.get("/api/map").get_json()
    assert (d["map"], d["board"], len(d["hexes"])) == ("Main Map", "LFM Demo Board", 320)
    grid = adjutant.open_module(str(lfm_demo / "lfm-demo.vmod")).maps[0].hex_grid("LFM Demo Board")
    h = next(x for x in d["hexes"] if x["name"] == "1008")
    assert h["centre"] == list(grid.centre("1008")) and len(h["corners"]) == 6
    assert sorted(h["neighbours"]) == sorted(grid.name(n) for n in grid.neighbors("1008"))
    assert d["vocabulary"]["terrain"] == ["clear", "woods", "town"] and d["vocabulary"]["high_side"] == ["steep slope"]
    s = d["state"]
    assert s["terrain"]["0301"] == "woods" and s["elevation"]["1701"] == 2
    assert {"side": "0408/0508", "feature": "bridge", "high": ""} in s["hexsides"]
    assert {"side": "0509/0609", "feature": "steep slope", "high": "0609"} in s["hexsides"]
    assert s["lines"][0]["name"] == "Chambersburg Pike" and s["lines"][0]["hexes"][0] == "0108"
    assert [p["hex"] for p in s["places"]] == ["0108", "2008"]


def test_save_writes_new_files_that_pass_terrain_check_and_round_trip(client, companion, lfm_demo):
    before = companion.read_text()
    first = client.post("/api/save", json=edited(client)).get_json()
    second = client.post("/api/save", json=edited(client)).get_json()
    assert first == {"path": str(companion.with_name("companion-2.toml")), "problems": [], "notes": []}
    assert second["path"] == str(companion.with_name("companion-3.toml"))
    assert companion.read_text() == before
    assert main(["terrain", "check", str(lfm_demo / "lfm-demo.vmod"), first["path"], "--quiet"]) == 0
    again = create_app(EditorSession(lfm_demo / "lfm-demo.vmod", first["path"])).test_client()
    state = again.get("/api/map").get_json()["state"]
    assert state["terrain"]["1010"] == "woods" and state["elevation"]["0101"] == 3
    assert {"side": "0909/1009", "feature": "creek", "high": ""} in state["hexsides"]
    assert {"side": "0302/0402", "feature": "steep slope", "high": "0402"} in state["hexsides"]
    assert {"type": "road", "name": "Mill Road", "hexes": ["0303", "0403", "0503"], "no_junction": []} in state["lines"]
    assert "[module]" in companion.with_name("companion-2.toml").read_text()  # the rest of the file is kept


@pytest.mark.parametrize("state, reason", [
    ({"terrain": {"9999": "woods"}}, "no hex '9999'"),
    ({"terrain": {"0101": "swamp"}}, "'swamp' is not a terrain type"),
    ({"elevation": {"0101": "high"}}, "is not a whole number"),
    ({"hexsides": [{"side": "0101/0102", "feature": "moat"}]}, "'moat' is not a hexside feature"),
    ({"hexsides": [{"side": "0101/0102", "feature": "steep slope", "high": "0909"}]}, "needs its high side"),
    ({"hexsides": [{"side": "0101/0909", "feature": "creek"}]}, "0101/0909"),
    ({"lines": [{"type": "road", "hexes": ["0101"]}]}, "two hexes or more"),
    ({"lines": [{"type": "canal", "hexes": ["0101", "0102"]}]}, "'canal' is not a line type"),
    ({"terrain": []}, "'terrain' must be an object"),
    ([1, 2], "must be a JSON object"),
])
def test_bad_states_are_refused_with_their_reason(client, companion, state, reason):
    response = client.post("/api/save", json=state)
    assert response.status_code == 400 and reason in response.get_json()["error"]
    assert not companion.with_name("companion-2.toml").exists()


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post("/api/save", data="terrain", content_type="text/plain")
    assert response.status_code == 400 and "as JSON" in response.get_json()["error"]


def test_save_never_writes_over_a_file(client, companion):
    taken = companion.with_name("companion-2.toml")
    taken.write_text("mine")
    assert client.post("/api/save", json=edited(client)).get_json()["path"] == str(companion.with_name("companion-3.toml"))
    assert taken.read_text() == "mine"


def test_paths_outside_what_it_serves_are_refused(client):
    for path in ("/static/../session.py", "/static/%2e%2e/app.py", "/static/..%2fsession.py", "/../../etc/passwd",
                 "/api/nothing"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "nothing is served" in response.get_json()["error"]
    assert client.get("/api/save").status_code == 405


def test_other_addresses_than_loopback_are_refused(client):
    for path in ("/", "/api/map", "/api/board-image"):
        response = client.get(path, environ_base={"REMOTE_ADDR": "192.168.1.20"})
        assert response.status_code == 403 and "loopback" in response.get_json()["error"]


def test_readonly_refuses_saves(lfm_demo, companion):
    client = create_app(EditorSession(lfm_demo / "lfm-demo.vmod", companion, readonly=True)).test_client()
    assert client.get("/api/map").get_json()["readonly"] is True
    response = client.post("/api/save", json=edited(client))
    assert response.status_code == 403 and "--readonly" in response.get_json()["error"]
    assert not companion.with_name("companion-2.toml").exists()


def test_guesses_need_a_palette(client):
    response = client.get("/api/guesses")
    assert response.status_code == 400 and "[map.palette]" in response.get_json()["error"]


def test_without_a_companion_file_one_is_begun_and_saved_beside_the_module(lfm_demo, tmp_path):
    module = tmp_path / "lfm-demo.vmod"
    shutil.copy(lfm_demo / "lfm-demo.vmod", module)
    client = create_app(EditorSession(module, map_name="Main Map")).test_client()
    d = client.get("/api/map").get_json()
    assert len(d["hexes"]) == 320 and d["starter"] and d["saves_to"] == str(tmp_path / "lfm-demo.toml")
    assert d["vocabulary"]["terrain"] == [] and d["state"]["terrain"] == {}
    refused = client.post("/api/save", json=d["state"])
    assert refused.status_code == 400 and "terrain type first" in refused.get_json()["error"]
    state = {**d["state"], "terrain": {"1008": "woods", "1009": "clear"}, "elevation": {"1010": 2},
             "hexsides": [{"side": "0302/0402", "feature": "ridge", "high": "0402"}],
             "lines": [{"type": "road", "name": "", "hexes": ["0303", "0403"], "no_junction": []}],
             "vocabulary": {"terrain": ["clear", "woods"], "hexside": ["ridge"], "high_side": ["ridge"],
                            "lines": ["road"]}}
    saved = client.post("/api/save", json=state).get_json()
    assert (saved["path"], saved["problems"]) == (str(tmp_path / "lfm-demo.toml"), [])
    assert "[units], [movement] and [sight] are placeholders" in saved["notes"][0]
    assert client.post("/api/save", json=state).get_json()["path"] == str(tmp_path / "lfm-demo-2.toml")
    written = adjutant.open_companion(tmp_path / "lfm-demo.toml", str(module)).map("Main Map")
    assert (written.board, written.terrain("1008"), written.terrain("1009"), written.terrain("0101")) == \
        ("LFM Demo Board", "woods", "clear", "clear")
    assert written.elevation("1010") == 2 and [l.hexes for l in written.lines()] == [["0303", "0403"]]
    assert written.high_sides() == [("0302", "0402", "ridge", "0402")]
    assert main(["terrain", "check", str(module), str(tmp_path / "lfm-demo.toml")]) == 0
    unnamed = {**state, "lines": [{"type": "rail", "hexes": ["0303", "0403"]}]}
    assert "'rail' is not a line type" in client.post("/api/save", json=unnamed).get_json()["error"]


def test_a_real_server_on_loopback(lfm_demo, companion):
    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, create_app(EditorSession(lfm_demo / "lfm-demo.vmod", companion)),
                         threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        with urllib.request.urlopen(base + "/") as r:
            assert r.status == 200 and b"editor.js" in r.read()
        with urllib.request.urlopen(base + "/api/map") as r:
            state = json.load(r)["state"]
        state["terrain"]["0101"] = "town"
        request = urllib.request.Request(base + "/api/save", data=json.dumps(state).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request) as r:
            assert json.load(r) == {"path": str(companion.with_name("companion-2.toml")), "problems": [], "notes": []}
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + "/static/%2e%2e/session.py")
        assert refused.value.code == 404
    finally:
        server.shutdown()
        server.server_close()
    assert server.server_address[0] == "127.0.0.1"
