"""Photo Studio 图片处理器 in headless Chromium on a phone-sized screen: a user whose library was filled
with `appsuite import photos` (ordinary/ and orientation/) walks grid → open → next/previous (label and
disabled ends) → zoom → rotate → crop → save → new version (original kept) → revert → delete.
Screenshots go to artifacts/screenshots/photos-*.png."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, mark, path_of, tap, wait_for, wait_new_page
from e2e_support import PASSWORD, REPO_ROOT, ServerProcess, shared_data, shared_data_root, unique_name

PHOTOS = shared_data_root("photos/SOURCES.md") / "photos"  # the photo_user fixture makes sure it is there


def fetch_json(driver, path: str):
    return driver.execute_async_script(
        """
        const [path, done] = arguments;
        fetch(path, {credentials: 'same-origin'}).then(r => r.json()).then(done).catch(e => done({error: String(e)}));
        """, path)


def fetch_size(driver, path: str) -> int:
    return driver.execute_async_script(
        """
        const [path, done] = arguments;
        fetch(path, {credentials: 'same-origin'}).then(r => r.arrayBuffer()).then(b => done(b.byteLength)).catch(e => done(-1));
        """, path)


def image_size(driver, css: str) -> tuple[int, int]:
    """Scrolls the image into view (thumbnails load lazily), waits for it and returns its natural size."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'});", driver.find_element(By.CSS_SELECTOR, css))

    def loaded(d):
        el = d.find_element(By.CSS_SELECTOR, css)
        return d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", el)
    wait_for(driver, loaded, message=f"{css} did not load")
    el = driver.find_element(By.CSS_SELECTOR, css)
    return tuple(driver.execute_script("return [arguments[0].naturalWidth, arguments[0].naturalHeight];", el))


def label(driver) -> str:
    return driver.find_element(By.ID, "photo-index").text.strip()


def is_disabled(driver, element_id: str) -> bool:
    el = driver.find_element(By.ID, element_id)
    return el.tag_name == "button" and el.get_attribute("disabled") is not None


def open_by_name(driver, server, name: str) -> None:
    driver.get(server.base_url + "/photos")
    link = driver.find_element(By.CSS_SELECTOR, f"#photo-grid img[alt='{name}']").find_element(By.XPATH, "..")
    click_and_wait(driver, link, f"opening {name}")


