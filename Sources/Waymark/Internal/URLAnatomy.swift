/// The parts of a URL string, as byte ranges into its UTF-8, found without `URL` or `URLComponents`.
///
/// Three kinds of input:
/// - a custom-scheme link (`shop://product/42`, `shop:product/42`, `shop:///product/42`): the
///   authority, when present, is path segment 0;
/// - a universal link (`http`/`https`): the authority's host is the domain; only the path routes;
/// - an internal route string with no scheme (`product/42`), resolved as in-app navigation.
struct URLAnatomy {
    enum Kind: Equatable {
        case app
        case universal
        case internalPath
    }

    var kind: Kind
    var scheme: Range<Int>?
    /// App links: the authority (segment 0). Universal links: the host, without port.
    var authority: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?

    struct Failure: Error {
        var reason: String
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> URLAnatomy {
        let count = bytes.count
        var index = 0
        var scheme: Range<Int>?
        if count > 0, isASCIILetter(bytes[0]) {
            var end = 1
            while end < count, isSchemeByte(bytes[end]) { end += 1 }
            if end < count, bytes[end] == UInt8(ascii: ":") {
                scheme = 0..<end
                index = end + 1
            }
        }
        var kind = Kind.internalPath
        if let scheme {
            kind = isHTTP(bytes, scheme) ? .universal : .app
        }
        // One pass over the rest: authority, path, query and fragment boundaries, and control characters.
        var authority: Range<Int>?
        if scheme != nil, index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let start = index + 2
            var end = start
            while end < count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if isControl(byte) { throw controlCharacter(bytes, at: end) }
                end += 1
            }
            authority = start..<end
            index = end
        }
        let pathStart = index
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if isControl(byte) { throw controlCharacter(bytes, at: index) }
            index += 1
        }
        let path = pathStart..<index
        var query: Range<Int>?
        if index < count, bytes[index] == UInt8(ascii: "?") {
            let start = index + 1
            index = start
            while index < count, bytes[index] != UInt8(ascii: "#") {
                if isControl(bytes[index]) { throw controlCharacter(bytes, at: index) }
                index += 1
            }
            query = start..<index
        }
        var fragment: Range<Int>?
        if index < count, bytes[index] == UInt8(ascii: "#") {
            fragment = (index + 1)..<count
            for offset in (index + 1)..<count where isControl(bytes[offset]) {
                throw controlCharacter(bytes, at: offset)
            }
        }
        if kind == .universal {
            guard let found = authority, !found.isEmpty else {
                throw Failure(reason: "the universal link has no host; write it as https://DOMAIN/PATH")
            }
            authority = try universalHost(bytes, found)
        } else if let found = authority, found.isEmpty {
            authority = nil
        }
        return URLAnatomy(
            kind: kind, scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
    }

    @inline(__always)
    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    private static func controlCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Failure {
        let byte = bytes[offset]
        let hex = String(byte, radix: 16, uppercase: true)
        return Failure(
            reason: "the URL contains the control character U+\(byte < 0x10 ? "000" : "00")\(hex) at byte \(offset); "
                + "percent-encode it or remove it")
    }

    /// The host of a universal link, without its port. A user or password part, a percent escape,
    /// a backslash or a non-ASCII byte in the host is refused: each is a known way to make two URL
    /// parsers disagree about the host.
    private static func universalHost(_ bytes: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>) throws(Failure)
        -> Range<Int>
    {
        var end = authority.upperBound
        for offset in authority {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "@"):
                throw Failure(
                    reason: "the universal link has a user or password part before '@'; links with one are refused")
            case UInt8(ascii: "%"), UInt8(ascii: "\\"):
                throw Failure(
                    reason: "the universal link's host contains '\(Character(Unicode.Scalar(byte)))', which is refused")
            case 0x80...:
                throw Failure(
                    reason: "the universal link's host is not ASCII; write internationalized domains in punycode")
            default: break
            }
        }
        if let colon = authority.lastIndex(where: { bytes[$0] == UInt8(ascii: ":") }) {
            let port = (colon + 1)..<authority.upperBound
            guard port.allSatisfy({ bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }) else {
                throw Failure(reason: "the universal link's port is not a number")
            }
            end = colon
        }
        guard end > authority.lowerBound else {
            throw Failure(reason: "the universal link has no host; write it as https://DOMAIN/PATH")
        }
        return authority.lowerBound..<end
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always)
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func isHTTP(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        let start = scheme.lowerBound
        guard bytes[start] | 0x20 == UInt8(ascii: "h"), bytes[start + 1] | 0x20 == UInt8(ascii: "t"),
            bytes[start + 2] | 0x20 == UInt8(ascii: "t"), bytes[start + 3] | 0x20 == UInt8(ascii: "p")
        else { return false }
        return scheme.count == 4 || bytes[start + 4] | 0x20 == UInt8(ascii: "s")
    }

    /// Lowercased ASCII text of a range.
    static func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).lowercased()
    }
}
