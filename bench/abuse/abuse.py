#!/usr/bin/env python3
"""Issue 8's reproductions against the real release server, one attack at a time, each while a
normal client polls /healthz and a real page. Standard library only. `bench/abuse/run` builds the
binary, imports the real data and calls this; see bench/abuse/README.md for what each attack does.

Usage:
    python3 bench/abuse/abuse.py --binary .build/release/appsuite --data-dir DIR --results DIR
        [--attacks a,b,c,d,e] [--race-runs 300] [--slow-addresses 10] [--slow-per-address 120]
        --photos FILE FILE [--slow-seconds 30] [--strict]
Prints one table row per attack and the goal lines. Exit status: 0 after a report (1 with --strict
when a goal is missed), 2 when the set-up itself fails (the server does not start, cannot register).
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import html
import http.client
import json
import os
import random
import resource
import selectors
import signal
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

HOST = "127.0.0.1"
PORTS = range(18500, 18550)  # this bench's share of the port range; a restart takes the next free one
PASSWORD = "correct horse battery staple"
POLL_INTERVAL = 0.05  # seconds between the normal client's requests
POLL_TIMEOUT = 5.0  # a normal request slower than this counts as a failure
MIN_WINDOW = 2.0  # the normal client measures at least this long around each attack
NORMAL_PAGE = "/movies"
SIGN_IN_USER = "signin"  # the account the normal client signs in to during every attack
SIGN_IN_INTERVAL = 0.25  # seconds between its sign-ins
SIGN_IN_TIMEOUT = 30.0  # a sign-in slower than this counts as a failure


class SetupError(Exception):
    """The bench itself cannot go on: the server does not start, an account cannot be made."""


def log(message: str) -> None:
    print(message, flush=True)


# ---------------------------------------------------------------- HTTP helpers

def call(port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
         timeout: float = 60.0) -> tuple[int, bytes]:
    """One request on a fresh connection. Raises OSError / http.client errors when there is no answer."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def json_call(port: int, method: str, path: str, payload: object, token: str | None = None,
              timeout: float = 60.0) -> tuple[int, bytes]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    return call(port, method, path, json.dumps(payload).encode(), headers, timeout)


UPLOADED = (200, 201, 202)  # 201 today; 202 once uploads answer before the thumbnail exists (issue 8)


def uploaded_id(reply: object) -> int | None:
    """The photo id of a successful upload's answer, or None."""
    if isinstance(reply, tuple) and reply[0] in UPLOADED:
        return json.loads(reply[1])["items"][0]["id"]
    return None


def upload(port: int, token: str, filename: str, data: bytes, timeout: float = 60.0) -> tuple[int, bytes]:
    """POST /api/v1/photos with one multipart part `file`."""
    boundary = "abuse" + hashlib.sha256(data[:64] + filename.encode()).hexdigest()[:24]
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": "Bearer " + token}
    return call(port, "POST", "/api/v1/photos", body, headers, timeout)


def raw_exchange(port: int, request: bytes, timeout: float = 10.0) -> bytes:
    """Sends bytes exactly as given and returns whatever comes back until the server closes or goes quiet."""
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(request)
        chunks = []
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        except socket.timeout:
            pass
        return b"".join(chunks)


def status_of(reply: bytes) -> str:
    line = reply.split(b"\r\n", 1)[0].split(b" ")
    return line[1].decode(errors="replace") if len(line) > 1 and line[0].startswith(b"HTTP/") else "no answer"


# ---------------------------------------------------------------- images

