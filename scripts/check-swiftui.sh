#!/usr/bin/env bash
# Type-checks the SwiftUI code that Linux cannot build — Sources/WaymarkSwiftUI and the README's SwiftUI
# example app — against compile-only transcriptions of the SwiftUI declarations they use
# (Tests/AppleSDKInterfaces/SwiftUI/SwiftUI.swift), once per SDK form (Xcode 16; Xcode 26 with -D XCODE26_SDK): Swift 6
# mode, Package.swift's upcoming features, warnings as errors.
#
# Also the SwiftUI, UIKit and AppKit samples of the "App Integration" article (their copies in
# Tests/AppleSDKInterfaces/AppIntegration, which scripts/check-doc-samples holds to the article), with the
# article's shared `ShopRoute` and `ShopLinks` extracted from the article now: the SwiftUI one per SDK form,
# the UIKit and AppKit ones against transcriptions of the UIKit, AppKit and Foundation declarations they use
# (Tests/AppleSDKInterfaces/{UIKit,AppKit,Foundation}), in the same mode.
#
# A compile check, not a runtime substitute: the transcriptions' bodies trap, nothing is linked or run, and
# Linux ignores Apple availability (see Tests/AppleSDKInterfaces/README.md).
#
# Run it after `swift build`: it imports Waymark and WaymarkNavigation from .build/debug/Modules.
# When $WAYMARK_BUILD_LOCK names a file, every compiler run takes it first (flock); unset, nothing is locked.
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
    sed -n '2,/^set -euo pipefail/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
    exit 0
fi
cd "$(dirname "$0")/.."

interfaces=Tests/AppleSDKInterfaces
modules=.build/debug/Modules
out=.build/swiftui-check
lock=${WAYMARK_BUILD_LOCK:-}
forms=(Xcode16 Xcode26)

# Package.swift's settings for every target: Swift 6 mode and its three upcoming features.
swift_flags=(
    -swift-version 6
    -enable-upcoming-feature ExistentialAny
    -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault
    -warnings-as-errors
)

say() { printf 'check-swiftui: %s\n' "$*"; }

swiftc_locked() {
    if [[ -n $lock ]] && command -v flock >/dev/null 2>&1; then
        flock "$lock" swiftc "$@"
    else
        swiftc "$@"
    fi
}

for module in Waymark WaymarkNavigation; do
    if [[ ! -f $modules/$module.swiftmodule ]]; then
        say "$modules/$module.swiftmodule is missing: run \`swift build\` first" >&2
        exit 1
    fi
    if [[ -n $(find "Sources/$module" -name '*.swift' -newer "$modules/$module.swiftmodule" -print -quit) ]]; then
        say "warning: Sources/$module changed after the last \`swift build\`; checking against the built module"
    fi
done

article=Sources/Waymark/Waymark.docc/AppIntegration.md
samples=$interfaces/AppIntegration

rm -rf "$out"
mkdir -p "$out/generated/ios-branch" "$out/generated/readme" "$out/generated/article"

