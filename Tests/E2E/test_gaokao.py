"""豹考通 in headless Chromium on a phone: the welcome guide, 我的高考 (with a score outside the
province's range first), a recommendation, a prediction (from the data and from a line the student
enters) and the query pages, on the real imported data. Screenshots: artifacts/screenshots/gaokao-*.png."""

from __future__ import annotations

from urllib.parse import urlencode, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_steps import mark, tap, wait_for, wait_new_page
from e2e_support import ServerProcess


@pytest.fixture(scope="module")
def server(gaokao_server: ServerProcess) -> ServerProcess:
    """The run's server on the real gaokao data (conftest's `gaokao_server`)."""
    return gaokao_server


def choose(driver, name: str, value: str) -> None:
    """Selects an option; pickers marked data-refresh reload the page (gaokao.js), so wait for that."""
    select = driver.find_element(By.CSS_SELECTOR, f"select[name={name}]")
    refresh = select.get_attribute("data-refresh") is not None
    if Select(select).first_selected_option.get_attribute("value") == value:
        return
    mark(driver)
    Select(select).select_by_value(value)
    if refresh:
        wait_new_page(driver, f"choosing {name}={value}")


def submit(driver, form_css: str) -> None:
    form = driver.find_element(By.CSS_SELECTOR, form_css)
    mark(driver)
    buttons = [b for b in form.find_elements(By.CSS_SELECTOR, "button[type=submit]") if b.is_displayed()]
    tap(driver, buttons[0])
    wait_new_page(driver, f"submitting {form_css}")


def text(driver) -> str:
    return driver.find_element(By.TAG_NAME, "main").text if driver.find_elements(By.TAG_NAME, "main") else driver.find_element(By.TAG_NAME, "body").text


def fits_phone(driver) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    assert width <= inner, f"{urlparse(driver.current_url).path} scrolls sideways ({width}px in {inner}px)"


@pytest.fixture(autouse=True)
def console_guard(browser):
    browser.get_log("browser")
    yield
    bad = [e["message"] for e in browser.get_log("browser")
           if "Content Security Policy" in e.get("message", "") or "Uncaught" in e.get("message", "")]
    assert not bad, "browser console:\n" + "\n".join(bad)


def test_launcher_tile_and_welcome_guide(browser, server, screenshot):
    browser.get(server.base_url + "/healthz")
    browser.delete_all_cookies()
    browser.get(server.base_url + "/")
    tile = browser.find_element(By.CSS_SELECTOR, "a.tile[href='/gaokao']")
    assert "豹考通" in tile.text
    screenshot("gaokao-01-launcher")
    mark(browser)
    tap(browser, tile)
    wait_new_page(browser, "the 豹考通 tile")
    assert urlparse(browser.current_url).path == "/gaokao/welcome"
    assert "欢迎使用豹考通" in text(browser)
    fits_phone(browser)
    screenshot("gaokao-02-welcome")
    # Every tap target is at least 44 px (the 下一页 link was 60×23).
    size = browser.find_element(By.CSS_SELECTOR, "a.gk-next").size
    assert size["width"] >= 44 and size["height"] >= 44, size
    # Swipe to the second page (the slides scroll-snap horizontally).
    browser.execute_script("document.querySelector('.gk-slides').scrollBy({left: window.innerWidth, behavior: 'instant'});")
    wait_for(browser, lambda d: d.execute_script("return document.querySelectorAll('.gk-dot')[1].classList.contains('is-active')"),
             message="the second dot is not active after swiping")
    screenshot("gaokao-03-welcome-swiped")
    mark(browser)
    tap(browser, browser.find_element(By.CSS_SELECTOR, "a.gk-skip"))
    wait_new_page(browser, "skip")
    assert urlparse(browser.current_url).path == "/gaokao"
    assert "省控线查询" in text(browser)
    # Not shown again.
    browser.get(server.base_url + "/gaokao")
    assert urlparse(browser.current_url).path == "/gaokao"
    screenshot("gaokao-04-home-empty-profile")


