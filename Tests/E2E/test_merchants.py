"""商户 in headless Chromium on a phone, on the imported real merchant data, with the position faked through
CDP (Emulation.setGeolocationOverride): "use my location" near Hangzhou's Dianping rows, the denied-location
error state, filters, the offline SVG plot, a merchant page with 营业中/已打烊 and navigation links in the
right datum, a rated review and its distribution, search folding 麥當勞/麦当劳, shake; light, dark and English;
the online map (Leaflet from Debian) over GCJ-02 tiles from a local tile server, and its fallback to the plot;
the network banner (offline, a failed probe, retry) and the upgrade prompt after a deploy; an owner (whose merchant a
moderator approved) writes a Markdown article with a preview step and a reader opens it in the app's shell.
Screenshots: artifacts/screenshots/merchants-*.png."""

from __future__ import annotations

import math
import subprocess
import threading
from http.server import ThreadingHTTPServer
from typing import Iterator
from urllib.parse import parse_qs, quote, urlparse

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, mark, path_of, submit_login, tap, wait_for, wait_new_page
from e2e_support import DEFAULT_BINARY, PASSWORD, ServerProcess, imported_server, shared_data, unique_name
from map_tiles import TileServer, screen_point_on_tiles

HANGZHOU = (30.3209, 120.1456)  # 拱墅区, beside the Dianping fixture rows


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from imported_server(tmp_path_factory.mktemp("merchants"),
                               [("merchants", shared_data("merchants/osm_yangtze_delta_pois.csv") / "merchants")], 300)


def css(driver, selector: str):
    return driver.find_element(By.CSS_SELECTOR, selector)


def set_theme(driver, dark: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def fake_position(driver, base: str, position: tuple[float, float] | None) -> None:
    """Grants geolocation to our origin and fakes the position; None makes it unavailable (as when denied)."""
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["geolocation"]})
    if position is None:
        driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {})
    else:
        driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": position[0], "longitude": position[1], "accuracy": 20})


def assert_fits_phone(driver) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    assert width <= inner, f"{path_of(driver)} scrolls sideways: content {width}px wide in a {inner}px viewport"


def small_targets(driver) -> list[str]:
    """Buttons, selects and links of the app's own controls smaller than 44 px in either direction."""
    return driver.execute_script("""
        const out = [];
        for (const el of document.querySelectorAll('.mx button, .mx select, .mx .btn, .mx-item-link, .mx-filter-check, .mx-star-choice')) {
          const r = el.getBoundingClientRect();
          if (r.width && r.height && (r.width < 44 || r.height < 44)) out.push(el.className + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
        }
        return out;""")


def edge_buttons(driver) -> list[str]:
    """The page's own buttons (.mx > .btn: 加载更多, 添加商户) flush with the screen edge or touching each other."""
    return driver.execute_script("""
        const out = [], rects = [...document.querySelectorAll('.mx > .btn')].map(el => [el.innerText, el.getBoundingClientRect()]);
        for (const [i, [text, r]] of rects.entries()) {
          if (r.left < 8 || r.right > window.innerWidth - 8) out.push(text + ' at ' + Math.round(r.left) + '..' + Math.round(r.right));
          for (const [other, o] of rects.slice(i + 1)) if (Math.abs(o.top - r.top) < 4 && o.left - r.right < 8) out.push(text + ' touches ' + other);
        }
        return out;""")


def severe_logs(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e["message"]]


