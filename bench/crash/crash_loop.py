#!/usr/bin/env python3
"""kill -9 loop against the real server (research/platform.md §4.3–4.5). Standard library only.

Each iteration starts `appsuite serve` on a free 127.0.0.1 port against ONE persistent data dir,
lets several writer threads log in over the API as fast as they can (every successful login
inserts a session row: the "write"; the token of every 200 is recorded as acknowledged), then
SIGKILLs the server after a random 0.5–2 s. The next start must come up cleanly (healthz within
30 s, no errors on stderr); after every restart the tokens acknowledged in the previous iteration
(plus a sample of older ones) must still work and `PRAGMA integrity_check` must print `ok`. At the
end EVERY acknowledged token is checked, the server is stopped with SIGTERM (exit 0 expected) and
the database checked once more.

With `--database postgres://…` (bench/crash/run --postgres) the loop runs against one of TWO servers on one
PostgreSQL database and one shared data dir, as behind a load balancer: a steady server that is never killed takes
writes of its own (`--steady-threads`) throughout, the other is SIGKILLed and restarted; every token is checked on
both servers, and instead of `PRAGMA integrity_check` every B-tree index of the database is verified with
PostgreSQL's `amcheck` (`bt_index_check`), the session rows counted with psql.

Usage (from the repo root; bench/crash/run builds the release binary first):
    python3 bench/crash/crash_loop.py --binary .build/release/appsuite [--iterations 40] [--threads 4]
Exit status: 0 when nothing was lost and every check passed, 1 otherwise, 2 on bad usage.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HOST = "127.0.0.1"
USERNAME = "crashtest"
PASSWORD = "correct horse battery"
ERROR_LINE = re.compile(r"(?i)(^error:|fatal error|panic|segmentation|corrupt|malformed|disk i/o error|assert)")
SERVER_ERROR_STATUS = re.compile(r" 5\d\d \d+ms ")


def log(msg: str) -> None:
    print(msg, flush=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def request(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes, bool]:
    conn.request(method, path, body=body, headers=headers or {})
    r = conn.getresponse()
    data = r.read()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, data, r.will_close


class Server:
    def __init__(self, binary: Path, data_dir: Path, log_dir: Path, number: int, database: str | None = None):
        self.binary = binary
        self.database = database
        self.data_dir = data_dir
        self.port = free_port()
        self.stderr_path = log_dir / f"server-{number:02d}.stderr"
        self.stdout_path = log_dir / f"server-{number:02d}.stdout"
        self.proc: subprocess.Popen[bytes] | None = None
        self.ready_after: float | None = None

    def start(self, timeout: float = 30.0) -> str | None:
        """Starts and waits for /healthz. Returns None when ready, else what went wrong."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("APPSUITE_")}
        env["APPSUITE_DATA_DIR"] = str(self.data_dir)
        cmd = [str(self.binary), "serve", "--host", HOST, "--port", str(self.port), "--data-dir", str(self.data_dir)]
        if self.database:
            cmd += ["--database", self.database]
        started = time.monotonic()
        with open(self.stdout_path, "wb") as out, open(self.stderr_path, "wb") as err:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env)
        while time.monotonic() - started < timeout:
            if self.proc.poll() is not None:
                return f"exited with status {self.proc.returncode} before /healthz answered"
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                try:
                    status, _, body, _ = request(conn, "GET", "/healthz")
                finally:
                    conn.close()
                if status == 200 and json.loads(body) == {"status": "ok"}:
                    self.ready_after = time.monotonic() - started
                    return None
            except (OSError, http.client.HTTPException, ValueError):
                pass
            time.sleep(0.05)
        self.kill()
        return f"/healthz did not answer 200 within {timeout:.0f} s"

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def terminate(self, timeout: float = 15.0) -> int | None:
        if not self.proc or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def stderr_lines(self) -> list[str]:
        try:
            return self.stderr_path.read_text(errors="replace").splitlines()
        except FileNotFoundError:
            return []

    def problems(self) -> list[str]:
        return [l for l in self.stderr_lines() if ERROR_LINE.search(l) or SERVER_ERROR_STATUS.search(l)]


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acked: list[tuple[int, str]] = []  # (iteration, token)
        self.rate_limited = 0
        self.other_status: collections.Counter[int] = collections.Counter()
        self.errors_before_kill: list[str] = []


