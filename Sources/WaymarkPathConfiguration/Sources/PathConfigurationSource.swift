public import Foundation
internal import Waymark

/// Where a path configuration comes from. A loader reads its sources in order; each good document
/// replaces the one before it.
public enum PathConfigurationSource: Hashable, Sendable, CustomStringConvertible {
    /// A document in memory (for example, bundled in the app and read already).
    case data(Data)
    /// A document on disk (for example, in the app bundle).
    case file(URL)
    /// A document on a server: first its cached copy (the server's last good answer), then the
    /// server's answer when it arrives.
    case server(URL)

    /// `data (N bytes)`, the file path, or the server URL with its query as `?<private>` (a
    /// configuration URL may carry an API key, and reports go to logs).
    public var description: String {
        switch self {
        case .data(let data): "data (\(data.count) bytes)"
        case .file(let url): url.path
        case .server(let url):
            url.absoluteString.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).count > 1
                ? String(url.absoluteString.prefix { $0 != "?" }) + "?" + ValueRedaction.placeholder
                : String(url.absoluteString.prefix { $0 != "#" })
        }
    }
}

/// Something that happened while loading: a document applied, or why one was not.
public struct PathConfigurationReport: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// A document was loaded and applied.
        case applied
        /// The server answered 304 Not Modified: the current document stays.
        case notModified
        /// The source failed (unreadable file, HTTP error, timeout, malformed or truncated body, a
        /// document that may not replace the current one); the current document stays.
        case failed
        /// A cache file could not be used (corrupt, another URL's, unreadable, or its document may
        /// not replace the current one); it was ignored.
        case cacheIgnored
        /// The cache could not be written; the document still applies.
        case cacheNotWritten
        /// A server's answer arrived after the answer to a newer request to the same server was
        /// applied (overlapping refreshes): it was discarded, neither applied nor cached.
        case superseded
    }

    /// What happened.
    public let kind: Kind
    /// The source it concerns (for the cache: its server).
    public let source: PathConfigurationSource
    /// Details for a person; for `applied`, the origin (`data`, `file`, `cache`, `server`).
    public let message: String

    /// Creates a report.
    public init(kind: Kind, source: PathConfigurationSource, message: String) {
        self.kind = kind
        self.source = source
        self.message = message
    }

    /// `kind: source: message`.
    public var description: String { "\(kind.rawValue): \(source): \(message)" }
}
