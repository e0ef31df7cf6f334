import Foundation
import Testing

@testable import Waymark

/// One-member objects alike share one dictionary (JSONParser's small-object table); sharing never
/// changes a value: each object reads as the document spells it, `-0` included, whatever came
/// before it in the same slot.
@Suite struct SmallObjectSharingTests {
    @Test func eachSmallObjectReadsAsWritten() throws {
        var items: [String] = []
        var expected: [JSONValue] = []
        // Keys and values that collide in a 1,024-slot table many times over.
        for index in 0..<5_000 {
            let key = "k\(index % 37)"
            switch index % 5 {
            case 0:
                items.append(#"{"\#(key)": 0}"#)
                expected.append(.object([key: .number(0)]))
            case 1:
                items.append(#"{"\#(key)": -0}"#)
                expected.append(.object([key: .number(-0.0)]))
            case 2:
                items.append(#"{"\#(key)": "v\#(index % 11)"}"#)
                expected.append(.object([key: .string("v\(index % 11)")]))
            case 3:
                items.append(#"{"\#(key)": [\#(index)]}"#)
                expected.append(.object([key: .array([.number(Double(index))])]))
            default:
                items.append(#"{"\#(key)": null, "x": true}"#)
                expected.append(.object([key: .null, "x": .bool(true)]))
            }
        }
        let parsed = try JSONParser.parse(Data(("[" + items.joined(separator: ",") + "]").utf8))
        guard case .array(let values) = parsed else {
            Issue.record("not an array: \(parsed)")
            return
        }
        #expect(values == expected)
        for (index, value) in values.enumerated() where index % 5 <= 1 {
            guard case .object(let members) = value, case .number(let number) = members.values.first else {
                Issue.record("item \(index): \(value)")
                continue
            }
            #expect(number.sign == (index % 5 == 1 ? .minus : .plus), "item \(index)")
        }
    }
}
