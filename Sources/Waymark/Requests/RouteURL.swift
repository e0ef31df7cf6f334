/// A URL string as Waymark routes it: its kind, scheme, host, route-path segments, query and
/// fragment, found on the string's UTF-8 bytes (never through `URL.path`).
///
/// ```swift
/// let url = try RouteURL(parsing: "shop://Product/red%2Fblue?tag=a&tag=b#top")
/// url.kind            // .app
/// url.pathSegments    // ["Product", "red/blue"]   (the host is segment 0; %2F does not split)
/// url.query.values(for: "tag")   // ["a", "b"]
/// url.fragment        // "top"
/// ```
public struct RouteURL: Hashable, Sendable, CustomStringConvertible {
    /// Which kind of link a string is.
    public enum Kind: String, Hashable, Sendable {
        /// A custom-scheme link such as `shop://product/42`: the host is path segment 0.
        case app
        /// An `http` or `https` link: the host is the domain, only the path routes.
        case universal
        /// A string with no scheme, such as `product/42`: in-app navigation.
        case `internal`
    }

    /// The fields, in one immutable box: a `RouteURL` is copied with a single retain. `Sendable`
    /// because every field is a `let` of a `Sendable` type.
    ///
    /// The scheme, host and fragment are kept as byte ranges of ``string`` and made into strings
    /// when asked: routing never reads them, and a request that nobody asks for its host should not
    /// pay for the string (see docs/performance.md). The query is decoded when the URL is parsed.
    private final class Storage: Sendable {
        let string: String
        let kind: Kind
        let scheme: Range<Int32>?
        /// A universal link's host; `nil` for app links, whose host is found in the path when asked.
        let host: Range<Int32>?
        /// Whether an app link was written with `//`, so that path segment 0 is its host.
        let hasAuthority: Bool
        let pathStart: Int32
        let pathEnd: Int32
        let hasTrailingSlash: Bool
        let query: QueryParameters
        let fragment: Range<Int32>?

        init(
            string: String, kind: Kind, scheme: Range<Int32>?, host: Range<Int32>?, hasAuthority: Bool,
            pathStart: Int32, pathEnd: Int32, hasTrailingSlash: Bool, query: QueryParameters, fragment: Range<Int32>?
        ) {
            self.string = string
            self.kind = kind
            self.scheme = scheme
            self.host = host
            self.hasAuthority = hasAuthority
            self.pathStart = pathStart
            self.pathEnd = pathEnd
            self.hasTrailingSlash = hasTrailingSlash
            self.query = query
            self.fragment = fragment
        }
    }

    private let storage: Storage

    /// The string as given.
    public var string: String { storage.string }
    /// Which kind of link it is.
    public var kind: Kind { storage.kind }
    /// The scheme, lowercased; `nil` for internal route strings.
    public var scheme: String? {
        storage.scheme.map { range in string.withUTF8Bytes { URLAnatomy.lowercasedString($0, Self.range(range)) } }
    }
    /// Universal links: the domain, lowercased, without port. App links: the authority as written
    /// (it is also path segment 0). `nil` otherwise.
    public var host: String? {
        if let range = storage.host {
            return string.withUTF8Bytes { URLAnatomy.lowercasedString($0, Self.range(range)) }
        }
        guard kind == .app, storage.hasAuthority else { return nil }
        return string.withUTF8Bytes { bytes in
            // The first segment, when the path starts with it (`shop:///x` has an empty authority).
            var host: String?
            PathSegments.forEach(in: bytes, Int(pathStart)..<Int(pathEnd)) { _, segment in
                if segment.lowerBound == Int(pathStart) {
                    host = String(decoding: UnsafeBufferPointer(rebasing: bytes[segment]), as: UTF8.self)
                }
                return false
            }
            return host
        }
    }
    /// The byte range of the route path in ``string``'s UTF-8.
    var pathStart: Int32 { storage.pathStart }
    var pathEnd: Int32 { storage.pathEnd }
    /// Whether the path ended with `/` after at least one segment.
    public var hasTrailingSlash: Bool { storage.hasTrailingSlash }
    /// The decoded query items.
    public var query: QueryParameters { storage.query }
    /// The decoded fragment, or `nil` when there is no `#`. Matched only by templates that require
    /// a fragment (``FragmentRequirement``).
    public var fragment: String? {
        storage.fragment.map { range in
            string.withUTF8Bytes {
                PercentDecoding.decodeLeniently(
                    UnsafeBufferPointer(rebasing: $0[Self.range(range)]), plusAsSpace: false)
            }
        }
    }

    private static func range(_ range: Range<Int32>) -> Range<Int> {
        Int(range.lowerBound)..<Int(range.upperBound)
    }

