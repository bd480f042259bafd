"""天气 in headless Chromium on a phone, on the real divisions and observations: the rotary dial (a tap turns
a button to the front, the front one opens), the province → city → county picker, a forecast from Open-Meteo's
recorded reply replayed on a local port (no request leaves the machine), a recorded sample with its trend
chart, 历史同期 with the monthly chart, "my location" by coordinates, saving a place; light and dark, Chinese
and English. Screenshots: artifacts/screenshots/weather-*.png."""

from __future__ import annotations

import http.server
import subprocess
import threading
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, path_of, tap, wait_for
from conftest import _binary
from e2e_support import PASSWORD, ServerProcess, shared_data, unique_name


def _weather_folder() -> Path:
    return shared_data("weather/observations/five_cities_daily_2010_2015.csv") / "weather"


@pytest.fixture(scope="module")
def replay() -> Iterator[str]:
    """Open-Meteo's recorded reply on 127.0.0.1, for any query."""
    body = (_weather_folder() / "fixtures" / "open_meteo" / "forecast_enschede_all_sections.json").read_bytes()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200 if self.path.startswith("/v1/forecast") else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, replay: str) -> Iterator[ServerProcess]:
    binary = _binary()
    root = tmp_path_factory.mktemp("weather")
    data_dir = root / "data"
    imported = subprocess.run([str(binary), "import", "weather", str(_weather_folder()), "--data-dir", str(data_dir)],
                              capture_output=True, text=True, timeout=300)
    assert imported.returncode == 0, f"import failed:\n{imported.stderr[-2000:]}"
    proc = ServerProcess(binary, data_dir, root, extra_args=("--weather-provider-url", replay))
    proc.start(timeout=30)
    yield proc
    code = proc.stop(timeout=15)
    problems = proc.problem_lines()
    assert code == 0, f"server did not exit 0 (status {code}):\n{proc.stderr_tail()}"
    assert not problems, "server logged errors or answered 5xx:\n" + "\n".join(problems[:30])


def set_theme(driver, dark: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def no_sideways_overflow(driver) -> list[str]:
    return driver.execute_script("""
        const width = window.innerWidth, out = [];
        for (const el of document.querySelectorAll('body *')) {
          if (el.closest('.wx-hour-strip, .chart, .skip-link, .toasts, script, .wx-loading')) continue;
          const r = el.getBoundingClientRect();
          if (r.width && r.height && (r.left < -1 || r.right > width + 1)) out.push(el.tagName + '.' + el.className);
        }
        return out;""")


def test_dial_turns_and_opens(browser, server, screenshot):
    set_theme(browser, False)
    browser.get(server.base_url + "/weather")
    dial = wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".wx-dial.is-rotary"), message="the dial did not turn rotary")[0]
    front = dial.find_element(By.CSS_SELECTOR, ".wx-dial-slot.is-front a")
    assert front.get_attribute("href").endswith("/weather/places")
    screenshot("weather-dial")
    # Tapping a button at the side turns it to the front instead of opening it.
    side = dial.find_elements(By.CSS_SELECTOR, ".wx-dial-slot a")[2]
    tap(browser, side)
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".wx-dial-slot.is-front a").get_attribute("href").endswith("/weather/locate"),
             message="the tapped button did not come to the front")
    assert path_of(browser) == "/weather"
    # Keys turn it too.
    browser.find_element(By.CSS_SELECTOR, ".wx-dial-slot.is-front a").send_keys("\ue014")  # arrow right
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".wx-dial-slot.is-front a").get_attribute("href").endswith("/weather/climate"),
             message="the arrow key did not turn the dial")
    screenshot("weather-dial-turned")
    # The front button opens.
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".wx-dial-slot.is-front a"), "the front button")
    assert path_of(browser) == "/weather/climate"
    for slot in browser.find_elements(By.CSS_SELECTOR, ".cell a, a.cell-body"):
        assert slot.size["height"] >= 44


def log_in(browser, server) -> str:
    """A new account, signed in in the browser; answers its bearer token for API calls as the same user."""
    username = unique_name("wx")
    registered = server.client.register(username, PASSWORD)
    assert registered.status == 201
    browser.delete_all_cookies()
    browser.get(server.base_url + "/login")
    browser.find_element(By.NAME, "username").send_keys(username)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form button[type=submit]"), "login")
    return registered.json()["token"]


