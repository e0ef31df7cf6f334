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
    /// Byte ranges of the `:name` parameters, in template order, packed as `start << 32 | end`: four
    /// inline, the rest in `overflow`.
    let capture0: UInt64
    let capture1: UInt64
    let capture2: UInt64
    let capture3: UInt64
    let overflow: [UInt64]
    let captureCount: Int32
    /// The first byte of the catch-all's segments, or -1 when the template has no catch-all.
    let wildcardStart: Int32
    /// The end of the route path.
    let pathEnd: Int32

    @inline(__always)
    init(
        core: MatchingCore, source: String, leafIndex: Int32, scopeID: Int32,
        segments: UnsafeBufferPointer<SegmentRef>, pathEnd: Int
    ) {
        let leaf = core.trie.leaves[Int(leafIndex)]
        self.core = core
        self.source = leaf.parameterCount > 0 || leaf.isCatchAll ? source : nil
        route = leaf.route
        self.leaf = leafIndex
        self.scopeID = scopeID
        let count = Int(leaf.parameterCount)
        let positions = core.trie.parameterPositions
        func packed(_ index: Int) -> UInt64 {
            guard index < count else { return 0 }
            let segment = segments[Int(positions[Int(leaf.parameterStart) + index])]
            return UInt64(UInt32(bitPattern: segment.start)) << 32 | UInt64(UInt32(bitPattern: segment.end))
        }
        capture0 = packed(0)
        capture1 = packed(1)
        capture2 = packed(2)
        capture3 = packed(3)
        overflow = count > 4 ? (4..<count).map(packed) : []
        captureCount = Int32(count)
        if leaf.isCatchAll {
            let position = Int(leaf.segmentCount) - 1
            wildcardStart = position < segments.count ? segments[position].start : Int32(pathEnd)
        } else {
            wildcardStart = -1
        }
        self.pathEnd = Int32(pathEnd)
    }

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
        case 0: packed = capture0
        case 1: packed = capture1
        case 2: packed = capture2
        case 3: packed = capture3
        default: packed = overflow[index - 4]
        }
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
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