def test_fill_my_gaokao_with_range_check(browser, server, screenshot):
    browser.get(server.base_url + "/gaokao/profile")
    choose(browser, "province", "四川")
    choose(browser, "year", "2020")
    categories = [o.get_attribute("value") for o in Select(browser.find_element(By.NAME, "category")).options]
    assert categories == ["理科", "文科"], categories
    choose(browser, "category", "理科")
    batches = [o.get_attribute("value") for o in Select(browser.find_element(By.NAME, "batch")).options]
    assert "本科一批" in batches, batches
    choose(browser, "batch", "本科一批")
    score = browser.find_element(By.NAME, "score")
    score.clear()
    score.send_keys("800")
    # The browser would stop the form at max=…; the server must say the range itself, so submit without it.
    browser.execute_script("document.getElementById('gk-profile-form').noValidate = true;")
    submit(browser, "#gk-profile-form")
    assert "0–750" in text(browser), text(browser)[:500]
    screenshot("gaokao-05-profile-out-of-range")
    score = browser.find_element(By.NAME, "score")
    score.clear()
    score.send_keys("600")
    submit(browser, "#gk-profile-form")
    # Saved: back on 我的高考 with a confirmation (issue 28), then the home page shows the profile and its rank.
    assert urlparse(browser.current_url).path == "/gaokao/profile", browser.current_url
    assert "四川 · 2020 · 理科 · 600分" in browser.find_element(By.ID, "gk-saved").text
    browser.get(server.base_url + "/gaokao")
    body = text(browser)
    assert "四川 · 2020 · 理科" in body and "26236" in body, body[:400]
    screenshot("gaokao-06-home-with-profile")
    # A reform year changes the choices: 江苏 2021 offers 物理类/历史类.
    browser.get(server.base_url + "/gaokao/profile?" + urlencode({"province": "江苏", "year": "2021"}))
    categories = [o.get_attribute("value") for o in Select(browser.find_element(By.NAME, "category")).options]
    assert categories == ["物理类", "历史类"], categories
    screenshot("gaokao-07-profile-jiangsu-2021")


def test_recommendation(browser, server, screenshot):
    browser.get(server.base_url + "/gaokao/recommend")
    choose(browser, "tendency", "")
    submit(browser, "#gk-recommend-form")
    headers = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".list-header")]
    assert any(h.startswith("冲") for h in headers) and any(h.startswith("稳") for h in headers) and any(h.startswith("保") for h in headers), headers
    assert "位次法" in text(browser)
    fits_phone(browser)
    screenshot("gaokao-08-recommend-all")
    choose(browser, "tendency", "保守")
    choose(browser, "targetProvince", "四川")
    submit(browser, "#gk-recommend-form")
    headers = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".list-header")]
    assert len(headers) == 1 and headers[0].startswith("保"), headers
    screenshot("gaokao-09-recommend-safe-sichuan")
    first = browser.find_element(By.CSS_SELECTOR, ".list-group a.cell-body")
    mark(browser)
    tap(browser, first)
    wait_new_page(browser, "a recommended school")
    assert "历年投档线" in text(browser)
    screenshot("gaokao-10-school")


def test_prediction(browser, server, screenshot):
    browser.get(server.base_url + "/gaokao/predict")
    choose(browser, "batch", "本科一批")
    field = browser.find_element(By.NAME, "school")
    field.clear()
    field.send_keys("四川大学")
    submit(browser, "#gk-predict-form")
    values = [int(e.text) for e in browser.find_elements(By.CSS_SELECTOR, "#gk-prediction .gk-stat-value")]
    # The 20/50/80% quantiles of the 2020 line from 2018 and 2019 (the actual line was 638).
    assert len(values) == 3 and values[0] < values[1] < values[2] and values[0] <= 638 <= values[2], values
    assert "位次法" in text(browser) and "2018、2019" in text(browser) and "20%/50%/80% 分位" in text(browser)
    screenshot("gaokao-11-predict-sichuan-university")
    # A school without lines in 四川 本科一批: the student enters last year's line.
    field = browser.find_element(By.NAME, "school")
    field.clear()
    field.send_keys("不存在的大学")
    submit(browser, "#gk-predict-form")
    assert "没有“不存在的大学”可用的历年投档线" in text(browser)
    screenshot("gaokao-12-predict-no-data")
    line = browser.find_element(By.NAME, "line")
    line.clear()
    line.send_keys("600")
    submit(browser, "#gk-predict-form")
    assert "自填投档线" in text(browser)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#gk-prediction .gk-stat-value")) == 3
    screenshot("gaokao-13-predict-entered-line")


