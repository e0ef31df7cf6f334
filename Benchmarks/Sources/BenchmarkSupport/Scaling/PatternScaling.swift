import Foundation
import WaymarkPathConfiguration

extension ScalingCases {
    /// Path configuration patterns: compiling them, and looking paths up with them.
    static var patternCases: [ScalingCase] {
        [
            ScalingCase(
                name: "pattern-lookups",
                input: "the path-configuration set's 100 rules, n passes over its 2,000 lookups",
                baseSize: 1,
                prepare: { size in
                    let benchmark = PathConfigurationBenchmark(
                        dataSet: try BenchmarkDataSet(name: "deeplink-10k", folder: BenchmarkDataSet.defaultFolder))
                    let configuration = try benchmark.waymark()
                    return {
                        var matched = 0
                        for _ in 0..<size {
                            for path in benchmark.lookups {
                                matched += configuration.match(path: path).matchedRules.count
                            }
                        }
                        return matched
                    }
                }),
            ScalingCase(
                name: "pattern-load", input: #"one rule, "((a?){n}){66}""#, baseSize: 10,
                prepare: { size in
                    let document = Data(
                        #"{"rules":[{"patterns":["((a?){\#(size)}){66}"],"properties":{"x":1}}]}"#.utf8)
                    return { try PathConfiguration(data: document).diagnostics.count }
                }),
            ScalingCase(
                name: "pattern-document",
                input: "n KB of rules of hostile patterns (nested counts, classes, alternations)",
                baseSize: 10,
                prepare: { size in
                    let document = hostileDocument(kilobytes: size)
                    return { try PathConfiguration(data: document).diagnostics.count }
                }),
            ScalingCase(
                name: "pattern-rules", input: #"n rules "^/sectionN/.{1,200}/edit$", then a lookup of the last"#,
                baseSize: 1,
                prepare: { size in
                    let rules = (0..<size).map {
                        #"{"patterns":["^/section\#($0)/.{1,200}/edit$"],"properties":{"r":\#($0)}}"#
                    }
                    let document = Data(#"{"rules":[\#(rules.joined(separator: ","))]}"#.utf8)
                    return {
                        try PathConfiguration(data: document).match(path: "/section\(size - 1)/abc/edit").matchedRules
                            .count
                    }
                }),
            ScalingCase(
                name: "pattern-lookup", input: #"199 rules "[ab]*a[ab]{999}", one lookup of a path of 160·n bytes"#,
                baseSize: 1,
                prepare: { size in
                    let rules = (0..<199).map { #"{"patterns":["[ab]*a[ab]{999}"],"properties":{"r":\#($0)}}"# }
                    let configuration = try PathConfiguration(
                        data: Data(#"{"rules":[\#(rules.joined(separator: ","))]}"#.utf8))
                    var generator = SplitMix(seed: 7)
                    let path = "/" + String((0..<(160 * size - 1)).map { _ in generator.next() & 1 == 0 ? "a" : "b" })
                    return {
                        let match = configuration.match(path: path)
                        return match.isComplete ? match.matchedRules.count : -1 - match.matchedRules.count
                    }
                }),
        ]
    }

    /// A document of about `kilobytes` KB whose rules cycle through patterns that are expensive to
    /// compile or to look up with.
    static func hostileDocument(kilobytes: Int) -> Data {
        let shapes = [
            "((a?){1000}){66}", "(a|b|c|d|e|f){1000}", "[ab]*a[ab]{999}", "(.{1,200}){5}", "([^/]{3,999}x){9}",
            "((((((((((a*)*)*)*)*)*)*)*)*)*)*b", "(\\d{1,9}\\w{1,99}\\s?){50}", "x{1000}y{1000}",
        ]
        var rules: [String] = []
        var bytes = 0
        var index = 0
        while bytes < kilobytes * 1024 {
            let pattern = String(reflecting: shapes[index % shapes.count])
            let rule = #"{"patterns":[\#(pattern)],"properties":{"r":\#(index)}}"#
            rules.append(rule)
            bytes += rule.utf8.count + 1
            index += 1
        }
        return Data(#"{"rules":[\#(rules.joined(separator: ","))]}"#.utf8)
    }
}

/// A small seeded generator, so that every run looks up the same path.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
