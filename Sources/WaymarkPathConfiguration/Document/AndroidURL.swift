/// `java.net.URL` as Android's libcore reads a location (`URL.java`, `URLStreamHandler.parseURL`,
/// android-9.0.0_r45, the OpenJDK-based libcore of Android 7 and later): the string Hotwire Native
/// Android matches is its `path`, then `"?" + query` when there is a query.
///
/// Where Android differs from the desktop JDK, Android is followed (docs/path-configuration.md,
/// "Compatibility targets"):
/// - only `http`, `https`, `file`, `ftp` and `jar` have a handler; any other scheme (`tel:`,
///   `sms:`, `mailto:`, `myapp://`) is refused ("unknown protocol");
/// - dot segments are removed from every path, not only from relative references
///   (`/x/../profile` is `/profile`, `/x/..` is `/`, `/..` stays), by Android's own quirky rules;
/// - the authority ends at `/`, `\`, `?` or `#`, and `////x` is not a UNC name.
///
/// Everything here is linear in the location's length: the dot-segment rules, which libcore runs
/// as rescans from the start after each removal (quadratic), are run as one left-to-right pass
/// that gives the same string (`AndroidURLTests` compares the two on generated paths).
enum AndroidURL {
    /// The schemes Android's `URL` has a handler for.
    static let protocols: Set<String> = ["http", "https", "file", "ftp", "jar"]

    /// The path and query Android's `URL(location)` gives, or `nil` when it throws
    /// `MalformedURLException` (no scheme, an unknown one, a port that is not a number, a bad
    /// IPv6 literal, a `jar:` URL without `!/`).
    static func pathAndQuery(_ location: String) -> (path: String, query: String?)? {
        let spec = Array(location.utf8)
        var start = 0
        var limit = spec.count
        while limit > 0, spec[limit - 1] <= 0x20 { limit -= 1 }
        while start < limit, spec[start] <= 0x20 { start += 1 }
        if limit - start >= 4, lowercased(spec[start..<start + 4]) == "url:" { start += 4 }
        guard start < limit, spec[start] != UInt8(ascii: "#") else { return nil }
        // The scheme: up to the first ':' before any '/'.
        var scheme: String?
        var index = start
        while index < limit, spec[index] != UInt8(ascii: "/") {
            if spec[index] == UInt8(ascii: ":") {
                let candidate = lowercased(spec[start..<index])
                if URIScheme.isScheme(candidate) {
                    scheme = candidate
                    start = index + 1
                }
                break
            }
            index += 1
        }
        guard let scheme, protocols.contains(scheme) else { return nil }
        if let hash = spec[start..<limit].firstIndex(of: UInt8(ascii: "#")) { limit = hash }
        if scheme == "jar" { return jar(spec[start..<limit]) }
        return parse(spec, start: start, limit: limit)
    }

    /// `URLStreamHandler.parseURL` for an absolute location, with Android's changes.
    private static func parse(_ spec: [UInt8], start: Int, limit: Int) -> (path: String, query: String?)? {
        var start = start
        var limit = limit
        var query: String?
        // libcore looks for the first '?' in the whole spec; the scheme holds none.
        if start < limit, let question = spec[start..<limit].firstIndex(of: UInt8(ascii: "?")) {
            query = String(decoding: spec[(question + 1)..<limit], as: UTF8.self)
            limit = question
        }
        var hasAuthority = false
        if start <= limit - 2, spec[start] == UInt8(ascii: "/"), spec[start + 1] == UInt8(ascii: "/") {
            start += 2
            var end = start
            while end < limit, !"/\\?#".utf8.contains(spec[end]) { end += 1 }
            guard authorityIsValid(spec[start..<end]) else { return nil }
            hasAuthority = true
            start = end
        }
        var path: [UInt8] = []
        if start < limit {
            if spec[start] == UInt8(ascii: "/") || spec[start] == UInt8(ascii: "\\") {
                path = Array(spec[start..<limit])
            } else {
                path = (hasAuthority ? [UInt8(ascii: "/")] : []) + spec[start..<limit]
            }
        }
        return (String(decoding: removingDotSegments(path), as: UTF8.self), query)
    }

