/// The strings a target can match a web URL as — its path, then `?query` when the target appends
/// one — as a small automaton over bytes, so that the linter's answers ("no URL matches", "every
/// URL it matches…", "for example …") are about inputs an app can really see, and its examples are
/// URLs that produce them.
///
/// - a path is empty or starts with `/` (Android also `\`, which ends its authority);
/// - Hotwire Native iOS as released and Turbo iOS match the *decoded* path with trailing slashes
///   dropped: any text (a `?` included, from `%3F`), never ending in `/` but the lone `/`, and no
///   `/` before the query;
/// - `main` matches the percent-encoded path (RFC 3986 characters and `%`);
/// - Android matches the path as written (anything but `?` and `#`);
/// - a query follows a `?` when the target appends it: as written on Android, percent-encoded on iOS.
///
/// Control characters are left out (a URL carries them percent-encoded, and a decoded `%0A` at the
/// end is the one input where `$` would match early: the linter does not consider it). Non-ASCII
/// text is well-formed UTF-8 in structure (lead then continuation bytes).
struct InputGrammar {
    /// Where an input is.
    enum Part: Int {
        /// Nothing read yet (the empty path).
        case start
        /// The path `/` alone.
        case root
        /// In the path, after a byte other than `/`.
        case path
        /// In the path, after a `/` that is not the first byte.
        case slash
        /// In the query.
        case query
    }

    /// A state: the part, how many UTF-8 continuation bytes must follow, and how many hex digits
    /// must follow a `%` (percent-encoded parts only).
    struct State: Hashable {
        var part: Part
        var pending: Int
        var hex: Int = 0
    }

    let pathBytes: ByteSet
    let queryBytes: ByteSet
    let appendsQuery: Bool
    let dropsTrailingSlash: Bool
    let backslashStartsPath: Bool
    let decodedPath: Bool
    let nonASCIIInPath: Bool
    let nonASCIIInQuery: Bool
    /// Whether a `%` in the path, and in the query, is followed by two hex digits: in what
    /// Foundation's `URL` gives (it encodes a `%` that is not), not in Android's text as written.
    let escapedPath: Bool
    let escapedQuery: Bool

    init(options: PathConfiguration.Options) {
        let printable = ByteSet(range: 0x20...0x7E)
        let everyByte = UInt8(0)...UInt8(255)
        let encodedPath = ByteSet(everyByte.filter { PathConfiguration.pathBytes[Int($0)] } + [UInt8(ascii: "%")])
        let encodedQuery = ByteSet(everyByte.filter { PathConfiguration.queryBytes[Int($0)] } + [UInt8(ascii: "%")])
        appendsQuery = options.appendsQuery
        switch options.target {
        case .hotwireNativeIOS, .turboIOS:
            pathBytes = printable
            queryBytes = encodedQuery
            dropsTrailingSlash = true
            backslashStartsPath = false
            decodedPath = true
            nonASCIIInPath = true
            nonASCIIInQuery = false
            escapedPath = false
            escapedQuery = true
        case .hotwireNativeIOSMain:
            pathBytes = encodedPath
            queryBytes = encodedQuery
            dropsTrailingSlash = false
            backslashStartsPath = false
            decodedPath = false
            nonASCIIInPath = false
            nonASCIIInQuery = false
            escapedPath = true
            escapedQuery = true
        case .hotwireNativeAndroid, .turboAndroid:
            var path = printable
            path.remove(UInt8(ascii: "?"))
            path.remove(UInt8(ascii: "#"))
            var query = printable
            query.remove(UInt8(ascii: "#"))
            pathBytes = path
            queryBytes = query
            dropsTrailingSlash = false
            backslashStartsPath = true
            decodedPath = false
            nonASCIIInPath = true
            nonASCIIInQuery = true
            escapedPath = false
            escapedQuery = false
        }
    }

    let start = State(part: .start, pending: 0)

    /// Byte sets the grammar tells apart, for the search's byte classes.
    var distinctions: [ByteSet] {
        [
            pathBytes, queryBytes, ByteSet([UInt8(ascii: "/")]), ByteSet([UInt8(ascii: "?")]),
            ByteSet([UInt8(ascii: "\\")]), Self.continuation, Self.lead2, Self.lead3, Self.lead4, Self.hexDigits,
            ByteSet([UInt8(ascii: "%")]),
        ]
    }

