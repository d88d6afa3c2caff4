"""`adjutant edit`'s page in a real browser, driven as a user drives it: headless Chromium (Debian's,
through Selenium and the chromedriver of the chromium-driver package) paints, names places, sets
elevations, undoes and redoes, asks the live view, begins a file with no companion file (the user
guide's walk-through) and saves; each test reads the written file back. One browser serves the
module. The painting test's and the walk-through's screenshots are kept as artefacts in build/test-artefacts/; with
ADJUTANT_EDITOR_SCREENSHOT=PATH set, the walk-through's screenshot is also written to PATH, small and
optimised (the user guide's docs/images/editor.png:
    ADJUTANT_EDITOR_SCREENSHOT=$PWD/docs/images/editor.png pytest tests/python/test_editor_browser.py -k guide
)."""
import os
import tomllib
from pathlib import Path

import pytest

import adjutant
from adjutant.editor import EditorSession, create_app
from adjutant.rules.mp import mp_text, parse_mp
from conftest import REPO
from editor_helpers import serving
from guide_blocks import read_blocks

CHROMEDRIVER = Path("/usr/bin/chromedriver")  # the chromium-driver package's
ARTEFACTS = REPO / "build" / "test-artefacts"
WINDOW = (1200, 800)                           # the guide's screenshot size too
GUIDE = REPO / "docs" / "user-guide.md"


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="python3-selenium is not installed")
    if not CHROMEDRIVER.is_file():
        pytest.skip(f"{CHROMEDRIVER} missing: install chromium and chromium-driver (scripts/setup)")
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=%d,%d" % WINDOW,
                 "--hide-scrollbars"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    except Exception as e:  # no display library, no usable chromium: nothing to drive
        pytest.skip(f"headless Chromium cannot start here: {str(e).splitlines()[0]}")
    outside = driver.execute_script("return [outerWidth - innerWidth, outerHeight - innerHeight]")
    driver.set_window_size(WINDOW[0] + outside[0], WINDOW[1] + outside[1])   # the page WINDOW in size
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def litn_module(tmp_path_factory):
    from adjutant_plugins.litn.demo import write_demo
    out = tmp_path_factory.mktemp("litn-demo")
    write_demo(out)
    return out / "litn-demo.vmod"


class Page:
    """The editor's page in the browser, used through its controls and the mouse."""

    def __init__(self, driver, url):
        from selenium.webdriver.support.ui import WebDriverWait
        self.driver, self.wait = driver, WebDriverWait(driver, 20)
        driver.get(url)
        self.wait.until(lambda d: d.execute_script("return !!(window.editor && editor.map && editor.layers)"))

    def find(self, element_id):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.ID, element_id)

    def tool(self, name, choice=None, select=None):
        self.find(f"tool-{name}").click()
        if choice is not None:
            from selenium.webdriver.support.select import Select
            Select(self.find(select)).select_by_value(choice)

    def zoom(self, factor, centre):
        """Zooms the board and scrolls to hex `centre`, as a user does with the scroll bars."""
        from selenium.webdriver.support.select import Select
        Select(self.find("zoom")).select_by_visible_text(factor)
        self.driver.execute_script("editor.hexes[arguments[0]].element.scrollIntoView({block: 'center', "
                                   "inline: 'center'})", centre)

    def type_into(self, element_id, text):
        box = self.find(element_id)
        box.clear()
        box.send_keys(text)

    def point(self, hex_name, towards=None, share=0.0):
        """Where in the window the centre of a hex is, or a point `share` of the way to another's."""
        return self.driver.execute_script("""
            const a = editor.hexes[arguments[0]].centre, b = arguments[1] ? editor.hexes[arguments[1]].centre : a;
            return editor.screenPoint(a[0] + (b[0] - a[0]) * arguments[2], a[1] + (b[1] - a[1]) * arguments[2]);""",
                                          hex_name, towards, share)

    def _at(self, *where):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver)
        x, y = self.point(*where)
        actions.pointer_action.move_to_location(int(x), int(y))
        return actions

    def click(self, *where):
        actions = self._at(*where)
        actions.pointer_action.click()
        actions.perform()

    def drag(self, hexes):
        actions = self._at(hexes[0])
        actions.pointer_action.pointer_down()
        for h in hexes[1:]:
            x, y = self.point(h)
            actions.pointer_action.move_to_location(int(x), int(y))
        actions.pointer_action.pointer_up()
        actions.perform()

    def answer(self, text):
        """Answers the page's prompt with `text` (None: dismisses a confirm)."""
        from selenium.webdriver.support import expected_conditions
        self.wait.until(expected_conditions.alert_is_present())
        dialog = self.driver.switch_to.alert
        if text is None:
            dialog.dismiss()
            return
        dialog.send_keys(text)
        dialog.accept()

    def new_word(self, kind, name, high_side=None):
        self.find(f"new-{kind}").click()
        self.answer(name)
        if kind == "hexside":
            self.answer(high_side)

    def status(self):
        return self.find("status").text

    def save(self):
        """Saves; the path written, after the page has shown it."""
        self.driver.execute_script("document.getElementById('status').removeAttribute('data-path')")
        self.find("save").click()
        self.wait.until(lambda d: self.find("status").get_attribute("data-path"))
        return self.find("status").get_attribute("data-path")

    def live(self):
        """The live view's text, once it has an answer: its lines."""
        self.wait.until(lambda d: self.find("live-result").text and "click the hex" not in self.find("live-result").text)
        return self.find("live-result").text.split("\n")

    def reach_numbers(self):
        """{hex: MP left} as the reach overlay writes it."""
        return self.driver.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#board text.left')]"
            ".map((t) => [t.dataset.hex, t.textContent]))")


