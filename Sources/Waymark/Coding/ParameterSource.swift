/// The named values a typed input is decoded from: route parameters first, then query items.
///
/// A route parameter hides query items of the same name. Names of nested values are written
/// `filter[color]`; ``hasValues(under:)`` tells whether any name starts with a prefix.
struct ParameterSource {
    struct Entry {
        /// Decoded values in order; `nil` for a query item written without `=`.
        var values: [String?]
        /// The values still percent-encoded, when known: comma lists split on these, so that an
        /// encoded `%2C` stays inside its element.
        var rawValues: [Substring]?
        /// The segments of a catch-all route parameter.
        var segments: [String]?
    }

    private(set) var entries: [String: Entry] = [:]
    private var prefixes: Set<String> = []

    init() {}

    /// Route parameters and the raw query of `url`; `catchAll` names the template's catch-all.
    ///
    /// A query item named as a path parameter of the route (`pathNames`, or a nested value under
    /// one, `name[x]`) is left out, also when the path did not give that parameter (an optional
    /// group left out): a path parameter's value comes from the path alone, where its template type
    /// checked it, never from a query that skips that check.
    init(
        routeParameters: RouteParameters?, catchAll: String?, wildcard: [String]?, rawQuery: Substring?,
        pathNames: Set<String>
    ) {
        if let rawQuery { addRawQuery(rawQuery, except: pathNames) }
        for parameter in routeParameters ?? RouteParameters() {
            let segments = parameter.name == catchAll ? wildcard : nil
            set(parameter.name, Entry(values: [parameter.value], rawValues: nil, segments: segments))
        }
    }

    /// Route parameters and already-decoded query items.
    init(routeParameters: RouteParameters, query: QueryParameters) {
        for item in query.items {
            var entry = entries[item.name] ?? Entry(values: [], rawValues: nil, segments: nil)
            entry.values.append(item.value)
            set(item.name, entry)
        }
        for parameter in routeParameters {
            set(parameter.name, Entry(values: [parameter.value], rawValues: nil, segments: nil))
        }
    }

    private mutating func addRawQuery(_ query: Substring, except pathNames: Set<String>) {
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = item.firstIndex(of: "=")
            let rawName = equals.map { item[..<$0] } ?? item
            let rawValue = equals.map { item[item.index(after: $0)...] }
            let name = Self.decode(rawName)
            if !pathNames.isEmpty, pathNames.contains(String(name.prefix { $0 != "[" })) { continue }
            var entry = entries[name] ?? Entry(values: [], rawValues: [], segments: nil)
            entry.values.append(rawValue.map(Self.decode))
            entry.rawValues?.append(rawValue ?? "")
            set(name, entry)
        }
    }

    /// Adds values for names that have none yet (defaults).
    mutating func addMissing(_ items: [QueryParameters.Item]) {
        var added: [String: Entry] = [:]
        for item in items where entries[item.name] == nil {
            added[item.name, default: Entry(values: [], rawValues: nil, segments: nil)].values.append(item.value)
        }
        for (name, entry) in added { set(name, entry) }
    }

    private mutating func set(_ name: String, _ entry: Entry) {
        entries[name] = entry
        var index = name.startIndex
        // Prefixes of the first 32 levels only: deeper names are refused by the decoder's key-depth
        // limit, and indexing every level of a hostile name would cost quadratic time.
        var levels = 0
        while levels < 32, let open = name[index...].firstIndex(of: "[") {
            levels += 1
            prefixes.insert(String(name[..<open]))
            guard let close = name[open...].firstIndex(of: "]") else { break }
            index = name.index(after: close)
        }
    }

    /// The first value of a name (`""` for an item written without `=`), or `nil` when absent.
    func first(_ name: String) -> String? {
        guard let entry = entries[name], let value = entry.values.first else { return nil }
        return value ?? ""
    }

    /// Whether a query item of this name was written without `=` (`?debug`).
    func isBareFlag(_ name: String) -> Bool {
        entries[name]?.values.first.map { $0 == nil } ?? false
    }

    /// The elements of a list: repeated names give one element each; a single value is split on
    /// commas (on its encoded form when known); a catch-all gives its segments.
    func list(_ name: String) -> [String]? {
        guard let entry = entries[name] else { return nil }
        if let segments = entry.segments { return segments }
        if entry.values.count != 1 { return entry.values.map { $0 ?? "" } }
        if let raw = entry.rawValues?.first {
            return raw.split(separator: ",", omittingEmptySubsequences: false).map(Self.decode)
        }
        return (entry.values[0] ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// The most deeply nested name and its depth (`a[b][c]`: 3), if any name is nested.
    func deepestName() -> (String, Int)? {
        var deepest: (String, Int)?
        for name in entries.keys {
            var depth = 1
            for byte in name.utf8 where byte == UInt8(ascii: "[") { depth += 1 }
            if depth > 1, depth > (deepest?.1 ?? 0) { deepest = (name, depth) }
        }
        return deepest
    }

    /// Whether some name is nested under `prefix` (`filter[color]` is under `filter`).
    func hasValues(under prefix: String) -> Bool {
        prefixes.contains(prefix)
    }

    /// Whether the name has a value or nested values.
    func contains(_ name: String) -> Bool {
        entries[name] != nil || prefixes.contains(name)
    }

    private static func decode(_ raw: Substring) -> String {
        var copy = String(raw)
        return copy.withUTF8 { PercentDecoding.decodeLeniently($0, plusAsSpace: true) }
    }
}