def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width: int, height: int, rows: bytes) -> bytes:
    """An 8-bit RGB PNG around an already deflated (zlib) stream of filtered rows."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", rows) + png_chunk(b"IEND", b"")


def flat_png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A one-colour width×height PNG, about 1/1000 of its pixel bytes on disk (10000×10000 ≈ 320 KB).

    Row 0 holds the colour; every later row uses the PNG "Up" filter, so it is all zeros. Those rows are
    deflated once, in blocks of 100 ended by a full flush (which makes a block independent of what came
    before), and the compressed block is repeated: a 300 MB image costs under a second to make."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    first = b"\x00" + bytes(rgb) * width
    up_row = b"\x02" + bytes(3 * width)
    parts = [deflate.compress(first), deflate.flush(zlib.Z_FULL_FLUSH)]
    adler = zlib.adler32(first)
    block = up_row * 100
    compressed_block = deflate.compress(block) + deflate.flush(zlib.Z_FULL_FLUSH)
    full, rest = divmod(height - 1, 100)
    for _ in range(full):
        parts.append(compressed_block)
        adler = zlib.adler32(block, adler)
    tail = up_row * rest
    parts.append(deflate.compress(tail))
    adler = zlib.adler32(tail, adler)
    parts.append(deflate.flush(zlib.Z_FINISH))
    return png(width, height, b"\x78\xda" + b"".join(parts) + struct.pack(">I", adler))


def noise_png(side: int, rng: random.Random) -> bytes:
    """A side×side PNG of random pixels: unique bytes for every race run."""
    rows = b"".join(b"\x00" + rng.randbytes(3 * side) for _ in range(side))
    return png(side, side, zlib.compress(rows, 6))


# ---------------------------------------------------------------- the server

class Server:
    """`appsuite serve` on 127.0.0.1 against one data dir; restarted (on the next free port) when it dies."""

    def __init__(self, binary: Path, data_dir: Path, results: Path):
        self.binary, self.data_dir, self.results = binary, data_dir, results
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0
        self.deaths: list[str] = []  # how each process that had to be restarted ended

    def start(self, timeout: float = 60.0) -> None:
        self.port = next((p for p in PORTS if port_is_free(p)), 0)
        if not self.port:
            raise SetupError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")
        self.starts += 1
        env = {k: v for k, v in os.environ.items() if not k.startswith("APPSUITE_")}
        stderr = open(self.results / f"server-{self.starts}.log", "wb")
        self.proc = subprocess.Popen(
            [str(self.binary), "serve", "--host", HOST, "--port", str(self.port), "--data-dir", str(self.data_dir)],
            stdin=subprocess.DEVNULL, stdout=stderr, stderr=stderr, env=env)
        stderr.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SetupError(f"the server exited during start-up ({self.exit_text()}); "
                                 f"see {self.results}/server-{self.starts}.log")
            if self.healthy(1.0):
                return
            time.sleep(0.1)
        raise SetupError(f"the server did not answer /healthz within {timeout:.0f} s")

    def healthy(self, timeout: float = 5.0) -> bool:
        try:
            return call(self.port, "GET", "/healthz", timeout=timeout)[0] == 200
        except (OSError, http.client.HTTPException):
            return False

    def restart(self) -> None:
        """Records how the current process ended (or kills it if it hangs) and starts a new one."""
        self.deaths.append(self.exit_text() if not self.alive() else "alive but not answering /healthz")
        self.stop()
        log(f"== restarting the server ({self.deaths[-1]})")
        self.start()

    def settled(self) -> bool:
        """True when the server answers /healthz; otherwise gives a dying process 3 s to exit (so that
        exit_text() names the signal) and returns False."""
        if self.alive() and self.healthy():
            return True
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            pass
        return False

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def exit_text(self) -> str:
        code = self.proc.returncode if self.proc else None
        if code is None:
            return "running"
        if code < 0:
            return f"killed by {signal.Signals(-code).name}"
        return f"exit {code}"

    def stop(self) -> None:
        if not self.alive():
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((HOST, port))
            return True
        except OSError:
            return False


# ---------------------------------------------------------------- the normal client

@dataclass
class Series:
    """Latencies (ms) of answered requests and the count of failures (error, time-out, not 200)."""
    times: list[float] = field(default_factory=list)
    failures: int = 0

    def percentile(self, q: float) -> float | None:
        if not self.times:
            return None
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class NormalClient:
    """Three threads, each sending one request every ~50 ms: GET /healthz on a new connection each time (a
    new visitor), GET /healthz on one kept-alive connection (an open browser tab) and GET a real page on
    another kept-alive connection. A kept connection the server closes is opened again on the next request.
    A fourth thread signs in (POST /api/v1/auth/login of its own account, argon2id on the server) every
    SIGN_IN_INTERVAL, each on a new connection; a sign-in without 200 within SIGN_IN_TIMEOUT is a failure."""

    def __init__(self, server: Server):
        self.server = server  # its port is read at every connection: a restart mid-attack moves it
        self.stop_event = threading.Event()
        self.fresh, self.kept, self.page, self.sign_in = Series(), Series(), Series(), Series()
        self.threads = [threading.Thread(target=self.poll, args=("/healthz", self.fresh, False), daemon=True),
                        threading.Thread(target=self.poll, args=("/healthz", self.kept, True), daemon=True),
                        threading.Thread(target=self.poll, args=(NORMAL_PAGE, self.page, True), daemon=True),
                        threading.Thread(target=self.sign_ins, daemon=True)]

    def __enter__(self) -> NormalClient:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop_event.set()
        for thread in self.threads:
            thread.join(SIGN_IN_TIMEOUT + 1)

    def sign_ins(self) -> None:
        body = json.dumps({"username": SIGN_IN_USER, "password": PASSWORD}).encode()
        while not self.stop_event.is_set():
            started = time.monotonic()
            try:
                status, _ = call(self.server.port, "POST", "/api/v1/auth/login", body,
                                 {"Content-Type": "application/json"}, timeout=SIGN_IN_TIMEOUT)
                if status == 200:
                    self.sign_in.times.append((time.monotonic() - started) * 1000)
                else:
                    self.sign_in.failures += 1
            except (OSError, http.client.HTTPException):
                self.sign_in.failures += 1
            self.stop_event.wait(max(0.0, SIGN_IN_INTERVAL - (time.monotonic() - started)))

    def poll(self, path: str, series: Series, keep_alive: bool) -> None:
        conn: http.client.HTTPConnection | None = None
        headers = {"Accept-Language": "zh-CN"}
        while not self.stop_event.is_set():
            started = time.monotonic()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(HOST, self.server.port, timeout=POLL_TIMEOUT)
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
                if response.status == 200:
                    series.times.append((time.monotonic() - started) * 1000)
                else:
                    series.failures += 1
                if not keep_alive or response.will_close:
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException):
                series.failures += 1
                conn.close()
                conn = None
            self.stop_event.wait(max(0.0, POLL_INTERVAL - (time.monotonic() - started)))
        if conn is not None:
            conn.close()

    def health_p99(self) -> float | None:
        """The worse /healthz p99 of the two connection kinds: the goal holds for new visitors and open tabs."""
        values = [p for p in (self.fresh.percentile(0.99), self.kept.percentile(0.99)) if p is not None]
        return max(values) if values else None

    def health_failures(self) -> int:
        return self.fresh.failures + self.kept.failures


# ---------------------------------------------------------------- attacks

@dataclass
class Context:
    server: Server
    args: argparse.Namespace
    tokens: dict[str, str]
    rng: random.Random

    @property
    def port(self) -> int:
        return self.server.port


def attack_image_work(ctx: Context) -> str:
    """(a) 8 parallel uploads of distinct 100-megapixel PNGs, then 5 parallel first renditions of them."""
    images = [flat_png(10_000, 10_000, (40 + 20 * i, 120, 200 - 20 * i)) for i in range(8)]
    uploads = parallel([lambda i=i: upload(ctx.port, ctx.tokens["attacker"], f"huge-{i}.png", images[i])
                        for i in range(8)])
    ids = [pid for pid in (uploaded_id(outcome.value) for outcome in uploads) if pid is not None]
    renditions = parallel([lambda pid=pid: call(ctx.port, "GET", f"/api/v1/photos/{pid}/rendition",
                                                headers={"Authorization": "Bearer " + ctx.tokens["attacker"]},
                                                timeout=60) for pid in ids[:5]])
    return (f"{len(images)}×{len(images[0]) // 1024} KB 100-MP PNG: upload {summarize(uploads)}; "
            f"{len(renditions)} renditions {summarize(renditions)}")


def attack_slow_clients(ctx: Context) -> str:
    """(b) N addresses × M connections sending headers one byte a second, reconnecting when cut off."""
    addresses = [f"127.0.0.{2 + i}" for i in range(ctx.args.slow_addresses)]
    per_address, seconds = ctx.args.slow_per_address, ctx.args.slow_seconds
    stats = slow_loris(ctx.port, addresses, per_address, seconds, max_connects=20 * per_address * len(addresses))
    return (f"{len(addresses)}×{per_address} for {seconds:.0f} s: peak {stats['peak']} open, {stats['opened']} opened, "
            f"{stats['cut']} cut by server, {stats['refused']} refused")


def slow_loris(port: int, addresses: list[str], per_address: int, seconds: float, max_connects: int) -> dict[str, int]:
    """Keeps per_address connections open from each address, each sending a never-ending header one byte a
    second; a connection the server closes is opened again. Stops after `seconds` or `max_connects`."""
    request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\nX-Slow: " + b"x" * 4096
    selector = selectors.DefaultSelector()
    stats = {"opened": 0, "cut": 0, "refused": 0, "peak": 0}
    live: dict[socket.socket, list] = {}  # socket → [address, bytes sent, next send time, connected]
    deadline = time.monotonic() + seconds

    def open_one(address: str) -> None:
        if stats["opened"] >= max_connects:
            return
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.bind((address, 0))
            code = sock.connect_ex((HOST, port))
        except OSError:
            stats["refused"] += 1
            sock.close()
            return
        if code not in (0, errno.EINPROGRESS):
            stats["refused"] += 1
            sock.close()
            return
        stats["opened"] += 1
        live[sock] = [address, 0, time.monotonic() + 1.0, False]
        selector.register(sock, selectors.EVENT_WRITE)

    def close_one(sock: socket.socket, reopen: bool) -> None:
        address = live.pop(sock)[0]
        selector.unregister(sock)
        sock.close()
        if reopen and time.monotonic() < deadline:
            open_one(address)

    for address in addresses:
        for _ in range(per_address):
            open_one(address)
    try:
        while time.monotonic() < deadline and live:
            for key, _ in selector.select(timeout=0.05):
                sock = key.fileobj
                state = live[sock]
                if not state[3]:  # connect finished (or failed)
                    if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                        stats["refused"] += 1
                        close_one(sock, reopen=True)
                        continue
                    state[3] = True
                    selector.modify(sock, selectors.EVENT_READ)
                    continue
                try:
                    data = sock.recv(4096)
                except OSError:
                    data = b""
                if not data or b"\r\n\r\n" in data:  # closed, or an answer (408/431/503…): the slot is gone
                    stats["cut"] += 1
                    close_one(sock, reopen=True)
            now = time.monotonic()
            stats["peak"] = max(stats["peak"], sum(1 for s in live.values() if s[3]))
            for sock, state in list(live.items()):
                if state[3] and state[2] <= now and sock in live:
                    try:
                        sock.send(request[state[1]:state[1] + 1])
                        state[1] = (state[1] + 1) % len(request)
                        state[2] = now + 1.0
                    except OSError:
                        stats["cut"] += 1
                        close_one(sock, reopen=True)
    finally:
        for sock in list(live):
            close_one(sock, reopen=False)
        selector.close()
    return stats


def attack_edit_chain(ctx: Context) -> str:
    """(c) 5,000 flips in one request on one real photo; then a chain of requests of 500 flips each on another
    (on a restarted server if the first request killed it)."""
    one, two = ctx.args.photos
    parts = []
    status = edit(ctx, new_photo(ctx, one.read_bytes(), one.name), 5000)
    parts.append(f"5000 ops → {status}")
    if not ctx.server.settled():
        parts[-1] += f" (server {ctx.server.exit_text()})"
        ctx.server.restart()
    second = new_photo(ctx, two.read_bytes(), two.name)
    total, statuses = 0, []
    deadline = time.monotonic() + 60
    for _ in range(12):
        status = edit(ctx, second, 500)
        statuses.append(status)
        if status != "201":
            break
        total += 500
        if time.monotonic() > deadline:
            statuses.append("stopped at 60 s")
            break
    chain = f"chain of 500 → {run_length(statuses)}, {total} ops stored"
    if not ctx.server.settled():
        chain += f" (server {ctx.server.exit_text()})"
    return "; ".join(parts + [chain])


def new_photo(ctx: Context, data: bytes, name: str) -> int:
    reply = upload(ctx.port, ctx.tokens["attacker"], name, data)
    photo_id = uploaded_id(reply)
    if photo_id is None:
        raise RuntimeError(f"uploading {name} answered {reply[0]}: {reply[1][:200]!r}")
    return photo_id


def edit(ctx: Context, photo_id: int, count: int) -> str:
    operations = [{"op": "flip", "direction": "horizontal"}] * count
    try:
        status, _ = json_call(ctx.port, "POST", f"/api/v1/photos/{photo_id}/versions", {"operations": operations},
                              ctx.tokens["attacker"], timeout=60)
        return str(status)
    except (OSError, http.client.HTTPException) as error:
        return "no answer" if not isinstance(error, socket.timeout) else "time-out"


def attack_race(ctx: Context) -> str:
    """(d) alice deletes her photo while bob uploads the same bytes; bob's original must survive."""
    alice, bob = ctx.tokens["alice"], ctx.tokens["bob"]
    runs, lost, errors = 0, 0, 0
    deadline = time.monotonic() + ctx.args.race_seconds
    for run in range(ctx.args.race_runs):
        if time.monotonic() > deadline or not ctx.server.alive():
            break
        data = noise_png(96, ctx.rng)
        try:
            started = time.monotonic()
            alice_id = uploaded_id(upload(ctx.port, alice, f"race-{run}.png", data))
            upload_seconds = time.monotonic() - started
            if alice_id is None:
                errors += 1
                continue
            delay = ctx.rng.uniform(0, 1.2 * upload_seconds)  # lands anywhere within bob's upload
            results = parallel([
                lambda: upload(ctx.port, bob, f"race-{run}.png", data),
                lambda: (time.sleep(delay), call(ctx.port, "DELETE", f"/api/v1/photos/{alice_id}",
                                                 headers={"Authorization": "Bearer " + alice}))[1],
            ])
            runs += 1
            bob_id = uploaded_id(results[0].value)
            if bob_id is None:
                errors += 1
                continue
            try:
                status, original = call(ctx.port, "GET", f"/api/v1/photos/{bob_id}/original",
                                        headers={"Authorization": "Bearer " + bob}, timeout=10)
                lost += not (status == 200 and original == data)
            except (OSError, http.client.HTTPException):
                lost += 1  # the connection closed without an answer: the file is gone
            call(ctx.port, "DELETE", f"/api/v1/photos/{bob_id}", headers={"Authorization": "Bearer " + bob}, timeout=10)
        except (OSError, http.client.HTTPException):
            errors += 1
    note = f", {errors} runs with a failed request" if errors else ""
    return f"lost originals {lost}/{runs}{note}"


