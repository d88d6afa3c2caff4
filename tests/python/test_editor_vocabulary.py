"""Words named on the page with New... in an existing companion file: written into its vocabulary by
the companion writer, a new terrain type given a placeholder cost in every movement class (marked in
the file, stated in the save's notes), so that `terrain check` passes on the file written."""
import tomllib

import pytest

from adjutant.cli import main
from adjutant.editor import EditorSession, create_app


def test_new_words_join_the_files_vocabulary(lfm_demo, lfm_companion):
    companion = lfm_companion
    client = create_app(EditorSession(lfm_demo / "lfm-demo.vmod", companion)).test_client()
    page = client.get("/api/map").get_json()
    state, words = page["state"], page["vocabulary"]
    words["terrain"].append("marsh")
    words["hexside"].append("fence")
    words["lines"].append("railroad")
    state["terrain"]["1010"] = "marsh"
    state["hexsides"].append({"side": "0909/1009", "feature": "fence", "high": ""})
    state["lines"].append({"type": "railroad", "name": "", "hexes": ["0303", "0403"], "no_junction": []})
    saved = client.post("/api/save", json={**state, "vocabulary": words}).get_json()
    assert saved["problems"] == []
    assert saved["notes"] == ["new terrain type marsh: each [movement.class] has a placeholder cost for it until you "
                              "give its own (the lines marked 'placeholder')",
                              "new line type railroad: no [movement.class] names it in its `line` table yet, so no "
                              "unit moves along it at a line's cost until you give one"]
    assert main(["terrain", "check", str(lfm_demo / "lfm-demo.vmod"), saved["path"], "--quiet"]) == 0
    text = open(saved["path"]).read()
    data = tomllib.loads(text)
    assert data["vocabulary"]["terrain"] == ["clear", "woods", "town", "marsh"]
    assert data["vocabulary"]["hexside"][-1] == "fence" and data["vocabulary"]["lines"][-1] == "railroad"
    assert all(c["terrain"]["marsh"] == "prohibited" for c in data["movement"]["class"].values())
    assert text.count("# placeholder: give the cost of marsh") == len(data["movement"]["class"])
    assert data["map"][0]["terrain"]["marsh"] == "1010"
    again = EditorSession(lfm_demo / "lfm-demo.vmod", saved["path"]).description()
    assert again["state"]["terrain"]["1010"] == "marsh" and "marsh" in again["vocabulary"]["terrain"]


def test_a_file_without_new_words_has_no_notes(lfm_demo, lfm_companion):
    companion = lfm_companion
    client = create_app(EditorSession(lfm_demo / "lfm-demo.vmod", companion)).test_client()
    page = client.get("/api/map").get_json()
    saved = client.post("/api/save", json={**page["state"], "vocabulary": page["vocabulary"]}).get_json()
    assert (saved["problems"], saved["notes"]) == ([], [])
    assert open(saved["path"]).read() == companion.read_text()  # nothing changed: the same text
