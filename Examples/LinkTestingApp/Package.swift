// swift-tools-version:6.1
// A sample app package whose tests use every helper of WaymarkTesting, in Swift Testing and in
// XCTest: what an app team's link tests look like, and a target whose typed routes the
// `WaymarkRoutes` build-tool plugin generates from a route file. Not part of Waymark's build;
// `.ci/run` builds and tests it, runs its deliberately wrong expectations to show their messages,
// and builds its broken route file to show the plugin's diagnostics.
import PackageDescription

let package = Package(
    name: "LinkTestingApp",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [
        // Named, so that the dependency is `waymark` whatever the clone's folder is called.
        .package(name: "waymark", path: "../..")
    ],
    targets: [
        // The app's links: its typed routes, its resolver, its route file.
        .target(
            name: "ShopLinks",
            dependencies: [.product(name: "Waymark", package: "waymark")],
            resources: [.copy("shop.routes.json")]
        ),
        .testTarget(
            name: "ShopLinksTests",
            dependencies: [
                "ShopLinks",
                .product(name: "WaymarkTesting", package: "waymark"),
                .product(name: "WaymarkPathConfiguration", package: "waymark"),
            ],
            resources: [.copy("published-links.json")]
        ),
        // The route file written as a typed enum at build time by the `WaymarkRoutes` plugin
        // (docs: "Route files in Xcode"); its tests open links into cases and print cases back.
        .target(
            name: "GeneratedRoutes",
            dependencies: [.product(name: "Waymark", package: "waymark")],
            // The generated code must build without a warning, under the strictest settings an app
            // may choose.
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .unsafeFlags(["-warnings-as-errors"]),
            ],
            plugins: [.plugin(name: "WaymarkRoutes", package: "waymark")]
        ),
        .testTarget(
            name: "GeneratedRoutesTests",
            dependencies: ["GeneratedRoutes", .product(name: "Waymark", package: "waymark")]),
    ],
    swiftLanguageModes: [.v6]
)

// A target whose route file has errors, for `.ci/run` to check that the build fails with each
// problem on its line: only with WAYMARK_BROKEN_FIXTURE=1, so that the package builds otherwise.
if Context.environment["WAYMARK_BROKEN_FIXTURE"] == "1" {
    package.targets.append(
        .target(
            name: "BrokenRoutes",
            dependencies: [.product(name: "Waymark", package: "waymark")],
            plugins: [.plugin(name: "WaymarkRoutes", package: "waymark")]
        ))
}
