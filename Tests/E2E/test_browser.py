"""The identity pages in headless Chromium on a phone-sized screen: register, log in/out,
profile, language, CSRF, escaping and dark mode. Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

import json
import re
import secrets
from urllib.parse import urlparse

import pytest
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from browser_steps import mark, path_of, tap, wait_for, wait_new_page
from e2e_support import CJK, IPHONE_UA, PASSWORD, REPO_ROOT

CONSOLE_LOG = REPO_ROOT / "artifacts" / "browser-console.log"


# ---------------------------------------------------------------- helpers


def fresh(driver, server) -> None:
    """Logged out, no language or theme cookies: open any page of the server and drop its cookies."""
    driver.get(server.base_url + "/healthz")
    driver.delete_all_cookies()
    driver.execute_script("try { localStorage.clear(); } catch (e) {}")


def fill_and_submit(driver, form_css: str, values: dict[str, str]) -> None:
    form = driver.find_element(By.CSS_SELECTOR, form_css)
    hidden = form.find_elements(By.CSS_SELECTOR, "input[type=hidden][name=csrf_token]")
    assert hidden and hidden[0].get_attribute("value"), f"{form_css} carries no csrf_token"
    for name, value in values.items():
        field = form.find_element(By.CSS_SELECTOR, f"[name={name}]")
        field.clear()
        field.send_keys(value)
    mark(driver)
    tap(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_new_page(driver, f"submitting {form_css}")


def logout_form(driver):
    """The contract's form#logout-form; falls back to the form posting to /logout so the rest of the
    flow is still exercised (test_logout_lands_on_logged_out_launcher reports the missing id)."""
    found = driver.find_elements(By.CSS_SELECTOR, "form#logout-form")
    if found:
        return found[0]
    found = driver.find_elements(By.CSS_SELECTOR, "form[action='/logout']")
    assert found, f"no logout form at all on {path_of(driver)}"
    return found[0]


def current_user(driver) -> str | None:
    found = driver.find_elements(By.CSS_SELECTOR, "[data-current-user]")
    return found[0].text.strip() if found else None


def messages(driver) -> list[str]:
    return [e.text.strip() for e in driver.find_elements(By.CSS_SELECTOR, ".form-error, .field-error, .toast") if e.text.strip()]


def ui_login(driver, server, username: str, password: str = PASSWORD) -> None:
    fresh(driver, server)
    driver.get(server.base_url + "/login")
    fill_and_submit(driver, "form#login-form", {"username": username, "password": password})
    wait_for(driver, lambda d: path_of(d) == "/", message=f"login did not land on / (at {driver.current_url})")
    assert driver.find_elements(By.CSS_SELECTOR, ".launcher"), "no .launcher after login"
    assert current_user(driver), f"no [data-current-user] after logging in as {username}"


def fetch(driver, path: str, method: str = "GET", form: dict[str, str] | None = None) -> dict:
    """Runs fetch() in the page (WebDriver scripts are not subject to the page's CSP) and returns
    {status, contentType, body} or {error}."""
    return driver.execute_async_script(
        """
        const [path, method, form, done] = arguments;
        const init = {method, credentials: 'same-origin', redirect: 'manual',
                      headers: {'Accept': 'application/json, text/html'}};
        if (form) { init.body = new URLSearchParams(form); }
        fetch(path, init)
          .then(async r => done({status: r.status, contentType: r.headers.get('content-type'),
                                 body: await r.text()}))
          .catch(e => done({error: String(e)}));
        """, path, method, form)


def assert_fits_phone(driver) -> None:
    width = driver.execute_script("return document.documentElement.scrollWidth")
    inner = driver.execute_script("return window.innerWidth")
    assert width <= inner, f"{path_of(driver)} scrolls sideways: content {width}px wide in a {inner}px viewport"


def luminance(css_color: str) -> float | None:
    m = re.match(r"rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)", css_color)
    if not m or (m.group(4) is not None and float(m.group(4)) == 0):
        return None
    r, g, b = (int(m.group(i)) / 255 for i in (1, 2, 3))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def page_background(driver) -> str:
    return driver.execute_script(
        """
        for (const el of [document.querySelector('.launcher'), document.body, document.documentElement]) {
          if (!el) continue;
          const c = getComputedStyle(el).backgroundColor;
          if (c && c !== 'transparent' && c !== 'rgba(0, 0, 0, 0)') return c;
        }
        return 'rgba(0, 0, 0, 0)';
        """)


@pytest.fixture(autouse=True)
def console_guard(browser, request):
    """Fails a test on CSP violations or uncaught script errors; logs every console line to
    artifacts/browser-console.log for the report."""
    browser.get_log("browser")  # drop what earlier tests left
    yield
    entries = browser.get_log("browser")
    CONSOLE_LOG.parent.mkdir(parents=True, exist_ok=True)
    with CONSOLE_LOG.open("a") as f:
        for e in entries:
            f.write(f"{request.node.name}\t{e.get('level')}\t{e.get('message')}\n")
    bad = [e["message"] for e in entries
           if "Content Security Policy" in e.get("message", "") or "Uncaught" in e.get("message", "")]
    assert not bad, "browser console:\n" + "\n".join(bad)


@pytest.fixture(scope="module", autouse=True)
def _reset_console_log():
    if CONSOLE_LOG.exists():
        CONSOLE_LOG.unlink()


# ---------------------------------------------------------------- register / launcher / logout / login


def test_register_page_is_chinese_and_fits_a_phone(browser, server, screenshot):
    fresh(browser, server)
    browser.get(server.base_url + "/register")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang").lower().startswith("zh")
    form = browser.find_element(By.CSS_SELECTOR, "form#register-form")
    for name in ("username", "password", "password_confirmation"):
        form.find_element(By.CSS_SELECTOR, f"input[name={name}]")
    assert CJK.search(form.text), f"register form shows no Chinese: {form.text!r}"
    assert browser.find_elements(By.CSS_SELECTOR, "meta[name=viewport]"), "no viewport meta"
    assert_fits_phone(browser)
    screenshot("01-register-zh")


def test_register_lands_on_launcher_logged_in(browser, server, screenshot):
    username = "小明" + str(secrets.randbelow(9000) + 1000)
    fresh(browser, server)
    browser.get(server.base_url + "/register")
    fill_and_submit(browser, "form#register-form",
                    {"username": username, "password": PASSWORD, "password_confirmation": PASSWORD})
    wait_for(browser, lambda d: path_of(d) == "/", message=f"registration did not land on / ({browser.current_url})")
    assert browser.find_elements(By.CSS_SELECTOR, ".launcher"), "no .launcher"
    shown = current_user(browser)
    assert shown is not None and username in shown, f"[data-current-user] shows {shown!r}, expected {username!r}"
    assert_fits_phone(browser)
    screenshot("02-launcher-logged-in")
    me = fetch(browser, "/api/v1/me")
    assert me.get("status") == 200 and json.loads(me["body"])["username"] == username, me


def test_logout_lands_on_logged_out_launcher(browser, server, account, screenshot):
    ui_login(browser, server, account["username"])
    browser.get(server.base_url + "/me")
    assert path_of(browser) == "/me"
    browser.find_element(By.CSS_SELECTOR, "form#profile-form input[name=nickname]")
    assert_fits_phone(browser)
    screenshot("03-profile")
    has_contract_id = bool(browser.find_elements(By.CSS_SELECTOR, "form#logout-form"))
    form = logout_form(browser)
    asks_first = bool(form.get_attribute("data-confirm"))
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    confirm_text = None
    if asks_first:
        # app.js asks before logging out (window.confirm); accept it.
        alert = wait_for(browser, EC.alert_is_present(), message="the logout confirmation did not appear")
        confirm_text = alert.text
        alert.accept()
    wait_new_page(browser, "logout")
    wait_for(browser, lambda d: path_of(d) == "/", message=f"logout did not land on / ({browser.current_url})")
    assert browser.find_elements(By.CSS_SELECTOR, ".launcher"), "no .launcher after logout"
    assert not current_user(browser), f"still shows a current user after logout: {current_user(browser)!r}"
    hrefs = [a.get_attribute("href") or "" for a in browser.find_elements(By.CSS_SELECTOR, "a[href]")]
    assert any(urlparse(h).path == "/login" for h in hrefs), f"no link to /login: {hrefs}"
    assert any(urlparse(h).path == "/register" for h in hrefs), f"no link to /register: {hrefs}"
    assert_fits_phone(browser)
    screenshot("04-launcher-logged-out")
    me = fetch(browser, "/api/v1/me")
    assert me.get("status") == 401, f"session still valid after logout: {me}"
    if confirm_text is not None:
        assert CJK.search(confirm_text), f"logout confirmation is not Chinese: {confirm_text!r}"
    assert has_contract_id, "contract: /me must have form#logout-form (found only a form posting to /logout without that id)"


def test_login_lands_on_launcher(browser, server, account, screenshot):
    fresh(browser, server)
    browser.get(server.base_url + "/login")
    assert CJK.search(browser.find_element(By.CSS_SELECTOR, "form#login-form").text)
    assert_fits_phone(browser)
    screenshot("05-login-zh")
    fill_and_submit(browser, "form#login-form", {"username": account["username"], "password": PASSWORD})
    wait_for(browser, lambda d: path_of(d) == "/", message=f"login did not land on / ({browser.current_url})")
    assert account["username"] in (current_user(browser) or ""), current_user(browser)


def test_wrong_password_shows_chinese_error_and_stays_on_login(browser, server, account, screenshot):
    fresh(browser, server)
    browser.get(server.base_url + "/login")
    fill_and_submit(browser, "form#login-form", {"username": account["username"], "password": "not the password"})
    assert path_of(browser) == "/login", f"wrong password left /login for {browser.current_url}"
    wait_for(browser, lambda d: messages(d), message="no .form-error or .toast after a wrong password")
    errors = messages(browser)
    assert any(CJK.search(t) for t in errors), f"error is not in Chinese: {errors}"
    assert not current_user(browser)
    assert_fits_phone(browser)
    screenshot("06-login-wrong-password")


def test_duplicate_username_shows_error(browser, server, account, screenshot):
    fresh(browser, server)
    browser.get(server.base_url + "/register")
    fill_and_submit(browser, "form#register-form",
                    {"username": account["username"], "password": PASSWORD, "password_confirmation": PASSWORD})
    assert path_of(browser) == "/register", f"duplicate registration left /register for {browser.current_url}"
    wait_for(browser, lambda d: messages(d), message="no .form-error, .field-error or .toast for a taken username")
    errors = messages(browser)
    assert any(CJK.search(t) for t in errors), f"error is not in Chinese: {errors}"
    assert not current_user(browser)
    screenshot("07-register-duplicate")


def test_login_next_with_a_tab_does_not_leave_the_site(browser, server, account):
    """A signed-in visit to `/login?next=/%09/evil.example` redirects to `next`. If the server echoes
    the tab into Location, the browser strips it and goes to //evil.example: an open redirect.
    (The POST /login variant is caught by Chrome's CSP form-action check on redirects; this GET is not.)"""
    ui_login(browser, server, account["username"])
    try:
        browser.get(server.base_url + "/login?next=/%09/evil.example")
        url = browser.current_url
        host = urlparse(url).hostname
    except WebDriverException as e:  # e.g. net::ERR_NAME_NOT_RESOLVED: it went for evil.example
        url, host = f"{browser.current_url} ({e.msg.splitlines()[0]})", None
    fresh(browser, server)
    assert host == "127.0.0.1", f"GET /login?next=/%09/evil.example (signed in) took the browser to {url}"


# ---------------------------------------------------------------- English


def english_form_check(driver, form_css: str) -> None:
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang").lower().startswith("en")
    form = driver.find_element(By.CSS_SELECTOR, form_css)
    assert not CJK.search(form.text), f"{form_css} still shows Chinese in English: {form.text!r}"
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]").text
    assert re.search(r"[A-Za-z]", button), f"submit button is not English: {button!r}"


def test_english_by_accept_language_and_by_query(browser, server, account, screenshot):
    fresh(browser, server)
    browser.execute_cdp_cmd("Emulation.setUserAgentOverride",
                            {"userAgent": IPHONE_UA, "acceptLanguage": "en-US,en;q=0.9"})
    try:
        browser.get(server.base_url + "/register")
        english_form_check(browser, "form#register-form")
        screenshot("08-register-en-accept-language")
    finally:
        browser.execute_cdp_cmd("Emulation.setUserAgentOverride",
                                {"userAgent": IPHONE_UA, "acceptLanguage": "zh-CN,zh;q=0.9"})
    fresh(browser, server)
    browser.get(server.base_url + "/login?lang=en")
    english_form_check(browser, "form#login-form")
    assert_fits_phone(browser)
    screenshot("09-login-en-query")
    fill_and_submit(browser, "form#login-form", {"username": account["username"], "password": "not the password"})
    errors = messages(browser)
    assert errors and not any(CJK.search(t) for t in errors), f"English login error: {errors}"
    screenshot("10-login-en-wrong-password")
    ui_login(browser, server, account["username"])
    browser.get(server.base_url + "/?lang=en")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang").lower().startswith("en")
    assert_fits_phone(browser)
    screenshot("11-launcher-en")
    fresh(browser, server)  # drop any language cookie the switch set


# ---------------------------------------------------------------- profile, CSRF, escaping


def set_nickname(driver, server, nickname: str) -> None:
    driver.get(server.base_url + "/me")
    fill_and_submit(driver, "form#profile-form", {"nickname": nickname})
    assert not [m for m in driver.find_elements(By.CSS_SELECTOR, ".form-error") if m.text.strip()], \
        f"saving nickname {nickname!r} failed: {messages(driver)}"


def test_profile_nickname_shows_on_launcher(browser, server, account, screenshot):
    ui_login(browser, server, account["username"])
    nickname = "小明同学"
    set_nickname(browser, server, nickname)
    browser.get(server.base_url + "/")
    assert nickname in (current_user(browser) or ""), f"launcher shows {current_user(browser)!r}"
    screenshot("12-launcher-nickname")
    browser.get(server.base_url + "/me")
    field = browser.find_element(By.CSS_SELECTOR, "form#profile-form input[name=nickname]")
    assert field.get_attribute("value") == nickname
    me = fetch(browser, "/api/v1/me")
    assert json.loads(me["body"])["nickname"] == nickname, me


def test_post_without_csrf_token_is_403_and_changes_nothing(browser, server, account):
    ui_login(browser, server, account["username"])
    browser.get(server.base_url + "/me")
    form = browser.find_element(By.CSS_SELECTOR, "form#profile-form")
    action = urlparse(form.get_attribute("action") or browser.current_url).path
    before = json.loads(fetch(browser, "/api/v1/me")["body"])["nickname"]

    r = fetch(browser, action, "POST", {"nickname": "被篡改"})
    assert "error" not in r, f"fetch failed in the page: {r}"
    assert r["status"] == 403, f"POST {action} without csrf_token: {r}"
    r = fetch(browser, action, "POST", {"nickname": "被篡改", "csrf_token": "forged-token"})
    assert r["status"] == 403, f"POST {action} with a forged csrf_token: {r}"
    after = json.loads(fetch(browser, "/api/v1/me")["body"])["nickname"]
    assert after == before, f"nickname changed from {before!r} to {after!r} without a CSRF token"

    logout = logout_form(browser)
    logout_action = urlparse(logout.get_attribute("action") or browser.current_url).path
    r = fetch(browser, logout_action, "POST", {})
    assert r["status"] == 403, f"POST {logout_action} without csrf_token: {r}"
    assert fetch(browser, "/api/v1/me")["status"] == 200, "a logout without CSRF token logged the user out"


def test_script_like_nickname_is_shown_as_text(browser, server, account, screenshot):
    nasty = "<img src=x onerror=alert(1)>"
    ui_login(browser, server, account["username"])
    set_nickname(browser, server, nasty)
    for path in ("/", "/me"):
        browser.get(server.base_url + path)
        try:
            alert = browser.switch_to.alert
            text = alert.text
            alert.dismiss()
            pytest.fail(f"an alert fired on {path}: {text!r}")
        except NoAlertPresentException:
            pass
        injected = browser.execute_script("return document.querySelectorAll('img[src=\"x\"], img[onerror]').length")
        assert injected == 0, f"the nickname became markup on {path}"
        if path == "/":
            assert current_user(browser) is not None and nasty in current_user(browser), \
                f"launcher shows {current_user(browser)!r}, expected the literal {nasty!r}"
            screenshot("13-launcher-script-nickname")
        else:
            field = browser.find_element(By.CSS_SELECTOR, "form#profile-form input[name=nickname]")
            assert field.get_attribute("value") == nasty
    # Put a friendly name back for later screenshots.
    set_nickname(browser, server, "小明同学")


# ---------------------------------------------------------------- dark mode


def test_dark_mode_launcher(browser, server, account, screenshot):
    ui_login(browser, server, account["username"])
    browser.get(server.base_url + "/")
    light = luminance(page_background(browser))
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        browser.get(server.base_url + "/")
        dark = luminance(page_background(browser))
        assert dark is not None and dark < 0.25, f"launcher background in dark mode: {page_background(browser)}"
        assert light is None or light > dark, (light, dark)
        text_color = browser.execute_script("return getComputedStyle(document.body).color")
        assert (luminance(text_color) or 0) > 0.6, f"dark mode text colour {text_color} on a dark background"
        screenshot("14-launcher-dark")
        browser.get(server.base_url + "/me")
        screenshot("15-profile-dark")
        fresh(browser, server)
        browser.get(server.base_url + "/login")
        screenshot("16-login-dark")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


# ---------------------------------------------------------------- layout


EDGE_OFFENDERS_JS = """
const margin = arguments[0];
const width = window.innerWidth;
const out = [];
const seen = new Set();
function describe(el) {
  let name = el.tagName.toLowerCase();
  if (el.id) name += '#' + el.id;
  if (el.classList.length) name += '.' + [...el.classList].join('.');
  return name;
}
function check(el, rect, label) {
  if (rect.width <= 1 || rect.height <= 1 || el.closest('.visually-hidden, .visually-hidden-focusable')) return;
  if (getComputedStyle(el).position === 'fixed' || el.closest('.tab-bar, .tabbar, nav, header, .toast')) return;
  if (rect.left < margin || rect.right > width - margin) {
    const key = describe(el) + label;
    if (!seen.has(key)) { seen.add(key); out.push(`${describe(el)} "${label}" left=${Math.round(rect.left)} right=${Math.round(rect.right)}`); }
  }
}
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  const text = node.textContent.trim();
  if (!text) continue;
  const el = node.parentElement;
  if (!el || el.closest('script, style, [hidden]')) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  check(el, range.getBoundingClientRect(), text.slice(0, 30));
}
for (const el of document.querySelectorAll('img, svg, .avatar, button, input, a.btn, .btn')) {
  check(el, el.getBoundingClientRect(), el.textContent.trim().slice(0, 30) || el.getAttribute('alt') || '');
}
return out;
"""


def test_pages_keep_content_off_the_screen_edges(browser, server, account, screenshot):
    """On a 390 px phone, text, pictures and buttons stay at least 8 px from both screen edges
    (the nav bar, tab bar and toasts excepted). Lists every offender per page."""
    offenders: dict[str, list[str]] = {}
    fresh(browser, server)
    for path in ("/register", "/login", "/"):
        browser.get(server.base_url + path)
        found = browser.execute_script(EDGE_OFFENDERS_JS, 8)
        if found:
            offenders[f"{path} (logged out)"] = found
    ui_login(browser, server, account["username"])
    for path in ("/", "/me"):
        browser.get(server.base_url + path)
        found = browser.execute_script(EDGE_OFFENDERS_JS, 8)
        if found:
            offenders[f"{path} (logged in)"] = found
    report = "\n".join(f"{page}:\n    " + "\n    ".join(items) for page, items in offenders.items())
    assert not offenders, "content touches the screen edge:\n" + report
