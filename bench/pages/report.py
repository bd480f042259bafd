#!/usr/bin/env python3
"""The bench/pages table from one results directory of `bench/pages/run`.

  report.py RESULTS_DIR

RESULTS_DIR holds results.tsv (target, in/out, path, body bytes, note, 1-minute load average when the target
started — one line per target) and, per target, TARGET-ours.txt and TARGET-nginx.txt from `wrk --latency`.
Prints target, bytes, our req/s and p99, nginx's req/s and p99, ours/nginx, errors and the goals of issue 25
item 2 against nginx serving the same bytes as a static file:

- a public (signed-out) page or API: ours ≥ 50 % of nginx's requests/s and our p99 < 25 ms;
- a signed-in one: ours ≥ 25 % of nginx's requests/s and our p99 < 50 ms.

A target with errors misses both. Exit status 0 when every goal is met, 1 when one is missed, 2 on bad input.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "http"))
from wrkstats import parse  # noqa: E402  (bench/http's parser of wrk output)

# (minimum ours/nginx, maximum p99 in ms) per access.
# `gk` (signed out with the 2026 豹考通 profile cookie) is a personal page: the signed-in goal.
GOALS = {"out": (0.50, 25.0), "in": (0.25, 50.0), "gk": (0.25, 50.0)}


def main() -> int:
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    results = Path(sys.argv[1])
    rows = []
    for line in (results / "results.tsv").read_text().splitlines():
        if not line.strip():
            continue
        target, access, path, size, note, load = line.split("\t")
        if access not in GOALS:
            sys.stderr.write(f"report: {target} has access {access!r}, not in/out/gk\n")
            return 2
        ours = parse((results / f"{target}-ours.txt").read_text())
        nginx = parse((results / f"{target}-nginx.txt").read_text())
        rows.append((target, access, path, int(size), note, load, ours, nginx))

    header = (f"{'target':<16} {'who':<3} {'bytes':>7} {'ours req/s':>10} {'p99 ms':>7} {'nginx req/s':>11} {'p99 ms':>7} "
              f"{'ours/nginx':>10} {'errors':>6} {'load':>5}  {'ratio':<6} {'p99':<6}  path (note)")
    print(header)
    print("-" * len(header))
    missed_ratio, missed_p99 = [], []
    for target, access, path, size, note, load, (rps, p99, errors), (nginx_rps, nginx_p99, nginx_errors) in rows:
        min_ratio, max_p99 = GOALS[access]
        ratio = rps / nginx_rps if nginx_rps else 0.0
        ratio_met = ratio >= min_ratio and errors == 0
        p99_met = p99 < max_p99 and errors == 0
        if not ratio_met:
            missed_ratio.append(target)
        if not p99_met:
            missed_p99.append(target)
        shown_path = path if len(path) <= 44 else path[:41] + "..."
        print(f"{target:<16} {access:<3} {size:>7,} {rps:>10,.0f} {p99:>7.1f} {nginx_rps:>11,.0f} {nginx_p99:>7.1f} "
              f"{ratio:>10.1%} {errors + nginx_errors:>6} {load:>5}  {'MET' if ratio_met else 'MISSED':<6} "
              f"{'MET' if p99_met else 'MISSED':<6}  {shown_path}" + (f" ({note})" if note else ""))
    print()
    public = [r[0] for r in rows if r[1] == "out"]
    private = [r[0] for r in rows if r[1] in ("in", "gk")]
    for label, names, (min_ratio, max_p99) in (("public", public, GOALS["out"]), ("signed-in", private, GOALS["in"])):
        if not names:
            continue
        ratio_misses = [name for name in names if name in missed_ratio]
        p99_misses = [name for name in names if name in missed_p99]
        print(f"{'MET   ' if not ratio_misses else 'MISSED'} every {label} target ≥ {min_ratio:.0%} of nginx-static req/s"
              + (f" ({len(ratio_misses)} of {len(names)} missed: {', '.join(ratio_misses)})" if ratio_misses else ""))
        print(f"{'MET   ' if not p99_misses else 'MISSED'} every {label} target p99 < {max_p99:.0f} ms"
              + (f" ({len(p99_misses)} of {len(names)} missed: {', '.join(p99_misses)})" if p99_misses else ""))
    if any(r[6][2] or r[7][2] for r in rows):
        print("WARNING: errors (non-2xx/3xx or socket errors) in some runs; a target with errors counts as missed")
    return 0 if not missed_ratio and not missed_p99 else 1


if __name__ == "__main__":
    sys.exit(main())
