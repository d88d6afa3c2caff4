"""The editor's live view: reach, path and line of sight on the EDITED state of the lfm demo, as
`adjutant render reach/path` and `adjutant los` compute them; bad requests refused with their reason."""
import shutil

import pytest

from adjutant.editor import EditorSession, create_app


@pytest.fixture(scope="module")
def client(lfm_demo, tmp_path_factory):
    start = tmp_path_factory.mktemp("lfm-live") / "start.toml"
    shutil.copy(lfm_demo / "companion.toml", start)
    return create_app(EditorSession(lfm_demo / "lfm-demo.vmod", start)).test_client()


@pytest.fixture
def state(client):
    return client.get("/api/map").get_json()["state"]


def test_the_page_offers_the_files_unit_classes(client):
    assert "infantry" in client.get("/api/map").get_json()["unit_classes"]
    assert b"live-class" in client.get("/").data and b"function liveClick" in client.get("/static/live.js").data


def test_reach_gives_the_mp_left_in_each_hex_and_follows_the_edit(client, state):
    # lfm counts quarter MP: clear costs 4, the pike 1.
    ask = {"state": state, "class": "infantry", "from": "1008", "mp": "6"}
    hexes = client.post("/api/reach", json=ask).get_json()["hexes"]
    assert (hexes["1008"]["left"], hexes["1108"]["left"], hexes["1009"]["left"]) == ("6", "5", "2")
    state["terrain"]["1009"] = "woods"
    edited = client.post("/api/reach", json=ask).get_json()["hexes"]
    assert "1009" not in edited and edited["1108"]["left"] == "5"  # woods cost more than the 6 MP


def test_a_path_with_its_costs(client, state):
    body = client.post("/api/path", json={"state": state, "class": "infantry", "from": "1008", "to": "1208",
                                          "mp": "20"}).get_json()
    assert body["hexes"] == ["1008", "1108", "1208"] and body["total"] == "2" and body["legal"]
    assert [(s["to"], s["cost"], s["spent"]) for s in body["steps"]] == [("1108", "1", "1"), ("1208", "1", "2")]


def test_line_of_sight_on_the_edited_elevations(client, state):
    ask = {"state": state, "from": "1008", "to": "1012"}
    body = client.post("/api/sight", json=ask).get_json()
    assert (body["sight"], body["blocked_at"]) == ("blocked", "1009") and "27.3" in body["clause"]
    for h in ("1009", "1010", "1011"):
        state["elevation"][h] = 0
    assert client.post("/api/sight", json=ask).get_json()["sight"] == "clear"


@pytest.mark.parametrize("endpoint, ask, reason", [
    ("reach", {"class": "xx", "from": "1008", "mp": "6"}, "unknown unit class 'xx'"),
    ("reach", {"class": "infantry", "from": "9999", "mp": "6"}, "no hex '9999'"),
    ("path", {"class": "infantry", "from": "1008", "to": "1208", "mp": "lots"}, "'mp'"),
    ("path", {"class": "infantry", "from": "1008", "mp": "6"}, "'to' is missing"),
    ("sight", {"from": "1008", "to": "9999"}, "no hex '9999'"),
    ("reach", {"class": "infantry", "from": "1008", "mp": "1000000000000"},
     "'mp': '1000000000000' MP: give a number of MP above 0 and at most 10000"),
    ("reach", {"class": "infantry", "from": "1008", "mp": "1e308"}, "'mp': '1e308' MP: give a number of MP above 0"),
    ("reach", {"class": "infantry", "from": "1008", "mp": "-5"}, "'mp': '-5' MP: give a number of MP above 0"),
    ("reach", {"class": "infantry", "from": "1008", "mp": "0"}, "above 0"),
    ("reach", {"class": "infantry", "from": "1008"}, "'mp' is missing: the MP to move with, as text such as"),
    ("reach", {"class": "infantry", "from": "1008", "mp": 2.5}, "'mp' is missing: the MP to move with"),
    ("reach", {"class": "infantry", "from": "1" * 1000, "mp": "6"}, "is too long for a hex name"),
])
def test_bad_requests_are_refused_with_the_reason(client, state, endpoint, ask, reason):
    response = client.post(f"/api/{endpoint}", json={"state": state, **ask})
    assert response.status_code == 400 and reason in response.get_json()["error"]


def test_mp_given_as_a_whole_number_is_read(client, state):
    body = client.post("/api/reach", json={"state": state, "class": "infantry", "from": "1008", "mp": 6}).get_json()
    assert body["mp"] == "6" and body["hexes"]["1108"]["left"] == "5"


def test_a_file_without_sight_is_named_as_the_users(lfm_demo, tmp_path):
    out = lfm_demo
    text = (out / "companion.toml").read_text()
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace('[sight]\nrules = "lfm"\nheight = { woods = 1, town = 1 }\n'
                                 'partial_target = ["woods", "town"]\n', ""))
    client = create_app(EditorSession(out / "lfm-demo.vmod", mine)).test_client()
    state = client.get("/api/map").get_json()["state"]
    response = client.post("/api/sight", json={"state": state, "from": "1008", "to": "1012"})
    error = response.get_json()["error"]
    assert response.status_code == 400 and error.startswith(f"{mine} has no [sight]") and "/tmp" not in error[1:]


def test_a_request_without_the_state_or_json_is_refused(client):
    assert "'state'" in client.post("/api/sight", json={"from": "1008", "to": "1012"}).get_json()["error"]
    assert client.post("/api/reach", data="x").status_code == 400
    assert client.get("/api/reach").status_code == 405


def test_a_file_begun_on_the_page_answers_at_once(lfm_demo):
    # Its placeholder [movement]: one class 'unit', every terrain type 1 MP; [sight] by LFM's rules.
    starter = create_app(EditorSession(lfm_demo / "lfm-demo.vmod", map_name="Main Map")).test_client()
    page = starter.get("/api/map").get_json()
    assert page["unit_classes"] == ["unit"]
    state = {**page["state"], "terrain": {"1009": "woods"}, "vocabulary": {"terrain": ["clear", "woods"]}}
    hexes = starter.post("/api/reach", json={"state": state, "class": "unit", "from": "1008", "mp": "2"}).get_json()["hexes"]
    assert (hexes["1008"]["left"], hexes["1108"]["left"], hexes["1009"]["left"], hexes["1010"]["left"]) == ("2", "1", "1", "0")
    assert "1011" not in hexes
    assert starter.post("/api/sight", json={"state": state, "from": "1008", "to": "1012"}).get_json()["sight"] == "clear"
