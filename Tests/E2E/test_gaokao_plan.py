"""豹考通 志愿表 in headless Chromium on a 390 px phone, on the real imported data (issue 17: "the 志愿表 works end to end").

A 四川 2023 理科 本科一批 600 student, signed out, adds a 冲, a 稳 and a 保 pick from 学校推荐 and 四川大学 from its
school page; the list shows them in that order with their bands, the years used and the data-age warning; moves and
removes; the risk check's counts and "at least one 保" chance agree with the rows and with `/api/v1/gaokao/plan`; the
CSV (fetched with the browser's own cookies) and the print page hold the rows in the list's order. Signing up shows
the account's list (Plan.swift: the account when signed in, else the `gk_plan` cookie — nothing is copied); logging
out brings the browser's list back. English and dark mode, 44 px tap targets, no sideways scroll. An attacker's
input — a forged `return`, an unknown school, a bad name, an unknown action, a 31st 志愿, a POST without CSRF token —
gets a visible message or a 4xx, never a 500 (the server fixture fails on any 5xx in its log).
Screenshots: artifacts/screenshots/gaokao-plan-*.png."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from urllib.parse import urlencode, urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from browser_steps import mark, path_of, submit_login, tap, wait_for, wait_new_page
from e2e_support import PASSWORD, unique_name
# The module's server imports ../shared/data/gaokao like test_gaokao.py's; its page helpers and console guard too.
from test_gaokao import console_guard, fits_phone, server, submit, text  # noqa: F401  (fixtures used by name)

PROFILE = {"province": "四川", "year": "2023", "category": "理科", "batch": "本科一批"}
SCORE = "600"
BANDS = {"冲": "risky", "稳": "stable", "保": "safe"}
LABEL = {v: k for k, v in BANDS.items()}
CSV_HEADER = "序号,院校,专业组,生源地,年份,科类,批次,冲稳保,录取概率,预测线,依据年份,方法"

# What the tests learn on the way (the schools picked, in the order added), shared down the module.
state: dict = {}


# ---------------------------------------------------------------- helpers


def fetch(driver, path: str, method: str = "GET", form: dict | None = None, json_body=None,
          headers: dict | None = None) -> dict:
    """fetch() in the page with the browser's cookies (HttpOnly ones too): {status, contentType, location, body, head}.
    `head` is the first three bytes in hex (the CSV's byte-order mark)."""
    return driver.execute_async_script(
        """
        const [path, method, form, jsonBody, extra, done] = arguments;
        const headers = Object.assign({'Accept': 'application/json, text/html'}, extra || {});
        const init = {method, credentials: 'same-origin', redirect: 'manual', headers};
        if (form) { init.body = new URLSearchParams(form); }
        if (jsonBody !== null) { init.body = JSON.stringify(jsonBody); headers['Content-Type'] = 'application/json'; }
        fetch(path, init)
          .then(async r => {
            const bytes = new Uint8Array(await r.arrayBuffer());
            done({status: r.status, contentType: r.headers.get('content-type'), type: r.type,
                  head: Array.from(bytes.slice(0, 3)).map(b => b.toString(16).padStart(2, '0')).join(''),
                  body: new TextDecoder('utf-8', {ignoreBOM: false}).decode(bytes)});
          })
          .catch(e => done({error: String(e)}));
        """, path, method, form, json_body, headers)


def api_plan(driver) -> dict:
    r = fetch(driver, "/api/v1/gaokao/plan")
    assert r.get("status") == 200, r
    return json.loads(r["body"])


def csrf_token(driver) -> str:
    fields = driver.find_elements(By.CSS_SELECTOR, "input[type=hidden][name=csrf_token]")
    assert fields and fields[0].get_attribute("value"), f"no csrf_token on {path_of(driver)}"
    return fields[0].get_attribute("value")


def put_plan(driver, items: list[dict]) -> dict:
    """PUT /api/v1/gaokao/plan as the page's script would: the page's CSRF token in X-CSRF-Token."""
    return fetch(driver, "/api/v1/gaokao/plan", "PUT", json_body={"items": items},
                 headers={"X-CSRF-Token": csrf_token(driver)})


# app.js dismisses a toast after 4 s (errors 7 s): on a busy machine that can be before the page has finished loading,
# so every toast a page shows is recorded from the moment the parser inserts it.
RECORD_TOASTS = """
window.__e2eToasts = [];
new MutationObserver(records => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType !== 1) continue;
    for (const toast of [node, ...node.querySelectorAll('.toast')]) if (toast.matches('.toast')) window.__e2eToasts.push(toast);
  }
}).observe(document, {childList: true, subtree: true});
"""


@pytest.fixture(scope="module", autouse=True)
def toast_recorder(browser):
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_TOASTS})
    yield
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]})


