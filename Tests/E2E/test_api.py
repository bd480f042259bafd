"""The identity JSON API and the HTTP edge, driven with the standard library only."""

from __future__ import annotations

import http.client
import re
import signal
import socket
import threading
import time
from datetime import datetime, timedelta, timezone

import pytest

from e2e_support import PASSWORD, Client, ServerProcess, find_form, unique_name

PROBLEM = "application/problem+json"


def parse_time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def assert_problem(r, status: int) -> dict:
    assert r.status == status, r.describe()
    assert r.content_type == PROBLEM, f"expected {PROBLEM}:\n{r.describe()}"
    doc = r.json()
    assert doc.get("status") == status, doc
    assert isinstance(doc.get("title"), str) and doc["title"], doc
    assert "type" in doc, doc
    return doc


def no_secrets(user: dict) -> None:
    for key in user:
        assert "password" not in key.lower() and "hash" not in key.lower(), f"user JSON leaks {key!r}: {user}"


# ---------------------------------------------------------------- health


def test_healthz(api: Client):
    r = api.get("/healthz")
    assert r.status == 200, r.describe()
    assert r.content_type == "application/json", r.describe()
    assert r.json() == {"status": "ok"}


def test_openapi_lists_the_identity_routes(api: Client):
    r = api.get("/api/openapi.json")
    assert r.status == 200, r.describe()
    doc = r.json()
    assert str(doc.get("openapi", "")).startswith("3.1"), doc.get("openapi")
    paths = doc.get("paths", {})
    for path, method in (("/api/v1/auth/register", "post"), ("/api/v1/auth/login", "post"),
                         ("/api/v1/auth/logout", "post"), ("/api/v1/me", "get"), ("/healthz", "get")):
        assert method in paths.get(path, {}), f"{method.upper()} {path} missing from /api/openapi.json"


def test_data_dir_from_environment_and_sigint_stops_gracefully(server: ServerProcess, tmp_path):
    """`APPSUITE_DATA_DIR` alone chooses the data dir; SIGINT stops as cleanly as SIGTERM."""
    other = ServerProcess(server.binary, tmp_path / "env-data", tmp_path, data_dir_flag=False)
    try:
        other.start(timeout=30)
        r = other.client.register(unique_name("envuser"))
        assert r.status == 201, r.describe()
        files = sorted(p.name for p in (tmp_path / "env-data").iterdir())
        assert any(name.endswith((".sqlite", ".sqlite3", ".db")) for name in files), \
            f"no database in APPSUITE_DATA_DIR: {files}"
    finally:
        code = other.stop(timeout=15, sig=signal.SIGINT)
    assert code == 0, f"SIGINT: exit status {code}\n{other.stderr_tail()}"
    assert not other.problem_lines(), other.problem_lines()


# ---------------------------------------------------------------- register / login / me / logout


