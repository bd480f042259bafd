#!/usr/bin/env python3
"""The /items document of bench/http/README.md ("Item spec"), byte for byte.

Imported by starlette_app.py (which builds it per request) and by ../check
(which compares every server's body with it). Run as a script to write the
static file nginx serves:  python3 items.py OUT.json
"""
import json
import sys

COUNT = 50
TAGS = ["alpha", "bravo", "charlie"]


def item(i: int) -> dict:
    price = 1000 + 37 * i
    quantity = i % 7 + 1
    return {
        "id": i,
        "name": f"Item {i}",
        "category": f"category-{i % 5}",
        "price": price,
        "quantity": quantity,
        "active": i % 4 != 0,
        "tags": list(TAGS),
        "rating": {"score": (i % 5) + 0.5, "count": 10 * i},
        "total": price * quantity,
    }


def build() -> dict:
    """A new document (fresh objects every call)."""
    return {"items": [item(i) for i in range(1, COUNT + 1)]}


def encode(document: dict) -> bytes:
    """Compact JSON, keys in insertion order, UTF-8, no trailing newline."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def expected_bytes() -> bytes:
    return encode(build())


HELLO = b'{"message":"Hello, World!"}'

if __name__ == "__main__":
    data = expected_bytes()
    if len(sys.argv) != 2:
        sys.stderr.write("usage: items.py OUT.json\n")
        sys.exit(2)
    with open(sys.argv[1], "wb") as out:
        out.write(data)
