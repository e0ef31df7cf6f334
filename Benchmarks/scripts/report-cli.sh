#!/usr/bin/env bash
# `waymark report` over generated traffic (issue 36), end to end through the release build: the
# time for 1,000,000 lines beside two peers in the same run (reading the file with `wc -l`, and the
# pipeline a team writes by hand, `sort | uniq -c | sort -rn | head`, which counts identical lines
# and explains nothing), then the peak memory at 250,000, 1,000,000 and 4,000,000 lines, which
# must not grow with the input.
#
#   Benchmarks/scripts/report-cli.sh [LINES]      # default 1000000
set -euo pipefail
cd "$(dirname "$0")/../.."
lines=${1:-1000000}
swift build -c release --product waymark >/dev/null
tool=.build/release/waymark
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/scripts/generate-traffic.py "$lines" 36 > "$work/traffic.txt"
echo "input: $lines lines, $(stat -c %s "$work/traffic.txt") bytes (Benchmarks/scripts/generate-traffic.py $lines 36)"

seconds() { /usr/bin/time -f "%e s wall, %U s user, %M KB peak" "$@" 2>&1 >/dev/null | tail -1; }
for round in 1 2 3; do
    echo "round $round"
    echo "  wc -l:                        $(seconds wc -l "$work/traffic.txt")"
    echo "  sort | uniq -c | sort -rn:    $(seconds bash -c "sort '$work/traffic.txt' | uniq -c | sort -rn | head -20")"
    echo "  waymark report:               $(seconds "$tool" report "$work/traffic.txt")"
    echo "  waymark report --json:        $(seconds "$tool" report --json "$work/traffic.txt")"
done

echo "peak memory by input size (waymark report):"
for size in 250000 1000000 4000000; do
    python3 Benchmarks/scripts/generate-traffic.py "$size" 37 > "$work/sized.txt"
    echo "  $size lines: $(seconds "$tool" report "$work/sized.txt")"
done
