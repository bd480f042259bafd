"""Issue 11 item 1 in headless Chromium: sign in with a third-party account through a real OpenID Connect provider
(PyPI oidc-provider-mock on Authlib, on a loopback port; a confidential client with PKCE, its secret from the
environment): the first sign-in
asks for a username and creates the account, the next one signs straight in; a password account links a provider
on /me/logins, signs in with it, and unlinks it; cancelling at the provider and a forged callback show a clear page
and create nothing."""

from __future__ import annotations

import json
import secrets
import subprocess
import time
import urllib.request
from typing import Iterator
from urllib.parse import urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from browser_steps import click_and_wait, mark, path_of, tap, wait_for, wait_new_page
from conftest import _binary
from e2e_support import PASSWORD, VENV_PYTHON, ServerProcess, free_port, require_venv
from test_browser import assert_fits_phone, fetch, fill_and_submit, fresh, logout_form, messages


@pytest.fixture(scope="module")
def provider(tmp_path_factory) -> Iterator[str]:
    require_venv()
    port = free_port()
    log = open(tmp_path_factory.mktemp("oidc") / "provider.log", "wb")
    proc = subprocess.Popen([str(VENV_PYTHON), "-m", "oidc_provider_mock", "-p", str(port), "-H", "127.0.0.1"],
                            stdout=log, stderr=log)
    issuer = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(issuer + "/.well-known/openid-configuration", timeout=2) as answer:
                assert json.load(answer)["issuer"] == issuer
                break
        except OSError:
            assert time.monotonic() < deadline and proc.poll() is None, "the OpenID provider did not start"
            time.sleep(0.1)
    yield issuer
    proc.kill()
    proc.wait()
    log.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory, provider) -> Iterator[ServerProcess]:
    root = tmp_path_factory.mktemp("oidc-server")
    proc = ServerProcess(_binary(), root / "data", root, extra_args=["--oidc-providers", f"mock|Mock ID|{provider}|appsuite-e2e"],
                         extra_env={"APPSUITE_OIDC_MOCK_SECRET": "e2e-" + secrets.token_hex(8)})
    proc.start(timeout=30)
    yield proc
    assert proc.stop(timeout=15) == 0
    assert not proc.problem_lines(), "\n".join(proc.problem_lines()[:30])


def approve_at_provider(browser, provider: str, sub: str) -> None:
    """On the provider's authorization page: type the user's subject and authorize."""
    wait_for(browser, lambda d: d.current_url.startswith(provider + "/oauth2/authorize"),
             message=f"not at the provider's authorization page: {browser.current_url}")
    field = browser.find_element(By.CSS_SELECTOR, "input[name=sub]")
    field.send_keys(sub)
    mark(browser)
    field.find_element(By.XPATH, "ancestor::form").find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait_new_page(browser, "the provider's answer")


def provider_button(browser):
    buttons = [b for b in browser.find_elements(By.CSS_SELECTOR, ".oidc-providers a") if b.text.strip() == "使用 Mock ID 登录"]
    assert buttons, [b.text for b in browser.find_elements(By.CSS_SELECTOR, ".oidc-providers a")]
    return buttons[0]


def api_json(browser, path: str):
    answer = fetch(browser, path)
    return answer.get("status"), json.loads(answer["body"]) if answer.get("body") else None


def signed_in_as(browser, server) -> str | None:
    status, me = api_json(browser, "/api/v1/me")
    return me["username"] if status == 200 else None


def log_out(browser, server) -> None:
    browser.get(server.base_url + "/me")
    form = logout_form(browser)
    asks_first = bool(form.get_attribute("data-confirm"))
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    if asks_first:
        wait_for(browser, EC.alert_is_present(), message="the logout confirmation did not appear").accept()
    wait_new_page(browser, "logout")


