#!/usr/bin/env python3
"""Parse wrk output and print the bench/http report.

  wrkstats.py parse FILE        -> "REQ_PER_S P99_MS ERRORS" for one `wrk --latency` output
  wrkstats.py report FILE.tsv   -> the table and goal checks; FILE.tsv has lines
                                   "scenario<TAB>server<TAB>pass<TAB>req/s<TAB>p99 ms<TAB>errors"
"""
import re
import statistics
import sys

UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}
DURATION = re.compile(r"^\s*([0-9.]+)\s*(us|ms|s|m|h)\s*$")


def duration_ms(text: str) -> float:
    match = DURATION.match(text)
    if not match:
        raise ValueError(f"not a wrk duration: {text!r}")
    return float(match.group(1)) * UNITS_MS[match.group(2)]


def parse(output: str) -> tuple[float, float, int]:
    """(requests per second, p99 latency in ms, errors) from `wrk --latency` output.

    errors = non-2xx/3xx responses + socket errors (connect, read, write, timeout)."""
    rps = None
    p99 = None
    errors = 0
    in_distribution = False
    for line in output.splitlines():
        if line.strip().startswith("Latency Distribution"):
            in_distribution = True
            continue
        if in_distribution:
            match = re.match(r"^\s*99(?:\.0+)?%\s+(\S+)\s*$", line)
            if match:
                p99 = duration_ms(match.group(1))
                in_distribution = False
                continue
            if not re.match(r"^\s*[0-9.]+%", line):
                in_distribution = False
        match = re.match(r"^\s*Requests/sec:\s*([0-9.]+)", line)
        if match:
            rps = float(match.group(1))
        match = re.match(r"^\s*Non-2xx or 3xx responses:\s*(\d+)", line)
        if match:
            errors += int(match.group(1))
        match = re.match(r"^\s*Socket errors:\s*connect (\d+), read (\d+), write (\d+), timeout (\d+)", line)
        if match:
            errors += sum(int(value) for value in match.groups())
    if rps is None or p99 is None:
        raise ValueError("wrk output has no Requests/sec or 99% latency line (was --latency given?)")
    return rps, p99, errors


SCENARIOS = {
    "hello": "(a) GET /hello",
    "items": "(b) GET /items",
    "rows": "(c) GET /rows?page=N",
}
SERVERS = ["ours", "nginx", "node", "starlette"]
NOTES = {
    ("items", "nginx"): "static file, not built per request",
    ("rows", "ours"): "SQLite, 10,000 rows, pages 1-500",
}


def report(path: str) -> int:
    cells: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
    with open(path) as results:
        for line in results:
            if not line.strip():
                continue
            scenario, server, _pass, rps, p99, errors = line.rstrip("\n").split("\t")
            cells.setdefault((scenario, server), []).append((float(rps), float(p99), int(errors)))

    median = {}
    for key, runs in cells.items():
        median[key] = (
            statistics.median(run[0] for run in runs),
            statistics.median(run[1] for run in runs),
            sum(run[2] for run in runs),
            len(runs),
        )

    header = f"{'scenario':<22} {'server':<10} {'req/s':>10} {'p99 ms':>8} {'passes':>6} {'errors':>6}  {'ours/this':>9}  note"
    print(header)
    print("-" * len(header))
    for scenario, title in SCENARIOS.items():
        for server in SERVERS:
            if (scenario, server) not in median:
                continue
            rps, p99, errors, passes = median[(scenario, server)]
            ratio = ""
            if server != "ours" and (scenario, "ours") in median:
                ratio = f"{median[(scenario, 'ours')][0] / rps:.2f}"
            note = NOTES.get((scenario, server), "")
            print(f"{title:<22} {server:<10} {rps:>10,.0f} {p99:>8.2f} {passes:>6} {errors:>6}  {ratio:>9}  {note}")
    print()

    def goal(label: str, needs: list[tuple[str, str]], check) -> bool:
        missing = [f"{s}/{v}" for s, v in needs if (s, v) not in median]
        if missing:
            print(f"SKIP {label} (not measured: {', '.join(missing)})")
            return True
        ok, detail = check()
        print(f"{'PASS' if ok else 'FAIL'} {label}: {detail}")
        return ok

    def goal_a():
        ours, nginx = median[("hello", "ours")], median[("hello", "nginx")]
        ok = ours[0] >= 0.9 * nginx[0] and ours[1] < 10
        return ok, (f"ours {ours[0]:,.0f} req/s vs 0.9 x nginx {0.9 * nginx[0]:,.0f} "
                    f"(ratio {ours[0] / nginx[0]:.2f}); p99 {ours[1]:.2f} ms")

    def goal_b():
        ours, node = median[("items", "ours")], median[("items", "node")]
        ok = ours[0] >= 3 * node[0]
        return ok, f"ours {ours[0]:,.0f} req/s vs 3 x node {3 * node[0]:,.0f} (ratio {ours[0] / node[0]:.2f})"

    def goal_c():
        ours = median[("rows", "ours")]
        ok = ours[0] >= 10_000 and ours[1] < 20
        return ok, f"ours {ours[0]:,.0f} req/s, p99 {ours[1]:.2f} ms"

    results = [
        goal("(a) /hello: ours >= 0.9 x nginx and p99 < 10 ms", [("hello", "ours"), ("hello", "nginx")], goal_a),
        goal("(b) /items: ours >= 3 x node", [("items", "ours"), ("items", "node")], goal_b),
        goal("(c) /rows: ours >= 10,000 req/s and p99 < 20 ms", [("rows", "ours")], goal_c),
    ]
    if any(cell[2] for cell in median.values()):
        print("WARNING: some runs had non-2xx responses or socket errors (errors column)")
    return 0 if all(results) else 1


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "parse":
        with open(sys.argv[2]) as output:
            rps, p99, errors = parse(output.read())
        print(f"{rps:.2f} {p99:.3f} {errors}")
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "report":
        return report(sys.argv[2])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
