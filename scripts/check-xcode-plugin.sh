#!/usr/bin/env bash
# Type-checks the Xcode-project form of the WaymarkRoutes build-tool plugin (its
# `#if canImport(XcodeProjectPlugin)` extension, which Linux never compiles) against a compile-only
# transcription of the XcodeProjectPlugin declarations it uses
# (Tests/AppleSDKInterfaces/XcodeProjectPlugin), with the toolchain's real PackagePlugin module: Swift 6
# mode, the manifest's PackageDescription version, warnings as errors. Both plugins are checked, so a
# plugin that stops compiling fails here even before a sample package uses it.
#
# A compile check, not a runtime substitute: the transcription's bodies trap and nothing is linked or run
# (Tests/AppleSDKInterfaces/README.md). The package form of the plugin is built and run by CI in
# Examples/LinkTestingApp.
set -euo pipefail
cd "$(dirname "$0")/.."
api="$(dirname "$(dirname "$(command -v swift)")")/lib/swift/pm/PluginAPI"
if [[ ! -d $api ]]; then
    echo "check-xcode-plugin: no PackagePlugin module at $api" >&2
    exit 1
fi
out=.build/xcode-plugin-check
mkdir -p "$out"
swiftc -emit-module -module-name XcodeProjectPlugin -parse-as-library -swift-version 6 \
    -enable-upcoming-feature InternalImportsByDefault -warnings-as-errors -I "$api" \
    -emit-module-path "$out/XcodeProjectPlugin.swiftmodule" \
    Tests/AppleSDKInterfaces/XcodeProjectPlugin/XcodeProjectPlugin.swift
for plugin in Plugins/*/*.swift; do
    swiftc -typecheck -parse-as-library -swift-version 6 -package-description-version 6.1 -warnings-as-errors \
        -I "$api" -I "$out" "$plugin"
    echo "check-xcode-plugin: $plugin type-checks (with XcodeProjectPlugin transcribed)"
done
