"""商户 in headless Chromium on a phone, on the imported real merchant data, with the position faked through
CDP (Emulation.setGeolocationOverride): "use my location" near Hangzhou's Dianping rows, the denied-location
error state, filters, the offline SVG plot, a merchant page with 营业中/已打烊 and navigation links in the
right datum, a rated review and its distribution, search folding 麥當勞/麦当劳, shake; light, dark and English.
Screenshots: artifacts/screenshots/merchants-*.png."""

from __future__ import annotations

from typing import Iterator
from urllib.parse import parse_qs, urlparse

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, mark, path_of, tap, wait_for, wait_new_page
from e2e_support import PASSWORD, ServerProcess, imported_server, shared_data, unique_name

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
    assert "GCJ-02" in css(browser, ".mx-attribution").text
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
    browser.get(base + "/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3")
    assert "63" in css(browser, ".mx-count").text
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
