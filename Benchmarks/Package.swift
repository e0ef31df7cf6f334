// swift-tools-version:6.1
// Benchmarks for Waymark: a separate package, so that users of Waymark never resolve the benchmark
// framework or the peer routers it is compared with.
import PackageDescription

let package = Package(
    name: "waymark-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "waymark", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
    ],
    targets: [
        // glibc's heap statistics, which Swift's Glibc module does not export.
        .target(name: "CHeapStats"),
        // Reads ../shared/bench and adapts each router to the same lookup interface.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CHeapStats",
                .product(name: "Waymark", package: "waymark"),
                .product(name: "WaymarkPathConfiguration", package: "waymark"),
                .product(name: "WaymarkNavigation", package: "waymark"),
                .product(name: "WaymarkAssociatedDomains", package: "waymark"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // `swift run -c release waymark-compare`: Waymark, RoutingKit and Hummingbird side by side.
        .executableTarget(
            name: "waymark-compare",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Waymark", package: "waymark"),
                .product(name: "WaymarkPathConfiguration", package: "waymark"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift package benchmark`: regression suites with instruction and malloc thresholds.
        .executableTarget(
            name: "WaymarkBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Waymark", package: "waymark"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WaymarkBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
