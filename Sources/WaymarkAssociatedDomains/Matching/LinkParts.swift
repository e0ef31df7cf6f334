import Waymark

/// The parts of a universal link an AASA component looks at, as written (still percent-encoded).
struct LinkParts: Hashable, Sendable {
    /// The scheme, lowercased.
    var scheme: String
    /// The host, lowercased, without port.
    var host: String
    /// The path as written; empty when the URL has none.
    var path: Substring
    /// The query without `?`; `nil` when there is no `?`.
    var query: Substring?
    /// The fragment without `#`; `nil` when there is no `#`.
    var fragment: Substring?

    /// Splits `https://host[:port]/path?query#fragment`; `nil` for anything that is not an `http` or
    /// `https` URL with a host (and no user part).
    init?(_ string: String) {
        guard let colon = string.firstIndex(of: ":") else { return nil }
        let scheme = string[..<colon].lowercased()
        guard scheme == "https" || scheme == "http", string[colon...].hasPrefix("://") else { return nil }
        let authorityStart = string.index(colon, offsetBy: 3)
        let rest = string[authorityStart...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.isEmpty, !authority.contains("@"), !authority.contains("\\") else { return nil }
        let host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
        var remainder = rest[authorityEnd...]
        if let hash = remainder.firstIndex(of: "#") {
            fragment = remainder[remainder.index(after: hash)...]
            remainder = remainder[..<hash]
        } else {
            fragment = nil
        }
        if let question = remainder.firstIndex(of: "?") {
            query = remainder[remainder.index(after: question)...]
            remainder = remainder[..<question]
        } else {
            query = nil
        }
        path = remainder
    }

    /// Percent-decodes a part for a component with `percentEncoded: false` (an invalid escape or
    /// bytes that are not UTF-8 stay as written).
    static func decoded(_ text: Substring) -> String {
        var copy = String(text)
        return copy.withUTF8 { PercentDecoding.decodeLeniently($0, plusAsSpace: false) }
    }

    /// A path as components compare it: empty becomes `/`, trailing slashes go (`/` stays).
    static func normalizedPath(_ path: String) -> String {
        var scalars = Substring(path)
        while scalars.count > 1, scalars.hasSuffix("/") { scalars = scalars.dropLast() }
        return scalars.isEmpty ? "/" : String(scalars)
    }

    /// A path pattern as components use it: a leading `/` added when missing, leading slashes
    /// collapsed to one, trailing slashes removed (`/` stays).
    static func normalizedPathPattern(_ pattern: String) -> String {
        var text = Substring(pattern)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return "/" + text
    }

    /// The query's items as written: split on `&`, each at its first `=` (`nil` value without one).
    static func queryItems(_ query: Substring) -> [(name: Substring, value: Substring?)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, nil) }
            return (item[..<equals], item[item.index(after: equals)...])
        }
    }
}