def attack_same_account_race(ctx: Context) -> str:
    """(h) issue 27 item 6: alice deletes her photo while she uploads the same bytes again (the delete starts at a
    random moment within the upload). A 201 must name a photo that is still there afterwards."""
    alice = ctx.tokens["alice"]
    rounds, gone, created, duplicates, other = 0, 0, 0, 0, []
    deadline = time.monotonic() + ctx.args.race_seconds
    for run in range(ctx.args.same_account_runs):
        if time.monotonic() > deadline or not ctx.server.alive():
            break
        data = noise_png(96, ctx.rng)
        started = time.monotonic()
        photo = uploaded_id(upload(ctx.port, alice, f"again-{run}.png", data))
        if photo is None:
            other.append("first upload failed")
            continue
        delay = ctx.rng.uniform(0, 1.2 * (time.monotonic() - started))
        results = parallel([
            lambda: upload(ctx.port, alice, f"again-{run}.png", data),
            lambda: (time.sleep(delay), call(ctx.port, "DELETE", f"/api/v1/photos/{photo}",
                                             headers={"Authorization": "Bearer " + alice}))[1],
        ])
        rounds += 1
        reply = results[0].value
        if not isinstance(reply, tuple):
            other.append("no answer")
            continue
        if reply[0] == 201:
            created += 1
            named = json.loads(reply[1])["items"][0]["id"]
            status, _ = call(ctx.port, "GET", f"/api/v1/photos/{named}", headers={"Authorization": "Bearer " + alice}, timeout=10)
            gone += status != 200
        elif reply[0] == 200:
            duplicates += 1
        else:
            other.append(str(reply[0]))
        status, body = call(ctx.port, "GET", "/api/v1/photos?limit=200", headers={"Authorization": "Bearer " + alice}, timeout=10)
        for item in json.loads(body).get("items", []) if status == 200 else []:
            call(ctx.port, "DELETE", f"/api/v1/photos/{item['id']}", headers={"Authorization": "Bearer " + alice}, timeout=10)
    note = f"; other answers: {run_length(sorted(other))}" if other else ""
    return f"201 naming a photo that is gone: {gone}/{rounds} (201 ×{created}, 200 duplicate ×{duplicates}){note}"


