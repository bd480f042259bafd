#!/usr/bin/env python3
"""The bench/gaokao-day table and its goal lines from results.tsv (name, then wrkstats.py's "REQ_PER_S P99_MS ERRORS").

Goals (issue 25, item 3): each results-day mix (api, page) serves ≥ 10 % of /healthz's requests/s measured alone in
the same run, with p99 < 50 ms and no error (non-2xx answers or socket errors). Exit 0 when every goal is MET, 1 when
one is MISSED."""
import sys

NOTES = {"healthz": "/healthz alone", "api": "recommendations API, 1 in 10 /healthz",
         "page": "/gaokao/recommend with the drawn profile, 1 in 10 /healthz"}


def main() -> int:
    rows = {}
    with open(sys.argv[1]) as results:
        for line in results:
            name, values = line.rstrip("\n").split("\t")
            rps, p99, errors = values.split()
            rows[name] = (float(rps), float(p99), int(errors))
    healthz = rows["healthz"][0]
    print(f"{'run':<8} {'req/s':>9} {'p99 ms':>8} {'errors':>7} {'of /healthz':>12}  what")
    missed = False
    for name, (rps, p99, errors) in rows.items():
        share = rps / healthz if healthz else 0
        print(f"{name:<8} {rps:>9,.0f} {p99:>8.1f} {errors:>7} {share:>11.1%}  {NOTES.get(name, '')}")
    print()
    for name in ("api", "page"):
        if name not in rows:
            continue
        rps, p99, errors = rows[name]
        share = rps / healthz if healthz else 0
        met = share >= 0.10 and p99 < 50 and errors == 0
        missed |= not met
        print(f"{'MET' if met else 'MISSED'}: {name} {share:.1%} of /healthz (goal ≥ 10 %), p99 {p99:.1f} ms (goal < 50), "
              f"{errors} errors (goal 0)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
