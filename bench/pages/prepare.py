#!/usr/bin/env python3
"""Readies a freshly imported server for bench/pages through its public API, as users would:

  prepare.py BASE_URL USERNAME PASSWORD COMMENTS_CSV

- logs in as USERNAME (the account `appsuite import photos` filled) and stores its 豹考通 profile
  (四川 · 2020 · 理科 · 本科一批 · 600, the case the Gaokao tests use), which /gaokao/recommend reads;
- gives the first review of the movie feed a comment thread: 20 anonymous comments (each from a new
  device, as 20 visitors) whose texts are the real short comments on that film in COMMENTS_CSV (other
  films' when it has fewer), and 3 replies by USERNAME to the first of them;
- counts the account's photos.

Prints shell assignments for `eval`: TOKEN, REVIEW_ID, REVIEW_COMMENTS, PHOTO_COUNT. Exits 1 with a
message on stderr when an answer is not the one expected.
"""
import csv
import http.client
import json
import shlex
import sys
import urllib.parse

TOP_LEVEL = 20
REPLIES = 3


def call(base: urllib.parse.ParseResult, method: str, path: str, body: object = None, token: str | None = None,
         expect: tuple[int, ...] = (200,)) -> object:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn = http.client.HTTPConnection(base.hostname, base.port, timeout=30)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=headers)
        response = conn.getresponse()
        data = response.read()
    finally:
        conn.close()
    if response.status not in expect:
        sys.exit(f"prepare: {method} {path} answered {response.status}: {data[:300].decode(errors='replace')}")
    return json.loads(data) if data else None


def comment_texts(path: str, film: str, count: int) -> list[str]:
    """Real short comments, the film's own first, without spam or duplicates, at most 2,000 characters."""
    own, other = [], []
    with open(path, newline="", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            text = (row.get("content") or "").strip()
            if not text or row.get("is_spam") or row.get("duplicate_of") or len(text) > 2000:
                continue
            (own if row.get("movie_id") == film else other).append(text)
            if len(own) >= count:
                break
    texts = list(dict.fromkeys(own + other))[:count]
    if len(texts) < count:
        sys.exit(f"prepare: only {len(texts)} usable comments in {path}")
    return texts


def main() -> int:
    if len(sys.argv) != 5:
        sys.stderr.write(__doc__)
        return 2
    base, username, password, comments_csv = urllib.parse.urlparse(sys.argv[1]), *sys.argv[2:]
    token = call(base, "POST", "/api/v1/auth/login", {"username": username, "password": password})["token"]
    call(base, "PUT", "/api/v1/gaokao/profile",
         {"province": "四川", "year": 2020, "category": "理科", "batch": "本科一批", "score": 600}, token)

    review = call(base, "GET", "/api/v1/movies/reviews?limit=1")["items"][0]
    path = f"/api/v1/movies/reviews/{review['id']}/comments"
    texts = comment_texts(comments_csv, review["film"]["id"], TOP_LEVEL + REPLIES)
    first = None
    for text in texts[:TOP_LEVEL]:  # no cookie: every request is a new visitor's device
        posted = call(base, "POST", path, {"text": text}, expect=(201,))
        first = first or posted["id"]
    for text in texts[TOP_LEVEL:]:
        call(base, "POST", path, {"text": text, "parentId": first}, token, expect=(201,))
    total = call(base, "GET", path + "?limit=1")["total"]

    photos = call(base, "GET", "/api/v1/photos?limit=200", token=token)["items"]
    for name, value in (("TOKEN", token), ("REVIEW_ID", review["id"]), ("REVIEW_COMMENTS", total),
                        ("PHOTO_COUNT", len(photos))):
        print(f"{name}={shlex.quote(str(value))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
