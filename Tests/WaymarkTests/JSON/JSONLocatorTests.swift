import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// Where a value of a document is written: what puts a route file's problem on its line in Xcode.
@Suite struct JSONLocatorTests {
    static func position(_ path: String, character: Int = 0, in text: String) -> (Int, Int) {
        let found = JSONLocator.positions(
            of: [JSONLocator.Query(path: path, characterInString: character)], in: Data(text.utf8))[0]
        return (found.line, found.column)
    }

    static let routes = """
        {
          "schemes": ["shop"],
          "routes": [
            { "name": "home", "template": "/" },
            {"name":"café","template":"product/:"}
          ],
          "default": "home"
        }
        """

    @Test func aValueIsFoundByItsPath() {
        #expect(Self.position("routes[0].template", in: Self.routes) == (4, 35))
        #expect(Self.position("routes[1].template", in: Self.routes) == (5, 31))
        #expect(Self.position("schemes[0]", in: Self.routes) == (2, 15))
        #expect(Self.position("default", in: Self.routes) == (7, 14))
        #expect(Self.position("", in: Self.routes) == (1, 1))
    }

    /// Columns count Unicode scalars, as the parser's syntax errors do: `é` before the template
    /// (two bytes) moves it one column.
    @Test func columnsCountCharactersNotBytes() {
        let text = "{\"é\": 1, \"x\": \"y\"}"
        #expect(Self.position("x", in: text) == (1, 15))
    }

    /// A path the document does not have falls back to the longest prefix it has: a missing field
    /// is shown on its route.
    @Test func aMissingValueFallsBackToWhatHoldsIt() {
        #expect(Self.position("routes[1].scopes", in: Self.routes) == (5, 5))
        #expect(Self.position("routes[7].name", in: Self.routes) == (3, 13))
        #expect(Self.position("nothing.here", in: Self.routes) == (1, 1))
    }

    /// A character of a string, counting an escape as the one character it stands for.
    @Test func aCharacterInAStringSkipsEscapesAsOneCharacter() {
        let text = #"{"t": "a\u0062\n\uD83D\uDE00:x"}"#
        // a, b (\u0062), newline (\n), 😀 (a surrogate pair), then ':' as the 5th character, at
        // column 8 + 1 + 6 + 2 + 12.
        #expect(Self.position("t", character: 4, in: text) == (1, 29))
        #expect(Self.position("t", character: 1, in: text) == (1, 9))
    }