def toasts(driver, role: str | None = None) -> list[str]:
    """The messages of the toasts this page showed (with `role`: only those of that ARIA role, alert for errors)."""
    return driver.execute_script(
        """
        return (window.__e2eToasts || []).filter(t => !arguments[0] || t.getAttribute('role') === arguments[0])
          .map(t => (t.querySelector('.toast-message') || t).textContent.trim()).filter(Boolean);""", role)


def open_plan(driver, server, query: str = "") -> None:
    driver.get(server.base_url + "/gaokao/plan" + query)
    assert path_of(driver) == "/gaokao/plan", driver.current_url


def plan_rows(driver) -> list[dict]:
    """The list as the page shows it: the exact entry (from the row's own forms), band, badge and detail line."""
    rows = []
    for li in driver.find_elements(By.CSS_SELECTOR, "#gk-plan li.gk-plan-row"):
        form = li.find_element(By.CSS_SELECTOR, "form.gk-plan-move")
        badge = li.find_elements(By.CSS_SELECTOR, ".gk-plan-badge")
        rows.append({
            "index": li.find_element(By.CSS_SELECTOR, ".gk-plan-index").text,
            "school": form.find_element(By.CSS_SELECTOR, "input[name=school]").get_attribute("value"),
            "group": form.find_element(By.CSS_SELECTOR, "input[name=group]").get_attribute("value"),
            "name": li.find_element(By.CSS_SELECTOR, ".gk-plan-name").text,
            "bucket": li.get_attribute("data-bucket"),
            "badge": badge[0].text if badge else "",
            "detail": li.find_element(By.CSS_SELECTOR, ".cell-subtitle").text,
        })
    return rows


def schools(rows: list[dict]) -> list[str]:
    return [r["school"] for r in rows]


def percent(badge: str) -> int:
    found = re.findall(r"(\d+)%", badge)
    assert found, badge
    return int(found[-1])


def row_button(driver, school: str, action: str):
    for li in driver.find_elements(By.CSS_SELECTOR, "#gk-plan li.gk-plan-row"):
        form = li.find_element(By.CSS_SELECTOR, "form.gk-plan-move")
        if form.find_element(By.CSS_SELECTOR, "input[name=school]").get_attribute("value") == school:
            return li.find_element(By.XPATH, f".//form[input[@name='action' and @value='{action}']]//button")
    raise AssertionError(f"{school} is not on the list: {schools(plan_rows(driver))}")


def press(driver, school: str, action: str) -> None:
    button = row_button(driver, school, action)
    assert button.is_enabled(), f"{action} of {school} is disabled"
    mark(driver)
    tap(driver, button)
    wait_new_page(driver, f"{action} {school}")
    assert path_of(driver) == "/gaokao/plan", driver.current_url


def stats(driver) -> dict[str, int]:
    out = {}
    for stat in driver.find_elements(By.CSS_SELECTOR, "#gk-plan-counts .gk-stat"):
        out[stat.find_element(By.CSS_SELECTOR, ".gk-stat-label").text] = int(stat.find_element(By.CSS_SELECTOR, ".gk-stat-value").text)
    return out


def any_admits(chances: list[float]) -> float:
    return 1 - math.prod(1 - c for c in chances)