def test_paint_name_a_place_set_elevations_undo_and_save(browser, lfm_demo, lfm_companion):
    companion = lfm_companion
    module = lfm_demo / "lfm-demo.vmod"
    with serving(EditorSession(module, companion)) as url:
        page = Page(browser, url)
        page.tool("terrain", "town", "terrain-type")
        page.drag(["1010", "1011", "1012"])
        page.tool("terrain", "woods", "terrain-type")
        page.click("0808")
        page.find("undo").click()                 # the woods stroke undone, never redone
        page.tool("hexside", "creek", "hexside-feature")
        page.click("1505", "1605", 0.3)
        page.tool("line", "road", "line-type")
        page.drag(["0203", "0303", "0403"])
        page.find("undo").click()                 # the road taken off and put back
        page.find("redo").click()
        page.tool("elevation")
        page.type_into("elevation-level", "3")
        page.drag(["1305", "1306"])
        page.tool("place", "entry", "place-kind")
        page.click("0706")
        page.answer("Mill Road entry")
        saved = page.save()
        picture = keep_screenshot(browser, "editor-painted.png")
    assert saved == str(companion.with_name("companion-2.toml")) and "terrain check passes" in page.status()
    assert picture.stat().st_size > 10000

    terrain = adjutant.open_companion(saved, module).map("Main Map")
    assert [terrain.terrain(h) for h in ("1010", "1011", "1012", "1013", "0808")] == \
        ["town", "town", "town", "clear", "clear"]
    sides = {(a, b): fs for a, b, fs in terrain.hexside_features()}
    assert "creek" in sides.get(("1505", "1605"), sides.get(("1605", "1505"), []))
    assert ["road", "", ["0203", "0303", "0403"]] in [[l.type, l.name, l.hexes] for l in terrain.lines()]
    before = adjutant.open_companion(companion, module).map("Main Map")
    assert [terrain.elevation(h) for h in ("1305", "1306", "1307")] == [3, 3, before.elevation("1307")] != [3, 3, 3]
    places = EditorSession(module, saved)._places()
    assert places[-1] == {"name": "Mill Road entry", "kind": "entry", "hex": "0706", "file": len(places) - 1}
    assert places[:-1] == EditorSession(module, companion)._places()