def test_register_login_me_logout(api: Client):
    username = unique_name("alice")
    r = api.register(username)
    assert r.status == 201, r.describe()
    assert r.content_type == "application/json", r.describe()
    body = r.json()
    # The contract says "201 with the user"; the server answers like a login ({token, user, expiresAt},
    # documented in its OpenAPI as "Create an account and sign in"). Accept both; the report notes it.
    user = body["user"] if "user" in body and "token" in body else body
    assert user["username"] == username
    assert isinstance(user["id"], int)
    no_secrets(user)

    r = api.login(username)
    assert r.status == 200, r.describe()
    login = r.json()
    assert set(login) >= {"token", "user", "expiresAt"}, login
    token = login["token"]
    assert isinstance(token, str) and len(token) >= 32, login
    assert login["user"]["id"] == user["id"] and login["user"]["username"] == username
    no_secrets(login["user"])
    expires = parse_time(login["expiresAt"])
    now = datetime.now(timezone.utc)
    assert now + timedelta(days=29) < expires <= now + timedelta(days=31), \
        f"expiresAt {login['expiresAt']} is not ~30 days ahead"
    cookies = r.header_all("Set-Cookie")
    assert cookies, f"login sets no session cookie:\n{r.describe()}"
    session_cookie = cookies[0]
    assert "httponly" in session_cookie.lower(), f"session cookie not HttpOnly: {session_cookie}"
    assert "samesite=lax" in session_cookie.lower() or "samesite=strict" in session_cookie.lower(), \
        f"session cookie without SameSite: {session_cookie}"
    assert token not in (r.header("Location") or "")

    r = api.me(token)
    assert r.status == 200, r.describe()
    me = r.json()
    assert me["id"] == user["id"] and me["username"] == username
    no_secrets(me)

    # A second login is a second, independent session.
    r2 = api.login(username)
    assert r2.status == 200, r2.describe()
    token2 = r2.json()["token"]
    assert token2 != token

    r = api.logout(token)
    assert r.status == 204, r.describe()
    assert r.body == b""
    assert_problem(api.me(token), 401)
    # Logging out one session leaves the other alone.
    assert api.me(token2).status == 200


def test_me_without_or_with_bad_token_is_401(api: Client):
    assert_problem(api.me(None), 401)
    assert_problem(api.me("not-a-real-token"), 401)
    assert_problem(api.me("A" * 43), 401)
    r = api.get("/api/v1/me", headers={"Authorization": "Basic dXNlcjpwYXNz"})
    assert_problem(r, 401)


def test_logout_without_token_is_refused(api: Client):
    # No bearer and no cookie: the server treats it as a browser request and answers the CSRF 403
    # before it looks for a session; 401 would do as well.
    r = api.post("/api/v1/auth/logout")
    assert r.status in (401, 403), r.describe()
    assert r.content_type == PROBLEM, r.describe()


def test_duplicate_username_is_409(api: Client, account):
    assert_problem(api.register(account["username"]), 409)
    # Usernames compare case-insensitively (Identity's username key).
    assert_problem(api.register(account["username"].upper()), 409)


def test_bad_credentials_are_401_and_do_not_reveal_which_part_was_wrong(api: Client, account):
    wrong_password = api.login(account["username"], "this is not it at all")
    unknown_user = api.login(unique_name("nobody"), PASSWORD)
    a = assert_problem(wrong_password, 401)
    b = assert_problem(unknown_user, 401)
    assert a.get("detail") == b.get("detail") and a["title"] == b["title"], (a, b)
    assert not wrong_password.header_all("Set-Cookie") or all(
        "max-age=0" in c.lower() or "expires=thu, 01 jan 1970" in c.lower()
        for c in wrong_password.header_all("Set-Cookie")), wrong_password.describe()


def test_weak_passwords_are_refused_with_field_errors(api: Client):
    for password in ("short", "password123"):
        r = api.register(unique_name("weak"), password)
        assert r.status in (400, 422), r.describe()
        assert r.content_type == PROBLEM, r.describe()
        doc = r.json()
        fields = {e.get("field") for e in doc.get("errors") or []}
        assert "password" in fields, f"no field error for the password: {doc}"


# ---------------------------------------------------------------- HTTP edge


def test_malformed_json_is_400_problem(api: Client):
    for body in (b"{not json", b"", b'{"username": "x"', b"[]"):
        r = api.post("/api/v1/auth/login", body=body, headers={"Content-Type": "application/json"})
        assert_problem(r, 400)
    r = api.post("/api/v1/auth/register", body=b'{"username": 5, "password": true}',
                 headers={"Content-Type": "application/json"})
    assert r.status in (400, 422), r.describe()
    assert r.content_type == PROBLEM, r.describe()


def test_unknown_route_is_404(api: Client):
    assert_problem(api.get("/api/v1/no-such-thing"), 404)
    r = api.get("/no-such-page")
    assert r.status == 404, r.describe()