def check_risk(driver, *, zh: bool = True) -> dict:
    """The risk check against the rows on the page and against the API's numbers for the same list."""
    rows = plan_rows(driver)
    plan = api_plan(driver)
    assert [i["school"] for i in plan["items"]] == schools(rows), (plan["items"], rows)
    for row, item in zip(rows, plan["items"]):
        assert row["bucket"] == (item["bucketCode"] or ""), (row, item)
        if item["probability"] is None:
            assert row["badge"] == "", row
        else:
            assert percent(row["badge"]) == round(item["probability"] * 100), (row, item)
    counted = Counter(r["bucket"] for r in rows if r["bucket"])
    shown = stats(driver)
    labels = ({"冲": "risky", "稳": "stable", "保": "safe"} if zh else {"Reach": "risky", "Match": "stable", "Safety": "safe"})
    assert set(shown) == set(labels), shown
    for label, code in labels.items():
        assert shown[label] == counted.get(code, 0) == plan[code], (label, shown, counted, plan)
    risk = driver.find_element(By.ID, "gk-plan-risk").text
    safe = [i["probability"] for i in plan["items"] if i["bucketCode"] == "safe"]
    every = [i["probability"] for i in plan["items"] if i["probability"] is not None]
    def shown(low: float, high: float) -> str:
        low, high = round(low * 100), round(high * 100)
        return f"{high}%" if low == high else f"{low}%–{high}%"

    if safe:
        # The page's range is the API's (both from one computation): from the best single 保 chance (lines moving
        # together, issue 28) to 1 − Π(1 − p) of the 保 rows (independent schools).
        expected = shown(plan["chanceAnySafeLow"], plan["chanceAnySafe"])
        phrase = f"至少一个“保”志愿录取的概率约 {expected}" if zh else f"Chance that at least one safety admits: about {expected}"
        assert phrase in risk, (phrase, risk)
        assert abs(plan["chanceAnySafeLow"] - max(safe)) <= 0.005, (plan["chanceAnySafeLow"], safe)
        assert abs(plan["chanceAnySafe"] - any_admits(safe)) <= 0.01 * len(safe), (plan["chanceAnySafe"], safe)
        assert all(p >= 0.8 for p in safe), safe
        assert plan["chanceAnySafe"] >= max(safe) - 0.005, (plan["chanceAnySafe"], safe)
    else:
        assert plan["chanceAnySafe"] is None
        assert ("没有“保”志愿" if zh else "No safety") in risk, risk
        assert "gk-warning" in driver.find_element(By.ID, "gk-plan-risk").get_attribute("class")
    if every:
        expected = shown(plan["chanceAnyLow"], plan["chanceAny"])
        phrase = f"至少一个志愿录取的概率约 {expected}" if zh else f"Chance that at least one choice admits: about {expected}"
        assert phrase in risk, (phrase, risk)
        assert ("同涨同跌" if zh else "moving exactly together") in risk, risk
        assert abs(plan["chanceAny"] - any_admits(every)) <= 0.01 * len(every), (plan["chanceAny"], every)
    return plan


def small_targets(driver, css: str) -> list[str]:
    """Visible elements matching `css` whose tap area is under 44×44 CSS px. The tap area is measured where a finger
    lands: from the element's centre, how far up, down, left and right `elementFromPoint` still hits it (a link whose
    box is one line of text but whose ::after covers its cell counts with the cell)."""
    return driver.execute_script(
        """
        const out = [];
        for (const el of document.querySelectorAll(arguments[0])) {
          const box = el.getBoundingClientRect();
          if (!box.width && !box.height) continue;
          el.scrollIntoView({block: 'center', inline: 'nearest', behavior: 'instant'});
          const r = el.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
          const hits = (x, y) => { const e = document.elementFromPoint(x, y); return !!e && (e === el || el.contains(e)); };
          const reach = (dx, dy) => { let n = 0; while (n < 120 && hits(cx + dx * (n + 1), cy + dy * (n + 1))) n++; return n; };
          if (!hits(cx, cy)) { out.push(`${el.textContent.trim()} is covered at its centre`); continue; }
          const w = Math.max(r.width, reach(-1, 0) + reach(1, 0) + 1), h = Math.max(r.height, reach(0, -1) + reach(0, 1) + 1);
          if (w < 44 || h < 44) out.push(`${el.textContent.trim() || el.getAttribute('aria-label')} ${Math.round(w)}×${Math.round(h)}`);
        }
        window.scrollTo(0, 0);
        return out;""", css)


def outside_viewport(driver) -> list[str]:
    """Plan rows and their parts that stick out of the 390 px viewport or overflow their own box."""
    return driver.execute_script(
        """
        const width = window.innerWidth, out = [];
        for (const el of document.querySelectorAll('#gk-plan, #gk-plan *, .gk-plan-summary, .gk-plan-summary *, .gk-plan-actions *')) {
          const r = el.getBoundingClientRect();
          if (!r.width || !r.height) continue;
          if (r.left < -1 || r.right > width + 1) out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}`);
        }
        for (const el of document.querySelectorAll('.gk-plan-name, .gk-plan-text .cell-subtitle, .gk-plan-badge')) {
          if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className} overflows: ${el.textContent}`);
        }
        // The school and its line get most of the row, not a 90 px column squeezed by the band and ↑ ↓ ✕.
        for (const el of document.querySelectorAll('#gk-plan .gk-plan-text')) {
          const w = el.getBoundingClientRect().width;
          if (w < width * 0.6) out.push(`.gk-plan-text only ${Math.round(w)}px wide: ${el.textContent}`);
        }
        return out;""")


