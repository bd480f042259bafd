"""Issue 11 items 2 and 3 in headless Chromium: register with a confirmed password and the show/hide toggle,
add and verify an e-mail address through the message a real SMTP server (PyPI aiosmtpd) received, forget the
password and reset it through the received link, and the signed-in devices page; zh and dark mode."""

from __future__ import annotations

import base64
import email
import os
import re
import secrets
import subprocess
import time
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By

from browser_steps import click_and_wait, path_of, tap, wait_for
from conftest import _binary
from e2e_support import PASSWORD, VENV_PYTHON, ServerProcess, free_port, require_venv
from test_browser import fill_and_submit, fresh, messages


class Mailbox:
    """aiosmtpd on loopback, keeping every message in a maildir."""

    def __init__(self, root: Path):
        require_venv()
        self.port = free_port()
        self.maildir = root / "maildir"
        self.proc = subprocess.Popen([str(VENV_PYTHON), "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{self.port}",
                                      "-c", "aiosmtpd.handlers.Mailbox", str(self.maildir)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while not (self.maildir / "new").exists() and time.monotonic() < deadline:
            time.sleep(0.1)

    def messages(self) -> list[email.message.Message]:
        folder = self.maildir / "new"
        return [email.message_from_bytes(p.read_bytes()) for p in sorted(folder.iterdir())] if folder.exists() else []

    def wait_for(self, count: int) -> email.message.Message:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = self.messages()
            if len(found) >= count:
                return found[count - 1]
            time.sleep(0.1)
        raise AssertionError(f"only {len(self.messages())} messages arrived, expected {count}")

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture(scope="module")
def mailbox(tmp_path_factory) -> Iterator[Mailbox]:
    box = Mailbox(tmp_path_factory.mktemp("smtp"))
    yield box
    box.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory, mailbox) -> Iterator[ServerProcess]:
    root = tmp_path_factory.mktemp("accounts")
    proc = ServerProcess(_binary(), root / "data", root,
                         extra_args=["--smtp-url", f"smtp://127.0.0.1:{mailbox.port}", "--mail-from", "noreply@apps.example.com"])
    proc.start(timeout=30)
    yield proc
    assert proc.stop(timeout=15) == 0
    assert not proc.problem_lines(), "\n".join(proc.problem_lines()[:30])


def link_in(message: email.message.Message, path: str) -> str:
    text = message.get_payload(decode=True).decode("utf-8")
    found = re.search(r"https?://\S+" + re.escape(path) + r"\?token=[A-Za-z0-9_-]+", text)
    assert found, f"no {path} link in: {text}"
    return found.group(0)


def test_register_verify_forget_and_reset(browser, server, mailbox, screenshot):
    username = "邮箱" + str(secrets.randbelow(9000) + 1000)
    fresh(browser, server)
    browser.get(server.base_url + "/register")
    # The show/hide toggle turns the password into readable text and back.
    field = browser.find_element(By.CSS_SELECTOR, "#field-password")
    field.send_keys("typo-prone pass")
    toggle = browser.find_element(By.CSS_SELECTOR, "button[data-reveal='field-password']")
    assert toggle.is_displayed(), "the toggle stays hidden with JavaScript on"
    tap(browser, toggle)
    assert field.get_attribute("type") == "text" and toggle.text == "隐藏"
    screenshot("acc-01-register-password-shown")
    tap(browser, toggle)
    assert field.get_attribute("type") == "password"
    # A mismatched confirmation keeps the user on the page with the reason.
    fill_and_submit(browser, "form#register-form",
                    {"username": username, "password": PASSWORD, "password_confirmation": PASSWORD + "!"})
    assert any("不一致" in m for m in messages(browser)), messages(browser)
    fill_and_submit(browser, "form#register-form",
                    {"username": username, "password": PASSWORD, "password_confirmation": PASSWORD})
    wait_for(browser, lambda d: path_of(d) == "/", message="registration did not land on /")

    # Add an e-mail address; the verification message arrives; its link asks to confirm.
    address = f"user{secrets.randbelow(10**6)}@example.com"
    browser.get(server.base_url + "/me/email")
    fill_and_submit(browser, "form#email-form", {"email": address, "current_password": PASSWORD})
    assert "未验证" in browser.page_source
    message = mailbox.wait_for(1)
    assert message["To"] == address
    assert "验证" in str(email.header.make_header(email.header.decode_header(message["Subject"])))
    browser.get(link_in(message, "/verify-email"))
    assert address in browser.page_source
    screenshot("acc-02-verify-email")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "form#verify-form button[type=submit]"), "verify")
    assert path_of(browser) == "/me/email" and "已验证" in browser.page_source
    screenshot("acc-03-email-verified")

    # Forgot password, from the login page's link, through the received reset link.
    fresh(browser, server)
    browser.get(server.base_url + "/login")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "#forgot-password"), "forgot password link")
    assert path_of(browser) == "/forgot-password"
    screenshot("acc-04-forgot-password")
    fill_and_submit(browser, "form#forgot-form", {"email": address.upper()})
    assert path_of(browser) == "/login"
    reset = mailbox.wait_for(2)
    browser.get(link_in(reset, "/reset-password"))
    new_password = "a brand new passphrase"
    fill_and_submit(browser, "form#reset-form", {"new_password": new_password, "new_password_confirmation": new_password})
    assert path_of(browser) == "/login", browser.current_url
    screenshot("acc-05-reset-done")
    fill_and_submit(browser, "form#login-form", {"username": username, "password": new_password})
    wait_for(browser, lambda d: path_of(d) == "/", message="the new password did not log in")
    # The link works once.
    browser.get(link_in(reset, "/reset-password"))
    assert "链接无效" in browser.page_source

    # Signed-in devices, then the password page in dark mode.
    browser.get(server.base_url + "/me/sessions")
    assert "本机" in browser.page_source
    screenshot("acc-06-sessions")
    browser.add_cookie({"name": "theme", "value": "dark"})
    browser.get(server.base_url + "/me/password")
    assert browser.find_elements(By.CSS_SELECTOR, "#field-new_password_confirmation")
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"
    for toggle in browser.find_elements(By.CSS_SELECTOR, "button[data-reveal]"):
        assert toggle.size["height"] >= 44 and toggle.size["width"] >= 44, toggle.size
    screenshot("acc-07-password-dark")
