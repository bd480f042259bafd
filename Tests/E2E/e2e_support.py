"""Standard-library helpers shared by the E2E tests: a server process and a tiny HTTP client.

Everything here talks to 127.0.0.1 only. No third-party HTTP library: `http.client` gives us the
raw status, every header and the body without following redirects or raising on 4xx.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_BINARY = REPO_ROOT / ".build" / "debug" / "appsuite"
SCREENSHOT_DIR = REPO_ROOT / "artifacts" / "screenshots"

# A password that is long enough and not on any common-password list.
PASSWORD = "correct horse battery"

CJK = re.compile(r"[\u3400-\u9fff]")

IPHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
             "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")


def unique_name(prefix: str = "e2e") -> str:
    """A fresh valid username (letters and digits)."""
    return f"{prefix}{secrets.token_hex(3)}"


def free_port() -> int:
    """A TCP port that was free a moment ago (bind to port 0, read it, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Response:
    status: int
    reason: str
    headers: http.client.HTTPMessage
    body: bytes

    def header(self, name: str) -> str | None:
        return self.headers.get(name)

    def header_all(self, name: str) -> list[str]:
        return self.headers.get_all(name) or []

    @property
    def content_type(self) -> str:
        return (self.header("Content-Type") or "").split(";")[0].strip().lower()

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def describe(self) -> str:
        """One readable block for assertion messages: status, headers, first 600 bytes of the body."""
        head = "\n".join(f"{k}: {v}" for k, v in self.headers.items())
        return f"HTTP {self.status} {self.reason}\n{head}\n\n{self.text[:600]}"


class Client:
    """A keep-alive-free HTTP/1.1 client for one server (new connection per request: simple and honest)."""

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 15.0):
        self.host = host
        self.port = port
        self.timeout = timeout

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | str | None = None,
        json_body: Any = None,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        token: str | None = None,
    ) -> Response:
        hdrs = {"Accept": "application/json, text/html;q=0.9"}
        if json_body is not None:
            body = json.dumps(json_body).encode()
            hdrs["Content-Type"] = "application/json"
        elif form is not None:
            body = urlencode(form).encode()
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        if isinstance(body, str):
            body = body.encode()
        if token:
            hdrs["Authorization"] = f"Bearer {token}"
        hdrs.update(headers or {})
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, path, body=body, headers=hdrs)
            r = conn.getresponse()
            return Response(r.status, r.reason, r.headers, r.read())
        finally:
            conn.close()

    def get(self, path: str, **kw: Any) -> Response:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw: Any) -> Response:
        return self.request("POST", path, **kw)

    # The identity API, as the contract describes it.
    def register(self, username: str, password: str = PASSWORD) -> Response:
        return self.post("/api/v1/auth/register", json_body={"username": username, "password": password})

    def login(self, username: str, password: str = PASSWORD) -> Response:
        return self.post("/api/v1/auth/login", json_body={"username": username, "password": password})

    def me(self, token: str | None) -> Response:
        return self.get("/api/v1/me", token=token)

    def logout(self, token: str) -> Response:
        return self.post("/api/v1/auth/logout", token=token)


class ServerProcess:
    """`appsuite serve` on a free port with its own data directory; stdout/stderr go to files
    (a pipe would fill up with the access log and block the server)."""

    def __init__(self, binary: Path, data_dir: Path, log_dir: Path, port: int | None = None,
                 data_dir_flag: bool = True, extra_args: tuple[str, ...] = (), extra_env: dict[str, str] | None = None):
        self.data_dir_flag = data_dir_flag
        self.extra_args = extra_args
        self.extra_env = extra_env or {}  # e.g. secrets, which only come from the environment
        self.binary = binary
        self.data_dir = data_dir
        self.port = port or free_port()
        self.stdout_path = log_dir / f"server-{self.port}.stdout"
        self.stderr_path = log_dir / f"server-{self.port}.stderr"
        self.proc: subprocess.Popen[bytes] | None = None
        self.client = Client(self.port)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith("APPSUITE_")}
        env["APPSUITE_DATA_DIR"] = str(self.data_dir)
        env.update(self.extra_env)
        cmd = [str(self.binary), "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        if self.data_dir_flag:
            cmd += ["--data-dir", str(self.data_dir)]
        cmd += list(self.extra_args)
        with open(self.stdout_path, "wb") as out, open(self.stderr_path, "wb") as err:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                         env=env, cwd=str(self.data_dir.parent))
        deadline = time.monotonic() + timeout
        last_error = "no answer yet"
        while time.monotonic() < deadline:
            code = self.proc.poll()
            if code is not None:
                raise RuntimeError(
                    f"`{' '.join(cmd)}` exited with status {code} before /healthz answered.\n"
                    f"--- stderr (last 3000 chars) ---\n{self.stderr_tail()}")
            try:
                r = self.client.get("/healthz")
                if r.status == 200:
                    try:
                        ok = r.json() == {"status": "ok"}
                    except ValueError:
                        ok = False
                    if not ok:
                        raise RuntimeError(f"/healthz answered 200 but not {{\"status\":\"ok\"}}:\n{r.describe()}")
                    return
                last_error = f"HTTP {r.status}"
            except (OSError, http.client.HTTPException) as e:
                last_error = repr(e)
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(
            f"`{' '.join(cmd)}` did not answer /healthz with 200 within {timeout:.0f} s (last: {last_error}).\n"
            f"--- stderr (last 3000 chars) ---\n{self.stderr_tail()}")

    def stop(self, timeout: float = 15.0, sig: int = signal.SIGTERM) -> int | None:
        """SIGTERM (or `sig`), then wait. Returns the exit status, or None if it had to be killed."""
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stderr_text(self) -> str:
        try:
            return self.stderr_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def stderr_tail(self, n: int = 3000) -> str:
        return self.stderr_text()[-n:]

    def problem_lines(self) -> list[str]:
        """stderr lines that signal a server-side problem: `error:` lines, crashes, and 5xx in the access log."""
        bad = []
        for line in self.stderr_text().splitlines():
            if re.search(r"(?i)(^error:|fatal error|panic|segmentation|corrupt|malformed)", line) \
                    or re.search(r" 5\d\d \d+ms ", line):
                bad.append(line)
        return bad


