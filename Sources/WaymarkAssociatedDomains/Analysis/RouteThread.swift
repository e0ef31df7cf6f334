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
        /// Inside pattern segment `segment` (`{name}.json`): `sub` packs the piece and the place
        /// in it (``PatternPlace``). A capture may end before any occurrence of the text after it,
        /// so one character can make two threads: the pattern is read as a nondeterministic
        /// automaton, whose live places are the threads.
        case pattern
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
            case .pattern(let pieces):
                guard scalar != "/" else { return }
                PatternPlace.start(pieces).step(scalar, pieces, ignoringCase: ignoringCase) {
                    body(with(.pattern, segment, $0.packed))
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
        case .pattern:
            guard case .pattern(let pieces) = segments[Int(segment)] else { return }
            let place = PatternPlace(packed: sub)
            if scalar == "/" {
                if place.accepts(pieces) { nextSegment(shape, body) }
            } else {
                place.step(scalar, pieces, ignoringCase: ignoringCase) { body(with(.pattern, segment, $0.packed)) }
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
            switch shape.segments[Int(segment)] {
            case .literal(let text): return text.first
            case .pattern(let pieces): return PatternPlace.start(pieces).onlyScalar(pieces)
            case .value, .rest: return nil
            }
        case .pattern:
            guard case .pattern(let pieces) = shape.segments[Int(segment)] else { return nil }
            return PatternPlace(packed: sub).onlyScalar(pieces)
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
        case .pattern:
            guard case .pattern(let pieces) = shape.segments[Int(segment)] else { return false }
            return PatternPlace(packed: sub).accepts(pieces) && shape.isComplete(at: Int(segment) + 1)
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

/// A place inside a pattern segment's pieces: which piece, and how far into it (the characters of
/// a text piece read, or a capture's ``ValueShape`` state).
///
/// The places are those of a nondeterministic automaton for the pattern's language: each capture
/// one character or more of its shape, each text itself. For untyped captures that is exactly the
/// segments the table's lazy left-to-right scan accepts (a capture that absorbs any character
/// makes the first occurrence of the text after it as good as any later one); for a typed capture
/// it may accept a split the scan does not try, and the check's resolver preview decides each
/// example path.
struct PatternPlace: Hashable {
    var piece: Int
    var inner: Int32

    /// The place before the first character.
    static func start(_ pieces: [VariantShape.PatternPiece]) -> PatternPlace {
        PatternPlace(piece: 0, inner: ValueShape.start)
    }

    /// Packed into a thread's `sub`: the piece above 20 bits, the inner place below (a text piece
    /// is at most a URL's 16,384 bytes, a shape's state far less).
    var packed: Int32 {
        // A pattern has at most a segment's characters of pieces, far below 2¹¹.
        (Int32(truncatingIfNeeded: piece) << 20) | inner
    }

    init(piece: Int, inner: Int32) {
        self.piece = piece
        self.inner = inner
    }

    init(packed: Int32) {
        piece = Int(packed >> 20)
        inner = packed & 0xF_FFFF
    }

    /// Calls `body` with each place `scalar` (never `/`) leads to.
    func step(
        _ scalar: Unicode.Scalar, _ pieces: [VariantShape.PatternPiece], ignoringCase: Bool,
        _ body: (PatternPlace) -> Void
    ) {
        switch pieces[piece] {
        case .text(let text):
            let position = Int(inner)
            if position < text.count, ScalarCase.equal(text[position], scalar, ignoringCase: ignoringCase) {
                body(Self.after(text: text, piece: piece, read: position + 1, pieces))
            }
        case .capture(let shape):
            if let next = shape.step(inner, scalar) { body(PatternPlace(piece: piece, inner: next)) }
            // The capture ends here when it has a value and the text after it starts with `scalar`.
            if shape.accepts(inner), piece + 1 < pieces.count, case .text(let text) = pieces[piece + 1],
                let first = text.first, ScalarCase.equal(first, scalar, ignoringCase: ignoringCase)
            {
                body(Self.after(text: text, piece: piece + 1, read: 1, pieces))
            }
        }
    }

    /// After `read` characters of text piece `piece`: a whole text followed by a capture is the
    /// capture's start.
    private static func after(
        text: [Unicode.Scalar], piece: Int, read: Int, _ pieces: [VariantShape.PatternPiece]
    ) -> PatternPlace {
        if read == text.count, piece + 1 < pieces.count {
            return PatternPlace(piece: piece + 1, inner: ValueShape.start)
        }
        // narrowing: read ≤ the text's length, at most a URL's 16,384 bytes
        return PatternPlace(piece: piece, inner: Int32(read))
    }

    /// Whether a segment that ends here fits the pattern.
    func accepts(_ pieces: [VariantShape.PatternPiece]) -> Bool {
        guard piece == pieces.count - 1 else { return false }
        switch pieces[piece] {
        case .text(let text): return Int(inner) == text.count
        case .capture(let shape): return shape.accepts(inner)
        }
    }

    /// The one character that can come next, when there is one: the next of a text piece, or the
    /// `/` after a whole final text; `nil` inside a capture.
    func onlyScalar(_ pieces: [VariantShape.PatternPiece]) -> Unicode.Scalar? {
        guard case .text(let text) = pieces[piece] else { return nil }
        return Int(inner) < text.count ? text[Int(inner)] : "/"
    }

    /// The characters that behave specially here: the next of a text, the first of the text after
    /// a capture; and whether a typed capture is live (its distinguished characters then matter).
    func specialScalars(_ pieces: [VariantShape.PatternPiece]) -> (scalars: [Unicode.Scalar], typed: Bool) {
        switch pieces[piece] {
        case .text(let text):
            return (Int(inner) < text.count ? [text[Int(inner)]] : [], false)
        case .capture(let shape):
            var scalars: [Unicode.Scalar] = []
            if piece + 1 < pieces.count, case .text(let text) = pieces[piece + 1], let first = text.first {
                scalars.append(first)
            }
            return (scalars, shape != .any)
        }
    }
}
