/// Bounds on what a URL may carry, so that no input costs more than a known amount of work.
///
/// A URL over a limit is not matched: the lookup ends as ``LookupOutcome/limitExceeded`` and a
/// resolution as ``RoutingStatus/limitExceeded``, with ``RouteLookup/exceededLimit`` (or
/// ``RoutingResult/exceededLimit``) naming the limit. Every check is a count made while the URL is
/// read once, so work stays linear in the URL's length up to ``maximumURLLength``.
public struct RouteLimits: Hashable, Sendable {
    /// One of the limits.
    public enum Limit: String, Hashable, Sendable, CustomStringConvertible {
        /// ``RouteLimits/maximumURLLength``.
        case urlLength
        /// ``RouteLimits/maximumSegments``.
        case segments
        /// ``RouteLimits/maximumQueryItems``.
        case queryItems
        /// ``RouteLimits/maximumKeyDepth``.
        case keyDepth

        /// The limit's name.
        public var description: String { rawValue }
    }

    /// The longest URL string routed, in UTF-8 bytes. Default 16,384.
    public var maximumURLLength: Int
    /// The most path segments routed. Default 128.
    public var maximumSegments: Int
    /// The most query items routed. Default 512.
    public var maximumQueryItems: Int
    /// The deepest nesting of a typed input's keys (`a[b][c]` is 3). Default 8.
    public var maximumKeyDepth: Int

    /// Creates limits; the defaults suit any deep link a person or a web page sends.
    public init(
        maximumURLLength: Int = 16_384, maximumSegments: Int = 128, maximumQueryItems: Int = 512,
        maximumKeyDepth: Int = 8
    ) {
        self.maximumURLLength = maximumURLLength
        self.maximumSegments = maximumSegments
        self.maximumQueryItems = maximumQueryItems
        self.maximumKeyDepth = maximumKeyDepth
    }

    /// The default limits.
    public static let `default` = RouteLimits()

    /// `the URL has N segments, over the limit of M (maximumSegments)`.
    static func message(_ limit: Limit, _ count: Int, _ maximum: Int) -> String {
        let what =
            switch limit {
            case .urlLength: "the URL is \(count) bytes long"
            case .segments: "the URL has \(count) path segments"
            case .queryItems: "the URL has \(count) query items"
            case .keyDepth: "a parameter name nests \(count) levels"
            }
        let name =
            switch limit {
            case .urlLength: "maximumURLLength"
            case .segments: "maximumSegments"
            case .queryItems: "maximumQueryItems"
            case .keyDepth: "maximumKeyDepth"
            }
        return "\(what), over the limit of \(maximum) (\(name))"
    }
}
