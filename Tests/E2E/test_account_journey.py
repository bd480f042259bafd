"""Issue 11 "done when", in headless Chromium against a real OpenID provider (PyPI oidc-provider-mock) and a real
SMTP server (PyPI aiosmtpd): a password account verifies its e-mail, links the provider and signs in with it,
forgets its password and resets it through the received mail, then downloads its data (a zip) and deletes the
account after re-entering the password. A reply reaching the inbox and a decrypted push, and a report a moderator
hides, are test_reply_push_report.py's steps."""

from __future__ import annotations

import secrets
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from browser_steps import click_and_wait, mark, path_of, tap, wait_for, wait_new_page
from conftest import _binary
from e2e_support import PASSWORD, ServerProcess
from test_accounts import link_in, mailbox  # noqa: F401  (the SMTP fixture)
from test_browser import assert_fits_phone, fetch, fill_and_submit, fresh, messages
from test_oidc import approve_at_provider, log_out, provider, provider_button, signed_in_as  # noqa: F401


@pytest.fixture(scope="module")
def server(tmp_path_factory, provider, mailbox) -> Iterator[ServerProcess]:  # noqa: F811
    root = tmp_path_factory.mktemp("journey")
    proc = ServerProcess(_binary(), root / "data", root,
                         extra_args=["--oidc-providers", f"mock|Mock ID|{provider}|appsuite-e2e",
                                     "--smtp-url", f"smtp://127.0.0.1:{mailbox.port}", "--mail-from", "noreply@apps.example.com"],
                         extra_env={"APPSUITE_OIDC_MOCK_SECRET": "e2e-" + secrets.token_hex(8)})
    proc.start(timeout=30)
    yield proc
    assert proc.stop(timeout=15) == 0
    assert not proc.problem_lines(), "\n".join(proc.problem_lines()[:30])


def test_link_reset_download_and_delete(browser, server, provider, mailbox, screenshot):  # noqa: F811
    username = "journey" + secrets.token_hex(3)
    address = f"{username}@example.com"
    sub = "journey-" + secrets.token_hex(4)
    fresh(browser, server)
    browser.get(server.base_url + "/register")
    fill_and_submit(browser, "form#register-form", {"username": username, "password": PASSWORD, "password_confirmation": PASSWORD})
    wait_for(browser, lambda d: path_of(d) == "/", message="registration did not land on /")
    browser.get(server.base_url + "/me/email")
    fill_and_submit(browser, "form#email-form", {"email": address, "current_password": PASSWORD})
    browser.get(link_in(mailbox.wait_for(1), "/verify-email"))
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form#verify-form button[type=submit]"), "verify")
    assert "已验证" in browser.page_source

    # Link the provider to this existing account, then sign in with it.
    browser.get(server.base_url + "/me/logins")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[href='/me/logins/mock/link']"), "the provider's page")
    approve_at_provider(browser, provider, sub)
    assert any("已关联 Mock ID" in m for m in messages(browser)), messages(browser)
    log_out(browser, server)
    browser.get(server.base_url + "/login")
    click_and_wait(browser, provider_button(browser), "the provider's page")
    approve_at_provider(browser, provider, sub)
    assert signed_in_as(browser, server) == username
    screenshot("journey-01-signed-in-with-provider")

    # Forgot the password: reset it through the received mail, sign in with the new one.
    before = len(mailbox.messages())
    fresh(browser, server)
    browser.get(server.base_url + "/forgot-password")
    fill_and_submit(browser, "form#forgot-form", {"email": address})
    browser.get(link_in(mailbox.wait_for(before + 1), "/reset-password"))
    new_password = "journey passphrase " + secrets.token_hex(2)
    fill_and_submit(browser, "form#reset-form", {"new_password": new_password, "new_password_confirmation": new_password})
    assert path_of(browser) == "/login", browser.current_url
    fill_and_submit(browser, "form#login-form", {"username": username, "password": new_password})
    wait_for(browser, lambda d: path_of(d) == "/", message="the new password did not log in")

    # My data: from /me, download the zip, then delete the account after the password.
    browser.get(server.base_url + "/me")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a[href='/me/data']"), "my data")
    assert "下载我的数据" in browser.page_source and "注销账号" in browser.page_source
    assert_fits_phone(browser)
    download = browser.find_element(By.CSS_SELECTOR, "a[href='/me/data/export']")
    assert download.size["height"] >= 44
    screenshot("journey-02-my-data")
    answer = fetch(browser, "/me/data/export")
    assert answer.get("status") == 200 and answer.get("contentType") == "application/zip", answer.get("status")
    assert answer["body"].startswith("PK") and len(answer["body"]) > 200, answer["body"][:20]

    form = browser.find_element(By.CSS_SELECTOR, "form#delete-account-form")
    form.find_element(By.CSS_SELECTOR, "[name=password]").send_keys("not my password")
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_for(browser, EC.alert_is_present(), message="deleting did not ask first").accept()
    wait_new_page(browser, "a wrong password")
    assert any("密码" in m for m in messages(browser)), messages(browser)
    assert signed_in_as(browser, server) == username
    form = browser.find_element(By.CSS_SELECTOR, "form#delete-account-form")
    form.find_element(By.CSS_SELECTOR, "[name=password]").send_keys(new_password)
    screenshot("journey-03-delete-account")
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_for(browser, EC.alert_is_present(), message="deleting did not ask first").accept()
    wait_new_page(browser, "deleting the account")
    assert path_of(browser) == "/", browser.current_url
    assert any("账号已注销" in m for m in messages(browser)), messages(browser)
    assert signed_in_as(browser, server) is None
    screenshot("journey-04-deleted")
    # Neither the password nor the provider signs that account in any more.
    browser.get(server.base_url + "/login")
    fill_and_submit(browser, "form#login-form", {"username": username, "password": new_password})
    assert path_of(browser) == "/login"
