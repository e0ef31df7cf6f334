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
public struct QueryParameters: Hashable, Sendable, Sequence, CustomStringConvertible {
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
        var query = query
        self = query.withUTF8 { Self(bytes: $0) }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        var separators = 0
        for byte in bytes where byte == UInt8(ascii: "&") { separators += 1 }
        var items: [Item] = []
        items.reserveCapacity(separators + 1)
        var start = 0
        var index = 0
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: "&") {
                if index > start {
                    items.append(Self.item(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                }
                start = index + 1
            }
            index += 1
        }
        self.items = items
    }

    /// One `name=value` (or `name`) item, decoded.
    private static func item(_ item: UnsafeBufferPointer<UInt8>) -> Item {
        guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else {
            return Item(name: PercentDecoding.decodeLeniently(item, plusAsSpace: true), value: nil)
        }
        let name = PercentDecoding.decodeLeniently(UnsafeBufferPointer(rebasing: item[..<equals]), plusAsSpace: true)
        let value = PercentDecoding.decodeLeniently(
            UnsafeBufferPointer(rebasing: item[(equals + 1)...]), plusAsSpace: true)
        return Item(name: name, value: value)
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

    /// The items as `name=value` (or `name`), joined by `&`, decoded.
    public var description: String {
        items.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }.joined(separator: "&")
    }
}
