/// Where a leaf's `:name` parameter is found: a whole path segment, or a capture inside a segment
/// through a pattern (``PatternChildren/captures``). Four bytes, as the `Int32` it packs (a segment's
/// position, or the bitwise complement of a capture's index).
struct ParameterPosition: Hashable, Sendable {
    private var rawValue: Int32

    /// The whole segment at `position`.
    static func segment(_ position: Int32) -> Self { Self(rawValue: position) }

    /// Capture `index` of ``PatternChildren/captures``.
    static func capture(_ index: Int32) -> Self { Self(rawValue: ~index) }

    /// The segment's position, when the parameter is a whole segment.
    @inline(__always)
    var segment: Int32? { rawValue >= 0 ? rawValue : nil }

    /// The two cases, for a `switch`.
    enum Place {
        case segment(Int32)
        case capture(Int32)
    }

    var place: Place { rawValue >= 0 ? .segment(rawValue) : .capture(~rawValue) }
}
