import Foundation
import Testing
import Waymark

/// `JSONValue` read through `Codable` (a `JSONDecoder`): the error for a value that cannot be read
/// names that value and where it is, not a type mismatch about the container it is in (issue 17,
/// finding 16c: `1e400` and invalid UTF-8 were reported as "expected a dictionary but found an array").
@Suite struct JSONValueCodingTests {
    struct Unreadable: Sendable, CustomTestStringConvertible {
        var name: String
        var data: Data
        /// What the error's description names (in any case).
        var cause: String
        /// Where the value is, as the decoder's coding path.
        var path: [String]
        var testDescription: String { name }
    }

    @Test(arguments: [
        Unreadable(
            name: "a number out of range", data: Data(#"{"rules": [{"properties": {"n": 1e400}}]}"#.utf8),
            cause: "1e400", path: ["rules", "Index 0", "properties", "n"]),
        Unreadable(
            name: "invalid UTF-8 in a string",
            data: Data(#"{"rules": [{"title": ""#.utf8) + Data([0xFF]) + Data(#""}]}"#.utf8), cause: "utf",
            path: ["rules", "Index 0", "title"]),
    ])
    func aValueThatCannotBeReadIsTheErrorNotATypeMismatch(_ unreadable: Unreadable) throws {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(JSONValue.self, from: unreadable.data)
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("\(unreadable.name): \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.lowercased().contains(unreadable.cause), "\(context.debugDescription)")
        // A decoder that reads the whole document before decoding (Foundation before its Swift
        // rewrite) reports such a value at the top, with no path; one that reads lazily, where it is.
        if !context.codingPath.isEmpty {
            #expect(context.codingPath.map(\.stringValue) == unreadable.path)
        }
    }

    @Test func everyKindOfValueStillDecodes() throws {
        let data = Data(#"{"a": [null, true, 1.5, "x", {"b": []}], "c": -2}"#.utf8)
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(value == ["a": [nil, true, 1.5, "x", ["b": []]], "c": -2])
    }
}
