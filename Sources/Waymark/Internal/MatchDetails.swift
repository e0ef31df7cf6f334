/// What a match captured, kept as byte ranges of the matched string and decoded only when asked:
/// a static hit allocates nothing, a hit with up to four parameters allocates nothing either.
@usableFromInline
struct MatchDetails: Sendable {
    let core: MatchingCore
    /// The string that was matched; the ranges below index its UTF-8.
    let source: String
    @usableFromInline let route: Int32
    let variant: Int32
    let scopeID: Int32
    /// Byte ranges of the `:name` parameters, in template order: four inline, the rest in `overflow`.
    let inline: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
    let overflow: [Int32]
    let captureCount: Int32
    /// The first byte of the catch-all's segments, or -1 when the template has no catch-all.
    let wildcardStart: Int32
    /// The end of the route path.
    let pathEnd: Int32

    init(
        core: MatchingCore, source: String, leaf: SegmentTrie.Leaf, scopeID: Int32,
        segments: UnsafeBufferPointer<SegmentRef>,
        pathEnd: Int
    ) {
        self.core = core
        self.source = source
        route = leaf.route
        variant = leaf.variant
        self.scopeID = scopeID
        var ranges: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)
        var overflow: [Int32] = []
        let count = Int(leaf.parameterCount)
        core.trie.parameterPositions.withUnsafeBufferPointer { positions in
            withUnsafeMutableBytes(of: &ranges) { raw in
                let slots = raw.bindMemory(to: Int32.self)
                for index in 0..<count {
                    let segment = segments[Int(positions[Int(leaf.parameterStart) + index])]
                    if index < 4 {
                        slots[index * 2] = segment.start
                        slots[index * 2 + 1] = segment.end
                    } else {
                        overflow.append(segment.start)
                        overflow.append(segment.end)
                    }
                }
            }
        }
        inline = ranges
        self.overflow = overflow
        captureCount = Int32(count)
        if leaf.isCatchAll {
            let position = Int(leaf.segmentCount) - 1
            wildcardStart = position < segments.count ? segments[position].start : Int32(pathEnd)
        } else {
            wildcardStart = -1
        }
        self.pathEnd = Int32(pathEnd)
    }

    var definition: RouteDefinition { core.definitions[Int(route)] }
    var template: RouteTemplate { definition.template }
    var variantValue: RouteTemplate.Variant { template.variants[Int(variant)] }
    var scope: RouteScope { core.scopeList[Int(scopeID)] }

    func captureRange(_ index: Int) -> Range<Int> {
        var ranges = inline
        if index < 4 {
            return withUnsafeBytes(of: &ranges) { raw in
                let slots = raw.bindMemory(to: Int32.self)
                return Int(slots[index * 2])..<Int(slots[index * 2 + 1])
            }
        }
        let offset = (index - 4) * 2
        return Int(overflow[offset])..<Int(overflow[offset + 1])
    }

    var wildcard: [String]? {
        guard wildcardStart >= 0 else { return nil }
        return PathSegments.decodedSegments(of: source, in: Int(wildcardStart)..<Int(pathEnd))
    }

    var parameters: RouteParameters {
        var pairs: [(name: String, value: String)] = []
        var capture = 0
        for segment in variantValue.segments {
            switch segment {
            case .parameter(let name, _):
                pairs.append((name, PathSegments.decoded(source, captureRange(capture))))
                capture += 1
            case .catchAll(let name?):
                pairs.append((name, (wildcard ?? []).joined(separator: "/")))
            default:
                break
            }
        }
        return RouteParameters(pairs)
    }
}
