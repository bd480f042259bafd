"""豹考通 for a 2026 student (issue 28) in headless Chromium on a 390 px phone, on the real imported data.

A 湖南 2026 物理类 600 student who comes straight to 我的高考 (no welcome yet): the score field shows its box before it
is tapped, 选科 is four 44 px checkboxes, saving returns to 我的高考 with a confirmation (it jumped to the welcome
carousel). 学校推荐 lists 院校专业组 picks from the 2021–2025 lines, each with its 选科 requirement, and every pick's
predicted rank is the rank of its predicted line in the 2026 一分一段表 (checked against /api/v1/gaokao/rank for every
pick); 冲 exactly when the line is above the score. The 志愿表 remembers the profile it was built for and says so when
the profile changes, re-scoring only on request. An attacker's 选科, group and year get a 422 naming the field. zh, en,
dark. Screenshots: artifacts/screenshots/gaokao-2026-*.png."""

from __future__ import annotations

import json
from urllib.parse import quote, urlencode, urlparse
from urllib.request import Request, urlopen
from urllib.error import HTTPError

from selenium.webdriver.common.by import By

from browser_steps import mark, tap, wait_new_page
# The module's server imports ../shared/data/gaokao like test_gaokao.py's; its page helpers and console guard too.
from test_gaokao import choose, console_guard, fits_phone, server, submit, text  # noqa: F401  (fixtures used by name)


def api(server, path: str, query: dict) -> tuple[int, dict]:
    try:
        with urlopen(Request(server.base_url + path + "?" + urlencode(query), headers={"Accept-Language": "zh-CN"}), timeout=30) as r:
            return r.status, json.loads(r.read())
    except HTTPError as error:
        return error.code, json.loads(error.read())


def assert_tap_targets(driver, css: str) -> None:
    for element in driver.find_elements(By.CSS_SELECTOR, css):
        size = element.size
        assert size["height"] >= 44, (css, element.text, size)


def test_first_save_returns_to_the_profile(browser, server, screenshot):
    browser.get(server.base_url + "/healthz")
    browser.delete_all_cookies()
    browser.get(server.base_url + "/gaokao/profile")
    choose(browser, "province", "湖南")
    assert browser.find_element(By.NAME, "year").get_attribute("value") == "2026"
    choose(browser, "category", "物理类")
    choose(browser, "batch", "本科批")
    score = browser.find_element(By.NAME, "score")
    # The empty score field has a visible box before it is tapped.
    assert score.value_of_css_property("background-color") not in ("rgba(0, 0, 0, 0)", "transparent")
    boxes = browser.find_elements(By.CSS_SELECTOR, "input[name=subjects]")
    assert [b.get_attribute("value") for b in boxes] == ["化学", "生物", "政治", "地理"]
    assert_tap_targets(browser, "label.gk-subject")
    fits_phone(browser)
    screenshot("gaokao-2026-01-profile-empty")
    score.send_keys("600")
    for box in boxes[:2]:
        tap(browser, box)
    submit(browser, "#gk-profile-form")
    assert urlparse(browser.current_url).path == "/gaokao/profile", browser.current_url
    saved = browser.find_element(By.ID, "gk-saved").text
    assert "湖南 · 2026 · 物理类 · 600分 · 物理+化学+生物" in saved, saved
    assert [b.get_attribute("value") for b in browser.find_elements(By.CSS_SELECTOR, "input[name=subjects]:checked")] == ["化学", "生物"]
    screenshot("gaokao-2026-02-profile-saved")
    # Saving counted as having seen the welcome: the home page opens.
    browser.get(server.base_url + "/gaokao")
    assert urlparse(browser.current_url).path == "/gaokao"