@pytest.fixture(scope="module")
def photo_user(tmp_path_factory) -> dict:
    shared_data("photos/SOURCES.md")
    root = tmp_path_factory.mktemp("photos")
    username = unique_name("photo")
    binary = Path(os.environ.get("APPSUITE_BINARY", str(REPO_ROOT / ".build" / "debug" / "appsuite")))
    env = {k: v for k, v in os.environ.items() if not k.startswith("APPSUITE_")}
    env.update({"APPSUITE_PHOTOS_USER": username, "APPSUITE_PHOTOS_PASSWORD": PASSWORD})
    for folder in ("ordinary", "orientation"):
        done = subprocess.run([str(binary), "import", "photos", str(PHOTOS / folder), "--data-dir", str(root / "data")],
                              env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"import {folder} failed:\n{done.stderr}"
        assert "skipped" not in done.stderr, done.stderr
    return {"username": username, "root": root}


@pytest.fixture(scope="module")
def photo_server(photo_user) -> ServerProcess:
    proc = ServerProcess(Path(os.environ.get("APPSUITE_BINARY", str(REPO_ROOT / ".build" / "debug" / "appsuite"))),
                         photo_user["root"] / "data", photo_user["root"])
    proc.start(timeout=30)
    yield proc
    code = proc.stop(timeout=15)
    assert code == 0, proc.stderr_tail()
    problems = proc.problem_lines()
    assert not problems, "server logged errors or answered 5xx:\n" + "\n".join(problems[:30])


@pytest.fixture(scope="module")
def signed_in(browser, photo_server, photo_user):
    browser.get(photo_server.base_url + "/healthz")
    browser.delete_all_cookies()
    browser.get(photo_server.base_url + "/login")
    form = browser.find_element(By.CSS_SELECTOR, "form#login-form")
    form.find_element(By.NAME, "username").send_keys(photo_user["username"])
    form.find_element(By.NAME, "password").send_keys(PASSWORD)
    click_and_wait(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "login")
    assert path_of(browser) == "/", browser.current_url
    return browser


@pytest.fixture(autouse=True)
def console_guard(browser):
    browser.get_log("browser")
    yield
    bad = [e["message"] for e in browser.get_log("browser")
           if "Content Security Policy" in e.get("message", "") or "Uncaught" in e.get("message", "")]
    assert not bad, "browser console:\n" + "\n".join(bad)


def test_launcher_tile_and_grid_upright(signed_in, photo_server, screenshot):
    driver = signed_in
    tile = driver.find_element(By.CSS_SELECTOR, "a.tile[href='/photos']")
    assert "图片处理器" in tile.text
    screenshot("photos-01-launcher")
    click_and_wait(driver, tile, "opening Photo Studio")
    cells = driver.find_elements(By.CSS_SELECTOR, "#photo-grid img.photo-thumb")
    assert len(cells) == 34, f"{len(cells)} thumbnails"
    assert cells[0].get_attribute("loading") == "lazy"
    # Newest first: the orientation set was imported last, in name order.
    assert cells[0].get_attribute("alt") == "Portrait_8.jpg"
    for cell in cells[:18]:
        w, h = driver.execute_script("return [arguments[0].getAttribute('width'), arguments[0].getAttribute('height')];", cell)
        name = cell.get_attribute("alt")
        assert (int(w) > int(h)) == name.startswith("Landscape"), f"{name} is {w}×{h}"
    size = image_size(driver, "#photo-grid img[alt='Landscape_6.jpg']")
    assert size[0] > size[1], f"Landscape_6 thumbnail is {size}"
    screenshot("photos-02-grid")


def test_viewer_previous_next_and_ends(signed_in, photo_server, screenshot):
    driver = signed_in
    driver.get(photo_server.base_url + "/photos")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#photo-grid a.photo-link"), "opening the first photo")
    assert label(driver) == "1/34"
    assert is_disabled(driver, "photo-prev") and not is_disabled(driver, "photo-next")
    screenshot("photos-03-viewer-first")
    click_and_wait(driver, driver.find_element(By.ID, "photo-next"), "next")
    assert label(driver) == "2/34"
    assert not is_disabled(driver, "photo-prev")
    click_and_wait(driver, driver.find_element(By.ID, "photo-prev"), "previous")
    assert label(driver) == "1/34"
    # Swipe left (a real touch sequence through the DevTools protocol) goes to the next photo.
    stage = driver.find_element(By.ID, "viewer-stage").rect
    y = stage["y"] + stage["height"] / 2
    mark(driver)
    for kind, x in (("touchStart", 300), ("touchMove", 200), ("touchMove", 100), ("touchEnd", 80)):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    wait_new_page(driver, "swipe")
    assert label(driver) == "2/34"
    # The last photo: next is disabled.
    driver.get(photo_server.base_url + "/photos")
    links = driver.find_elements(By.CSS_SELECTOR, "#photo-grid a.photo-link")
    click_and_wait(driver, links[-1], "opening the last photo")
    assert label(driver) == "34/34"
    assert is_disabled(driver, "photo-next") and not is_disabled(driver, "photo-prev")
    screenshot("photos-04-viewer-last")


def test_orientation_6_upright_zoom_and_info(signed_in, photo_server, screenshot):
    driver = signed_in
    open_by_name(driver, photo_server, "canon_hdr_NO.jpg")
    w, h = image_size(driver, "#viewer-image")
    assert (w, h) == (1536, 2048), f"orientation-6 camera photo shown as {w}×{h}"
    screenshot("photos-05-viewer-orientation6-canon")
    open_by_name(driver, photo_server, "Landscape_6.jpg")
    w, h = image_size(driver, "#viewer-image")
    assert w > h, f"Landscape_6 shown as {w}×{h}"
    assert is_disabled(driver, "zoom-out")
    tap(driver, driver.find_element(By.ID, "zoom-in"))
    wait_for(driver, lambda d: float(d.find_element(By.ID, "viewer-stage").get_attribute("data-scale") or 1) > 1.4)
    assert driver.find_element(By.ID, "zoom-level").text == "150%"
    for _ in range(12):
        tap(driver, driver.find_element(By.ID, "zoom-in"))
    scale = float(driver.find_element(By.ID, "viewer-stage").get_attribute("data-scale"))
    assert 2 <= scale <= 16 and is_disabled(driver, "zoom-in"), f"zoom not limited: {scale}"
    tap(driver, driver.find_element(By.ID, "zoom-out"))
    driver.find_element(By.CSS_SELECTOR, "#photo-info > summary").click()
    info = driver.find_element(By.ID, "photo-info").text
    assert "EXIF 6" in info and "1800×1200" in info
    screenshot("photos-06-viewer-landscape6-zoomed-info")


def touch(driver, kind: str, points: list[tuple[float, float]]) -> None:
    driver.execute_cdp_cmd("Input.dispatchTouchEvent",
                           {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]})


