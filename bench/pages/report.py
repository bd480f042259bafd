#!/usr/bin/env python3
"""The bench/pages table from one results directory of `bench/pages/run`.

  report.py RESULTS_DIR

RESULTS_DIR holds results.tsv (target, path, body bytes, note — one line per target) and, per target,
TARGET-ours.txt and TARGET-nginx.txt from `wrk --latency`. Prints target, path, bytes, our req/s and
p99, nginx's req/s and p99, ours/nginx, errors and the goals of issue 9 item 8: ours ≥ 25 % of nginx
serving the same bytes as a static file, and our p99 < 50 ms. Exit status 0 when every goal is met,
1 when one is missed, 2 on bad input.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "http"))
from wrkstats import parse  # noqa: E402  (bench/http's parser of wrk output)

MIN_RATIO = 0.25
MAX_P99_MS = 50.0


def main() -> int:
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    results = Path(sys.argv[1])
    rows = []
    for line in (results / "results.tsv").read_text().splitlines():
        if not line.strip():
            continue
        target, path, size, note = line.split("\t")
        ours = parse((results / f"{target}-ours.txt").read_text())
        nginx = parse((results / f"{target}-nginx.txt").read_text())
        rows.append((target, path, int(size), note, ours, nginx))

    header = (f"{'target':<12} {'bytes':>7} {'ours req/s':>10} {'p99 ms':>7} {'nginx req/s':>11} {'p99 ms':>7} "
              f"{'ours/nginx':>10} {'errors':>6}  {'≥25%':<6} {'p99<50':<6}  path (note)")
    print(header)
    print("-" * len(header))
    all_met = True
    for target, path, size, note, (rps, p99, errors), (nginx_rps, nginx_p99, nginx_errors) in rows:
        ratio = rps / nginx_rps if nginx_rps else 0.0
        ratio_met = ratio >= MIN_RATIO and errors == 0
        p99_met = p99 < MAX_P99_MS and errors == 0
        all_met &= ratio_met and p99_met
        shown_path = path if len(path) <= 40 else path[:37] + "..."
        print(f"{target:<12} {size:>7,} {rps:>10,.0f} {p99:>7.1f} {nginx_rps:>11,.0f} {nginx_p99:>7.1f} "
              f"{ratio:>10.1%} {errors + nginx_errors:>6}  {'MET' if ratio_met else 'MISSED':<6} "
              f"{'MET' if p99_met else 'MISSED':<6}  {shown_path}" + (f" ({note})" if note else ""))
    print()
    missed_ratio = [r[0] for r in rows if r[4][0] < MIN_RATIO * r[5][0] or r[4][2]]
    missed_p99 = [r[0] for r in rows if r[4][1] >= MAX_P99_MS or r[4][2]]
    print(f"{'MET   ' if not missed_ratio else 'MISSED'} every target ≥ 25% of nginx-static req/s"
          + (f" (missed: {', '.join(missed_ratio)})" if missed_ratio else ""))
    print(f"{'MET   ' if not missed_p99 else 'MISSED'} every target p99 < 50 ms"
          + (f" (missed: {', '.join(missed_p99)})" if missed_p99 else ""))
    if any(r[4][2] or r[5][2] for r in rows):
        print("WARNING: errors (non-2xx/3xx or socket errors) in some runs; a target with errors counts as missed")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main())
