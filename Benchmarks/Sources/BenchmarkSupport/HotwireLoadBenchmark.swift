import Foundation
import WaymarkPathConfiguration

/// What an app does at launch with a real path-configuration document: read it and answer the first
/// lookup. Waymark parses the document and compiles every pattern into one automaton; Hotwire
/// Native iOS decodes it with `JSONSerialization` and, on the first lookup, compiles each rule's
/// patterns with `NSRegularExpression` (it compiles them on every lookup; the first one is timed
/// here, which is the least it pays).
public struct HotwireLoadBenchmark: Sendable {
    /// A real document: its name and its bytes.
    public struct Document: Sendable {
        public let name: String
        public let data: Data
    }

    public let documents: [Document]

    /// Every document of `../shared/realworld/hotwire-corpus` and `path-configurations`.
    public init(
        realworld folder: URL = BenchmarkDataSet.defaultFolder.deletingLastPathComponent()
            .appendingPathComponent("realworld")
    ) {
        var documents: [Document] = []
        for sub in ["hotwire-corpus", "path-configurations"] {
            let directory = folder.appendingPathComponent(sub)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else { continue }
                documents.append(Document(name: name, data: data))
            }
        }
        self.documents = documents
    }

    /// The URL of every document's first lookup.
    public static let firstURL = "https://example.com/posts/1/edit"

    /// The URLs of the lookups after the first (an app's first screens).
    public static let laterURLs = [
        "https://example.com/", "https://example.com/posts", "https://example.com/posts/new",
        "https://example.com/posts/2", "https://example.com/users/sign_in", "https://example.com/settings",
        "https://example.com/recede_historical_location", "https://example.com/posts?page=2",
        "https://example.com/notifications",
    ]

    /// Waymark: load, then the first lookup (and the `later` lookups after it); returns the number
    /// of properties the last lookup found.
    public static func waymark(_ document: Document, later: Int = 0) -> Int {
        guard let configuration = try? PathConfiguration(data: document.data) else { return -1 }
        var count = configuration.match(url: firstURL).properties.raw.count
        for url in laterURLs.prefix(later) { count = configuration.match(url: url).properties.raw.count }
        return count
    }

    /// Hotwire Native iOS's way, as its released source does it (1.2.0 to 1.3.0-beta, the default
    /// target): `PathConfigurationDecoder` reads the data with `JSONSerialization` and casts the
    /// rules, each `PathRule` its `patterns` to `[String]` and its `properties` to a dictionary, and
    /// `settings` (Hotwire casts to `AnyHashable` values, which Linux cannot bridge from every JSON
    /// value: `Any` stands in);
    /// `PathConfiguration` appends the three built-in historical-location rules
    /// (`PathRule+ServerRoutes.swift`); a lookup reads `url.path` (and `url.query`) and runs every
    /// rule's `match(path:)`, which compiles each pattern with `NSRegularExpression` again, on
    /// every lookup. Returns the number of properties of the last lookup.
    public static func hotwire(_ document: Document, later: Int = 0) -> Int {
        // Hotwire decodes with JSONSerialization; six real documents have trailing commas, which it
        // reads on this platform.
        guard let object = try? JSONSerialization.jsonObject(with: document.data) as? [String: Any],
            let rulesArray = object["rules"] as? [[String: Any]]
        else { return -1 }
        var rules: [(patterns: [String], properties: [String: Any])] = []
        for rule in rulesArray {
            guard let patterns = rule["patterns"] as? [String], let properties = rule["properties"] as? [String: Any]
            else { return -1 }
            rules.append((patterns, properties))
        }
        let settings = object["settings"] as? [String: Any] ?? [:]
        rules += builtInRules
        _ = settings
        var count = 0
        for urlString in [firstURL] + laterURLs.prefix(later) {
            let path =
                URL(string: urlString).map { url in
                    url.path + (url.query.map { "?" + $0 } ?? "")
                } ?? ""
            let range = NSRange(location: 0, length: path.utf16.count)
            var properties: [String: Any] = [:]
            // As Hotwire's PathRule does: every pattern compiled again on every lookup.
            for rule in rules {
                for pattern in rule.patterns {
                    guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
                    if regex.numberOfMatches(in: path, range: range) > 0 {
                        properties.merge(rule.properties) { _, new in new }
                        break
                    }
                }
            }
            count = properties.count
        }
        return count
    }

    /// `PathRule.defaultServerRoutes`, made once, as Hotwire's static property is.
    ///
    /// `nonisolated(unsafe)`: a `let` never written after its one initialization, holding only
    /// strings and Booleans; `Any` is what the model stores, and is not `Sendable` only because it
    /// could hold anything.
    nonisolated(unsafe) static let builtInRules: [(patterns: [String], properties: [String: Any])] = [
        ("recede", "pop"), ("resume", "none"), ("refresh", "refresh"),
    ].map { name, presentation in
        (
            ["/\(name)_historical_location"],
            ["presentation": presentation, "context": "default", "historical_location": true] as [String: Any]
        )
    }
}
