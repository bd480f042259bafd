#!/usr/bin/env python3
"""Readies a freshly imported server for bench/pages through its public API, as users would:

  prepare.py BASE_URL USERNAME PASSWORD COMMENTS_CSV

- logs in as USERNAME (the account `appsuite import photos` filled) and stores its 豹考通 profile
  (四川 · 2020 · 理科 · 本科一批 · 600, the case the Gaokao tests use), which /gaokao/recommend reads, and a 志愿表
  of the first five picks of that profile (/gaokao/plan);
- gives the first review of the movie feed a comment thread: 20 anonymous comments (each from a new
  device, as 20 visitors) whose texts are the real short comments on that film in COMMENTS_CSV (other
  films' when it has fewer), and 3 replies by USERNAME to the first of them;
- fills USERNAME's inbox: USERNAME comments on the feed's second review and a second account
  (USERNAME + "2") answers it 5 times, each reply a notification (real short comments again);
- rates five films of the Top 250 (6th to 10th, 4 stars each), so its 猜你喜欢 comes from ratings;
- names the items the parameterised targets show: the first film of the Top 250, the first 限免 app,
  the first school of the picks;
- counts the account's photos.

Prints shell assignments for `eval`: TOKEN, REVIEW_ID, REVIEW_COMMENTS, PHOTO_COUNT, FILM_ID, DEAL_APP_ID,
SCHOOL, INBOX_COUNT. Exits 1 with a message on stderr when an answer is not the one expected.
"""
import csv
import http.client
import json
import shlex
import sys
import urllib.parse

TOP_LEVEL = 20
REPLIES = 3
INBOX_REPLIES = 5  # a second account may comment 5 times a minute (CommentPolicy.perMinute)
PLAN_ENTRIES = 5
PROFILE = {"province": "四川", "year": 2020, "category": "理科", "batch": "本科一批", "score": 600}


def call(base: urllib.parse.ParseResult, method: str, path: str, body: object = None, token: str | None = None,
         expect: tuple[int, ...] = (200,)) -> object:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn = http.client.HTTPConnection(base.hostname, base.port, timeout=300)  # the first gaokao call loads its data
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
    call(base, "PUT", "/api/v1/gaokao/profile", PROFILE, token)
    query = urllib.parse.urlencode(PROFILE)
    picks = call(base, "GET", f"/api/v1/gaokao/recommendations?{query}", token=token)["items"]
    schools = list(dict.fromkeys(pick["school"] for pick in picks))[:PLAN_ENTRIES]
    if len(schools) < PLAN_ENTRIES:
        sys.exit(f"prepare: only {len(schools)} schools among the picks")
    call(base, "PUT", "/api/v1/gaokao/plan", {"items": [{"school": school, "group": ""} for school in schools]}, token)

    reviews = call(base, "GET", "/api/v1/movies/reviews?limit=2")["items"]
    review = reviews[0]
    path = f"/api/v1/movies/reviews/{review['id']}/comments"
    texts = comment_texts(comments_csv, review["film"]["id"], TOP_LEVEL + REPLIES + 1 + INBOX_REPLIES)
    first = None
    for text in texts[:TOP_LEVEL]:  # no cookie: every request is a new visitor's device
        posted = call(base, "POST", path, {"text": text}, expect=(201,))
        first = first or posted["id"]
    for text in texts[TOP_LEVEL:TOP_LEVEL + REPLIES]:
        call(base, "POST", path, {"text": text, "parentId": first}, token, expect=(201,))
    total = call(base, "GET", path + "?limit=1")["total"]

    # The inbox: a second account answers USERNAME's comment on the second review.
    other = call(base, "POST", "/api/v1/auth/register", {"username": username + "2", "password": password}, expect=(201,))["token"]
    second = f"/api/v1/movies/reviews/{reviews[1]['id']}/comments"
    mine = call(base, "POST", second, {"text": texts[TOP_LEVEL + REPLIES]}, token, expect=(201,))["id"]
    for text in texts[TOP_LEVEL + REPLIES + 1:]:
        call(base, "POST", second, {"text": text, "parentId": mine}, other, expect=(201,))
    inbox = call(base, "GET", "/api/v1/inbox?limit=50", token=token)["items"]

    # 猜你喜欢 from ratings (it needs 5): USERNAME rates the Top list's 6th to 10th films; FILM_ID is the first.
    top = call(base, "GET", "/api/v1/movies/top?limit=10")["items"]
    for entry in top[5:10]:
        call(base, "PUT", f"/api/v1/movies/films/{entry['film']['id']}/mark", {"status": "seen", "rating": 4}, token)
    film = top[0]["film"]["id"]
    deal = call(base, "GET", "/api/v1/appdeals/apps?tab=limited&limit=1")["items"][0]["id"]
    photos = call(base, "GET", "/api/v1/photos?limit=200", token=token)["items"]
    for name, value in (("TOKEN", token), ("REVIEW_ID", review["id"]), ("REVIEW_COMMENTS", total),
                        ("PHOTO_COUNT", len(photos)), ("FILM_ID", film), ("DEAL_APP_ID", deal), ("SCHOOL", schools[0]),
                        ("INBOX_COUNT", len(inbox))):
        print(f"{name}={shlex.quote(str(value))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
