import Foundation
import Testing

@testable import WaymarkPathConfiguration

/// The pattern engine: the same answers as `NSRegularExpression` on the subset it supports, a clear
/// refusal for the rest, and work linear in the input for every pattern.
@Suite struct PatternEngineTests {
    /// Whether `pattern` matches somewhere in `input`, by the engine.
    static func engineMatches(_ pattern: String, _ input: String) throws -> Bool {
        var program = PatternProgram()
        try program.add(try PatternParser.parse(pattern), rule: 0)
        let automaton = PatternAutomaton(program: program, ruleCount: 1)
        var copy = input
        return copy.withUTF8 { automaton.matchingRules($0) } == [0]
    }

    static func foundationMatches(_ pattern: String, _ input: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: input, range: NSRange(input.startIndex..., in: input)) != nil
    }

    static let patterns = [
        ".*", "/.*", "^/$", "/new$", "^/settings/.+", "/users/.*/edit", "/tanka/[0-9]+/edit$", "/\\d+/notes$",
        "/\\d+/notes\\?note_deleted=1$",
        "/\\d+/notes/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
        "^/(posts|articles)/\\d{1,3}$", "a{2,3}b", "(?:ab)+c", "x?y*z", "[^/]+/edit", "\\w+@\\w+", "\\s", "\\S+$",
        "^$", "é", "[é]x", ".$", "^.{3}$", "(a|b)*abb", "\\A/users\\z", "[-a]", "[a-]b", "[]a]", "\\.json$", "a|",
        "(?<id>\\d+)", "[\\d.]+", "\\x41", "\\u00e9",
    ]

    static let inputs = [
        "", "/", "/new", "/posts/new", "/settings/a", "/settings/", "/users/5/edit", "/users/edit", "/tanka/12/edit",
        "/tanka/x/edit", "/42/notes", "/42/notes?note_deleted=1", "/7/notes/0f8fad5b-d9cb-469f-a165-70867728950e",
        "/posts/123", "/articles/1234", "aab", "aaab", "ab", "ababc", "z", "xyyz", "foo/edit", "me@host", "a b",
        "/café", "éx", "/é", "abc", "aé", "babb", "/users", "/users/", "-", "ab", "]", "a.json", "x41", "A",
        "/caf%C3%A9",
    ]

    @Test func agreesWithNSRegularExpressionOnTheSupportedSubset() throws {
        for pattern in Self.patterns {
            for input in Self.inputs {
                let expected = try Self.foundationMatches(pattern, input)
                #expect(try Self.engineMatches(pattern, input) == expected, "\(pattern) on \(input)")
            }
        }
    }

    @Test func unsupportedFeaturesAreRefusedByName() {
        let refused: [(String, String)] = [
            ("(a)\\1", "backreferences ('\\1') are not supported"),
            ("a(?=b)", "lookahead '(?=)' is not supported"),
            ("(?<=a)b", "lookbehind is not supported"),
            ("\\bword", "word boundaries ('\\b') are not supported"),
            ("(?i)abc", "inline flags and other '(?' forms are not supported"),
            ("a++", "possessive quantifiers ('++') are not supported"),
            ("(?>a)", "atomic groups '(?>' are not supported"),
            ("[[:alpha:]]", "POSIX classes ('[:name:]') are not supported"),
            ("\\p{L}", "Unicode properties ('\\p{…}') are not supported"),
            ("a{1001}", "repetitions are limited to 1000"),
            ("(a", "the group opened here is not closed"),
            ("a)", "unbalanced ')'"),
            ("[a", "the class opened here is not closed with ']'"),
            ("*a", "'*' has nothing to repeat"),
            ("a{2,1}", "the repetition {2,1} has its bounds reversed"),
            ("[z-a]", "the range 'z-a' has its ends reversed"),
        ]
        for (pattern, message) in refused {
            #expect(throws: PatternError.self, "\(pattern)") { try PatternParser.parse(pattern) }
            do {
                _ = try PatternParser.parse(pattern)
            } catch {
                #expect(error.message == message, "\(pattern)")
            }
        }
    }

    /// Patterns that make backtracking engines take exponential time. Each answers correctly, and the
    /// work is at most linear in the input: one table step a byte, plus program steps for states the
    /// table did not have yet.
    @Test func catastrophicPatternsTakeLinearWork() throws {
        let hostile = [
            "(a+)+$", "(a|a)*$", "(a|aa)+$", "(a*)*b", "((a+)+)+b", "(.*a){20}", "^(a?){25}a{25}$", "(x+x+)+y",
            "(\\w+\\s?)*$", "([a-zA-Z]+)*$", "(a|b|ab)*c", "(.*)*b", "^(([a-z])+.)+[A-Z]([a-z])+$",
            "(a|b)*a(a|b){15}",
        ]
        let input = String(repeating: "a", count: 10_000) + "!"
        for pattern in hostile {
            var program = PatternProgram()
            try program.add(try PatternParser.parse(pattern), rule: 0)
            let automaton = PatternAutomaton(program: program, ruleCount: 1)
            var copy = input
            var work = 0
            let matched = copy.withUTF8 { automaton.matchingRules($0, work: &work) }
            #expect(work <= input.utf8.count * (2 * program.steps.count + 1), "\(pattern): \(work) steps")
            // Asked again, every state is in the table already: one step a byte.
            var again = 0
            _ = copy.withUTF8 { automaton.matchingRules($0, work: &again) }
            #expect(again == input.utf8.count, "\(pattern)")
            let expected = ["(.*a){20}", "(a|b)*a(a|b){15}", "(a|a)*$", "(\\w+\\s?)*$", "([a-zA-Z]+)*$"]
                .contains(pattern)
            #expect(matched.isEmpty != expected, "\(pattern)")
        }
    }
}
