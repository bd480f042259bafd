"""Issue 30 in headless Chromium on a 390×844 phone: the pages this pass changed, in Chinese and English, light and
dark, on the real data — weather samples (dated as their recordings date them), pinyin search, the 爱限免 list with
countdowns at the data's time and an app page, the merchants' filters with their coverage, 猜你喜欢's own page.
Each page is checked for sideways overflow and for its issue-30 text. Screenshots: artifacts/screenshots/issue30-*.png."""

from __future__ import annotations

from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from e2e_support import ServerProcess, imported_server, shared_data


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from imported_server(tmp_path_factory.mktemp("issue30"), [
        ("weather", shared_data("weather/observations/five_cities_daily_2010_2015.csv") / "weather"),
        ("appdeals", shared_data("appstore/price_history") / "appstore"),
        ("merchants", shared_data("merchants/osm_yangtze_delta_pois.csv") / "merchants"),
        ("movies", shared_data("movies/movies.csv") / "movies"),
    ], 300)


def set_theme(driver, dark: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


# (name, path, Chinese text, English text)
PAGES = [
    ("weather-sk", "/weather/samples/beijing-sk", "观测于 10:35（回复未写日期）", "Observed 10:35"),
    ("weather-fengzhen", "/weather/samples/fengzhen-etouch", "录制日期不详", "Recording date unknown"),
    ("weather-qweather", "/weather/samples/beijing-qweather", "这几份回复录制于不同的日子", "recorded on different days"),
    ("weather-enschede", "/weather/samples/enschede-open-meteo", "观测于 2026年10月3日 11:15", "Observed 3 Oct 2026 11:15"),
    ("weather-hangzhou", "/weather/samples/hangzhou-webxml", "小到中雨", "Light to moderate rain"),
    ("weather-pinyin", "/weather/places?q=hangzhou", "杭州市", "杭州市"),
    ("deals-limited", "/appdeals", "截至 2025-07-06 06:11", "as of 2025-07-06 06:11"),
    ("deals-hot", "/appdeals/hot", "美区 2016/17 年评分", "US ratings, 2016/17"),
    ("deals-pacman", "/appdeals/apps/281656475", "没有更新说明", "No release notes"),
    ("merchants-nearby", "/merchants?lat=31.2304&lon=121.4737&radius=2000&category=cafe", "家有营业时间", "with hours"),
    ("merchants-mcd", "/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3", "麦当劳", "麦当劳"),
    ("movies-for-you", "/movies/for-you", "猜你喜欢", "Picked for you"),
]


@pytest.mark.parametrize("name,path,zh,en", PAGES, ids=[p[0] for p in PAGES])
def test_page_in_both_languages_and_themes(browser, server, screenshot, name, path, zh, en):
    for language, text in (("zh", zh), ("en", en)):
        browser.get(server.base_url + path + ("&" if "?" in path else "?") + "lang=" + language)
        body = browser.find_element(By.TAG_NAME, "body").text
        assert text in body, f"{path} ({language}): no {text!r}"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390, f"{path} ({language}) overflows sideways"
        for dark in (False, True):
            set_theme(browser, dark)
            screenshot(f"issue30-{name}-{language}{'-dark' if dark else ''}")
        set_theme(browser, False)
    browser.get(server.base_url + "/?lang=zh")


def test_trend_chart_labels_do_not_overlap(browser, server, screenshot):
    """The low values under the blue line and the day labels under the chart, as Chromium lays them out."""
    for sample in ("fengzhen-etouch", "tonghe-webxml", "shanghai-owm"):
        browser.get(server.base_url + f"/weather/samples/{sample}")
        chart = browser.find_element(By.CSS_SELECTOR, ".wx-trend svg")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", chart)
        boxes = browser.execute_script("""
            const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            const svg = arguments[0];
            return [Array.from(svg.querySelectorAll('text.chart-value')).map(box), Array.from(svg.querySelectorAll('text.chart-label')).map(box)];
        """, chart)
        values, labels = boxes
        assert labels, sample
        for v in values:
            for l in labels:
                overlap = v[0] < l[2] and l[0] < v[2] and v[1] < l[3] and l[1] < v[3]
                assert not overlap, f"{sample}: value {v} overlaps label {l}"
        screenshot(f"issue30-weather-chart-{sample}")