def attack_headers(ctx: Context) -> str:
    """(e) malformed requests that must be 400, and a Host header that must not reach share pages."""
    cases = {
        "dup Host": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
        "bare CR": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test: a\rb\r\nConnection: close\r\n\r\n",
        "NUL": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test: a\x00b\r\nConnection: close\r\n\r\n",
        "space in name": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX Test: a\r\nConnection: close\r\n\r\n",
    }
    answers = {name: status_of(raw_exchange(ctx.port, request)) for name, request in cases.items()}
    refused = sum(status == "400" for status in answers.values())
    detail = ", ".join(f"{name} {status}" for name, status in answers.items())
    status, body = call(ctx.port, "GET", "/api/v1/movies/reviews?limit=1")
    review = json.loads(body)["items"][0]["id"]
    status, body = json_call(ctx.port, "PUT", f"/api/v1/shares/movies/{review}", {}, ctx.tokens["attacker"])
    if status != 200:
        return f"400 ×{refused}/4 ({detail}); share link not made ({status})"
    code = json.loads(body)["code"]
    reply = raw_exchange(ctx.port, f"GET /s/{code} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".encode())
    reflected = b"evil.example" in reply
    return (f"400 ×{refused}/4 ({detail}); /s/CODE with Host: evil.example → {status_of(reply)}, "
            f"{'host REFLECTED' if reflected else 'host not reflected'}")


