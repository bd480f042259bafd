"""Issue 30 in headless Chromium on a 390×844 phone: the pages this pass changed, in Chinese and English, light and
dark, on the real data — weather samples (dated as their recordings date them), pinyin search, the 爱限免 list with
countdowns at the data's time and an app page, the merchants' filters with their coverage, 猜你喜欢's own page.
Each page is checked for sideways overflow and for its issue-30 text. Screenshots: artifacts/screenshots/issue30-*.png.
The second tester pass (notes/issue30-tester-s11.md) added the checks after PAGES: provider names and inferred dates
on weather samples, translated tips, genre names, branch directions, 豆瓣用户, and the moderation journey (/me's
entries, the queue, the audit log, the author's and submitter's notices, a report's confirmation)."""

from __future__ import annotations

import subprocess
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, path_of
from e2e_support import ServerProcess, imported_server, shared_data, unique_name
from test_browser import assert_fits_phone, fill_and_submit, messages
from test_reply_push_report import login


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
    # Tester pass 11: provider names (item 7), an inferred recording date (12), the provider's tips in English (13),
    # imported authors (14).
    ("weather-owm", "/weather/samples/shanghai-owm", "约录制于 2021-03-11（由第一个预报时段推断）", "Recorded about 2021-03-11 (inferred from the first forecast slot)"),
    ("weather-owm-source", "/weather/samples/shanghai-owm", "数据来源：OpenWeatherMap", "Source: OpenWeatherMap"),
    ("weather-qweather-source", "/weather/samples/beijing-qweather", "数据来源：和风天气", "Source: QWeather"),
    ("weather-etouch-source", "/weather/samples/fengzhen-etouch", "数据来源：中华万年历 etouch", "Source: etouch (中华万年历)"),
    ("weather-webxml-tips", "/weather/samples/hangzhou-webxml", "洗车 · 不宜", "Car wash · Not advised"),
    ("weather-webxml-source", "/weather/samples/hangzhou-webxml", "数据来源：WebXml 天气服务", "Source: WebXml weather service"),
    ("movies-reviews", "/movies/reviews", "豆瓣用户", "Douban user"),
]

# Text a page must not show in either language: internal ids and the other language's words.
NOT_SHOWN = {
    "weather-owm-source": ["openweathermap"], "weather-qweather-source": ["qweather"], "weather-etouch-source": ["数据来源：etouch"],
    "weather-webxml-source": ["数据来源：webxml", "Source: webxml"], "movies-reviews": ["user_0"],
}
NOT_SHOWN_EN = {"weather-webxml-tips": ["洗车 · 不宜", "穿衣 · 舒适", "紫外线 · 弱"]}


@pytest.mark.parametrize("name,path,zh,en", PAGES, ids=[p[0] for p in PAGES])
def test_page_in_both_languages_and_themes(browser, server, screenshot, name, path, zh, en):
    for language, text in (("zh", zh), ("en", en)):
        browser.get(server.base_url + path + ("&" if "?" in path else "?") + "lang=" + language)
        body = browser.find_element(By.TAG_NAME, "body").text
        assert text in body, f"{path} ({language}): no {text!r}"
        for hidden in NOT_SHOWN.get(name, []) + (NOT_SHOWN_EN.get(name, []) if language == "en" else []):
            assert hidden not in body, f"{path} ({language}) shows {hidden!r}"
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


def test_genre_and_branch_and_retry(browser, server, screenshot):
    """Item 6: the app page names the genre as the list does (游戏); item 10: every search row for 麦当劳 says where the
    branch is (address, else the compass direction from the point the distances are measured from); item 9: the
    offline forecast's 重试 is at least 44 px tall."""
    for language, genre in (("zh", "游戏"), ("en", "Games")):
        browser.get(server.base_url + f"/appdeals/apps/281656475?lang={language}")
        facts = browser.find_element(By.CSS_SELECTOR, ".ad-facts").text
        assert genre in facts and (language == "en" or "Games" not in facts), facts
        screenshot(f"issue30-s11-pacman-{language}")
    for language, words in (("zh", ("方向",)), ("en", ("N", "E", "S", "W"))):
        browser.get(server.base_url + f"/merchants/search?q=%E9%BA%A6%E5%BD%93%E5%8A%B3&lang={language}")
        rows = browser.find_elements(By.CSS_SELECTOR, ".mx-item")
        assert len(rows) >= 40, len(rows)
        places = [r.find_element(By.CSS_SELECTOR, ".mx-item-place").text for r in rows if r.find_elements(By.CSS_SELECTOR, ".mx-item-place")]
        assert len(places) == len(rows), f"{len(rows) - len(places)} rows say nowhere"
        assert all(any(w in p for w in words) or len(p) > 4 for p in places), places
        assert len(set(places)) > 5, places
        assert_fits_phone(browser)
        screenshot(f"issue30-s11-mcd-search-{language}")
    for language, label in (("zh", "重试"), ("en", "Retry")):
        browser.get(server.base_url + f"/weather/forecast?place=330100&lang={language}")
        retry = [b for b in browser.find_elements(By.CSS_SELECTOR, ".state .btn") if b.text.strip() == label]
        assert retry, browser.find_element(By.TAG_NAME, "main").text
        assert retry[0].size["height"] >= 44 and retry[0].size["width"] >= 44, retry[0].size
        screenshot(f"issue30-s11-offline-{language}")


