/// The one rule for "is this string a URL, or a path": it is a URL when it starts with an RFC 3986
/// scheme followed by a colon — `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` (RFC 3986, 3.1).
///
/// `https://example.com/x`, `shop://product/42`, `mailto:test@example.com` and `tel:+15551234567`
/// are URLs; `/posts/new`, `posts/new`, `?q=1` and `1password:x` (a digit first) are not. The
/// resolver, the path configuration and every CLI command that takes "URLs or paths" decide with
/// this rule, so that one string is never a URL to one and a path to another.
package enum URIScheme {
    /// The byte range of the scheme (without its colon) at the start of `bytes`, or `nil`.
    package static func range(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        var end = 1
        while end < bytes.count, isSchemeByte(bytes[end]) { end += 1 }
        return end < bytes.count && bytes[end] == UInt8(ascii: ":") ? 0..<end : nil
    }

    /// Whether `text` starts with a scheme and its colon.
    /// Reads only as far as the first byte that cannot be in a scheme.
    package static func hasScheme<Text: StringProtocol>(_ text: Text) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let byte = bytes.next() {
            if byte == UInt8(ascii: ":") { return true }
            if !isSchemeByte(byte) { return false }
        }
        return false
    }

    /// Whether `text`, in full, is a scheme (the part before a colon).
    package static func isScheme<Text: StringProtocol>(_ text: Text) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy(isSchemeByte)
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always)
    static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
