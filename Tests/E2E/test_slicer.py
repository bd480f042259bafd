"""Asset Slicer 切图 in headless Chromium on a 390×844 phone: a signed-in designer opens the tile,
uploads an SVG design with an app icon master, waits for the job on the work pool, reads the lint,
sees the slices and downloads the zip; the pages in English and dark mode too.
Screenshots go to artifacts/screenshots/slicer-*.png."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, path_of, wait_for
from e2e_support import PASSWORD

DESIGN = """<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334" viewBox="0 0 750 1334">
  <rect width="750" height="1334" fill="#f4f4f4"/>
  <g id="btn_sure_nor"><rect x="100" y="200" width="60" height="60" rx="8" fill="#1e88e5"/></g>
  <g id="btn_sure_pressed"><rect x="200" y="200" width="60" height="60" rx="8" fill="#1565c0"/></g>
  <g id="tab_home_nor"><circle cx="100" cy="1280" r="25" fill="#888888"/></g>
  <g id="tab_home_selected"><circle cx="200" cy="1280" r="25" fill="#e53935"/></g>
  <g id="确定 按钮"><rect x="300" y="400" width="200" height="88" fill="#43a047"/></g>
  <rect id="img_banner" x="0" y="500" width="750" height="300" fill="#ffb300"/>
</svg>"""

ICON = """<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
  <rect width="1024" height="1024" fill="#3355ff"/><circle cx="512" cy="512" r="300" fill="#fff"/>
</svg>"""


@pytest.fixture(scope="module")
def designer(browser, server, account):
    browser.get(server.base_url + "/healthz")
    browser.delete_all_cookies()
    browser.get(server.base_url + "/login")
    form = browser.find_element(By.CSS_SELECTOR, "form#login-form")
    form.find_element(By.NAME, "username").send_keys(account["username"])
    form.find_element(By.NAME, "password").send_keys(PASSWORD)
    click_and_wait(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "login")
    assert path_of(browser) == "/", browser.current_url
    return browser


def no_horizontal_overflow(driver) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"


def upload(driver, server, tmp_path: Path) -> str:
    design = tmp_path / "home.svg"
    design.write_text(DESIGN, encoding="utf-8")
    icon = tmp_path / "icon.svg"
    icon.write_text(ICON, encoding="utf-8")
    driver.get(server.base_url + "/slicer")
    form = driver.find_element(By.ID, "slicer-form")
    form.find_element(By.NAME, "design").send_keys(str(design))
    form.find_element(By.NAME, "app_icon").send_keys(str(icon))
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "starting a slicing job")
    assert path_of(driver).startswith("/slicer/jobs/"), driver.current_url
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a[href$='/Assets.zip']"), timeout=60,
             message="the job did not finish")
    return path_of(driver)


def test_tile_upload_lint_slices_and_zip(designer, server, screenshot, tmp_path):
    driver = designer
    tile = driver.find_element(By.CSS_SELECTOR, "a.tile[href='/slicer']")
    assert "切图" in tile.text
    click_and_wait(driver, tile, "opening the slicer")
    no_horizontal_overflow(driver)
    button = driver.find_element(By.CSS_SELECTOR, "#slicer-form button[type=submit]")
    assert button.size["height"] >= 44, button.size
    screenshot("slicer-01-form")

    job = upload(driver, server, tmp_path)
    summary = driver.find_element(By.CSS_SELECTOR, ".slicer-summary").text
    assert summary == "6 个切图；1 个错误，2 个警告", summary
    lint = driver.find_element(By.CSS_SELECTOR, ".slicer-lint").text
    assert "名称“确定 按钮”不是小写英文 → img_que_ding_an_niu" in lint, lint
    assert "点击区域" in lint and "已用透明像素补到 44×44 pt" in lint, lint
    names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".slicer-grid code")]
    assert names == ["btn_sure_nor", "btn_sure_pressed", "tab_home_nor", "tab_home_selected", "img_que_ding_an_niu", "img_banner"], names

    def previews_loaded(d):
        return d.execute_script(
            "return [...document.querySelectorAll('.slicer-grid img')].every(i => i.complete && i.naturalWidth > 0)")
    wait_for(driver, previews_loaded, message="slice previews did not load")
    width = driver.execute_script("return document.querySelector(\".slicer-grid img[alt='btn_sure_nor']\").naturalWidth")
    assert width == 88, f"the @2x preview of a padded 44 pt button is {width} px"
    download = driver.find_element(By.CSS_SELECTOR, "a[href$='/Assets.zip']")
    assert download.size["height"] >= 44, download.size
    no_horizontal_overflow(driver)
    screenshot("slicer-02-job")
    driver.execute_script("document.querySelector('.slicer-grid').scrollIntoView()")
    screenshot("slicer-03-slices")

    body = driver.execute_async_script(
        """
        const [path, done] = arguments;
        fetch(path, {credentials: 'same-origin'}).then(r => r.arrayBuffer())
          .then(b => done(Array.from(new Uint8Array(b)))).catch(e => done([]));
        """, job + "/Assets.zip")
    archive = zipfile.ZipFile(io.BytesIO(bytes(body)))
    names = archive.namelist()
    assert "Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png" in names
    assert "Assets.xcassets/btn_sure_nor.imageset/btn_sure_nor@3x.png" in names
    assert '"platform" : "ios"' in archive.read("Assets.xcassets/AppIcon.appiconset/Contents.json").decode()

    driver.get(server.base_url + "/slicer")
    assert driver.find_elements(By.CSS_SELECTOR, f"a[href='{job}']"), "the job is listed on the form page"


def test_english_and_dark(designer, server, screenshot, tmp_path):
    driver = designer
    driver.add_cookie({"name": "lang", "value": "en", "path": "/"})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        driver.get(server.base_url + "/slicer")
        assert "Upload a design" in driver.page_source
        no_horizontal_overflow(driver)
        screenshot("slicer-04-form-en-dark")
        upload(driver, server, tmp_path)
        summary = driver.find_element(By.CSS_SELECTOR, ".slicer-summary").text
        assert summary == "6 slices; 1 error, 2 warnings", summary
        no_horizontal_overflow(driver)
        screenshot("slicer-05-job-en-dark")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.delete_cookie("lang")
