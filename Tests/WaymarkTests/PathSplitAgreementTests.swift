import Testing
import WaymarkTestSupport

@testable import Waymark

/// The path is split by one rule (``PathSegments/forEach(in:_:_:)``: a segment is a non-empty run
/// of bytes without `/`), written twice: once for the lookup, eight bytes a step
/// (``URLAnatomy/splitPath(_:from:into:)``), and once for everything that reads a path after it.
/// These tests check that the two agree on generated paths of every shape.
@Suite struct PathSplitAgreementTests {
    static let pieces = [
        "/", "//", "///", "a", "bc", "product", "%41", "%2F", "é", "🙂", "x%2Fy", "-", ".", "..", "12345678",
        "abcdefghijklmnopq", "+", "%25",
    ]

    /// The segments the lookup's split finds, and where the path ends.
    static func fastSplit(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (ranges: [Range<Int>], end: Int) {
        let buffer = UnsafeMutableBufferPointer<SegmentRef>.allocate(capacity: bytes.count + 1)
        defer { buffer.deallocate() }
        let split = try URLAnatomy.splitPath(bytes, from: 0, into: buffer)
        #expect(!split.overflow)
        let ranges = (0..<split.segmentCount).map { Int(buffer[$0].start)..<Int(buffer[$0].end) }
        return (ranges, split.end)
    }

    static func slowSplit(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        PathSegments.forEach(in: bytes, range) { index, segment in
            #expect(index == ranges.count)
            ranges.append(segment)
            return true
        }
        return ranges
    }

    @Test func theLookupsSplitAndTheOtherReadersSplitAgree() throws {
        var generator = SeededGenerator(seed: 2_111)
        for round in 0..<3_000 {
            var path = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator) ?? "a"
            }.joined()
            // Some paths go on with a query or a fragment, which end the path for both.
            if round % 5 == 0 { path += Bool.random(using: &generator) ? "?q=/a/b" : "#/f/g" }
            let bytes = Array(path.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let fast = try Self.fastSplit(buffer)
                #expect(Self.slowSplit(buffer, 0..<fast.end) == fast.ranges, "\(path)")
            }
        }
    }

    @Test func everyPublicReadingOfAPathUsesTheSameSegments() throws {
        let url = try RouteURL(parsing: "shop://product//a%2Fb///c/?x=1")
        #expect(url.host == "product")
        #expect(url.pathSegments == ["product", "a/b", "c"])
        #expect(url.path == "/product/a%2Fb/c/")
        #expect(try RouteURL(parsing: "shop:///x").host == nil)
    }
}
