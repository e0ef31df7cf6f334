/// A match with what it needs to decode its values: the core, the matched string, and the plain
/// ``MatchingCore/Found`` record of the search (captures as byte ranges, decoded only when asked).
/// A static hit allocates nothing, a hit with up to four parameters allocates nothing either.
@usableFromInline
struct MatchDetails: Sendable {
    let core: MatchingCore
    /// The string that was matched, kept only when there is something to decode from it (parameters
    /// or a wildcard); the captures index its UTF-8.
    let source: String?
    @usableFromInline let route: Int32
    let found: MatchingCore.Found

    /// `source` is the matched string, or `nil` when `found` needs nothing from it.
    @inline(__always)
    init(core: MatchingCore, source: String?, found: MatchingCore.Found) {
        self.core = core
        self.source = source
        route = core.trie.leaves[Int(found.leafIndex)].route
        self.found = found
    }

    var leafRecord: SegmentTrie.Leaf { core.trie.leaves[Int(found.leafIndex)] }
    var template: RouteTemplate { core.template(of: Int(route)) }
    var variantValue: RouteTemplate.Variant {
        let variants = template.variants
        let index = Int(leafRecord.variant)
        return index < variants.count ? variants[index] : RouteTemplate.Variant(segments: [], hasTrailingSlash: false)
    }
    var scope: RouteScope { core.scopeList[Int(found.scopeID)] }
    var priority: Int { Int(leafRecord.priority) }
    var wildcard: [String]? { core.wildcard(of: found, in: source ?? "") }
    var parameters: RouteParameters { core.parameters(of: found, in: source ?? "") }
}

extension MatchingCore {
    /// What a search found, in plain values (no reference inside), so that making, copying and
    /// dropping one costs no reference counting.
    @usableFromInline
    struct Found: Sendable {
        var leafIndex: Int32
        var scopeID: Int32
        /// Whether the template has parameters or a catch-all to decode from the matched string.
        var needsSource: Bool
        var captures: Captures

        /// Byte ranges of the first four `:name` parameters, in template order, packed as
        /// `start << 32 | end`; where the route path starts and ends, and where a catch-all starts.
        ///
        /// A plain value with no reference inside, so that making, copying and dropping a match costs
        /// no reference counting. The rare captures after the fourth are found again from the matched
        /// string when asked (``MatchingCore/captureRange(_:of:in:)``).
        struct Captures: Sendable {
            var capture0: UInt64 = 0
            var capture1: UInt64 = 0
            var capture2: UInt64 = 0
            var capture3: UInt64 = 0
            /// The first byte of the catch-all's segments, or -1 when the template has no catch-all.
            var wildcardStart: Int32 = -1
            /// The start of the route path (segment 0's first byte, or where an empty path would be).
            var pathStart: Int32 = 0
            /// The end of the route path.
            var pathEnd: Int32 = 0

            @inline(__always)
            init(
                leaf: SegmentTrie.Leaf, positions: UnsafeBufferPointer<Int32>,
                segments: UnsafeBufferPointer<SegmentRef>,
                path: Range<Int>
            ) {
                let pathStart = path.lowerBound
                let pathEnd = path.upperBound
                let count = Int(leaf.parameterCount)
                func packed(_ index: Int) -> UInt64 {
                    guard index < count else { return 0 }
                    let segment = segments[Int(positions[Int(leaf.parameterStart) + index])]
                    return UInt64(UInt32(bitPattern: segment.start)) << 32 | UInt64(UInt32(bitPattern: segment.end))
                }
                if count > 0 {
                    capture0 = packed(0)
                    capture1 = packed(1)
                    capture2 = packed(2)
                    capture3 = packed(3)
                }
                if leaf.isCatchAll {
                    let position = Int(leaf.segmentCount) - 1
                    wildcardStart = position < segments.count ? segments[position].start : Int32(pathEnd)
                }
                self.pathStart = Int32(pathStart)
                self.pathEnd = Int32(pathEnd)
            }
        }
    }

    /// A found leaf, with the byte ranges of its captures in the parsed segments.
    @inline(__always)
    func found(
        leafIndex: Int32, scopeID: Int32, segments: UnsafeBufferPointer<SegmentRef>, path: Range<Int>
    ) -> Found {
        let leaf = trie.leaves[Int(leafIndex)]
        return Found(
            leafIndex: leafIndex, scopeID: scopeID, needsSource: leaf.parameterCount > 0 || leaf.isCatchAll,
            captures: Found.Captures(leaf: leaf, positions: trie.parameterPositions, segments: segments, path: path))
    }

    /// The byte range of `:name` parameter `index` of a found leaf in `source`.
    func captureRange(_ index: Int, of found: Found, in source: String) -> Range<Int> {
        let captures = found.captures
        let packed: UInt64
        switch index {
        case 0: packed = captures.capture0
        case 1: packed = captures.capture1
        case 2: packed = captures.capture2
        case 3: packed = captures.capture3
        default:
            let leaf = trie.leaves[Int(found.leafIndex)]
            let position = Int(trie.parameterPositions[Int(leaf.parameterStart) + index])
            return Self.segmentRange(position, of: captures, in: source)
        }
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// The byte range of path segment `position` of the source, split as ``URLAnatomy`` splits it
    /// (empty runs between slashes are not segments). For the captures after the fourth.
    private static func segmentRange(_ position: Int, of captures: Found.Captures, in source: String) -> Range<Int> {
        source.withUTF8Bytes { utf8 in
            let end = min(Int(captures.pathEnd), utf8.count)
            var index = min(max(Int(captures.pathStart), 0), end)
            var segment = 0
            while index < end {
                while index < end, utf8[index] == UInt8(ascii: "/") { index += 1 }
                let start = index
                while index < end, utf8[index] != UInt8(ascii: "/") { index += 1 }
                if index > start {
                    if segment == position { return start..<index }
                    segment += 1
                }
            }
            return end..<end
        }
    }

    /// The catch-all's segments, decoded, or `nil` when the template has no catch-all.
    func wildcard(of found: Found, in source: String) -> [String]? {
        let start = found.captures.wildcardStart
        guard start >= 0 else { return nil }
        return PathSegments.decodedSegments(of: source, in: Int(start)..<Int(found.captures.pathEnd))
    }

    /// The `:name` parameters and the named catch-all of a found leaf, decoded from `source`.
    func parameters(of found: Found, in source: String) -> RouteParameters {
        let record = trie.leaves[Int(found.leafIndex)]
        if record.parameterCount == 0 && record.catchAllName < 0 { return RouteParameters() }
        if record.parameterCount == 1 && record.catchAllName < 0 {
            let name = trie.names[Int(trie.parameterNames[Int(record.parameterStart)])]
            return RouteParameters(
                .init(name: name, value: PathSegments.decoded(source, captureRange(0, of: found, in: source))))
        }
        var parameters: [RouteParameters.Parameter] = []
        parameters.reserveCapacity(Int(record.parameterCount) + (record.catchAllName >= 0 ? 1 : 0))
        for index in 0..<Int(record.parameterCount) {
            let name = trie.names[Int(trie.parameterNames[Int(record.parameterStart) + index])]
            parameters.append(
                .init(name: name, value: PathSegments.decoded(source, captureRange(index, of: found, in: source))))
        }
        if record.catchAllName >= 0 {
            parameters.append(
                .init(
                    name: trie.names[Int(record.catchAllName)],
                    value: (wildcard(of: found, in: source) ?? []).joined(separator: "/")))
        }
        return RouteParameters(parameters: parameters)
    }
}
