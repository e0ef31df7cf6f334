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

    /// The string as given.
    public let string: String
    /// Which kind of link it is.
    public let kind: Kind
    /// The scheme, lowercased; `nil` for internal route strings.
    public let scheme: String?
    /// Universal links: the domain, lowercased, without port. App links: the authority as written
    /// (it is also path segment 0). `nil` otherwise.
    public let host: String?
    /// The byte range of the route path in ``string``'s UTF-8.
    let pathStart: Int32
    let pathEnd: Int32
    /// Whether the path ended with `/` after at least one segment.
    public let hasTrailingSlash: Bool
    /// The decoded query items.
    public let query: QueryParameters
    /// The decoded fragment (never used for matching), or `nil` when there is no `#`.
    public let fragment: String?

    /// The route path's segments, percent-decoded once each, empty segments dropped.
    public var pathSegments: [String] {
        PathSegments.decodedSegments(of: string, in: Int(pathStart)..<Int(pathEnd))
    }

    /// The route path, still percent-encoded, with a leading `/`, empty segments dropped and the
    /// trailing `/` kept: `shop://product//42/` gives `/product/42/`.
    public var path: String {
        var copy = string
        let segments = copy.withUTF8 { bytes in
            UnsafeBufferPointer(rebasing: bytes[Int(pathStart)..<Int(pathEnd)])
                .split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        }
        return "/" + segments.joined(separator: "/") + (hasTrailingSlash ? "/" : "")
    }

    /// Parses a URL or internal route string.
    ///
    /// - Throws: ``RoutingError/Code/invalidURL`` when the string has a control character, a path
    ///   segment that is not UTF-8 once decoded, or a universal link with a user part or a bad host.
    public init(parsing string: String) throws(RoutingError) {
        var copy = string
        let result: Result<RouteURL, RoutingError> = copy.withUTF8 { bytes in
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

    init(string: String, bytes: UnsafeBufferPointer<UInt8>, anatomy: URLAnatomy, hasTrailingSlash: Bool) {
        self.string = string
        switch anatomy.kind {
        case .app: self.kind = .app
        case .universal: self.kind = .universal
        case .internalPath: self.kind = .internal
        }
        self.scheme = anatomy.scheme.map { URLAnatomy.lowercasedString(bytes, $0) }
        switch anatomy.kind {
        case .universal: self.host = anatomy.host.map { URLAnatomy.lowercasedString(bytes, $0) }
        case .app:
            self.host = anatomy.appAuthority(bytes).map {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
            }
        case .internalPath: self.host = nil
        }
        self.pathStart = Int32(anatomy.path.lowerBound)
        self.pathEnd = Int32(anatomy.path.upperBound)
        self.hasTrailingSlash = hasTrailingSlash
        self.query =
            anatomy.query.map { QueryParameters(bytes: UnsafeBufferPointer(rebasing: bytes[$0])) } ?? QueryParameters()
        self.fragment = anatomy.fragment.map {
            PercentDecoding.decodeLeniently(UnsafeBufferPointer(rebasing: bytes[$0]), plusAsSpace: false)
        }
    }

    /// The string as given.
    public var description: String { string }

    /// A string short enough to quote in a message: long inputs are cut at 200 characters.
    static func quoted(_ string: String) -> String {
        string.count > 200 ? String(string.prefix(200)) + "…" : string
    }
}