FILTER_BOMB = ('<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334"><filter id="f">'
               '<feTurbulence baseFrequency=".01" numOctaves="100"/></filter>'
               + "".join(f'<rect id="bg_{n}" width="1000" height="1000" filter="url(#f)"/>' for n in "abc") + "</svg>")


def slicer_upload(port: int, token: str, filename: str, data: bytes) -> tuple[int, str]:
    """POST /slicer/jobs (multipart `design`) with a bearer token: (status, the job page it redirects to)."""
    boundary = "abuse" + hashlib.sha256(data[:64]).hexdigest()[:24]
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"design\"; filename=\"{filename}\"\r\n"
            f"Content-Type: image/svg+xml\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        conn.request("POST", "/slicer/jobs", body, {"Content-Type": f"multipart/form-data; boundary={boundary}",
                                                    "Authorization": "Bearer " + token, "Accept-Language": "en"})
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("Location") or ""
    finally:
        conn.close()


def job_state(port: int, token: str, page: str) -> str:
    """'running', 'finished: …' or 'failed: <the job's message>' from a /slicer job page."""
    status, body = call(port, "GET", page, headers={"Authorization": "Bearer " + token, "Accept-Language": "en"}, timeout=30)
    text = body.decode(errors="replace")
    if status != 200:
        return f"page {status}"
    if 'data-running="1"' in text:
        return "running"
    if "error-state" in text:
        start = text.find('class="state-message"')
        message = text[text.find(">", start) + 1:text.find("</p>", start)] if start >= 0 else ""
        return "failed: " + html.unescape(message).strip()[:400]
    return "finished"


