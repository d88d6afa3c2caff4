"""Places named in the editor: saved as [[map.place]] of the edited map after the file's own places,
in a companion file and in one begun on the page; a kind or hex the file does not know refused."""
import shutil

import pytest

from adjutant.cli import main
from adjutant.editor import EditorSession, create_app


@pytest.fixture(scope="module")
def lfm_demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("lfm-demo")
    assert main(["demo", "--plugin", "lfm", "--out", str(out), "--quiet"]) == 0
    return out


def places_of(module, path):
    return EditorSession(module, path)._places()


def test_a_named_place_is_saved_after_the_files_own(lfm_demo, tmp_path):
    companion = tmp_path / "companion.toml"
    shutil.copy(lfm_demo / "companion.toml", companion)
    module = lfm_demo / "lfm-demo.vmod"
    client = create_app(EditorSession(module, companion)).test_client()
    state = client.get("/api/map").get_json()["state"]
    before = list(state["places"])
    state["places"].append({"name": "Mill", "kind": "entry", "hex": "1010"})
    saved = client.post("/api/save", json=state).get_json()
    assert saved["problems"] == [] and places_of(module, saved["path"]) == \
        before + [{"name": "Mill", "kind": "entry", "hex": "1010"}]
    assert main(["terrain", "check", str(module), saved["path"]]) == 0
    for place, reason in [({"name": "X", "kind": "town", "hex": "1010"}, "'town' is not a place kind"),
                          ({"name": "X", "kind": "entry", "hex": "9999"}, "no hex '9999'"),
                          ({"name": "", "kind": "entry", "hex": "1010"}, "needs a name")]:
        response = client.post("/api/save", json={**state, "places": before + [place]})
        assert response.status_code == 400 and reason in response.get_json()["error"]


def test_places_in_a_file_begun_on_the_page(lfm_demo, tmp_path):
    module = tmp_path / "lfm-demo.vmod"
    shutil.copy(lfm_demo / "lfm-demo.vmod", module)
    client = create_app(EditorSession(module, map_name="Main Map")).test_client()
    state = {**client.get("/api/map").get_json()["state"],
             "places": [{"name": "Gettysburg", "kind": "town", "hex": "1307"}],
             "vocabulary": {"terrain": ["clear"], "places": ["town"]}}
    saved = client.post("/api/save", json=state).get_json()
    assert saved == {"path": str(tmp_path / "lfm-demo.toml"), "problems": []}
    assert places_of(module, saved["path"]) == [{"name": "Gettysburg", "kind": "town", "hex": "1307"}]
