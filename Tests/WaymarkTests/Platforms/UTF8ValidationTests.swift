import Testing
import WaymarkTestSupport

@testable import Waymark

/// On OS versions below macOS 15 / iOS 18, percent-decoding validates UTF-8 by hand
/// (`PercentDecoding.validatedByParsing`) instead of with `String(validating:as:)`. These tests hold
/// the two to the same answer over every family of bytes where UTF-8 decoders are known to differ:
/// every one- and two-byte sequence, the edges of each multi-byte form (overlong, surrogate, past
/// U+10FFFF, truncated, stray continuation bytes), and seeded random mixes.
///
/// The reference, `String(validating:as:)`, exists only from macOS 15 / iOS 18 on: there the tests run
/// (on Linux, always); on older Apple OS versions Swift Testing skips them.
@Suite struct UTF8ValidationTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func agree(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            PercentDecoding.validatedByParsing(buffer) == String(validating: buffer, as: UTF8.self)
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func everyOneAndTwoByteSequenceAgrees() {
        var disagreements: [[UInt8]] = []
        for first in 0...255 {
            let one = [UInt8(first)]
            if !Self.agree(one) { disagreements.append(one) }
            for second in 0...255 where !Self.agree([UInt8(first), UInt8(second)]) {
                disagreements.append([UInt8(first), UInt8(second)])
            }
        }
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
    }

    /// Lead bytes of every multi-byte form with continuation bytes at and around the edges that make a
    /// sequence overlong, a surrogate or too large, complete and truncated, then followed by ASCII.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theEdgesOfEveryMultiByteFormAgree() {
        let leads: [UInt8] = [
            0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        let continuations: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        var checked = 0
        var disagreements: [[UInt8]] = []
        for lead in leads {
            for a in continuations {
                for b in continuations {
                    for c in continuations {
                        for length in 1...4 {
                            let bytes = Array([lead, a, b, c].prefix(length)) + [UInt8(ascii: "x")]
                            checked += 1
                            if !Self.agree(bytes) { disagreements.append(bytes) }
                        }
                    }
                }
            }
        }
        #expect(checked == leads.count * 9 * 9 * 9 * 4)
        #expect(disagreements.isEmpty, "first disagreements: \(disagreements.prefix(5))")
    }

    @Test func validTextInEveryScriptIsKept() throws {
        for text in ["café", "naïve/ü", "日本語", "😀👍🏽", "\u{10FFFF}", "\u{FEFF}bom", "a\u{0}b"] {
            let bytes = Array(text.utf8)
            let decoded = bytes.withUnsafeBufferPointer(PercentDecoding.validatedByParsing)
            #expect(decoded == text)
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func seededRandomBytesAgree() {
        var generator = SeededGenerator(seed: 0x5EED_F00D)
        var valid = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...12, using: &generator)
            // Mostly high bytes, so that multi-byte forms (valid and not) are common.
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x80...0xF4, using: &generator) : UInt8.random(in: 0...0xFF, using: &generator)
            }
            #expect(Self.agree(bytes), "\(bytes)")
            if bytes.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) != nil { valid += 1 }
        }
        // The family covers both answers, not only the invalid one.
        #expect(valid > 100)
    }
}
