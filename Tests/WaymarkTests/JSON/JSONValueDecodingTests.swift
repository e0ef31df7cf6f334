import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// `JSONValue`'s `Decodable` conformance: the same values as Waymark's own reader, keys as written
/// whatever the decoder's key strategy, a depth limit, and work that grows linearly with the size
/// and the depth (issue 17, finding 8: a 490-deep, 13 KB document took seconds).
@Suite struct JSONValueDecodingTests {
    static func decode(_ text: String, decoder: JSONDecoder = JSONDecoder()) throws -> JSONValue {
        try decoder.decode(JSONValue.self, from: Data(text.utf8))
    }

    /// The work count of decoding `text` with `JSONDecoder`.
    static func work(_ text: String) throws -> Int {
        try JSONDecoder().decode(WorkCount.self, from: Data(text.utf8)).work
    }

    /// Decodes a `JSONValue` and keeps the work it took.
    struct WorkCount: Decodable {
        var work = 0
        init(from decoder: any Decoder) throws {
            _ = try JSONValue.decode(from: decoder, work: &work)
        }
    }

    @Test(arguments: [
        "null", "true", "false", "0", "-2.5e3", #""text""#, "[]", "{}",
        #"[1, "a", true, null, [], {}, [null], {"k": null}]"#,
        #"{"a": [1, {"b": [true, "x", null]}], "c": {"d": {}}, "e": null, "f": -0.0}"#,
        #"[[[[["deep"]]]], {"x": [{"y": [{"z": 1}]}]}]"#,
        #"[{"n": 1, "s": "a"}, {"n": "one", "s": 2}, {"n": null, "s": [1]}, {"n": {"k": 1}, "s": true}]"#,
    ])
    func readsWhatTheReaderReads(json: String) throws {
        #expect(try Self.decode(json) == JSONParser.parse(Data(json.utf8)))
    }

    /// Seeded random documents of every kind in every position (so that guesses from siblings are
    /// often wrong) read as Waymark's own reader reads them.
    @Test func generatedDocumentsReadAsTheReaderReadsThem() throws {
        var generator = SeededGenerator(seed: 0x1717_0008)
        let leaves = ["null", "true", "false", "1", "-0.25", #""s""#, #""""#, "[]", "{}"]
        for round in 0..<200 {
            // Built without recursion: each level wraps a few of the previous level's texts.
            var texts = (0..<6).map { _ in leaves.randomElement(using: &generator) ?? "null" }
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                texts = (0..<4).map { index in
                    let members = texts.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator))
                    return Bool.random(using: &generator)
                        ? "[" + members.joined(separator: ",") + "]"
                        : "{"
                            + members.enumerated().map { "\"k\($0.offset % 3)\(index)\($0.offset)\": \($0.element)" }
                            .joined(separator: ",") + "}"
                }
            }
            let json = "[" + texts.joined(separator: ",") + "]"
            #expect(try Self.decode(json) == JSONParser.parse(Data(json.utf8)), "round \(round): \(json)")
        }
    }

    /// A key strategy renames the keys of keyed containers, not those of a JSON value, as before.
    @Test func keysStayAsWrittenWhateverTheKeyStrategy() throws {
        let json = #"{"modal_style": {"inner_key": [{"a_b": 1, "c": 2}, {"x_y": {"z_z": null}}]}, "plain": 1}"#
        let expected = try JSONParser.parse(Data(json.utf8))
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try Self.decode(json, decoder: snake) == expected)
        let upper = JSONDecoder()
        upper.keyDecodingStrategy = .custom { path in
            MemberName(stringValue: (path.last?.stringValue ?? "").uppercased())
        }
        #expect(try Self.decode(json, decoder: upper) == expected)
    }

    struct MemberName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Every depth up to the limit reads; the limit is JSONDecoder's own too, so a deeper document
    /// is refused, by one or the other.
    @Test func nestingIsLimited() throws {
        for depth in [1, 2, 100, 511, 512] {
            let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect((try? Self.decode(json)) != nil, "depth \(depth)")
            let objects =
                String(repeating: "{\"k\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
            #expect((try? Self.decode(objects)) != nil, "object depth \(depth)")
        }
        for depth in [513, 5_000] {
            let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect(throws: (any Error).self) { try Self.decode(json) }
        }
    }

    /// A decoder that reads deeper than 512 levels (a property list) meets JSONValue's own limit.
    @Test func theLimitIsJSONValuesOwnForOtherDecoders() throws {
        var value = JSONValue.array([])
        for _ in 0..<600 { value = .array([value]) }
        let data = try PropertyListEncoder().encode(["root": value])
        do {
            _ = try PropertyListDecoder().decode([String: JSONValue].self, from: data)
            Issue.record("a 601-deep value was read")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(
                context.debugDescription == "arrays and objects nest deeper than 512 levels, the most a JSONValue reads"
            )
            #expect(context.codingPath.count == 513)
        }
        var shallow = JSONValue.array([])
        for _ in 0..<511 { shallow = .array([shallow]) }
        let shallowData = try PropertyListEncoder().encode(["root": shallow])
        #expect(try PropertyListDecoder().decode([String: JSONValue].self, from: shallowData)["root"] == shallow)
    }

    /// Depth alone: a chain of n arrays (and of n objects) costs work linear in n. Trying every kind
    /// at every level, as before, made each level's failed tries cost its depth: quadratic.
    @Test func depthCostsLinearWork() throws {
        try LinearGrowth.expectLinear("n nested arrays", base: 60) { depth in
            try Self.work(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
        }
        try LinearGrowth.expectLinear("n nested objects", base: 60) { depth in
            try Self.work(String(repeating: "{\"k\":", count: depth) + "\"v\"" + String(repeating: "}", count: depth))
        }
    }

    /// Width at depth: n records of one shape under 200 levels cost work linear in n.
    @Test func recordsAtDepthCostLinearWork() throws {
        let record = #"{"name": "r", "count": 1, "flag": true, "tags": ["a", "b"], "extra": null, "more": {"x": 1}}"#
        try LinearGrowth.expectLinear("n records under 200 levels", base: 256) { count in
            let records = Array(repeating: record, count: count).joined(separator: ",")
            return try Self.work(String(repeating: "[", count: 200) + records + String(repeating: "]", count: 200))
        }
    }

    /// The description is linear too: a chain of n arrays around one value is written in one pass.
    @Test func descriptionIsWrittenInOnePass() {
        var value: JSONValue = ["a": 1, "b": [true, nil, "x"]]
        #expect(value.description == #"{"a": 1, "b": [true, null, "x"]}"#)
        for _ in 0..<400 { value = .array([value]) }
        let text = value.description
        #expect(text.count == 800 + 32)
        #expect(value.quoted(limit: 12) == "[[[[[[[[[[[[…")
        #expect(JSONValue.number(2.5).quoted() == "2.5")
    }
}