def print_faults(driver) -> list[str]:
    """The print page on a phone: the whole table in view without scrolling it sideways (every column of the list
    printed and read), and the 打印 button inset from the screen's edge like the page's other content."""
    faults = []
    wrap = driver.find_element(By.CSS_SELECTOR, "#gk-print .gk-table-wrap")
    scroll, client = driver.execute_script("return [arguments[0].scrollWidth, arguments[0].clientWidth]", wrap)
    if scroll > client + 1:
        faults.append(f"the table scrolls sideways: {scroll}px in {client}px")
    broken = driver.execute_script(
        """
        const out = [];
        for (const cell of document.querySelectorAll('#gk-print .gk-table tr > :is(:nth-child(1), :nth-child(3), :nth-child(4), :nth-child(5))')) {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = new Set(Array.from(range.getClientRects(), r => Math.round(r.top)));
          if (lines.size > 1) out.push(cell.textContent);
        }
        return out;""")
    if broken:
        faults.append(f"short cells broken over two lines: {broken}")
    button = driver.find_element(By.CSS_SELECTOR, "#gk-print button[data-print]").rect
    table = wrap.rect
    if button["x"] < table["x"] - 1:
        faults.append(f"the 打印 button starts at {button['x']}px, left of the table's {table['x']}px")
    return faults


def pick_cells(driver) -> dict[str, list]:
    """学校推荐's picks by band: [(li, school, group, badge, add button)]."""
    out: dict[str, list] = {}
    for group in driver.find_elements(By.CSS_SELECTOR, "section.list-section"):
        header = group.find_elements(By.CSS_SELECTOR, ".list-header")
        if not header or header[0].text[:1] not in BANDS:
            continue
        for li in group.find_elements(By.CSS_SELECTOR, "li.gk-pick"):
            form = li.find_element(By.CSS_SELECTOR, "form.gk-plan-add")
            out.setdefault(BANDS[header[0].text[:1]], []).append((
                li, form.find_element(By.CSS_SELECTOR, "input[name=school]").get_attribute("value"),
                form.find_element(By.CSS_SELECTOR, "input[name=group]").get_attribute("value"),
                li.find_element(By.CSS_SELECTOR, ".badge").text, form.find_element(By.CSS_SELECTOR, "button")))
    return out


def tap_add(driver, button, what: str) -> None:
    assert button.text == "加入志愿表" and button.is_enabled(), (what, button.text)
    mark(driver)
    tap(driver, button)
    wait_new_page(driver, f"adding {what}")


def log_out(driver, server) -> None:
    driver.get(server.base_url + "/me")
    form = driver.find_element(By.CSS_SELECTOR, "form#logout-form")
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    asks = form.get_attribute("data-confirm") or button.get_attribute("data-confirm")
    mark(driver)
    tap(driver, button)
    if asks:  # app.js asks first (window.confirm)
        wait_for(driver, EC.alert_is_present(), message="the logout confirmation did not appear").accept()
    wait_new_page(driver, "logout")


# ---------------------------------------------------------------- 1. signed out


