/// A match with what it needs to decode its values: the core, the matched string, and the plain
/// ``MatchingCore/Found`` record of the search (captures as byte ranges, decoded only when asked).
/// A hit allocates nothing, whatever its parameters: they are found in the string when read.
@usableFromInline
struct MatchDetails: Sendable {
    @usableFromInline let core: MatchingCore
    /// The string that was matched; the captures index its UTF-8. Kept whatever the template: a
    /// reference kept on every path lets the optimizer drop its retain and release where the caller
    /// reads only the match's value (see ``MatchingCore/Found``), which a reference kept only for
    /// templates with something to decode would not.
    @usableFromInline let source: String
    @usableFromInline let found: MatchingCore.Found

    @inlinable @inline(__always)
    init(core: MatchingCore, source: String, found: MatchingCore.Found) {
        self.core = core
        self.source = source
        self.found = found
    }

    /// The matched route's registration index.
    var route: Int32 { leafRecord.route.rawValue }

    var leafRecord: FlatTrie.Leaf { core.trie.leaves[leaf: found.leafIndex] }
    var template: RouteTemplate { core.template(of: Int(route)) }
    var variantValue: RouteTemplate.Variant {
        let variants = template.variants
        let index = Int(leafRecord.variant)
        return index < variants.count ? variants[index] : RouteTemplate.Variant(segments: [], hasTrailingSlash: false)
    }
    var scope: RouteScope { core.scopeList[found.scopeID.offset] }
    var priority: Int { Int(leafRecord.priority) }
    var wildcard: [String]? { core.wildcard(of: found, in: source) }
    var parameters: RouteParameters { core.parameters(of: found, in: source) }
}

extension MatchingCore {
    /// What a search found, in plain values (no reference inside), so that making, copying and
    /// dropping one costs no reference counting: the leaf, the scope, and where the route path lies
    /// in the matched string. Captures are found again in the path when they are read (a match that
    /// is only asked for its value pays nothing for them).
    ///
    /// Two words, so that a ``RouteMatch`` of a one-word value (an `Int`, a payload-free enum)
    /// holds six scalars: its value, the core, the string (two words) and these. The optimizer
    /// takes a value of up to six scalars apart, so where a caller reads only the match's value it
    /// drops the retains and releases of the core and the string, two to four atomic operations.
    /// With a seventh scalar it keeps them (in a release of the whole match through an outlined
    /// function), and every lookup pays for them (measured: docs/performance.md, "Measurements
    /// behind the matcher's design"). So the route is not kept here (the search hands it on beside
    /// the match, and ``MatchDetails/route`` reads the leaf), nor the first capture
    /// (``CoreLookup/firstCaptureStart``).
    @usableFromInline
    struct Found: Sendable {
        /// The leaf's index (low half) and the scope's ID (high half).
        @usableFromInline var leafAndScope: UInt64
        /// The start of the route path (low half: segment 0's first byte, or a '/' before it) and
        /// its end (high half).
        @usableFromInline var path: UInt64

        init(leafIndex: LeafIndex, scopeID: ScopeID, pathStart: Int32, pathEnd: Int32) {
            leafAndScope =
                UInt64(UInt32(bitPattern: leafIndex.rawValue)) | UInt64(UInt32(bitPattern: scopeID.rawValue)) &<< 32
            path = UInt64(UInt32(bitPattern: pathStart)) | UInt64(UInt32(bitPattern: pathEnd)) &<< 32
        }

        var leafIndex: LeafIndex { LeafIndex(Int32(truncatingIfNeeded: leafAndScope)) }
        var scopeID: ScopeID { ScopeID(Int32(truncatingIfNeeded: leafAndScope &>> 32)) }
        var pathStart: Int32 { Int32(truncatingIfNeeded: path) }
        var pathEnd: Int32 { Int32(truncatingIfNeeded: path &>> 32) }
    }

    /// A found leaf.
    @inline(__always)
    func found(leafIndex: LeafIndex, scopeID: ScopeID, path: Range<Int>) -> Found {
        Found(
            leafIndex: leafIndex, scopeID: scopeID, pathStart: Int32(truncatingIfNeeded: path.lowerBound),
            pathEnd: Int32(truncatingIfNeeded: path.upperBound))
    }

