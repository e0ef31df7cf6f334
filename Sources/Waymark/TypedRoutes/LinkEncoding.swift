/// Percent-encoding for each position of a link.
package enum LinkEncoding {
    /// A path segment: unreserved characters and `!$&'()*+,;=@` stay; `.` and `..` alone are
    /// encoded so no URL layer treats them as dot segments; everything else is `%XX` of its UTF-8.
    package static func pathSegment(_ text: String) -> String {
        if text == "." { return "%2E" }
        if text == ".." { return "%2E%2E" }
        return encode(text) { byte in
            isUnreserved(byte) || "!$&'()*+,;=@".utf8.contains(byte)
        }
    }

    /// A fragment: unreserved characters, the sub-delimiters, `:`, `@`, `/` and `?` stay (RFC 3986's
    /// fragment characters); everything else, `#` and `%` included, is percent-encoded.
    package static func fragment(_ text: String) -> String {
        encode(text) { byte in
            isUnreserved(byte) || "!$&'()*+,;=:@/?".utf8.contains(byte)
        }
    }

    /// A query name or value: only unreserved characters stay (so `&`, `=`, `+`, `,` and `#` are
    /// always encoded, and a comma inside a list element stays inside it).
    package static func queryComponent(_ text: String) -> String {
        encode(text, keep: isUnreserved)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func encode(_ text: String, keep: (UInt8) -> Bool) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