def test_first_sign_in_creates_the_account_then_signs_in(browser, server, provider, screenshot):
    sub = "e2e-" + secrets.token_hex(4)
    username = "第三方" + str(secrets.randbelow(9000) + 1000)
    fresh(browser, server)
    browser.get(server.base_url + "/login?next=%2Fme")
    button = provider_button(browser)
    assert button.size["height"] >= 44
    assert_fits_phone(browser)
    screenshot("oidc-01-login-with-provider")
    click_and_wait(browser, button, "the provider's page")
    approve_at_provider(browser, provider, sub)
    # Back at AppSuite: a first sign-in chooses its username; no account exists yet.
    assert path_of(browser) == "/login/oidc/username", browser.find_element(By.TAG_NAME, "main").text
    assert "Mock ID" in browser.page_source
    assert signed_in_as(browser, server) is None
    assert_fits_phone(browser)
    screenshot("oidc-02-choose-username")
    fill_and_submit(browser, "form#oidc-username-form", {"username": "a b"})
    assert any("用户名" in m for m in messages(browser)), messages(browser)
    fill_and_submit(browser, "form#oidc-username-form", {"username": username})
    assert path_of(browser) == "/me", browser.current_url
    assert signed_in_as(browser, server) == username
    # The account has no password: its only way in cannot be unlinked.
    browser.get(server.base_url + "/me/logins")
    assert "唯一的登录方式" in browser.page_source
    assert not browser.find_elements(By.CSS_SELECTOR, "form#unlink-mock")
    screenshot("oidc-03-only-sign-in")

    # Signing in again with the same provider account lands signed in, no questions.
    log_out(browser, server)
    browser.get(server.base_url + "/login")
    click_and_wait(browser, provider_button(browser), "the provider's page")
    approve_at_provider(browser, provider, sub)
    assert path_of(browser) == "/", browser.current_url
    assert signed_in_as(browser, server) == username


def test_a_password_account_links_signs_in_with_and_unlinks_a_provider(browser, server, provider, screenshot):
    sub = "link-" + secrets.token_hex(4)
    username = "link" + secrets.token_hex(3)
    fresh(browser, server)
    browser.get(server.base_url + "/register")
    fill_and_submit(browser, "form#register-form", {"username": username, "password": PASSWORD, "password_confirmation": PASSWORD})
    browser.get(server.base_url + "/me")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[href='/me/logins']"), "linked accounts")
    screenshot("oidc-04-linked-accounts-empty")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[href='/me/logins/mock/link']"), "the provider's page")
    approve_at_provider(browser, provider, sub)
    assert path_of(browser) == "/me/logins", browser.current_url
    assert any("已关联 Mock ID" in m for m in messages(browser)), messages(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "form#unlink-mock")
    assert_fits_phone(browser)
    screenshot("oidc-05-linked")

    # The provider now signs this account in.
    log_out(browser, server)
    browser.get(server.base_url + "/login")
    click_and_wait(browser, provider_button(browser), "the provider's page")
    approve_at_provider(browser, provider, sub)
    assert signed_in_as(browser, server) == username

    # Unlinking asks first, then the provider account is free again.
    browser.get(server.base_url + "/me/logins")
    form = browser.find_element(By.CSS_SELECTOR, "form#unlink-mock")
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_for(browser, EC.alert_is_present(), message="unlinking did not ask first").accept()
    wait_new_page(browser, "unlink")
    assert any("已解除关联" in m for m in messages(browser)), messages(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "a[href='/me/logins/mock/link']")
    assert api_json(browser, "/api/v1/me/logins") == (200, {"items": [], "hasPassword": True})


def test_cancelling_and_forged_callbacks_show_a_clear_page(browser, server, provider, screenshot):
    fresh(browser, server)
    before = json.loads(urllib.request.urlopen(server.base_url + "/api/v1/auth/providers").read())
    assert before == {"items": [{"id": "mock", "name": "Mock ID", "loginURL": "/login/oidc/mock"}]}
    browser.get(server.base_url + "/login")
    click_and_wait(browser, provider_button(browser), "the provider's page")
    deny = browser.find_element(By.CSS_SELECTOR, "button[name=action][value=deny]")
    click_and_wait(browser, deny, "denying at the provider")
    assert path_of(browser) == "/login/oidc/callback"
    assert "你取消了登录" in browser.page_source, browser.find_element(By.TAG_NAME, "main").text
    assert signed_in_as(browser, server) is None
    screenshot("oidc-06-cancelled")
    # A callback this browser never started (a forged or replayed answer) signs no one in.
    browser.get(server.base_url + "/login/oidc/callback?state=" + "A" * 43 + "&code=forged")
    assert "登录请求无效或已过期" in browser.page_source
    assert signed_in_as(browser, server) is None
    link = browser.find_element(By.CSS_SELECTOR, ".empty-state a")
    assert urlparse(link.get_attribute("href")).path == "/login"
