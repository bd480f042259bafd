"""Two `appsuite serve` processes on one PostgreSQL database behind nginx (issue 10 item 7), in headless Chromium:
register through nginx, log in on server 1 and be served by server 2, comment and see the comment from both,
sign out every other device and then this one — each step checked on both servers directly.

The private PostgreSQL cluster comes from scripts/pg-cluster, nginx from bench/scaleout/nginx.conf.in; the movies
data is imported into the database. Skipped, saying why, when Debian's postgresql or nginx is not installed
(scripts/bootstrap --test installs both). Screenshots: artifacts/screenshots/scaleout-*.png."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from browser_steps import click_and_wait, mark, path_of, submit_login, tap, wait_for, wait_new_page
from e2e_support import DEFAULT_BINARY, PASSWORD, REPO_ROOT, TEST_TOOLS, Client, ServerProcess, free_port, require, shared_data, unique_name

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PG_CLUSTER = REPO_ROOT / "scripts" / "pg-cluster"


class Cluster:
    def __init__(self, servers: list[ServerProcess], proxy_port: int, access_log: Path):
        self.servers = servers
        self.proxy = f"http://127.0.0.1:{proxy_port}"
        self.access_log = access_log

    def upstreams(self, until, timeout: float = 15.0) -> dict[str, int]:
        """How many requests nginx's round-robin sent to each server so far, read again (its log is flushed every
        second) until `until(counts)` holds or `timeout` seconds have passed."""
        deadline = time.monotonic() + timeout
        while True:
            counts: dict[str, int] = {}
            for line in self.access_log.read_text().splitlines():
                upstream = line.split()[1]
                counts[upstream] = counts.get(upstream, 0) + 1
            if until(counts) or time.monotonic() > deadline:
                return counts
            time.sleep(0.1)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    require(TEST_TOOLS, bool(glob.glob("/usr/lib/postgresql/*/bin/initdb")),
            "Debian's postgresql is not installed (scripts/bootstrap --test installs it)")
    require(TEST_TOOLS, os.access(NGINX, os.X_OK), "nginx is not installed (scripts/bootstrap --test installs nginx-light)")
    binary = Path(os.environ.get("APPSUITE_BINARY", str(DEFAULT_BINARY)))
    movies = shared_data("movies/movies.csv") / "movies"
    root = Path(tempfile.mkdtemp(prefix="e2e-scaleout-"))
    os.chmod(root, 0o755)  # as root, the cluster runs as the postgres user
    servers: list[ServerProcess] = []
    nginx = None
    try:
        url = subprocess.run([str(PG_CLUSTER), "start", str(root / "pg")], check=True, capture_output=True, text=True).stdout.strip()
        shared = root / "shared"  # the one data directory both servers mount: server secret, media
        started = time.monotonic()
        done = subprocess.run([str(binary), "import", "movies", str(movies), "--data-dir", str(shared), "--database", url],
                              capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, f"import movies failed:\n{done.stderr[-2000:]}"
        print(f"import movies into PostgreSQL: {time.monotonic() - started:.1f} s")
        for _ in range(2):
            server = ServerProcess(binary, shared, root, extra_args=("--database", url, "--trusted-proxy", "127.0.0.1"))
            server.start(timeout=30)
            servers.append(server)
        prefix = root / "nginx"
        prefix.mkdir()
        proxy_port = free_port()
        config = (REPO_ROOT / "bench" / "scaleout" / "nginx.conf.in").read_text()
        for key, value in {"PREFIX": prefix, "SERVER1": servers[0].port, "SERVER2": servers[1].port,
                           "PORT_ONE": free_port(), "PORT_ALL": proxy_port}.items():
            config = config.replace(f"@{key}@", str(value))
        (prefix / "nginx.conf").write_text(config)
        nginx = subprocess.Popen([NGINX, "-e", str(prefix / "error.log"), "-p", f"{prefix}/", "-c", str(prefix / "nginx.conf")],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        proxy = Client(proxy_port)
        for _ in range(100):
            try:
                if proxy.get("/healthz").status == 200:
                    break
            except OSError:
                pass
            assert nginx.poll() is None, (prefix / "error.log").read_text()
            time.sleep(0.1)
        yield Cluster(servers, proxy_port, prefix / "access.log")
        for server in servers:
            code = server.stop(timeout=15)
            assert code == 0, server.stderr_tail()
            assert not server.problem_lines(), "\n".join(server.problem_lines()[:20])
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(timeout=10)
        for server in servers:
            server.kill()
        subprocess.run([str(PG_CLUSTER), "stop", str(root / "pg")], check=False)
        shutil.rmtree(root, ignore_errors=True)


def me_on_each_server(cluster: Cluster, cookie: str) -> list[int]:
    """The status of GET /api/v1/me with the browser's session cookie, asked of each server directly."""
    return [server.client.get("/api/v1/me", headers={"Cookie": cookie}).status for server in cluster.servers]


