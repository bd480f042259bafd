"""Issue 11 "done when", the steps test_account_journey.py leaves out, in headless Chromium on the imported movies:

- a user turns on Web Push on /inbox/settings (the page's own push.js and button), comments on a review, someone
  replies → an inbox item, and a push message reaches a local receiver standing in for the push service, which
  checks its VAPID token and decrypts it with PyPI http_ece (push_check.py);
- a comment the spam check holds tells its author "你的评论正在等待审核" on the page they posted from;
- the user reports the reply, a moderator hides it from /admin/moderation, it is gone for readers and the
  reporter is told.

Chromium's own push service cannot be reached offline, so `PushManager.prototype.subscribe` answers with the
receiver's endpoint and keys made here; the server accepts that endpoint only because it was started with
`--test-push-receiver`, a loopback-only origin (every other endpoint still has to be a public https one)."""

from __future__ import annotations

import base64
import json
import secrets
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, path_of, tap, wait_for
from e2e_support import PASSWORD, VENV_PYTHON, ServerProcess, imported_server, require_venv, shared_data, unique_name
from test_browser import assert_fits_phone, fill_and_submit, fresh, messages

HERE = Path(__file__).parent
REVIEW = 7885559


def off_the_edges(driver, selector: str) -> list[str]:
    """Controls matching `selector` closer than 8 px to a side of the phone's screen (flush buttons, issue 11 review)."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll(arguments[0])).filter(e => e.offsetParent !== null).map(e => [e, e.getBoundingClientRect()])
          .filter(([e, r]) => r.left < 8 || r.right > window.innerWidth - 8)
          .map(([e, r]) => e.textContent.trim() + ' ' + Math.round(r.left) + '..' + Math.round(r.right));""", selector)