def test_nearby_with_faked_position_plot_and_filters(browser, server, screenshot):
    base = server.base_url
    browser.get(base + "/merchants")
    assert "上海人民广场" in css(browser, ".mx-location-text").text
    fake_position(browser, base, HANGZHOU)
    locate = css(browser, ".mx-locate")
    assert locate.is_displayed()
    click_and_wait(browser, locate, "use my location")
    query = parse_qs(urlparse(browser.current_url).query)
    assert abs(float(query["lat"][0]) - HANGZHOU[0]) < 1e-4 and abs(float(query["lon"][0]) - HANGZHOU[1]) < 1e-4
    items = browser.find_elements(By.CSS_SELECTOR, ".mx-item")
    assert len(items) >= 10  # OSM is thin in Hangzhou: 14 merchants within 1 km of this point
    distances = [item.find_element(By.CSS_SELECTOR, ".mx-item-distance").text for item in items]
    assert distances[0].endswith(" m"), distances
    dots = browser.find_elements(By.CSS_SELECTOR, ".mx-plot-svg .mx-plot-pin")
    assert len(dots) == len(items)
    assert "离线示意图" in css(browser, ".mx-plot-note").text
    assert "OpenStreetMap" in css(browser, ".mx-attribution").text
    assert_fits_phone(browser)
    assert not small_targets(browser), small_targets(browser)
    assert not edge_buttons(browser), edge_buttons(browser)
    set_theme(browser, False)
    screenshot("merchants-nearby-light")
    set_theme(browser, True)
    screenshot("merchants-nearby-dark")
    set_theme(browser, False)

    # Filters: KTV sorted by price shows the Dianping KTVs with their 人均 ascending.
    browser.find_element(By.CSS_SELECTOR, "select[name=category] option[value=ktv]").click()
    browser.find_element(By.CSS_SELECTOR, "select[name=radius] option[value='5000']").click()
    browser.find_element(By.CSS_SELECTOR, "select[name=sort] option[value=price]").click()
    click_and_wait(browser, css(browser, ".mx-apply"), "apply filters")
    metas = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".mx-item-meta")]
    assert len(metas) == 5, metas
    assert all(m.startswith("KTV") for m in metas), metas
    prices = [int(m.split("¥")[1]) for m in metas]
    assert prices == sorted(prices) == [58, 60, 67, 75, 88], prices
    screenshot("merchants-filtered-ktv")
    assert not severe_logs(browser), severe_logs(browser)


def test_location_denied_shows_an_error(browser, server, screenshot):
    base = server.base_url
    fake_position(browser, base, None)
    browser.get(base + "/merchants")
    tap(browser, css(browser, ".mx-locate"))
    error = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".mx-location-error").is_displayed() and
                     d.find_element(By.CSS_SELECTOR, ".mx-location-error"), message="no error state for an unavailable position")
    assert "无法获取位置" in error.text
    assert browser.find_elements(By.CSS_SELECTOR, ".mx-item"), "the list still works without a position"
    screenshot("merchants-location-denied")


