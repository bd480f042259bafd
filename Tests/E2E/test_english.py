"""影评 and 豹考通 in English on a 390×844 phone, light and dark, on the real imported data: English
labels are longer than Chinese ones, so no page may scroll sideways and no control, tab or heading may
stick out of the screen. Screenshots: artifacts/screenshots/english-*.png."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from selenium.webdriver.common.by import By

from browser_steps import path_of
from e2e_support import ServerProcess
from test_gaokao import choose, submit

# Every element whose box leaves the viewport, outside containers that scroll on purpose (tables,
# the welcome slides) and the off-screen skip link.
OUTSIDE_JS = """
const width = window.innerWidth;
const out = [];
// Inside a box that scrolls sideways (a table wrap, a strip of posters) content past the edge is meant to be
// scrolled to: it is that box, not the page, that must fit.
const scrollsSideways = (el) => {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const x = getComputedStyle(p).overflowX;
    if (x === 'auto' || x === 'scroll') return true;
  }
  return false;
};
for (const el of document.querySelectorAll('body *')) {
  if (el.closest('.gk-table-wrap, .gk-slides, .skip-link, .toasts, script') || scrollsSideways(el)) continue;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  if (r.left < -1 || r.right > width + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}: ${el.textContent.trim().slice(0, 40)}`);
}
return out;
"""

# Controls whose label is cut off: the text needs more room than the box gives it.
CLIPPED_JS = """
const out = [];
for (const el of document.querySelectorAll('.tab-label, .btn, .segment, .nav-action, .mv-bar-compose, .mv-stars-word, .gk-stat-label, .list-header, .cell-title')) {
  const r = el.getBoundingClientRect();
  if (r.width === 0) continue;
  if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis') out.push(`${el.className}: ${el.textContent.trim().slice(0, 40)}`);
}
return out;
"""


@pytest.fixture(scope="module")
def server(gaokao_server: ServerProcess) -> ServerProcess:
    """The run's server on the real gaokao and movies data (conftest's `gaokao_server`)."""
    return gaokao_server


@pytest.fixture(autouse=True)
def console_guard(browser):
    browser.get_log("browser")
    yield
    bad = [e["message"] for e in browser.get_log("browser")
           if "Content Security Policy" in e.get("message", "") or "Uncaught" in e.get("message", "")]
    assert not bad, "browser console:\n" + "\n".join(bad)


def english_pages(browser, base: str) -> list[tuple[str, str]]:
    """(name, path): the pages with the most English on them, after 我的高考 is filled in English."""
    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.add_cookie({"name": "lang", "value": "en", "path": "/"})
    browser.add_cookie({"name": "gk_welcomed", "value": "1", "path": "/"})
    browser.get(base + "/gaokao/profile")
    choose(browser, "province", "四川")
    choose(browser, "year", "2020")
    choose(browser, "category", "理科")
    choose(browser, "batch", "本科一批")
    score = browser.find_element(By.NAME, "score")
    score.clear()
    score.send_keys("600")
    submit(browser, "#gk-profile-form")
    # The first save returns to 我的高考 with its confirmation (issue 28).
    assert path_of(browser) == "/gaokao/profile", browser.current_url
    browser.get(base + "/movies")
    review = re.search(r"/movies/reviews/(\d+)", browser.page_source).group(1)
    # A comment without an account, so the comment list shows one (by "Anonymous").
    browser.get(base + f"/movies/reviews/{review}/compose")
    browser.find_element(By.NAME, "text").send_keys("配乐太动人了，看完想再听一遍。")
    submit(browser, "#compose")
    assert path_of(browser) == f"/movies/reviews/{review}/comments", browser.current_url
    assert "Comment posted" in browser.page_source and "Anonymous" in browser.page_source
    browser.get(base + "/movies/films?" + urlencode({"q": "绿皮书"}))
    film = re.search(r"/movies/films/(\d+)", browser.page_source).group(1)
    school = {"province": "四川", "school": "四川大学"}
    return [
        ("gaokao-welcome", "/gaokao/welcome"), ("gaokao-home", "/gaokao"), ("gaokao-profile", "/gaokao/profile"),
        ("gaokao-control-lines", "/gaokao/control-lines?" + urlencode({"province": "四川", "year": "2020"})),
        ("gaokao-admission-lines", "/gaokao/admission-lines?" + urlencode(school)),
        ("gaokao-rank", "/gaokao/rank?" + urlencode({"province": "四川", "year": "2020", "category": "理科", "score": "600"})),
        ("gaokao-recommend", "/gaokao/recommend"), ("gaokao-predict", "/gaokao/predict?" + urlencode({"school": "四川大学"})),
        ("gaokao-predict-no-data", "/gaokao/predict?" + urlencode({"school": "不存在的大学"})),
        ("gaokao-school", "/gaokao/school?" + urlencode({**school, "category": "理科", "batch": "本科一批"})),
        ("gaokao-majors", "/gaokao/majors"), ("gaokao-about", "/gaokao/about"),
        ("movies-feed", "/movies"), ("movies-reviews", "/movies/reviews"), ("movies-review", f"/movies/reviews/{review}"),
        ("movies-comments", f"/movies/reviews/{review}/comments"), ("movies-compose", f"/movies/reviews/{review}/compose"),
        ("movies-films", "/movies/films"), ("movies-film", f"/movies/films/{film}"), ("movies-more", "/movies/more"),
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_english_pages_fit_a_phone(browser, server, screenshot, scheme):
    pages = english_pages(browser, server.base_url)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        problems = []
        for name, path in pages:
            browser.get(server.base_url + path)
            assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en", path
            width = browser.execute_script("return document.documentElement.scrollWidth")
            inner = browser.execute_script("return window.innerWidth")
            if width > inner:
                problems.append(f"{path}: scrolls sideways ({width}px in {inner}px)")
            problems += [f"{path}: outside the screen: {item}" for item in browser.execute_script(OUTSIDE_JS)]
            problems += [f"{path}: label cut off: {item}" for item in browser.execute_script(CLIPPED_JS)]
            screenshot(f"english-{scheme}-{name}")
        assert not problems, "\n".join(problems)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
