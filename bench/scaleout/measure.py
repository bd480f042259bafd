#!/usr/bin/env python3
"""One cell of bench/scaleout: wrk on a URL while counting the CPU time each process group used.

  measure.py CELL TARGET URL DURATION CONNECTIONS GROUPS... >> results.tsv

GROUPS are NAME=PID[,PID…]; each PID counts with all its descendants (a postmaster and its backends, nginx's
master and worker). Prints one line: cell, target, req/s, p99 ms, errors, then NAME=cpu-seconds for each group
wrk=cpu-seconds (from /proc/PID/stat utime+stime, clock ticks; wrk's from its rusage) and seconds=DURATION.
"""
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "http"))
from wrkstats import parse  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat[stat.rindex(")") + 2:].split()[1])
            tree.setdefault(parent, []).append(int(entry.name))
    return tree


def cpu_ticks(roots: list[int]) -> int:
    tree = children()
    total, todo = 0, list(roots)
    while todo:
        pid = todo.pop()
        todo += tree.get(pid, [])
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of proc(5))
    return total


def main() -> None:
    cell, target, url, duration, connections, *specs = sys.argv[1:]
    groups = {name: [int(pid) for pid in pids.split(",") if pid] for name, pids in (spec.split("=", 1) for spec in specs)}
    before = {name: cpu_ticks(pids) for name, pids in groups.items()}
    wrk = subprocess.Popen(["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", url],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = wrk.stdout.read()
    after = {name: cpu_ticks(pids) for name, pids in groups.items()}
    _, status, usage = os.wait4(wrk.pid, 0)
    wrk.returncode = os.waitstatus_to_exitcode(status)
    Path(os.environ.get("MEASURE_LOG_DIR", "/tmp"), f"{cell}-{target}.txt").write_text(output)
    if wrk.returncode != 0:
        sys.exit(f"wrk exited with {wrk.returncode}:\n{output}")
    rps, p99, errors = parse(output)
    cpu = [f"{name}={(after[name] - before[name]) / TICKS:.2f}" for name in groups]
    print("\t".join([cell, target, f"{rps:.0f}", f"{p99:.1f}", str(errors), *cpu, f"wrk={usage.ru_utime + usage.ru_stime:.2f}",
                     f"seconds={duration}"]))

if __name__ == "__main__":
    main()
