#!/usr/bin/env bash
# The published-links contract through the command-line tool, end to end (issue 35): a route file of
# deeplink-10k's 10,000 routes, 100,000 of its lookups as app links written into a contract with
# `waymark links --contract --input`, then `waymark check --links`, each timed (wall clock, release
# build, one run: compare with `waymark-compare --set contract`, which times the library's part).
#
#   Benchmarks/scripts/contract-cli.sh [COUNT]      # default 100000
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-100000}
shared=${WAYMARK_SHARED:-../shared}
[ -f "$shared/bench/deeplink-10k.routes.txt" ] || { echo "no $shared/bench: put the shared folder beside the clone" >&2; exit 1; }
swift build -c release --product waymark >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$shared/bench" "$work" "$count" <<'PY'
import json, sys
bench, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
routes = [line.strip() for line in open(f"{bench}/deeplink-10k.routes.txt") if line.strip()]
# The data sets' trailing `*` is one or more segments; Waymark's is zero or more (as WaymarkRouter.convert does).
routes = [r + "/*" if r.endswith("/*") else r for r in routes]
json.dump({"schemes": ["app"], "routes": [{"name": f"r{i + 1}", "template": t} for i, t in enumerate(routes)]},
          open(f"{work}/routes.json", "w"))
lookups = [l.strip() for l in open(f"{bench}/deeplink-10k.lookups.txt")]
expected = [l.strip() for l in open(f"{bench}/deeplink-10k.expected.txt")]
matching = [l for l, e in zip(lookups, expected) if e != "0"]
with open(f"{work}/urls.txt", "w") as urls:
    for n in range(count):
        urls.write(f"app:/{matching[n % len(matching)]}?campaign={n}\n")
PY
tool=.build/release/waymark
start=$(date +%s.%N)
"$tool" links --routes "$work/routes.json" --contract "$work/contract.json" --input "$work/urls.txt" >/dev/null
middle=$(date +%s.%N)
"$tool" check --routes "$work/routes.json" --links "$work/contract.json"
end=$(date +%s.%N)
links=$(grep -c '"url"' "$work/contract.json")
size=$(stat -c %s "$work/contract.json")
echo "links --contract --input: $(awk "BEGIN { printf \"%.2f\", $middle - $start }") s ($links links, $size bytes)"
echo "check --links: $(awk "BEGIN { printf \"%.2f\", $end - $middle }") s (reading the route file and the contract, building the table, checking every link)"
