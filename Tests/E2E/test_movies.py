"""影评 in headless Chromium on a phone-sized screen, on the imported real data:
feed → review → font size → next review → comments → reply after login → compose → cancel,
plus favourites, the film library and the 更多 tab. Screenshots: artifacts/screenshots/movies-*.png."""

from __future__ import annotations

from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, mark, path_of, submit_login, tap, wait_for
from e2e_support import PASSWORD, ServerProcess, imported_server, shared_data, unique_name


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Our own server: the movies data is imported into its data directory before it starts."""
    yield from imported_server(tmp_path_factory.mktemp("movies"), [("movies", shared_data("movies/movies.csv") / "movies")], 120)


def css(driver, selector: str):
    return driver.find_element(By.CSS_SELECTOR, selector)


def assert_fits_phone(driver) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    assert width <= inner, f"{path_of(driver)} scrolls sideways: content {width}px wide in a {inner}px viewport"


def assert_tap_targets(driver, selector: str = ".mv-comment-actions a, .mv-comment-actions button, .mv-pager a, "
                       ".mv-bar-item, [data-font-step], .mv-film-link, .mv-all-replies") -> None:
    """Every control the app draws is at least 44 × 44 px (issue 18: 回复/编辑/删除 were 26 × 18)."""
    small = driver.execute_script("""
        return Array.from(document.querySelectorAll(arguments[0])).filter(function (el) {
          var r = el.getBoundingClientRect(); return r.width > 0 && (r.width < 44 || r.height < 44);
        }).map(function (el) { var r = el.getBoundingClientRect(); return el.textContent.trim() + ' ' + r.width + 'x' + r.height; });""", selector)
    assert not small, f"{path_of(driver)}: tap targets under 44 px: {small}"


def csp_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser")
            if e.get("level") == "SEVERE" and "favicon" not in e["message"]]


def test_feed_review_font_next_comments_reply_compose_cancel(browser, server, screenshot):
    base = server.base_url
    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.execute_script("try { localStorage.clear(); } catch (e) {}")
    browser.get_log("browser")

    # 首页: banner, 20 mixed cards (reviews, 短评 of many films), never three of one film in a row; 20 more at the bottom.
    browser.get(base + "/movies")
    assert css(browser, ".mv-banner .mv-banner-title").text
    cells = browser.find_elements(By.CSS_SELECTOR, "[data-list=feed] > li")
    assert len(cells) == 20
    first = browser.find_elements(By.CSS_SELECTOR, "[data-list=feed] > li.mv-cell:not(.mv-card-short):not(.mv-card-film)")[0]
    assert first.find_element(By.CSS_SELECTOR, ".mv-avatar").get_attribute("naturalWidth") != "0"
    assert first.find_element(By.CSS_SELECTOR, ".mv-poster").get_attribute("naturalWidth") != "0"
    assert first.find_element(By.CSS_SELECTOR, ".mv-stars").get_attribute("aria-label")
    assert browser.find_elements(By.CSS_SELECTOR, "[data-list=feed] > li.mv-card-short")
    tabs = [t.text for t in browser.find_elements(By.CSS_SELECTOR, ".tabbar .tab-label")]
    assert tabs == ["首页", "影评", "电影", "更多"]
    assert_fits_phone(browser)
    screenshot("movies-01-feed")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", css(browser, "a[data-more=feed]"))
    wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-list=feed] > li")) >= 40,
             message="reaching the bottom did not append 20 cards")
    films = [li.get_attribute("data-film") for li in browser.find_elements(By.CSS_SELECTOR, "[data-list=feed] > li")]
    runs = [films[i] for i in range(2, len(films)) if films[i] == films[i - 1] == films[i - 2]]
    assert not runs, f"three cards of one film in a row: {runs}"
    assert len(set(films)) >= 10, films
    assert path_of(browser) == "/movies"

    # 影评 tab: every review, newest first; page through all 302 with the button.
    browser.get(base + "/movies/reviews")
    while browser.find_elements(By.CSS_SELECTOR, "a[data-more=reviews]"):
        count = len(browser.find_elements(By.CSS_SELECTOR, "[data-list=reviews] > li"))
        link = browser.find_elements(By.CSS_SELECTOR, "a[data-more=reviews]")[0]
        browser.execute_script("arguments[0].click();", link)
        wait_for(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-list=reviews] > li")) > count
                 or not d.find_elements(By.CSS_SELECTOR, "a[data-more=reviews]"), message="load more stalled")
        wait_for(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "a[data-more=reviews][aria-busy=true]"))
    hrefs = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "[data-list=reviews] > li a.mv-cell-link")]
    assert len(hrefs) == 302 and len(set(hrefs)) == 302, len(hrefs)
    assert css(browser, ".mv-end").text == "没有更多了"

    # Review page.
    browser.get(base + "/movies/reviews")
    title = css(browser, "[data-list=reviews] > li .mv-title").text
    click_and_wait(browser, css(browser, "[data-list=reviews] > li a.mv-cell-link"), "open review")
    assert path_of(browser).startswith("/movies/reviews/")
    review_path = path_of(browser)
    assert css(browser, ".mv-review-title").text == title
    assert "北京时间" in css(browser, ".mv-review-time").text
    assert_fits_phone(browser)
    assert_tap_targets(browser)
    screenshot("movies-02-review")

    # Tapping the body toggles full-screen reading (bars hidden), tapping again brings them back.
    tap(browser, css(browser, "[data-body] p"))
    assert "mv-reading" in css(browser, "body").get_attribute("class")
    assert not css(browser, ".mv-bottombar").is_displayed()
    css(browser, "[data-body] p").click()
    assert css(browser, ".mv-bottombar").is_displayed()

    # Poster overlay.
    tap(browser, css(browser, "a[data-overlay]"))
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".mv-overlay img"), message="no poster overlay")
    screenshot("movies-03-poster-overlay")
    css(browser, ".mv-overlay").click()
    assert not browser.find_elements(By.CSS_SELECTOR, ".mv-overlay")

    # A+ twice: 3 → 5, remembered across pages.
    body = css(browser, "[data-body]")
    assert "mv-font-3" in body.get_attribute("class")
    plus = css(browser, "[data-font-step='1']")
    plus.click()
    plus.click()
    assert "mv-font-5" in css(browser, "[data-body]").get_attribute("class")
    screenshot("movies-04-review-font-larger")

    # Swiping left opens the next review, swiping right goes back (touch events through the DevTools protocol).
    def swipe(x0: int, x1: int, to: str) -> None:
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": 500}]})
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": (x0 + x1) // 2, "y": 502}]})
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x1, "y": 504}]})
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        # (Going back may come from the back/forward cache, so wait for the address, not for a fresh document.)
        wait_for(browser, lambda d: path_of(d) == to and d.execute_script("return document.readyState") == "complete",
                 message=f"swipe did not open {to} (at {browser.current_url})")
    expected_next = css(browser, "[data-review]").get_attribute("data-next")
    swipe(330, 60, expected_next)
    swipe(60, 330, review_path)
    wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "a.mv-next"))

    # Next review (the link) keeps the font size.
    click_and_wait(browser, css(browser, "a.mv-next"), "next review")
    assert path_of(browser) != review_path
    assert "mv-font-5" in css(browser, "[data-body]").get_attribute("class")
    next_path = path_of(browser)
    css(browser, "[data-font-step='-1']").click()
    css(browser, "[data-font-step='-1']").click()

    # Comments page (empty), then an anonymous comment through compose.
    assert not browser.find_elements(By.CSS_SELECTOR, ".mv-bar-comments .mv-badge"), "a red 0 badge"
    click_and_wait(browser, css(browser, "a.mv-bar-comments"), "comments")
    assert path_of(browser) == next_path + "/comments"
    screenshot("movies-05-comments-empty")
    click_and_wait(browser, css(browser, "a.mv-bar-compose"), "compose")
    area = css(browser, "textarea[name=text]")
    assert browser.execute_script("return document.activeElement.name") == "text", "compose field has no keyboard focus"
    assert area.get_attribute("placeholder")
    text = "匿名评论：<b>不是粗体</b> 想嫁<3 ✍🏼"
    browser.execute_script("arguments[0].value = arguments[1];", area, text)
    screenshot("movies-06-compose")
    click_and_wait(browser, css(browser, "button.mv-submit"), "submit comment")
    assert path_of(browser) == next_path + "/comments"
    comment = css(browser, "[data-list=comments] > li")
    assert comment.find_element(By.CSS_SELECTOR, ".mv-comment-text").text == text
    assert comment.find_element(By.CSS_SELECTOR, ".mv-user").text == "匿名用户"
    screenshot("movies-07-comment-posted")

    # Tapping the comment to reply sends the logged-out visitor to login, then back to the reply form.
    username = unique_name("mv")
    assert server.client.register(username, PASSWORD).status == 201
    click_and_wait(browser, comment.find_element(By.CSS_SELECTOR, "a.mv-comment-tap"), "tap comment")
    assert path_of(browser) == "/login"
    submit_login(browser, username, PASSWORD)
    assert path_of(browser) == next_path + "/compose", browser.current_url
    assert "parent=" in browser.current_url
    reply_text = "登录后的回复 🎬"
    css(browser, "textarea[name=text]").send_keys(reply_text)
    click_and_wait(browser, css(browser, "button.mv-submit"), "submit reply")
    reply = css(browser, "[data-list=comments] > li .mv-replies > li")
    assert reply.find_element(By.CSS_SELECTOR, ".mv-comment-text").text == reply_text
    assert "回复" in reply.text
    assert_fits_phone(browser)
    assert_tap_targets(browser)
    screenshot("movies-08-reply-after-login")

    # Compose → cancel saves nothing.
    click_and_wait(browser, css(browser, "a.mv-bar-compose"), "compose again")
    css(browser, "textarea[name=text]").send_keys("这条不会保存")
    click_and_wait(browser, css(browser, "a.mv-cancel"), "cancel")
    assert path_of(browser) == next_path + "/comments"
    assert "这条不会保存" not in browser.page_source
    screenshot("movies-09-after-cancel")

    # Favourite from the review page, then see it under 更多 → 我的收藏.
    browser.get(base + next_path)
    assert css(browser, ".mv-bar-comments .mv-badge").text == "2"
    click_and_wait(browser, css(browser, "button.mv-fav"), "favourite")
    assert css(browser, "button.mv-fav").get_attribute("aria-pressed") == "true"
    screenshot("movies-10-review-favourited")
    # Share (signed in): the Web Share API gets the stable short link; the link opens the review.
    browser.execute_script("window.__shared = null; navigator.share = function (d) { window.__shared = d; return Promise.resolve(); };")
    tap(browser, css(browser, "a.mv-share"))
    shared = wait_for(browser, lambda d: d.execute_script("return window.__shared;"), message="navigator.share was not called")
    assert "/s/" in shared["url"], shared
    # Without the Web Share API the link is copied (or shown) in a toast.
    browser.execute_script("delete Navigator.prototype.share; navigator.share = undefined;")
    tap(browser, css(browser, "a.mv-share"))
    wait_for(browser, lambda d: "/s/" in d.find_element(By.CSS_SELECTOR, ".toasts").text, message="no toast with the link")
    screenshot("movies-10b-share-copied")
    mark(browser)
    browser.get(shared["url"])
    wait_for(browser, lambda d: path_of(d) == next_path, message=f"share link did not open the review ({browser.current_url})")

    browser.get(base + "/movies/more")
    assert css(browser, ".list-section").text
    assert any("我的收藏" in h.text for h in browser.find_elements(By.CSS_SELECTOR, ".list-header"))
    screenshot("movies-11-more")
    assert not csp_errors(browser), csp_errors(browser)


def test_film_library_search_and_film_page(browser, server, screenshot):
    base = server.base_url
    browser.get(base + "/movies/films")
    assert len(browser.find_elements(By.CSS_SELECTOR, "[data-list=films] > li")) == 20
    box = css(browser, "form.mv-search input[name=q]")
    box.send_keys("绿皮书")
    click_and_wait(browser, css(browser, "form.mv-search button"), "search")
    screenshot("movies-12-film-search")
    click_and_wait(browser, css(browser, "[data-list=films] > li a"), "open film")
    assert css(browser, ".mv-film-title").text == "绿皮书"
    assert css(browser, ".mv-score").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "[data-list=short] > li")) == 20
    assert_fits_phone(browser)
    screenshot("movies-13-film")
    assert_tap_targets(browser, ".segment")
    newest = [s for s in browser.find_elements(By.CSS_SELECTOR, ".segment") if s.text == "最新"][0]
    click_and_wait(browser, newest, "sort new")
    assert "sort=new" in browser.current_url
    screenshot("movies-14-film-new")


def test_logged_out_favourite_and_share_go_to_login(browser, server):
    base = server.base_url
    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.get(base + "/movies/reviews/7885559")
    click_and_wait(browser, css(browser, "a.mv-fav"), "favourite logged out")
    assert path_of(browser) == "/login"
    assert "next=%2Fmovies%2Freviews%2F7885559" in browser.current_url
    browser.get(base + "/movies/reviews/7885559")
    click_and_wait(browser, css(browser, "a.mv-share"), "share logged out")
    assert path_of(browser) == "/login"


def test_the_longest_review_and_dark_mode(browser, server, screenshot):
    base = server.base_url
    browser.get(base + "/movies/reviews/7883050")
    assert len(css(browser, "[data-body]").text) > 20000
    assert_fits_phone(browser)
    browser.add_cookie({"name": "theme", "value": "dark", "path": "/"})
    browser.get(base + "/movies")
    assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
    screenshot("movies-15-feed-dark")
    browser.get(base + "/movies/reviews/7883050")
    screenshot("movies-16-review-dark")
    browser.delete_cookie("theme")


def test_a_new_user_rates_writes_marks_votes_and_sees_their_profile(browser, server, screenshot):
    """Issue 18's "done when": a new user rates a film, writes a 短评 and a review, marks 想看/看过, votes 有用
    and sees their profile, on a 390 px phone."""
    base = server.base_url
    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    username = unique_name("mvnew")
    assert server.client.register(username, PASSWORD).status == 201
    browser.get(base + "/login?next=%2Fmovies%2Ffilms%2F26266893")
    submit_login(browser, username, PASSWORD)
    assert path_of(browser) == "/movies/films/26266893"

    # 看过 with four stars (Douban's 10-point scale shows 8.0) and a 短评 with an HTML-looking word.
    tap(browser, css(browser, "label[for=status-seen]"))
    tap(browser, css(browser, "label[for=rate-4]"))
    assert css(browser, "#rate-4").is_selected()
    short = "看过：<b>壮观</b>的太空电梯 🚀"
    css(browser, "textarea[name=comment]").send_keys(short)
    assert_tap_targets(browser, ".mv-rate-star, .mv-status-label, .mv-mark .btn")
    screenshot("movies-20-mark-form")
    click_and_wait(browser, css(browser, ".mv-mark button.mv-submit"), "save mark")
    assert "本站 1 人评分 8.0" in css(browser, ".mv-local-rating").text
    mine = [c for c in browser.find_elements(By.CSS_SELECTOR, "[data-list=short] > li") if short in c.text]
    assert mine, "the new 短评 is not in the newest list"
    assert_fits_phone(browser)
    # The author's name on their 短评 links to their profile: a 44 px target in the film page's smaller type too.
    assert_tap_targets(browser, "[data-list=short] .mv-user-link")
    screenshot("movies-21-marked-seen")

    # Another film: 想看.
    browser.get(base + "/movies/films/27060077")
    tap(browser, css(browser, "label[for=status-wish]"))
    click_and_wait(browser, css(browser, ".mv-mark button.mv-submit"), "save wish")
    assert css(browser, "#status-wish").is_selected()

    # A review of the first film: a draft first, then published with the spoiler flag.
    browser.get(base + "/movies/films/26266893/write")
    css(browser, "input[name=title]").send_keys("流浪地球的勇气")
    css(browser, "textarea[name=body]").send_keys("第一段：<script>alert(1)</script>")
    # Text typed but never sent (a refused submit, a closed tab) is back when the editor opens again empty.
    browser.get(base + "/movies/films/26266893/write")
    assert css(browser, "input[name=title]").get_attribute("value") == "流浪地球的勇气"
    assert css(browser, "textarea[name=body]").get_attribute("value") == "第一段：<script>alert(1)</script>"
    click_and_wait(browser, css(browser, "button.mv-save-draft"), "save draft")
    assert "草稿保存于" in css(browser, ".mv-draft-saved").text
    body = css(browser, "textarea[name=body]")
    body.send_keys("\n\n第二段：带上地球去流浪。")
    tap(browser, css(browser, "label[for=rate-5]"))
    tap(browser, css(browser, ".mv-check input[name=spoiler]"))
    screenshot("movies-22-editor")
    click_and_wait(browser, css(browser, "button.mv-submit"), "publish")
    assert path_of(browser).startswith("/movies/reviews/")
    assert css(browser, ".mv-spoiler").text == "这篇影评可能有剧透"
    paragraphs = [p.text for p in browser.find_elements(By.CSS_SELECTOR, "[data-body] p")]
    assert paragraphs == ["第一段：<script>alert(1)</script>", "第二段：带上地球去流浪。"], paragraphs
    assert_tap_targets(browser, ".mv-vote, .mv-own-actions .btn, .mv-user-link")
    assert not browser.find_elements(By.CSS_SELECTOR, ".mv-vote"), "no 有用/没用 buttons on one's own review"
    assert "有用 0 · 没用 0" in css(browser, ".mv-votes-bar").text
    screenshot("movies-23-own-review")

    # 有用 on someone else's review: pressed, the count one higher; not offered on one's own.
    browser.get(base + "/movies/reviews/7885559")
    button = css(browser, "button.mv-vote[data-vote=useful]")
    before = int(button.text.split()[-1])
    click_and_wait(browser, button, "vote useful")
    button = css(browser, "button.mv-vote[data-vote=useful]")
    assert button.get_attribute("aria-pressed") == "true" and int(button.text.split()[-1]) == before + 1
    screenshot("movies-24-voted-useful")

    # The profile: counts, 看过 with the stars and 短评, 想看, the review.
    browser.get(base + "/movies/more")
    click_and_wait(browser, [a for a in browser.find_elements(By.CSS_SELECTOR, "a") if a.get_attribute("href") and a.get_attribute("href").endswith("/movies/me")][0], "my films")
    assert path_of(browser).startswith("/movies/users/")
    counts = css(browser, ".mv-profile-head .mv-meta").text
    assert "看过 1" in counts and "想看 1" in counts and "影评 1" in counts and "短评 1" in counts, counts
    assert short in browser.page_source.replace("&lt;", "<").replace("&gt;", ">")
    assert_fits_phone(browser)
    screenshot("movies-25-profile")
    browser.add_cookie({"name": "theme", "value": "dark", "path": "/"})
    browser.refresh()
    screenshot("movies-26-profile-dark")
    browser.delete_cookie("theme")
    assert not csp_errors(browser), csp_errors(browser)


def test_the_top_list_with_its_formula_and_filters(browser, server, screenshot):
    """The Top list: weighted rating with C and m stated, filtered by genre, decade and score, zh/en, dark."""
    base = server.base_url
    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.get(base + "/movies/films")
    click_and_wait(browser, css(browser, ".mv-top-link a"), "top list")
    assert path_of(browser) == "/movies/top"
    formula = css(browser, ".mv-formula").text
    assert "C = 7.46" in formula and "m = 175,095" in formula and "2,065" in formula, formula
    titles = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "[data-list=top] .cell-title")]
    assert titles[:3] == ["肖申克的救赎", "霸王别姬", "泰坦尼克号"], titles[:3]
    places = [e.text.split(" · ")[0] for e in browser.find_elements(By.CSS_SELECTOR, "[data-list=top] .cell-subtitle")]
    assert places[:3] == ["第 1 名", "第 2 名", "第 3 名"], places[:3]
    assert_fits_phone(browser)
    assert_tap_targets(browser, ".mv-select, .mv-filter .btn, [data-list=top] a")
    screenshot("movies-30-top")

    for name, value in (("genre", "科幻"), ("decade", "2010"), ("min", "8")):
        browser.execute_script("var s = arguments[0]; s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
                               css(browser, f".mv-filter select[name={name}]"), value)
    click_and_wait(browser, css(browser, ".mv-filter button[type=submit]"), "filter")
    titles = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "[data-list=top] .cell-title")]
    assert titles[:2] == ["盗梦空间", "星际穿越"] and len(titles) == 20, titles[:3]
    assert css(browser, ".mv-filter select[name=genre]").get_attribute("value") == "科幻"
    assert_fits_phone(browser)
    screenshot("movies-31-top-filtered")

    browser.get(base + "/movies/top?lang=en")
    assert "Ranked by weighted rating" in css(browser, ".mv-formula").text
    assert css(browser, ".mv-filter select[name=genre] option[value='科幻']").text == "Sci-fi"
    assert_fits_phone(browser)
    screenshot("movies-32-top-en")
    browser.add_cookie({"name": "theme", "value": "dark", "path": "/"})
    browser.get(base + "/movies/top")
    screenshot("movies-33-top-dark")
    browser.delete_cookie("theme")
    browser.delete_cookie("lang")
    assert not csp_errors(browser), csp_errors(browser)


def test_for_you_is_the_top_list_until_five_ratings_then_picks(browser, server, screenshot):
    """猜你喜欢 on the feed: labelled Top list below five ratings, picks from the reader's ratings from the fifth."""
    base = server.base_url
    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    browser.get(base + "/movies")
    assert css(browser, ".mv-foryou-list").get_attribute("data-source") == "top"
    assert "登录并为 5 部电影评分后" in css(browser, ".mv-foryou-why").text
    username = unique_name("mvfy")
    assert server.client.register(username, PASSWORD).status == 201
    browser.get(base + "/login?next=%2Fmovies")
    submit_login(browser, username, PASSWORD)

    # 攻壳机动队, 阿丽塔, 红猪, 灌篮高手, then 肖申克的救赎: five ratings.
    films = ["25818101", "1652592", "1291838", "35315950", "1292052"]
    for index, film in enumerate(films):
        browser.get(base + f"/movies/films/{film}")
        tap(browser, css(browser, "label[for=status-seen]"))
        tap(browser, css(browser, "label[for=rate-5]"))
        click_and_wait(browser, css(browser, ".mv-mark button.mv-submit"), f"rate {film}")
        if index == 3:
            browser.get(base + "/movies")
            assert css(browser, ".mv-foryou-list").get_attribute("data-source") == "top"
            assert "你已评分 4 部" in css(browser, ".mv-foryou-why").text
            shown = [a.get_attribute("href").rsplit("/", 1)[-1] for a in browser.find_elements(By.CSS_SELECTOR, ".mv-foryou-film")]
            assert not set(shown) & set(films[:4]), shown
            screenshot("movies-34-for-you-cold-start")
    # The server builds its model in the background once it has ratings; until then the Top list says "pending".
    def built(driver) -> bool:
        driver.get(base + "/movies")
        return css(driver, ".mv-foryou-list").get_attribute("data-source") != "pending"
    wait_for(browser, built, timeout=120, message="the 猜你喜欢 model was not built")
    section = css(browser, ".mv-foryou-list")
    assert section.get_attribute("data-source") == "ratings"
    assert "根据你评分的 5 部电影" in css(browser, ".mv-foryou-why").text
    picks = [a.get_attribute("href").rsplit("/", 1)[-1] for a in browser.find_elements(By.CSS_SELECTOR, ".mv-foryou-film")]
    assert len(picks) == 10 and not set(picks) & set(films), picks
    assert_fits_phone(browser)
    assert_tap_targets(browser, ".mv-foryou-film")
    screenshot("movies-35-for-you")
    browser.get(base + "/movies?lang=en")
    assert "From the 5 films you rated" in css(browser, ".mv-foryou-why").text
    screenshot("movies-36-for-you-en")
    browser.add_cookie({"name": "theme", "value": "dark", "path": "/"})
    browser.get(base + "/movies")
    screenshot("movies-37-for-you-dark")
    browser.delete_cookie("theme")
    browser.delete_cookie("lang")
    assert not csp_errors(browser), csp_errors(browser)


