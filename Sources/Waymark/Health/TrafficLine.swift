/// One line of traffic, as `waymark report` reads it: a URL, `COUNT URL`, or a web server's
/// access-log line. The one place that says how a line is read.
enum TrafficLine {
    /// The count and the link of a line; `nil` for a blank line, a comment (`#` first) or an
    /// access-log line without a request.
    ///
    /// - `COUNT URL`: 1 to 18 ASCII digits, spaces or tabs, then the URL (no URL starts with digits
    ///   and a space).
    /// - An access-log line (common or combined format: `HOST - USER [TIME] "GET /path?q HTTP/1.1" …`):
    ///   the first quoted part, a method, a space, the request target, a space and `HTTP/`. A
    ///   target that starts with `/` is a link of `base`; an absolute target is itself.
    /// - Anything else is a URL as written.
    static func read(_ line: String, base: String?) -> (count: Int, link: String)? {
        var bytes = Substring(line).utf8[...]
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D { bytes = bytes.dropLast() }
        guard let first = bytes.first, first != UInt8(ascii: "#") else { return nil }
        if let counted = counted(bytes) { return counted }
        if let target = requestTarget(bytes) {
            if target.first == UInt8(ascii: "/") {
                guard let base else { return (1, String(decoding: target, as: UTF8.self)) }
                return (1, base + String(decoding: target, as: UTF8.self))
            }
            return (1, String(decoding: target, as: UTF8.self))
        }
        if isAccessLogShaped(bytes) { return nil }
        return (1, String(decoding: bytes, as: UTF8.self))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func counted(_ bytes: Substring.UTF8View.SubSequence) -> (count: Int, link: String)? {
        var index = bytes.startIndex
        var count = 0
        var digits = 0
        while index < bytes.endIndex, isDigit(bytes[index]) {
            guard digits < 18 else { return nil }
            // Saturating: 18 digits overflow a 32-bit `Int` (Apple Watch).
            let (times, overflowed) = count.multipliedReportingOverflow(by: 10)
            count = overflowed ? .max : times
            count.addSaturating(Int(bytes[index] - 0x30))
            digits += 1
            index = bytes.index(after: index)
        }
        guard digits > 0, index < bytes.endIndex, isBlank(bytes[index]) else { return nil }
        while index < bytes.endIndex, isBlank(bytes[index]) { index = bytes.index(after: index) }
        guard index < bytes.endIndex else { return nil }
        return (count, String(decoding: bytes[index...], as: UTF8.self))
    }

    /// The request target of an access-log line's `"METHOD TARGET HTTP/x"`, if the line has one.
    private static func requestTarget(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence? {
        guard let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        var index = bytes.index(after: quote)
        let methodStart = index
        while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "A"), bytes[index] <= UInt8(ascii: "Z") {
            index = bytes.index(after: index)
        }
        guard index > methodStart, index < bytes.endIndex, bytes[index] == 0x20 else { return nil }
        let targetStart = bytes.index(after: index)
        guard let space = bytes[targetStart...].firstIndex(of: 0x20), space > targetStart else { return nil }
        guard bytes[bytes.index(after: space)...].starts(with: "HTTP/".utf8) else { return nil }
        return bytes[targetStart..<space]
    }

    /// A line with a bracketed time and a quoted part, but no request in it (`"-"` for a probe
    /// that sent none): an access-log line to skip, not a URL.
    private static func isAccessLogShaped(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")),
            let close = bytes[open...].firstIndex(of: UInt8(ascii: "]"))
        else { return false }
        return bytes[close...].contains(UInt8(ascii: "\""))
    }
}
