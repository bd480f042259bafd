#!/usr/bin/env python3
"""Counts instructions per request of each target on a server running under `valgrind --tool=callgrind
--instr-atstart=no` and compares them with the budgets (run by bench/budgets/check, which starts the server).

  measure.py --base URL --pid PID --prepared FILE --budgets budgets.json --work DIR [--targets a,b] [--update]

Per target: its warm-up requests with instrumentation off (caches filled, lazy data loaded), then
`callgrind_control --instr=on` and `--zero`, and `windows` (default 3) counted windows, each `requests` (default 5)
requests one after another on one keep-alive connection (the headers wrk sends: Host, and the session cookie for
signed-in targets), then `--dump` (which also resets the counters); then `--instr=off`. The cheapest window counts (one that paid for something once,
a pooled database connection reopened or a cache entry refreshed on its timer, costs more, never less). The
server runs with `--collect-atstart=no` and collection toggled on only inside the request handler (libmicrohttpd's
access callback, on the thread serving the request), so a window's total (Ir) is what its requests cost there, not
what other threads do meanwhile (猜你喜欢's model build in the work pool, jobs, timers). Divided by the number of
requests it is the target's instructions per request. A target fails when that is more than its budget × (1 + tolerance).

`--update` writes the counts as the new budgets (rounded up to 1,000) and exits 0; see README.md for when.
Exit status: 0 all within budget, 1 a target over budget (or answering other than 200), 2 bad input.
"""
import argparse
import glob
import http.client
import json
import os
import shlex
import subprocess
import sys
import threading
import time
import urllib.parse


def prepared_values(path: str) -> dict[str, str]:
    """NAME=value lines (shell-quoted) that bench/pages/prepare.py printed."""
    values = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            if "=" in line:
                name, value = line.rstrip("\n").split("=", 1)
                values[name] = shlex.split(value)[0] if value else ""
    return values


def control(pid: int, *arguments: str) -> None:
    """callgrind_control on the server; it answers once a thread of the server runs again."""
    done = subprocess.run(["callgrind_control", *arguments, str(pid)], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f"measure: callgrind_control {' '.join(arguments)} failed: {done.stdout}{done.stderr}")


class Client:
    def __init__(self, base: str):
        url = urllib.parse.urlparse(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=600)

    def get(self, path: str, cookie: str | None) -> tuple[int, int]:
        self.connection.putrequest("GET", path, skip_accept_encoding=True)
        if cookie:
            self.connection.putheader("Cookie", cookie)
        self.connection.endheaders()
        response = self.connection.getresponse()
        body = response.read()
        return response.status, len(body)


def open_database_connections(base: str) -> None:
    """Requests from 24 connections at once (instrumentation off), so the server opens its pool's database connections
    now: opening one (SQLite reads the schema) costs millions of instructions, and a counted request that happened to
    need a new one would be charged for it."""
    def worker() -> None:
        client = Client(base)
        for _ in range(10):
            client.get("/healthz", None)
    threads = [threading.Thread(target=worker) for _ in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def total_instructions(work: str, pid: int, before: set[str]) -> int:
    """The Ir total of the newest callgrind dump of `pid` not in `before`."""
    for _ in range(100):
        dumps = sorted(set(glob.glob(os.path.join(work, f"callgrind.{pid}*"))) - before, key=os.path.getmtime)
        if dumps:
            with open(dumps[-1], encoding="utf-8", errors="replace") as file:
                for line in file:
                    if line.startswith("summary:") or line.startswith("totals:"):
                        return int(line.split()[1])
        time.sleep(0.1)
    sys.exit("measure: callgrind wrote no dump")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--prepared", required=True)
    parser.add_argument("--budgets", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--targets")
    parser.add_argument("--update", action="store_true")
    options = parser.parse_args()

    with open(options.budgets, encoding="utf-8") as file:
        document = json.load(file)
    tolerance = document["tolerance"]
    targets = document["targets"]
    chosen = options.targets.split(",") if options.targets else list(targets)
    unknown = [name for name in chosen if name not in targets]
    if unknown:
        print(f"measure: unknown targets {', '.join(unknown)}", file=sys.stderr)
        return 2
    values = prepared_values(options.prepared)
    cookie = "sid=" + values["TOKEN"]

    open_database_connections(options.base)
    client = Client(options.base)
    print(f"{'target':<14} {'instructions/request':>21} {'budget':>13} {'change':>8}  result {'seconds':>7}  path")
    failed = []
    counted = {}
    for name in chosen:
        target = targets[name]
        started = time.monotonic()
        path = target["path"]
        for key, value in values.items():
            path = path.replace("$" + key, urllib.parse.quote(value, safe=""))
        # `in`: the account's session; `out` with `cookie`: a signed-out visitor's cookie (the 2026 豹考通 profile).
        sent = cookie if target["access"] == "in" else target.get("cookie")
        for _ in range(target.get("warmup", 3)):
            status, _ = client.get(path, sent)
            if status != 200:
                print(f"measure: {name} ({path}) answered {status}", file=sys.stderr)
                return 1
        requests = target.get("requests", 5)
        # The cheapest of a few windows: a window that happened to pay for something once (a pooled database
        # connection reopened after idling, a cache entry refreshed on its timer) costs more, never less.
        # Instrumentation stays on across the windows: a dump resets the counters, so each dump is one window's
        # total (collection is on only inside the request handler, so nothing between the windows is counted).
        # Four callgrind_control calls a target fewer than switching it per window, each a round trip to the server.
        windows = []
        control(options.pid, "--instr=on")
        control(options.pid, "--zero")
        for _ in range(target.get("windows", 3)):
            statuses = {client.get(path, sent)[0] for _ in range(requests)}
            before = set(glob.glob(os.path.join(options.work, f"callgrind.{options.pid}*")))
            control(options.pid, "--dump=" + name)
            if statuses != {200}:
                print(f"measure: {name} ({path}) answered {sorted(statuses)} while counted", file=sys.stderr)
                return 1
            windows.append(total_instructions(options.work, options.pid, before) // requests)
        control(options.pid, "--instr=off")
        per_request = min(windows)
        counted[name] = per_request
        budget = target["instructions"]
        change = per_request / budget - 1
        ok = per_request <= budget * (1 + tolerance)
        if not ok:
            failed.append(name)
        print(f"{name:<14} {per_request:>21,} {budget:>13,} {change:>+8.1%}  {'ok' if ok else 'OVER':<6} {time.monotonic() - started:>7.1f}  {path[:60]}")

    if options.update:
        for name, per_request in counted.items():
            targets[name]["instructions"] = -(-per_request // 1000) * 1000
        with open(options.budgets, "w", encoding="utf-8") as file:
            json.dump(document, file, ensure_ascii=False, indent=2)
            file.write("\n")
        print(f"budgets.json updated for {len(counted)} targets")
        return 0
    if failed:
        print(f"FAILED: {', '.join(failed)} over budget by more than {tolerance:.0%} (README.md: find the cause; raise a budget only"
              " with the reason in the commit message)")
        return 1
    print(f"OK: every target within {tolerance:.0%} of its budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
