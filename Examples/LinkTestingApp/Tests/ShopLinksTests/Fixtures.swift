import Foundation
import Waymark

/// What the shop's link tests share.
enum Fixtures {
    /// The published-links contract, a resource of the tests.
    static func contract() throws -> LinkContract {
        guard let url = Bundle.module.url(forResource: "published-links", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try LinkContract(contentsOf: url)
    }

    /// Whether to run the deliberately wrong expectations, which show what a failure says.
    static let showFailures = ProcessInfo.processInfo.environment["WAYMARK_SHOW_FAILURE"] != nil

    /// A path-configuration document whose every page has `title`.
    static func document(_ title: String) -> Data {
        Data(#"{"settings": {}, "rules": [{"patterns": [".*"], "properties": {"title": "\#(title)"}}]}"#.utf8)
    }

    /// A cache folder of the test's own.
    static func cacheFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("shop-links-\(UUID().uuidString)")
    }
}