def test_double_tap_and_pinch_zoom(signed_in, photo_server, screenshot):
    driver = signed_in
    open_by_name(driver, photo_server, "hubble_deep_field.jpg")
    image_size(driver, "#viewer-image")
    stage = driver.find_element(By.ID, "viewer-stage")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'});", stage)
    r = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2];", stage)
    cx, cy = r
    scale = lambda: float(stage.get_attribute("data-scale") or 1)
    # Two taps within the double-tap window: dispatched from one script, because CDP round trips on a
    # loaded machine can take longer than the 320 ms a double tap may last.
    double_tap = """
        const [el, x, y] = arguments;
        for (let i = 0; i < 2; i++) {
          const t = new Touch({identifier: i, target: el, clientX: x, clientY: y});
          el.dispatchEvent(new TouchEvent('touchstart', {touches: [t], changedTouches: [t], bubbles: true}));
          el.dispatchEvent(new TouchEvent('touchend', {touches: [], changedTouches: [t], bubbles: true}));
        }"""
    driver.execute_script(double_tap, stage, cx, cy)
    wait_for(driver, lambda d: abs(scale() - 2.5) < 0.01, message=f"double tap did not zoom to 2.5× ({scale()})")
    # The zoom eases in: take the picture once no transition runs.
    wait_for(driver, lambda d: d.execute_script("return document.getAnimations().every(a => a.playState !== 'running')"),
             message="the zoom transition never ended")
    screenshot("photos-12-double-tap-zoom")
    driver.execute_script(double_tap, stage, cx, cy)
    wait_for(driver, lambda d: abs(scale() - 1) < 0.01, message="a second double tap did not reset the zoom")
    touch(driver, "touchStart", [(cx - 20, cy), (cx + 20, cy)])
    touch(driver, "touchMove", [(cx - 60, cy), (cx + 60, cy)])
    touch(driver, "touchMove", [(cx - 80, cy), (cx + 80, cy)])
    touch(driver, "touchEnd", [])
    assert 3.5 < scale() <= 4.01, f"pinch from 40 to 160 px should zoom about 4× ({scale()})"
    assert label(driver).endswith("/34"), "pinching must not navigate"


def test_animated_gif_plays_in_the_viewer(signed_in, photo_server):
    driver = signed_in
    driver.get(photo_server.base_url + "/photos")
    field = driver.find_element(By.ID, "photo-files")
    field.send_keys(str(PHOTOS / "edge" / "gif_animated_loop3.gif"))
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#upload-form button[type=submit]"), "upload gif")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#photo-grid a.photo-link"), "open gif")
    src = driver.find_element(By.ID, "viewer-image").get_attribute("src")
    assert "/original" in src, f"the animated GIF viewer shows {src}, not the animation"
    assert image_size(driver, "#viewer-image") == (370, 285)
    thumb = fetch_size(driver, src.replace("/original", "/thumbnail").split("?")[0])
    assert thumb > 0
    driver.execute_script("window.confirm = function () { return true; };")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#delete-form button[type=submit]"), "delete gif")


