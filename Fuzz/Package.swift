// swift-tools-version:6.1
// Fuzz targets for Waymark (libFuzzer). A separate package: each target defines only
// LLVMFuzzerTestOneInput, so it links only when built with the fuzzer sanitizer; see
// docs/fuzzing.md and scripts/fuzz.sh.
import PackageDescription

let targets = [
    "FuzzTemplates", "FuzzRouteFile", "FuzzResolve", "FuzzQueryDecoding", "FuzzPathConfiguration", "FuzzLinkRoundTrip",
    "FuzzRedirects",
]

let package = Package(
    name: "waymark-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "waymark", path: "..")],
    targets: targets.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "Waymark", package: "waymark"),
                .product(name: "WaymarkPathConfiguration", package: "waymark"),
            ]
        )
    },
    swiftLanguageModes: [.v6]
)
