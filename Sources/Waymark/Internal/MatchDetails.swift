/// What a match captured, kept as byte ranges of the matched string and decoded only when asked:
/// a static hit allocates nothing, a hit with up to four parameters allocates nothing either.
@usableFromInline
struct MatchDetails: Sendable {
    let core: MatchingCore
    /// The string that was matched, kept only when there is something to decode from it (parameters
    /// or a wildcard); the ranges below index its UTF-8.
    let source: String?
    @usableFromInline let route: Int32
    let leaf: Int32
    let scopeID: Int32
    /// Byte ranges of the first four `:name` parameters, in template order, packed as
    /// `start << 32 | end`; where the route path starts and ends, and where a catch-all starts.
    ///
    /// A plain value with no reference inside, so that making, copying and dropping a match costs
    /// no reference counting. The rare captures after the fourth are found again from the matched
    /// string when asked (``MatchDetails/captureRange(_:)``).
    struct Captures {
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
            leaf: SegmentTrie.Leaf, positions: UnsafeBufferPointer<Int32>, segments: UnsafeBufferPointer<SegmentRef>,
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

    let captures: Captures

    init(core: MatchingCore, source: String?, found: MatchingCore.Found) {
        self.core = core
        self.source = source
        route = core.trie.leaves[Int(found.leafIndex)].route
        leaf = found.leafIndex
        scopeID = found.scopeID
        captures = found.captures
    }

    init(
        core: MatchingCore, source: String, leafIndex: Int32, scopeID: Int32,
        segments: UnsafeBufferPointer<SegmentRef>, path: Range<Int>
    ) {
        let leaf = core.trie.leaves[Int(leafIndex)]
        self.core = core
        self.source = leaf.parameterCount > 0 || leaf.isCatchAll ? source : nil
        route = leaf.route
        self.leaf = leafIndex
        self.scopeID = scopeID
        captures = Captures(leaf: leaf, positions: core.trie.parameterPositions, segments: segments, path: path)
    }

    var wildcardStart: Int32 { captures.wildcardStart }
    var pathEnd: Int32 { captures.pathEnd }

    var leafRecord: SegmentTrie.Leaf { core.trie.leaves[Int(leaf)] }
    var template: RouteTemplate { core.template(of: Int(route)) }
    var variantValue: RouteTemplate.Variant {
        let variants = template.variants
        let index = Int(leafRecord.variant)
        return index < variants.count ? variants[index] : RouteTemplate.Variant(segments: [], hasTrailingSlash: false)
    }
    var scope: RouteScope { core.scopeList[Int(scopeID)] }
    var priority: Int { Int(leafRecord.priority) }

    func captureRange(_ index: Int) -> Range<Int> {
        let packed: UInt64
        switch index {
        case 0: packed = captures.capture0
        case 1: packed = captures.capture1
        case 2: packed = captures.capture2
        case 3: packed = captures.capture3
        default: return segmentRange(Int(core.trie.parameterPositions[Int(leafRecord.parameterStart) + index]))
        }
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }

    /// The byte range of path segment `position` of the source, split as ``URLAnatomy`` splits it
    /// (empty runs between slashes are not segments). For the captures after the fourth.
    private func segmentRange(_ position: Int) -> Range<Int> {
        guard let source else { return 0..<0 }
        let utf8 = Array(source.utf8)
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

    var wildcard: [String]? {
        guard wildcardStart >= 0 else { return nil }
        return PathSegments.decodedSegments(of: source ?? "", in: Int(wildcardStart)..<Int(pathEnd))
    }

    var parameters: RouteParameters {
        let record = leafRecord
        if record.parameterCount == 0 && record.catchAllName < 0 { return RouteParameters() }
        var parameters: [RouteParameters.Parameter] = []
        parameters.reserveCapacity(Int(record.parameterCount) + (record.catchAllName >= 0 ? 1 : 0))
        for index in 0..<Int(record.parameterCount) {
            let name = core.trie.names[Int(core.trie.parameterNames[Int(record.parameterStart) + index])]
            parameters.append(.init(name: name, value: PathSegments.decoded(source ?? "", captureRange(index))))
        }
        if record.catchAllName >= 0 {
            parameters.append(
                .init(name: core.trie.names[Int(record.catchAllName)], value: (wildcard ?? []).joined(separator: "/")))
        }
        return RouteParameters(parameters: parameters)
    }
}
