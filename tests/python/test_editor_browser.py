"""`adjutant edit`'s page in a real browser: headless Chromium driven by Selenium paints hexes, a
creek hexside and a road on the lfm demo module, saves, and the written companion file holds them.
A screenshot of the page is kept in the test's tmp dir."""
import shutil
import threading
from pathlib import Path

import pytest

import adjutant
from adjutant.cli import main
from adjutant.editor import EditorSession, create_app

CHROMEDRIVER = Path("/usr/bin/chromedriver")  # the chromium-driver package's


@pytest.fixture
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="python3-selenium is not installed")
    if not CHROMEDRIVER.is_file():
        pytest.skip(f"{CHROMEDRIVER} missing: install chromium and chromium-driver (scripts/setup)")
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    except Exception as e:  # no display library, no usable chromium: nothing to drive
        pytest.skip(f"headless Chromium cannot start here: {str(e).splitlines()[0]}")
    yield driver
    driver.quit()


@pytest.fixture
def served(tmp_path):
    assert main(["demo", "--plugin", "lfm", "--out", str(tmp_path), "--quiet"]) == 0
    from werkzeug.serving import make_server
    server = make_server("127.0.0.1", 0, create_app(EditorSession(tmp_path / "lfm-demo.vmod",
                                                                  tmp_path / "companion.toml")), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


def point(driver, hex_name, towards=None, share=0.0):
    """Where in the window the centre of a hex is, or a point `share` of the way to another's."""
    return driver.execute_script("""
        const a = editor.hexes[arguments[0]].centre, b = arguments[1] ? editor.hexes[arguments[1]].centre : a;
        return editor.screenPoint(a[0] + (b[0] - a[0]) * arguments[2], a[1] + (b[1] - a[1]) * arguments[2]);""",
                                 hex_name, towards, share)


def test_paint_a_hex_a_creek_and_a_road_then_save(browser, served):
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait
    folder, url = served
    browser.get(url)
    WebDriverWait(browser, 20).until(lambda d: d.execute_script("return !!(editor.map && editor.layers)"))

    def at(*where):
        actions = ActionBuilder(browser)
        x, y = point(browser, *where)
        actions.pointer_action.move_to_location(int(x), int(y))
        return actions

    def click(*where):
        actions = at(*where)
        actions.pointer_action.click()
        actions.perform()

    browser.find_element(By.CSS_SELECTOR, "input[value=terrain]").click()
    Select(browser.find_element(By.ID, "terrain-type")).select_by_value("town")
    drag = at("1010")
    drag.pointer_action.pointer_down()
    for h in ("1011", "1012"):
        x, y = point(browser, h)
        drag.pointer_action.move_to_location(int(x), int(y))
    drag.pointer_action.pointer_up()
    drag.perform()

    browser.find_element(By.CSS_SELECTOR, "input[value=hexside]").click()
    Select(browser.find_element(By.ID, "hexside-feature")).select_by_value("creek")
    click("1505", "1605", 0.3)

    browser.find_element(By.CSS_SELECTOR, "input[value=line]").click()
    Select(browser.find_element(By.ID, "line-type")).select_by_value("road")
    drag = at("0203")
    drag.pointer_action.pointer_down()
    for h in ("0303", "0403"):
        x, y = point(browser, h)
        drag.pointer_action.move_to_location(int(x), int(y))
    drag.pointer_action.pointer_up()
    drag.perform()

    browser.find_element(By.ID, "undo").click()   # the road taken off and put back
    browser.find_element(By.ID, "redo").click()
    browser.find_element(By.ID, "save").click()
    WebDriverWait(browser, 20).until(lambda d: d.find_element(By.ID, "status").get_attribute("data-path"))
    browser.save_screenshot(str(folder / "editor.png"))
    saved = browser.find_element(By.ID, "status").get_attribute("data-path")
    assert saved == str(folder / "companion-2.toml")
    assert (folder / "editor.png").stat().st_size > 10000

    terrain = adjutant.open_companion(saved, folder / "lfm-demo.vmod").map("Main Map")
    assert [terrain.terrain(h) for h in ("1010", "1011", "1012", "1013")] == ["town", "town", "town", "clear"]
    sides = {(a, b): fs for a, b, fs in terrain.hexside_features()}
    assert "creek" in sides.get(("1505", "1605"), sides.get(("1605", "1505"), []))
    assert ["road", "", ["0203", "0303", "0403"]] in [[l.type, l.name, l.hexes] for l in terrain.lines()]