    /// One more than the offset of the first `:name` parameter's first byte of a found leaf, from
    /// the parsed segments, or 0 when it has none (see ``CoreLookup/firstCaptureStart``).
    func firstCaptureStart(leafIndex: LeafIndex, segments: UnsafeBufferPointer<SegmentRef>) -> Int32 {
        let leaf = trie.leaves[leaf: leafIndex]
        guard leaf.parameterCount > 0 else { return 0 }
        // A capture inside a segment is not the fast path's.
        guard let position = trie.parameterPositions[Int(leaf.parameterStart)].segment.map(Int.init) else { return 0 }
        return position < segments.count ? segments[position].start &+ 1 : 0
    }

    /// Calls `body` with the index and byte range of each path segment of a found match
    /// (``PathSegments/forEach(in:_:_:)``), until it returns `false`.
    private static func forEachSegment(
        of found: Found, in utf8: UnsafeBufferPointer<UInt8>, _ body: (Int, Range<Int>) -> Bool
    ) {
        PathSegments.forEach(in: utf8, Int(found.pathStart)..<max(Int(found.pathStart), Int(found.pathEnd)), body)
    }

    /// The byte ranges of the path segments at `positions` (ascending, one pass over the path);
    /// `end..<end` for a position past the last segment.
    private static func segmentRanges(_ positions: [Int], of found: Found, in utf8: UnsafeBufferPointer<UInt8>)
        -> [Range<Int>]
    {
        let end = min(Int(found.pathEnd), utf8.count)
        var ranges = [Range<Int>](repeating: end..<end, count: positions.count)
        var next = 0
        forEachSegment(of: found, in: utf8) { segment, range in
            while next < positions.count && positions[next] == segment {
                ranges[next] = range
                next += 1
            }
            return next < positions.count
        }
        return ranges
    }

    /// The byte range of path segment `position` (`end..<end` past the last segment).
    private static func segmentRange(_ position: Int, of found: Found, in utf8: UnsafeBufferPointer<UInt8>)
        -> Range<Int>
    {
        let end = min(Int(found.pathEnd), utf8.count)
        var result = end..<end
        forEachSegment(of: found, in: utf8) { segment, range in
            if segment == position { result = range }
            return segment < position
        }
        return result
    }

    /// The byte range of `:name` parameter `index` of a found leaf in `source`; `firstCaptureStart`
    /// is one more than where the first parameter starts, when the caller knows it (or 0).
    func captureRange(_ index: Int, of found: Found, in source: String, firstCaptureStart: Int32 = 0) -> Range<Int> {
        if index == 0 && firstCaptureStart > 0 {
            return source.withUTF8Bytes { utf8 in
                let end = min(Int(found.pathEnd), utf8.count)
                let start = min(Int(firstCaptureStart) - 1, end)
                var index = start
                while index < end, utf8[index] != UInt8(ascii: "/") { index += 1 }
                return start..<index
            }
        }
        let leaf = trie.leaves[leaf: found.leafIndex]
        let position = segmentPosition(ofParameter: Int(leaf.parameterStart) + index)
        return source.withUTF8Bytes { Self.segmentRange(position, of: found, in: $0) }
    }

    /// The catch-all's segments, decoded, or `nil` when the template has no catch-all.
    func wildcard(of found: Found, in source: String) -> [String]? {
        let leaf = trie.leaves[leaf: found.leafIndex]
        guard leaf.isCatchAll else { return nil }
        // The catch-all starts at the template's last segment (or at the path's end, for none).
        let start = source.withUTF8Bytes {
            Self.segmentRange(Int(leaf.segmentCount) - 1, of: found, in: $0).lowerBound
        }
        let segments = PathSegments.segments(of: source, in: start..<Int(found.pathEnd), decoded: true)
        // A catch-all followed by segments (`api/*rest/john`) leaves them out.
        let suffix = requiringVariant(of: found.leafIndex)?.catchAllSuffix.count ?? 0
        return suffix == 0 ? segments : Array(segments.dropLast(suffix))
    }