    /// Generated documents (nested objects and arrays, strings with escapes, numbers, literals,
    /// several lines): every value's position, written down while the text was made, is found.
    @Test(arguments: 0..<20)
    func everyValueOfAGeneratedDocumentIsFound(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed) &+ 0x51)
        var text = ""
        var expected: [String: (Int, Int)] = [:]
        var line = 1
        var column = 1
        func write(_ piece: String) {
            for scalar in piece.unicodeScalars {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            text += piece
        }
        // An explicit stack of containers still to write, so that the depth is the generator's.
        enum Step { case value(path: String, depth: Int), text(String) }
        var steps: [Step] = [.value(path: "", depth: 0)]
        while let step = steps.popLast() {
            switch step {
            case .text(let piece): write(piece)
            case .value(let path, let depth):
                expected[path] = (line, column)
                let kind = depth >= 4 ? generator.below(3) : generator.below(5)
                switch kind {
                case 0: write(generator.pick(["1", "-2.5e3", "true", "null"]))
                case 1: write(generator.pick([#""plain""#, #""é\"\\\u00e9""#, #""""#]))
                case 2: write("\"x\"")
                case 3:
                    let count = generator.below(4)
                    var pieces: [Step] = [.text("[")]
                    for index in 0..<count {
                        if index > 0 { pieces.append(.text(generator.chance(0.5) ? ", " : ",\n  ")) }
                        pieces.append(.value(path: path + "[\(index)]", depth: depth + 1))
                    }
                    pieces.append(.text("]"))
                    steps += pieces.reversed()
                default:
                    let count = generator.below(4)
                    var pieces: [Step] = [.text("{")]
                    for index in 0..<count {
                        let key = generator.pick(["name", "template", "k\(index)", "é"])
                        pieces.append(.text((index > 0 ? ",\n " : "") + "\"\(key)\(index)\": "))
                        pieces.append(
                            .value(path: (path.isEmpty ? "" : path + ".") + "\(key)\(index)", depth: depth + 1))
                    }
                    pieces.append(.text("}"))
                    steps += pieces.reversed()
                }
            }
        }
        #expect((try? JSONParser.parse(Data(text.utf8))) != nil, "not JSON: \(text)")
        let paths = expected.keys.sorted()
        let found = JSONLocator.positions(of: paths.map { JSONLocator.Query(path: $0) }, in: Data(text.utf8))
        for (path, position) in zip(paths, found) {
            let want = expected[path] ?? (0, 0)
            #expect(position.line == want.0 && position.column == want.1, "\(path) in \(text)")
        }
    }

    /// Hostile shapes cost work linear in the document: a long key above many values (each value
    /// would otherwise build the key into its path), a key full of dots (which a path written as
    /// text would split into as many prefixes), deep nesting, many routes.
    @Test(arguments: ["longKey", "dottedKey", "deep", "wide"])
    func workIsLinearWhateverTheShape(shape: String) {
        LinearGrowth.expectLinear("locating in \(shape)", base: 2_000) { size in
            let text: String
            let queries: [JSONLocator.Query]
            switch shape {
            case "longKey":
                let key = String(repeating: "k", count: size)
                text = "{\"\(key)\": [" + Array(repeating: "1", count: size).joined(separator: ",") + "]}"
                queries = [JSONLocator.Query(components: [.key(key), .index(size - 1)])]
            case "dottedKey":
                let key = String(repeating: "a.", count: size)
                text = "{\"query\": {\"\(key)\": 1}}"
                queries = [JSONLocator.Query(components: [.key("query"), .key(key)])]
            case "deep":
                text = String(repeating: "[", count: size) + String(repeating: "]", count: size)
                queries = [JSONLocator.Query(components: Array(repeating: .index(0), count: size - 1))]
            default:
                text =
                    "{\"routes\": ["
                    + Array(repeating: #"{"name": "a", "template": "b"}"#, count: size)
                    .joined(separator: ",") + "]}"
                queries = (0..<size).map {
                    JSONLocator.Query(components: [.key("routes"), .index($0), .key("template")], characterInString: 1)
                }
            }
            var work = 0
            let found = JSONLocator.positions(of: queries, in: Data(text.utf8), work: &work)
            #expect(found.count == queries.count)
            #expect(found.allSatisfy { $0.line == 1 && $0.column > 1 }, "\(shape): fell back to the document")
            return work
        }
    }

    /// A key holding `.` or `[` is one component: `query.a.b` is the value of the key `a.b`, not
    /// of a key `a` holding `b`.
    @Test func aKeyWithDotsIsOneComponent() {
        let text = #"{"query": {"a": {"b": 1}, "a.b": 2}}"#
        let found = JSONLocator.positions(
            of: [JSONLocator.Query(components: [.key("query"), .key("a.b")])], in: Data(text.utf8))
        #expect(found.first.map { [$0.line, $0.column] } == [1, 34])
    }

    /// A byte order mark is no column: editors do not show it.
    @Test func aByteOrderMarkIsNotAColumn() {
        #expect(Self.position("a", in: "\u{FEFF}{\"a\": 1}") == (1, 7))
    }

    /// Text that is not JSON stops the pass where it stops being JSON; nothing traps.
    @Test(arguments: ["", "{", "[1,", "{\"a\" 1}", "\"unclosed", "}", "{\"a\": [1, 2}", "\u{FEFF}{\"a\": 1}"])
    func brokenTextNeverTraps(text: String) {
        let found = JSONLocator.positions(of: [JSONLocator.Query(path: "a", characterInString: 3)], in: Data(text.utf8))
        #expect(found.count == 1)
    }
}
