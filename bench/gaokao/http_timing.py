"""Times GET /api/v1/gaokao/recommendations over one keep-alive connection next to GET /healthz on the
same server (the floor: parsing, routing, the socket). Prints p50/p99 in milliseconds."""

import http.client
import sys
import time
from urllib.parse import urlencode

port = int(sys.argv[1])
deadline = time.monotonic() + 30
while True:
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        c.request("GET", "/healthz")
        if c.getresponse().read() and True:
            break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit("server did not start")
        time.sleep(0.2)

cases = []
for province, category, batches, scores in [
    ("四川", "理科", ["本科一批", "本科二批", "专科批"], range(420, 660, 7)),
    ("四川", "文科", ["本科一批", "本科二批"], range(450, 620, 9)),
    ("浙江", "综合", ["平行录取一段", "平行录取二段"], range(450, 680, 11)),
    ("上海", "综合", ["本科批"], range(400, 600, 9)),
    ("湖南", "理科", ["本科一批"], range(500, 680, 13)),
]:
    for batch in batches:
        for score in scores:
            for tendency in ("", "冒险", "稳妥", "保守"):
                cases.append({"province": province, "year": "2020" if province != "湖南" else "2016", "category": category,
                              "batch": batch, "score": str(score), "tendency": tendency})


def measure(paths):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for path in paths[:50]:  # warm-up
        conn.request("GET", path)
        conn.getresponse().read()
    times = []
    for path in paths:
        t = time.perf_counter()
        conn.request("GET", path)
        r = conn.getresponse()
        r.read()
        times.append((time.perf_counter() - t) * 1000)
        assert r.status == 200, (path, r.status)
    times.sort()
    return times


rec = measure(["/api/v1/gaokao/recommendations?" + urlencode(c) for c in cases])
floor = measure(["/healthz"] * len(cases))
print("| request | n | p50 ms | p99 ms | max ms |")
print("|---|---:|---:|---:|---:|")
for name, t in (("GET /api/v1/gaokao/recommendations", rec), ("GET /healthz (floor)", floor)):
    print(f"| {name} | {len(t)} | {t[len(t) // 2]:.3f} | {t[int(len(t) * 0.99)]:.3f} | {t[-1]:.3f} |")
