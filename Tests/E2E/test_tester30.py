"""Tester 30's findings (notes/tester30-report.md) in headless Chromium on a 390×844 phone, on the real data, in Chinese
and English, light and dark: the pages whose words or layout changed. Each page is checked for its text, for words it
must no longer show, and for sideways overflow. Screenshots: artifacts/screenshots/tester30-*.png."""

from __future__ import annotations

from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from e2e_support import ServerProcess, imported_server, shared_data
from test_issue30_screens import set_theme


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from imported_server(tmp_path_factory.mktemp("tester30"), [
        ("weather", shared_data("weather/observations/five_cities_daily_2010_2015.csv") / "weather"),
        ("appdeals", shared_data("appstore/price_history") / "appstore"),
        ("merchants", shared_data("merchants/osm_yangtze_delta_pois.csv") / "merchants"),
        ("movies", shared_data("movies/movies.csv") / "movies"),
    ], 300)


MCD = "/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3"
NO_HOURS = "/merchants?lat=39.9&lon=116.4&radius=2000&category=cafe&openNow=true"

# (name, path, Chinese text, English text, text shown in neither language)
PAGES = [
    # 8: 只看营业中 where no merchant has hours; 10: where search distances are measured from.
    ("merchants-no-hours", NO_HOURS, "这个范围内没有商户有营业时间数据", "No merchant here has opening hours in the data", []),
    ("merchants-search", MCD, "距离从上海人民广场算起（未提供定位）", "Distances from People's Square, Shanghai", []),
    # 11 and 12: the OWM sample's local date; provider names, counted places, no empty hero card.
    ("weather-owm", "/weather/samples/shanghai-owm", "约录制于 2021-03-11", "Recorded about 2021-03-11", ["2021-03-10"]),
    ("weather-samples", "/weather/samples", "杭州（WebXml 天气服务）", "Hangzhou (WebXml weather service)", ["webxml）", "(webxml)"]),
    ("weather-places", "/weather/places?q=hangzhou", "个下级地区", "places", []),
    ("weather-climate", "/weather/climate?place=110000", "±3 天", "±3 DAYS", []),  # the header is upper-cased by CSS in English
    ("weather-fengzhen", "/weather/samples/fengzhen-etouch", "4日", "Day 4", ["day 4"]),
    # 13 and 15: App Deals' bad filter offers the list back; the detail's range and individual developer.
    ("deals-bad-category", "/appdeals?category=Bogus", "返回列表", "Back to the list", ["重试", "Retry", "Business、"]),
    ("deals-detail", "/appdeals/apps/1587301632", "个人开发者", "Individual developer", ["(individual developer)", "Low Free"]),
]


@pytest.mark.parametrize("name,path,zh,en,hidden", PAGES, ids=[p[0] for p in PAGES])
def test_page_in_both_languages_and_themes(browser, server, screenshot, name, path, zh, en, hidden):
    for language, text in (("zh", zh), ("en", en)):
        browser.get(server.base_url + path + ("&" if "?" in path else "?") + "lang=" + language)
        body = browser.find_element(By.TAG_NAME, "body").text
        assert text in body, f"{path} ({language}): no {text!r}"
        for word in hidden:
            assert word not in body, f"{path} ({language}) shows {word!r}"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390, f"{path} ({language}) overflows sideways"
        for dark in (False, True):
            set_theme(browser, dark)
            screenshot(f"tester30-{name}-{language}{'-dark' if dark else ''}")
        set_theme(browser, False)
    browser.get(server.base_url + "/?lang=zh")


def test_open_now_is_disabled_without_hours_and_the_way_back_is_a_tap_target(browser, server):
    browser.get(server.base_url + NO_HOURS + "&lang=zh")
    box = browser.find_element(By.CSS_SELECTOR, "input[name=openNow]")
    assert not box.is_enabled() and not box.is_selected()
    back = next(a for a in browser.find_elements(By.CSS_SELECTOR, "a.btn") if "显示这个范围内的全部商户" in a.text)
    assert back.size["height"] >= 44, back.size
    back.click()
    assert "openNow" not in browser.current_url, browser.current_url


def test_the_movies_home_does_not_repeat_its_banner(browser, server, screenshot):
    browser.get(server.base_url + "/movies?lang=zh")
    banner = browser.find_element(By.CSS_SELECTOR, "a.mv-banner").get_attribute("href")
    listed = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "[data-list=feed] a.mv-cell-link")]
    assert banner not in listed, banner
    screenshot("tester30-movies-home")