def test_query_pages(browser, server, screenshot):
    browser.get(server.base_url + "/gaokao/control-lines?" + urlencode({"province": "河南", "year": "2023"}))
    assert "514" in text(browser) and "本科一批" in text(browser)
    fits_phone(browser)
    screenshot("gaokao-14-control-lines")
    browser.get(server.base_url + "/gaokao/control-lines?" + urlencode({"province": "河南", "year": "2024", "category": "理科"}))
    # A year the province's data lack is named as the field, with the years there are (not a bare "暂无省控线").
    assert "年份（year）“2024”：河南的数据里没有" in text(browser) and "2025" in text(browser)
    screenshot("gaokao-15-control-lines-2024-none")
    browser.get(server.base_url + "/gaokao/admission-lines?" + urlencode({"province": "四川", "school": "四川大学", "year": "2020"}))
    assert "638" in text(browser) and "8497" in text(browser)
    fits_phone(browser)
    # Phone-fit (tester pass 11, finding 8: 最低分 was off-screen at 390 px): each line is a card, the first cell
    # (year · 科类 · 批次) heading it and every other cell a "header … value" line, so nothing scrolls sideways.
    assert "表格可左右滑动" not in text(browser)
    wrap = browser.find_element(By.CSS_SELECTOR, ".gk-table-wrap")
    assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", wrap)
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, ".gk-stacked tbody tr") if "638" in r.text)
    assert row.value_of_css_property("display") == "block"
    cells = row.find_elements(By.TAG_NAME, "td")
    assert cells[0].value_of_css_property("position") == "static" and cells[0].text.startswith("2020 · "), cells[0].text
    labels = [c.get_attribute("data-label") for c in cells[1:]]
    assert "最低分" in labels and "最低位次" in labels, labels
    for cell in cells[1:]:
        if cell.text:
            assert cell.value_of_css_property("display") == "flex", cell.get_attribute("data-label")
            assert cell.rect["x"] + cell.rect["width"] <= browser.execute_script("return innerWidth"), cell.get_attribute("data-label")
    lowest = next(c for c in cells if c.get_attribute("data-label") == "最低分")
    assert lowest.text == "638" and lowest.is_displayed(), lowest.text
    screenshot("gaokao-16-admission-lines")
    browser.execute_script("arguments[0].scrollIntoView()", row)
    screenshot("gaokao-16b-admission-lines-card")
    # 河南 is covered by extra/school_lines_2016_2020 (source labolado) and extra/school_lines_2021_2025 (lgh_site):
    # 郑州大学 2020 理科 本科一批 624 / 24312, 省控线 544 and 线差 +80 (the labolado rows carried none, issue 28).
    browser.get(server.base_url + "/gaokao/admission-lines?" + urlencode({"province": "河南"}))
    assert "河南收录了 3040 所院校的投档线" in text(browser), text(browser)[:300]
    browser.get(server.base_url + "/gaokao/admission-lines?" + urlencode({"province": "河南", "school": "郑州大学", "year": "2020"}))
    assert "624" in text(browser) and "24312" in text(browser) and "labolado" in text(browser)
    assert "544" in text(browser) and "+80" in text(browser), text(browser)[:800]
    screenshot("gaokao-17-admission-lines-henan")
    browser.get(server.base_url + "/gaokao/rank?" + urlencode({"province": "河南", "year": "2023", "category": "理科", "score": "600"}))
    assert "21690" in text(browser) and "669" in text(browser) and "589" in text(browser)
    screenshot("gaokao-18-rank")
    browser.get(server.base_url + "/gaokao/about")
    assert "luanche/gaokao-data" in text(browser)
    screenshot("gaokao-19-about")