    private static func range(_ range: Range<Int>?) -> Range<Int32>? {
        range.map { offset($0.lowerBound)..<offset($0.upperBound) }
    }

    /// A byte offset into the URL, as stored.
    @inline(__always)
    private static func offset(_ value: Int) -> Int32 {
        // narrowing: value ≤ the URL's length ≤ Int32.max, which URLAnatomy.head checks before any anatomy exists
        Int32(value)
    }

    /// The query as written (still percent-encoded), without `?` and fragment; `nil` when the
    /// URL has no query.
    public var rawQuery: Substring? {
        let utf8 = string.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(pathEnd), limitedBy: utf8.endIndex) ?? utf8.endIndex
        guard start < utf8.endIndex, utf8[start] == UInt8(ascii: "?") else { return nil }
        let after = utf8.index(after: start)
        let end = utf8[after...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        return string[after..<end]
    }

    /// The fragment as written (still percent-encoded), without `#`; `nil` when the URL has none.
    var rawFragment: Substring? {
        storage.fragment.map { range in
            let utf8 = string.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: Int(range.lowerBound))
            let end = utf8.index(utf8.startIndex, offsetBy: Int(range.upperBound))
            return string[start..<end]
        }
    }

    /// Two URLs are equal when they were parsed from equal strings.
    public static func == (lhs: RouteURL, rhs: RouteURL) -> Bool { lhs.string == rhs.string }
    /// Hashes the string.
    public func hash(into hasher: inout Hasher) { hasher.combine(string) }

    /// The route path's segments, percent-decoded once each, empty segments dropped.
    public var pathSegments: [String] {
        PathSegments.segments(of: string, in: Int(pathStart)..<Int(pathEnd), decoded: true)
    }

    /// The route path, still percent-encoded, with a leading `/`, empty segments dropped and the
    /// trailing `/` kept: `shop://product//42/` gives `/product/42/`.
    public var path: String {
        let segments = PathSegments.segments(of: string, in: Int(pathStart)..<Int(pathEnd), decoded: false)
        return "/" + segments.joined(separator: "/") + (hasTrailingSlash ? "/" : "")
    }

    /// Parses a URL or internal route string.
    ///
    /// - Throws: ``RoutingError/Code/invalidURL`` when the string has a control character, a path
    ///   segment that is not UTF-8 once decoded, or a universal link with a user part or a bad host.
    public init(parsing string: String) throws(RoutingError) {
        guard string.utf8.count <= Int(Int32.max) else {
            throw RoutingError(code: .invalidURL, message: "\"\(Self.quoted(string))\": the string is over 2 GB")
        }
        let result: Result<RouteURL, RoutingError> = string.withUTF8Bytes { bytes in
            do throws(URLAnatomy.Failure) {
                return .success(
                    try URLAnatomy.withParsed(bytes) { anatomy, _, hasTrailingSlash in
                        RouteURL(string: string, bytes: bytes, anatomy: anatomy, hasTrailingSlash: hasTrailingSlash)
                    })
            } catch {
                return .failure(RoutingError(code: .invalidURL, message: "\"\(Self.quoted(string))\": \(error.reason)"))
            }
        }
        self = try result.get()
    }

    /// A URL from its parsed anatomy, with its query already decoded (``MatchingCore`` parses the
    /// query under the table's item limit).
    init(string: String, anatomy: URLAnatomy, hasTrailingSlash: Bool, query: QueryParameters) {
        let kind: Kind =
            switch anatomy.kind {
            case .app: .app
            case .universal: .universal
            case .internalPath: .internal
            }
        storage = Storage(
            string: string, kind: kind, scheme: Self.range(anatomy.scheme), host: Self.range(anatomy.host),
            hasAuthority: anatomy.hasAuthority, pathStart: Self.offset(anatomy.path.lowerBound),
            pathEnd: Self.offset(anatomy.path.upperBound), hasTrailingSlash: hasTrailingSlash, query: query,
            fragment: Self.range(anatomy.fragment))
    }

    /// A URL from its parsed anatomy, decoding its query.
    init(string: String, bytes: UnsafeBufferPointer<UInt8>, anatomy: URLAnatomy, hasTrailingSlash: Bool) {
        self.init(
            string: string, anatomy: anatomy, hasTrailingSlash: hasTrailingSlash,
            query: anatomy.query.map { QueryParameters(bytes: UnsafeBufferPointer(rebasing: bytes[$0])) }
                ?? QueryParameters())
    }

    /// The string as given.
    public var description: String { string }

    /// A string short enough to quote in a message: long inputs are cut at 200 characters.
    static func quoted(_ string: String) -> String {
        string.count > 200 ? String(string.prefix(200)) + "…" : string
    }
}