def test_rotate_crop_save_new_version_original_kept(signed_in, photo_server, screenshot):
    driver = signed_in
    open_by_name(driver, photo_server, "Portrait_6.jpg")
    photo_id = path_of(driver).rsplit("/", 1)[-1]
    screenshot("photos-07-viewer-portrait6")
    assert image_size(driver, "#viewer-image") == (1200, 1800)
    click_and_wait(driver, driver.find_element(By.ID, "photo-edit"), "editor")
    wait_for(driver, lambda d: d.find_element(By.ID, "editor-stage").get_attribute("data-ready") == "1")
    canvas = driver.find_element(By.ID, "editor-canvas")
    cw, ch = driver.execute_script("return [arguments[0].width, arguments[0].height];", canvas)
    assert ch > cw
    tap(driver, driver.find_element(By.ID, "rotate-right"))
    cw2, ch2 = driver.execute_script("return [arguments[0].width, arguments[0].height];", canvas)
    assert (cw2, ch2) == (ch, cw), "rotating did not swap the canvas"
    assert driver.find_element(By.ID, "editor-size").text == "1800×1200"
    tap(driver, driver.find_element(By.CSS_SELECTOR, ".ratio-btn[data-ratio='1:1']"))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'});", canvas)
    # Drag from near the top-left corner, 120 px right and 60 px down (pointer events, as a finger or
    # mouse sends them; dispatched from one script so a busy machine cannot split the gesture).
    driver.execute_script("""
        const c = arguments[0], b = c.getBoundingClientRect();
        const at = (type, x, y) => c.dispatchEvent(new PointerEvent(type, {pointerId: 7, pointerType: 'touch',
            clientX: b.left + x, clientY: b.top + y, bubbles: true, cancelable: true, isPrimary: true}));
        at('pointerdown', 20, 10); at('pointermove', 80, 40); at('pointermove', 140, 70); at('pointerup', 140, 70);
        """, canvas)
    ops = json.loads(driver.find_element(By.ID, "editor-stage").get_attribute("data-operations") or "[]")
    assert ops[0] == {"op": "rotate", "degrees": 90}, ops
    crop = ops[-1]
    assert crop["op"] == "crop" and crop["width"] == crop["height"] > 100, ops
    screenshot("photos-08-editor-rotated-cropped")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#edit-form button[type=submit]"), "saving")
    assert path_of(driver) == f"/photos/{photo_id}"
    w, h = image_size(driver, "#viewer-image")
    assert w == h == crop["width"], f"saved version is {w}×{h}"
    assert "原图" in driver.find_element(By.CSS_SELECTOR, ".content").text
    screenshot("photos-09-new-version")
    meta = fetch_json(driver, f"/api/v1/photos/{photo_id}")
    assert meta["width"] == 1200 and meta["height"] == 1800 and len(meta["versions"]) == 1
    assert meta["versions"][0]["operations"][0] == {"op": "rotate", "degrees": 90}
    assert fetch_size(driver, f"/api/v1/photos/{photo_id}/original") == (PHOTOS / "orientation" / "Portrait_6.jpg").stat().st_size
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#revert-form button[type=submit]"), "revert")
    assert image_size(driver, "#viewer-image") == (1200, 1800)
    screenshot("photos-10-reverted")


def test_album_create_add_and_browse(signed_in, photo_server, screenshot):
    driver = signed_in
    driver.get(photo_server.base_url + "/photos")
    form = driver.find_element(By.ID, "album-form")
    form.find_element(By.NAME, "name").send_keys("旅行")
    click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "create album")
    assert "album=" in driver.current_url
    assert driver.find_elements(By.CSS_SELECTOR, "#photo-grid") == []
    for name in ("Landscape_3.jpg", "Portrait_5.jpg"):
        open_by_name(driver, photo_server, name)
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#album-add-form button[type=submit]"), f"add {name}")
        assert "album=" in driver.current_url
    # In the album: two photos, newest first, with the album's own n/N and ends.
    assert label(driver) in ("1/2", "2/2")
    driver.get(photo_server.base_url + "/photos")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, ".segmented a.segment:not(.is-selected)"), "album tab")
    cells = driver.find_elements(By.CSS_SELECTOR, "#photo-grid img.photo-thumb")
    assert [c.get_attribute("alt") for c in cells] == ["Portrait_5.jpg", "Landscape_3.jpg"]
    screenshot("photos-13-album")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#photo-grid a.photo-link"), "open in album")
    assert label(driver) == "1/2" and is_disabled(driver, "photo-prev") and not is_disabled(driver, "photo-next")
    click_and_wait(driver, driver.find_element(By.ID, "photo-next"), "next in album")
    assert label(driver) == "2/2" and is_disabled(driver, "photo-next")
    assert image_size(driver, "#viewer-image") == (1800, 1200)