def attack_filter_bomb(ctx: Context) -> str:
    """(f) issue 27: two accounts each upload the ~300-byte SVG whose three 1000×1000 slices use
    <feTurbulence numOctaves="100"> (about 30 s of librsvg per slice before isolation), at once, while the
    normal client signs in; waits until both jobs end (at most --job-seconds)."""
    data = FILTER_BOMB.encode()
    tokens = [ctx.tokens["slicer1"], ctx.tokens["slicer2"]]
    uploads = parallel([lambda t=t: slicer_upload(ctx.port, t, "bomb.svg", data) for t in tokens])
    pages = [(t, o.value[1]) for t, o in zip(tokens, uploads) if isinstance(o.value, tuple) and o.value[0] == 303]
    states: list[str] = ["not started"] * len(pages)
    deadline = time.monotonic() + ctx.args.job_seconds
    while pages and time.monotonic() < deadline:
        states = [job_state(ctx.port, token, page) for token, page in pages]
        if all(state != "running" for state in states):
            break
        time.sleep(1)
    ended = "; ".join(states) if pages else "no job started"
    return f"{len(data)}-byte SVG ×2 accounts: upload {summarize(uploads)}; jobs: {ended}"


def attack_merchant_photos(ctx: Context) -> str:
    """(g) issue 27: four accounts each upload three distinct 100-megapixel PNGs as photos of one merchant
    (POST /api/v1/merchants/{id}/photos, 12 decodes of 100 MP), at once, while the normal client signs in."""
    status, body = call(ctx.port, "GET", "/api/v1/merchants/search?q=%E5%92%96%E5%95%A1&limit=1")
    items = json.loads(body).get("items", []) if status == 200 else []
    if not items:
        return f"no merchant to upload to (search answered {status}; import the merchants data)"
    merchant = items[0]["id"]
    pictures = [[flat_png(10_000, 10_000, (30 + 50 * user, 60 + 30 * n, 90)) for n in range(3)] for user in range(4)]

    def send(user: int) -> tuple[int, bytes]:
        boundary = f"abuse-merchant-{user}"
        parts = b"".join((f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p{n}.png\"\r\n"
                          f"Content-Type: image/png\r\n\r\n").encode() + data + b"\r\n" for n, data in enumerate(pictures[user]))
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}",
                   "Authorization": "Bearer " + ctx.tokens[f"merchant{user + 1}"]}
        return call(ctx.port, "POST", f"/api/v1/merchants/{merchant}/photos", parts + f"--{boundary}--\r\n".encode(),
                    headers, timeout=ctx.args.job_seconds)

    outcomes = parallel([lambda u=u: send(u) for u in range(4)])
    return f"4 accounts × 3 × {len(pictures[0][0]) // 1024} KB 100-MP PNG: {summarize(outcomes)}"


def attack_idle(ctx: Context) -> str:
    """The reference: the normal client alone for a few seconds."""
    time.sleep(5)
    return "no attack, 5 s"


