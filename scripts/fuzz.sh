#!/usr/bin/env bash
# Runs every libFuzzer target in Fuzz/ for SECONDS each (default 60), with AddressSanitizer.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]
#
# New inputs go to a scratch corpus (Fuzz/.build/corpus/TARGET); the checked-in seeds in
# Fuzz/Corpus/TARGET are read, never written. A crash stops the script with status 1 and leaves the
# input in Fuzz/.build/crashes/TARGET; turn it into a regression test (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzTemplates FuzzRouteFile FuzzResolve FuzzQueryDecoding FuzzPathConfiguration FuzzLinkRoundTrip FuzzRedirects)
fi
swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
binaries=$(swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)
status=0
for target in "${targets[@]}"; do
    corpus=.build/corpus/$target
    crashes=.build/crashes/$target
    mkdir -p "$corpus" "$crashes"
    echo "== $target: $seconds s"
    if ! SWIFT_BACKTRACE=enable=no "$binaries/$target" "$corpus" "Corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$crashes/" \
        -print_final_stats=1 2>"$crashes/log.txt"; then
        echo "$target: crashed; the input and the report are in Fuzz/$crashes" >&2
        tail -40 "$crashes/log.txt" >&2
        status=1
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$crashes/log.txt" | sed "s/^/  /" || true
done
exit $status
