import Foundation
import Testing
import WaymarkTestSupport

@testable import WaymarkPathConfiguration

/// The engine against NSRegularExpression (ICU, which Hotwire Native uses) on generated patterns:
/// every pattern ICU refuses is refused (so the rule is skipped and reported, as Hotwire skips it),
/// and where both accept, both find the same answer on generated inputs, line terminators included.
/// The differences that remain are documented in docs/path-configuration.md and listed in
/// ``documentedDifferences``.
@Suite struct PatternCompatibilityTests {
    /// Pieces that patterns are made of: the supported syntax, and the spellings ICU refuses.
    static let pieces = [
        "a", "b", "/", "1", ".", "\\d", "\\s", "\\S", "\\w", "[ab]", "[^a]", "[a-c]", "(", ")", "(?:", "(?<n>",
        "(?<m1>", "(?P<n>", "(?<1>", "(?<_n>", "|", "*", "+", "?", "*?", "{2}", "{1,3}", "{0,}", "{,2}", "{", "}",
        "{a}", "^", "$", "\\Z", "\\z", "\\A", "]", "\\x41", "\\x{62}", "\\u00e9", "é", "\\n", "\\v", "\\f", "\\r",
        "\\t", "\\.", "\\{", "\\}", "(?#note)",
    ]

    /// Characters that inputs are made of: ASCII line terminators and spaces included.
    static let characters: [String] = ["a", "b", "/", "1", "é", " ", "\n", "\r", "\u{0B}", "\u{0C}", "\t", "{", "."]

    static func icuAccepts(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern)
    }

    static func icuMatches(_ regex: NSRegularExpression, _ input: String) -> Bool {
        regex.firstMatch(in: input, range: NSRange(location: 0, length: input.utf16.count)) != nil
    }

    @Test func everyPatternICURefusesIsRefused() {
        var generator = SeededGenerator(seed: 17)
        var refusedByBoth = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let pattern = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            let ours = (try? PatternParser.parse(pattern)) != nil
            if Self.icuAccepts(pattern) == nil {
                #expect(!ours, "ICU refuses \(String(reflecting: pattern)), the engine accepts it")
                refusedByBoth += ours ? 0 : 1
            }
        }
        // The family reaches the refusals it is about.
        #expect(refusedByBoth > 2_000)
    }

    @Test(arguments: [
        "(?P<g>x)", "(?<g>a)(?<g>b)", "(?<1>a)", "(?<_a>a)", "(?<é>a)", "(?<a-b>x)", "{a}", "}", "a}", "{", "a{",
        "a{1", "a{,2}", "x{2}{3}", "x**", "\\u{41}", "(?<ab",
    ])
    func theReportedRefusalsAreRefused(pattern: String) {
        #expect(Self.icuAccepts(pattern) == nil)
        #expect(throws: PatternError.self) { try PatternParser.parse(pattern) }
    }

    @Test func whereBothAcceptBothFindTheSameMatches() throws {
        var generator = SeededGenerator(seed: 18)
        var compared = 0
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...5, using: &generator)
            let pattern = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            guard let regex = Self.icuAccepts(pattern), let node = try? PatternParser.parse(pattern) else { continue }
            var program = PatternProgram()
            try program.add(node, rule: 0)
            let automaton = PatternAutomaton(program: program, ruleCount: 1)
            for _ in 0..<12 {
                let length = Int.random(in: 0...6, using: &generator)
                let input = (0..<length).map { _ in Self.characters.randomElement(using: &generator) ?? "" }.joined()
                // `\w` is ASCII here and Unicode in ICU (see `documentedDifferences`).
                if pattern.contains("\\w") && !input.allSatisfy(\.isASCII) { continue }
                var copy = input
                let ours = copy.withUTF8 { automaton.matchingRules($0) } == [0]
                #expect(
                    ours == Self.icuMatches(regex, input),
                    "\(String(reflecting: pattern)) on \(String(reflecting: input))")
                compared += 1
            }
        }
        #expect(compared > 10_000)
    }

    /// Line terminators: `.` stops at every ASCII one, `$` and `\Z` also match before one final
    /// terminator (`\r\n` counting as one), `\z` only at the very end, `\s` includes `\v` and `\f`.
    @Test(arguments: [
        ("a$", "a\n"), ("a$", "a\r\n"), ("a\\r$", "a\r\n"), ("a$", "a\n\n"), ("a$", "a\u{0B}"), ("a$", "a\u{0C}"),
        ("a$", "a\r"), ("a\\Z", "a\n"), ("a\\z", "a\n"), ("^$", "\n"), ("^$", "\r\n"), ("$", ""), ("a.b", "a\u{0B}b"),
        ("a.b", "a\u{0C}b"), ("a.b", "a\rb"), ("a.b", "a\tb"), ("\\s", "\u{0B}"), ("\\s", "\u{0C}"),
        ("x$", "ax\u{85}"), ("x$", "ax\u{2028}"), ("^a*$", "aa\n"), ("a$|b", "a\nc"),
    ])
    func lineTerminatorsAsICUReadsThem(pattern: String, input: String) throws {
        let regex = try NSRegularExpression(pattern: pattern)
        #expect(try PatternEngineTests.engineMatches(pattern, input) == Self.icuMatches(regex, input))
    }

    /// What still differs from ICU, each outside what a URL's percent-encoded path can contain.
    @Test func documentedDifferences() throws {
        // `.` matches U+0085, U+2028 and U+2029 (ICU's `.` does not); `\s` and `\w` are ASCII only
        // (ICU's are Unicode's spaces and word characters); in a class, `\v` is ASCII only.
        let cases = [
            ("a.b", "a\u{85}b"), ("a.b", "a\u{2028}b"), ("\\s", "\u{A0}"), ("\\s", "\u{2028}"), ("\\w", "é"),
            ("\\W", "é"), ("[\\v]", "\u{85}"),
        ]
        for (pattern, input) in cases {
            let regex = try NSRegularExpression(pattern: pattern)
            #expect(try PatternEngineTests.engineMatches(pattern, input) != Self.icuMatches(regex, input), "\(pattern)")
        }
    }
}
