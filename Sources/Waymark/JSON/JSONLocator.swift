package import Foundation

/// Finds where values of a JSON document are written, by path (`routes[2].template`, `default`,
/// `rules[0].patterns[1]`), as the line and column a compiler's diagnostic gives: what lets
/// `waymark check --compiler-style` and the build-tool plugin put a route file's problem on its
/// line in Xcode.
///
/// The parsed ``JSONValue`` keeps no positions (every route file and path configuration would pay
/// for them); the few documents with problems are read a second time, here, in one pass whatever
/// the number of paths asked for. The pass keeps its own stack (no recursion), follows only the
/// members the paths asked for go through, and stops at the first byte that is not JSON: a
/// document that does not parse has its position in its syntax error already.
package enum JSONLocator {
    /// A place in a document: the line (from 1, lines end at LF) and the column (from 1, in
    /// Unicode scalars), as ``JSONSyntaxError`` counts them.
    package struct Position: Hashable, Sendable {
        /// The line, from 1.
        package var line: Int
        /// The column on that line, from 1, in Unicode scalars.
        package var column: Int
    }

    /// One place to find: the value at a path or, when the document has no such value, at the
    /// longest prefix of it that it has (`routes[2].name` falls back to `routes[2]`, then to
    /// `routes`, then to the document); `characterInString` characters into it when it is a string
    /// (a template's column).
    package struct Query: Hashable, Sendable {
        /// The value's path, from the document: keys and indexes, as the file's own text has them
        /// (a key may hold `.` or `[`: it is one component).
        package var components: [Component]
        /// How many characters of the string's decoded text to step over (0: its opening quote).
        package var characterInString: Int

        /// A query for a value, or for a character of a string value.
        package init(components: [Component], characterInString: Int = 0) {
            self.components = components
            self.characterInString = characterInString
        }

        /// A query for a path written as text, `rules[3].patterns[0]`, whose keys hold no `.` or
        /// `[` (keys of the formats' own vocabulary; a key from a document goes in ``init(components:characterInString:)``).
        package init(path: String, characterInString: Int = 0) {
            self.init(components: JSONLocator.components(of: path), characterInString: characterInString)
        }
    }

    /// One step of a path: a member's key, or an array's index.
    package enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// Where each query is, in order; the document's first byte (after a byte order mark) for a
    /// query whose path is not found at any length.
    package static func positions(of queries: [Query], in data: Data) -> [Position] {
        var work = 0
        return positions(of: queries, in: data, work: &work)
    }

    /// ``positions(of:in:)``, adding to `work` the bytes read, the characters of every key looked
    /// up, and every component of the queries: the count tests follow across sizes and shapes to
    /// show the work stays linear.
    static func positions(of queries: [Query], in data: Data, work: inout Int) -> [Position] {
        let bytes = [UInt8](data)
        // The paths make a tree (node 0 is the document); every node is a prefix of some query.
        var tree = PrefixTree<Component>()
        let nodes = queries.map { query in
            work += query.components.count + 1
            return tree.insert(query.components)
        }
        let offsets = valueOffsets(children: tree.children, in: bytes, work: &work)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let found: [Int] = zip(queries, nodes).map { query, path in
            // The deepest node of the path the document has.
            guard let deepest = path.lastIndex(where: { offsets[$0] != nil }), let offset = offsets[path[deepest]]
            else { return start }
            guard deepest == path.count - 1, query.characterInString > 0 else { return offset }
            return offsetInString(bytes, from: offset, characters: query.characterInString)
        }
        return lineAndColumn(of: found, in: bytes, from: start)
    }

    /// One open array or object of the pass: its node among the paths asked for (`nil` when no
    /// path asked for goes through it), the key being read (objects) or the index (arrays).
    private struct Frame {
        var node: Int?
        var isObject: Bool
        var key = ""
        var index = 0
    }

    private enum Expecting { case value, valueOrClose, keyOrClose, separatorOrClose }

    /// The components of a path: `routes[2].template` → `routes`, `[2]`, `template`.
    package static func components(of path: String) -> [Component] {
        var components: [Component] = []
        var current = ""
        var inBrackets = false
        func end() {
            if inBrackets, let index = Int(current) {
                components.append(.index(index))
            } else if !current.isEmpty {
                components.append(.key(inBrackets ? "[" + current : current))
            }
            current = ""
        }
        for character in path {
            switch character {
            case ".":
                end()
                inBrackets = false
            case "[":
                end()
                inBrackets = true
            case "]" where inBrackets:
                end()
                inBrackets = false
            default:
                current.append(character)
            }
        }
        end()
        return components
    }

    /// The byte offset of the value of each node of the tree `children` (node 0 is the document;
    /// `children[n]` maps a key or index to a child node), in one pass: a container's node comes
    /// with it, and a member's node is one look-up of its key or index among the node's children.
    /// A value no node stands for has no node, nor has anything inside it, so no path is ever
    /// built: a long key above many values costs its length once.
    static func valueOffsets(children: [[Component: Int]], in bytes: [UInt8], work: inout Int) -> [Int: Int] {
        var offsets: [Int: Int] = [:]
        var stack: [Frame] = []
        var expecting = Expecting.value
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lookedUp = 0
        defer { work += index + lookedUp }
        func node(in frame: Frame?) -> Int? {
            guard let frame else { return 0 }
            guard let parent = frame.node else { return nil }
            lookedUp += frame.isObject ? frame.key.utf8.count : 1
            return children[parent][frame.isObject ? .key(frame.key) : .index(frame.index)]
        }
        while true {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return offsets }
            let byte = bytes[index]
            switch expecting {
            case .valueOrClose where byte == UInt8(ascii: "]"), .keyOrClose where byte == UInt8(ascii: "}"):
                stack.removeLast()
                index += 1
                expecting = .separatorOrClose
            case .valueOrClose, .value:
                let valueNode = node(in: stack.last)
                if let valueNode { offsets[valueNode] = index }
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    stack.append(Frame(node: valueNode, isObject: byte == UInt8(ascii: "{")))
                    index += 1
                    expecting = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                case UInt8(ascii: "\""):
                    index = endOfString(bytes, from: index)
                    expecting = .separatorOrClose
                default:
                    let delimiters: [UInt8] = [0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D]  // space, tab, LF, CR , ] }
                    let end = bytes[index...].firstIndex(where: delimiters.contains) ?? bytes.count
                    guard end > index else { return offsets }
                    index = end
                    expecting = .separatorOrClose
                }
            case .keyOrClose:
                guard byte == UInt8(ascii: "\"") else { return offsets }
                let end = endOfString(bytes, from: index)
                // The key as written between its quotes: route files' keys have no escapes, and a
                // key that has them is only located less well. Read only where a path goes on.
                let key =
                    stack.last?.node == nil
                    ? "" : String(decoding: bytes[(index + 1)..<max(index + 1, end - 1)], as: UTF8.self)
                index = end
                while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":"), !stack.isEmpty else { return offsets }
                index += 1
                stack[stack.count - 1].key = key
                expecting = .value
            case .separatorOrClose:
                guard let top = stack.last else { return offsets }
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if top.isObject {
                        expecting = .keyOrClose
                    } else {
                        stack[stack.count - 1].index += 1
                        expecting = .valueOrClose
                    }
                } else if byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    stack.removeLast()
                    index += 1
                } else {
                    return offsets
                }
            }
        }
    }

    /// The offset just after the string that opens at `start` (its closing quote included), or the
    /// end of the bytes for a string that is not closed.
    static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The offset of the character `characters` steps into the string that opens at `start`,
    /// counting an escape (`\n`, `\u00e9`, a surrogate pair) as the one character it stands for;
    /// the closing quote when the string is shorter.
    static func offsetInString(_ bytes: [UInt8], from start: Int, characters: Int) -> Int {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return start }
        var index = start + 1
        var stepped = 0
        while index < bytes.count, stepped < characters, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                // `\uD83D\uDE00` is one character written as two escapes; any other escape is one.
                let isPair = unicodeEscape(bytes, at: index).map { (0xD800...0xDBFF).contains($0) } ?? false
                let isUnicode = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "u")
                index += isPair ? 12 : isUnicode ? 6 : 2
            } else {
                // One scalar: its lead byte, then its continuation bytes.
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
            stepped += 1
        }
        return min(index, bytes.count)
    }

    /// The value of the `\uXXXX` escape at `index`, or `nil` when there is none.
    static func unicodeEscape(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index + 5 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        return Int(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
    }

    /// The line and column of each offset, in one sweep over the bytes up to the last of them,
    /// counting from `start` (after a byte order mark, which no editor shows as a column).
    static func lineAndColumn(of offsets: [Int], in bytes: [UInt8], from start: Int = 0) -> [Position] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var positions = [Position](repeating: Position(line: 1, column: 1), count: offsets.count)
        var line = 1
        var column = 1
        var index = start
        for place in order {
            let target = min(offsets[place], bytes.count)
            while index < target {
                if bytes[index] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[index] & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            positions[place] = Position(line: line, column: column)
        }
        return positions
    }
}