    /// The `:name` parameters and the named catch-all of a found leaf, decoded from `source`
    /// (`firstCaptureStart` as in ``captureRange(_:of:in:firstCaptureStart:)``).
    ///
    /// A leaf whose variant requires query items adds the values they capture, after the path's
    /// (``QueryRequirement``).
    func parameters(of found: Found, in source: String, firstCaptureStart: Int32 = 0) -> RouteParameters {
        let record = trie.leaves[leaf: found.leafIndex]
        if record.hasLinkRequirements { return parametersWithQuery(of: found, in: source) }
        return pathParameters(of: found, record: record, in: source, firstCaptureStart: firstCaptureStart)
    }

    /// ``parameters(of:in:firstCaptureStart:)`` for a leaf that requires query items.
    @inline(never)
    private func parametersWithQuery(of found: Found, in source: String) -> RouteParameters {
        let record = trie.leaves[leaf: found.leafIndex]
        let path = pathParameters(of: found, record: record, in: source, firstCaptureStart: 0)
        let link = linkParameters(of: found.leafIndex, in: source, path: Int(found.pathStart)..<Int(found.pathEnd))
        // A catch-all followed by segments: the trie's value runs to the path's end, the
        // requirement's stops before the segments after it.
        let names = Set(link.map(\.name))
        return RouteParameters(parameters: path.filter { !names.contains($0.name) } + link)
    }

    /// The path's parameters of a found leaf.
    @inline(__always)
    private func pathParameters(of found: Found, record: FlatTrie.Leaf, in source: String, firstCaptureStart: Int32)
        -> RouteParameters
    {
        if record.parameterCount == 0 && !record.catchAllName.exists { return RouteParameters() }
        if record.parameterCount == 1 && !record.catchAllName.exists
            && trie.parameterPositions[Int(record.parameterStart)].segment != nil
        {
            let name = trie.names[trie.parameterNames[Int(record.parameterStart)].offset]
            return RouteParameters(
                .init(
                    name: name,
                    value: PathSegments.decoded(
                        source, captureRange(0, of: found, in: source, firstCaptureStart: firstCaptureStart))))
        }
        // Up to four parameters are found one by one (no array); more in one pass over the path.
        let count = Int(record.parameterCount)
        let ranges: [Range<Int>]? =
            count <= 4
            ? nil
            : source.withUTF8Bytes { utf8 in
                Self.segmentRanges(
                    (0..<count).map { self.segmentPosition(ofParameter: Int(record.parameterStart) + $0) },
                    of: found, in: utf8)
            }
        var parameters: [RouteParameters.Parameter] = []
        parameters.reserveCapacity(count + (record.catchAllName.exists ? 1 : 0))
        for index in 0..<count {
            let name = trie.names[trie.parameterNames[Int(record.parameterStart) + index].offset]
            switch trie.parameterPositions[Int(record.parameterStart) + index].place {
            case .segment:
                let range =
                    ranges?[index] ?? captureRange(index, of: found, in: source, firstCaptureStart: firstCaptureStart)
                parameters.append(.init(name: name, value: PathSegments.decoded(source, range)))
            case .capture(let capture):
                let patterns = trie.views.pointee.kinds.patterns
                let range =
                    ranges?[index]
                    ?? source.withUTF8Bytes {
                        Self.segmentRange(Int(patterns.segment(ofCapture: capture)), of: found, in: $0)
                    }
                let text = PathSegments.decoded(source, range)
                parameters.append(.init(name: name, value: patterns.value(ofCapture: capture, inSegment: text)))
            }
        }
        if record.catchAllName.exists {
            parameters.append(
                .init(
                    name: trie.names[record.catchAllName.offset],
                    value: (wildcard(of: found, in: source) ?? []).joined(separator: "/")))
        }
        return RouteParameters(parameters: parameters)
    }

    /// The segment a parameter entry of `parameterPositions` is in.
    private func segmentPosition(ofParameter entry: Int) -> Int {
        switch trie.parameterPositions[entry].place {
        case .segment(let position): return Int(position)
        case .capture(let capture): return Int(trie.views.pointee.kinds.patterns.segment(ofCapture: capture))
        }
    }
}
