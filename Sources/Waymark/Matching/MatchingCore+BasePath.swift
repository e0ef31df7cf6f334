// Universal links under a base path (`https://example.com/m` in the domain list): the route path
// starts after the base path's segments, and a link to the host outside it is refused.
extension MatchingCore {
    /// A base path as the lookup compares it.
    struct BasePath: Sendable {
        /// The host or wildcard whose links live under it, lowercase.
        var domain: String
        /// The base path's segments, in the table's comparable form (lowercased when literals
        /// ignore case).
        var segments: [[UInt8]]
        /// The same, as strings, for a URL segment that must be decoded first.
        var texts: [String]
        /// `/m/app`, for the refusal's reason.
        var written: String
    }

    /// The base paths of a table's domain list, and which hosts have one.
    struct BasePaths: Sendable {
        /// The base paths; ``ScopeContext/basePath`` is one more than an index here.
        var entries: [BasePath] = []
        /// Every exact host of the domain list (those without a base path too, since an exact host
        /// comes before the wildcards that cover it) with its entry number, 0 for none.
        var exactHosts: [(host: [UInt8], entry: Int32)] = []
        /// Every wildcard with its entry number (0 for none), the most specific (longest base) first.
        var wildcards: [(base: [UInt8], entry: Int32)] = []

        /// Reads the domain list's bases; empty when no entry has a base path.
        init(_ bases: [UniversalLinkBase], caseInsensitive: Bool) {
            guard bases.contains(where: { !$0.pathPrefix.isEmpty }) else { return }
            for base in bases {
                var entry: Int32 = 0
                if !base.pathPrefix.isEmpty {
                    let texts = base.pathPrefix.map { caseInsensitive ? $0.lowercased() : $0 }
                    entries.append(
                        BasePath(
                            domain: base.host, segments: texts.map { Array($0.utf8) }, texts: texts,
                            written: "/" + base.basePath))
                    entry = Int32(tableIndex: entries.count)
                }
                // Every wildcard, those without a base path too: a host belongs to the most
                // specific entry that covers it (`UniversalLinkBase.entry(for:in:)`, which links are
                // printed with), and that entry may have none.
                if let wildcard = DomainWildcard.base(of: base.host) {
                    wildcards.append((Array(wildcard.utf8), entry))
                } else {
                    exactHosts.append((Array(base.host.utf8), entry))
                }
            }
            wildcards.sort { $0.base.count > $1.base.count }
        }

        var isEmpty: Bool { entries.isEmpty }
    }

    /// One more than the index of the base path of a universal link's host in ``basePaths``, or 0:
    /// the host's own entry first, then the most specific wildcard that covers it.
    func basePathEntry(_ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>) -> Int32 {
        for exact in basePaths.exactHosts where exact.host.count == host.count {
            if zip(exact.host, bytes[host]).allSatisfy({ expected, byte in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == expected
            }) {
                return exact.entry
            }
        }
        return basePaths.wildcards.first { Self.host(bytes, host, isCoveredBy: $0.base) }?.entry ?? 0
    }

    /// The route path beneath a base path: what follows its segments, or `nil` when the path does
    /// not start with them. Work: one comparison per base-path segment.
    @inline(never)
    func beneathBasePath(
        _ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>?, path: Range<Int>,
        segments: UnsafeBufferPointer<SegmentRef>
    ) -> (path: Range<Int>, segments: UnsafeBufferPointer<SegmentRef>, hasTrailingSlash: Bool)? {
        let entry = basePathEntry(bytes, host: host ?? 0..<0)
        guard entry != 0 else {
            return (path, segments, URLAnatomy.hasTrailingSlash(bytes, path: path, segmentCount: segments.count))
        }
        let basePath = basePaths.entries[Int(entry) - 1]
        let count = basePath.segments.count
        var work = 0
        guard Self.starts(bytes, segments, with: basePath, folded: options.caseInsensitivePaths, work: &work) else {
            return nil
        }
        let beneath = Int(segments[count - 1].end)..<path.upperBound
        let rest = UnsafeBufferPointer(rebasing: segments[count...])
        return (
            beneath, rest, URLAnatomy.hasTrailingSlash(bytes, path: beneath, segmentCount: rest.count)
        )
    }

    /// Whether the path's segments start with the base path's, comparing each base-path segment once
    /// (`work` counts the bytes compared, for the tests that show the work is linear).
    static func starts(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<SegmentRef>, with basePath: BasePath,
        folded: Bool, work: inout Int
    ) -> Bool {
        guard segments.count >= basePath.segments.count else { return false }
        for index in basePath.segments.indices {
            work += Int(segments[index].end - segments[index].start) + 1
            if !segment(bytes, segments[index], equals: basePath, at: index, folded: folded) { return false }
        }
        return true
    }

    /// Whether a URL segment equals a base path's segment, decoded and compared as a literal is.
    private static func segment(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segment: SegmentRef, equals basePath: BasePath, at index: Int,
        folded: Bool
    ) -> Bool {
        let range = Int(segment.start)..<Int(segment.end)
        if !segment.isComplex {
            let expected = basePath.segments[index]
            guard range.count == expected.count else { return false }
            return zip(bytes[range], expected).allSatisfy { byte, wanted in
                (folded && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == wanted
            }
        }
        guard let decoded = PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[range])) else { return false }
        return (folded ? decoded.lowercased() : decoded) == basePath.texts[index]
    }

    /// Why a universal link outside its host's base path is refused. The path is not quoted (it may
    /// carry a secret); the base path is configuration.
    func basePathRefusal(_ bytes: UnsafeBufferPointer<UInt8>, host: Range<Int>?) -> String {
        let entry = Int(basePathEntry(bytes, host: host ?? 0..<0))
        guard entry > 0 else { return "the path is not under its domain's base path" }
        let basePath = basePaths.entries[entry - 1]
        return "the path is not under \(basePath.domain)'s base path '\(basePath.written)'; the app handles only "
            + "links beneath it"
    }
}