def test_group_picks_whose_rank_and_line_agree(browser, server, screenshot):
    browser.get(server.base_url + "/gaokao/recommend")
    body = text(browser)
    assert "2026 年一分一段" in body, body[:400]
    picks = browser.find_elements(By.CSS_SELECTOR, "li.gk-pick")
    assert len(picks) == 30, len(picks)
    for pick in picks:
        title = pick.find_element(By.CSS_SELECTOR, ".cell-title").text
        assert "组)" in title, title
        assert "选科" in pick.text, pick.text
        # The published line of the newest year used, with its source, beside the estimate.
        assert "年实际线" in pick.text and "（" in pick.text.split("年实际线")[1], pick.text
    assert any("2025" in p.text for p in picks)
    fits_phone(browser)
    screenshot("gaokao-2026-03-picks")
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight / 2);")
    screenshot("gaokao-2026-04-picks-middle")
    # Every pick, through the API: the rank is the line's 2026 rank, 冲 ⇔ the line is above 600, years 2021–2025.
    status, picks_json = api(server, "/api/v1/gaokao/recommendations", {
        "province": "湖南", "year": "2026", "category": "物理类", "batch": "本科批", "score": "600", "subjects": "化学,生物", "limit": "200"})
    assert status == 200, picks_json
    assert len(picks_json["items"]) > 30
    grouped = {item["school"] for item in picks_json["items"] if item["group"]}
    for item in picks_json["items"]:
        # A school whose lines here are school-level only stays a pick; one with group lines is picked by group.
        assert item["rankTableYear"] == 2026 and (item["group"] or item["school"] not in grouped), item
        assert all(2021 <= y <= 2025 for y in item["years"]), item
        status, rank = api(server, "/api/v1/gaokao/rank", {"province": "湖南", "year": "2026", "category": "物理类", "score": item["predictedScore"]})
        assert status == 200 and rank["rankBest"] <= item["predictedRank"] <= rank["rank"], (item, rank)
        assert (item["bucketCode"] == "risky") == (item["gap"] < 0), item
    # The school page of a pick: the lines with their source, tier and rank basis.
    first = browser.find_element(By.CSS_SELECTOR, "li.gk-pick a.cell-body")
    mark(browser)
    tap(browser, first)
    wait_new_page(browser, "a pick's school page")
    # The source by its human name with its tier, never the raw code; the prediction names the group it is for.
    assert "gaokao-zhiyuan-site 汇编 · 省考试院" in text(browser) and "lgh_site" not in text(browser), text(browser)[:600]
    assert "预测对象：" in text(browser) and "组" in text(browser).split("预测对象：")[1].split("\n")[0], text(browser)
    fits_phone(browser)
    screenshot("gaokao-2026-05-school")


def test_english_dark(browser, server, screenshot):
    browser.add_cookie({"name": "theme", "value": "dark"})
    try:
        browser.get(server.base_url + "/gaokao/recommend?lang=en")
        body = text(browser)
        assert "2026 table" in body and "group" in body and "subject" in body, body[:400]
        fits_phone(browser)
        screenshot("gaokao-2026-06-picks-en-dark")
        browser.get(server.base_url + "/gaokao/profile?lang=en")
        assert "Subjects" in text(browser)
        fits_phone(browser)
        screenshot("gaokao-2026-07-profile-en-dark")
    finally:
        browser.delete_cookie("theme")
        browser.get(server.base_url + "/gaokao?lang=zh")


def test_plan_remembers_its_profile(browser, server, screenshot):
    browser.get(server.base_url + "/gaokao/recommend")
    add = browser.find_element(By.CSS_SELECTOR, "li.gk-pick .gk-plan-add button")
    mark(browser)
    tap(browser, add)
    wait_new_page(browser, "加入志愿表")
    browser.get(server.base_url + "/gaokao/plan")
    assert "湖南 · 2026 · 物理类 · 600分" in text(browser)
    assert not browser.find_elements(By.ID, "gk-plan-changed")
    risk = browser.find_element(By.ID, "gk-plan-risk").text
    assert "至少一个志愿录取的概率约" in risk and "同涨同跌" in risk, risk
    # The profile changes: the list keeps its chances and says so.
    browser.get(server.base_url + "/gaokao/profile?" + urlencode({"province": "河南", "year": "2026", "category": "物理类", "batch": "本科批"}))
    score = browser.find_element(By.NAME, "score")
    score.clear()
    score.send_keys("560")
    submit(browser, "#gk-profile-form")
    browser.get(server.base_url + "/gaokao/plan")
    changed = browser.find_element(By.ID, "gk-plan-changed").text
    assert "河南 · 2026 · 物理类 · 560分" in changed and "湖南 · 2026 · 物理类 · 600分" in changed, changed
    assert "湖南 · 2026 · 物理类 · 600分" in browser.find_element(By.CSS_SELECTOR, ".gk-caption").text
    assert_tap_targets(browser, ".gk-rescore button")
    fits_phone(browser)
    screenshot("gaokao-2026-08-plan-profile-changed")
    submit(browser, ".gk-rescore")
    assert not browser.find_elements(By.ID, "gk-plan-changed")
    assert "河南 · 2026 · 物理类 · 560分" in browser.find_element(By.CSS_SELECTOR, ".gk-caption").text
    screenshot("gaokao-2026-09-plan-rescored")


