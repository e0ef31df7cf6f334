/// The fragment a template requires, written after `#`: `legal/privacy#faq`, JLRoutes' hash
/// routes `user#/view/:userID`, `docs#section-{n<int>}`.
///
/// A fragment template is read as a path: segments separated by `/` (a leading `/` is kept when
/// links are printed, and ignored when matching, as in a path), each a literal, a parameter (typed
/// or not), text around parameters, `*` for one segment, or a catch-all at the end. The link's
/// fragment is split on `/` before each piece is percent-decoded, and matched segment by segment;
/// its empty pieces are dropped, as a path's are. A link without a fragment, or whose fragment does
/// not fit, does not match the template, and the next route is tried (as for
/// ``QueryRequirement``). Work: one pass over the fragment, as for a path.
///
/// Precedence: a fragment counts as one more requirement: at the same path, `privacy#faq` is tried
/// before `privacy`.
public struct FragmentRequirement: Hashable, Sendable, CustomStringConvertible {
    /// The segments, in order.
    public let segments: [TemplateSegment]
    /// Whether the template writes the fragment with a leading `/` (`#/view/:id`): links keep it.
    public let hasLeadingSlash: Bool

    /// Creates a fragment requirement.
    public init(segments: [TemplateSegment], hasLeadingSlash: Bool) {
        self.segments = segments
        self.hasLeadingSlash = hasLeadingSlash
    }

    /// The fragment as a template writes it, with its `#`.
    public var description: String {
        "#" + (hasLeadingSlash ? "/" : "") + segments.map(\.description).joined(separator: "/")
    }

    /// The parameters the fragment captures, with their types (a named catch-all's type is `nil`).
    package var parameterCaptures: [(name: String, type: String?)] {
        segments.flatMap { segment -> [(name: String, type: String?)] in
            if let name = segment.catchAllName { return [(name, nil)] }
            return segment.parameterCaptures
        }
    }

    /// The fragment with its capture names left out, for the conflict check.
    package var shape: String {
        "#"
            + segments.map { segment -> String in
                switch segment {
                case .literal, .anonymous: segment.description
                case .parameter(_, let type): ":<\(type ?? "")>"
                case .pattern(let pattern): pattern.shape.description
                case .catchAll: "*"
                }
            }.joined(separator: "/")
    }

    /// Checks a link's fragment (as written, without `#`; `nil` when the link has none), appending
    /// the captured values to `parameters`.
    ///
    /// - Returns: `nil` when the fragment fits, or why not (never what the link carried).
    package func check(
        _ fragment: Substring?, types: [String: ParameterType], into parameters: inout [RouteParameters.Parameter]
    ) -> QueryRequirement.Failure? {
        var work = 0
        return check(fragment, types: types, into: &parameters, work: &work)
    }

    /// ``check(_:types:into:)``, adding to `work` one for each byte of the fragment split and decoded
    /// (once) and one for each template segment compared, plus the bytes a pattern scans: linear in
    /// the fragment, the count the tests follow across sizes.
    package func check(
        _ fragment: Substring?, types: [String: ParameterType], into parameters: inout [RouteParameters.Parameter],
        work: inout Int
    ) -> QueryRequirement.Failure? {
        guard let fragment else { return .fragmentMissing(expected: description) }
        work += fragment.utf8.count
        let pieces = fragment.split(separator: "/", omittingEmptySubsequences: true).map { piece in
            Array(piece.utf8).withUnsafeBufferPointer { PercentDecoding.decodeLeniently($0, plusAsSpace: false) }
        }
        var captured: [RouteParameters.Parameter] = []
        let refused = QueryRequirement.Failure.fragmentRefused(expected: description)
        for (position, segment) in segments.enumerated() {
            work += 1
            if case .pattern = segment, position < pieces.count { work += pieces[position].utf8.count }
            switch segment {
            case .catchAll(let name):
                if let name {
                    captured.append(
                        .init(name: name, value: pieces[min(position, pieces.count)...].joined(separator: "/")))
                }
                parameters += captured
                return nil
            case .literal(let text):
                guard position < pieces.count, pieces[position] == text else { return refused }
            case .parameter(let name, let type):
                guard position < pieces.count else { return refused }
                if let type, types[type]?.accepts(pieces[position]) != true { return refused }
                captured.append(.init(name: name, value: pieces[position]))
            case .pattern(let pattern):
                guard position < pieces.count else { return refused }
                var bytes = Array(pieces[position].utf8)
                let ranges = bytes.withUnsafeMutableBufferPointer { pattern.captureRanges(in: UnsafeBufferPointer($0)) }
                guard let ranges else { return refused }
                for (capture, range) in zip(pattern.captures, ranges) {
                    let value = String(decoding: bytes[range], as: UTF8.self)
                    if let type = capture.type, types[type]?.accepts(value) != true { return refused }
                    captured.append(.init(name: capture.name, value: value))
                }
                bytes.removeAll()
            case .anonymous:
                guard position < pieces.count else { return refused }
            }
        }
        guard pieces.count == segments.count else { return refused }
        parameters += captured
        return nil
    }
}
