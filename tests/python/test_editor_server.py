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
from conftest import in_corpus
from editor_helpers import serving


@pytest.fixture
def companion(lfm_companion):
    return lfm_companion


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
    assert first == {"path": str(companion.with_name("companion-2.toml")), "problems": [], "notes": [], "reopened": False}
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
    ({"hexsides": [{}]}, "'side' is missing"),
    ({"hexsides": [{"side": "0909/1009", "feature": "creek", "high": "0909"}]}, "creek has no high side"),
    ({"vocabulary": {"terrain": ["tab\there"]}}, "cannot hold a line break or another control character"),
    ({"vocabulary": {"terrain": ["nul\0"]}}, "cannot hold a line break or another control character"),
])
def test_bad_states_are_refused_with_their_reason(client, companion, state, reason):
    if isinstance(state, dict):
        state = {**state, "version": client.get("/api/map").get_json()["state"]["version"]}
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
    version = client.get("/api/map").get_json()["state"]["version"]  # the session works from the file written
    assert client.post("/api/save", json={**state, "version": version}).get_json()["path"] == \
        str(tmp_path / "lfm-demo-2.toml")
    written = adjutant.open_companion(tmp_path / "lfm-demo.toml", str(module)).map("Main Map")
    assert (written.board, written.terrain("1008"), written.terrain("1009"), written.terrain("0101")) == \
        ("LFM Demo Board", "woods", "clear", "clear")
    assert written.elevation("1010") == 2 and [l.hexes for l in written.lines()] == [["0303", "0403"]]
    assert written.high_sides() == [("0302", "0402", "ridge", "0402")]
    assert main(["terrain", "check", str(module), str(tmp_path / "lfm-demo.toml")]) == 0
    unnamed = {**state, "version": version, "lines": [{"type": "rail", "hexes": ["0303", "0403"]}]}
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
            assert json.load(r) == {"path": str(companion.with_name("companion-2.toml")), "problems": [], "notes": [], "reopened": False}
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(base + "/static/%2e%2e/session.py")
        assert refused.value.code == 404
    finally:
        server.shutdown()
        server.server_close()
    assert server.server_address[0] == "127.0.0.1"


def test_a_hand_edit_made_while_the_editor_runs_is_read_and_never_undone(client, companion, lfm_demo):
    page = client.get("/api/map").get_json()
    stale = edited(client)
    text = companion.read_text()
    assert '"0509/0609"' in text or "0509/0609" in text
    companion.write_text(text.replace("[[map.place]]", '[[map.place]]\nname = "Hand Added"\nkind = "entry"\n'
                                      'hex = "0505"\n\n[[map.place]]', 1))
    refused = client.post("/api/save", json=stale)
    assert refused.status_code == 409
    message = refused.get_json()["error"]
    assert str(companion) in message and "changed on disk" in message and "Reload the page" in message
    assert not companion.with_name("companion-2.toml").exists()
    again = client.get("/api/map").get_json()      # the page reloaded: the file as it is now
    assert again["state"]["version"] != page["state"]["version"]
    assert "Hand Added" in [p["name"] for p in again["state"]["places"]]
    state = again["state"]
    state["terrain"]["1010"] = "woods"
    saved = client.post("/api/save", json=state).get_json()
    written = companion.with_name("companion-2.toml").read_text()
    assert saved["problems"] == [] and 'name = "Hand Added"' in written
    assert adjutant.open_companion(saved["path"], str(lfm_demo / "lfm-demo.vmod")).map("Main Map").terrain("1010") == "woods"
    no_version = {k: v for k, v in state.items() if k != "version"}
    assert client.post("/api/save", json=no_version).status_code == 409


def test_a_companion_file_broken_by_hand_is_named_on_reload(client, companion):
    companion.write_text(companion.read_text() + "\n[bogus\n")
    response = client.get("/api/map")
    assert response.status_code == 400 and str(companion) in response.get_json()["error"]