def test_merchant_page_navigation_and_rated_review(browser, server, screenshot):
    base = server.base_url
    lat, lon = HANGZHOU
    browser.get(f"{base}/merchants?lat={lat}&lon={lon}&radius=5000&category=restaurant&sort=rating&minRating=4.9")
    click_and_wait(browser, css(browser, ".mx-item-link"), "open the top-rated restaurant")
    assert path_of(browser).startswith("/merchants/")
    assert css(browser, ".mx-head-status .mx-badge").text in ("营业中", "已打烊")
    assert "人均 ¥" in css(browser, ".mx-head-meta").text
    amap = css(browser, ".mx-navigate a[data-datum=gcj02]").get_attribute("href")
    google = css(browser, ".mx-navigate a[data-datum=wgs84]").get_attribute("href")
    # The Dianping rows are GCJ-02 at source: Amap gets (about) the source's own numbers, Google the WGS-84 ones, ~520 m apart.
    amap_lon, amap_lat = (float(v) for v in parse_qs(urlparse(amap).query)["position"][0].split(","))
    google_lat, google_lon = (float(v) for v in parse_qs(urlparse(google).query)["destination"][0].split(","))
    assert abs(amap_lat - google_lat) > 0.001 and abs(amap_lon - google_lon) > 0.003
    # The source line is the licence in the reader's language, without datum arithmetic (tester 31c #4).
    assert "GCJ-02" not in css(browser, ".mx-attribution").text
    screenshot("merchants-detail")

    username = unique_name("mx")
    assert server.client.register(username, PASSWORD).status == 201
    page = path_of(browser)
    click_and_wait(browser, css(browser, ".mx-actions a[href^='/login']"), "sign in to review")
    form = css(browser, "form#login-form")
    form.find_element(By.CSS_SELECTOR, "[name=username]").send_keys(username)
    form.find_element(By.CSS_SELECTOR, "[name=password]").send_keys(PASSWORD)
    mark(browser)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_new_page(browser, "login")
    assert path_of(browser) == page
    tap(browser, css(browser, ".mx-stars-input input[value='4']"))
    css(browser, "#review-text").send_keys("锅底不错，服务热情。")
    click_and_wait(browser, css(browser, ".mx-review-form button[type=submit]"), "post a rated review")
    review = css(browser, ".mx-reviews .mx-review")
    assert "锅底不错" in review.text and "★★★★" in css(browser, ".mx-review-stars").text
    counts = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".mx-bar-count")]
    assert counts == ["0", "1", "0", "0", "0"], counts  # 5★ … 1★
    # Add a merchant: the form prefilled with the position, queued for a moderator.
    browser.get(f"{base}/merchants/add?lat={lat}&lon={lon}")
    assert css(browser, "[name=lat]").get_attribute("value") == str(lat)
    css(browser, "[name=name]").send_keys("浏览器测试小馆")
    css(browser, "[name=openingHours]").send_keys("Mo-Su 10:00-22:00")
    css(browser, "[name=price]").send_keys("45")
    assert_fits_phone(browser)
    screenshot("merchants-add")
    click_and_wait(browser, css(browser, ".mx-add-form button[type=submit]"), "submit a merchant")
    assert path_of(browser) == "/merchants"
    assert "已提交" in browser.page_source
    browser.get(base + page)
    click_and_wait(browser, css(browser, ".mx-actions button[type=submit]"), "favourite")
    assert css(browser, ".mx-actions button[type=submit]").text == "取消收藏"
    assert not small_targets(browser), small_targets(browser)
    assert_fits_phone(browser)
    screenshot("merchants-detail-reviewed")
    set_theme(browser, True)
    screenshot("merchants-detail-dark")
    set_theme(browser, False)


def test_search_folds_traditional_and_simplified(browser, server, screenshot):
    base = server.base_url
    browser.get(base + "/merchants/search")
    box = css(browser, ".mx-search-input")
    box.send_keys("麥當勞")
    click_and_wait(browser, css(browser, ".mx-search button[type=submit]"), "search")
    assert "63" in css(browser, ".mx-count").text
    browser.get(base + "/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3&lat=31.2304&lon=121.4737")
    assert "63" in css(browser, ".mx-count").text
    # Same-named rows stay apart: each shows its address or city and the direction from the point.
    places = [element.text for element in browser.find_elements(By.CSS_SELECTOR, ".mx-item-place")]
    assert len(places) == 50 and "上海市 天山西路 麦当劳 · 正西方向" in places, places[:5]
    assert_fits_phone(browser)
    screenshot("merchants-search")


def test_shake_never_repeats_and_english(browser, server, screenshot):
    base = server.base_url
    browser.get(base + "/merchants/shake?lat=31.2304&lon=121.4737")
    click_and_wait(browser, css(browser, ".mx-shake-button"), "shake")
    first = css(browser, ".mx-shake-result .mx-item-link").get_attribute("href")
    assert css(browser, ".mx-shake-result .mx-badge").text == "营业中" or "已打烊" not in browser.page_source
    screenshot("merchants-shake")
    click_and_wait(browser, css(browser, ".mx-shake-button"), "shake again")
    assert css(browser, ".mx-shake-result .mx-item-link").get_attribute("href") != first
    browser.get(base + "/merchants?lang=en")
    assert "Default position" in css(browser, ".mx-location-text").text
    assert_fits_phone(browser)
    screenshot("merchants-nearby-en")


def loaded(driver, element) -> bool:
    return driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", element)


