// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "waymark",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Waymark", targets: ["Waymark"]),
        .library(name: "WaymarkPathConfiguration", targets: ["WaymarkPathConfiguration"]),
        .library(name: "WaymarkNavigation", targets: ["WaymarkNavigation"]),
        .library(name: "WaymarkSwiftUI", targets: ["WaymarkSwiftUI"]),
        .library(name: "WaymarkAssociatedDomains", targets: ["WaymarkAssociatedDomains"]),
        // Routing events and path-configuration reports as swift-log lines, and as swift-metrics.
        .library(name: "WaymarkLogging", targets: ["WaymarkLogging"]),
        .library(name: "WaymarkMetrics", targets: ["WaymarkMetrics"]),
        // For an app's test targets only: it links Swift Testing and XCTest.
        .library(name: "WaymarkTesting", targets: ["WaymarkTesting"]),
        .executable(name: "waymark", targets: ["WaymarkCLI"]),
        // Route files in a build: checked, and written as a `URLRoute` enum (build-tool plugin); and
        // `swift package waymark …` for the files a team commits (command plugin). Both run `waymark`.
        .plugin(name: "WaymarkRoutes", targets: ["WaymarkRoutes"]),
        .plugin(name: "WaymarkCommand", targets: ["WaymarkCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 1.16: `LogHandler.log(event:)`, which the observation tests' capturing handler implements.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // Only `WaymarkMetrics` (and its tests, with MetricsTestKit) use it.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
        // `swift package generate-documentation` for the DocC catalogs (CI builds them, warnings as errors).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The core: templates, the route table, scopes, requests, filters, resolution. Foundation only.
        .target(name: "Waymark"),
        // Turbo / Hotwire Native path configuration: rules, a linear-time pattern engine, sources.
        .target(name: "WaymarkPathConfiguration", dependencies: ["Waymark"]),
        // Navigation state, routers, presentation policy: platform-agnostic, tested on Linux.
        .target(
            name: "WaymarkNavigation",
            dependencies: ["Waymark", .product(name: "Logging", package: "swift-log")]
        ),
        // A thin SwiftUI layer over WaymarkNavigation; every file is `#if canImport(SwiftUI)`, so on
        // Linux it builds empty.
        .target(name: "WaymarkSwiftUI", dependencies: ["Waymark", "WaymarkNavigation"]),
        // Universal links: the apple-app-site-association file, Apple's matching rules, generation
        // from a route table and a check of a served file against it. Foundation only.
        .target(name: "WaymarkAssociatedDomains", dependencies: ["Waymark"]),
        // Observers of routing events and loader reports on the ecosystem's APIs, each in its own
        // target so that `Waymark` depends on neither.
        .target(
            name: "WaymarkLogging",
            dependencies: ["Waymark", "WaymarkPathConfiguration", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "WaymarkMetrics",
            dependencies: [
                "Waymark", "WaymarkPathConfiguration", .product(name: "CoreMetrics", package: "swift-metrics"),
            ]),
        // What an app's tests write by hand around their links, for Swift Testing and XCTest: "this
        // URL opens this route" with explain's answer on failure, round trips, the published-links
        // contract, security expectations, and a local HTTP server for path-configuration tests.
        // The toolchain's Testing and XCTest modules; `Waymark` itself never imports either.
        .target(name: "WaymarkTesting", dependencies: ["Waymark"]),
        // The command-line tool: a thin argument-parser layer over the library. The target is
        // `WaymarkCLI` and the product (the binary) `waymark`: a target `waymark` beside `Waymark` is one
        // folder, and one module name, on Apple's case-insensitive file systems.
        .executableTarget(
            name: "WaymarkCLI",
            dependencies: [
                "Waymark",
                "WaymarkPathConfiguration",
                "WaymarkNavigation",
                "WaymarkAssociatedDomains",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.embedInCode("Resources/shop.routes.json")]
        ),
        .plugin(name: "WaymarkRoutes", capability: .buildTool(), dependencies: [.target(name: "WaymarkCLI")]),
        .plugin(
            name: "WaymarkCommand",
            capability: .command(
                intent: .custom(
                    verb: "waymark",
                    description:
                        "Run the waymark tool in the package's folder: aasa --output, links --html, links --contract…"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "waymark writes the files you name: association files, link pages, link contracts")
                ]),
            dependencies: [.target(name: "WaymarkCLI")]),
        // What several test targets share: where the real-world corpus is (and what happens when it
        // is not), the route sets the tests generate instead of reading the benchmarks' files, the
        // seeded random generator and the linear-growth check.
        // Tests only: no product exposes it.
        .target(name: "WaymarkTestSupport", path: "Tests/WaymarkTestSupport"),
        .testTarget(name: "WaymarkTests", dependencies: ["Waymark", "WaymarkTesting", "WaymarkTestSupport"]),
        .testTarget(
            name: "WaymarkPathConfigurationTests",
            dependencies: ["WaymarkPathConfiguration", "WaymarkTesting", "WaymarkTestSupport"]),
        .testTarget(
            name: "WaymarkTestingTests",
            dependencies: ["WaymarkTesting", "WaymarkPathConfiguration", "WaymarkTestSupport"],
            resources: [.copy("DocSamples/published-links.json")]),
        .testTarget(
            name: "WaymarkNavigationTests",
            dependencies: [
                "WaymarkNavigation", "WaymarkTesting", "WaymarkTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "WaymarkObservationTests",
            dependencies: [
                "WaymarkLogging", "WaymarkMetrics", "WaymarkNavigation", "WaymarkTesting", "WaymarkTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]),
        .testTarget(
            name: "WaymarkAssociatedDomainsTests", dependencies: ["WaymarkAssociatedDomains", "WaymarkTestSupport"]),
        // Runs the built `waymark` binary; depending on the executable makes `swift test` build it.
        .testTarget(name: "WaymarkCLITests", dependencies: ["WaymarkCLI", "WaymarkTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // SE-0335: `any` spelled out for existentials.
            .enableUpcomingFeature("ExistentialAny"),
            // SE-0444: a file sees only the members of modules it imports itself.
            .enableUpcomingFeature("MemberImportVisibility"),
            // SE-0409: imports are internal unless marked `public`.
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
