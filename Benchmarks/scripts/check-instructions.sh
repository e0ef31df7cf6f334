#!/usr/bin/env bash
# Checks instructions per lookup against Thresholds/callgrind-instructions.tsv; exits 1 when a count
# is over its threshold.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
while IFS=$'\t' read -r router set maximum; do
    [[ -z "$router" || "$router" == \#* ]] && continue
    line=$(scripts/instructions.sh "$router" "$set" 1)
    count=$(sed -n 's/.*: \([0-9]*\) instructions per lookup.*/\1/p' <<<"$line")
    if (( count > maximum )); then
        echo "FAIL $line (threshold $maximum)"
        status=1
    else
        echo "ok   $line (threshold $maximum)"
    fi
done < Thresholds/callgrind-instructions.tsv
exit $status