# The iOS-family branch of Sources/WaymarkSwiftUI. On Linux `os(iOS)` is false, so the files as they are
# compile their macOS branch (no full-screen covers); these copies make `os(iOS)` true, so the cover code
# is type-checked too. They keep every line where it was, and diagnostics name the original files.
sources=(Sources/WaymarkSwiftUI/*.swift)
ios_sources=()
for source in "${sources[@]}"; do
    copy=$out/generated/ios-branch/$(basename "$source")
    sed 's/os(iOS)/true/g' "$source" >"$copy"
    ios_sources+=("$copy")
done

# The README's SwiftUI example app, extracted now so that the check follows README.md: the ```swift
# blocks of "Path configuration, navigation and SwiftUI" that `import SwiftUI`, and the enums of the
# "Typed routes and links" block that declares `ShopRoute`, which the app uses.
python3 - README.md "$out/generated/readme" <<'PY'
import pathlib
import re
import sys

readme, destination = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
lines = readme.read_text(encoding="utf-8").splitlines()


def fail(message):
    sys.exit(f"check-swiftui: README.md: {message}")


def section(title):
    """The line range of the `## title` section, after its heading."""
    for index, line in enumerate(lines):
        if line == f"## {title}":
            end = next((j for j in range(index + 1, len(lines)) if lines[j].startswith("## ")), len(lines))
            return index + 1, end
    fail(f'no section "## {title}"')


def swift_blocks(start, end):
    """Each ```swift block in the range: (the 1-based line of its first code line, its lines)."""
    index = start
    while index < end:
        if lines[index].strip() == "```swift":
            close = next((j for j in range(index + 1, end) if lines[j].strip() == "```"), None)
            if close is None:
                fail(f"line {index + 1}: a ```swift block that does not close")
            yield index + 2, lines[index + 1 : close]
            index = close + 1
        else:
            index += 1


def depth_change(line):
    """Braces opened minus closed on a line, outside string literals and // comments."""
    change, in_string, escaped, previous = 0, False, False, ""
    for character in line:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character == "/" and previous == "/":
            break
        elif character == "{":
            change += 1
        elif character == "}":
            change -= 1
        previous = character
    return change


def top_level_enums(first_line, block):
    """Each top-level `enum` declaration of a block: (its name, its first line, its lines)."""
    enums, index = [], 0
    while index < len(block):
        match = re.match(r"enum (\w+)", block[index])
        if not match:
            index += 1
            continue
        depth, end = 0, index
        while True:
            depth += depth_change(block[end])
            if depth == 0 and "{" in "".join(block[index : end + 1]):
                break
            end += 1
            if end == len(block):
                fail(f"line {first_line + index}: enum {match.group(1)} does not close")
        enums.append((match.group(1), first_line + index, block[index : end + 1]))
        index = end + 1
    return enums


def write(name, header, parts):
    """Writes the code of `parts` on the lines it has in README.md, so diagnostics can name README.md."""
    text = ["// Generated by scripts/check-swiftui.sh from README.md; edit README.md, not this file."] + header
    for line, code in parts:
        if len(text) >= line:
            fail(f"line {line}: too near the top of the file to keep its line number")
        text += [""] * (line - 1 - len(text)) + code
    (destination / name).write_text("\n".join(text) + "\n", encoding="utf-8")


start, end = section("Path configuration, navigation and SwiftUI")
app = [(line, code) for line, code in swift_blocks(start, end) if "import SwiftUI" in (l.strip() for l in code)]
if not app:
    fail('no ```swift block that imports SwiftUI in "Path configuration, navigation and SwiftUI"')
write("ShopApp.swift", [], app)

start, end = section("Typed routes and links")
routes = next((b for b in swift_blocks(start, end) if any(l.startswith("enum ShopRoute") for l in b[1])), None)
if routes is None:
    fail('no ```swift block declaring `enum ShopRoute` in "Typed routes and links"')
enums = top_level_enums(*routes)
# The README shows the route enums without their imports: UUID is Foundation's, the rest Waymark's.
write("ShopRoutes.swift", ["import Foundation", "import Waymark"], [(line, code) for _, line, code in enums])
print("check-swiftui: README.md: the app from", len(app), "block(s); the enums", ", ".join(n for n, _, _ in enums))
PY

# The article's shared code: the ```swift block that declares `ShopLinks` (and `ShopRoute`), which every
# SwiftUI, UIKit and AppKit sample calls. It is written out whole, behind a #sourceLocation directive, so
# that diagnostics name the article and its lines.
python3 - "$article" "$out/generated/article/ShopLinks.swift" <<'PY'
import pathlib
import re
import sys

article, destination = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
lines = article.read_text(encoding="utf-8").splitlines()
blocks, index = [], 0
while index < len(lines):
    if lines[index].strip() == "```swift":
        close = next((j for j in range(index + 1, len(lines)) if lines[j].strip() == "```"), None)
        if close is None:
            sys.exit(f"check-swiftui: {article}:{index + 1}: a ```swift block that does not close")
        blocks.append((index + 2, lines[index + 1 : close]))
        index = close + 1
    else:
        index += 1
shared = [(line, code) for line, code in blocks if any(re.match(r"\s*final class ShopLinks\b", l) for l in code)]
if len(shared) != 1:
    sys.exit(f"check-swiftui: {article}: expected one ```swift block declaring `final class ShopLinks`, found {len(shared)}")
line, code = shared[0]
text = ["// Generated by scripts/check-swiftui.sh; edit the article, not this file.",
        f'#sourceLocation(file: "{article}", line: {line})'] + code + ["#sourceLocation()"]
destination.write_text("\n".join(text) + "\n", encoding="utf-8")
print(f"check-swiftui: {article}: the shared code from the block at line {line - 1}")
PY

# The copies of the article's samples, by the framework each imports.
samples_for() {
    grep -l -x "import $1" "$samples"/*.swift || true
}
mapfile -t swiftui_samples < <(samples_for SwiftUI)
mapfile -t uikit_samples < <(samples_for UIKit)
mapfile -t appkit_samples < <(samples_for AppKit)
if ((${#swiftui_samples[@]} == 0 || ${#uikit_samples[@]} == 0 || ${#appkit_samples[@]} == 0)); then
    say "$samples: expected files that import SwiftUI, UIKit and AppKit" >&2
    exit 1
fi

failures=()
passed=0

# Runs one compiler check, its diagnostics naming the original files (the generated copies keep their
# lines); on failure records a summary line.
check() {
    local what=$1
    shift
    if swiftc_locked "$@" 2>&1 | sed -e "s#$out/generated/ios-branch/#Sources/WaymarkSwiftUI/#g" \
        -e "s#$out/generated/readme/[A-Za-z]*\.swift#README.md#g"; then
        passed=$((passed + 1))
        say "ok: $what"
        return 0
    fi
    failures+=("$what")
    say "FAILED: $what"
    return 1
}

start_time=$SECONDS

# Foundation declarations Apple's Foundation has and Linux's lacks (NSUserActivity): a module of their own,
# which the SwiftUI, UIKit and AppKit interfaces import, and which every article sample imports implicitly,
# as it would find them in Foundation.
apple_foundation=$out/AppleFoundation
mkdir -p "$apple_foundation/symbolgraph"
check "$interfaces/Foundation/AppleFoundation.swift (Foundation declarations Linux lacks)" \
    -emit-module -parse-as-library -module-name AppleFoundation -swift-version 6 -warnings-as-errors \
    -emit-module-path "$apple_foundation/AppleFoundation.swiftmodule" \
    -emit-symbol-graph -emit-symbol-graph-dir "$apple_foundation/symbolgraph" \
    "$interfaces/Foundation/AppleFoundation.swift" || {
    say "FAILED: nothing else can be checked without it"
    exit 1
}
implicit_foundation=(-Xfrontend -import-module -Xfrontend AppleFoundation)

for form in "${forms[@]}"; do
    name="Xcode ${form#Xcode}"
    dir=$out/$form
    mkdir -p "$dir"

    # The interface's symbol graph (with its declarations' Apple availability) goes to $dir/symbolgraph.
    mkdir -p "$dir/symbolgraph"
    defines=()
    [[ $form == Xcode26 ]] && defines=(-D XCODE26_SDK)
    if ! check "$name form: $interfaces/SwiftUI/SwiftUI.swift (the SwiftUI interface)" \
        -emit-module -parse-as-library -module-name SwiftUI -swift-version 6 -warnings-as-errors "${defines[@]}" \
        -I "$apple_foundation" \
        -emit-module-path "$dir/SwiftUI.swiftmodule" -emit-symbol-graph -emit-symbol-graph-dir "$dir/symbolgraph" \
        "$interfaces/SwiftUI/SwiftUI.swift"; then
        continue
    fi

    # With $dir first on the import path, `canImport(SwiftUI)` is true and this WaymarkSwiftUI shadows the
    # empty one that `swift build` leaves in $modules.
    imports=(-I "$dir" -I "$apple_foundation" -I "$modules")

    waymark_swiftui=ok
    check "$name form: Sources/WaymarkSwiftUI/*.swift (macOS branch)" \
        -c -wmo -parse-as-library -module-name WaymarkSwiftUI "${swift_flags[@]}" "${imports[@]}" \
        -emit-module -emit-module-path "$dir/WaymarkSwiftUI.swiftmodule" \
        -o "$dir/WaymarkSwiftUI.o" "${sources[@]}" || waymark_swiftui=failed

    check "$name form: Sources/WaymarkSwiftUI/*.swift (iOS, tvOS, watchOS, visionOS branch)" \
        -c -wmo -parse-as-library -module-name WaymarkSwiftUI "${swift_flags[@]}" "${imports[@]}" \
        -o "$dir/WaymarkSwiftUI-iOS.o" "${ios_sources[@]}" || true

    if [[ $waymark_swiftui != ok ]]; then
        failures+=("$name form: README.md SwiftUI example app (not checked: WaymarkSwiftUI did not compile)")
        failures+=("$name form: $article SwiftUI sample (not checked: WaymarkSwiftUI did not compile)")
        continue
    fi
    check "$name form: README.md SwiftUI example app (with $interfaces/ReadmeExample/Prelude.swift)" \
        -c -wmo -parse-as-library -module-name ShopApp "${swift_flags[@]}" "${imports[@]}" \
        -o "$dir/ShopApp.o" "$out"/generated/readme/*.swift "$interfaces/ReadmeExample/Prelude.swift" || true

    check "$name form: $article SwiftUI sample (${swiftui_samples[*]})" \
        -c -wmo -parse-as-library -module-name ShopIntegrationApp "${swift_flags[@]}" "${imports[@]}" \
        "${implicit_foundation[@]}" -o "$dir/ShopIntegrationApp.o" \
        "$out/generated/article/ShopLinks.swift" "${swiftui_samples[@]}" || true
done

# UIKit and AppKit: one form each (the declarations used read the same in the iOS 18 and iOS 26 SDKs, and
# in the macOS 15 and macOS 26 SDKs). The interface first, then the article's samples against it.
for framework in UIKit AppKit; do
    dir=$out/$framework
    mkdir -p "$dir/symbolgraph"
    if [[ $framework == UIKit ]]; then framework_samples=("${uikit_samples[@]}"); else framework_samples=("${appkit_samples[@]}"); fi
    if ! check "$interfaces/$framework/$framework.swift (the $framework interface)" \
        -emit-module -parse-as-library -module-name "$framework" -swift-version 6 -warnings-as-errors \
        -I "$apple_foundation" -emit-module-path "$dir/$framework.swiftmodule" \
        -emit-symbol-graph -emit-symbol-graph-dir "$dir/symbolgraph" "$interfaces/$framework/$framework.swift"; then
        failures+=("$article $framework samples (not checked: the interface did not compile)")
        continue
    fi
    check "$article $framework samples (${framework_samples[*]})" \
        -c -wmo -parse-as-library -module-name "Shop${framework}App" "${swift_flags[@]}" \
        -I "$dir" -I "$apple_foundation" -I "$modules" "${implicit_foundation[@]}" -o "$dir/Shop${framework}App.o" \
        "$out/generated/article/ShopLinks.swift" "${framework_samples[@]}" || true
done

say "compiler runs took $((SECONDS - start_time)) s"
say "$passed of $((passed + ${#failures[@]})) steps compile cleanly"
if ((${#failures[@]} > 0)); then
    for failure in "${failures[@]}"; do
        say "FAILED: $failure"
    done
    exit 1
fi
