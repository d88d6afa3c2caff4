"""Places in the editor, written by the companion writer: a place added after the file's own, one of
the file's renamed or removed with its other keys and comments kept, in a companion file and in one
begun on the page; a kind, hex or place the file does not know refused. Every file written passes
`terrain check`."""
import shutil
import tomllib

import pytest

from adjutant.cli import main
from adjutant.editor import EditorSession, create_app


@pytest.fixture
def editor(lfm_demo, lfm_companion):
    return lfm_companion, create_app(EditorSession(lfm_demo / "lfm-demo.vmod", lfm_companion)).test_client()


def saved_places(lfm_demo, state, client):
    saved = client.post("/api/save", json=state).get_json()
    assert saved["problems"] == [], saved
    assert main(["terrain", "check", str(lfm_demo / "lfm-demo.vmod"), saved["path"], "--quiet"]) == 0
    with open(saved["path"], "rb") as f:
        return saved["path"], tomllib.load(f)["map"][0]["place"]


def test_the_page_is_given_the_files_places_with_their_index(editor):
    _, client = editor
    assert client.get("/api/map").get_json()["state"]["places"] == [
        {"file": 0, "name": "Chambersburg Pike entry", "kind": "entry", "hex": "0108"},
        {"file": 1, "name": "Baltimore Pike entry", "kind": "entry", "hex": "2008"}]


def test_a_named_place_is_added_after_the_files_own(lfm_demo, editor):
    companion, client = editor
    state = client.get("/api/map").get_json()["state"]
    state["places"].append({"name": "Mill", "kind": "entry", "hex": "1010"})
    path, places = saved_places(lfm_demo, state, client)
    assert [(p["name"], p.get("side")) for p in places] == [
        ("Chambersburg Pike entry", "Confederate"), ("Baltimore Pike entry", "Union"), ("Mill", None)]
    assert places[2] == {"name": "Mill", "kind": "entry", "hex": "1010"}
    original = companion.read_text()
    written = open(path).read()
    assert written.replace('\n[[map.place]]\nname = "Mill"\nkind = "entry"\nhex = "1010"\n', "", 1) == original


def test_a_place_of_the_file_renamed_and_one_removed(lfm_demo, editor):
    companion, client = editor
    state = client.get("/api/map").get_json()["state"]
    state["places"][0]["name"] = "Cashtown Road entry"
    del state["places"][1]
    path, places = saved_places(lfm_demo, state, client)
    assert places == [{"name": "Cashtown Road entry", "kind": "entry", "hex": "0108", "side": "Confederate"}]
    written, original = open(path).read(), companion.read_text()
    assert written == original.replace('name = "Chambersburg Pike entry"', 'name = "Cashtown Road entry"').replace(
        '[[map.place]]\nname = "Baltimore Pike entry"\nkind = "entry"\nhex = "2008"\nside = "Union"\n\n', "")


@pytest.mark.parametrize("place, reason", [
    ({"name": "X", "kind": "town", "hex": "1010"}, "'town' is not a place kind"),
    ({"name": "X", "kind": "entry", "hex": "9999"}, "no hex '9999'"),
    ({"name": "", "kind": "entry", "hex": "1010"}, "needs a name"),
    ({"name": "X", "kind": "entry", "hex": "1010", "file": 7}, "not one of the file's 2 places"),
])
def test_a_place_the_file_cannot_have_is_refused(editor, place, reason):
    _, client = editor
    state = client.get("/api/map").get_json()["state"]
    response = client.post("/api/save", json={**state, "places": state["places"] + [place]})
    assert response.status_code == 400 and reason in response.get_json()["error"]


def test_places_in_a_file_begun_on_the_page(lfm_demo, tmp_path):
    module = tmp_path / "lfm-demo.vmod"
    shutil.copy(lfm_demo / "lfm-demo.vmod", module)
    client = create_app(EditorSession(module, map_name="Main Map")).test_client()
    state = {**client.get("/api/map").get_json()["state"],
             "places": [{"name": "Gettysburg", "kind": "town", "hex": "1307"}],
             "vocabulary": {"terrain": ["clear"], "places": ["town"]}}
    saved = client.post("/api/save", json=state).get_json()
    assert (saved["path"], saved["problems"]) == (str(tmp_path / "lfm-demo.toml"), [])
    assert main(["terrain", "check", str(module), saved["path"], "--quiet"]) == 0
    with open(saved["path"], "rb") as f:
        assert tomllib.load(f)["map"][0]["place"] == [{"name": "Gettysburg", "kind": "town", "hex": "1307"}]