def test_picker_to_forecast_and_save(browser, server, screenshot):
    log_in(browser, server)
    browser.get(server.base_url + "/weather/places")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".list-group .cell")) == 31
    click_and_wait(browser, browser.find_element(By.XPATH, "//a[.//span[@class='cell-title' and text()='北京市']]"), "北京市")
    click_and_wait(browser, browser.find_element(By.XPATH, "//a[.//span[@class='cell-title' and text()='北京市']]"), "北京市 (prefecture)")
    screenshot("weather-picker-beijing")
    click_and_wait(browser, browser.find_element(By.XPATH, "//a[.//span[@class='cell-title' and text()='朝阳区']]"), "朝阳区")
    assert path_of(browser) == "/weather/forecast"
    assert "16°" in browser.find_element(By.CSS_SELECTOR, ".wx-temp").text
    updated = browser.find_element(By.CSS_SELECTOR, ".wx-updated").text
    assert "数据来源：Open-Meteo" in updated and "open-meteo" not in updated, updated  # the provider's name, not its id
    tips = [t.text for t in browser.find_elements(By.CSS_SELECTOR, ".wx-tip .cell-title")]
    assert any("穿衣" in t for t in tips), tips
    assert not no_sideways_overflow(browser)
    screenshot("weather-forecast")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".wx-actions form button"), "save")
    assert "已收藏" in browser.find_element(By.CSS_SELECTOR, ".wx-actions").text
    browser.get(server.base_url + "/weather/saved")
    assert "朝阳区" in browser.find_element(By.CSS_SELECTOR, ".list-group").text
    set_theme(browser, True)
    browser.get(server.base_url + "/weather/forecast?place=110105")
    screenshot("weather-forecast-dark")
    set_theme(browser, False)


def test_sample_with_trend_chart(browser, server, screenshot):
    browser.get(server.base_url + "/weather/samples/tonghe-webxml")
    assert "样例" in browser.find_element(By.CSS_SELECTOR, ".wx-sample-banner").text
    # Five days recorded at 01:00 on 21 September, the first dated the 20th: that one is past and not shown.
    days = browser.find_elements(By.CSS_SELECTOR, ".wx-day")
    assert len(days) == 4
    chart = browser.find_element(By.CSS_SELECTOR, ".wx-trend svg")
    assert len(chart.find_elements(By.CSS_SELECTOR, "path.chart-line")) == 2
    values = [t.text for t in chart.find_elements(By.CSS_SELECTOR, "text.chart-value")]
    assert values[:4] == ["15°", "20°", "19°", "19°"], values   # highs from the reply, drawn from the same rows as the list
    assert not no_sideways_overflow(browser)
    # The back label is whole or 返回 (app.js), never a cut-off fragment like 录… (tester 31c #12).
    label = browser.find_element(By.CSS_SELECTOR, ".navbar-back-label")
    assert label.text in ("录制样例", "返回"), label.text
    assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1", label)
    screenshot("weather-sample-chart")
    set_theme(browser, True)
    browser.get(server.base_url + "/weather/samples/hangzhou-webxml")
    screenshot("weather-sample-dark")
    set_theme(browser, False)


def test_source_line_is_inset(browser, server, screenshot):
    """Tester 31c #12: a reply with neither conditions nor days shows its source line inset from the screen edge."""
    browser.get(server.base_url + "/weather/samples/beijing-qweather")
    lines = browser.find_elements(By.CSS_SELECTOR, ".wx-forecast > .wx-updated")
    assert lines, "the sample has a reply shown by its source line only"
    for line in lines:
        assert line.rect["x"] >= 12, line.rect
    screenshot("weather-source-line")


def test_climate_and_location(browser, server, screenshot):
    browser.get(server.base_url + "/weather/climate?place=110000&date=07-15")
    text = browser.find_element(By.CSS_SELECTOR, ".wx-climate").text
    assert "31.1°" in text and "22.3°" in text   # mean high and low of 12–18 July, 2010–2015
    assert len(browser.find_elements(By.CSS_SELECTOR, ".wx-trend svg text.chart-label")) == 12
    screenshot("weather-climate")
    browser.get(server.base_url + "/weather/locate")
    browser.find_element(By.NAME, "lat").send_keys("31.2304")
    browser.find_element(By.NAME, "lon").send_keys("121.4737")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, ".wx-locate-form button[type=submit]"), "find")
    assert browser.current_url.endswith("/weather/forecast?place=310101")  # 黄浦区, 1.8 km away
    browser.get(server.base_url + "/weather/locate?lat=52.27&lon=6.87")
    assert "不在中国境内" in browser.find_element(By.CSS_SELECTOR, ".error-state").text


def test_english(browser, server, screenshot):
    browser.get(server.base_url + "/weather/forecast?place=110105")
    browser.add_cookie({"name": "lang", "value": "en", "path": "/"})
    browser.get(server.base_url + "/weather/forecast?place=110105")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert not no_sideways_overflow(browser)
    screenshot("weather-forecast-en")
    browser.get(server.base_url + "/weather")
    screenshot("weather-dial-en")
    browser.delete_cookie("lang")


