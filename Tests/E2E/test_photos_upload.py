"""Photo Studio uploads into a new account's empty library (tester 31b) in headless Chromium at 390×844: the upload list
keeps every result, failures and their reasons included, while the new photos replace the empty state. The server runs
with its own fresh data directory. Screenshots: artifacts/screenshots/photos-upload-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from browser_steps import path_of, submit_login, tap, wait_for
from e2e_support import DEFAULT_BINARY, PASSWORD, ServerProcess, shared_data, shared_data_root, unique_name

PHOTOS = shared_data_root("photos/SOURCES.md") / "photos"  # the upload_server fixture makes sure it is there


@pytest.fixture(scope="module")
def upload_server(tmp_path_factory) -> Iterator[ServerProcess]:
    shared_data("photos/SOURCES.md")
    root = tmp_path_factory.mktemp("photos-upload")
    proc = ServerProcess(DEFAULT_BINARY, root / "data", root)
    proc.start(timeout=30)
    yield proc
    code = proc.stop(timeout=15)
    assert code == 0, proc.stderr_tail()
    problems = proc.problem_lines()
    assert not problems, "server logged errors or answered 5xx:\n" + "\n".join(problems[:30])


@pytest.fixture(scope="module")
def new_user(browser, upload_server):
    """A new account with an empty library, signed in through the login page."""
    username = unique_name("upl")
    r = upload_server.client.register(username, PASSWORD)
    assert r.status == 201, r.describe()
    browser.get(upload_server.base_url + "/healthz")
    browser.delete_all_cookies()
    browser.get(upload_server.base_url + "/login")
    submit_login(browser, username, PASSWORD)
    assert path_of(browser) == "/", browser.current_url
    return browser


def rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#upload-list .upload-item")


def test_first_upload_keeps_the_list_and_shows_the_grid(new_user, upload_server, screenshot):
    driver = new_user
    driver.get(upload_server.base_url + "/photos")
    assert not driver.find_elements(By.ID, "photo-grid"), "a new account's library starts empty"
    assert driver.find_elements(By.CSS_SELECTOR, "#photo-library .empty-state")
    driver.execute_script("window.__sameDocument = true;")
    files = [PHOTOS / "ordinary" / "chelsea.png", PHOTOS / "edge" / "text_not_image.jpg", PHOTOS / "ordinary" / "rocket.jpg"]
    driver.find_element(By.ID, "photo-files").send_keys("\n".join(str(f) for f in files))
    tap(driver, driver.find_element(By.CSS_SELECTOR, "#upload-form button[type=submit]"))
    wait_for(driver, lambda d: [r.get_attribute("data-state") for r in rows(d)] == ["done", "failed", "done"], 60,
             "the uploads did not finish")
    # The two photos replace the empty state in the same document: no reload, the list with its failure stays.
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-cell")) == 2, 30, "the grid did not appear")
    assert driver.execute_script("return window.__sameDocument === true;"), "the page was reloaded"
    assert not driver.find_elements(By.CSS_SELECTOR, "#photo-library .empty-state")
    assert len(rows(driver)) == 3
    failed = rows(driver)[1]
    assert "不是支持的图片格式" in failed.find_element(By.CSS_SELECTOR, ".upload-status").text
    assert driver.find_element(By.ID, "upload-total-text").text == "已完成 2/3，1 个失败"
    # The swapped-in grid is set up: 选择 works on it (once the rows' thumbnails above have landed and moved it no more).
    for index in (0, 2):
        wait_for(driver, lambda d: d.execute_script(
            "var i = arguments[0].querySelector('img.upload-thumb-img'); return !!i && i.complete && i.naturalWidth > 0;", rows(d)[index]),
            60, "a thumbnail never appeared")
    toggle = driver.find_element(By.ID, "select-toggle")
    tap(driver, toggle)
    wait_for(driver, lambda d: d.find_element(By.ID, "select-bar").get_attribute("class").find("is-on") >= 0, 5, "选择 did not start")
    tap(driver, driver.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-link")[0])
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-cell.is-selected")) == 1, 5, "a tap did not pick")
    tap(driver, driver.find_element(By.ID, "select-toggle"))
    driver.execute_script("document.getElementById('upload-panel').scrollIntoView({block: 'start'});")
    screenshot("photos-upload-first")


# Ten albums as the tester had them: Chinese, English and emoji names of several lengths (tester 31b #7).
ALBUMS = ["宝宝 2024", "Mountains", "Summer trip", "Sunsets", "家人", "旅行 2015 春节回老家", "Work 📎", "猫", "Screenshots", "春天 🌸"]


def test_many_albums_scroll_as_readable_pills(new_user, upload_server, screenshot):
    driver = new_user
    driver.get(upload_server.base_url + "/photos")
    created = driver.execute_async_script("""
        const [names, done] = arguments;
        const csrf = document.querySelector('input[name=csrf_token]').value;
        const ids = [];
        (async () => {
          for (const name of names) {
            const r = await fetch('/api/v1/photos/albums', {method: 'POST', credentials: 'same-origin',
              headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf}, body: JSON.stringify({name})});
            ids.push(r.status === 201 ? (await r.json()).id : 'HTTP ' + r.status);
          }
          done(ids);
        })();""", ALBUMS)
    assert all(isinstance(i, int) for i in created), created
    last = created[ALBUMS.index("Work 📎")]
    driver.get(upload_server.base_url + f"/photos?album={last}")
    row = driver.find_element(By.ID, "album-switcher")
    pills = row.find_elements(By.CSS_SELECTOR, "a.segment")
    assert len(pills) == 11
    assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth;", row), "the row should scroll sideways"
    for pill in pills:
        # Whole names (nothing cut by an ellipsis) on targets at least 44 px each way (the squeezed ones were 30 px wide).
        assert pill.size["height"] >= 44 and pill.size["width"] >= 44, pill.get_attribute("textContent")
        assert driver.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth;", pill), pill.get_attribute("textContent")
    # The selected album, far along the row, is scrolled into view.
    selected = row.find_element(By.CSS_SELECTOR, ".segment.is-selected")
    assert selected.get_attribute("textContent") == "Work 📎 0"
    inside = driver.execute_script("""
        const [row, pill] = arguments, a = row.getBoundingClientRect(), b = pill.getBoundingClientRect();
        return b.left >= a.left - 1 && b.right <= a.right + 1 && row.scrollLeft > 0;""", row, selected)
    assert inside, "the selected album is not in view"
    assert driver.execute_script("return document.documentElement.scrollWidth;") <= 390, "the page itself scrolls sideways"
    screenshot("photos-upload-many-albums")