def test_bad_input_is_a_422_naming_the_field(server):
    base = {"province": "湖南", "year": "2026", "category": "物理类", "batch": "本科批", "score": "600"}
    for query, field in [
        ({**base, "subjects": "化学"}, "subjects"),
        ({**base, "subjects": "历史,化学"}, "subjects"),
        ({**base, "year": "2030"}, "year"),
        ({**base, "category": "理科"}, "category"),
    ]:
        status, problem = api(server, "/api/v1/gaokao/recommendations", query)
        assert status == 422 and problem["errors"][0]["field"] == field, (query, problem)
    status, problem = api(server, "/api/v1/gaokao/prediction", {**base, "school": "中南大学", "group": "999"})
    assert status == 422 and problem["errors"][0]["field"] == "group", problem
    status, prediction = api(server, "/api/v1/gaokao/prediction", {**base, "school": "中南大学"})
    assert status == 200 and prediction["rankTableYear"] == 2026 and prediction["years"] == [2025], prediction
    status, problem = api(server, "/api/v1/gaokao/admission-lines", {"province": "湖南", "school": "中南大学", "group": "999"})
    assert status == 422 and problem["errors"][0]["field"] == "group", problem
    status, lines = api(server, "/api/v1/gaokao/admission-lines", {"province": "湖南", "school": "中南大学", "year": "2025", "group": "116"})
    assert status == 200 and lines["items"] and all(i["group"] == "116" and i["groupName"] for i in lines["items"]), lines
    status, problem = api(server, "/api/v1/gaokao/admission-lines", {"province": "湖南", "school": "中南大学", "year": "1999"})
    assert status == 422 and problem["errors"][0]["field"] == "year", problem


MAIN_PAGES = [
    ("home", "/gaokao"),
    ("profile", "/gaokao/profile"),
    ("recommend", "/gaokao/recommend"),
    ("plan", "/gaokao/plan"),
    ("school", "/gaokao/school?" + urlencode({"school": "中南大学", "province": "湖南"})),
    ("predict", "/gaokao/predict?" + urlencode({"school": "中南大学"})),
    ("rank", "/gaokao/rank"),
    ("control-lines", "/gaokao/control-lines"),
    ("admission-lines", "/gaokao/admission-lines"),
]


def test_main_pages_zh_en_dark(browser, server, screenshot):
    """The main pages for the student the tests above left (河南 2026 物理类 560, one 志愿): zh, en, dark, on
    the 390 px phone, each fitting it, without a 5xx and with its 44 px controls."""
    for theme, language in [(None, "zh"), (None, "en"), ("dark", "zh"), ("dark", "en")]:
        if theme:
            browser.add_cookie({"name": "theme", "value": theme})
        try:
            for name, path in MAIN_PAGES:
                browser.get(server.base_url + path + ("&" if "?" in path else "?") + "lang=" + language)
                body = text(browser)
                assert "500" not in browser.title and body.strip(), (path, body[:200])
                fits_phone(browser)
                assert_tap_targets(browser, "main button, main .btn")
                screenshot(f"gaokao-2026-pages-{name}-{language}{'-dark' if theme else ''}")
        finally:
            if theme:
                browser.delete_cookie("theme")
    browser.get(server.base_url + "/gaokao?lang=zh")


def test_a_value_the_data_lack_is_a_visible_message(browser, server, screenshot):
    """A batch the province-year lacks (河南 merged 一批/二批 into 本科批 for 2026) and a 科类 the year lacks (四川 2020
    had 文科/理科): the page shows a message naming the field, in zh and en, instead of silently using the profile's
    batch or every line; 390 px phone, nothing sideways. Screenshots gaokao-2026-10/11-*."""
    browser.get(server.base_url + "/healthz")
    browser.add_cookie({"name": "gk_profile", "value": quote("河南|2026|物理类|本科批|560", safe=""), "path": "/"})
    browser.add_cookie({"name": "gk_welcomed", "value": "1", "path": "/"})
    cases = [
        ("10-batch", "/gaokao/recommend?" + urlencode({"batch": "本科一批"}),
         "批次（batch）“本科一批”：河南 2026 物理类的数据里没有。有：本科批", "Batch (batch) “本科一批”: not in the data for 河南 2026 物理类."),
        ("11-category", "/gaokao/admission-lines?" + urlencode({"province": "四川", "school": "四川大学", "year": "2020", "category": "物理类"}),
         "科类（category）“物理类”：四川 2020的数据里没有。有：文科、理科", "Track (category) “物理类”: not in the data for 四川 2020. The data have: 文科, 理科"),
    ]
    for name, path, zh, en in cases:
        for language, words in [("zh", zh), ("en", en)]:
            browser.get(server.base_url + path + "&lang=" + language)
            alert = browser.find_element(By.ID, "gk-problems")
            assert alert.is_displayed() and words in alert.text, (path, language, alert.text)
            assert alert.get_attribute("role") == "alert"
            # No results below it: no picks, no line table.
            assert not browser.find_elements(By.CSS_SELECTOR, ".gk-pick, main table"), path
            fits_phone(browser)
            screenshot(f"gaokao-2026-{name}-message-{language}")


