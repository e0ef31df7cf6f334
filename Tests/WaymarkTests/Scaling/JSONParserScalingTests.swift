import Foundation
import Testing

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
}