def writer(port: int, iteration: int, stop: threading.Event, killed: threading.Event, stats: Stats) -> None:
    body = json.dumps({"username": USERNAME, "password": PASSWORD}).encode()
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    conn: http.client.HTTPConnection | None = None
    while not stop.is_set():
        try:
            if conn is None:
                conn = http.client.HTTPConnection(HOST, port, timeout=10)
            status, hdrs, data, will_close = request(conn, "POST", "/api/v1/auth/login", body, headers)
            if status == 200:
                token = json.loads(data)["token"]
                with stats.lock:
                    stats.acked.append((iteration, token))
            elif status == 429:
                with stats.lock:
                    stats.rate_limited += 1
                retry = hdrs.get("retry-after", "1")
                stop.wait(min(float(retry) if retry.isdigit() else 1.0, 2.0))
            else:
                with stats.lock:
                    stats.other_status[status] += 1
            if will_close:
                conn.close()
                conn = None
        except (OSError, http.client.HTTPException, ValueError, KeyError) as e:
            if conn is not None:
                conn.close()
                conn = None
            if killed.is_set() or stop.is_set():
                break
            with stats.lock:
                stats.errors_before_kill.append(f"iteration {iteration}: {e!r}")
            time.sleep(0.02)
    if conn is not None:
        conn.close()


def verify_tokens(port: int, tokens: list[str], workers: int = 4) -> list[tuple[str, str]]:
    """Returns (token, what happened) for every token that does not get 200 from GET /api/v1/me."""
    if not tokens:
        return []
    chunks = [tokens[i::workers] for i in range(workers)]

    def check(chunk: list[str]) -> list[tuple[str, str]]:
        failed = []
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        for token in chunk:
            outcome = ""
            for _attempt in range(3):  # a transport hiccup is retried; a 401 is an answer
                try:
                    status, _, data, will_close = request(
                        conn, "GET", "/api/v1/me", headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})
                    if will_close:
                        conn.close()
                        conn = http.client.HTTPConnection(HOST, port, timeout=10)
                    outcome = "ok" if status == 200 else f"HTTP {status} {data[:120]!r}"
                    break
                except (OSError, http.client.HTTPException) as e:
                    conn.close()
                    conn = http.client.HTTPConnection(HOST, port, timeout=10)
                    outcome = f"transport error {e!r}"
            if outcome != "ok":
                failed.append((token, outcome))
        conn.close()
        return failed

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return [f for part in pool.map(check, chunks) for f in part]


def find_databases(data_dir: Path) -> list[Path]:
    found = []
    for path in sorted(data_dir.rglob("*")):
        if not path.is_file() or path.name.endswith(("-wal", "-shm", "-journal")):
            continue
        try:
            with path.open("rb") as f:
                if f.read(16) == b"SQLite format 3\x00":
                    found.append(path)
        except OSError:
            pass
    return found


def sqlite(db: Path, sql: str) -> tuple[int, str]:
    p = subprocess.run(["sqlite3", "-batch", "-cmd", ".timeout 10000", str(db), sql],
                       capture_output=True, text=True, timeout=120)
    return p.returncode, (p.stdout + p.stderr).strip()


def integrity(databases: list[Path]) -> list[str]:
    """Problems found by `PRAGMA integrity_check` (empty = every database prints `ok`)."""
    problems = []
    for db in databases:
        code, out = sqlite(db, "PRAGMA integrity_check")
        if code != 0 or out != "ok":
            problems.append(f"{db.name}: exit {code}: {out[:500]}")
    return problems


def session_rows(db: Path) -> int | None:
    code, out = sqlite(db, "SELECT count(*) FROM sessions")
    return int(out) if code == 0 and out.isdigit() else None


