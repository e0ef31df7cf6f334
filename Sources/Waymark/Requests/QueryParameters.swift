/// The decoded `name=value` pairs of a query string: an ordered multi-map.
///
/// Decoding follows DESIGN.md: split on `&` only; each item splits at its first `=`; `+` becomes a
/// space, then names and values are percent-decoded once (so `%2B` stays `+`); an invalid escape
/// stays literal; an item with no `=` is present with no value; `a=` is the empty string. Names
/// are case-sensitive and every value is kept, in order. An item whose decoded bytes are not valid
/// UTF-8 is kept exactly as written.
///
/// ```swift
/// let query = QueryParameters(parsing: "tag=red&tag=blue&q=a+b%2Bc&flag")
/// query["tag"]               // "red"
/// query.values(for: "tag")   // ["red", "blue"]
/// query["q"]                 // "a b+c"
/// query.contains("flag")     // true; query["flag"] is "" and its item's value is nil
/// ```
public struct QueryParameters: Hashable, Sendable, Sequence {
    /// One query item.
    public struct Item: Hashable, Sendable {
        /// The decoded name.
        public let name: String
        /// The decoded value, or `nil` for an item written without `=`.
        public let value: String?

        /// Creates an item.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// Every item, in order.
    public let items: [Item]

    /// Creates parameters from items.
    public init(_ items: [Item] = []) {
        self.items = items
    }

    /// Parses a raw query string (without the leading `?`).
    public init(parsing query: String) {
        self = query.withUTF8Bytes { Self(bytes: $0) }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        // No query has `Int.max` items, so the limited parse always answers.
        self = Self(bytes: bytes, maximumItems: .max) ?? Self()
    }

    /// Parses a query in one pass, or returns `nil` as soon as it has more than `maximumItems`
    /// items (so that a query over the limit costs no more than the limit). Items made only of
    /// ASCII bytes other than `%` and `+`, the common case, become strings without a decoding pass.
    init?(bytes: UnsafeBufferPointer<UInt8>, maximumItems: Int) {
        var items: [Item] = []
        items.reserveCapacity(Swift.min(bytes.count / 2 + 1, 8))
        let classes = Self.byteClasses.utf8Start
        let count = bytes.count
        var start = 0
        var equals = -1
        var plain = true
        var index = 0
        while index <= count {
            // Ordinary bytes in a tight loop; the end of the string closes the last item like '&'.
            var byteClass = Self.separator
            while index < count {
                byteClass = classes[Int(bytes[index])]
                if byteClass != Self.ordinary { break }
                index += 1
            }
            if index == count { byteClass = Self.separator }
            switch byteClass {
            case Self.separator:
                if index > start {
                    if items.count == maximumItems { return nil }
                    items.append(Self.item(bytes, start..<index, equals: equals, plain: plain))
                }
                start = index + 1
                equals = -1
                plain = true
            case Self.equalsSign:
                if equals < 0 { equals = index }
            default:
                plain = false
            }
            index += 1
        }
        self.items = items
    }

    // Byte classes for the query scan: '0' ordinary, '1' '&', '2' '=', '3' a byte that needs decoding
    // ('%', '+' or non-ASCII). Control characters are ordinary here, kept as they are (a
    // URL with one never gets this far, the URL parser refuses it).
    private static let byteClasses: StaticString = """
        0000000000000000000000000000000000000310000300000000000000000200\
        0000000000000000000000000000000000000000000000000000000000000000\
        3333333333333333333333333333333333333333333333333333333333333333\
        3333333333333333333333333333333333333333333333333333333333333333
        """
    private static let ordinary = UInt8(ascii: "0")
    private static let separator = UInt8(ascii: "1")
    private static let equalsSign = UInt8(ascii: "2")

    /// One `name=value` (or `name`) item, decoded; `equals` is the index of its first `=`, or -1.
    /// Written out for the plain case rather than through a helper closure: this runs for every
    /// item of every request.
    private static func item(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, equals: Int, plain: Bool)
        -> Item
    {
        let nameEnd = equals >= 0 ? equals : range.upperBound
        let name = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<nameEnd])
        let value = equals >= 0 ? UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<range.upperBound]) : nil
        if plain {
            return Item(name: PercentDecoding.asciiString(name), value: value.map(PercentDecoding.asciiString))
        }
        return Item(
            name: PercentDecoding.decodeLeniently(name, plusAsSpace: true),
            value: value.map { PercentDecoding.decodeLeniently($0, plusAsSpace: true) })
    }

    /// The first value for a name; an item written without `=` reads as `""`. `nil` when absent.
    public subscript(name: String) -> String? {
        guard let item = items.first(where: { $0.name == name }) else { return nil }
        return item.value ?? ""
    }

    /// Every value for a name, in order (items without `=` read as `""`).
    public func values(for name: String) -> [String] {
        items.filter { $0.name == name }.map { $0.value ?? "" }
    }

    /// Whether an item with this name is present, with or without a value.
    public func contains(_ name: String) -> Bool {
        items.contains { $0.name == name }
    }

    /// The distinct names, in order of first appearance.
    public var names: [String] {
        var seen: Set<String> = []
        return items.compactMap { seen.insert($0.name).inserted ? $0.name : nil }
    }

    /// Whether there are no items.
    public var isEmpty: Bool { items.isEmpty }

    /// Iterates over the items in order.
    public func makeIterator() -> IndexingIterator<[Item]> { items.makeIterator() }
}
