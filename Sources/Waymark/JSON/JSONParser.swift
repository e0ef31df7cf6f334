package import Foundation

/// Reads JSON documents (route files, path configurations) the same way on every platform.
///
/// Foundation's readers differ between Apple's systems and Linux, and between OS versions: in which
/// extensions they accept (trailing commas), in how they word a syntax error (so its position cannot
/// be read back out of the message), and none of them reports a key written twice — it keeps one of
/// the two, so `{"internal": false, "internal": true}` says one thing to a reviewer and another to
/// the app. This reader is RFC 8259 JSON, plus trailing commas when asked, and:
/// - every error names its line and column (counted in Unicode scalars from 1);
/// - a key written twice in one object is an error that names the key and both places;
/// - arrays and objects nest at most ``Options/maximumDepth`` deep, and the reader keeps its own
///   stack, so no document can exhaust the thread's stack; the work is linear in the document's size,
///   whatever its shape (strings of escapes included).
package enum JSONParser {
    /// What the reader accepts beyond RFC 8259.
    package struct Options: Sendable {
        /// A `,` before `]` or `}` is skipped, as Hotwire documents in the wild are written.
        package var allowsTrailingCommas = true
        /// The deepest nesting of arrays and objects accepted.
        package var maximumDepth = 512

        /// The default options: trailing commas accepted, nesting to 512.
        package init() {}
    }

    /// Parses a whole document: one value, with only white space around it. A UTF-8 byte order mark
    /// at the start is skipped.
    package static func parse(_ data: Data, options: Options = Options()) throws(JSONSyntaxError) -> JSONValue {
        var work = 0
        return try parse(data, options: options, work: &work)
    }

    /// ``parse(_:options:)``, adding to `work` the bytes read and every member or byte moved
    /// between buffers (a member into its container, a string's bytes into its decoded text, and
    /// everything a buffer holds when it grows or is copied): the count that tests follow across
    /// sizes to show the reader stays linear.
    static func parse(_ data: Data, options: Options, work: inout Int) throws(JSONSyntaxError) -> JSONValue {
        // The bytes where `data` holds them: no copy of a document of megabytes.
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self), options: options)
            defer { work += reader.index + reader.moved }
            do throws(JSONSyntaxError) {
                return .success(try reader.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// Where and why a document is not JSON.
package struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, without the position: `unexpected character 'x'`.
    package var message: String
    /// The line, from 1.
    package var line: Int
    /// The column on that line, from 1, in Unicode scalars.
    package var column: Int

    /// `message at line L, column C`.
    package var description: String { "\(message) at line \(line), column \(column)" }
}

extension JSONParser {
    /// One open array or object, with its members so far. Frames are changed in place on the
    /// stack (`stack[top].items.append(…)`), never taken off it and put back: a frame taken off
    /// the stack, or a copy of one kept in a local, shares its members' storage, and the next
    /// member then copies them all (an array of n numbers would take n²/2 copies that way).
    ///
    /// An object's keys and values are kept in arrays while it is read, and put in a dictionary of
    /// the right capacity when it closes: one hash of each key, which also finds a key written
    /// twice (reported then, at the second key). Checking each key against a dictionary of the keys
    /// so far, then building the object's dictionary, would hash each key three times and rehash
    /// them as that dictionary grows (measured: docs/performance.md, "Reading JSON at the size cap,
    /// and many URLs (issue 31)").
    ///
    /// A closed object's frame stays on the stack, emptied, with its buffers, for the next object
    /// or array opened at its depth: a document of many small objects allocates a dictionary for
    /// each and no buffers. (An array's values become the array, so its frame gives them away.)
    private struct Frame {
        var isObject: Bool
        /// The members' values, in order; for an object, their keys too (the last one's value is
        /// being read), and where each key was written, for a duplicate's message.
        var items: [JSONValue] = []
        var keys: [String] = []
        var keyOffsets: [Int] = []
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let options: Options
        var index = 0
        /// Members and string bytes moved between buffers so far (see
        /// ``JSONParser/parse(_:options:work:)``).
        var moved = 0
        /// The decoded bytes of the string being read, when it has escapes: one buffer for every
        /// string of the document, emptied for each, so that a string costs no allocation of its own.
        private var decoded: [UInt8] = []
        /// One-member objects of a short key and a scalar value met so far, by a hash of both
        /// (direct-mapped, so it never grows): a document of many alike small objects shares one
        /// dictionary per kind, as values do, instead of allocating one each (measured:
        /// docs/performance.md, "Reading JSON at the size cap, and many URLs (issue 31)").
        /// Made on first use, and sized by the document (16 slots for a few hundred bytes, 1,024
        /// from 16 kB), so that a small document does not pay for a full table (measured:
        /// docs/performance.md, "Loading a real path configuration (issues 18 and 32)").
        private var smallObjects: [[String: JSONValue]?] = []

        init(bytes: UnsafeBufferPointer<UInt8>, options: Options) {
            self.bytes = bytes
            self.options = options
        }

        mutating func document() throws(JSONSyntaxError) -> JSONValue {
            try validateUTF8()
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            // The frames `stack[0..<depth]` are open; those after them are spares (see ``Frame``).
            var stack: [Frame] = []
            var depth = 0
            func push(isObject: Bool) {
                if depth < stack.count {
                    stack[depth].isObject = isObject
                } else {
                    stack.append(Frame(isObject: isObject))
                }
                depth += 1
            }
            while true {
                skipWhiteSpace()
                // Read the value that is due: a scalar completes at once; a container opens a frame,
                // unless it is empty.
                var value: JSONValue
                switch peek() {
                case UInt8(ascii: "{"):
                    try open(depth: depth)
                    index += 1
                    skipWhiteSpace()
                    if peek() == UInt8(ascii: "}") {
                        index += 1
                        value = .object([:])
                    } else {
                        let key = try memberKey()
                        push(isObject: true)
                        moved += stack[depth - 1].keys.appendCountingMoves(key.text)
                        moved += stack[depth - 1].keyOffsets.appendCountingMoves(key.offset)
                        continue
                    }
                case UInt8(ascii: "["):
                    try open(depth: depth)
                    index += 1
                    skipWhiteSpace()
                    if peek() == UInt8(ascii: "]") {
                        index += 1
                        value = .array([])
                    } else {
                        push(isObject: false)
                        continue
                    }
                default:
                    value = try scalar()
                }
                // Hand the finished value to the containers it closes, until one wants another value.
                while depth > 0 {
                    let top = depth - 1
                    skipWhiteSpace()
                    moved += stack[top].items.appendCountingMoves(value)
                    if stack[top].isObject {
                        if try separator(closing: UInt8(ascii: "}")) {
                            value = .object(try members(of: stack[top]))
                            stack[top].items.removeAll(keepingCapacity: true)
                            stack[top].keys.removeAll(keepingCapacity: true)
                            stack[top].keyOffsets.removeAll(keepingCapacity: true)
                            depth -= 1
                            continue
                        }
                        let key = try memberKey()
                        moved += stack[top].keys.appendCountingMoves(key.text)
                        moved += stack[top].keyOffsets.appendCountingMoves(key.offset)
                    } else if try separator(closing: UInt8(ascii: "]")) {
                        var items: [JSONValue] = []
                        swap(&items, &stack[top].items)
                        value = .array(items)
                        depth -= 1
                        continue
                    }
                    break
                }
                if depth == 0 {
                    skipWhiteSpace()
                    if index < bytes.count {
                        throw error("unexpected \(describeByte()) after the document's value")
                    }
                    return value
                }
            }
        }

        /// A closed object's members as a dictionary, refusing a key written twice: the error is at
        /// the second place and names the first.
        private mutating func members(of frame: Frame) throws(JSONSyntaxError) -> [String: JSONValue] {
            moved += frame.items.count
            // One member, the commonest object (`{"title": …}`): a literal, whose storage the
            // compiler makes without looking up its type at run time.
            if frame.keys.count == 1, let key = frame.keys.first, let value = frame.items.first {
                guard key.utf8.count <= 32, value.isScalar else { return [key: value] }
                var hasher = Hasher()
                hasher.combine(key)
                hasher.combine(value)
                if smallObjects.isEmpty {
                    var slots = 16
                    while slots < 1024 && slots * 16 < bytes.count { slots *= 2 }
                    smallObjects = [[String: JSONValue]?](repeating: nil, count: slots)
                }
                let slot = hasher.finalize() & (smallObjects.count - 1)
                if let known = smallObjects[slot], let member = known[key], member.isIdentical(to: value) {
                    return known
                }
                let object = [key: value]
                smallObjects[slot] = object
                return object
            }
            var members = [String: JSONValue](minimumCapacity: frame.keys.count)
            for (place, key) in frame.keys.enumerated()
            where members.updateValue(frame.items[place], forKey: key) != nil {
                let first = frame.keys.firstIndex(of: key) ?? place
                let (line, column) = position(of: frame.keyOffsets[first])
                throw error(
                    "duplicate key \"\(key)\" (first at line \(line), column \(column)); each key may appear once",
                    at: frame.keyOffsets[place])
            }
            return members
        }

        /// Refuses an array or object that would nest deeper than the limit (`depth` are open already).
        private func open(depth: Int) throws(JSONSyntaxError) {
            if depth >= options.maximumDepth {
                throw error("arrays and objects nest deeper than \(options.maximumDepth) levels")
            }
        }

        /// After a member: `,` (then `true` only when a trailing comma closes the container) or the
        /// closing bracket (`true`).
        private mutating func separator(closing: UInt8) throws(JSONSyntaxError) -> Bool {
            if peek() == closing {
                index += 1
                return true
            }
            guard peek() == UInt8(ascii: ",") else {
                throw error("expected ',' or '\(Character(UnicodeScalar(closing)))', found \(describeByte())")
            }
            let comma = index
            index += 1
            skipWhiteSpace()
            if peek() == closing {
                guard options.allowsTrailingCommas else {
                    index = comma
                    throw error("a ',' must be followed by another value")
                }
                index += 1
                return true
            }
            return false
        }

        /// A member's key and its `:`. A key the object already has is refused when the object
        /// closes (``members(of:)``).
        private mutating func memberKey() throws(JSONSyntaxError) -> (text: String, offset: Int) {
            skipWhiteSpace()
            guard peek() == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeByte())")
            }
            let offset = index
            let key = try string()
            skipWhiteSpace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", found \(describeByte())")
            }
            index += 1
            return (key, offset)
        }

        private mutating func scalar() throws(JSONSyntaxError) -> JSONValue {
            // At the end, 0 stands for "no byte": it is no value's first byte either.
            switch peek() ?? 0 {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("expected a value, found \(describeByte())")
            }
        }

        private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected)
            else {
                throw error("expected a value, found \(describeByte())")
            }
            index += expected.count
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as a finite `Double`.
        private mutating func number() throws(JSONSyntaxError) -> Double {
            let start = index
            let isNegative = peek() == UInt8(ascii: "-")
            if isNegative { index += 1 }
            let integerStart = index
            if peek() == UInt8(ascii: "0") {
                index += 1
            } else {
                guard try digits() > 0 else { throw error("expected a digit, found \(describeByte())") }
            }
            let integerEnd = index
            var isInteger = true
            if peek() == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                guard try digits() > 0 else { throw error("expected a digit after '.', found \(describeByte())") }
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                isInteger = false
                index += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
                guard try digits() > 0 else { throw error("expected a digit in the exponent, found \(describeByte())") }
            }
            // Most numbers in these documents are small integers: up to 15 digits, a Double holds
            // them exactly, so they are added up here instead of going through a string and strtod
            // (which took most of the time of a document of numbers).
            if isInteger && integerEnd - integerStart <= 15 {
                var value: Int64 = 0
                for byte in bytes[integerStart..<integerEnd] { value = value &* 10 &+ Int64(byte &- UInt8(ascii: "0")) }
                return isNegative ? -Double(value) : Double(value)
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                index = start
                // Too large in magnitude, either sign (a number too close to 0 reads as 0).
                throw error(
                    "the number \(text) is out of range (beyond ±1.8e308, the limit of a 64-bit floating-point number)")
            }
            return value
        }

        private mutating func digits() throws(JSONSyntaxError) -> Int {
            let start = index
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }

        /// A string from its opening quote: escapes decoded, control characters refused.
        ///
        /// Linear in the string whatever it holds: a string without escapes is one slice of the
        /// document; one with escapes is decoded into the reader's buffer, sized once for the whole
        /// string, that each run of plain bytes and each escape is appended to in place. Copying
        /// everything decoded so far at each escape would make a string of escapes quadratic
        /// (measured: docs/security.md, "Worst cases").
        private mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            let start = index
            // Where the string can end at the latest, and whether it has an escape: the first quote
            // not escaped, control character or end of the document. A string without escapes that
            // ends at a quote is done; anything else is read below, which reports what is wrong.
            var end = start
            var hasEscape = false
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") || byte < 0x20 { break }
                if byte == UInt8(ascii: "\\") {
                    hasEscape = true
                    end += 1
                }
                end += 1
            }
            end = min(end, bytes.count)
            if !hasEscape && end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
                index = end + 1
                // A rebased buffer takes the standard library's contiguous fast path; a slice of
                // one went through the generic collection path, the parser's largest cost.
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            // No escape is longer decoded than written, so the decoded text fits in `end - start`
            // bytes: the buffer never grows while the string is read, and only a copy made by
            // mistake could move it.
            decoded.removeAll(keepingCapacity: true)
            decoded.reserveCapacity(end - start)
            var runStart = start
            while true {
                guard let byte = peek() else { throw error("the string that starts here is not closed", at: start - 1) }
                switch byte {
                case UInt8(ascii: "\""):
                    moved += decoded.appendCountingMoves(contentsOf: bytes[runStart..<index])
                    index += 1
                    moved += decoded.count
                    return String(decoding: decoded, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    moved += decoded.appendCountingMoves(contentsOf: bytes[runStart..<index])
                    let scalar = try escape()
                    UTF8.encode(scalar) { moved += 1 + decoded.appendCountingMoves($0) }
                    runStart = index
                case 0..<0x20:
                    throw error("a control character (U+\(hex(UInt32(byte), width: 4))) must be escaped in a string")
                default:
                    index += 1
                }
            }
        }

        /// One escape, from its backslash: the scalar it stands for (a surrogate pair is one).
        private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
            let start = index
            index += 1
            guard let letter = peek() else { throw error("the string that starts here is not closed", at: start) }
            index += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                var scalar = try hexQuad(escapeStart: start)
                if (0xD800..<0xDC00).contains(scalar) {
                    guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else {
                        throw error(
                            "the escape \\u\(hex(scalar, width: 4)) is half of a surrogate pair, with no second half",
                            at: start)
                    }
                    let low = index
                    index += 2
                    let second = try hexQuad(escapeStart: low)
                    guard (0xDC00..<0xE000).contains(second) else {
                        throw error(
                            "the escape \\u\(hex(scalar, width: 4)) is half of a surrogate pair, with no second half",
                            at: start)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (second - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error(
                        "the escape \\u\(hex(scalar, width: 4)) is the second half of a surrogate pair, with no first half",
                        at: start)
                }
                // Every value left is a Unicode scalar: surrogates were handled above.
                guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape", at: start) }
                return unicode
            default:
                throw error("unknown escape '\\\(Character(UnicodeScalar(letter)))'", at: start)
            }
        }

        private mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek(), let digit = PercentDecoding.hexValue(byte) else {
                    throw error("a \\u escape needs four hexadecimal digits", at: escapeStart)
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// The whole document must be UTF-8: checked once, so strings can be made from slices.
        private mutating func validateUTF8() throws(JSONSyntaxError) {
            if let offset = PercentDecoding.firstInvalidUTF8(bytes) {
                // The byte offset as well as the line and column: an editor may show the invalid
                // byte as a replacement character, or not at all.
                throw error(
                    "the document is not UTF-8 (byte 0x\(hex(UInt32(bytes[offset]), width: 2)) at byte offset \(offset))",
                    at: offset)
            }
        }

        private mutating func skipWhiteSpace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        /// The byte at the reader's position, for a message: a quoted character, or the end.
        private func describeByte() -> String {
            guard let byte = peek() else { return "the end of the document" }
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
            if byte >= 0x80 {
                let scalarEnd = bytes[(index + 1)...].firstIndex { $0 & 0xC0 != 0x80 } ?? bytes.count
                return "'\(String(decoding: bytes[index..<scalarEnd], as: UTF8.self))'"
            }
            return "U+\(hex(UInt32(byte), width: 4))"
        }

        private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
            let (line, column) = position(of: offset ?? index)
            return JSONSyntaxError(message: message, line: line, column: column)
        }

        /// The line and column of a byte offset: lines end at LF; columns count Unicode scalars.
        private func position(of offset: Int) -> (line: Int, column: Int) {
            let end = min(offset, bytes.count)
            var line = 1
            // A byte order mark is no column of the first line: editors do not show it.
            var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, end) : 0
            for position in lineStart..<end where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            let column = bytes[lineStart..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return (line, column)
        }

        private func hex(_ value: UInt32, width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }
}

extension JSONValue {
    /// Whether the value is not an array or an object.
    fileprivate var isScalar: Bool {
        switch self {
        case .null, .bool, .number, .string: true
        case .array, .object: false
        }
    }

    /// `==`, but numbers by their bits: `-0` is not `0` here (a shared small object must be the
    /// one the document spelled).
    fileprivate func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let lhs), .number(let rhs)): lhs.bitPattern == rhs.bitPattern
        default: self == other
        }
    }
}
