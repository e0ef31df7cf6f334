import Foundation

/// Percent-decoding exactly as DESIGN.md fixes it: once, as UTF-8, with invalid escapes kept literally.
package enum PercentDecoding {
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Decodes `%XX` escapes once. An escape that is not two hex digits stays as written.
    /// With `plusAsSpace` (query strings), `+` becomes a space first, so `%2B` still gives `+`.
    static func decodeBytes(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else if plusAsSpace && byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// Decodes a segment or query component to a `String`, or `nil` when the decoded bytes are not
    /// valid UTF-8.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false) -> String? {
        // Nothing to decode: make the string straight from the bytes (no intermediate buffer).
        if !bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return validated(bytes)
        }
        let decoded = decodeBytes(bytes, plusAsSpace: plusAsSpace)
        return decoded.withUnsafeBufferPointer(validated)
    }

    /// The bytes as a `String`, or `nil` when they are not valid UTF-8. ASCII, the common case, takes
    /// a fast path: the standard library's `String(validating:as:)` is generic and runs unspecialized,
    /// at a far higher cost a call (measured: docs/performance.md, "Measurements behind the matcher's
    /// design").
    @inline(__always)
    static func validated(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if !bytes.contains(where: { $0 >= 0x80 }) { return asciiString(bytes) }
        // `String(validating:as:)` is new in the Swift 6 standard library (macOS 15, iOS 18, tvOS 18,
        // watchOS 11, visionOS 2), above the package's floors; before it, the same answer is made by
        // hand. `PercentDecodingTests` holds the two to the same result on every family of bytes.
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return validatedByParsing(bytes)
    }

    /// `String(validating:as:)` for the OS versions that lack it: `nil` unless every scalar is
    /// well-formed UTF-8 (the standard library's parser refuses overlong forms, surrogates, scalars
    /// past U+10FFFF and truncated sequences, as `String(validating:as:)` does), then the string.
    static func validatedByParsing(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        firstInvalidUTF8(bytes) == nil ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 scalar, or `nil` when
    /// every scalar is well-formed: the standard library's parser, which refuses overlong forms,
    /// surrogates, scalars past U+10FFFF and truncated sequences.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        // ASCII is valid and starts no sequence: skip it without the parser (most input is ASCII).
        guard let firstNonASCII = bytes.firstIndex(where: { $0 >= 0x80 }) else { return nil }
        var iterator = UnsafeBufferPointer(rebasing: bytes[firstNonASCII...]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = firstNonASCII
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// A `String` of bytes the caller knows are ASCII. Writing them into the string's own storage
    /// costs less than `String(decoding:as:)` (measured: docs/performance.md, "Measurements behind the
    /// matcher's design"), which counts on the resolution path: a request makes a string per query
    /// name and value.
    @inline(__always)
    static func asciiString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            buffer.initialize(fromContentsOf: bytes)
        }
    }

    /// Decodes a query or fragment component; when the decoded bytes are not valid UTF-8 the
    /// component is kept exactly as written (percent escapes and all), so no byte is lost or replaced.
    package static func decodeLeniently(_ bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String {
        decode(bytes, plusAsSpace: plusAsSpace) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// The form a literal is compared in: Unicode NFC (so that NFC and NFD spellings are equal, as
    /// Swift `String` equality has them), lowercased first when `folded`.
    static func comparableBytes(_ text: String, folded: Bool) -> [UInt8] {
        let cased = folded ? text.lowercased() : text
        if cased.utf8.allSatisfy({ $0 < 0x80 }) { return Array(cased.utf8) }
        return Array(cased.precomposedStringWithCanonicalMapping.utf8)
    }
}