def test_english_second(browser, server, screenshot):
    browser.get(server.base_url + "/gaokao/recommend?lang=en")
    try:
        body = text(browser)
        assert "Recommend" in body and "Reach" in body and "rank method" in body, body[:300]
        fits_phone(browser)
        screenshot("gaokao-20-recommend-english")
    finally:
        browser.get(server.base_url + "/gaokao?lang=zh")


def test_sichuan_2023_picks_match_their_bucket_with_the_age_warning(browser, server, screenshot):
    """四川 2023 理科 600: the newest 四川 school lines are from 2020, so the page warns; every pick's chance lies in
    its bucket's band (冲 20–50%, 稳 50–80%, 保 ≥ 80%); one-year picks are labelled and come last."""
    browser.get(server.base_url + "/gaokao/profile?" + urlencode({"province": "四川", "year": "2023", "category": "理科", "batch": "本科一批"}))
    score = browser.find_element(By.NAME, "score")
    score.clear()
    score.send_keys("600")
    submit(browser, "#gk-profile-form")
    browser.get(server.base_url + "/gaokao/recommend")
    warning = browser.find_element(By.ID, "gk-stale").text
    assert "2020" in warning and "2023" in warning, warning
    bands = {"冲": (20, 50), "稳": (50, 80), "保": (80, 101)}
    seen = set()
    for group in browser.find_elements(By.CSS_SELECTOR, "section.list-section"):
        header = group.find_elements(By.CSS_SELECTOR, ".list-header")
        if not header or header[0].text[:1] not in bands:
            continue
        low_confidence_seen = False
        for cell in group.find_elements(By.CSS_SELECTOR, ".cell"):
            badge = cell.find_element(By.CSS_SELECTOR, ".badge").text
            bucket, percent = badge.split()
            low, high = bands[bucket]
            assert bucket == header[0].text[:1] and low <= int(percent.rstrip("%")) < high, (header[0].text, badge)
            seen.add(bucket)
            low_confidence = "可信度低" in cell.text
            assert low_confidence or not low_confidence_seen, "a one-year pick came before a better-supported one"
            low_confidence_seen = low_confidence_seen or low_confidence
    assert seen == {"冲", "稳", "保"}, seen
    fits_phone(browser)
    screenshot("gaokao-21-sichuan-2023-stale-picks")
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight);")
    screenshot("gaokao-22-sichuan-2023-picks-end")


def test_school_trend_chart_and_985_filter(browser, server, screenshot):
    """四川大学 in 四川: 最低分 and 最低位次 by year as two SVG line charts, 中外合作办学 lines in a section of their
    own apart from 普通类; 学校推荐 filtered to 985 lists only 985 schools (universities.csv is_985). zh, en, dark,
    390 px."""
    browser.get(server.base_url + "/gaokao/school?" + urlencode({"province": "四川", "school": "四川大学"}))
    charts = browser.find_elements(By.CSS_SELECTOR, ".gk-trend figure.chart svg")
    assert len(charts) == 2, len(charts)
    for chart in charts:
        assert chart.find_elements(By.CSS_SELECTOR, "path.chart-line"), "a chart without a line"
        labels = [t.text for t in chart.find_elements(By.CSS_SELECTOR, "text.chart-label")]
        assert "2016" in labels and "2020" in labels, labels
    # admission_lines.csv: 四川大学 2020 理科 本科一批 普通类 638 — a point of the score chart.
    values = [t.text for t in charts[0].find_elements(By.CSS_SELECTOR, "text.chart-value")]
    assert "638" in values, values
    titles = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".section-title")]
    assert "四川历年投档线 · 普通类" in titles and "四川历年投档线 · 中外合作办学" in titles, titles
    assert titles.index("四川历年投档线 · 普通类") < titles.index("四川历年投档线 · 中外合作办学"), titles
    assert "985" in text(browser) and "211" in text(browser)
    fits_phone(browser)
    screenshot("gaokao-23-school-trend")

    browser.get(server.base_url + "/gaokao/recommend")
    choose(browser, "tendency", "")
    choose(browser, "targetProvince", "")
    choose(browser, "tag", "985")
    submit(browser, "#gk-recommend-form")
    picks = browser.find_elements(By.CSS_SELECTOR, "li.gk-pick")
    assert picks, text(browser)[:300]
    for pick in picks:
        tags = pick.find_element(By.CSS_SELECTOR, ".gk-pick-notes").text
        assert "985" in tags, (pick.text, tags)
    fits_phone(browser)
    screenshot("gaokao-24-recommend-985")

    browser.add_cookie({"name": "theme", "value": "dark"})
    try:
        browser.get(server.base_url + "/gaokao/school?" + urlencode({"province": "四川", "school": "四川大学", "lang": "en"}))
        body = text(browser)
        assert "Trend by year" in body and "Lowest rank" in body, body[:300]
        assert len(browser.find_elements(By.CSS_SELECTOR, ".gk-trend figure.chart svg")) == 2
        fits_phone(browser)
        screenshot("gaokao-25-school-trend-en-dark")
        browser.get(server.base_url + "/gaokao/recommend?" + urlencode({"tag": "985", "lang": "en"}))
        assert browser.find_elements(By.CSS_SELECTOR, "li.gk-pick .gk-pick-notes")
        assert Select(browser.find_element(By.NAME, "tag")).first_selected_option.text == "985"
        fits_phone(browser)
        screenshot("gaokao-26-recommend-985-en-dark")
    finally:
        browser.delete_cookie("theme")
        browser.get(server.base_url + "/gaokao?lang=zh")