def test_wrong_method_is_405_with_allow(api: Client):
    r = api.get("/api/v1/auth/login")
    assert_problem(r, 405)
    allow = r.header("Allow") or ""
    assert "POST" in allow, f"405 without an Allow header naming POST:\n{r.describe()}"
    r = api.request("PUT", "/api/v1/me")  # GET, PATCH (nickname) and DELETE (the account) are routes; PUT is none
    assert r.status == 405, r.describe()


def test_oversized_body_is_413(server: ServerProcess):
    size = 2 * 1024 * 1024
    body = b'{"username": "' + b"x" * (size - 40) + b'", "password": "y"}'
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    try:
        conn.putrequest("POST", "/api/v1/auth/login")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Content-Length", str(len(body)))
        conn.endheaders()
        try:
            conn.send(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may answer and close before reading the body: that is allowed
        r = conn.getresponse()
        status, headers, data = r.status, r.headers, r.read()
    finally:
        conn.close()
    assert status == 413, f"HTTP {status}\n{headers}\n{data[:300]!r}"


def test_security_headers_and_strict_csp_on_pages(api: Client):
    r = api.get("/login")
    assert r.status == 200, r.describe()
    assert r.content_type == "text/html", r.describe()
    csp = r.header("Content-Security-Policy") or ""
    assert csp, f"no Content-Security-Policy on /login:\n{r.describe()}"
    directives = {d.strip().split(" ")[0]: d.strip() for d in csp.split(";") if d.strip()}
    script_src = directives.get("script-src") or directives.get("default-src") or ""
    assert script_src, f"CSP has neither script-src nor default-src: {csp}"
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src, csp
    assert r.header("X-Content-Type-Options") == "nosniff"
    # No inline script in the HTML either (every <script> has a src).
    for tag in re.findall(r"<script\b[^>]*>", r.text, flags=re.I):
        assert "src=" in tag.lower(), f"inline <script> on /login: {tag}"
    assert not re.search(r"\son[a-z]+\s*=", r.text, flags=re.I), "inline event handler attribute on /login"


def test_page_post_without_csrf_token_is_403(api: Client, account):
    login = api.login(account["username"])
    assert login.status == 200, login.describe()
    token = login.json()["token"]
    cookie = login.header_all("Set-Cookie")[0].split(";")[0]
    page = api.get("/me", headers={"Cookie": cookie, "Accept": "text/html"})
    assert page.status == 200, page.describe()
    form = find_form(page.text, "profile-form", "/me")
    assert form is not None, "no form#profile-form on /me"
    assert form.method == "post" and form.inputs.get("csrf_token"), form
    # The browser flow: a form POST carrying the session cookie but no csrf_token → 403, nothing changes.
    fields = {k: v for k, v in form.inputs.items() if k != "csrf_token"}
    fields["nickname"] = "csrf-attack"
    r = api.post(form.action, form=fields, headers={"Cookie": cookie, "Accept": "text/html"})
    assert r.status == 403, r.describe()
    assert api.me(token).json()["nickname"] != "csrf-attack"
    # A made-up token is no better than none.
    r = api.post(form.action, form={**fields, "csrf_token": "forged"}, headers={"Cookie": cookie})
    assert r.status == 403, r.describe()
    assert api.me(token).json()["nickname"] != "csrf-attack"
    # The login and register forms are protected as well (login CSRF).
    for path, form_id in (("/login", "login-form"), ("/register", "register-form")):
        page = api.get(path, headers={"Accept": "text/html"})
        form = find_form(page.text, form_id, path)
        assert form is not None and form.inputs.get("csrf_token"), f"{path}: {form}"
        r = api.post(form.action, form={"username": unique_name("csrf"), "password": PASSWORD})
        assert r.status == 403, f"POST {form.action} without csrf_token:\n{r.describe()}"


# ---------------------------------------------------------------- slow clients


def test_slow_client_is_cut_off(server: ServerProcess, api: Client):
    """One byte per second of request headers: the header time-out (10 s by default) must close it."""
    request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 64 + b"\r\n\r\n"
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=2)
    start = time.monotonic()
    cut_after = None
    answer = b""
    served_meanwhile: list[int] = []
    dawdling = threading.Event()  # set once the slow client has sent three bytes, a second apart
    finished = threading.Event()  # the slow client is done (cut off, answered or given up): too late to poke

    def poke():  # other clients are still served while the slow one dawdles
        dawdling.wait()
        if not finished.is_set():
            served_meanwhile.append(api.get("/healthz").status)

    t = threading.Thread(target=poke)
    t.start()
    try:
        for i in range(len(request)):
            if time.monotonic() - start > 25:
                break
            try:
                sock.sendall(request[i:i + 1])
            except (BrokenPipeError, ConnectionResetError):
                cut_after = time.monotonic() - start
                break
            if i == 2:
                dawdling.set()
            # Wait one second, noticing the moment the server closes or answers.
            sock.settimeout(1.0)
            try:
                chunk = sock.recv(4096)
                if chunk == b"":
                    cut_after = time.monotonic() - start
                    break
                answer += chunk
            except socket.timeout:
                pass
            except ConnectionResetError:
                cut_after = time.monotonic() - start
                break
    finally:
        finished.set()
        dawdling.set()
        sock.close()
        t.join()
    print(f"slow client cut off after {cut_after} s")
    assert cut_after is not None, f"slow client still connected after {time.monotonic() - start:.1f} s"
    assert cut_after <= 15, f"slow client cut off only after {cut_after:.1f} s"
    assert not answer.startswith(b"HTTP/1.1 200"), answer[:200]
    assert served_meanwhile == [200], served_meanwhile