def test_signed_out_student_builds_a_list(browser, server, screenshot):
    browser.get(server.base_url + "/healthz")
    browser.delete_all_cookies()
    browser.add_cookie({"name": "gk_welcomed", "value": "1"})
    open_plan(browser, server)
    assert "志愿表是空的" in text(browser), text(browser)[:300]
    assert "未登录：保存在本浏览器中" in text(browser)
    screenshot("gaokao-plan-01-empty")

    # 我的高考 as test_gaokao.py sets it: the pickers from the query, the score typed.
    browser.get(server.base_url + "/gaokao/profile?" + urlencode(PROFILE))
    score = browser.find_element(By.NAME, "score")
    score.clear()
    score.send_keys(SCORE)
    submit(browser, "#gk-profile-form")
    assert "四川 · 2023 · 理科" in text(browser), text(browser)[:300]

    # 学校推荐: the first (best-supported) pick of each band that is not 四川大学, added in the order 冲, 稳, 保.
    browser.get(server.base_url + "/gaokao/recommend")
    picks = pick_cells(browser)
    assert set(picks) == {"risky", "stable", "safe"}, picks.keys()
    chosen = []
    for code in ("risky", "stable", "safe"):
        school, group, badge = next((s, g, b) for _, s, g, b, _ in pick_cells(browser)[code] if s != "四川大学")
        button = next(btn for _, s, g, _, btn in pick_cells(browser)[code] if (s, g) == (school, group))
        tap_add(browser, button, school)
        assert path_of(browser) == "/gaokao/recommend", browser.current_url
        assert f"已加入志愿表（第 {len(chosen) + 1} 个志愿）" in toasts(browser), toasts(browser)
        chosen.append({"school": school, "group": group, "bucket": code, "badge": badge})
        again = next(btn for _, s, g, _, btn in pick_cells(browser)[code] if (s, g) == (school, group))
        assert again.text == "已加入" and not again.is_enabled(), again.text
        if code == "risky":
            screenshot("gaokao-plan-02-recommend-added")

    # 四川大学 from its school page (the link 学校推荐 and 志愿表 use).
    browser.get(server.base_url + "/gaokao/school?" + urlencode({"province": "四川", "school": "四川大学", "category": "理科", "batch": "本科一批"}))
    add = browser.find_element(By.CSS_SELECTOR, "form.gk-plan-add button")
    tap_add(browser, add, "四川大学")
    assert path_of(browser) == "/gaokao/school", browser.current_url
    assert "已加入志愿表（第 4 个志愿）" in toasts(browser), toasts(browser)
    assert browser.find_element(By.CSS_SELECTOR, "form.gk-plan-add button").text == "已加入"
    screenshot("gaokao-plan-03-school-added")
    chosen.append({"school": "四川大学", "group": "", "bucket": None, "badge": None})
    state["chosen"] = chosen

    # The list: four in the order added, each with its band (as 学校推荐 showed it), the years used, and the age warning.
    open_plan(browser, server)
    rows = plan_rows(browser)
    assert schools(rows) == [c["school"] for c in chosen], rows
    assert [r["index"] for r in rows] == ["1", "2", "3", "4"]
    for row, pick in zip(rows[:3], chosen[:3]):
        assert row["bucket"] == pick["bucket"] and row["badge"] == pick["badge"], (row, pick)
    for row in rows:
        years = re.search(r"依据 (\d{4}(?:、\d{4})*) 年", row["detail"])
        assert years, row
        # 四川's school lines: every school to 2020, a few school-official ones (extra/school_lines_2021_2025) to 2022;
        # the best-supported picks come first, so a pick may use 2022 (the age warning below still counts the others).
        assert max(int(y) for y in years.group(1).split("、")) <= 2022, row
        assert "本科一批" in row["detail"] and "预测线" in row["detail"], row
    chuan = rows[3]
    if chuan["bucket"] == "":
        assert chuan["badge"] == "" or chuan["badge"].startswith("不足 10%"), chuan
    stale = browser.find_element(By.ID, "gk-stale").text
    assert "最新院校数据为 2020 年" in stale and "2023" in stale, stale
    assert "四川 · 2023 · 理科" in text(browser)
    check_risk(browser)
    fits_phone(browser)
    assert not outside_viewport(browser), outside_viewport(browser)
    screenshot("gaokao-plan-04-list")
    browser.execute_script("window.scrollTo(0, document.body.scrollHeight);")
    screenshot("gaokao-plan-05-list-end")


def test_reorder_remove_and_the_risk_check_follows(browser, server, screenshot):
    chosen = [c["school"] for c in state["chosen"]]
    risky, stable, safe, chuan = chosen
    open_plan(browser, server)
    assert not row_button(browser, risky, "up").is_enabled(), "the first row can move up"
    assert not row_button(browser, chuan, "down").is_enabled(), "the last row can move down"

    press(browser, safe, "up")
    assert "志愿表已更新" in toasts(browser), toasts(browser)
    assert schools(plan_rows(browser)) == [risky, safe, stable, chuan]
    press(browser, risky, "down")
    assert schools(plan_rows(browser)) == [safe, risky, stable, chuan]
    screenshot("gaokao-plan-06-moved")

    press(browser, stable, "remove")
    rows = plan_rows(browser)
    assert schools(rows) == [safe, risky, chuan], rows
    assert stats(browser)["稳"] == 0
    plan = check_risk(browser)
    assert plan["storedIn"] == "cookie" and plan["safe"] == 1
    # One 保: "at least one 保 admits" is that school's own chance.
    only = next(i for i in plan["items"] if i["bucketCode"] == "safe")
    assert plan["chanceAnySafe"] == only["probability"], plan
    assert browser.get_cookie("gk_plan") is not None, "the signed-out list is not in its cookie"
    screenshot("gaokao-plan-07-removed")
    state["browser_list"] = schools(rows)


