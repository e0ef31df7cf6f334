#!/usr/bin/env bash
# Route names hold in an app built without reflection metadata.
#
# Apps may strip reflection metadata (Xcode's "Reflection Metadata Level: None", or
# -disable-reflection-metadata) to save size; Mirror then sees no case names or labels, and a name
# derived from it would be the type's name for every route. Route.name's default for Codable routes
# reads the encoding instead. This compiles Route.swift and RouteNameEncoder.swift (they depend on
# nothing else) with reflection metadata stripped, together with scripts/reflection-free-names/main.swift,
# runs the program, and fails when any route's name is not the one it must have.
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
    sed -n '2,/^set -euo pipefail/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
    exit 0
fi
cd "$(dirname "$0")/.."
folder=.build/reflection-free-names
mkdir -p "$folder"
swiftc -swift-version 6 -Xfrontend -disable-reflection-metadata \
    Sources/Waymark/TypedRoutes/Route.swift Sources/Waymark/TypedRoutes/RouteNameEncoder.swift \
    scripts/reflection-free-names/main.swift -o "$folder/names"
# The program really has no field metadata (section swift5_fieldmd empty or absent), or it proves nothing.
fieldmd=$(llvm-objdump -h "$folder/names" | awk '$2 == "swift5_fieldmd" {print $3}')
if [[ -n "$fieldmd" && ! "$fieldmd" =~ ^0+$ ]]; then
    echo "reflection-free names: the test program still has field metadata ($fieldmd bytes); the check would prove nothing" >&2
    exit 1
fi
"$folder/names"
