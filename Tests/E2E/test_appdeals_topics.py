"""爱限免's editors' 专题 in headless Chromium on a phone-sized screen, on the imported real App Store data: an
admin (granted with `appsuite user grant`) searches and ticks four apps, uploads a real photo as the cover and
saves; a signed-out reader sees the topic first on the 专题 tab and on its page, in Chinese, English and dark
mode. Screenshots: artifacts/screenshots/appdeals-topic-*.png."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, path_of, submit_login, tap
from e2e_support import DEFAULT_BINARY, PASSWORD, ServerProcess, imported_server, shared_data, unique_name
from test_appdeals import assert_fits_phone, css, severe_logs, small_targets


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Our own server: the App Store data is imported into its data directory before it starts."""
    yield from imported_server(tmp_path_factory.mktemp("appdeals-topics"), [("appdeals", shared_data("appstore/price_history") / "appstore")], 180)


def grant_admin(server: ServerProcess, username: str) -> None:
    binary = Path(os.environ.get("APPSUITE_BINARY", str(DEFAULT_BINARY)))
    done = subprocess.run([str(binary), "user", "grant", username, "admin", "--data-dir", str(server.data_dir)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


def log_in(browser, base: str, username: str) -> None:
    browser.get(base + "/login")
    submit_login(browser, username, PASSWORD)


def test_an_admin_makes_a_topic_and_a_reader_sees_it(browser, server, screenshot):
    base = server.base_url
    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.get_log("browser")
    username = unique_name("editor")
    assert server.client.register(username, PASSWORD).status == 201
    grant_admin(server, username)
    log_in(browser, base, username)

    browser.get(base + "/appdeals/topics")
    click_and_wait(browser, css(browser, "a.ad-new-topic"), "new topic")
    assert path_of(browser) == "/appdeals/topics/new/edit"
    css(browser, "#field-title").send_keys("周末必玩")
    css(browser, "#field-titleEn").send_keys("Weekend must-plays")
    css(browser, "#field-summary").send_keys("编辑挑选的四款好应用。")
    css(browser, "#field-summaryEn").send_keys("Four good apps the editors picked.")
    # Search, tick four, then pick the cover (a search re-renders the form; a chosen file does not survive it).
    css(browser, "#field-q").send_keys("game")
    click_and_wait(browser, css(browser, "button[value=search]"), "search apps")
    assert css(browser, "#field-title").get_attribute("value") == "周末必玩"
    boxes = browser.find_elements(By.CSS_SELECTOR, ".ad-pick input[type=checkbox]")
    assert len(boxes) >= 4, len(boxes)
    for box in boxes[:4]:
        tap(browser, box)
    cover = shared_data("photos/orientation") / "photos" / "orientation" / "Portrait_6.jpg"
    css(browser, "#field-cover").send_keys(str(cover))
    assert_fits_phone(browser)
    assert not small_targets(browser), small_targets(browser)
    screenshot("appdeals-topic-01-editor")
    click_and_wait(browser, css(browser, "button.ad-save-topic"), "save topic")
    assert path_of(browser).startswith("/appdeals/topics/"), path_of(browser)
    topic_path = path_of(browser)
    assert css(browser, "a.ad-edit-topic").text == "编辑专题"
    assert len(browser.find_elements(By.CSS_SELECTOR, "[data-list=apps] > li")) == 4

    # A signed-out reader: first on the 专题 tab with its cover, then its page, in zh, en and dark.
    browser.delete_all_cookies()
    browser.get(base + "/appdeals/topics")
    first = css(browser, ".ad-topics > li")
    assert "ad-topic-editorial" in first.get_attribute("class")
    assert "周末必玩" in first.text and "编辑推荐" in first.text
    image = first.find_element(By.CSS_SELECTOR, "img.ad-cover")
    assert browser.execute_script("return arguments[0].complete && arguments[0].naturalHeight > arguments[0].naturalWidth", image)
    assert not browser.find_elements(By.CSS_SELECTOR, "a.ad-new-topic")
    assert_fits_phone(browser)
    screenshot("appdeals-topic-02-tab")
    browser.get(base + topic_path)
    assert not browser.find_elements(By.CSS_SELECTOR, "a.ad-edit-topic")
    assert "编辑挑选的四款好应用。" in css(browser, ".ad-note").text
    assert_fits_phone(browser)
    assert not small_targets(browser), small_targets(browser)
    screenshot("appdeals-topic-03-page")
    browser.add_cookie({"name": "lang", "value": "en", "path": "/"})
    browser.get(base + "/appdeals/topics")
    first = css(browser, ".ad-topics > li")
    assert "Weekend must-plays" in first.text and "Editor's pick" in first.text
    screenshot("appdeals-topic-04-tab-en")
    browser.add_cookie({"name": "theme", "value": "dark", "path": "/"})
    browser.get(base + topic_path)
    assert "Four good apps the editors picked." in css(browser, ".ad-note").text
    assert_fits_phone(browser)
    screenshot("appdeals-topic-05-page-en-dark")
    browser.delete_all_cookies()
    assert not severe_logs(browser), severe_logs(browser)