def test_live_reach_path_and_sight_are_the_engines_on_the_painted_state(browser, lfm_demo, lfm_companion):
    companion = lfm_companion
    module = lfm_demo / "lfm-demo.vmod"
    with serving(EditorSession(module, companion)) as url:
        page = Page(browser, url)
        page.tool("terrain", "woods", "terrain-type")
        page.click("1009")
        page.tool("live", "reach", "live-mode")
        page.type_into("live-mp", "6")
        page.click("1008")
        reach_text = page.live()
        shown = page.reach_numbers()
        page.tool("live", "path", "live-mode")
        page.type_into("live-mp", "20")
        page.click("1008")
        page.click("1208")
        path_text = page.live()
        page.tool("live", "sight", "live-mode")
        page.click("1008")
        page.click("1012")
        sight_text = page.live()
        blocking = browser.execute_script("return document.querySelectorAll('#board .blocking').length")
        saved = page.save()

    edited = adjutant.open_companion(saved, module)   # the painted state: 1009 woods
    movement = edited.movement("Main Map")
    unit_class = browser.execute_script("return document.getElementById('live-class').value")
    assert unit_class == "infantry"
    engine = movement.reach("1008", [unit_class], parse_mp("6"))
    assert shown == {h: mp_text(left) for h, (left, _) in engine.items()}
    assert "1009" not in shown and shown["1108"] == "5" and len(shown) > 5
    assert reach_text[0] == f"infantry from 1008 with 6 MP reaches {len(engine)} hexes (the number in each: MP left)"

    path = movement.path("1008", "1208", [unit_class], parse_mp("20"))
    assert path_text[0] == f"path {' '.join(path.hexes)}: {mp_text(path.total)} MP"
    assert path_text[1:] == ["1008 → 1108: 1 (spent 1)", "1108 → 1208: 1 (spent 2)"]

    sight = edited.sight("Main Map").between("1008", "1012")
    assert sight.sight == "blocked" and sight_text[0] == "1008 → 1012: blocked" and sight.clause in sight_text[1]
    assert blocking == 1


def test_a_message_when_there_is_nothing_to_paint_with_or_no_unit_class(browser, litn_module, tmp_path):
    module = tmp_path / "litn-demo.vmod"
    module.write_bytes(litn_module.read_bytes())
    with serving(EditorSession(module)) as url:
        page = Page(browser, url)
        page.click("1010")
        assert page.status() == "no terrain type to paint with: name one with New… first"
        assert page.find("undo").get_attribute("disabled")
        page.new_word("terrain", "clear")
        saved = page.save()
    companion = tmp_path / saved
    companion.write_text(without_placeholders(companion.read_text(encoding="utf-8")), encoding="utf-8")
    with serving(EditorSession(module, companion)) as url:
        page = Page(browser, url)
        page.tool("live")
        page.click("1010")
        assert page.live() == ["reach needs a unit class: the companion file has no [movement] classes "
                               "(docs/companion-format.md, [movement])"]


def without_placeholders(text):
    """A starter file with its placeholder sections taken off and `side` a unit attribute, as the guide's
    `sed` line does."""
    text = text[:text.index("# Placeholders")]
    return text.replace('unit_attributes = ["class", "ma"]', 'unit_attributes = ["side", "class", "ma"]')


def keep_screenshot(browser, name):
    """The page as it is now, kept as ARTEFACTS/name."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTEFACTS / name))
    return ARTEFACTS / name


def guide_file(name):
    """The text of the file block `# NAME` of docs/user-guide.md."""
    found = [b.text for b in read_blocks(GUIDE, "docs/user-guide.md") if b.file_name == name]
    assert len(found) == 1, f"docs/user-guide.md has no file block `# {name}`"
    return found[0]


def test_the_guides_walk_through_begins_a_file_with_no_companion(browser, litn_module, tmp_path, monkeypatch):
    """docs/user-guide.md, "Begin in the editor": the page, on a module with no companion file, writes
    the file the guide shows; with the guide's [units] and [movement] added, Live shows a reach (the
    guide's screenshot)."""
    (tmp_path / "litn-demo.vmod").write_bytes(litn_module.read_bytes())
    monkeypatch.chdir(tmp_path)            # `adjutant edit litn-demo.vmod` in the demo's folder
    module = "litn-demo.vmod"
    with serving(EditorSession(module)) as url:
        page = Page(browser, url)
        page.new_word("terrain", "clear")
        page.new_word("terrain", "ridge")
        page.drag(["1211", "1212", "1312"])
        page.tool("hexside")
        page.new_word("hexside", "stream", high_side=None)
        page.click("1924", "1824", 0.3)
        page.click("1924", "1825", 0.3)
        page.tool("line")
        page.new_word("lines", "road")
        page.drag(["1622", "1721", "1821"])
        page.tool("place")
        page.new_word("places", "town")
        page.click("1615")
        page.answer("Hagerstown")
        saved = page.save()
        assert page.status() == ("saved litn-demo.toml: terrain check passes; [units], [movement] and [sight] are "
                                 "placeholders (every piece a unit of class 'unit' with 6 MP, every terrain type 1 "
                                 "MP; line of sight by LFM's rules): give the rules' own; the editor now works from "
                                 "litn-demo.toml (a reload shows it; the next Save writes litn-demo-2.toml)")
        page.tool("live", "unit", "live-class")       # the placeholders answer at once
        page.type_into("live-mp", "2")
        page.click("1622")
        assert page.live()[0].startswith("unit from 1622 with 2 MP reaches ")
    assert saved == "litn-demo.toml"
    text = Path(saved).read_text(encoding="utf-8")
    assert tomllib.loads(text) == tomllib.loads(guide_file("litn-demo.toml"))

    # The guide's next step: the placeholders replaced by units.toml's tables.
    text = without_placeholders(text)
    Path(saved).write_text(text + guide_file("units.toml") + "\n", encoding="utf-8")
    with serving(EditorSession(module, saved)) as url:
        page = Page(browser, url)
        page.zoom("×2", "1617")
        assert browser.execute_script("return document.getElementById('board').clientHeight") > WINDOW[1]
        page.tool("live", "infantry", "live-class")
        page.type_into("live-mp", "4")
        page.click("1622")
        assert page.live()[0].startswith("infantry from 1622 with 4 MP reaches ")
        picture = keep_screenshot(browser, "editor-guide.png")
    assert picture.stat().st_size > 10000
    if os.environ.get("ADJUTANT_EDITOR_SCREENSHOT"):
        from PIL import Image
        Image.open(picture).convert("RGB").quantize(colors=64).save(os.environ["ADJUTANT_EDITOR_SCREENSHOT"],
                                                                      optimize=True)