def test_follow_a_user_and_read_them_in_the_following_tab(browser, server, screenshot):
    """关注的人: a reader follows a writer on their profile and reads the writer's 短评 in the feed's tab."""
    base = server.base_url
    writer = unique_name("mvw")
    answer = server.client.register(writer, PASSWORD)
    assert answer.status == 201
    token = answer.json()["token"]
    writer_id = server.client.me(token).json()["id"]
    put = server.client.request("PUT", "/api/v1/movies/films/1292052/mark", token=token,
                                json_body={"status": "seen", "rating": 5, "comment": "希望让人自由。关注我的人都看到了这条短评。"})
    assert put.status == 200, put.body[:300]

    browser.get(base + "/healthz")
    browser.delete_all_cookies()
    reader = unique_name("mvr")
    assert server.client.register(reader, PASSWORD).status == 201
    browser.get(base + "/login?next=%2Fmovies%3Ftab%3Dfollowing")
    submit_login(browser, reader, PASSWORD)
    assert "你还没有关注任何人" in browser.page_source
    screenshot("movies-40-following-empty")

    browser.get(base + f"/movies/users/{writer_id}")
    assert "粉丝 0" in css(browser, ".mv-follow").text
    button = css(browser, ".mv-follow-form button")
    assert button.get_attribute("data-following") == "false"
    assert_tap_targets(browser, ".mv-follow a, .mv-follow button")
    click_and_wait(browser, button, "follow")
    assert "粉丝 1" in css(browser, ".mv-follow").text
    assert css(browser, ".mv-follow-form button").get_attribute("data-following") == "true"
    assert_fits_phone(browser)
    screenshot("movies-41-profile-followed")

    browser.get(base + "/movies?tab=following")
    cards = browser.find_elements(By.CSS_SELECTOR, "[data-list=following] .mv-card-short")
    assert len(cards) == 1 and "关注我的人都看到了这条短评" in cards[0].text
    assert_fits_phone(browser)
    screenshot("movies-42-following-tab")
    browser.get(base + "/movies?tab=following&lang=en")
    assert "关注我的人都看到了这条短评" in browser.page_source and ">Following<" in browser.page_source
    screenshot("movies-43-following-tab-en")
    browser.add_cookie({"name": "theme", "value": "dark", "path": "/"})
    browser.get(base + f"/movies/users/{writer_id}/followers")
    assert reader in browser.page_source
    screenshot("movies-44-followers-dark")
    browser.delete_cookie("theme")
    browser.delete_cookie("lang")
    assert not csp_errors(browser), csp_errors(browser)