def test_share_card(browser, server, screenshot):
    """A photo from the library (the 12-megapixel corpus photo) becomes the card, shown in the page with save and
    Weibo; the card is a 1080 × 1440 JPEG composed by the server."""
    log_in(browser, server)
    photo = shared_data("photos/ordinary/42_IndexError.jpg") / "photos" / "ordinary" / "42_IndexError.jpg"
    for dark in (False, True):
        set_theme(browser, dark)
        browser.get(server.base_url + "/weather/forecast?place=110105")
        weibo = browser.find_element(By.CSS_SELECTOR, ".wx-weibo").get_attribute("href")
        assert weibo.startswith("https://service.weibo.com/share/share.php?title=") and "&url=http" in weibo
        picker = browser.find_element(By.CSS_SELECTOR, ".wx-share-form input[type=file]:not([capture])")
        assert browser.find_element(By.CSS_SELECTOR, ".wx-share-form input[capture]").get_attribute("accept") == "image/*"
        picker.send_keys(str(photo))
        assert browser.find_element(By.CSS_SELECTOR, ".wx-photo-name").text == photo.name
        tap(browser, browser.find_element(By.CSS_SELECTOR, ".wx-share-form button[type=submit]"))
        wait_for(browser, lambda d: d.execute_script(
            "const i = document.querySelector('.wx-share-result:not([hidden]) .wx-card'); return i && i.complete && i.naturalWidth;"),
            timeout=60, message="the card did not appear")
        size = browser.execute_script("const i = document.querySelector('.wx-card'); return [i.naturalWidth, i.naturalHeight];")
        assert size == [1080, 1440]
        save = browser.find_element(By.CSS_SELECTOR, ".wx-card-save")
        assert save.get_attribute("download") == "weather-110105-" + browser.execute_script(
            "return new Intl.DateTimeFormat('en-CA', {timeZone: 'Europe/Amsterdam'}).format(new Date());") + ".jpg"
        assert save.size["height"] >= 44
        assert not no_sideways_overflow(browser)
        browser.execute_script("document.querySelector('.wx-share').scrollIntoView({block: 'start', behavior: 'instant'});")
        screenshot("weather-share-card-dark" if dark else "weather-share-card")
    set_theme(browser, False)


def test_saved_places_reorder(browser, server, screenshot):
    """Saved places in the user's order: ↑ ↓ buttons (forms) and dragging ⠿ (sent to the API); delete."""
    token = log_in(browser, server)
    for place in ("110105", "310101", "440106"):   # each saved one goes first
        assert server.client.post("/api/v1/weather/saved-places", json_body={"placeId": place}, token=token).status == 200

    def order() -> list[str]:
        return [row.get_attribute("data-id") for row in browser.find_elements(By.CSS_SELECTOR, ".wx-saved-row")]

    browser.get(server.base_url + "/weather/saved")
    assert order() == ["440106", "310101", "110105"]
    assert browser.find_elements(By.CSS_SELECTOR, ".wx-saved-row .wx-move-button")[0].get_attribute("disabled") is not None
    for button in browser.find_elements(By.CSS_SELECTOR, ".wx-move-button, .wx-drag"):
        assert button.size["height"] >= 44, button.get_attribute("outerHTML")
    click_and_wait(browser, browser.find_elements(By.CSS_SELECTOR, "#saved-110105 .wx-move-button")[0], "move up")
    assert order() == ["440106", "110105", "310101"]
    # Drag the first row's handle below the second: the page sends the new order to the API.
    handle = browser.find_element(By.CSS_SELECTOR, "#saved-440106 .wx-drag")
    height = browser.find_element(By.CSS_SELECTOR, "#saved-440106").size["height"]
    ActionChains(browser).click_and_hold(handle).move_by_offset(0, height // 2).move_by_offset(0, height // 2 + 4).release().perform()
    assert order() == ["110105", "440106", "310101"]
    wait_for(browser, lambda d: [p["id"] for p in server.client.get("/api/v1/weather/saved-places", token=token).json()["items"]]
             == ["110105", "440106", "310101"], message="the dragged order was not saved")
    assert not no_sideways_overflow(browser)
    screenshot("weather-saved")
    set_theme(browser, True)
    browser.add_cookie({"name": "lang", "value": "en", "path": "/"})
    browser.get(server.base_url + "/weather/saved")
    assert order() == ["110105", "440106", "310101"]
    assert not no_sideways_overflow(browser)
    assert all(body.size["width"] >= 140 for body in browser.find_elements(By.CSS_SELECTOR, ".wx-saved-row .cell-body"))
    screenshot("weather-saved-en-dark")
    browser.delete_cookie("lang")
    set_theme(browser, False)
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "#saved-440106 .wx-remove button"), "remove")
    assert order() == ["110105", "310101"]
