#!/usr/bin/env python3
"""Generated link traffic for `waymark report` (issue 36): what an app's links look like in logs
after a campaign, against the embedded example shop (`swift run waymark links`).

    Benchmarks/scripts/generate-traffic.py [LINES] [SEED] [IDS] > traffic.txt    # default 1000000 36 digits

Lines are, in a seeded random mix: plain URLs (60%), `COUNT URL` pairs (20%) and combined-format
access-log lines of universal links (20%). About 80% of the links open a route; the rest are
links from old campaigns (`/p/42`, `/produkt/42`, a capital letter), other domains, an
internal-only route opened from outside, and links over the length limit. Many carry a
`token=` or `session=` query value, so that a report that leaks values shows it. The ids of failing
links are random, so most failing links are distinct. With IDS `digits` (the default) they are
numbers, as most shops' are, and the report explains one link of each shape; with `hex` they are
hexadecimal tokens, which no shape shares: every failing link is explained anew, the report's worst
case.
"""
import random
import sys

lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 36
ids = sys.argv[3] if len(sys.argv) > 3 else "digits"
rng = random.Random(seed)


def token():
    return "%016x" % rng.getrandbits(64)


def good(base):
    n = rng.randrange(1, 100_000)
    choice = rng.random()
    if choice < 0.45:
        return f"{base}product/{n}" + (f"?utm_source=mail&utm_campaign=c{n % 40}" if rng.random() < 0.3 else "")
    if choice < 0.60:
        return f"{base}category/{rng.choice(['shoes', 'coats', 'bags', 'hats'])}"
    if choice < 0.75:
        return f"{base}search?q=term{n % 500}"
    if choice < 0.85:
        return f"{base}user/u{n}/profile/{rng.choice(['orders', 'settings', 'wishlist'])}"
    if choice < 0.95:
        return f"{base}help/{rng.choice(['shipping', 'returns'])}/{rng.choice(['eu', 'us'])}"
    return f"https://shop.example.com/promo/SPRING{n % 30}?token={token()}"


def broken(base):
    n = rng.randrange(1, 100_000) if ids == "digits" else "%06x" % rng.getrandbits(24)
    choice = rng.random()
    if choice < 0.35:
        return f"{base}p/{n}?token={token()}"
    if choice < 0.60:
        return f"{base}produkt/{n}"
    if choice < 0.70:
        return f"{base}Product/{n}"
    if choice < 0.80:
        return f"https://old-shop.example.net/product/{n}?session={token()}"
    if choice < 0.90:
        return "shop://debug/menu?session=" + token()
    if choice < 0.995:
        return f"{base}product/{n}/reviews"
    return f"{base}product/{n}?pad=" + "a" * 17_000


def link():
    base = "shop://" if rng.random() < 0.5 else "https://shop.example.com/"
    return good(base) if rng.random() < 0.8 else broken(base)


out = sys.stdout
for index in range(lines):
    kind = rng.random()
    url = link()
    if kind < 0.6:
        out.write(url + "\n")
    elif kind < 0.8:
        out.write(f"{rng.randrange(1, 50)} {url}\n")
    else:
        path = url.split("shop.example.com", 1)[1] if "shop.example.com/" in url else "/" + url.split("://", 1)[1]
        out.write(
            f'203.0.113.{index % 250} - - [29/Nov/2026:01:{index % 60:02d}:00 +0000] "GET {path} HTTP/1.1" '
            f'200 512 "-" "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)"\n')