# ---------------------------------------------------------------- throttling and redirects


def test_account_lockout_after_repeated_wrong_passwords(api: Client):
    """5 failed logins per account in 15 minutes lock it for a while: 429 with Retry-After, even
    for the right password, and never a token."""
    username = unique_name("locked")
    assert api.register(username).status == 201
    statuses = [api.login(username, "wrong password %d" % i).status for i in range(5)]
    assert statuses[:4] == [401] * 4, statuses
    r = api.login(username, PASSWORD)
    assert r.status == 429, f"after {statuses} the right password got:\n{r.describe()}"
    assert r.content_type == PROBLEM, r.describe()
    retry = r.header("Retry-After") or ""
    assert retry.isdigit() and 1 <= int(retry) <= 15 * 60, f"Retry-After {retry!r}"
    assert "token" not in r.text


def browser_location(location: str) -> str:
    """What a browser makes of a Location value: the WHATWG URL parser drops ASCII tab and newline."""
    return re.sub(r"[\t\n\r]", "", location)


@pytest.mark.parametrize("next_param", [
    "//evil.example/", "https://evil.example/", "/%5Cevil.example", "/%09/evil.example",
    "/%0A/evil.example", "%2F%2Fevil.example", "/\\/evil.example",
])
def test_login_next_parameter_cannot_leave_the_site(api: Client, account, next_param: str):
    page = api.get("/login?next=" + next_param, headers={"Accept": "text/html"})
    assert page.status == 200, page.describe()
    cookies = "; ".join(h.split(";")[0] for h in page.header_all("Set-Cookie"))
    form = find_form(page.text, "login-form", "/login")
    assert form is not None
    fields = {**form.inputs, "username": account["username"], "password": PASSWORD}
    r = api.post(form.action, form=fields, headers={"Cookie": cookies, "Accept": "text/html"})
    assert r.status in (302, 303), r.describe()
    location = r.header("Location") or ""
    seen_by_browser = browser_location(location)
    assert seen_by_browser.startswith("/") and not seen_by_browser.startswith(("//", "/\\")), \
        f"next={next_param!r} → Location {location!r}, which a browser follows to {seen_by_browser!r} (off-site)"