class _FormFinder(HTMLParser):
    def __init__(self, form_id: str):
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.action: str | None = None
        self.method: str | None = None
        self.inputs: dict[str, str] = {}
        self.found = False

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id:
            self.inside, self.found = True, True
            self.action = a.get("action")
            self.method = (a.get("method") or "get").lower()
        elif self.inside and tag in ("input", "button", "textarea", "select") and a.get("name"):
            self.inputs.setdefault(a["name"], a.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


@dataclass
class Form:
    action: str
    method: str
    inputs: dict[str, str]


def find_form(html: str, form_id: str, page_path: str) -> Form | None:
    """The form with `id=form_id`: its action (the page itself when empty), method and named fields."""
    finder = _FormFinder(form_id)
    finder.feed(html)
    if not finder.found:
        return None
    action = finder.action or page_path
    return Form(action=action, method=finder.method or "get", inputs=finder.inputs)


def shared_data_root(marker: str) -> Path:
    """`../shared/data` beside the repository when it holds `marker` (a path inside it), else `APPSUITE_SHARED_DATA`."""
    beside = REPO_ROOT.parent / "shared" / "data"
    return beside if (beside / marker).exists() else Path(os.environ.get("APPSUITE_SHARED_DATA", str(beside)))


def shared_data(marker: str) -> Path:
    """`shared_data_root(marker)` for a test that needs `marker`: the test is skipped when the folder lacks it, or
    fails under `APPSUITE_REQUIRE_SHARED_DATA=1` (see `require`)."""
    root = shared_data_root(marker)
    require(SHARED_DATA, (root / marker).exists(),
            f"{marker} is not in ../shared/data or $APPSUITE_SHARED_DATA; put shared/data beside the repository")
    return root


# What a missing prerequisite means: skipped with the reason, or, with the variable set to 1 (scripts/test sets both,
# so CI does), a failure. The Swift tests read the same variables (Tests/AppSuiteTesting/TestData.swift).
SHARED_DATA = "APPSUITE_REQUIRE_SHARED_DATA"
TEST_TOOLS = "APPSUITE_REQUIRE_TEST_TOOLS"


def require(kind: str, available: bool, reason: str) -> None:
    """The one gate of every E2E test that needs something from outside the repository: nothing when `available`;
    otherwise `pytest.skip(reason)`, or `pytest.fail(reason)` when the environment variable `kind` (`SHARED_DATA`
    for a data set of ../shared/data, `TEST_TOOLS` for a tool of scripts/test-tools or scripts/bootstrap --test) is 1."""
    import pytest
    if available:
        return
    if os.environ.get(kind) == "1":
        pytest.fail(f"{reason} ({kind}=1 makes this a failure)", pytrace=False)
    pytest.skip(reason)


VENV_PYTHON = REPO_ROOT / "Tests" / "E2E" / ".venv" / "bin" / "python"


def require_venv() -> Path:
    """`Tests/E2E/.venv/bin/python` (scripts/test-tools), through `require(TEST_TOOLS, …)`."""
    require(TEST_TOOLS, VENV_PYTHON.exists(), "Tests/E2E/.venv is missing; run scripts/test-tools")
    return VENV_PYTHON


def wait_for_gaokao(proc: "ServerProcess") -> None:
    """The server builds the Gaokao snapshot (620,000 rows and the error model, refitted per target year) when it
    starts; wait for it once, with room for a debug build on a busy machine, not inside a page load's 30 s."""
    with urllib.request.urlopen(proc.base_url + "/api/v1/gaokao/provinces", timeout=600) as reply:
        assert reply.status == 200


def imported_server(root: Path, imports: list[tuple[str, Path]], import_timeout: float, extra_args: tuple[str, ...] | list[str] = ()):
    """Our own server (a generator for a pytest fixture): `appsuite import APP FOLDER` for each (app, folder)
    into one data directory under `root` (a copy of the run's one import of them, `imported.copy_imported`), then
    serve it with `extra_args`; on teardown the server must exit 0 with no problem lines in its log."""
    from imported import copy_imported
    binary = Path(os.environ.get("APPSUITE_BINARY", str(DEFAULT_BINARY)))
    data = root / "data"
    copy_imported(binary, imports, data, import_timeout)
    proc = ServerProcess(binary, data, root, extra_args=tuple(extra_args))
    proc.start(timeout=30)
    if any(app == "gaokao" for app, _ in imports):
        wait_for_gaokao(proc)
    yield proc
    code = proc.stop(timeout=15)
    assert code == 0, proc.stderr_tail()
    assert not proc.problem_lines(), "\n".join(proc.problem_lines()[:20])
