/// Where one template variant stands after part of a canonical path: one thread of the route side
/// of ``CoverageAnalysis``, which runs every variant's thread side by side.
///
/// A canonical path is `/` alone, or `/` followed by non-empty segments joined by `/`: no empty
/// segment, no trailing slash (the links `LinkCreator` prints).
struct RouteThread: Hashable, Comparable, Sendable {
    enum Kind: UInt8, Sendable {
        /// Nothing read yet.
        case begin
        /// Read the root path `/`, which this variant matches.
        case root
        /// Read the `/` before segment `segment`, nothing of it yet.
        case enter
        /// Inside literal segment `segment`, `sub` characters of it read.
        case literal
        /// Inside value segment `segment`, its automaton in state `sub`.
        case value
        /// Inside a catch-all: `sub` is 1 after a character, 0 right after a `/`.
        case rest
    }

    var variant: Int32
    var kind: Kind
    var segment: Int32
    var sub: Int32

    static func < (lhs: RouteThread, rhs: RouteThread) -> Bool {
        (lhs.variant, lhs.kind.rawValue, lhs.segment, lhs.sub) < (rhs.variant, rhs.kind.rawValue, rhs.segment, rhs.sub)
    }

    /// The thread a variant starts with.
    static func begin(_ variant: Int) -> RouteThread {
        // narrowing: variant < the number of variants, which CoverageAnalysis caps at Int32.max
        RouteThread(variant: Int32(variant), kind: .begin, segment: 0, sub: 0)
    }

    /// Calls `body` with each thread this one becomes on `scalar`.
    func step(_ scalar: Unicode.Scalar, _ shape: VariantShape, ignoringCase: Bool, _ body: (RouteThread) -> Void) {
        let segments = shape.segments
        switch kind {
        case .begin:
            guard scalar == "/" else { return }
            if segments.isEmpty || segments == [.rest] { body(with(.root, 0, 0)) }
            if let first = segments.first { body(entering(0, first)) }
        case .root:
            return
        case .enter:
            switch segments[Int(segment)] {
            case .literal(let text):
                if let first = text.first, ScalarCase.equal(first, scalar, ignoringCase: ignoringCase) {
                    body(with(.literal, segment, 1))
                }
            case .value(let valueShape):
                if scalar != "/", let next = valueShape.step(ValueShape.start, scalar) {
                    body(with(.value, segment, next))
                }
            case .rest:
                return
            }
        case .literal:
            guard case .literal(let text) = segments[Int(segment)] else { return }
            if Int(sub) < text.count {
                if ScalarCase.equal(text[Int(sub)], scalar, ignoringCase: ignoringCase) {
                    body(with(.literal, segment, sub + 1))
                }
            } else if scalar == "/" {
                nextSegment(shape, body)
            }
        case .value:
            guard case .value(let valueShape) = segments[Int(segment)] else { return }
            if scalar == "/" {
                if valueShape.accepts(sub) { nextSegment(shape, body) }
            } else if let next = valueShape.step(sub, scalar) {
                body(with(.value, segment, next))
            }
        case .rest:
            if scalar == "/" {
                if sub == 1 { body(with(.rest, segment, 0)) }
            } else {
                body(with(.rest, segment, 1))
            }
        }
    }

    /// The one character this thread can go on with, when there is one: the next of a literal (or
    /// the `/` after it), the `/` that starts a path; `nil` for a value or a catch-all, which go on
    /// with many. A thread that can go on with none (the root path) answers `/`, which it refuses.
    func onlyScalar(_ shape: VariantShape) -> Unicode.Scalar? {
        switch kind {
        case .begin, .root: return "/"
        case .enter:
            guard case .literal(let text) = shape.segments[Int(segment)] else { return nil }
            return text.first
        case .literal:
            guard case .literal(let text) = shape.segments[Int(segment)] else { return nil }
            return Int(sub) < text.count ? text[Int(sub)] : "/"
        case .value, .rest: return nil
        }
    }

    /// Whether the variant matches a path that ends here.
    func accepts(_ shape: VariantShape) -> Bool {
        switch kind {
        case .begin, .enter: return false
        case .root: return true
        case .literal:
            guard case .literal(let text) = shape.segments[Int(segment)] else { return false }
            return Int(sub) == text.count && shape.isComplete(at: Int(segment) + 1)
        case .value:
            guard case .value(let valueShape) = shape.segments[Int(segment)] else { return false }
            return valueShape.accepts(sub) && shape.isComplete(at: Int(segment) + 1)
        case .rest:
            return sub == 1
        }
    }

    /// After a `/` that ends segment `segment`: the next segment begins (a canonical path never
    /// ends with `/`, so there must be one).
    private func nextSegment(_ shape: VariantShape, _ body: (RouteThread) -> Void) {
        let next = Int(segment) + 1
        guard next < shape.segments.count else { return }
        body(entering(next, shape.segments[next]))
    }

    private func entering(_ index: Int, _ segment: VariantShape.Segment) -> RouteThread {
        // narrowing: index < the variant's segment count, which CoverageAnalysis caps below Int32.max
        let position = Int32(index)
        return segment == .rest ? with(.rest, position, 0) : with(.enter, position, 0)
    }

    private func with(_ kind: Kind, _ segment: Int32, _ sub: Int32) -> RouteThread {
        RouteThread(variant: variant, kind: kind, segment: segment, sub: sub)
    }
}
