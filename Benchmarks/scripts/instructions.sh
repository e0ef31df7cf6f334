#!/usr/bin/env bash
# Instructions per lookup for one router and data set, counted by callgrind (which does not move
# with machine load): a run that builds the table and walks the lookups N times, minus a run that
# only builds it, divided by N × the number of lookups.
#
#   Benchmarks/scripts/instructions.sh [ROUTER] [SET] [ROUNDS]
#   Benchmarks/scripts/instructions.sh waymark github-api 1     # the issue's definition (one cold pass)
#   Benchmarks/scripts/instructions.sh waymark deeplink-10k 10  # steady state
#   Benchmarks/scripts/instructions.sh waymark resolution 10    # per request(for:), 1,000 per pass
#
# valgrind 3.19 cannot read the DWARF of Swift 6.3 binaries, so a copy without debug info is profiled.
# LD_BIND_NOW=1 resolves every dynamic symbol when the program loads, in both runs: otherwise the
# first pass pays the dynamic linker's lazy binding of each runtime function it calls first (about
# 30,000 instructions, 200 per lookup on the 142-lookup set), which is start-up cost, not lookup cost.
set -euo pipefail
cd "$(dirname "$0")/.."
router=${1:-waymark}
set=${2:-github-api}
rounds=${3:-1}
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 1; }
build_log=$(mktemp)
if ! swift build -c release --product waymark-compare >"$build_log" 2>&1; then
    # The first build after Package.swift's dependencies change can fail once: try again, then say why.
    swift build -c release --product waymark-compare >"$build_log" 2>&1 || { cat "$build_log" >&2; rm -f "$build_log"; exit 1; }
fi
rm -f "$build_log"
binary=$(mktemp)
trap 'rm -f "$binary" "$binary".out*' EXIT
cp .build/release/waymark-compare "$binary"
chmod +x "$binary"
strip --strip-debug "$binary"
# SWIFT_DETERMINISTIC_HASHING=1 fixes the hash seed, so that the dictionaries built at start-up do
# the same work in both runs (with a random seed a one-pass count moved by ±100 per lookup).
count() {
    SWIFT_DETERMINISTIC_HASHING=1 LD_BIND_NOW=1 valgrind --tool=callgrind --callgrind-out-file="$binary.out" "$binary" --only "$router" --set "$set" --rounds "$1" 2>&1 \
        | sed -n 's/.*I *refs: *//p' | tr -d ,
}
with=$(count "$rounds")
without=$(count 0)
if [[ "$set" == resolution ]]; then
    lookups=1000  # one pass of waymark-compare --set resolution is 1,000 resolutions
else
    lookups=$(wc -l < "../../shared/bench/$set.lookups.txt")
fi
# More than one round adds one untimed warm-up pass (see CompareCommand).
passes=$(( rounds > 1 ? rounds + 1 : rounds ))
echo "$router $set: $(( (with - without) / (passes * lookups) )) instructions per lookup ($passes pass(es) of $lookups lookups; $with - $without)"
