"""Fixtures for the browser and API tests.

- `server`: the real `appsuite serve` binary on a free port with a fresh temporary data dir,
  one per test module (registration is rate-limited per client address, so modules keep
  their own server and register only a handful of users). Stopped with SIGTERM at the end;
  it must exit 0 within 15 s and must not have logged errors or answered 5xx.
- `browser`: headless Chromium emulating a 390×844 phone, Chinese UI language.
- `screenshot(name)`: saves a PNG to artifacts/screenshots/ at the repo root.

Run: `swift build --product appsuite && /usr/bin/python3 -m pytest -q Tests/E2E`
(`APPSUITE_BINARY=/path/to/appsuite` overrides the binary).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable, Iterator

import pytest

from e2e_support import DEFAULT_BINARY, IPHONE_UA, PASSWORD, SCREENSHOT_DIR, Client, ServerProcess, unique_name

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def _binary() -> Path:
    return Path(os.environ.get("APPSUITE_BINARY", str(DEFAULT_BINARY)))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    binary = _binary()
    if not binary.is_file() or not os.access(binary, os.X_OK):
        pytest.fail(f"The server binary {binary} is missing. Build it first: "
                    f"`swift build --product appsuite` (scripts/test does this).", pytrace=False)
    root = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    proc = ServerProcess(binary, root / "data", root)
    error = None
    try:
        proc.start(timeout=30)
    except RuntimeError as e:
        error = str(e)
    if error:
        pytest.fail(error, pytrace=False)
    yield proc
    code = proc.stop(timeout=15)
    problems = proc.problem_lines()
    assert code == 0, (f"server did not exit 0 within 15 s of SIGTERM (status {code}); "
                       f"stderr tail:\n{proc.stderr_tail()}")
    assert not problems, "server logged errors or answered 5xx:\n" + "\n".join(problems[:30])


@pytest.fixture(scope="session")
def gaokao_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on the real gaokao and movies data for test_gaokao, test_gaokao_plan and test_english: its first
    Gaokao answer builds the in-memory snapshot (over a minute of CPU in a debug build), once for the three modules.
    They register a few users each, under the 10 an hour per address. Checked as `server` is, when the run ends."""
    from e2e_support import imported_server, shared_data
    yield from imported_server(tmp_path_factory.mktemp("gaokao"), [("gaokao", shared_data("gaokao/score_rank.csv") / "gaokao"),
                                                                   ("movies", shared_data("movies/movies.csv") / "movies")], 900)


@pytest.fixture(scope="module")
def api(server: ServerProcess) -> Client:
    return server.client


@pytest.fixture(scope="module")
def account(api: Client) -> dict[str, str]:
    """One user registered over the API for this module."""
    username = unique_name("tester")
    r = api.register(username, PASSWORD)
    assert r.status == 201, r.describe()
    return {"username": username, "password": PASSWORD}


@pytest.fixture(scope="module")
def browser() -> Iterator["object"]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.path.exists(path):
            pytest.fail(f"{path} is missing; run `scripts/bootstrap --test`.", pytrace=False)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--lang=zh-CN", "--window-size=390,844", "--hide-scrollbars",
                "--disable-search-engine-choice-screen", "--no-first-run"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3.0, "touch": True},
        "userAgent": IPHONE_UA,
    })
    options.add_experimental_option("prefs", {"intl.accept_languages": "zh-CN,zh"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def screenshot(browser) -> Callable[[str], Path]:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9._-]+", "-", name)
        path = SCREENSHOT_DIR / f"{safe}.png"
        assert browser.save_screenshot(str(path)), f"could not save {path}"
        return path

    return take