def test_upload_and_delete_with_confirmation(signed_in, photo_server, screenshot):
    driver = signed_in
    driver.get(photo_server.base_url + "/photos")
    field = driver.find_element(By.ID, "photo-files")
    field.send_keys(str(PHOTOS.parent / "photos" / "ordinary" / "coffee.png") + "\n" + str(PHOTOS / "edge" / "png_palette_trns.png")
                    + "\n" + str(PHOTOS / "edge" / "text_not_image.jpg"))
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#upload-form button[type=submit]"), "upload")
    toast = driver.find_element(By.CSS_SELECTOR, ".toast").get_attribute("textContent")
    assert "已添加 1 张" in toast and "text_not_image.jpg：不是支持的图片格式" in toast and "已在相册中" in toast, toast
    screenshot("photos-11-upload-result")
    # The upload answered before its thumbnail existed: the tile is a placeholder until photos.js swaps it in.
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-cell:first-child img.photo-thumb"), 60,
             "the uploaded photo's thumbnail never replaced its placeholder")
    assert driver.find_elements(By.CSS_SELECTOR, "#photo-grid img")[0].get_attribute("alt") == "png_palette_trns.png"
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#photo-grid a.photo-link"), "open uploaded")
    assert label(driver) == "1/35"
    # Declined: app.js asks, gets "no" and stops the submit there and then (the count after the real delete below
    # shows nothing was deleted); wait until the question was asked, on this same page.
    driver.execute_script("window.asked = 0; window.confirm = function () { window.asked += 1; return false; };")
    tap(driver, driver.find_element(By.CSS_SELECTOR, "#delete-form button[type=submit]"))
    wait_for(driver, lambda d: d.execute_script("return window.asked") == 1, message="the delete button did not ask first")
    assert label(driver) == "1/35", "cancelled confirmation still deleted"
    driver.execute_script("window.confirm = function () { return true; };")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#delete-form button[type=submit]"), "delete")
    assert label(driver) == "1/34"
    assert "已移到最近删除" in driver.find_element(By.CSS_SELECTOR, ".toast").get_attribute("textContent")


