// swift-tools-version:6.1
// A sample app package whose tests use every helper of WaymarkTesting, in Swift Testing and in
// XCTest: what an app team's link tests look like. Not part of Waymark's build; `.ci/run` builds
// and tests it, and runs its deliberately wrong expectations to show their messages.
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
    ],
    swiftLanguageModes: [.v6]
)