def test_forecast_problem_in_the_readers_language(server):
    """Item 8: the offline forecast's problem (title and detail) in the reader's language, no libcurl or English inside."""
    for language, title, foreign in (("zh", "暂时无法获取实时天气", ("unavailable", "could not", "server")), ("en", "Live weather unavailable", ("暂时", "连不上"))):
        answer = server.client.get("/api/v1/weather/forecast?place=330100", headers={"Accept-Language": language})
        assert answer.status == 503, answer.describe()
        problem = answer.json()
        assert problem["title"] == title, problem
        assert not any(word in problem["detail"] for word in foreign), problem
    assert "连不上天气数据源" in server.client.get("/api/v1/weather/forecast?place=330100", headers={"Accept-Language": "zh"}).json()["detail"]


def unique_ids(browser) -> list[str]:
    return browser.execute_script("""
        const seen = {}; const twice = [];
        document.querySelectorAll('[id]').forEach(e => { if (seen[e.id]) twice.push(e.id); seen[e.id] = true; });
        return twice;""")


def row_heights(browser, selector: str) -> list[float]:
    return [e.size["height"] for e in browser.find_elements(By.CSS_SELECTOR, selector)]


def test_moderation_journey(browser, server, screenshot):
    """Items 1–5 and 11 on one journey: alice comments, bob reports (a confirmation, then 已举报 for him) and submits a
    merchant with hours, phone and 人均; a moderator reaches the queue and inbox from /me, sees the submission's
    details under 通过 / 驳回, hides the comment, approves the merchant and reads the audit log in words; alice's
    notice quotes her comment and links to where it was; bob's links to the merchant, whose source names no account."""
    api = server.client
    alice, bob, mod = unique_name("alice"), unique_name("bob"), unique_name("mod")
    tokens = {}
    for name in (alice, bob, mod):
        answer = api.register(name)
        assert answer.status == 201, answer.describe()
        tokens[name] = answer.json()["token"]
    review = 7885559
    texts = [f"这部片子的配乐太好了 {unique_name('c')}", f"第二条评论 {unique_name('c')}"]
    ids = []
    for text in texts:
        answer = api.post(f"/api/v1/movies/reviews/{review}/comments", json_body={"text": text}, token=tokens[alice])
        assert answer.status == 201, answer.describe()
        ids.append(answer.json()["id"])
    shop = "步行面馆" + unique_name("")[-4:]
    answer = api.post("/api/v1/merchants/submissions", token=tokens[bob], json_body={
        "name": shop, "category": "restaurant", "lat": 31.2310, "lon": 121.4740, "address": "南京东路 100 号",
        "openingHours": "Mo-Su 10:00-22:00", "phone": "021-12345678", "pricePerPerson": 3500})
    assert answer.status == 201, answer.describe()
    granted = subprocess.run([str(server.binary), "user", "grant", mod, "moderator", "--data-dir", str(server.data_dir)],
                             capture_output=True, text=True, timeout=30)
    assert granted.returncode == 0, granted.stderr

    # Item 11: bob reports from the comments page and by the bare address /comments/{id}/report (no Referer):
    # both times a confirmation, and 已举报 instead of 举报 for him.
    login(browser, server, bob)
    browser.get(f"{server.base_url}/movies/reviews/{review}/comments")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, f"a[href='/comments/{ids[0]}/report']"), "the report page")
    fill_and_submit(browser, f"form[action='/comments/{ids[0]}/report']", {"reason": "广告"})
    assert any("已提交举报" in m for m in messages(browser)), messages(browser)
    screenshot("issue30-s11-reported-zh")
    browser.get(f"{server.base_url}/comments/{ids[1]}/report")
    fill_and_submit(browser, f"form[action='/comments/{ids[1]}/report']", {"reason": "剧透"})
    assert any("已提交举报" in m for m in messages(browser)), (path_of(browser), messages(browser))
    for comment_id in ids:
        item = browser.find_element(By.ID, f"comment-{comment_id}")
        assert "已举报" in item.text and not item.find_elements(By.CSS_SELECTOR, ".mv-report-link"), item.text

    # Item 1: /me leads to the inbox and, for a moderator, to the queue; both rows 44 px or taller.
    login(browser, server, mod)
    browser.get(server.base_url + "/me")
    links = {a.text.split("\n")[0]: a for a in browser.find_elements(By.CSS_SELECTOR, "a.cell-body")}
    assert "消息" in links and "内容审核" in links, list(links)
    assert links["消息"].size["height"] >= 44 and links["内容审核"].size["height"] >= 44
    screenshot("issue30-s11-me-moderator-zh")
    click_and_wait(browser, links["内容审核"], "the moderation queue")
    assert path_of(browser) == "/admin/moderation"

    # Item 5: the submission with its details, submitter and 通过 / 驳回; comments keep 保留 / 隐藏; ids unique.
    sections = browser.find_elements(By.CSS_SELECTOR, "section.moderation-item")
    submission = next(s for s in sections if shop in s.text)
    for part in ("营业时间：Mo-Su 10:00-22:00", "电话：021-12345678", "人均：¥35", "提交者：" + bob, "南京东路 100 号"):
        assert part in submission.text, submission.text
    buttons = [b.text for b in submission.find_elements(By.CSS_SELECTOR, "button")]
    assert "通过" in buttons and "驳回" in buttons and "保留" not in buttons, buttons
    comment = next(s for s in sections if texts[0] in s.text)
    assert {"保留", "隐藏"} <= {b.text for b in comment.find_elements(By.CSS_SELECTOR, "button")}
    assert unique_ids(browser) == [], unique_ids(browser)
    assert_fits_phone(browser)
    screenshot("issue30-s11-queue-zh")
    click_and_wait(browser, comment.find_element(By.CSS_SELECTOR, "button[value=hide]"), "hiding")
    submission = next(s for s in browser.find_elements(By.CSS_SELECTOR, "section.moderation-item") if shop in s.text)
    click_and_wait(browser, submission.find_element(By.CSS_SELECTOR, "button[value=approve]"), "approving")

    # Item 2: the audit log in words, linked.
    for language, words, ids_shown in (
            ("zh", ["隐藏", f"评论 #{ids[0]}", "通过", f"新商户", "「" + shop + "」", "授予角色", "命令行", "审核员"], ["grant-role", "(command line)", "comment movies/", "submission merchants/"]),
            ("en", ["Hid", f"comment #{ids[0]}", "Approved", "Granted a role", "Command line", "moderator"], ["grant-role", "(command line)", "隐藏"])):
        browser.get(server.base_url + f"/admin/moderation/audit?lang={language}")
        main = browser.find_element(By.TAG_NAME, "main").text
        for word in words:
            assert word in main, (word, main)
        for raw in ids_shown:
            assert raw not in main, (raw, main)
        assert browser.find_elements(By.CSS_SELECTOR, f"a[href='/comments/{ids[0]}']")
        published = [a for a in browser.find_elements(By.CSS_SELECTOR, "a.cell-body") if shop in a.text]
        assert published and "/merchants/" in published[0].get_attribute("href"), [a.get_attribute("href") for a in published]
        assert_fits_phone(browser)
        screenshot(f"issue30-s11-audit-{language}")

    # Item 3: alice is told which comment, where it was, and can go there.
    login(browser, server, alice)
    browser.get(server.base_url + "/me")
    click_and_wait(browser, next(a for a in browser.find_elements(By.CSS_SELECTOR, "a.cell-body") if a.text.startswith("消息")), "the inbox")
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "你的评论已被管理员隐藏" in main and "“" + texts[0] + "” · 发表在：再也不见的唢呐" in main, main
    screenshot("issue30-s11-inbox-hidden-zh")
    hidden = next(a for a in browser.find_elements(By.CSS_SELECTOR, "a.cell-body") if "你的评论已被管理员隐藏" in a.text)
    click_and_wait(browser, hidden, "the comment's place")
    assert path_of(browser) == f"/movies/reviews/{review}/comments", browser.current_url

    # Item 3 and 4: bob's approval links to the merchant, whose source names no account.
    login(browser, server, bob)
    browser.get(server.base_url + "/inbox")
    approved = next(a for a in browser.find_elements(By.CSS_SELECTOR, "a.cell-body") if "你的新商户已通过（" in a.text)
    click_and_wait(browser, approved, "the merchant")
    assert path_of(browser).startswith("/merchants/"), browser.current_url
    footer = browser.find_element(By.CSS_SELECTOR, ".mx-attribution").text
    assert "数据来源：本站用户提交" in footer and "user:" not in footer, footer
    screenshot("issue30-s11-merchant-user-zh")
    for dark in (False, True):
        set_theme(browser, dark)
        for language in ("zh", "en"):
            for path in ("/inbox", "/me"):
                browser.get(server.base_url + path + f"?lang={language}")
                assert_fits_phone(browser)
                screenshot(f"issue30-s11-{path.strip('/')}-{language}{'-dark' if dark else ''}")
    # The moderator's pages in both languages and themes: the queue's decided tabs and the audit log.
    login(browser, server, mod)
    for dark in (False, True):
        set_theme(browser, dark)
        for language in ("zh", "en"):
            for name, path in (("queue-approved", "/admin/moderation?state=approved"), ("queue-hidden", "/admin/moderation?state=hidden"),
                               ("audit", "/admin/moderation/audit"), ("me-mod", "/me")):
                browser.get(server.base_url + path + ("&" if "?" in path else "?") + f"lang={language}")
                assert_fits_phone(browser)
                assert unique_ids(browser) == [], (path, unique_ids(browser))
                screenshot(f"issue30-s11-{name}-{language}{'-dark' if dark else ''}")
    set_theme(browser, False)
    browser.get(server.base_url + "/?lang=zh")
