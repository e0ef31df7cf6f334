import Foundation
import Waymark
import WaymarkAssociatedDomains
import WaymarkPathConfiguration

extension ScalingCases {
    /// JSON strings of escapes, in every reader (issue 31, finding 2: each escape copied the string
    /// decoded so far; one string of 160,000 `\u00e9` took 15.7 s, a route file of 1.2 million `\n`
    /// 292 s). n is the document's size in bytes: 100× is 5,000,000, the size cap of every file
    /// and server answer.
    static var jsonEscapeCases: [ScalingCase] {
        var cases: [ScalingCase] = []
        for (kind, escape) in escapes {
            for shape in EscapeShape.allCases {
                cases.append(
                    ScalingCase(
                        name: "json-escapes-\(kind)-\(shape.rawValue)",
                        input: "PathConfiguration(data:), n bytes: \(shape.summary) of \(escape) in settings",
                        baseSize: 50_000,
                        prepare: { size in
                            let data = configuration(shape.json(escape, budget: size - 80))
                            return { try PathConfiguration(data: data).settings.count }
                        }))
            }
        }
        let mixed = escapes[escapes.count - 1].escape
        cases += [
            ScalingCase(
                name: "json-escapes-route-file",
                input: "RouteFile(data:), n bytes: many keys of mixed escapes in a route's properties",
                baseSize: 50_000,
                prepare: { size in
                    let value = EscapeShape.keys.json(mixed, budget: size - 120)
                    let data = Data(
                        #"{"schemes": ["shop"], "routes": [{"name": "home", "template": "/", "properties": {"x": \#(value)}}]}"#
                            .utf8)
                    return { try RouteFile(data: data).routes.count }
                }),
            ScalingCase(
                name: "json-escapes-aasa",
                input: "AppSiteAssociation(data:), n bytes: one string of mixed escapes beside details",
                baseSize: 50_000,
                prepare: { size in
                    let value = EscapeShape.value.json(mixed, budget: size - 140)
                    let data = Data(
                        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "#
                            + #""components": [{"/": "/*"}]}], "x": \#(value)}}"#).utf8)
                    return { try AppSiteAssociation(data: data).diagnostics.count }
                }),
            ScalingCase(
                name: "json-escapes-cache",
                input: "PathConfigurationCache.read, then PathConfiguration(data:): n bytes, one string of \\\" cached",
                baseSize: 50_000,
                prepare: { size in
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                        "waymark-scaling-\(UUID().uuidString)")
                    let cache = PathConfigurationCache(directory: folder)
                    guard let url = URL(string: "https://example.com/ios_v1.json") else { return { -1 } }
                    let document = configuration(EscapeShape.value.json(#"\""#, budget: size - 80))
                    try cache.write(.init(url: url, etag: "\"v1\"", document: document))
                    return {
                        defer { try? FileManager.default.removeItem(at: folder) }
                        guard let entry = try cache.read(url).get() else { return -1 }
                        return try PathConfiguration(data: entry.document).settings.count
                    }
                }),
        ]
        // The densest documents of other shapes, for the size cap's worst case whatever the shape.
        for (name, item) in [
            ("numbers", "1"), ("empty-arrays", "[]"), ("empty-objects", "{}"), ("empty-strings", #""""#),
            ("nulls", "null"), ("small-objects", #"{"":0}"#), ("small-arrays", "[0]"),
        ] {
            cases.append(
                ScalingCase(
                    name: "json-dense-\(name)",
                    input: "PathConfiguration(data:), n bytes: an array of \(item) in settings",
                    baseSize: 50_000,
                    prepare: { size in
                        let count = (size - 82) / (item.utf8.count + 1)
                        let data = configuration(
                            "[" + Array(repeating: item, count: count).joined(separator: ",") + "]")
                        let kept = Kept()
                        return {
                            let configuration = try PathConfiguration(data: data)
                            kept.value = configuration
                            return configuration.settings.count
                        }
                    }))
        }
        // One-member objects that are all different (keys of two letters, values up to five
        // digits), so that none shares another's dictionary: the most dictionaries the cap allows.
        cases.append(
            ScalingCase(
                name: "json-dense-distinct-objects",
                input: "PathConfiguration(data:), n bytes: an array of distinct {\"ab\":N} in settings",
                baseSize: 50_000,
                prepare: { size in
                    var items: [String] = []
                    var used = 82
                    let letters = Array("abcdefghijklmnopqrstuvwxyz")
                    var index = 0
                    while true {
                        let key = String([letters[index % 26], letters[(index / 26) % 26]])
                        let item = #"{"\#(key)":\#(index / 676)}"#
                        guard used + item.utf8.count + 1 <= size else { break }
                        used += item.utf8.count + 1
                        items.append(item)
                        index += 1
                    }
                    let data = configuration("[" + items.joined(separator: ",") + "]")
                    let kept = Kept()
                    return {
                        let configuration = try PathConfiguration(data: data)
                        kept.value = configuration
                        return configuration.settings.count
                    }
                }))
        return cases
    }

    /// Each kind of escape, and all of them mixed with plain text (ASCII and raw UTF-8).
    private static let escapes: [(kind: String, escape: String)] = [
        ("newline", #"\n"#), ("quote", #"\""#), ("backslash", #"\\"#), ("bmp", #"\u00e9"#),
        ("pair", #"\ud83d\ude00"#), ("mixed", #"ab\ncd\"é\u00e9/\/x\ud83d\ude00\\\t日"#),
    ]

    /// Where the escapes are.
    private enum EscapeShape: String, CaseIterable {
        case value, values, keys

        var summary: String {
            switch self {
            case .value: "one string"
            case .values: "an array of one-escape strings"
            case .keys: "an object of keys starting with one"
            }
        }

        /// A JSON value of at most `budget` bytes with `escape` repeated in this shape.
        func json(_ escape: String, budget: Int) -> String {
            let length = escape.utf8.count
            switch self {
            case .value:
                return "\"" + String(repeating: escape, count: (budget - 2) / length) + "\""
            case .values:
                let count = budget / (length + 3)
                return "[" + Array(repeating: "\"" + escape + "\"", count: count).joined(separator: ",") + "]"
            case .keys:
                // A key is the escape and 7 digits, so that keys are distinct and as long at every size.
                let count = budget / (length + 13)
                let keys = (0..<count).map { index -> String in
                    let digits = String(index)
                    return "\"" + escape + String(repeating: "0", count: 7 - digits.count) + digits + "\": 0"
                }
                return "{" + keys.joined(separator: ",") + "}"
            }
        }
    }

    /// A path configuration with `value` in its settings and one rule.
    private static func configuration(_ value: String) -> Data {
        Data(#"{"settings": {"x": \#(value)}, "rules": [{"patterns": [".*"], "properties": {"a": 1}}]}"#.utf8)
    }
}

/// What a case read, kept past the timed work: an app keeps the document it reads, so freeing it
/// (a few tens of milliseconds for 600,000 small objects) is not part of reading it.
final class Kept: @unchecked Sendable {
    var value: Any?
}
