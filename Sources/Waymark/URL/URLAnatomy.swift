/// The parts of a URL string, as byte ranges into its UTF-8, found without `URL` or `URLComponents`.
///
/// Three kinds of input:
/// - a custom-scheme link (`shop://product/42`, `shop:product/42`, `shop:///product/42`): the
///   authority, when present, is path segment 0, so the route path starts right after `scheme://`;
/// - a universal link (`http`/`https`): the authority's host is the domain; only the path routes;
/// - an internal route string with no scheme (`product/42`), resolved as in-app navigation.
///
/// ``parse(_:into:)`` reads the string once: scheme and authority, then the route path,
/// split into segments in the same pass, then query and fragment. Any ASCII control character makes
/// the string invalid.
struct URLAnatomy {
    enum Kind: Equatable {
        case app
        case universal
        case internalPath
    }

    var kind: Kind
    var scheme: Range<Int>?
    /// Universal links: the host, without port. Others: `nil`.
    var host: Range<Int>?
    /// The route path: for app links it starts with the authority (segment 0).
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?
    /// Whether an app link was written with `//` (so that segment 0 is its authority).
    var hasAuthority: Bool

    struct Failure: Error {
        var reason: String
    }

    /// The result of one pass: the anatomy and the path's segments.
    struct Parsed {
        var anatomy: URLAnatomy
        /// The number of segments written, or -1 when `buffer` was too small (call again with
        /// ``segmentCapacity(_:)``).
        var segmentCount: Int
        var hasTrailingSlash: Bool
    }

    /// How many segments a buffer must hold for any path of `bytes`.
    static func segmentCapacity(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var slashes = 0
        for byte in bytes where byte == UInt8(ascii: "/") { slashes += 1 }
        return slashes + 1
    }

