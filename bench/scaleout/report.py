#!/usr/bin/env python3
"""The bench/scaleout table from results.tsv (lines written by measure.py).

  report.py results.tsv
"""
import sys

SETUPS = {
    "sqlite-1": "1 server, SQLite",
    "pg-1": "1 server, PostgreSQL",
    "pg-1-nginx": "1 server, PostgreSQL, via nginx",
    "pg-2-nginx": "2 servers, PostgreSQL, via nginx",
}
TARGETS = {"movies": "GET /movies (the feed page)", "gaokao": "GET /api/v1/gaokao/recommendations (四川 2020 理科 600)"}


def main() -> None:
    rows = []
    for line in open(sys.argv[1], encoding="utf-8"):
        cell, target, rps, p99, errors, *cpu = line.rstrip("\n").split("\t")
        rows.append((cell, target, float(rps), float(p99), int(errors), dict(item.split("=") for item in cpu)))
    failed = False
    for target, title in TARGETS.items():
        mine = [row for row in rows if row[1] == target]
        if not mine:
            continue
        base = next((row[2] for row in mine if row[0] == "sqlite-1"), None)
        print(f"{title}")
        print(f"  {'set-up':34} {'req/s':>8} {'p99 ms':>8} {'errors':>6} {'× SQLite':>8}   CPU s: app  postgres  nginx  wrk   µs app CPU/req")
        for cell, _, rps, p99, errors, cpu in mine:
            ratio = f"{rps / base:.2f}" if base else "-"
            per_request = float(cpu["app"]) * 1e6 / max(1.0, rps * float(cpu["seconds"]))
            print(f"  {SETUPS.get(cell, cell):34} {rps:8.0f} {p99:8.1f} {errors:6d} {ratio:>8}   "
                  f"{float(cpu['app']):8.2f} {float(cpu.get('postgres', 0)):9.2f} {float(cpu.get('nginx', 0)):6.2f} "
                  f"{float(cpu['wrk']):4.2f}   {per_request:8.0f}")
            failed |= errors > 0
        print()
    if failed:
        print("some cells had errors (non-2xx answers or socket errors): see the raw wrk output")
        sys.exit(1)


if __name__ == "__main__":
    main()
