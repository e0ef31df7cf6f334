import Foundation
import Testing
import Waymark
import WaymarkTestSupport

@testable import WaymarkPathConfiguration

/// The launch path (`PatternEngine`): plain-text patterns compared byte by byte, the others run
/// without a table, for a document's first lookups; then one automaton. Every path must give the
/// answer of the automaton, on generated patterns and inputs, final line terminators, empty inputs
/// and (Android) letters in either case included.
@Suite struct PatternEngineLaunchTests {
    static let pieces = ["/", "a", "B", "n", "-", "\\.", "\\?", "\\/", "é", " ", "%2F", "_", "1"]

    /// A literal read from its text is the parser's: the parser accepts it, sizes it as
    /// ``LiteralPattern/steps`` says, and it matches exactly where the automaton does.
    @Test func literalsMatchWhereTheAutomatonDoes() throws {
        var random = SplitMix64(seed: 0x1175)
        let inputs = Self.inputs(&random, count: 60)
        var literals = 0
        for _ in 0..<1_500 {
            var text = random.next() % 3 == 0 ? "^" : ""
            for _ in 0..<Int(random.next() % 4) { text += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            if random.next() % 3 == 0 { text += "$" }
            if random.next() % 11 == 0 {
                text = [".*", "^.*", ".*$", "a+", "[ab]", "a|b", "\\d"][Int(random.next() % 7)]
            }
            for caseInsensitive in [false, true] {
                let node = try PatternParser.parse(text, caseInsensitive: caseInsensitive)
                var program = PatternProgram()
                try program.add(node, rule: 0)
                let automaton = PatternAutomaton(program: program, ruleCount: 1)
                guard let literal = LiteralPattern(pattern: text, rule: 0) else { continue }
                literals += 1
                if !caseInsensitive && !literal.matchesEverything {
                    #expect(literal.steps == PatternProgram.stepCount(of: node), "\(text)")
                }
                for input in inputs where !caseInsensitive || input.utf8.allSatisfy({ $0 < 0x80 }) {
                    var bytes = input
                    let expected = bytes.withUTF8 { !automaton.matchingRules($0).isEmpty }
                    let found = bytes.withUTF8 { literal.matches($0, foldsASCII: caseInsensitive) }
                    #expect(found == expected, "\(String(reflecting: text)) on \(String(reflecting: input))")
                }
            }
        }
        #expect(literals > 1_000)
    }

    /// The table-free run answers as the table does, on patterns of every kind.
    @Test func theTableFreeRunAnswersAsTheTable() throws {
        var random = SplitMix64(seed: 0x7AB1E)
        let atoms = ["a", "/", "[a-c]+", ".", "\\d", "(a|b)", "x?", "$", "^", "\\z", "\\Z", ".*", "é"]
        let inputs = Self.inputs(&random, count: 40)
        for _ in 0..<300 {
            var program = PatternProgram()
            for rule in 0..<Int32(1 + random.next() % 3) {
                var text = ""
                for _ in 0..<(1 + Int(random.next() % 4)) { text += atoms[Int(random.next() % UInt64(atoms.count))] }
                guard let node = try? PatternParser.parse(text) else { continue }
                try program.add(node, rule: rule)
            }
            let table = PatternAutomaton(program: program, ruleCount: 3)
            for input in inputs {
                var bytes = input
                let expected = bytes.withUTF8 { table.lookup($0).words }
                var work = 0
                let found = bytes.withUTF8 { PatternAutomaton.runWithoutTable(program, $0, stride: 1, work: &work) }
                #expect(found == expected, "\(String(reflecting: input))")
            }
        }
    }

    /// A document answers the same on its first lookups as on later ones, for every target: the
    /// same URLs looked up first in a fresh copy and after the switch to the one automaton.
    @Test(arguments: PathConfiguration.Target.allCases)
    func firstAndLaterLookupsAgree(target: PathConfiguration.Target) throws {
        var random = SplitMix64(seed: 0xF1257)
        let patterns = [
            "/new$", "^/posts/new$", "/edit", ".*", "^$", "/numbers/[0-9]+$", "/USERS/sign_in", "\\?page=",
            "^/a/b", "/caf\u{E9}", "/recede_historical_location", "/x$", "[",
        ]
        for _ in 0..<40 {
            let rules = (0..<(2 + Int(random.next() % 5))).map { number in
                let chosen = (0..<(1 + Int(random.next() % 2))).map { _ in
                    patterns[Int(random.next() % UInt64(patterns.count))]
                }
                return PathConfiguration.Rule(patterns: chosen, properties: ["r\(number)": .bool(true)])
            }
            let options = PathConfiguration.Options(target: target)
            let later = PathConfiguration(rules: rules, options: options)
            for _ in 0...PatternEngine.literalLookups { _ = later.match(path: "/warm-up") }
            for input in Self.inputs(&random, count: 30) + ["/POSTS/NEW", "/Caf\u{C9}", "/new\n", "/x\r\n", ""] {
                let first = PathConfiguration(rules: rules, options: options).match(path: input)
                let warm = later.match(path: input)
                #expect(first.matchedRules == warm.matchedRules, "\(target) \(String(reflecting: input))")
                #expect(first.matchedBuiltInRules == warm.matchedBuiltInRules, "\(target) \(String(reflecting: input))")
            }
        }
    }

    /// One document, looked up in sequence as an app does: inputs that send a lookup to the whole
    /// automaton early (a non-ASCII path on Android, a long input) do not change what the next
    /// first lookups answer, and a literal with a non-ASCII letter is Java's on Android (the Kelvin
    /// sign matches `k`).
    @Test(arguments: PathConfiguration.Target.allCases)
    func lookupsInSequenceAgreeWithAFreshDocument(target: PathConfiguration.Target) {
        let rules = [
            PathConfiguration.Rule(patterns: ["/posts/[0-9]+$"], properties: ["post": true]),
            PathConfiguration.Rule(patterns: ["/new$"], properties: ["new": true]),
            PathConfiguration.Rule(patterns: ["/\u{212A}ey$"], properties: ["key": true]),
        ]
        let options = PathConfiguration.Options(target: target)
        let document = PathConfiguration(rules: rules, options: options)
        let long = "/" + String(repeating: "a", count: 300_000) + "/new"
        for input in ["/\u{FC}ber", "/posts/42", long, "/posts/new", "/key", "/KEY", "/\u{212A}ey", "/posts/7"] {
            let fresh = PathConfiguration(rules: rules, options: options).match(path: input)
            let inSequence = document.match(path: input)
            #expect(inSequence.matchedRules == fresh.matchedRules, "\(target) \(input.prefix(20))")
        }
        let android = PathConfiguration(rules: rules, options: .init(target: .hotwireNativeAndroid))
        #expect(android.match(path: "/key").matchedRules == [2])
        let iOS = PathConfiguration(rules: rules)
        #expect(iOS.match(path: "/key").matchedRules.isEmpty)
    }

    static func inputs(_ random: inout SplitMix64, count: Int) -> [String] {
        let parts = [
            "/", "a", "b", "B", "n", "new", "posts", ".", "?", "é", "É", "1", "-", "\n", "\r\n", "\u{2028}", "%2F",
        ]
        var found = ["", "/", "\n", "a\n"]
        for _ in 0..<count {
            var text = ""
            for _ in 0..<Int(random.next() % 7) { text += parts[Int(random.next() % UInt64(parts.count))] }
            found.append(text)
        }
        return found
    }
}