def session_cookie(browser) -> str:
    found = [c for c in browser.get_cookies() if c["name"] in ("sid", "__Host-sid")]
    assert found, f"no session cookie: {browser.get_cookies()}"
    return f"{found[0]['name']}={found[0]['value']}"


def test_one_session_and_its_data_across_two_servers(browser, cluster, screenshot):
    one, two = cluster.servers
    username = unique_name("scale")
    browser.get(cluster.proxy + "/healthz")
    browser.delete_all_cookies()

    # Register through nginx: the form came from one server, the POST may reach the other (shared server secret).
    browser.get(cluster.proxy + "/register")
    form = browser.find_element(By.CSS_SELECTOR, "form#register-form")
    for name, value in {"username": username, "password": PASSWORD, "password_confirmation": PASSWORD}.items():
        form.find_element(By.CSS_SELECTOR, f"[name={name}]").send_keys(value)
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_new_page(browser, "register")
    wait_for(browser, lambda d: path_of(d) == "/", message=f"registration did not land on / ({browser.current_url})")
    assert me_on_each_server(cluster, session_cookie(browser)) == [200, 200]

    # Log in on server 1 (cookies are per host, not per port), then be served by server 2.
    browser.delete_all_cookies()
    browser.get(one.base_url + "/login")
    submit_login(browser, username, PASSWORD)
    browser.get(two.base_url + "/me")
    assert path_of(browser) == "/me", f"server 2 did not know the session of server 1: {browser.current_url}"
    assert username in browser.find_element(By.CSS_SELECTOR, "[data-current-user]").text
    screenshot("scaleout-01-server-2-knows-the-session")

    # Comment through nginx on the newest review (the 影评 tab); both servers show it.
    browser.get(cluster.proxy + "/movies/reviews")
    review = browser.find_element(By.CSS_SELECTOR, "[data-list=reviews] > li a.mv-cell-link").get_attribute("href")
    review_path = "/" + review.split("/", 3)[3]
    browser.get(cluster.proxy + review_path + "/comments")
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "a.mv-bar-compose"), "compose")
    text = f"两台服务器，一个数据库 {username}"
    browser.execute_script("arguments[0].value = arguments[1];", browser.find_element(By.CSS_SELECTOR, "textarea[name=text]"), text)
    click_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "button.mv-submit"), "submit comment")
    for server in (one, two):
        browser.get(server.base_url + review_path + "/comments")
        texts = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "[data-list=comments] .mv-comment-text")]
        assert text in texts, f"server on port {server.port} does not show the comment: {texts}"
    screenshot("scaleout-02-comment-on-both")

    # A second device signs in on server 2 (a bearer token); "sign out all other devices" on server 1 ends it.
    other = two.client.login(username, PASSWORD)
    assert other.status == 200, other.describe()
    token = other.json()["token"]
    assert [s.client.me(token).status for s in cluster.servers] == [200, 200]
    browser.get(one.base_url + "/me/sessions")
    form = browser.find_element(By.CSS_SELECTOR, "form#sign-out-others")
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_for(browser, EC.alert_is_present(), message="no confirmation before signing out the other devices").accept()
    wait_new_page(browser, "sign out others")
    screenshot("scaleout-03-other-devices-signed-out")
    assert [s.client.me(token).status for s in cluster.servers] == [401, 401]
    cookie = session_cookie(browser)
    assert me_on_each_server(cluster, cookie) == [200, 200], "this device stays signed in"

    # Then this device logs out through nginx: neither server knows the session any more.
    browser.get(cluster.proxy + "/me")
    form = browser.find_element(By.CSS_SELECTOR, "form#logout-form")
    mark(browser)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    wait_for(browser, EC.alert_is_present(), message="no confirmation before logging out").accept()
    wait_new_page(browser, "logout")
    assert me_on_each_server(cluster, cookie) == [401, 401]

    served = cluster.upstreams(until=lambda counts: len(counts) == 2 and min(counts.values()) > 0)
    assert len(served) == 2 and min(served.values()) > 0, f"nginx did not use both servers: {served}"