def test_csv_and_print_hold_the_list_in_its_order(browser, server, screenshot):
    expected = state["browser_list"]
    open_plan(browser, server)
    rows = plan_rows(browser)
    link = browser.find_element(By.CSS_SELECTOR, ".gk-plan-actions a[href='/gaokao/plan.csv']")
    assert link.text == "导出 CSV"
    r = fetch(browser, "/gaokao/plan.csv")
    assert r["status"] == 200 and r["contentType"].startswith("text/csv"), r
    assert r["head"] == "efbbbf", f"no UTF-8 byte-order mark: {r['head']}"
    lines = r["body"].lstrip("\ufeff").split("\r\n")
    assert lines[0] == CSV_HEADER, lines[0]
    assert lines[-1] == "" and len(lines) == len(expected) + 2, lines
    cells = [line.split(",") for line in lines[1:-1]]
    assert [c[0] for c in cells] == ["1", "2", "3"] and [c[1] for c in cells] == expected, cells
    for c, row in zip(cells, rows):
        assert c[3:7] == ["四川", "2023", "理科", "本科一批"], c
        assert c[7] == LABEL.get(row["bucket"], ""), (c, row)
        if row["badge"]:
            assert c[8] == f"{percent(row['badge'])}%", (c, row)
        years = re.search(r"依据 (\d{4}(?:、\d{4})*) 年", row["detail"]).group(1)
        assert c[10] == years.replace("、", " "), (c, row)
        assert re.search(r"预测线 (\d+)", row["detail"]).group(1) == c[9], (c, row)

    browser.get(server.base_url + "/gaokao/plan/print")
    table = browser.find_elements(By.CSS_SELECTOR, "#gk-print .gk-table tbody tr")
    printed = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")] for tr in table]
    assert [p[1] for p in printed] == expected and [p[0] for p in printed] == ["1", "2", "3"], printed
    for p, c in zip(printed, cells):
        assert p[2] == (c[7] or "—") and p[3] == (c[8] or "—") and p[4] == c[9] and p[5] == c[10].replace(" ", "、"), (p, c)
    assert "四川 · 2023 · 理科" in text(browser) and browser.find_element(By.ID, "gk-stale")
    assert browser.find_element(By.CSS_SELECTOR, "#gk-print button[data-print]").text == "打印"
    fits_phone(browser)
    assert not print_faults(browser), print_faults(browser)
    screenshot("gaokao-plan-08-print")


# ---------------------------------------------------------------- 2. sign up, log out, log in


def test_signing_up_shows_the_accounts_list_and_the_browsers_comes_back_signed_out(browser, server, screenshot):
    """Plan.swift's PlanSource: the 志愿表 is the account's when signed in, else the `gk_plan` cookie's; nothing copies
    one into the other. A new account therefore starts with an empty list (我的高考 still comes from the cookie: an
    account without a profile falls back to it), and the browser's list is there again after logging out."""
    browser_list = state["browser_list"]
    cookie_before = browser.get_cookie("gk_plan")["value"]
    username = unique_name("plan")
    browser.get(server.base_url + "/register?" + urlencode({"next": "/gaokao/plan"}))
    form = browser.find_element(By.CSS_SELECTOR, "form#register-form")
    for name, value in (("username", username), ("password", PASSWORD), ("password_confirmation", PASSWORD)):
        form.find_element(By.CSS_SELECTOR, f"[name={name}]").send_keys(value)
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_new_page(browser, "sign up")
    assert path_of(browser) == "/gaokao/plan", browser.current_url
    body = text(browser)
    assert "保存在你的账号中" in body and "志愿表是空的" in body, body[:400]
    assert "四川 · 2023 · 理科" in body, body[:300]
    assert browser.get_cookie("gk_plan")["value"] == cookie_before, "signing up changed the browser's list"
    assert api_plan(browser)["storedIn"] == "account"
    screenshot("gaokao-plan-09-account-empty")

    # A 冲 pick into the account: no 保 in it, so the risk check warns.
    browser.get(server.base_url + "/gaokao/recommend?" + urlencode({"tendency": "冒险"}))
    _, school, group, badge, button = pick_cells(browser)["risky"][0]
    tap_add(browser, button, school)
    assert "已加入志愿表（第 1 个志愿）" in toasts(browser), toasts(browser)
    open_plan(browser, server)
    rows = plan_rows(browser)
    assert schools(rows) == [school] and rows[0]["bucket"] == "risky" and rows[0]["badge"] == badge, rows
    check_risk(browser)
    assert "滑档风险高" in browser.find_element(By.ID, "gk-plan-risk").text
    assert browser.get_cookie("gk_plan")["value"] == cookie_before, "an account change wrote the browser's list"
    screenshot("gaokao-plan-10-account-no-safe")
    state["account"] = {"username": username, "list": [school]}

    log_out(browser, server)
    open_plan(browser, server)
    assert schools(plan_rows(browser)) == browser_list, plan_rows(browser)
    assert "未登录：保存在本浏览器中" in text(browser)

    browser.get(server.base_url + "/login?" + urlencode({"next": "/gaokao/plan"}))
    submit_login(browser, username, PASSWORD)
    assert path_of(browser) == "/gaokao/plan", browser.current_url
    assert schools(plan_rows(browser)) == [school], plan_rows(browser)
    assert "保存在你的账号中" in text(browser)


# ---------------------------------------------------------------- 3. English, dark, tap targets, fit