    /// The scheme of a string (the bytes before the first `:`, when they form a scheme), if any.
    static func schemeRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        URIScheme.range(bytes)
    }

    /// What comes before the route path: the kind of string, its scheme, a universal link's host,
    /// and where the route path starts.
    struct Head {
        var kind: Kind
        var scheme: Range<Int>?
        var host: Range<Int>?
        var pathStart: Int
        var hasDoubleSlash: Bool
    }

    /// Reads what comes before the route path. A string that starts with `/` is an internal route
    /// path, found without looking further.
    @inline(__always)
    static func head(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Head {
        // Offsets are stored as 32-bit integers.
        guard bytes.count <= Int32.max else { throw Failure(reason: "the URL is longer than 2 GB") }
        if let first = bytes.first, first == UInt8(ascii: "/") {
            return Head(kind: .internalPath, scheme: nil, host: nil, pathStart: 0, hasDoubleSlash: false)
        }
        return try schemeAndAuthority(bytes)
    }

    private static func schemeAndAuthority(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Head {
        let count = bytes.count
        let scheme = schemeRange(bytes)
        var index = scheme.map { $0.upperBound + 1 } ?? 0
        var kind = Kind.internalPath
        if let scheme { kind = isHTTP(bytes, scheme) ? .universal : .app }
        let hasDoubleSlash =
            scheme != nil && index + 1 < count && bytes[index] == UInt8(ascii: "/")
            && bytes[index + 1] == UInt8(ascii: "/")
        var host: Range<Int>?
        if kind == .universal {
            guard hasDoubleSlash else {
                throw Failure(reason: "the universal link has no host; write it as https://DOMAIN/PATH")
            }
            let start = index + 2
            var end = start
            while end < count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if isControl(byte) { throw controlCharacter(bytes, at: end) }
                end += 1
            }
            host = try universalHost(bytes, start..<end)
            index = end
        } else if hasDoubleSlash {
            index += 2
        }
        return Head(kind: kind, scheme: scheme, host: host, pathStart: index, hasDoubleSlash: hasDoubleSlash)
    }

    /// Whether a path that ends at `end` ends with a slash after at least one segment.
    @inline(__always)
    static func hasTrailingSlash(_ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>, segmentCount: Int) -> Bool {
        segmentCount > 0 && path.upperBound > path.lowerBound && bytes[path.upperBound - 1] == UInt8(ascii: "/")
    }

    /// The query and the fragment after the route path (which ends at `index`), checked for
    /// control characters.
    static func tail(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) throws(Failure) -> (
        query: Range<Int>?, fragment: Range<Int>?
    ) {
        let count = bytes.count
        var index = index
        var query: Range<Int>?
        if index < count, bytes[index] == UInt8(ascii: "?"), let base = UnsafeRawPointer(bytes.baseAddress) {
            // Eight bytes a step, to the first '#', control character or DEL (or the end).
            let start = index + 1
            index = start
            while index < count {
                let word = ByteWord.load(base, at: index, count: count)
                let stops = ByteWord.queryStops(word)
                if stops == 0 {
                    index &+= 8
                    continue
                }
                index = min(index &+ stops.trailingZeroBitCount &>> 3, count)
                if index < count && bytes[index] != UInt8(ascii: "#") { throw controlCharacter(bytes, at: index) }
                break
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
        return (query, fragment)
    }

    /// Parses `bytes` and splits the route path into `buffer` (see ``splitPath(_:from:into:)``).
    @inline(__always)
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<SegmentRef>
    ) throws(Failure) -> Parsed {
        let head = try head(bytes)
        let split = try splitPath(bytes, from: head.pathStart, into: buffer)
        let path = head.pathStart..<min(split.end, bytes.count)
        let (query, fragment) = try tail(bytes, from: path.upperBound)
        let anatomy = URLAnatomy(
            kind: head.kind, scheme: head.scheme, host: head.host, path: path, query: query, fragment: fragment,
            hasAuthority: head.kind == .app && head.hasDoubleSlash)
        return Parsed(
            anatomy: anatomy, segmentCount: split.overflow ? -1 : split.segmentCount,
            hasTrailingSlash: hasTrailingSlash(bytes, path: path, segmentCount: split.segmentCount))
    }

    /// Parses into a stack buffer, or a larger temporary one when the path has many segments, and
    /// calls `body` with the anatomy and the segments.
    @inline(__always)
    static func withParsed<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ body: (URLAnatomy, UnsafeBufferPointer<SegmentRef>, Bool) -> Result
    ) throws(Failure) -> Result {
        let attempt: Swift.Result<Result?, Failure> = withUnsafeTemporaryAllocation(of: SegmentRef.self, capacity: 32) {
            buffer in
            do throws(Failure) {
                let parsed = try parse(bytes, into: buffer)
                guard parsed.segmentCount >= 0 else { return .success(nil) }
                let segments = UnsafeBufferPointer(rebasing: buffer[0..<parsed.segmentCount])
                return .success(body(parsed.anatomy, segments, parsed.hasTrailingSlash))
            } catch {
                return .failure(error)
            }
        }
        if let done = try attempt.get() { return done }
        let retry: Swift.Result<Result, Failure> = withUnsafeTemporaryAllocation(
            of: SegmentRef.self, capacity: segmentCapacity(bytes)
        ) { buffer in
            do throws(Failure) {
                let parsed = try parse(bytes, into: buffer)
                let segments = UnsafeBufferPointer(rebasing: buffer[0..<max(parsed.segmentCount, 0)])
                return .success(body(parsed.anatomy, segments, parsed.hasTrailingSlash))
            } catch {
                return .failure(error)
            }
        }
        return try retry.get()
    }

    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, position: Int)
        throws(Failure)
    {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard PercentDecoding.decode(raw) == nil else { return }
        let text = String(decoding: raw, as: UTF8.self)
        throw Failure(reason: "path segment \(position) ('\(text)') is not valid UTF-8 once percent-decoded")
    }

    @inline(__always)
    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    static func controlCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Failure {
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

    private static func isHTTP(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        let start = scheme.lowerBound
        guard bytes[start] | 0x20 == UInt8(ascii: "h"), bytes[start + 1] | 0x20 == UInt8(ascii: "t"),
            bytes[start + 2] | 0x20 == UInt8(ascii: "t"), bytes[start + 3] | 0x20 == UInt8(ascii: "p")
        else { return false }
        return scheme.count == 4 || bytes[start + 4] | 0x20 == UInt8(ascii: "s")
    }

    // Byte classes for the path scan: '0' ordinary, '1' '/' (the scan tests it before reading the
    // table), '2' '?' or '#', '3' '%', '4' non-ASCII, '5' an ASCII control character.
    static let byteClasses: StaticString = """
        5555555555555555555555555555555500020300000000010000000000000002\
        0000000000000000000000000000000000000000000000000000000000000005\
        4444444444444444444444444444444444444444444444444444444444444444\
        4444444444444444444444444444444444444444444444444444444444444444
        """
    static let ordinary = UInt8(ascii: "0")
    static let percent = UInt8(ascii: "3")
    static let nonASCII = UInt8(ascii: "4")
    static let control = UInt8(ascii: "5")

    /// Lowercased ASCII text of a range (no case mapping work when it is lowercase already).
    static func lowercasedString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return range.contains { bytes[$0] >= UInt8(ascii: "A") && bytes[$0] <= UInt8(ascii: "Z") }
            ? text.lowercased() : text
    }

}
