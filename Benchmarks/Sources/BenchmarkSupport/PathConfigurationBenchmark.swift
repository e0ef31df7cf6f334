import Foundation
import WaymarkPathConfiguration

/// A path configuration of `ruleCount` rules made from a data set's templates (anchored regexes
/// with `[^/]+` for parameters, some unanchored suffix rules, a leading `.*`), and two ways to find
/// the rules that match a path: Waymark's engine and a scan of precompiled `NSRegularExpression`s,
/// which is how Hotwire Native evaluates a path configuration.
public struct PathConfigurationBenchmark: Sendable {
    public let patterns: [[String]]
    public let document: Data
    public let lookups: [String]

    public init(dataSet: BenchmarkDataSet, ruleCount: Int = 100, lookupCount: Int = 2_000) {
        var patterns: [[String]] = [[".*"]]
        var index = 0
        while patterns.count < ruleCount, index < dataSet.routes.count {
            let template = dataSet.routes[index]
            index += 1
            let segments = template.split(separator: "/").map { segment -> String in
                if segment.hasPrefix(":") { return "[^/]+" }
                if segment.hasPrefix("*") { return ".*" }
                return NSRegularExpression.escapedPattern(for: String(segment))
            }
            if patterns.count % 10 == 0, let last = segments.last, !last.contains("[") {
                patterns.append(["/" + last + "$", "/" + last + "/edit$"])
            } else {
                patterns.append(["^/" + segments.joined(separator: "/") + "$"])
            }
        }
        self.patterns = patterns
        let rules = patterns.enumerated().map { number, list in
            #"{"patterns": \#(Self.json(list)), "properties": {"title": "rule \#(number)"}}"#
        }
        document = Data(#"{"settings": {}, "rules": [\#(rules.joined(separator: ",\n"))]}"#.utf8)
        lookups = Array(dataSet.lookups.prefix(lookupCount))
    }

    private static func json(_ strings: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: strings)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Waymark's engine, compiled once.
    public func waymark() throws -> PathConfiguration {
        try PathConfiguration(data: document, options: .init(historicalLocationRules: .off))
    }

    /// One precompiled `NSRegularExpression` per pattern.
    public func foundation() throws -> [[NSRegularExpression]] {
        try patterns.map { try $0.map { try NSRegularExpression(pattern: $0) } }
    }

    /// The matching rules by scanning every rule's expressions.
    public static func scan(_ rules: [[NSRegularExpression]], _ path: String) -> [Int] {
        let range = NSRange(location: 0, length: path.utf16.count)
        var matched: [Int] = []
        for (index, expressions) in rules.enumerated()
        where expressions.contains(where: { $0.firstMatch(in: path, range: range) != nil }) {
            matched.append(index)
        }
        return matched
    }
}