class Receiver:
    """A push service on a loopback port: records every POST (headers and body) and answers 201."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        received = self.requests

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.http.server_address[1]}"
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    def wait_for(self, count: int, timeout: float = 30) -> list[dict]:
        deadline = time.monotonic() + timeout
        while len(self.requests) < count:
            assert time.monotonic() < deadline, f"the push receiver got {len(self.requests)} of {count} messages in {timeout:.0f} s"
            time.sleep(0.2)
        return self.requests

    def stop(self) -> None:
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    require_venv()
    found = Receiver()
    yield found
    found.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory, receiver) -> Iterator[ServerProcess]:
    root = tmp_path_factory.mktemp("reply-push")
    yield from imported_server(root, [("movies", shared_data("movies/movies.csv") / "movies")], 120,
                               extra_args=["--test-push-receiver", receiver.origin])


def decrypted(request: dict, subscriber: dict, origin: str) -> dict:
    """The push as a browser would read it: push_check.py checks the VAPID token and decrypts the body."""
    check = {"body": base64.urlsafe_b64encode(request["body"]).decode().rstrip("="),
             "authorization": request["headers"]["authorization"], "origin": origin,
             "uaPrivateKeyPem": subscriber["privateKeyPem"], "auth": subscriber["auth"], "now": int(time.time())}
    done = subprocess.run([str(VENV_PYTHON), str(HERE / "push_check.py"), "-"], input=json.dumps(check), capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def register(browser, server, username: str) -> None:
    fresh(browser, server)
    browser.get(server.base_url + "/register")
    fill_and_submit(browser, "form#register-form", {"username": username, "password": PASSWORD, "password_confirmation": PASSWORD})
    wait_for(browser, lambda d: path_of(d) == "/", message="registration did not land on /")


def login(browser, server, username: str) -> None:
    fresh(browser, server)
    browser.get(server.base_url + "/login")
    fill_and_submit(browser, "form#login-form", {"username": username, "password": PASSWORD})
    wait_for(browser, lambda d: path_of(d) == "/", message=f"{username} did not log in")


def post_comment(browser, server, text: str) -> None:
    browser.get(f"{server.base_url}/movies/reviews/{REVIEW}/compose")
    fill_and_submit(browser, "form#compose", {"text": text})


def test_reply_reaches_inbox_and_push_then_a_report_is_hidden(browser, server, receiver, screenshot):
    api = server.client
    alice, bob, mod = unique_name("alice"), unique_name("bob"), unique_name("mod")
    subscriber = json.loads(subprocess.run([str(VENV_PYTHON), str(HERE / "push_check.py"), "--new-subscriber"],
                                           capture_output=True, text=True, check=True, timeout=30).stdout)
    endpoint = receiver.origin + "/push/" + secrets.token_hex(8)

    # Alice turns on push with the page's button; the browser's subscription is the receiver's.
    register(browser, server, alice)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        if (window.PushManager) {
          PushManager.prototype.subscribe = function () {
            var json = %s;
            return Promise.resolve({ endpoint: json.endpoint, toJSON: function () { return json; } });
          };
        }""" % json.dumps({"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": subscriber["p256dh"], "auth": subscriber["auth"]}})})
    browser.get(server.base_url + "/inbox/settings")
    section = browser.find_element(By.ID, "push")
    wait_for(browser, lambda d: section.get_attribute("data-state") == "off", message=f"push stayed {section.get_attribute('data-state')}")
    assert not off_the_edges(browser, ".push-section .btn"), off_the_edges(browser, ".push-section .btn")
    tap(browser, section.find_element(By.CSS_SELECTOR, "button[name=push-enable]"))
    wait_for(browser, lambda d: section.get_attribute("data-state") == "on", message=f"push is {section.get_attribute('data-state')}")

    # Alice comments; a link flood is held, and the page she posted from says so.
    comment = "肖申克的结局我看了三遍，每次都哭。" + secrets.token_hex(2)
    post_comment(browser, server, comment)
    assert path_of(browser) == f"/movies/reviews/{REVIEW}/comments", browser.current_url
    comment_id = int(browser.current_url.rsplit("#comment-", 1)[1])
    flood = "资源 http://a.example https://b.example www.c.example " + secrets.token_hex(2)
    post_comment(browser, server, flood)
    assert browser.current_url.endswith("#awaiting-review"), browser.current_url
    assert any("你的评论正在等待审核" in m for m in messages(browser)), messages(browser)
    notice = browser.find_element(By.ID, "awaiting-review")
    assert "你的评论正在等待审核" in notice.text and flood in notice.text, notice.text
    assert_fits_phone(browser)
    screenshot("reply-01-awaiting-review")

    # Bob replies over the API → Alice's inbox and a push the receiver decrypts.
    answer = api.register(bob)
    assert answer.status == 201, answer.describe()
    bob_token = answer.json()["token"]
    reply_text = "同感，尤其是雨中那一幕。" + secrets.token_hex(2)
    answer = api.post(f"/api/v1/movies/reviews/{REVIEW}/comments", json_body={"text": reply_text, "parentId": comment_id}, token=bob_token)
    assert answer.status == 201, answer.describe()
    reply_id = answer.json()["id"]
    browser.get(server.base_url + "/inbox")
    assert reply_text in browser.page_source and bob in browser.page_source
    assert_fits_phone(browser)
    assert not off_the_edges(browser, ".inbox-actions .btn"), off_the_edges(browser, ".inbox-actions .btn")
    screenshot("reply-02-inbox")
    request = receiver.wait_for(1)[0]
    assert request["path"] == endpoint.removeprefix(receiver.origin)
    assert request["headers"]["content-encoding"] == "aes128gcm" and int(request["headers"]["ttl"]) > 0
    payload = decrypted(request, subscriber, receiver.origin)
    assert payload["body"] == reply_text and payload["url"] == f"/comments/{reply_id}" and bob in payload["title"], payload

    # Alice reports Bob's reply from the comments page.
    browser.get(f"{server.base_url}/movies/reviews/{REVIEW}/comments")
    report = browser.find_element(By.CSS_SELECTOR, f"a[href='/comments/{reply_id}/report']")
    click_and_wait(browser, report, "the report page")
    fill_and_submit(browser, f"form[action='/comments/{reply_id}/report']", {"reason": "剧透"})
    assert any("举报" in m for m in messages(browser)), messages(browser)

    # A moderator hides it from the moderation page.
    answer = api.register(mod)
    assert answer.status == 201, answer.describe()
    granted = subprocess.run([str(server.binary), "user", "grant", mod, "moderator", "--data-dir", str(server.data_dir)],
                             capture_output=True, text=True, timeout=30)
    assert granted.returncode == 0, granted.stderr
    login(browser, server, mod)
    browser.get(server.base_url + "/admin/moderation")
    items = [s for s in browser.find_elements(By.CSS_SELECTOR, "section.moderation-item") if reply_text in s.text]
    assert len(items) == 1 and "剧透" in items[0].text, [s.text for s in browser.find_elements(By.CSS_SELECTOR, "section.moderation-item")]
    assert_fits_phone(browser)
    screenshot("reply-03-moderation")
    tabs = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".segmented a")]
    assert "待处理" in tabs and not {"open", "approved", "rejected", "hidden"} & set(tabs), tabs
    edges = off_the_edges(browser, ".moderation-item .btn, .moderation-item .field")
    assert not edges, edges
    hours = items[0].find_element(By.CSS_SELECTOR, "input[name=hours]")
    assert hours.get_attribute("value") == "24" and hours.size["width"] >= 60, hours.size
    click_and_wait(browser, items[0].find_element(By.CSS_SELECTOR, "button[value=hide]"), "hiding")
    assert not [s for s in browser.find_elements(By.CSS_SELECTOR, "section.moderation-item") if reply_text in s.text]

    # Gone for readers (page and API); the reporter is told.
    page = api.get(f"/movies/reviews/{REVIEW}/comments")
    assert page.status == 200 and comment in page.text and reply_text not in page.text
    listed = api.get(f"/api/v1/movies/reviews/{REVIEW}/comments?limit=50").json()
    assert reply_text not in json.dumps(listed, ensure_ascii=False)
    told = decrypted(receiver.wait_for(2)[1], subscriber, receiver.origin)
    assert told["title"] == "你举报的评论已处理" and told["body"].startswith("已移除 · “"), told
    login(browser, server, alice)
    browser.get(server.base_url + "/inbox")
    assert "已移除" in browser.page_source, browser.find_element(By.TAG_NAME, "main").text
    screenshot("reply-04-reporter-told")

    # The same pages in English and dark.
    browser.add_cookie({"name": "lang", "value": "en", "path": "/"})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        browser.get(f"{server.base_url}/movies/reviews/{REVIEW}/comments")
        notice = browser.find_element(By.ID, "awaiting-review")
        assert "Your comment is awaiting review" in notice.text, notice.text
        assert_fits_phone(browser)
        screenshot("reply-05-awaiting-review-en-dark")
        browser.get(server.base_url + "/me/data")
        password = browser.find_element(By.CSS_SELECTOR, "#delete-account-form input[name=password]")
        assert password.size["width"] >= 100, f"a long label squeezes the password field to {password.size}"
        browser.get(server.base_url + "/inbox")
        main = browser.find_element(By.TAG_NAME, "main").text
        assert "Your report on a comment was handled" in main and "Comment #" not in main and "Removed" in main and "已移除" not in main, main
        assert_fits_phone(browser)
        screenshot("reply-06-inbox-en-dark")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