def set_scheme(driver, dark: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def test_trash_shows_restores_and_empties(signed_in, photo_server, screenshot):
    """Issue 29 item 1: the photo deleted above is in 最近删除 (count on the grid, days left on its tile); it is
    restored from its viewer, deleted again, and the trash emptied after a confirmation — in zh and en, light and dark."""
    driver = signed_in
    driver.get(photo_server.base_url + "/photos")
    row = driver.find_element(By.CSS_SELECTOR, "a[href='/photos/trash']")
    assert "最近删除" in row.text, row.text
    trashed = int(row.text.split("\n")[-1].replace(" 张", ""))
    assert trashed >= 1, row.text
    click_and_wait(driver, row, "open the trash")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#trash-grid .photo-cell")) == trashed
    assert "还剩 30 天" in driver.find_element(By.CSS_SELECTOR, ".trash-days").text
    assert "保留 30 天" in driver.find_element(By.ID, "trash-explain").text
    for button in driver.find_elements(By.CSS_SELECTOR, ".trash-actions button"):
        assert button.size["height"] >= 44, button.size
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot("photos-20-trash-zh")
    set_scheme(driver, True)
    screenshot("photos-21-trash-zh-dark")
    driver.get(photo_server.base_url + "/photos/trash?lang=en")
    assert f"{trashed} photo" in driver.find_element(By.CSS_SELECTOR, "main").text and "30 days left" in driver.find_element(By.CSS_SELECTOR, ".trash-days").text
    screenshot("photos-22-trash-en-dark")
    set_scheme(driver, False)
    screenshot("photos-23-trash-en")
    driver.get(photo_server.base_url + "/photos/trash?lang=zh")

    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#trash-grid a.photo-link"), "open the trashed photo")
    assert driver.find_elements(By.ID, "restore-form") and not driver.find_elements(By.ID, "photo-edit")
    screenshot("photos-24-trashed-viewer")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#restore-form button"), "restore")
    wait_for(driver, lambda d: d.find_elements(By.ID, "photo-index"), message="back in the library's viewer")
    assert "照片已恢复" in driver.find_element(By.CSS_SELECTOR, ".toast").get_attribute("textContent")
    assert label(driver).endswith("/35"), label(driver)
    # The toast sits over the bottom of the page for a few seconds; a person waits, the test dismisses it.
    driver.execute_script("document.querySelectorAll('.toast').forEach(function (t) { t.remove(); });")

    driver.execute_script("window.confirm = function () { return true; };")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#delete-form button[type=submit]"), "delete again")
    driver.get(photo_server.base_url + "/photos/trash")
    driver.execute_script("window.asked = 0; window.confirm = function () { window.asked += 1; return true; };")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#trash-empty button"), "empty the trash")
    assert driver.execute_script("return window.asked") in (None, 0, 1)
    assert f"已永久删除 {trashed} 张照片" in driver.find_element(By.CSS_SELECTOR, ".toast").get_attribute("textContent")
    assert "最近删除里没有照片" in driver.find_element(By.CSS_SELECTOR, ".empty-state").text
    screenshot("photos-25-trash-empty")
    driver.get(photo_server.base_url + "/photos")
    assert "0 张" in driver.find_element(By.CSS_SELECTOR, "a[href='/photos/trash']").text


def test_grid_placeholders_until_thumbnails_exist(signed_in, photo_server, photo_user, screenshot):
    """Thumbnails are made on the work pool: while one is missing its tile is a placeholder (in the HTML, so
    without JS too), the grid queues it, and photos.js shows it once the API says it is ready."""
    driver = signed_in
    shutil.rmtree(photo_user["root"] / "data" / "apps" / "photos" / "derived")
    driver.get(photo_server.base_url + "/photos")
    pending = driver.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-placeholder[data-pending]")
    assert len(pending) == 34, f"{len(pending)} placeholders"
    assert "处理中" in pending[0].text
    screenshot("photos-15-grid-placeholders")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#photo-grid img.photo-thumb")) == 34, 120,
             "thumbnails did not replace the placeholders")
    assert not driver.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-placeholder")
    assert image_size(driver, "#photo-grid img[alt='Landscape_6.jpg']")[0] > 0
    screenshot("photos-16-grid-thumbnails-made")


def test_truncated_upload_is_kept_and_marked(signed_in, photo_server, screenshot):
    """A file whose header reads but whose pixels do not is stored (the upload checks the header only);
    the pool finds it does not decode and the tile says so."""
    driver = signed_in
    driver.get(photo_server.base_url + "/photos")
    driver.find_element(By.ID, "photo-files").send_keys(str(PHOTOS / "edge" / "truncated_image.png"))
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#upload-form button[type=submit]"), "upload")
    assert "已添加 1 张" in driver.find_element(By.CSS_SELECTOR, ".toast").get_attribute("textContent")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-cell:first-child .photo-placeholder.is-broken"), 60,
             "the truncated upload was never marked")
    tile = driver.find_element(By.CSS_SELECTOR, "#photo-grid .photo-cell:first-child .photo-placeholder")
    assert "无法显示" in tile.text and "truncated_image.png" in tile.text
    assert "PNG 640×480" in tile.get_attribute("title")
    screenshot("photos-17-grid-broken-tile")
    driver.get(photo_server.base_url + "/photos")
    assert driver.find_elements(By.CSS_SELECTOR, "#photo-grid .photo-cell:first-child .photo-placeholder.is-broken:not([data-pending])")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#photo-grid a.photo-link"), "open broken")
    assert "PNG 640×480: the pixel data cannot be decoded" in driver.find_element(By.ID, "photo-problem").text
    driver.execute_script("window.confirm = function () { return true; };")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "#delete-form button[type=submit]"), "delete broken")
    assert "已移到最近删除" in driver.find_element(By.CSS_SELECTOR, ".toast").get_attribute("textContent")