ATTACKS = {
    "idle": ("(-) idle reference", attack_idle),
    "a": ("(a) slow image work", attack_image_work),
    "b": ("(b) slow clients", attack_slow_clients),
    "c": ("(c) edit chain", attack_edit_chain),
    "d": ("(d) delete/upload race", attack_race),
    "e": ("(e) hostile headers", attack_headers),
    "f": ("(f) SVG filter bomb", attack_filter_bomb),
    "g": ("(g) 4×3 100-MP photos", attack_merchant_photos),
    "h": ("(h) delete + re-upload", attack_same_account_race),
}


# ---------------------------------------------------------------- helpers

@dataclass
class Outcome:
    value: object
    seconds: float


def parallel(jobs: list) -> list[Outcome]:
    """Runs every job on its own thread at once; an exception becomes the job's value."""
    outcomes: list[Outcome | None] = [None] * len(jobs)
    barrier = threading.Barrier(len(jobs)) if jobs else None

    def run(index: int) -> None:
        barrier.wait()
        started = time.monotonic()
        try:
            value = jobs[index]()
        except (OSError, http.client.HTTPException) as error:
            value = error
        outcomes[index] = Outcome(value, time.monotonic() - started)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes  # type: ignore[return-value]


def summarize(outcomes: list[Outcome]) -> str:
    """'201 ×8 (max 4.2 s)' from parallel requests; failures named by kind."""
    names = []
    for outcome in outcomes:
        value = outcome.value
        if isinstance(value, tuple):
            names.append(str(value[0]))
        elif isinstance(value, socket.timeout):
            names.append("time-out")
        else:
            names.append("no answer")
    slowest = max((o.seconds for o in outcomes), default=0)
    return f"{run_length(sorted(names))} (max {slowest:.1f} s)"


def run_length(items: list[str]) -> str:
    """['201', '201', '422'] → '201 ×2, 422'."""
    groups: list[list] = []
    for item in items:
        if groups and groups[-1][0] == item:
            groups[-1][1] += 1
        else:
            groups.append([item, 1])
    return ", ".join(f"{item} ×{count}" if count > 1 else item for item, count in groups) or "none"


def register(port: int, name: str) -> str:
    status, body = json_call(port, "POST", "/api/v1/auth/register", {"username": name, "password": PASSWORD})
    if status == 409:  # already there (a re-run on the same data dir): log in instead
        status, body = json_call(port, "POST", "/api/v1/auth/login", {"username": name, "password": PASSWORD})
    if status not in (200, 201):
        raise SetupError(f"registering {name} answered {status}: {body[:300]!r}")
    return json.loads(body)["token"]


def milliseconds(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}" if value >= 100 else f"{value:.1f}"


# ---------------------------------------------------------------- main

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", type=Path, required=True)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--results", type=Path, required=True)
    parser.add_argument("--photos", type=Path, nargs=2, required=True, metavar="FILE",
                        help="two real photos for the edit chain")
    parser.add_argument("--attacks", default="idle,a,b,c,d,e,f,g,h")
    parser.add_argument("--job-seconds", type=float, default=300,
                        help="how long (f) waits for its slicing jobs and (g) for its uploads")
    parser.add_argument("--race-runs", type=int, default=300)
    parser.add_argument("--race-seconds", type=float, default=90)
    parser.add_argument("--same-account-runs", type=int, default=40, help="rounds of (h)")
    parser.add_argument("--slow-addresses", type=int, default=10, choices=range(1, 30))
    parser.add_argument("--slow-per-address", type=int, default=120)
    parser.add_argument("--slow-seconds", type=float, default=30)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--budget", type=float, default=360, help="seconds; attacks not started by then are skipped")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.attacks.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in ATTACKS]
    if unknown:
        parser.error(f"unknown attack {', '.join(unknown)}; choose from {', '.join(ATTACKS)}")
    if not (1 <= args.race_runs <= 1000 and 1 <= args.slow_per_address <= 500 and 1 <= args.slow_seconds <= 60):
        parser.error("bounds: --race-runs 1-1000, --slow-per-address 1-500, --slow-seconds 1-60")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = args.slow_addresses * args.slow_per_address + 256
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(needed, soft)), hard))

    args.results.mkdir(parents=True, exist_ok=True)
    server = Server(args.binary, args.data_dir, args.results)
    rows: list[Row] = []
    status = 0
    try:
        server.start()
        tokens = {name: register(server.port, name)
                  for name in ("attacker", "alice", "bob", SIGN_IN_USER, "slicer1", "slicer2",
                               "merchant1", "merchant2", "merchant3", "merchant4")}
        ctx = Context(server, args, tokens, random.Random(args.seed))
        deadline = time.monotonic() + args.budget
        for name in chosen:
            if time.monotonic() > deadline:
                log(f"== skipping {ATTACKS[name][0]}: the {args.budget:.0f} s budget is spent")
                continue
            rows.append(run_attack(ctx, name))
    except SetupError as error:
        log(f"abuse: {error}")
        status = 2
    finally:
        server.stop()
    report(rows)
    met = goals(rows)
    return status or (1 if args.strict and not met else 0)


