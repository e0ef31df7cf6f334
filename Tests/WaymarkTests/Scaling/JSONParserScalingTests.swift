import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// The JSON reader's work (bytes read and members moved between buffers) grows linearly with the
/// document, whatever its shape: issue 17, finding 8, where an array of n members cost n²/2 copies.
@Suite struct JSONParserScalingTests {
    static func work(_ text: String) throws -> Int {
        var work = 0
        _ = try JSONParser.parse(Data(text.utf8), options: JSONParser.Options(), work: &work)
        return work
    }

    /// `n` written with six digits, so that every member is as long at every size.
    static func fixed(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    @Test func aWideArrayReadsInLinearWork() throws {
        try LinearGrowth.expectLinear("array of n numbers", base: 4_096) { size in
            try Self.work("[" + (0..<size).map { "\"\(Self.fixed($0))\"" }.joined(separator: ",") + "]")
        }
    }

    @Test func aWideObjectReadsInLinearWork() throws {
        try LinearGrowth.expectLinear("object of n members", base: 4_096) { size in
            try Self.work("{" + (0..<size).map { "\"k\(Self.fixed($0))\": [1]" }.joined(separator: ",") + "}")
        }
    }

    /// Wide at the bottom of a deep chain: each member is moved once, whatever its depth.
    @Test func deepThenWideReadsInLinearWork() throws {
        try LinearGrowth.expectLinear("n numbers under 500 levels", base: 4_096) { size in
            let leaves = (0..<size).map { _ in "1" }.joined(separator: ",")
            return try Self.work(
                String(repeating: "{\"a\":[", count: 250) + leaves + String(repeating: "]}", count: 250))
        }
    }

    /// Depth alone, up to the limit.
    @Test func nestingReadsInLinearWork() throws {
        try LinearGrowth.expectLinear("n levels", base: 60) { depth in
            try Self.work(
                String(repeating: "[{\"k\":", count: depth / 2) + "1" + String(repeating: "}]", count: depth / 2))
        }
    }

    // MARK: Strings with escapes (issue 31, finding 2)

    /// An escape, written as in a document, with the text it stands for.
    struct Escape: Sendable, CustomTestStringConvertible {
        let name: String
        let written: String
        let decoded: String
        var testDescription: String { name }
    }

    /// Every kind of escape, alone and mixed with plain text (ASCII and raw UTF-8): each escape
    /// used to copy the whole string decoded so far.
    static let escapes: [Escape] = [
        Escape(name: "\\n", written: #"\n"#, decoded: "\n"),
        Escape(name: "\\\"", written: #"\""#, decoded: "\""),
        Escape(name: "\\\\", written: #"\\"#, decoded: "\\"),
        Escape(name: "\\u00e9 (BMP, 2 bytes)", written: #"\u00e9"#, decoded: "é"),
        Escape(name: "\\u4e2d (BMP, 3 bytes)", written: #"\u4e2d"#, decoded: "中"),
        Escape(name: "surrogate pair", written: #"\ud83d\ude00"#, decoded: "😀"),
        Escape(
            name: "mixed with plain text", written: #"ab\ncd\"é\u00e9/\/x\ud83d\ude00\\\t日"#,
            decoded: "ab\ncd\"éé//x😀\\\t日"),
    ]

    /// Where the escapes are: one long string or many short ones, as values or as keys.
    enum Shape: String, CaseIterable, Sendable {
        case oneValue = "one long value"
        case oneKey = "one long key"
        case manyValues = "many short values"
        case manyKeys = "many short keys"

        /// A document with `count` copies of `escape`, and the value it reads as.
        func document(_ escape: Escape, count: Int) -> (text: String, value: JSONValue) {
            switch self {
            case .oneValue:
                let text = #"{"k": ""# + String(repeating: escape.written, count: count) + #""}"#
                return (text, .object(["k": .string(String(repeating: escape.decoded, count: count))]))
            case .oneKey:
                let text = #"{""# + String(repeating: escape.written, count: count) + #"": 1}"#
                return (text, .object([String(repeating: escape.decoded, count: count): 1]))
            case .manyValues:
                let text = "[" + Array(repeating: "\"\(escape.written)\"", count: count).joined(separator: ",") + "]"
                return (text, .array(Array(repeating: .string(escape.decoded), count: count)))
            case .manyKeys:
                // A number after the escape keeps the keys distinct, and as long at every size.
                let keys = (0..<count).map {
                    (written: escape.written + fixed($0), decoded: escape.decoded + fixed($0))
                }
                let text = "{" + keys.map { "\"\($0.written)\": 0" }.joined(separator: ",") + "}"
                return (text, .object(Dictionary(uniqueKeysWithValues: keys.map { ($0.decoded, 0) })))
            }
        }
    }

    /// Every escape kind in every shape, at 1×, 10× and 100× of 1,000 escapes: the work (bytes read,
    /// bytes and members moved between buffers) grows linearly, and the value read is the one
    /// written, at every size.
    @Test(arguments: escapes, Shape.allCases)
    func stringsWithEscapesReadInLinearWork(escape: Escape, shape: Shape) throws {
        try LinearGrowth.expectLinear("\(shape.rawValue) of \(escape.name)", base: 1_000, factors: [1, 10, 100]) {
            count in
            let (text, expected) = shape.document(escape, count: count)
            var work = 0
            let value = try JSONParser.parse(Data(text.utf8), options: JSONParser.Options(), work: &work)
            #expect(value == expected, "\(shape.rawValue) of \(escape.name), n=\(count)")
            return work
        }
    }

    /// An error after a long escaped string still names its place: the line and the column, counted
    /// in scalars of the document as written (an escape is as many columns as it has characters).
    @Test(arguments: escapes)
    func anErrorAfterALongEscapedStringNamesItsPlace(escape: Escape) throws {
        let count = 10_000
        let text = #"{"k": ""# + String(repeating: escape.written, count: count) + #"\q"}"#
        do {
            _ = try JSONParser.parse(Data(text.utf8))
            Issue.record("\\q after \(count) of \(escape.name) was read without an error")
        } catch {
            let column = 8 + escape.written.unicodeScalars.count * count
            #expect(error.description == "unknown escape '\\q' at line 1, column \(column)")
        }
    }
}