def test_the_page_refuses_bad_input_says_what_the_server_says_and_keeps_strokes(browser, lfm_demo, lfm_companion):
    """Bad Elevation and MP boxes and a second place of one name refused on the page; a red message
    cleared by the next stroke; a Save over a file changed by hand refused with the strokes kept; a
    failing server named as failing, not as gone."""
    companion = lfm_companion
    module = lfm_demo / "lfm-demo.vmod"
    session = EditorSession(module, companion)
    with serving(session) as url:
        page = Page(browser, url)
        page.tool("elevation")
        before = browser.execute_script("return editor.state.elevation['1305']")
        for bad in ("2.5", "99999999999"):
            page.type_into("elevation-level", bad)
            page.click("1305")
            assert page.status() == (f'elevation "{bad}": give a whole number from -1000000 to 1000000')
        assert browser.execute_script("return [editor.state.elevation['1305'], editor.undo.length]") == [before, 0]
        page.tool("terrain", "woods", "terrain-type")
        page.click("0808")
        assert page.status() == ""                     # the red message gone with the next stroke
        page.tool("place", "entry", "place-kind")
        page.click("0706")
        page.answer("Mill")
        page.click("0707")
        page.answer("Mill")
        assert page.status() == "the entry Mill is at 0706 already: give each entry its own name"
        page.tool("live", "reach", "live-mode")
        page.type_into("live-mp", "-5")
        page.click("1008")
        assert page.live() == ['MP "-5": give a positive number of MP (such as 6, 6 1/2 or 1/2)']
        page.tool("line", "road", "line-type")
        page.drag(["0203", "0303", "0403"])
        page.tool("hexside", "steep slope", "hexside-feature")
        page.click("1505", "1605", 0.3)
        colours = browser.execute_script(
            "return [...document.querySelectorAll('#board .route')].map((l) => [l.dataset.line, l.getAttribute('stroke')])")
        assert ("road", "#00b7ff") in map(tuple, colours) and ("pike", "#ff00ff") in map(tuple, colours)
        assert browser.execute_script("return document.querySelectorAll('#board .high-side[data-high=\"1505/1605\"]')"
                                      ".length") == 1

        companion.write_text(companion.read_text() + "\n# changed by hand\n")
        page.find("save").click()
        page.wait.until(lambda d: "changed on disk" in page.status())
        assert "Reload the page" in page.status() and not companion.with_name("companion-2.toml").exists()
        assert browser.execute_script("return editor.state.terrain['0808']") == "woods"   # the strokes kept

        def broken(state):
            raise RuntimeError("a bug")
        session.save = broken
        page.find("save").click()
        page.wait.until(lambda d: "server failed" in page.status())
        assert page.status() == "/api/save: the editor's server failed (HTTP 500): see its terminal"