    /// Whether libcore accepts an authority: one `@` at most (more leave no host, which it
    /// accepts), then a host whose port, after the first `:` of the host (past an IPv6 literal's
    /// `]`), is all digits and fits a Java `int`.
    private static func authorityIsValid(_ authority: ArraySlice<UInt8>) -> Bool {
        let ats = authority.indices.filter { authority[$0] == UInt8(ascii: "@") }
        guard ats.count <= 1 else { return true }
        var host = ats.first.map { authority[($0 + 1)...] } ?? authority
        if host.first == UInt8(ascii: "[") {
            // An IPv6 literal: libcore requires its ']' (and a few characters inside it).
            guard let close = host.firstIndex(of: UInt8(ascii: "]")), close - host.startIndex > 2 else { return false }
            host = host[(close + 1)...]
            guard host.isEmpty || host.first == UInt8(ascii: ":") else { return false }
        }
        guard let colon = host.firstIndex(of: UInt8(ascii: ":")) else { return true }
        let port = host[(colon + 1)...]
        guard !port.isEmpty else { return true }
        guard port.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
        let digits = port.drop { $0 == UInt8(ascii: "0") }
        return digits.count < 10
            || (digits.count == 10 && Array(digits).lexicographicallyPrecedes(Array("2147483648".utf8)))
    }

    /// `jar:` has its own handler: the location must hold `!/`; the path is everything up to the
    /// query (the inner URL and the entry), as its `setURL` splits it.
    private static func jar(_ spec: ArraySlice<UInt8>) -> (path: String, query: String?)? {
        let text = String(decoding: spec, as: UTF8.self)
        guard text.contains("!/") else { return nil }
        guard let question = text.firstIndex(of: "?") else { return (text, nil) }
        return (String(text[..<question]), String(text[text.index(after: question)...]))
    }

    /// libcore's dot-segment rules, in one pass.
    ///
    /// libcore: (1) while the path holds `/./`, the first is made `/`; (2) while it holds `/../` at
    /// or after a search position, the first is taken: at 0 its `/..` goes; else if a `/` comes
    /// before it, everything from the last such `/` to its `/..` goes and the search restarts at 0;
    /// else the search moves past it; (3) while the path ends in `/..`, it is cut after the last `/`
    /// before the *first* `/..`, if there is one; (4) a leading `./` goes (if more follows), then a
    /// trailing `/.`'s `.`.
    ///
    /// Here: (1) drops every `.` segment followed by a `/`; (2) keeps a stack of the segments kept
    /// after the part before the first `/` (the head): a `..` segment followed by `/` pops the last
    /// kept segment, or, with none, goes itself when the head is empty (the path starts with `/`)
    /// and is kept when it is not (libcore's skip, which a later `..` may pop). Each removal leaves
    /// the kept text ending at a segment's end, so no `/../` can start inside it: libcore's rescan
    /// from 0 finds the same next occurrence as the pass does.
    static func removingDotSegments(_ path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        guard path.contains(dot) else { return path }
        // The head: text before the first '/'; then segments, each with its leading '/'.
        let firstSlash = path.firstIndex(of: slash) ?? path.count
        let head = Array(path[..<firstSlash])
        var segments: [ArraySlice<UInt8>] = []
        var position = firstSlash
        while position < path.count {
            let end = path[(position + 1)...].firstIndex(of: slash) ?? path.count
            segments.append(path[position..<end])
            position = end
        }
        func isDot(_ segment: ArraySlice<UInt8>) -> Bool { segment.count == 2 && segment.last == dot }
        func isDotDot(_ segment: ArraySlice<UInt8>) -> Bool {
            segment.count == 3 && segment[segment.startIndex + 1] == dot && segment.last == dot
        }
        // (1) and (2).
        var kept: [ArraySlice<UInt8>] = []
        for (offset, segment) in segments.enumerated() {
            let followed = offset + 1 < segments.count
            if followed && isDot(segment) { continue }
            if followed && isDotDot(segment) {
                if !kept.isEmpty {
                    kept.removeLast()
                } else if !head.isEmpty {
                    kept.append(segment)
                }
                continue
            }
            kept.append(segment)
        }
        var result = head
        for segment in kept { result += segment }
        // (3): at most once, as the cut leaves the path ending in '/'.
        if result.count >= 3, result.suffix(3).elementsEqual("/..".utf8),
            let first = firstOccurrence(of: Array("/..".utf8), in: result), first > 0,
            let cut = result[..<first].lastIndex(of: slash)
        {
            result.removeSubrange((cut + 1)...)
        }
        // (4).
        if result.count > 2, result[0] == dot, result[1] == slash { result.removeFirst(2) }
        if result.count >= 2, result[result.count - 2] == slash, result[result.count - 1] == dot { result.removeLast() }
        return result
    }

    private static func firstOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