@pytest.mark.parametrize("host", ["evil.example.com", "10.0.0.5:8080", "127.0.0.1:81", "localhost.evil.example.com"])
def test_a_request_addressed_to_another_host_is_refused(client, companion, host):
    for response in (client.get("/api/map", headers={"Host": host}),
                     client.post("/api/save", json=edited(client), headers={"Host": host})):
        assert response.status_code == 403 and host in response.get_json()["error"]
    assert not companion.with_name("companion-2.toml").exists()
    assert client.get("/api/map", headers={"Host": "127.0.0.1:80"}).status_code == 200


def over_socket(base, path, body=None, headers=()):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json", **dict(headers)})
    try:
        with urllib.request.urlopen(request) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


@pytest.mark.parametrize("state, reason", [
    ({"elevation": {"0101": 2 ** 31}}, "elevation of 0101: 2147483648 lies outside the format's range"),
    ({"elevation": {"0101": 99999999999}}, "99999999999"),
    ({"elevation": {"0101": 2.5}}, "elevation of 0101: 2.5 is not a whole number"),
    ({"terrain": {"0101": "x" * 100000}}, "terrain of 0101: 'xxxxxxxx"),
    ({"hexsides": [{"side": "0101/0102", "feature": "creek"}, {"side": "0102/0101", "feature": "creek"}]},
     "hexside 0102/0101: creek is painted twice"),
    ({"places": [{"name": "Dup", "kind": "entry", "hex": "0505"}, {"name": "Dup", "kind": "entry", "hex": "0506"}]},
     "place 'Dup' at 0506: a second entry of that name (the first at 0505)"),
    ({"places": [{"name": "Two\nlines", "kind": "entry", "hex": "0505"}]}, "a name cannot hold a line break"),
    ({"lines": [{"type": "road", "name": "A\nB", "hexes": ["0303", "0403"]}]}, "a name cannot hold a line break"),
])
def test_bad_values_give_a_sentence_naming_the_hex_never_a_500(lfm_demo, companion, state, reason):
    session = EditorSession(lfm_demo / "lfm-demo.vmod", companion)
    with serving(session) as base:
        page = json.loads(over_socket(base, "/api/map")[1])["state"]
        page["places"] = [p for p in page["places"] if p.get("file") is not None]
        status, body = over_socket(base, "/api/save", {**page, **state,
                                                        "places": page["places"] + state.get("places", [])})
    error = json.loads(body)
    assert status == 400 and reason in error["error"] and len(error["error"]) < 400
    if "0101" in reason or "0505" in reason:
        assert set(error["hexes"]) & {"0101", "0505", "0506"}
    assert not companion.with_name("companion-2.toml").exists()


def test_hostile_requests_get_a_sentence_over_a_real_socket(lfm_demo, companion):
    with serving(EditorSession(lfm_demo / "lfm-demo.vmod", companion)) as base:
        port = base.rsplit(":", 1)[1]
        status, body = over_socket(base, "/api/map", headers={"Host": "evil.example.com"})
        assert status == 403 and "not to evil.example.com" in json.loads(body)["error"]
        status, body = over_socket(base, "/api/save", {"terrain": {}}, headers={"Host": f"rebound.example:{port}"})
        assert status == 403
        for host in (f"localhost:{port}", f"[::1]:{port}"):
            assert over_socket(base, "/favicon.ico", headers={"Host": host})[0] == 204
        status, body = over_socket(base, "/api/save", b"[" * 100000)
        assert status == 400 and "as JSON" in json.loads(body)["error"]
    assert not companion.with_name("companion-2.toml").exists()


def test_a_request_too_large_is_refused_and_long_values_are_cut_short(client):
    response = client.post("/api/save", data=b'"' + b"x" * (9 * 1024 * 1024) + b'"', content_type="application/json")
    assert response.status_code == 413 and "larger than the editor takes (8 MB)" in response.get_json()["error"]
    state = edited(client)
    state["terrain"]["1010"] = "y" * (5 * 1024 * 1024)
    response = client.post("/api/save", json=state)
    assert response.status_code == 400 and len(response.data) < 500