def test_photo_upload_held_approved_and_shown(browser, server, screenshot):
    """A user uploads two photos from a merchant's page: held, shown only to them as 待审核; a moderator sees the
    pictures in /admin/moderation and approves one, rejects the other; everyone then sees the approved photo in the
    strip and its full view (zh and en, light and dark, 390 px)."""
    base = server.base_url
    merchant = server.client.get("/api/v1/merchants/nearby?lat=31.2304&lon=121.4737&limit=1").json()["items"][0]
    page = f"/merchants/{merchant['id']}"
    uploader, moderator = unique_name("mxp"), unique_name("mxm")
    for name in (uploader, moderator):
        assert server.client.register(name, PASSWORD).status == 201
    granted = subprocess.run([str(server.binary), "user", "grant", moderator, "moderator", "--data-dir", str(server.data_dir)],
                             capture_output=True, text=True, timeout=30)
    assert granted.returncode == 0, granted.stderr
    photos = shared_data("photos/orientation/Portrait_6.jpg") / "photos"

    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.get(f"{base}/login?next={page}")
    submit_login(browser, uploader, PASSWORD)
    assert path_of(browser) == page
    css(browser, "#photo-files").send_keys(f"{photos / 'orientation/Portrait_6.jpg'}\n{photos / 'ordinary/chelsea.png'}")
    css(browser, "#photo-alt").send_keys("店门口")
    click_and_wait(browser, css(browser, ".mx-photo-form button[type=submit]"), "upload photos")
    assert "审核通过后公开" in browser.page_source
    pending = browser.find_elements(By.CSS_SELECTOR, ".mx-photo-pending")
    assert len(pending) == 2 and all("待审核" in p.text for p in pending), [p.text for p in pending]
    wait_for(browser, lambda d: all(loaded(d, p.find_element(By.TAG_NAME, "img")) for p in pending), message="pending thumbnails")
    assert_fits_phone(browser)
    browser.execute_script("document.getElementById('photos').scrollIntoView()")
    screenshot("merchants-photos-pending")

    browser.delete_all_cookies()
    browser.get(f"{base}/login?next=/admin/moderation")
    submit_login(browser, moderator, PASSWORD)
    items = [s for s in browser.find_elements(By.CSS_SELECTOR, "section.moderation-item") if merchant["name"].upper() in s.text.upper() and "商户照片" in s.text]
    assert len(items) == 2, [s.text for s in browser.find_elements(By.CSS_SELECTOR, "section.moderation-item")]
    for item in items:
        picture = item.find_element(By.CSS_SELECTOR, ".moderation-previews img")
        wait_for(browser, lambda d: loaded(d, picture), message="the moderator's preview")
    browser.execute_script("arguments[0].scrollIntoView()", items[0])
    assert_fits_phone(browser)
    screenshot("merchants-photos-moderation")
    click_and_wait(browser, items[0].find_element(By.CSS_SELECTOR, "button[value=approve]"), "approve the first photo")
    second = [s for s in browser.find_elements(By.CSS_SELECTOR, "section.moderation-item") if "商户照片" in s.text and merchant["name"].upper() in s.text.upper()][0]
    second.find_element(By.CSS_SELECTOR, "input[name=reason]").send_keys("与商户无关")
    click_and_wait(browser, second.find_element(By.CSS_SELECTOR, ".moderation-reject button"), "reject the second photo")

    # Everyone sees the approved one: the strip, then its full view.
    browser.delete_all_cookies()
    browser.get(base + page)
    shown = browser.find_elements(By.CSS_SELECTOR, ".mx-photo-strip img")
    assert len(shown) == 1 and shown[0].get_attribute("alt") == "店门口" and shown[0].get_attribute("loading") == "lazy"
    assert not browser.find_elements(By.CSS_SELECTOR, ".mx-photo-pending")
    browser.execute_script("document.getElementById('photos').scrollIntoView()")
    wait_for(browser, lambda d: loaded(d, shown[0]), message="the approved thumbnail")
    assert_fits_phone(browser)
    assert not small_targets(browser), small_targets(browser)
    screenshot("merchants-photos-strip")
    tap(browser, css(browser, ".mx-photo-link"))
    view = css(browser, ".mx-photo-view:target img")
    wait_for(browser, lambda d: loaded(d, view), message="the full view")
    assert view.size["width"] <= 390 and view.size["height"] > view.size["width"], view.size  # upright portrait
    screenshot("merchants-photos-full")
    set_theme(browser, True)
    browser.get(base + page + "?lang=en")
    browser.execute_script("document.getElementById('photos').scrollIntoView()")
    assert css(browser, "#photos .list-header").text.upper() == "PHOTOS · 1"
    assert_fits_phone(browser)
    screenshot("merchants-photos-en-dark")
    set_theme(browser, False)
    assert not severe_logs(browser), severe_logs(browser)