def test_english_dark_tap_targets_and_fit(browser, server, screenshot):
    # The account (signed in above) gets the browser's three back plus its own 冲 pick, through the API.
    items = [{"school": s} for s in dict.fromkeys(state["browser_list"] + state["account"]["list"])]
    open_plan(browser, server)
    r = put_plan(browser, items)
    assert r["status"] == 200, r
    expected = [i["school"] for i in items]
    try:
        for lang, dark in (("zh", False), ("en", False), ("en", True), ("zh", True)):
            if dark:
                browser.add_cookie({"name": "theme", "value": "dark"})
            open_plan(browser, server, "?lang=" + lang)
            assert schools(plan_rows(browser)) == expected
            body = text(browser)
            if lang == "en":
                assert "My list" in browser.title or "My list" in body, body[:200]
                for phrase in ("Saved with your account", "Export CSV", "Print view", "Reach", "Match", "Safety"):
                    assert phrase in body, (phrase, body[:600])
                assert "Note: the newest school data are from 2020" in body
                check_risk(browser, zh=False)
            else:
                check_risk(browser)
            if dark:
                background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
                channels = [int(v) for v in re.findall(r"\d+", background)[:3]]
                assert max(channels) < 80, f"dark mode background is {background}"
            small = small_targets(browser, "#gk-plan button, .gk-plan-actions a, .gk-caption a, #gk-plan a.gk-plan-name")
            assert not small, f"tap targets under 44 px ({lang}, dark={dark}): {small}"
            fits_phone(browser)
            assert not outside_viewport(browser), outside_viewport(browser)
            screenshot(f"gaokao-plan-11-{lang}{'-dark' if dark else ''}")
            browser.get(server.base_url + "/gaokao/plan/print?lang=" + lang)
            fits_phone(browser)
            assert not print_faults(browser), print_faults(browser)
            if lang == "en":
                assert "My list (print)" in text(browser) or "Print" in text(browser)
            screenshot(f"gaokao-plan-12-print-{lang}{'-dark' if dark else ''}")
    finally:
        browser.delete_cookie("theme")
        browser.get(server.base_url + "/gaokao/plan?lang=zh")


# ---------------------------------------------------------------- 4. an attacker's input


def post_plan_form(driver, changes: dict[str, str], remove_csrf: bool = False) -> None:
    """Takes the first row's real ↑/↓/✕ form, rewrites its hidden fields as an attacker would, and submits it."""
    form = driver.find_element(By.CSS_SELECTOR, "#gk-plan form.gk-plan-move")
    driver.execute_script(
        """
        const [form, changes, removeCSRF] = arguments;
        for (const [name, value] of Object.entries(changes)) form.querySelector(`[name=${name}]`).value = value;
        if (removeCSRF) form.querySelector('[name=csrf_token]').remove();
        form.querySelectorAll('button').forEach(b => b.disabled = false);
        """, form, changes, remove_csrf)
    mark(driver)
    tap(driver, form.find_element(By.CSS_SELECTOR, "button"))
    wait_new_page(driver, f"posting {changes}")


