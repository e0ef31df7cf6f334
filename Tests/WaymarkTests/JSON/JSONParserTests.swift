import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// The JSON reader behind route files and path configurations: RFC 8259 (plus trailing commas),
/// the same on every platform, with positions in every error, duplicate keys refused, and a
/// nesting limit instead of a stack the document can exhaust.
@Suite struct JSONParserTests {
    static func parse(_ text: String, options: JSONParser.Options = .init()) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Data(text.utf8), options: options)
    }

    static func failure(_ text: String, options: JSONParser.Options = .init()) -> String? {
        do {
            _ = try parse(text, options: options)
            return nil
        } catch {
            return error.description
        }
    }

    /// Documents shaped like the real ones (a path configuration with settings, rules, nested
    /// properties, escapes and every JSON kind; a route file), written here, read to the same value as
    /// Foundation's reader. The real documents are compared in the corpus group
    /// (the `realWorldCorpus` test, WaymarkPathConfigurationTests).
    @Test(arguments: [
        #"""
        {
          "settings": {"screenshots_enabled": true, "tabs": [{"title": "Home", "path": "/", "image": null}]},
          "rules": [
            {"patterns": [".*"], "properties": {"context": "default", "pull_to_refresh_enabled": true}},
            {"patterns": ["/new$", "/edit$", "^/users/\\d+/posts/?$"],
             "properties": {"context": "modal", "title": "Caf\u00e9 \"new\" \ud83d\ude00", "order": -1.5e3}},
            {"patterns": ["/recede_historical_location"], "properties": {"presentation": "pop", "visit_options": {"action": "replace"}}}
          ]
        }
        """#,
        #"""
        {"schemes": ["shop"], "domains": ["shop.example.com"], "default": "home",
         "routes": [{"name": "home", "template": "/"},
                    {"name": "product", "template": "product/:id<int>", "properties": {"presentation": "modal"}},
                    {"name": "tab", "template": "tabs/\t/\/x", "scopes": ["app:*", "universal:shop.example.com"]}]}
        """#,
        "[]", "{}", #"[0, -0, 1E2, 0.5, 123456789012345, 1.7976931348623157e308, "", "\\", [[[{}]]]]"#,
    ])
    func handWrittenDocumentsReadAsFoundationReadsThem(text: String) throws {
        let data = Data(text.utf8)
        let reference = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(try JSONParser.parse(data) == reference)
    }

    /// Seeded random values, written by Foundation's encoder (with every kind of character in
    /// strings and keys), read back unchanged.
    @Test func generatedValuesRoundTrip() throws {
        var generator = SeededGenerator(seed: 0x7A50_0001)
        let pieces = [
            "a", "é", "日", "😀", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "\u{2028}", " ", "{", "]", ",",
        ]
        func string() -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined()
        }
        // Built without recursion: a few levels, each a list of leaves or smaller values.
        for _ in 0..<300 {
            var level: [JSONValue] = (0..<5).map { _ in
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: .null
                case 1: .bool(Bool.random(using: &generator))
                case 2: .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 8)
                case 3: .number(Double.random(in: -1e300...1e300, using: &generator))
                default: .string(string())
                }
            }
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                level = (0..<3).map { _ in
                    Bool.random(using: &generator)
                        ? .array(level.shuffled(using: &generator))
                        : .object(Dictionary(level.map { (string(), $0) }, uniquingKeysWith: { first, _ in first }))
                }
            }
            let value = JSONValue.array(level)
            let data = try JSONEncoder().encode(value)
            #expect(try JSONParser.parse(data) == value)
        }
    }

    /// Integers up to 15 digits are added up directly; longer ones, fractions and exponents go
    /// through `Double(_:)`. Both give what `Double(_:)` gives.
    @Test(arguments: [
        "0", "-0", "7", "-42", "999999999999999", "-999999999999999", "1000000000000000", "12345678901234567890",
        "0.5", "-1.25e-3", "1E+2", "123456789012345.5",
    ])
    func numbersReadAsDoubleReadsThem(text: String) throws {
        let expected = try #require(Double(text))
        let value = try Self.parse(text)
        #expect(value == .number(expected))
        #expect(value.numberValue?.sign == expected.sign)
    }

    @Test func escapesAndScalars() throws {
        #expect(try Self.parse(#""\u00e9\ud83d\ude00\n\t\/\\\"\b\f\r""#) == .string("é😀\n\t/\\\"\u{8}\u{C}\r"))
        #expect(try Self.parse("\u{FEFF}{\"a\": -0.5e2}") == .object(["a": .number(-50)]))
        #expect(try Self.parse(" [ true , false , null , 0 , 1E+2 ] ") == [true, false, nil, 0, 100])
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let json: String
        let error: String
        var testDescription: String { json.debugDescription }
    }

    /// Each way of not being JSON, with the message and the position it names.
    @Test(arguments: [
        Bad(json: "", error: "expected a value, found the end of the document at line 1, column 1"),
        Bad(json: "{ routes: [] }", error: "expected a key in double quotes, found 'r' at line 1, column 3"),
        Bad(
            json: "{\n  \"routes\": [\n    {name: 1}\n  ]\n}",
            error: "expected a key in double quotes, found 'n' at line 3, column 6"),
        Bad(json: "[1, 2", error: "expected ',' or ']', found the end of the document at line 1, column 6"),
        Bad(json: "{\"a\" 1}", error: "expected ':' after the key \"a\", found '1' at line 1, column 6"),
        Bad(json: "{} x", error: "unexpected 'x' after the document's value at line 1, column 4"),
        Bad(json: "[01]", error: "expected ',' or ']', found '1' at line 1, column 3"),
        Bad(json: "[1.]", error: "expected a digit after '.', found ']' at line 1, column 4"),
        Bad(json: "[.5]", error: "expected a value, found '.' at line 1, column 2"),
        Bad(json: "[+1]", error: "expected a value, found '+' at line 1, column 2"),
        Bad(json: "[1e]", error: "expected a digit in the exponent, found ']' at line 1, column 4"),
        Bad(
            json: "[1e999]",
            error:
                "the number 1e999 is out of range (beyond ±1.8e308, the limit of a 64-bit floating-point number) "
                + "at line 1, column 2"),
        Bad(
            json: "[-1e400]",
            error:
                "the number -1e400 is out of range (beyond ±1.8e308, the limit of a 64-bit floating-point number) "
                + "at line 1, column 2"),
        Bad(json: "[NaN]", error: "expected a value, found 'N' at line 1, column 2"),
        Bad(json: "[tru]", error: "expected a value, found 't' at line 1, column 2"),
        Bad(json: "[\"é\", é]", error: "expected a value, found 'é' at line 1, column 7"),
        Bad(json: "\"abc", error: "the string that starts here is not closed at line 1, column 1"),
        Bad(json: "\"a\u{1}b\"", error: "a control character (U+0001) must be escaped in a string at line 1, column 3"),
        Bad(json: #""\x""#, error: "unknown escape '\\x' at line 1, column 2"),
        Bad(json: #""\u12""#, error: "a \\u escape needs four hexadecimal digits at line 1, column 2"),
        Bad(
            json: #""\ud800x""#,
            error: "the escape \\uD800 is half of a surrogate pair, with no second half at line 1, column 2"),
        Bad(
            json: #""\udc00""#,
            error: "the escape \\uDC00 is the second half of a surrogate pair, with no first half at line 1, column 2"),
        Bad(json: "[,]", error: "expected a value, found ',' at line 1, column 2"),
        Bad(json: "[1,,]", error: "expected a value, found ',' at line 1, column 4"),
        Bad(json: "{,}", error: "expected a key in double quotes, found ',' at line 1, column 2"),
    ])
    func notJSON(_ bad: Bad) {
        #expect(Self.failure(bad.json) == bad.error)
    }

    @Test func invalidUTF8IsRefusedWhereItStands() {
        let data = Data("{\"a\": \"".utf8) + Data([0xC3, 0x28]) + Data("\"}".utf8)
        #expect(
            throws: JSONSyntaxError(
                message: "the document is not UTF-8 (byte 0xC3 at byte offset 7)", line: 1, column: 8)
        ) {
            try JSONParser.parse(data)
        }
    }

    @Test func trailingCommasAreAnOption() throws {
        #expect(try Self.parse("[1, {\"a\": 2,},\n]") == [1, ["a": 2]])
        var strict = JSONParser.Options()
        strict.allowsTrailingCommas = false
        #expect(
            Self.failure("[1, 2,]", options: strict) == "a ',' must be followed by another value at line 1, column 6")
        #expect(
            Self.failure("{\"a\": 1 , }", options: strict)
                == "a ',' must be followed by another value at line 1, column 9")
    }

    /// A key written twice is refused wherever it stands, however it is spelled (escapes, Unicode
    /// normalization: keys compare as Swift strings, as the dictionary that holds them does).
    @Test(arguments: [
        (
            #"{"name":"dbg","internal":false,"internal":true}"#,
            #"duplicate key "internal" (first at line 1, column 15); each key may appear once at line 1, column 32"#
        ),
        (
            #"{"routes":[1],"routes":[2]}"#,
            #"duplicate key "routes" (first at line 1, column 2); each key may appear once at line 1, column 15"#
        ),
        (
            #"{"a":{"b":1,"c":2,"b":3}}"#,
            #"duplicate key "b" (first at line 1, column 7); each key may appear once at line 1, column 19"#
        ),
        (
            #"[{"a":1},{"a":1,"\u0061":2}]"#,
            #"duplicate key "a" (first at line 1, column 11); each key may appear once at line 1, column 17"#
        ),
        (
            "{\"caf\u{E9}\":1,\"cafe\u{301}\":2}",
            "duplicate key \"caf\u{E9}\" (first at line 1, column 2); each key may appear once at line 1, column 11"
        ),
    ])
    func duplicateKeys(json: String, error: String) {
        #expect(Self.failure(json) == error)
    }

    /// The same key in different objects is no duplicate.
    @Test func keysRepeatAcrossObjects() throws {
        #expect(try Self.parse(#"[{"a":1},{"a":2},{"b":{"a":3}}]"#) == [["a": 1], ["a": 2], ["b": ["a": 3]]])
    }

    /// Every depth up to the limit reads; one more is refused, naming the limit; and a document of
    /// nothing but openings, far deeper than any thread's stack allows recursion, is refused too.
    @Test func nestingIsLimitedWithoutRecursion() throws {
        var options = JSONParser.Options()
        options.maximumDepth = 64
        for depth in 1...64 {
            for (open, close) in [("[", "]"), ("{\"k\":", "}")] {
                let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                #expect((try? Self.parse(text, options: options)) != nil, "depth \(depth)")
            }
        }
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(
            Self.failure(tooDeep, options: options)
                == "arrays and objects nest deeper than 64 levels at line 1, column 65")
        for count in [513, 10_000, 1_000_000] {
            let message = Self.failure(String(repeating: "[", count: count))
            #expect(message == "arrays and objects nest deeper than 512 levels at line 1, column 513")
            #expect(
                Self.failure(String(repeating: "{\"a\":", count: count))?.hasPrefix("arrays and objects nest deeper")
                    == true)
        }
    }
}