@pytest.fixture(scope="module")
def tiles() -> Iterator[TileServer]:
    server = TileServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def tiled_server(server: ServerProcess, tiles: TileServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A second server on the same imported data with GCJ-02 tiles from the local tile server."""
    import os
    from pathlib import Path
    binary = Path(os.environ.get("APPSUITE_BINARY", str(DEFAULT_BINARY)))
    proc = ServerProcess(binary, server.data_dir, tmp_path_factory.mktemp("merchants-tiled"), extra_args=(
        "--map-tile-url", f"http://127.0.0.1:{tiles.port}/tiles/{{z}}/{{x}}/{{y}}.png",
        "--map-tile-datum", "gcj02", "--map-tile-attribution", "本地测试底图 local test tiles"))
    proc.start(timeout=30)
    yield proc
    assert proc.stop(timeout=15) == 0, proc.stderr_tail()
    assert not proc.problem_lines(), "\n".join(proc.problem_lines()[:20])


def centre_of(driver, selector: str) -> tuple[float, float]:
    r = driver.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                              "return [r.left + r.width / 2, r.top + r.height / 2];", selector)
    return r[0], r[1]


def test_online_map_over_gcj02_tiles(browser, tiled_server, tiles, screenshot):
    base = tiled_server.base_url
    lat, lon = 31.2304, 121.4737
    browser.get(f"{base}/merchants?lat={lat}&lon={lon}&radius=1000")
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".mx-map img.leaflet-tile-loaded")) >= 4,
             message="the map's tiles did not load")
    assert not css(browser, ".mx-plot-svg").is_displayed(), "the plot gives way to the map"
    assert "GCJ-02" in css(browser, ".mx-plot-note").text
    assert "本地测试底图" in css(browser, ".leaflet-control-attribution").text
    assert any(z >= 13 for z, _, _ in tiles.requested), tiles.requested[:5]
    screenshot("merchants-map-light")
    items = browser.find_elements(By.CSS_SELECTOR, ".mx-item")
    markers = browser.find_elements(By.CSS_SELECTOR, ".mx-map .mx-map-dot")
    clusters = browser.find_elements(By.CSS_SELECTOR, ".mx-map .marker-cluster")
    assert markers and len(markers) <= len(items) and (len(markers) == len(items) or clusters), (len(markers), len(clusters), len(items), severe_logs(browser))

    # Positions on the tiles are GCJ-02: the user's dot sits where the server's conversion of People's Square is
    # on these tiles (the WGS-84 point would be ~480 m, ~100 px, away), and so does merchant no. 1.
    api = tiled_server.client
    gcj = api.get(f"/api/v1/merchants/coordinates?from=wgs84&to=gcj02&lat={lat}&lon={lon}").json()
    expected = screen_point_on_tiles(browser, gcj["lat"], gcj["lon"])
    actual = centre_of(browser, ".mx-map .mx-map-me")
    assert math.dist(expected, actual) < 2, (expected, actual)
    wgs_point = screen_point_on_tiles(browser, lat, lon)
    assert math.dist(wgs_point, actual) > 50, "WGS-84 would be visibly off on GCJ-02 tiles"
    # A numbered marker not inside a cluster sits where the conversion of its merchant's position is.
    listed = api.get(f"/api/v1/merchants/nearby?lat={lat}&lon={lon}&radius=1000&limit=20").json()["items"]
    numbered = [m for m in markers if m.text]
    assert numbered, "every numbered merchant is in a cluster"
    number = int(numbered[0].text)
    chosen = listed[number - 1]
    shifted = api.get(f"/api/v1/merchants/coordinates?from=wgs84&to=gcj02&lat={chosen['lat']}&lon={chosen['lon']}").json()
    where = browser.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", numbered[0])
    assert math.dist(screen_point_on_tiles(browser, shifted["lat"], shifted["lon"]), where) < 2, (number, chosen["name"])
    assert_fits_phone(browser)
    assert not small_targets(browser), small_targets(browser)
    assert not severe_logs(browser), severe_logs(browser)
    set_theme(browser, True)
    screenshot("merchants-map-dark")
    set_theme(browser, False)
    browser.get(f"{base}/merchants?lat={lat}&lon={lon}&radius=1000&lang=en")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".mx-map img.leaflet-tile-loaded"), message="English map tiles")
    assert "GCJ-02 tiles" in css(browser, ".mx-plot-note").text
    screenshot("merchants-map-en")

    # Search this area: zoomed out around the same centre, the new search is at People's Square again in WGS-84
    # (the GCJ-02 map centre converted back by the server's inverse, within a metre).
    browser.get(f"{base}/merchants?lat={lat}&lon={lon}&radius=1000&lang=zh")
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".mx-map img.leaflet-tile-loaded"), message="tiles")
    area = css(browser, ".mx-search-area")
    assert not area.is_displayed()
    tap(browser, css(browser, ".leaflet-control-zoom-out"))
    wait_for(browser, lambda d: area.is_displayed(), message="no 搜索此区域 after moving the map")
    assert area.text == "搜索此区域"
    screenshot("merchants-map-search-area")
    # Records the map centre the page asks the server to convert (sessionStorage outlives the navigation).
    browser.execute_script("""const original = window.fetch;
        window.fetch = function (url, options) { sessionStorage.setItem('converted', String(url)); return original(url, options); };""")
    click_and_wait(browser, area, "search this area")
    query = parse_qs(urlparse(browser.current_url).query)
    moved = (float(query["lat"][0]), float(query["lon"][0]))
    assert query["radius"] == ["1000"]
    asked = parse_qs(urlparse(browser.execute_script("return sessionStorage.getItem('converted')")).query)
    assert asked["from"] == ["gcj02"] and asked["to"] == ["wgs84"]
    centre = (float(asked["lat"][0]), float(asked["lon"][0]))
    back = api.get(f"/api/v1/merchants/coordinates?from=gcj02&to=wgs84&lat={centre[0]}&lon={centre[1]}").json()
    assert abs(back["lat"] - moved[0]) < 2e-6 and abs(back["lon"] - moved[1]) < 2e-6, (back, moved)
    # The map centre is near the user (fitBounds frames the merchants around them) and ~480 m from its WGS-84 twin.
    assert abs(moved[0] - lat) < 0.01 and abs(moved[1] - lon) < 0.01, moved
    assert 0.003 < math.dist(centre, moved) < 0.007, (centre, moved)

    # A marker opens its merchant.
    browser.get(f"{base}/merchants?lat={lat}&lon={lon}&radius=1000&lang=zh")
    marker = wait_for(browser, lambda d: [m for m in d.find_elements(By.CSS_SELECTOR, ".mx-map .mx-map-dot") if m.text == str(number)],
                      message=f"marker {number}")[0]
    click_and_wait(browser, marker, f"tap marker {number}")
    assert path_of(browser) == f"/merchants/{chosen['id']}"


def test_map_falls_back_to_the_plot_without_tiles(browser, tiled_server, tiles, screenshot):
    """When no tile loads (the tile host unreachable), the offline plot comes back with its note."""
    base = tiled_server.base_url
    tiles.httpd.shutdown()
    tiles.httpd.server_close()
    try:
        browser.get(f"{base}/merchants?lat=31.2304&lon=121.4737&radius=1000&lang=zh")
        wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, ".mx-plot-svg").is_displayed(), message="the plot did not come back")
        assert not browser.find_elements(By.CSS_SELECTOR, ".mx-map")
        assert "离线示意图" in css(browser, ".mx-plot-note").text
        screenshot("merchants-map-fallback")
    finally:
        tiles.httpd = ThreadingHTTPServer(("127.0.0.1", tiles.port), tiles.httpd.RequestHandlerClass)
        tiles.thread = threading.Thread(target=tiles.httpd.serve_forever, daemon=True)
        tiles.thread.start()


def test_network_banner_and_upgrade_prompt(browser, server, screenshot):
    base = server.base_url
    browser.get(f"{base}/merchants/search?lang=zh")
    banner = css(browser, ".mx-network")
    wait_for(browser, lambda d: d.execute_script("return performance.getEntriesByName(location.origin + '/api/v1/app/version?platform=web&current=' + document.querySelector('.mx-upgrade').dataset.release).length") > 0,
             message="the page did not probe the version")
    assert not banner.is_displayed() and not css(browser, ".mx-upgrade").is_displayed()

    # The browser goes offline: the banner says so; back online, the probe answers and it goes.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait_for(browser, lambda d: banner.is_displayed(), message="no banner when offline")
    assert "网络已断开" in banner.text and banner.get_attribute("data-state") == "offline"
    assert_fits_phone(browser)
    assert not small_targets(browser), small_targets(browser)
    screenshot("merchants-offline-banner")
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    wait_for(browser, lambda d: not banner.is_displayed(), message="the banner stayed when back online")

    # A request that fails while online: the probe is blocked; retry after unblocking hides the banner.
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/app/version*"]})
    browser.execute_script("window.dispatchEvent(new Event('online'))")
    wait_for(browser, lambda d: banner.is_displayed(), message="no banner when the probe fails")
    assert "无法连接服务器" in banner.text and banner.get_attribute("data-state") == "failed"
    set_theme(browser, True)
    screenshot("merchants-failed-banner-dark")
    set_theme(browser, False)
    browser.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    tap(browser, css(browser, ".mx-network-retry"))
    wait_for(browser, lambda d: not banner.is_displayed(), message="retry did not hide the banner")

    # After a deploy the server's release differs from the page's: the upgrade prompt asks to reload.
    for lang, words in (("zh", "新版本已发布"), ("en", "A new version is out")):
        browser.get(f"{base}/merchants/search?lang={lang}")
        upgrade = css(browser, ".mx-upgrade")
        assert not upgrade.is_displayed()
        browser.execute_script("document.querySelector('.mx-upgrade').dataset.release = 'a0b1c2d3e4'; window.dispatchEvent(new Event('online'))")
        wait_for(browser, lambda d: upgrade.is_displayed(), message="no upgrade prompt for an old release")
        assert words in upgrade.text
        reload = css(browser, ".mx-upgrade-reload")
        assert urlparse(reload.get_attribute("href")).path == "/merchants/search"
        assert not small_targets(browser), small_targets(browser)
        assert_fits_phone(browser)
        screenshot(f"merchants-upgrade-{lang}")
    set_theme(browser, True)
    screenshot("merchants-upgrade-en-dark")
    set_theme(browser, False)
    browser.get(f"{base}/merchants/search?lang=zh")
    assert not severe_logs(browser) or all("app/version" in m for m in severe_logs(browser)), severe_logs(browser)


def test_owner_writes_an_article_and_a_reader_opens_it(browser, server, screenshot):
    base = server.base_url
    client = server.client
    # The owner's merchant: submitted through the API, approved by a moderator (granted from the command line).
    owner, moderator = unique_name("owner"), unique_name("mod")
    for name in (owner, moderator):
        assert client.register(name, PASSWORD).status == 201
    granted = subprocess.run([str(server.binary), "user", "grant", moderator, "moderator", "--data-dir", str(server.data_dir)],
                             capture_output=True, text=True, timeout=60)
    assert granted.returncode == 0, granted.stderr[-2000:]
    owner_token = client.login(owner).json()["token"]
    mod_token = client.login(moderator).json()["token"]
    shop = "文章测试咖啡馆"
    submitted = client.post("/api/v1/merchants/submissions", token=owner_token,
                            json_body={"name": shop, "category": "cafe", "lat": 31.2312, "lon": 121.4745, "openingHours": "Mo-Su 08:00-20:00"})
    assert submitted.status == 201, submitted.body[:300]
    queue = client.get("/api/v1/moderation/queue", token=mod_token).json()["items"]
    item = next(i for i in queue if i["app"] == "merchants" and i["item"] == str(submitted.json()["id"]))
    assert client.post(f"/api/v1/moderation/items/{item['id']}/decision", token=mod_token, json_body={"action": "approve"}).status == 200
    merchant = client.get("/api/v1/merchants/search?q=" + quote(shop), token=owner_token).json()["items"][0]["id"]

    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.get(base + "/login")
    submit_login(browser, owner, PASSWORD)
    browser.get(f"{base}/merchants/{merchant}?lang=zh")
    click_and_wait(browser, css(browser, f".mx-articles a[href='/merchants/{merchant}/write']"), "write an article")
    css(browser, "#field-title").send_keys("双十二 · 全场八折")
    # The date controls' typing order depends on the locale: set their values as a date picker would.
    browser.execute_script("arguments[0].value = '2026-12-01'; arguments[1].value = '2026-12-31'",
                           css(browser, "#field-validFrom"), css(browser, "#field-validUntil"))
    css(browser, "#field-markdown").send_keys(
        "## 活动内容\n\n全场 **八折**，工作日下午茶 *买一送一*。\n\n- 会员再减 5 元\n- 详见 [活动规则](https://example.com/rules)\n\n"
        "> 每桌限用一张。\n\n<script>alert(1)</script>\n\n![门头](https://tracker.example/p.gif) [坏链接](javascript:alert(1))")
    click_and_wait(browser, css(browser, "button[value=preview]"), "preview")
    preview = css(browser, ".mx-article-preview .mx-article-body")
    assert preview.find_element(By.CSS_SELECTOR, "strong").text == "八折"
    assert not browser.find_elements(By.CSS_SELECTOR, ".mx-article-body script, .mx-article-body img, .mx-article-body a[href^=javascript]")
    assert css(browser, "#field-title").get_attribute("value") == "双十二 · 全场八折"
    assert_fits_phone(browser)
    screenshot("merchants-article-preview")
    click_and_wait(browser, css(browser, "button[value=save]"), "publish")
    article_path = path_of(browser)
    assert article_path.startswith(f"/merchants/{merchant}/articles/")
    assert "文章已发布" in browser.page_source

    # A reader (signed out) opens it from the merchant page: the same shell, a back button to the merchant.
    browser.delete_all_cookies()
    browser.get(f"{base}/merchants/{merchant}?lang=zh")
    listed = css(browser, ".mx-articles")
    assert "双十二 · 全场八折" in listed.text and "进行中" in listed.text
    browser.execute_script("arguments[0].scrollIntoView()", listed)
    screenshot("merchants-article-list")
    click_and_wait(browser, css(browser, f".mx-articles a[href='{article_path}']"), "open the article")
    body = css(browser, ".mx-article-body")
    assert css(browser, ".mx-article-title").text == "双十二 · 全场八折"
    assert body.find_element(By.CSS_SELECTOR, "h3").text == "活动内容"  # `##`, one level down under the title
    link = body.find_element(By.CSS_SELECTOR, "a")
    assert link.get_attribute("href") == "https://example.com/rules" and link.get_attribute("rel") == "nofollow noopener ugc"
    assert "门头" in body.text and "坏链接" in body.text and len(body.find_elements(By.CSS_SELECTOR, "a")) == 1
    assert not browser.find_elements(By.CSS_SELECTOR, ".mx-article-tools"), "a reader gets no edit or delete"
    assert css(browser, "a.navbar-back").get_attribute("href") == f"{base}/merchants/{merchant}#articles"
    assert "活动时间：2026-12-01 至 2026-12-31" in css(browser, ".mx-article-period").text
    assert not severe_logs(browser), severe_logs(browser)
    assert_fits_phone(browser)
    screenshot("merchants-article")
    set_theme(browser, True)
    # The bar fades to the dark background in 0.2 s (app.css): shoot once it has.
    wait_for(browser, lambda d: d.execute_script("return getComputedStyle(document.querySelector('.navbar')).backgroundColor") == "rgb(0, 0, 0)",
             message="the dark navigation bar")
    screenshot("merchants-article-dark")
    set_theme(browser, False)
    browser.get(f"{base}{article_path}?lang=en")
    assert "From the owner" in css(browser, ".mx-article-meta").text
    assert_fits_phone(browser)
    screenshot("merchants-article-en")
    browser.get(f"{base}{article_path}?lang=zh")