    static let continuation = ByteSet(range: 0x80...0xBF)
    static let hexDigits = ByteSet(Array("0123456789abcdefABCDEF".utf8))
    static let lead2 = ByteSet(range: 0xC2...0xDF)
    static let lead3 = ByteSet(range: 0xE0...0xEF)
    static let lead4 = ByteSet(range: 0xF0...0xF4)

    /// Whether an input may end in `state`.
    func accepts(_ state: State) -> Bool {
        state.pending == 0 && state.hex == 0 && !(state.part == .slash && dropsTrailingSlash)
    }

    /// The states after reading `byte` in `state` (none, one, or two: on a decoded path, `?` is a
    /// character of the path or the query's start).
    func next(_ state: State, _ byte: UInt8) -> [State] {
        if state.pending > 0 {
            return Self.continuation.contains(byte) ? [State(part: state.part, pending: state.pending - 1)] : []
        }
        if state.hex > 0 {
            return Self.hexDigits.contains(byte) ? [State(part: state.part, pending: 0, hex: state.hex - 1)] : []
        }
        if byte == UInt8(ascii: "%") && (state.part == .query ? escapedQuery : escapedPath) && state.part != .start {
            return [State(part: state.part == .query ? .query : .path, pending: 0, hex: 2)]
        }
        if byte >= 0x80 {
            guard state.part != .start else { return [] }
            let allowed = state.part == .query ? nonASCIIInQuery : nonASCIIInPath
            guard allowed else { return [] }
            let part: Part = state.part == .query ? .query : .path
            if Self.lead2.contains(byte) { return [State(part: part, pending: 1)] }
            if Self.lead3.contains(byte) { return [State(part: part, pending: 2)] }
            if Self.lead4.contains(byte) { return [State(part: part, pending: 3)] }
            return []
        }
        var found: [State] = []
        switch state.part {
        case .query:
            if queryBytes.contains(byte) { found.append(State(part: .query, pending: 0)) }
        case .start:
            if byte == UInt8(ascii: "/") { found.append(State(part: .root, pending: 0)) }
            if byte == UInt8(ascii: "\\") && backslashStartsPath { found.append(State(part: .path, pending: 0)) }
            if byte == UInt8(ascii: "?") && appendsQuery { found.append(State(part: .query, pending: 0)) }
        case .root, .path, .slash:
            if byte == UInt8(ascii: "/") {
                found.append(State(part: .slash, pending: 0))
            } else if pathBytes.contains(byte) {
                found.append(State(part: .path, pending: 0))
            }
            let slashBeforeQuery = state.part == .slash && dropsTrailingSlash
            if byte == UInt8(ascii: "?") && appendsQuery && !slashBeforeQuery {
                found.append(State(part: .query, pending: 0))
            }
        }
        return found
    }

    /// A URL whose match string is `bytes`, read along `states` (the state after each byte).
    func url(for bytes: [UInt8], states: [State]) -> String {
        var path: [UInt8] = []
        var query: [UInt8]?
        for (byte, state) in zip(bytes, states) {
            if query != nil {
                query?.append(byte)
            } else if state.part == .query {
                query = []
            } else {
                path.append(byte)
            }
        }
        var text = String(decoding: path, as: UTF8.self)
        if decodedPath {
            // Every `%` of a decoded path was written `%25`: encoded first, so that no `%41` of the
            // path is kept as an escape.
            let escaped = path.flatMap { $0 == UInt8(ascii: "%") ? Array("%25".utf8) : [$0] }
            text = PathConfiguration.encodingInvalid(
                Substring(String(decoding: escaped, as: UTF8.self)), allowing: PathConfiguration.pathBytes)
        }
        return "https://example.com" + text + (query.map { "?" + String(decoding: $0, as: UTF8.self) } ?? "")
    }
}

extension ByteSet {
    mutating func remove(_ byte: UInt8) {
        let bit = ~(UInt64(1) << UInt64(byte & 63))
        switch byte >> 6 {
        case 0: words.0 &= bit
        case 1: words.1 &= bit
        case 2: words.2 &= bit
        default: words.3 &= bit
        }
    }
}
