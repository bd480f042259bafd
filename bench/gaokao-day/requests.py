#!/usr/bin/env python3
"""Draws results-day requests for bench/gaokao-day: each a (province, 科类, score) drawn from the real 2026
一分一段 counts, so a score is as likely as the number of students who had it, over every province-科类 with a
2026 table in ../shared/data/gaokao (extra/score_rank_2025_2026.csv.gz).

  requests.py BASE DATA COUNT SEED OUT.lua

The batch is the first of the province's batches (`/api/v1/gaokao/options`) whose 2026 control line
(`/api/v1/gaokao/control-lines`) the score reaches, else the last one; the elected subjects are 化学+生物 for
物理类, 政治+地理 for 历史类, 物理+化学+生物 for 综合 and none for 文科/理科. Every distinct request is asked once
before the run and must answer 200 (else the script fails, naming it). OUT.lua holds the API paths and the
page's profile cookies (the signed-out 豹考通 profile, `gk_profile`) for mix.lua.
"""
import bisect
import csv
import gzip
import json
import random
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict

CATEGORIES = {"物理类": ["化学", "生物"], "历史类": ["政治", "地理"], "综合": ["物理", "化学", "生物"], "文科": [], "理科": []}
FIRST_SUBJECT = {"物理类": "物理", "历史类": "历史"}


def get(base: str, path: str, **query: str) -> tuple[int, bytes]:
    url = f"{base}{path}?{urllib.parse.urlencode(query)}" if query else f"{base}{path}"
    try:
        with urllib.request.urlopen(url, timeout=120) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def tables(data: str) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """(province, category) → [(score, students)] of the 2026 tables (a row covering a score range spreads its count)."""
    found: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    with gzip.open(f"{data}/gaokao/extra/score_rank_2025_2026.csv.gz", "rt", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            if row["year"] != "2026" or row["table_scope"] or row["category"] not in CATEGORIES:
                continue
            low, high, count = int(row["score_low"]), int(row["score_high"]), int(row["count"])
            span = high - low + 1
            for score in range(low, high + 1):
                found[(row["province"], row["category"])].append((score, max(1, count // span)))
    return found


def main() -> int:
    base, data, count, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    found = tables(data)
    batches: dict[tuple[str, str], list[tuple[str, int | None]]] = {}
    skipped = []
    for province, category in sorted(found):
        status, body = get(base, "/api/v1/gaokao/options", province=province, year="2026")
        if status != 200:
            sys.exit(f"requests: options for {province} 2026 answered {status}: {body[:300].decode(errors='replace')}")
        if category not in json.loads(body)["categories"]:
            skipped.append(f"{province} {category}")  # a table of a 科类 the server does not offer for 2026
            continue
        status, body = get(base, "/api/v1/gaokao/options", province=province, year="2026", category=category)
        names = json.loads(body)["batches"]
        status, body = get(base, "/api/v1/gaokao/control-lines", province=province, year="2026")
        lines = {item["batchStd"]: item["score"] for item in json.loads(body).get("items", [])
                 if item["year"] == 2026 and item["category"] == category} if status == 200 else {}
        batches[(province, category)] = [(name, lines.get(name)) for name in names]
    keys = sorted(batches)
    weights = [sum(n for _, n in found[key]) for key in keys]

    rng = random.Random(seed)
    cumulative = {key: [] for key in keys}
    for key in keys:
        total = 0
        for _, students in found[key]:
            total += students
            cumulative[key].append(total)
    drawn = []
    for key in rng.choices(keys, weights=weights, k=count):
        scores = found[key]
        index = bisect.bisect_left(cumulative[key], rng.randrange(cumulative[key][-1]) + 1)
        score = scores[index][0]
        province, category = key
        choices = batches[key]
        batch = next((name for name, line in choices if line is not None and score >= line), choices[-1][0])
        electives = CATEGORIES[category]
        query = {"province": province, "year": "2026", "category": category, "batch": batch, "score": str(score)}
        if electives:
            query["subjects"] = ",".join(electives)
        subjects = "+".join(([FIRST_SUBJECT[category]] if category in FIRST_SUBJECT else []) + electives)
        profile = "|".join([province, "2026", category, batch, str(score), subjects])
        drawn.append(("/api/v1/gaokao/recommendations?" + urllib.parse.urlencode(query),
                      "gk_profile=" + urllib.parse.quote(profile, safe="")))

    distinct = sorted(set(path for path, _ in drawn))
    for path in distinct:
        status, body = get(base, path)
        if status != 200:
            sys.exit(f"requests: {urllib.parse.unquote(path)} answered {status}: {body[:300].decode(errors='replace')}")
    with open(out, "w", encoding="utf-8") as file:
        file.write("requests = {\n")
        for path, cookie in drawn:
            file.write(f'  {{"{path}", "{cookie}"}},\n')
        file.write("}\n")
    provinces = len({key[0] for key in keys})
    print(f"{count} requests ({len(distinct)} distinct) over {len(keys)} 科类 tables of {provinces} provinces, "
          f"{sum(weights):,} students; every distinct API request answered 200"
          + (f"; tables of a 科类 the server does not offer for 2026, left out: {', '.join(skipped)}" if skipped else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
