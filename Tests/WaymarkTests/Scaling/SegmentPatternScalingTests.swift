import Testing
import WaymarkTestSupport

@testable import Waymark

/// Splitting a segment by a pattern (`{a}.{b}`) compares bytes in number linear in the segment's
/// length, for every shape of hostile segment: no separator at all, separators that almost occur
/// at every position, many captures, and a long value before anchored trailing text. The count is
/// of bytes compared (``CountedScanWork``), so the check is exact on any machine.
@Suite struct SegmentPatternScalingTests {
    static func pattern(_ text: String) throws -> SegmentPattern? {
        guard case .pattern(let pattern) = try RouteTemplate(parsing: text).variants.first?.segments.first else {
            return nil
        }
        return pattern
    }

    /// The bytes compared to split `segment`, and whether it matched.
    static func work(_ pattern: SegmentPattern, _ segment: String) -> (bytes: Int, matched: Bool) {
        var work = CountedScanWork()
        let matched = Array(segment.utf8).withUnsafeBufferPointer { buffer in
            pattern.scan(buffer, work: &work) { _, _ in true }
        }
        return (work.bytes, matched)
    }

    struct Family: CustomTestStringConvertible, Sendable {
        let label: String
        let pattern: String
        let segment: @Sendable (Int) -> String
        let matches: Bool
        var testDescription: String { label }
    }

    static let families: [Family] = [
        Family(
            label: "no separator in the segment", pattern: "{a}.{b}",
            segment: { String(repeating: "a", count: $0) }, matches: false),
        Family(
            label: "a separator that almost occurs at every position", pattern: "{a}xxxxxxxy{b}",
            segment: { String(repeating: "x", count: $0) }, matches: false),
        Family(
            label: "the separator only at the end", pattern: "{a}xxxxxxxy{b}",
            segment: { String(repeating: "x", count: $0) + "xxxxxxxyz" }, matches: true),
        Family(
            label: "many captures, separators everywhere", pattern: "{a}.{b}.{c}.{d}.{e}.json",
            segment: { String(repeating: "1.", count: $0 / 2) + "json" }, matches: true),
        Family(
            label: "a long value before anchored text", pattern: "v{a}.tar.gz",
            segment: { "v" + String(repeating: ".tar", count: $0 / 4) + ".tar.gz" }, matches: true),
        Family(
            label: "anchored text that fails at the end", pattern: "pre{a}.{b}.post",
            segment: { "pre" + String(repeating: ".", count: $0) + ".pos" }, matches: false),
        Family(
            label: "multi-byte characters", pattern: "é{a}ü{b}",
            segment: { "é" + String(repeating: "ö", count: $0 / 2) }, matches: false),
    ]

    @Test(arguments: families)
    func splittingTakesWorkLinearInTheSegment(_ family: Family) throws {
        let pattern = try #require(try Self.pattern(family.pattern))
        LinearGrowth.expectLinear(family.label, base: 2_048) { length in
            let (bytes, matched) = Self.work(pattern, family.segment(length))
            #expect(matched == family.matches, "\(family.label) at \(length)")
            return bytes
        }
    }
}
