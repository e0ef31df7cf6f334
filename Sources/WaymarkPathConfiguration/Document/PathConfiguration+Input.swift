import Waymark

extension PathConfiguration {
    /// The exact string a URL's patterns run on, as the target's library forms it.
    ///
    /// - Hotwire Native iOS as released, and Turbo iOS (`PathConfiguration.swift`,
    ///   `properties(for url: URL)`): `url.path` — the path percent-decoded, every trailing slash
    ///   dropped but a lone `/`, `""` for a bare domain and when the decoded bytes are not UTF-8
    ///   (`/%E9`) — then, with query-string matching on, `"?" + url.query`, the query as written,
    ///   whenever the URL has one, an empty one included (`/posts/new?` becomes `/posts/new?`).
    /// - Hotwire Native iOS `main`: `url.path()`, the percent-encoded path with its trailing
    ///   slash, then the query as above.
    /// - Android (`PathConfiguration.kt`, `path(location:)`): Android's `java.net.URL` path and query
    ///   as written, `?query` appended whenever there is a query; `""` when Android's `URL`
    ///   refuses the location (`tel:`, `mailto:`, custom schemes).
    ///
    /// On iOS, characters Foundation's `URL(string:)` would percent-encode (a space, raw non-ASCII
    /// text, a `%` not followed by two hex digits) are encoded the same way first. The fragment
    /// never takes part. A string without an RFC 3986 scheme is a path, or a relative
    /// reference, and is read as the path of a URL. Every scheme is read the same way: for
    /// `shop://product/42` the authority is `product` and the path `/42`, as Foundation reads it
    /// (the resolver's integration, ``pathProperties(for:)``, matches app links by their route
    /// path instead).
    public func input(for url: String) -> String {
        switch options.target {
        case .hotwireNativeAndroid, .turboAndroid:
            return Self.androidInput(for: url)
        case .hotwireNativeIOS, .hotwireNativeIOSMain, .turboIOS:
            let (path, query) = Self.parts(of: url)
            let encoded = Self.encodingInvalid(path, allowing: Self.pathBytes)
            var input = options.target == .hotwireNativeIOSMain ? encoded : Self.foundationPath(encoded)
            if options.queryStringMatching, let query {
                input += "?" + Self.encodingInvalid(query, allowing: Self.queryBytes)
            }
            return input
        }
    }

    /// The string Android matches for `url`: `java.net.URL`'s path, then `"?" + query` whenever there
    /// is a query (an empty one included), as Android's own `URL` reads them (``AndroidURL``); `""`
    /// when Android's `URL` refuses the location, as hotwire-native-android 1.3.1 does
    /// (`PathConfigurationData.kt`, `path(location:)`: `tel:`, `sms:`, `mailto:` and custom
    /// schemes such as `shop://product/42`, whose earlier versions and Turbo Android throw). A
    /// string without a scheme is a path, read as its own path and query.
    static func androidInput(for url: String) -> String {
        guard URIScheme.hasScheme(url) else {
            let (path, query) = parts(of: url)
            return query.map { path + "?" + $0 } ?? String(path)
        }
        guard let (path, query) = AndroidURL.pathAndQuery(url) else { return "" }
        return query.map { path + "?" + $0 } ?? path
    }

    /// Foundation's `URL.path` of a percent-encoded path: decoded, `""` when the decoded bytes are
    /// not UTF-8, and trailing slashes dropped while more than one character is left (`/a//` is
    /// `/a`, `//` is `/`), measured against Foundation's own `URL` in the test target.
    static func foundationPath(_ encoded: String) -> String {
        // Most paths have nothing to decode and no trailing slash: they are their own `url.path`.
        if encoded.utf8.last != UInt8(ascii: "/"), !encoded.utf8.contains(UInt8(ascii: "%")) { return encoded }
        var encoded = encoded
        guard var path = encoded.withUTF8({ PercentDecoding.decode($0) }) else { return "" }
        while path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path.removeLast() }
        return path
    }

    /// The path and the query (`nil` when there is no `?`) of a URL string, as written.
    static func parts(of url: String) -> (path: Substring, query: Substring?) {
        var rest = Substring(url)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var query: Substring?
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: question)...]
            rest = rest[..<question]
        }
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), URIScheme.isScheme(rest[..<colon]) {
            rest = rest[rest.utf8.index(after: colon)...]
            if rest.utf8.starts(with: "//".utf8) {
                // The authority runs to the first '/': the query and the fragment are gone already.
                let afterSlashes = rest.utf8.index(rest.utf8.startIndex, offsetBy: 2)
                rest = rest.utf8[afterSlashes...].firstIndex(of: UInt8(ascii: "/")).map { rest[$0...] } ?? ""
            }
        }
        return (rest, query)
    }

    /// Bytes a path may hold as they are (RFC 3986 `pchar` and `/`); the rest is percent-encoded.
    static let pathBytes: [Bool] = allowing("!$&'()*+,;=:@/-._~")
    /// Bytes a query may hold as they are (`pchar`, `/` and `?`).
    static let queryBytes: [Bool] = allowing("!$&'()*+,;=:@/?-._~")

    private static func allowing(_ punctuation: String) -> [Bool] {
        var allowed = [Bool](repeating: false, count: 256)
        for byte in punctuation.utf8 { allowed[Int(byte)] = true }
        for range in [
            UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
        ] {
            for byte in range { allowed[Int(byte)] = true }
        }
        return allowed
    }

    /// `text` with every byte `allowed` does not hold percent-encoded, as `URL(string:)` does: a `%`
    /// stays when two hex digits follow it (an escape already), and is encoded otherwise.
    static func encodingInvalid(_ text: Substring, allowing allowed: [Bool]) -> String {
        let bytes = Array(text.utf8)
        func isHex(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
        func keeps(_ index: Int) -> Bool {
            let byte = bytes[index]
            if allowed[Int(byte)] { return true }
            return byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHex(bytes[index + 1])
                && isHex(bytes[index + 2])
        }
        // Most inputs need nothing encoded: they are returned as they are, without a copy.
        guard let first = bytes.indices.first(where: { !keeps($0) }) else { return String(text) }
        let hex = Array("0123456789ABCDEF".utf8)
        var result = Array(bytes[..<first])
        result.reserveCapacity(bytes.count + 16)
        for index in first..<bytes.count {
            if keeps(index) {
                result.append(bytes[index])
            } else {
                result += [UInt8(ascii: "%"), hex[Int(bytes[index] >> 4)], hex[Int(bytes[index] & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