def test_line_tables_fit_the_phone(browser, server, screenshot):
    """Tester pass 11, finding 8: the 投档线 tables of the school page and 投档线查询 showed only 年份/科类/批次 and a cut
    专业组 at 390 px, 最低分 off-screen, and 专业组 as raw source titles (中南大学-湖南-物理类-物理+化学+生物（临床八年）).
    Now one card per line: every 最低分 on screen, no sideways scroll, titles without the school/province/科类 prefix;
    zh and en, light and dark. Screenshots gaokao-2026-12-*."""
    pages = [
        ("school", "/gaokao/school?" + urlencode({"province": "湖南", "school": "中南大学"})),
        ("lines", "/gaokao/admission-lines?" + urlencode({"province": "湖南", "school": "中南大学"})),
        ("school-hust", "/gaokao/school?" + urlencode({"province": "河南", "school": "华中科技大学", "category": "物理类"})),
    ]
    for theme, language in [(None, "zh"), ("dark", "en")]:
        if theme:
            browser.add_cookie({"name": "theme", "value": theme})
        try:
            for name, path in pages:
                browser.get(server.base_url + path + "&lang=" + language)
                fits_phone(browser)
                label = "最低分" if language == "zh" else "Min"
                cells = browser.find_elements(By.CSS_SELECTOR, f"table.gk-stacked td[data-label='{label}']")
                assert cells, (path, language)
                inner = browser.execute_script("return window.innerWidth")
                for cell in cells[:40]:
                    right = browser.execute_script("return arguments[0].getBoundingClientRect().right", cell)
                    assert cell.is_displayed() and right <= inner, (path, cell.text, right)
                for wrap in browser.find_elements(By.CSS_SELECTOR, ".gk-table-wrap"):
                    assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", wrap), path
                body = text(browser)
                assert "中南大学-湖南-" not in body and "华中科技大学2025河南普通批|" not in body, path
                screenshot(f"gaokao-2026-12-{name}-{language}{'-dark' if theme else ''}")
        finally:
            if theme:
                browser.delete_cookie("theme")


def _contrast(driver, element) -> float:
    """WCAG contrast of an element's text colour on its own background colour (both opaque here)."""
    return driver.execute_script("""
        const style = getComputedStyle(arguments[0]);
        const parse = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
        const a = lum(parse(style.color)), b = lum(parse(style.backgroundColor));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);""", element)


def test_badges_and_buttons_contrast(browser, server, screenshot):
    """Tester pass 11, finding 13: white on the orange badge was 2.06:1 in dark, on the red badge 3.41:1, on the dark
    primary button 3.65:1; 冲 was red on 学校推荐 and orange on the 志愿表. Every badge and primary button of the
    picks, school and 志愿表 pages reaches 4.5:1 in light and dark, and a 冲 badge has one colour on both pages."""
    browser.get(server.base_url + "/healthz")
    # A list of its own: test_plan_remembers_its_profile left the first pick in the 志愿表 (its button 已加入) and the
    # list re-scored for 河南 560 (no 冲 there).
    browser.delete_all_cookies()
    browser.add_cookie({"name": "gk_profile", "value": quote("湖南|2026|物理类|本科批|600", safe=""), "path": "/"})
    browser.add_cookie({"name": "gk_welcomed", "value": "1", "path": "/"})
    # The first pick listed is a 冲 one: add it to the 志愿表 with its own button (in Chinese, whatever an earlier test chose).
    browser.get(server.base_url + "/gaokao/recommend?lang=zh")
    assert browser.find_elements(By.CSS_SELECTOR, "main .cell-accessory .badge")[0].text.startswith("冲")
    submit(browser, "form.gk-plan-add")
    for theme in [None, "dark"]:
        if theme:
            browser.add_cookie({"name": "theme", "value": theme})
        try:
            colours = {}
            for name, path in [("recommend", "/gaokao/recommend"), ("plan", "/gaokao/plan"),
                               ("school", "/gaokao/school?" + urlencode({"province": "湖南", "school": "中南大学"}))]:
                browser.get(server.base_url + path)
                for element in browser.find_elements(By.CSS_SELECTOR, "main .badge, main .btn-primary"):
                    if element.is_displayed():
                        ratio = _contrast(browser, element)
                        assert ratio >= 4.5, (name, theme, element.text, round(ratio, 2))
                for element in browser.find_elements(By.CSS_SELECTOR, "main .badge"):
                    if element.text.startswith("冲"):
                        colours.setdefault(name, element.value_of_css_property("background-color"))
                screenshot(f"gaokao-2026-13-contrast-{name}{'-dark' if theme else ''}")
            assert colours.get("recommend") and colours.get("recommend") == colours.get("plan"), colours
        finally:
            if theme:
                browser.delete_cookie("theme")