def test_attackers_input_gets_a_message_never_a_500(browser, server, screenshot):
    open_plan(browser, server)
    before = schools(plan_rows(browser))
    origin = urlparse(server.base_url).netloc

    # A forged `return`: only /gaokao pages are places to go back to; anything else lands on the list.
    for forged in ("//evil.com", "https://evil.com", "/\\evil.com", "/gaokao//evil.com", "javascript:alert(1)"):
        open_plan(browser, server)
        post_plan_form(browser, {"action": "add", "school": before[0], "group": "", "return": forged})
        assert urlparse(browser.current_url).netloc == origin and path_of(browser) == "/gaokao/plan", (forged, browser.current_url)
        assert "已在志愿表中" in toasts(browser), (forged, toasts(browser))
    r = fetch(browser, "/gaokao/plan", "POST", {"action": "up", "school": before[1], "group": "", "return": "https://evil.com",
                                                 "csrf_token": csrf_token(browser)})
    assert r["type"] == "opaqueredirect" or r["status"] == 303, r
    open_plan(browser, server)
    assert schools(plan_rows(browser)) == [before[1], before[0]] + before[2:], "the forged-return move was not applied"
    post_plan_form(browser, {"action": "down", "school": before[1], "group": ""})
    assert schools(plan_rows(browser)) == before

    # A school the data does not have is refused with a message naming it (issue 28, outside test pass), nothing saved.
    post_plan_form(browser, {"action": "add", "school": "不存在的大学", "group": "", "return": "/gaokao/plan"})
    assert "没有“不存在的大学”这所院校的投档线（院校名须与投档线一致）。" in toasts(browser), toasts(browser)
    assert schools(plan_rows(browser)) == before
    # A real school without lines in the student's province (福建福耀科技大学: 2025 lines in 广西 and 湖南 only) is kept,
    # and says it has no lines.
    post_plan_form(browser, {"action": "add", "school": "福建福耀科技大学", "group": "", "return": "/gaokao/plan"})
    assert f"已加入志愿表（第 {len(before) + 1} 个志愿）" in toasts(browser), toasts(browser)
    rows = plan_rows(browser)
    unknown = rows[-1]
    assert unknown["school"] == "福建福耀科技大学" and unknown["bucket"] == "" and unknown["badge"] == "", unknown
    assert unknown["detail"] == "你的生源地和科类没有这所学校可用的投档线", unknown
    check_risk(browser)
    browser.execute_script("document.querySelector('#gk-plan li:last-child').scrollIntoView({block: 'center'})")
    screenshot("gaokao-plan-13-unknown-school")
    press(browser, "福建福耀科技大学", "remove")
    assert schools(plan_rows(browser)) == before

    # A name no school has (too long, a tab inside, empty) and an unknown action: a visible error, nothing saved.
    for school, group, message in (("大" * 61, "", "院校名须为 1–60 个字符"), ("四川\t大学", "", "院校名须为 1–60 个字符"),
                                   ("", "", "院校名须为 1–60 个字符"), (before[0], "12345678901", "院校名须为 1–60 个字符")):
        post_plan_form(browser, {"action": "add", "school": school, "group": group, "return": "/gaokao/plan"})
        assert any(message in t for t in toasts(browser, role="alert")), (school, toasts(browser))
    post_plan_form(browser, {"action": "delete-all", "school": before[0], "group": "", "return": "/gaokao/plan"})
    assert "未知的操作。" in toasts(browser, role="alert"), toasts(browser)
    screenshot("gaokao-plan-14-unknown-action")
    assert schools(plan_rows(browser)) == before

    # A POST without the CSRF token: 403 with a page that says what happened; the list is unchanged.
    post_plan_form(browser, {"action": "remove", "school": before[0], "group": ""}, remove_csrf=True)
    assert "无法完成操作" in text(browser) and "页面已过期或来源不可信" in text(browser), text(browser)[:300]
    screenshot("gaokao-plan-15-csrf")
    for form in ({"action": "remove", "school": before[0], "group": ""},
                 {"action": "remove", "school": before[0], "group": "", "csrf_token": "forged"}):
        r = fetch(browser, "/gaokao/plan", "POST", form)
        assert r["status"] == 403, r
    r = fetch(browser, "/api/v1/gaokao/plan", "PUT", json_body={"items": []})
    assert r["status"] == 403 and "application/problem+json" in r["contentType"], r
    assert [i["school"] for i in api_plan(browser)["items"]] == before

    # A 31st 志愿: the API refuses 31 with the limit's message; the 加入志愿表 button on a full list shows it.
    open_plan(browser, server)
    query = urlencode({**PROFILE, "score": SCORE, "tendency": "保守", "limit": "200"})
    safe = json.loads(fetch(browser, "/api/v1/gaokao/recommendations?" + query)["body"])["items"]
    names = list(dict.fromkeys(i["school"] for i in safe if not i.get("group")))
    assert len(names) >= 31, len(names)
    r = put_plan(browser, [{"school": n} for n in names[:31]])
    assert r["status"] == 422 and "application/problem+json" in r["contentType"], r
    assert [e["message"] for e in json.loads(r["body"])["errors"] if e["field"] == "items"] == ["志愿表最多 30 个志愿。"], r
    r = put_plan(browser, [{"school": n} for n in names[:30]])
    assert r["status"] == 200 and len(json.loads(r["body"])["items"]) == 30, r
    browser.get(server.base_url + "/gaokao/recommend?" + urlencode({"tendency": "冒险"}))
    _, school, _, _, button = next(p for p in pick_cells(browser)["risky"] if p[1] not in names[:30])
    tap_add(browser, button, school)
    assert path_of(browser) == "/gaokao/recommend", browser.current_url
    assert "志愿表最多 30 个志愿。" in toasts(browser, role="alert"), toasts(browser)
    screenshot("gaokao-plan-16-full")
    plan = api_plan(browser)
    assert len(plan["items"]) == 30 and school not in [i["school"] for i in plan["items"]], len(plan["items"])
    open_plan(browser, server)
    assert len(plan_rows(browser)) == 30
    check_risk(browser)
    fits_phone(browser)
    assert not outside_viewport(browser), outside_viewport(browser)
    browser.execute_script("document.querySelector('#gk-plan li:last-child').scrollIntoView({block: 'center'})")
    screenshot("gaokao-plan-17-thirty")