@dataclass
class Row:
    key: str
    title: str
    client: NormalClient
    survived: bool
    verdict: str
    outcome: str


def run_attack(ctx: Context, name: str) -> Row:
    """Restarts the server if the previous attack left it dead, runs one attack under the normal client,
    then checks that the server is alive and answers /healthz."""
    server = ctx.server
    title, attack = ATTACKS[name]
    if not server.settled():
        server.restart()
    deaths = len(server.deaths)
    log(f"== {title}")
    started = time.monotonic()
    with NormalClient(server) as client:
        try:
            outcome = attack(ctx)
        except (OSError, http.client.HTTPException, RuntimeError, ValueError, KeyError) as error:
            outcome = f"attack could not run: {error!r}"
        seconds = time.monotonic() - started
        time.sleep(max(0.0, MIN_WINDOW - seconds))
    time.sleep(0.5)
    answering = server.settled()
    survived = answering and len(server.deaths) == deaths
    if survived:
        verdict = "yes"
    elif len(server.deaths) > deaths:
        verdict = f"NO ({server.deaths[deaths]})"
    else:
        verdict = f"NO ({server.exit_text() if not server.alive() else 'not answering'})"
    log(f"   {outcome}  [{seconds:.1f} s; /healthz p99 {milliseconds(client.health_p99())} ms, "
        f"{client.health_failures()} failures; survived: {verdict}]")
    return Row(name, title, client, survived, verdict, outcome)


def report(rows: list[Row]) -> None:
    def cells(series: Series) -> str:
        return f"{milliseconds(series.percentile(0.5)):>6} {milliseconds(series.percentile(0.99)):>6} {series.failures:>4}"

    print()
    print(f"{'':<24} {'/healthz, new conn.':<18} {'/healthz, kept':<18} {NORMAL_PAGE + ', kept':<18} {'sign-in':<18}")
    header = f"{'attack':<24}" + f" {'p50 ms':>6} {'p99 ms':>6} {'fail':>4}" * 4 + f"  {'survived':<22} outcome"
    print(header)
    print("-" * len(header))
    for row in rows:
        client = row.client
        print(f"{row.title:<24} {cells(client.fresh)} {cells(client.kept)} {cells(client.page)} {cells(client.sign_in)}  "
              f"{row.verdict:<22} {row.outcome}")
    print(f"(normal client: one request every {POLL_INTERVAL * 1000:.0f} ms on each of: /healthz on a new connection, "
          f"/healthz on a kept-alive one, {NORMAL_PAGE} on a kept-alive one; a failure is an error, a "
          f"{POLL_TIMEOUT:.0f} s time-out or a status other than 200; and a sign-in every {SIGN_IN_INTERVAL * 1000:.0f} ms, "
          f"a failure after {SIGN_IN_TIMEOUT:.0f} s)")
    print()


def goals(rows: list[Row]) -> bool:
    """Prints the goal lines; True when every goal measured was met."""
    met = []
    died = [row.title for row in rows if not row.survived]
    met.append(not died)
    print(f"{'MET   ' if not died else 'MISSED'} the server survives every attack"
          + (f": it did not survive {', '.join(died)}" if died else ""))
    for row in rows:
        if row.key == "idle":
            continue
        p99, failures = row.client.health_p99(), row.client.health_failures()
        ok = p99 is not None and p99 < 100 and failures == 0
        met.append(ok)
        print(f"{'MET   ' if ok else 'MISSED'} /healthz p99 < 100 ms and no failure during {row.title}: "
              f"p99 {milliseconds(p99)} ms (the worse connection kind), {failures} failures")
        series = row.client.sign_in
        p99 = series.percentile(0.99)
        ok = p99 is not None and p99 < 1000 and series.failures == 0
        met.append(ok)
        print(f"{'MET   ' if ok else 'MISSED'} sign-in p99 < 1 s and no failure during {row.title}: "
              f"p99 {milliseconds(p99)} ms over {len(series.times)} sign-ins, {series.failures} failures")
    return all(met)


if __name__ == "__main__":
    sys.exit(main())