def test_a_dangling_link_at_the_next_name_is_passed_over(client, companion):
    (companion.with_name("companion-2.toml")).symlink_to(companion.with_name("nowhere.toml"))
    saved = client.post("/api/save", json=edited(client))
    assert saved.status_code == 200 and saved.get_json()["path"] == str(companion.with_name("companion-3.toml"))
    assert not companion.with_name("nowhere.toml").exists()


def test_a_new_line_type_is_noted_as_unused_by_any_class(client):
    state = edited(client)
    state["vocabulary"] = {"lines": ["canal"]}
    state["lines"].append({"type": "canal", "name": "", "hexes": ["0101", "0102"], "no_junction": []})
    notes = client.post("/api/save", json=state).get_json()["notes"]
    assert notes == ["new line type canal: no [movement.class] names it in its `line` table yet, so no unit moves "
                     "along it at a line's cost until you give one"]


@pytest.mark.parametrize("port, said", [("99999", "--port must be 1-65535"), ("-1", "--port must be 1-65535"),
                                        ("x", "--port must be")])
def test_a_port_out_of_range_is_refused(lfm_demo, capsys, port, said):
    with pytest.raises(SystemExit) as stopped:
        main(["edit", str(lfm_demo / "lfm-demo.vmod"), "--port", port])
    assert stopped.value.code == 2 and said in capsys.readouterr().err


def test_an_unknown_map_is_named_with_the_maps(lfm_demo, capsys):
    assert main(["edit", str(lfm_demo / "lfm-demo.vmod"), "--map", "Nope"]) == 2
    assert "no map 'Nope' in the module; its maps with boards are: Main Map" in capsys.readouterr().err


@pytest.mark.parametrize("url, body", [
    ("/api/save", '{"terrain": {}, "vocabulary": {"terrain": ["clear", "\\ud800"]}}'),
    ("/api/reach", '{"state": {}, "class": "infantry", "from": "\\ud800", "mp": "4"}'),
])
def test_a_lone_surrogate_is_refused_not_a_server_failure(client, companion, url, body):
    response = client.post(url, data=body, content_type="application/json")
    assert response.status_code == 400 and "valid Unicode" in response.get_json()["error"]
    assert not companion.with_name("companion-2.toml").exists()


def test_a_null_body_says_what_is_expected(client):
    response = client.post("/api/save", data="null", content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"] == "the body is JSON null: send the edited state"


def test_after_the_first_save_a_begun_file_is_worked_from(lfm_demo, tmp_path):
    shutil.copy(lfm_demo / "lfm-demo.vmod", tmp_path)
    client = create_app(EditorSession(tmp_path / "lfm-demo.vmod", map_name="Main Map")).test_client()
    state = {"terrain": {"1010": "woods"}, "elevation": {}, "hexsides": [], "lines": [],
             "places": [{"name": "Mill", "kind": "town", "hex": "0505"}],
             "vocabulary": {"terrain": ["clear", "woods"], "places": ["town"]}}
    first = client.post("/api/save", json=state).get_json()
    assert first["path"] == str(tmp_path / "lfm-demo.toml") and first["reopened"]
    page = client.get("/api/map").get_json()  # a reload, or a second tab
    assert page["companion"] == first["path"] and not page["starter"]
    assert page["saves_to"] == str(tmp_path / "lfm-demo-2.toml")
    assert page["vocabulary"]["terrain"] == ["clear", "woods"] and page["state"]["terrain"]["1010"] == "woods"
    assert [p["name"] for p in page["state"]["places"]] == ["Mill"]
    second = client.post("/api/save", json=page["state"]).get_json()
    assert second["path"] == str(tmp_path / "lfm-demo-2.toml") and not second["reopened"]


def test_a_hex_grid_the_editor_cannot_paint_is_refused_with_its_reason(corpus):
    module = in_corpus(corpus, "rummelsworth+vassal-module-kassala", "vmod")
    with pytest.raises(ValueError) as refused:
        EditorSession(module)
    assert str(refused.value).startswith("no map the editor can open: map 'Main Map' board 'Kassala': ")
    assert "size is unknown" in str(refused.value) and "has no numbering" in str(refused.value)