def test_school_major_lines(browser, server, screenshot):
    """四川大学 for a 河北 student: its 2024 专业 lines (extra/major_lines_2024.csv, MIT) in a table whose first
    column stays put while the rest scrolls, the source, licence and years under it; 中山大学 for 广东 (Apache-2.0,
    2021–2024, average ranks). zh, en, dark, 390 px."""
    browser.get(server.base_url + "/gaokao/school?" + urlencode({"province": "河北", "school": "四川大学"}))
    titles = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".section-title")]
    assert "分专业录取线 · 河北考生" in titles, titles
    rows = [r.text for r in browser.find_elements(By.CSS_SELECTOR, ".gk-major-lines tbody tr")]
    assert len(rows) == 38, len(rows)
    # 7720872,河北,本科批,历史,不限,1924,24,四川大学,05,法学,(成都市),2024,640,603
    law = [r for r in rows if r.startswith("法学 2024 历史类 本科批 24组 不限 640 603")]
    assert law and law[0].endswith("(成都市)"), law
    caption = browser.find_element(By.CSS_SELECTOR, ".gk-major-lines .gk-caption").text
    assert "Jsoneft/gaokao-zhiyuan" in caption and "MIT" in caption and "2024" in caption, caption
    fits_phone(browser)
    browser.execute_script("document.querySelector('.gk-major-lines').scrollIntoView()")
    screenshot("gaokao-27-school-major-lines")

    browser.add_cookie({"name": "theme", "value": "dark"})
    try:
        browser.get(server.base_url + "/gaokao/school?" + urlencode({"province": "广东", "school": "中山大学", "lang": "en"}))
        body = text(browser)
        assert "Lines per major" in body and "Apache-2.0" in body, body[:300]
        rows = browser.find_elements(By.CSS_SELECTOR, ".gk-major-lines tbody tr")
        assert len(rows) == 205
        # On a phone each line is a card (tester pass 11, finding 8): the header reads beside each value.
        cell = next(c for c in rows[0].find_elements(By.TAG_NAME, "td") if c.get_attribute("data-label") == "Avg rank at min")
        assert cell.text and cell.value_of_css_property("display") == "flex", cell.text
        assert browser.execute_script("return getComputedStyle(arguments[0], '::before').content", cell) == '"Avg rank at min"'
        fits_phone(browser)
        browser.execute_script("document.querySelector('.gk-major-lines').scrollIntoView()")
        screenshot("gaokao-28-school-major-lines-en-dark")
    finally:
        browser.delete_cookie("theme")
        browser.get(server.base_url + "/gaokao?lang=zh")