def psql(url: str, sql: str) -> tuple[int, str]:
    p = subprocess.run(["psql", "--no-psqlrc", "-qAt", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
                       capture_output=True, text=True, timeout=300)
    return p.returncode, (p.stdout if p.returncode == 0 else p.stdout + p.stderr).strip()


# Every B-tree index of the current schema through amcheck (PostgreSQL's contrib module shipped with Debian's
# postgresql package): bt_index_check verifies each index page's invariants; with heapallindexed it also checks
# that every heap tuple has its index entry.
PG_INDEX_CHECK = """
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS amcheck;
SELECT count(bt_index_check(index => c.oid, heapallindexed => true))
FROM pg_index i
JOIN pg_class c ON c.oid = i.indexrelid
JOIN pg_am a ON a.oid = c.relam
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE a.amname = 'btree' AND n.nspname = current_schema() AND c.relpersistence <> 't';
"""


def pg_integrity(url: str) -> tuple[list[str], int]:
    """Problems found by amcheck (empty = every index checked clean) and how many indexes were checked."""
    code, out = psql(url, PG_INDEX_CHECK)
    last = out.splitlines()[-1] if out else ""
    if code != 0 or not last.isdigit() or int(last) == 0:
        return [f"amcheck: exit {code}: {out[:500]}"], 0
    return [], int(last)


def pg_session_rows(url: str) -> int | None:
    code, out = psql(url, "SELECT count(*) FROM sessions")
    return int(out) if code == 0 and out.isdigit() else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", type=Path, default=Path(".build/release/appsuite"))
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--threads", type=int, default=4, help="writer threads")
    ap.add_argument("--min-kill", type=float, default=0.5, help="seconds of writing before SIGKILL, lower bound")
    ap.add_argument("--max-kill", type=float, default=2.0, help="upper bound")
    ap.add_argument("--sample", type=int, default=100, help="older tokens re-checked after each restart")
    ap.add_argument("--time-limit", type=float, default=540, help="stop iterating after this many seconds")
    ap.add_argument("--results", type=Path, default=Path(__file__).resolve().parent / "results")
    ap.add_argument("--keep", action="store_true", help="keep the data dir even when everything passed")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--database", default=None,
                    help="postgres://… : two servers on this database, one killed in the loop, one steady")
    ap.add_argument("--steady-threads", type=int, default=2, help="writer threads on the steady server (--database)")
    args = ap.parse_args()

    if not args.binary.is_file():
        print(f"crash: {args.binary} is missing; run `swift build -c release --product appsuite`", file=sys.stderr)
        return 2
    needed = "psql" if args.database else "sqlite3"
    if shutil.which(needed) is None:
        print(f"crash: the {needed} command is missing; run `scripts/bootstrap --test`", file=sys.stderr)
        return 2
    if args.database and not args.database.startswith(("postgres://", "postgresql://")):
        print("crash: --database must be a postgres:// URL", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    run_dir = args.results / time.strftime("%Y%m%d-%H%M%S")
    data_dir, log_dir = run_dir / "data", run_dir / "logs"
    data_dir.mkdir(parents=True)
    log_dir.mkdir(parents=True)
    log(f"crash: {args.iterations} iterations, {args.threads} writer threads, SIGKILL after "
        f"{args.min_kill}–{args.max_kill} s, seed {seed}, data dir {data_dir}")
    if args.database:
        log(f"crash: on PostgreSQL, two servers; {args.steady_threads} more writer threads on the steady one")

    began = time.monotonic()
    stats = Stats()
    failures: list[str] = []
    failed_restarts: list[str] = []
    stderr_problems: list[str] = []
    integrity_runs = integrity_ok = 0
    lost: dict[str, str] = {}
    kill_times: list[float] = []
    start_times: list[float] = []
    databases: list[Path] = []
    done_iterations = 0

    def start_server(number: int) -> Server | None:
        server = Server(args.binary.resolve(), data_dir, log_dir, number, args.database)
        problem = server.start()
        if problem is None:
            start_times.append(server.ready_after or 0)
            bad = server.problems()
            if bad:
                failed_restarts.append(f"start {number}: errors on stderr at start-up: {bad[:5]}")
            return server
        failed_restarts.append(f"start {number}: {problem}; stderr: {' | '.join(server.stderr_lines()[-8:])}")
        # One more try, so that a single flaky start does not end the run.
        server = Server(args.binary.resolve(), data_dir, log_dir, number + 100, args.database)
        if server.start() is None:
            start_times.append(server.ready_after or 0)
            return server
        failed_restarts.append(f"start {number} (retry): still failing: {' | '.join(server.stderr_lines()[-8:])}")
        return None

    checked_indexes = 0

    def check_database(label: str) -> None:
        nonlocal integrity_runs, integrity_ok, checked_indexes
        integrity_runs += 1
        if args.database:
            problems, checked_indexes = pg_integrity(args.database)
        else:
            problems = integrity(databases)
        if problems:
            failures.append(f"{label}: integrity: {problems}")
        else:
            integrity_ok += 1

    def check_after_restart(server: Server, tokens: list[str], label: str) -> None:
        nonlocal databases
        if not databases and not args.database:
            databases = find_databases(data_dir)
            if not databases:
                failures.append(f"{label}: no SQLite database found under {data_dir}")
        for port in [server.port] + ([steady.port] if steady else []):
            for token, outcome in verify_tokens(port, tokens):
                lost.setdefault(token, f"{label}, port {port}: {outcome}")
        if databases or args.database:
            check_database(label)

    steady: Server | None = None
    if args.database:
        steady = Server(args.binary.resolve(), data_dir, log_dir, 999, args.database)
        problem = steady.start()
        if problem is not None:
            print(f"crash: the steady server does not start: {problem}; "
                  f"{' | '.join(steady.stderr_lines()[-8:])}", file=sys.stderr)
            return 1

    server = start_server(0)
    if server is None:
        print("crash: the server does not start at all:\n  " + "\n  ".join(failed_restarts), file=sys.stderr)
        if steady:
            steady.kill()
        return 1
    conn = http.client.HTTPConnection(HOST, server.port, timeout=10)
    status, _, data, _ = request(conn, "POST", "/api/v1/auth/register",
                                 json.dumps({"username": USERNAME, "password": PASSWORD}).encode(),
                                 {"Content-Type": "application/json"})
    conn.close()
    if status not in (201, 409):
        print(f"crash: registering {USERNAME} answered HTTP {status}: {data[:300]!r}", file=sys.stderr)
        server.kill()
        if steady:
            steady.kill()
        return 1

    # The steady server's writers run through the whole loop: its transactions overlap every kill of the other.
    steady_stop = threading.Event()
    steady_threads = [threading.Thread(target=writer, args=(steady.port, 0, steady_stop, threading.Event(), stats),
                                       daemon=True) for _ in range(args.steady_threads)] if steady else []
    for t in steady_threads:
        t.start()

    for iteration in range(1, args.iterations + 1):
        if time.monotonic() - began > args.time_limit:
            failures.append(f"time limit of {args.time_limit:.0f} s reached after {done_iterations} iterations")
            break
        before = len(stats.acked)
        stop, killed = threading.Event(), threading.Event()
        threads = [threading.Thread(target=writer, args=(server.port, iteration, stop, killed, stats), daemon=True)
                   for _ in range(args.threads)]
        for t in threads:
            t.start()
        delay = rng.uniform(args.min_kill, args.max_kill)
        time.sleep(delay)
        killed.set()
        server.kill()
        stop.set()
        for t in threads:
            t.join(timeout=15)
        kill_times.append(delay)
        runtime_problems = server.problems()
        if runtime_problems:
            stderr_problems.extend(f"run {iteration}: {l}" for l in runtime_problems[:10])
        with stats.lock:
            new_tokens = [tok for it, tok in stats.acked[before:]]
        done_iterations = iteration

        server = start_server(iteration)
        if server is None:
            failures.append(f"restart after iteration {iteration} failed twice; stopping")
            break
        with stats.lock:
            older = [tok for _, tok in stats.acked[:before]]
        sample = rng.sample(older, min(args.sample, len(older)))
        lost_before = len(lost)
        check_after_restart(server, new_tokens + sample, f"after kill {iteration}")
        log(f"  {iteration:2d}: killed after {delay:.2f} s, {len(new_tokens):4d} acknowledged "
            f"(total {len(stats.acked)}), restart ready in {server.ready_after or 0:.2f} s, "
            f"re-checked {len(new_tokens) + len(sample)} tokens: {len(lost) - lost_before} lost")

    # Final check: every acknowledged token, on the (restarted) server, then a graceful stop.
    final_exit = None
    rows = None
    steady_stop.set()
    for t in steady_threads:
        t.join(timeout=15)
    steady_exit = None
    if steady:
        steady_problems = steady.problems()
        if steady_problems:
            stderr_problems.extend(f"steady server: {l}" for l in steady_problems[:10])
    if server is not None:
        all_tokens = [tok for _, tok in stats.acked]
        check_after_restart(server, all_tokens, "final")
        if args.database:
            rows = pg_session_rows(args.database)
        elif databases:
            rows = session_rows(databases[0])
        final_exit = server.terminate(timeout=15)
        if final_exit != 0:
            failures.append(f"graceful stop (SIGTERM): exit status {final_exit} (None = still running after 15 s)")
        bad = server.problems()
        if bad:
            stderr_problems.extend(f"final run: {l}" for l in bad[:10])
        if steady:
            steady_exit = steady.terminate(timeout=15)
            if steady_exit != 0:
                failures.append(f"steady server's graceful stop: exit status {steady_exit}")
        if databases or args.database:
            check_database("after graceful stop")
    elif steady:
        steady.kill()

    elapsed = time.monotonic() - began
    acked = len(stats.acked)
    if rows is not None and rows < acked:
        failures.append(f"sessions table has {rows} rows but {acked} logins were acknowledged")
    if stats.rate_limited:
        failures.append(f"{stats.rate_limited} logins answered 429 (successful logins should not be rate-limited)")
    if stats.other_status:
        failures.append(f"unexpected login statuses: {dict(stats.other_status)}")
    if stats.errors_before_kill:
        failures.append(f"{len(stats.errors_before_kill)} transport errors before SIGKILL, e.g. {stats.errors_before_kill[:3]}")
    if stderr_problems:
        failures.append(f"{len(stderr_problems)} error lines / 5xx on the server's stderr")
    if lost:
        failures.append(f"{len(lost)} acknowledged writes lost")

    ok = not failures and not failed_restarts and not lost
    log("")
    log("crash summary")
    log(f"  iterations               {done_iterations} of {args.iterations} (SIGKILL after {min(kill_times, default=0):.2f}–"
        f"{max(kill_times, default=0):.2f} s), {elapsed:.0f} s in all, seed {seed}")
    log(f"  acknowledged writes      {acked} logins answered 200 ({acked / max(sum(kill_times), 1e-9):.0f}/s while writing)")
    log(f"  lost writes              {len(lost)}")
    if args.database:
        log(f"  amcheck                  {integrity_ok}/{integrity_runs} ok ({checked_indexes} B-tree indexes each time)")
        steady_acked = sum(1 for it, _ in stats.acked if it == 0)
        log(f"  steady server            {steady_acked} of the logins, never killed; graceful stop exit {steady_exit}")
    else:
        log(f"  integrity_check          {integrity_ok}/{integrity_runs} ok ({', '.join(d.name for d in databases) or 'no database'})")
    log(f"  session rows at the end  {rows if rows is not None else 'n/a'}")
    log(f"  restarts                 {len(start_times) - 1} clean, {len(failed_restarts)} failed; "
        f"ready in {min(start_times, default=0):.2f}–{max(start_times, default=0):.2f} s")
    log(f"  429 answers              {stats.rate_limited}")
    log(f"  graceful stop            exit {final_exit}")
    for line in failed_restarts:
        log(f"  FAILED RESTART: {line}")
    for token, what in list(lost.items())[:20]:
        log(f"  LOST: …{token[-8:]}: {what}")
    for line in stderr_problems[:20]:
        log(f"  STDERR: {line}")
    for line in failures:
        log(f"  FAILURE: {line}")
    log(f"  result                   {'PASS' if ok else 'FAIL'} (logs in {log_dir})")
    if ok and not args.keep:
        shutil.rmtree(data_dir, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
