import Waymark

/// The values one parameter segment accepts, as a small deterministic automaton over the characters
/// of a canonical link (percent-encoded as `LinkCreator` prints it, so digits, letters, `-`, `.`,
/// `+` appear as themselves).
///
/// Each built-in type's automaton describes the language its `ParameterType.accepts(_:)` test
/// accepts, with two documented simplifications that only make the analysis assume a value is
/// accepted: an `int` of 19 digits past `Int64`'s range, and a `float` past `Double`'s range.
/// `ValueShapeTests` compares each automaton with the type's own test on generated strings. A type
/// the app registered is opaque: it is taken to accept every segment, and the analysis says so.
enum ValueShape: Hashable, Sendable {
    /// Any non-empty segment.
    case any
    /// An optional `-` and 1–19 decimal digits.
    case int
    /// `[+-]?(digits(.digits?)?|.digits)([eE][+-]?digits)?`.
    case float
    /// `8-4-4-4-12` hexadecimal digits, either case.
    case uuid

    /// The shape of a template parameter's type; `nil` type: ``any``. The second value says the
    /// shape stands in for a type the app registered.
    static func of(_ type: ParameterType?) -> (shape: ValueShape, isOpaque: Bool) {
        guard let type else { return (.any, false) }
        switch type.builtIn {
        case .int?: return (.int, false)
        case .float?: return (.float, false)
        case .uuid?: return (.uuid, false)
        case nil: return (.any, true)
        }
    }

    /// The state before the first character.
    static let start: Int32 = 0

    /// The state after `scalar` (never `/`), or `nil` when no accepted value goes on this way.
    func step(_ state: Int32, _ scalar: Unicode.Scalar) -> Int32? {
        let isDigit = scalar.value >= 48 && scalar.value <= 57
        switch self {
        case .any:
            return 1
        case .int:
            // 0 start, 1 after '-', then 1 + the number of digits read (2 … 20: 1 … 19 digits).
            if state == 0 && scalar == "-" { return 1 }
            guard isDigit else { return nil }
            if state <= 1 { return 2 }
            return state < 20 ? state + 1 : nil
        case .float:
            return Self.floatStep(state, scalar, isDigit: isDigit)
        case .uuid:
            let position = Int(state)
            guard position < 36 else { return nil }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                return scalar == "-" ? state + 1 : nil
            }
            let value = scalar.value
            let isHex = isDigit || (value >= 65 && value <= 70) || (value >= 97 && value <= 102)
            return isHex ? state + 1 : nil
        }
    }

    /// Whether a value that ends in `state` is accepted.
    func accepts(_ state: Int32) -> Bool {
        switch self {
        case .any: state == 1
        case .int: state >= 2
        case .float: state == 2 || state == 3 || state == 5 || state == 8
        case .uuid: state == 36
        }
    }

    /// States: 0 start, 1 sign, 2 digits, 3 digits then '.', 4 '.' first, 5 fraction digits,
    /// 6 'e', 7 exponent sign, 8 exponent digits.
    private static func floatStep(_ state: Int32, _ scalar: Unicode.Scalar, isDigit: Bool) -> Int32? {
        let isSign = scalar == "+" || scalar == "-"
        let isExponent = scalar == "e" || scalar == "E"
        switch state {
        case 0: return isSign ? 1 : isDigit ? 2 : scalar == "." ? 4 : nil
        case 1: return isDigit ? 2 : scalar == "." ? 4 : nil
        case 2: return isDigit ? 2 : scalar == "." ? 3 : isExponent ? 6 : nil
        case 3, 5: return isDigit ? 5 : isExponent ? 6 : nil
        case 4: return isDigit ? 5 : nil
        case 6: return isSign ? 7 : isDigit ? 8 : nil
        case 7, 8: return isDigit ? 8 : nil
        default: return nil
        }
    }

    /// The characters whose behaviour in some automaton differs from an ordinary letter's: what
    /// the analysis must try one by one.
    static let distinguishedScalars: [Unicode.Scalar] =
        Array("0123456789-+.eEabcdefABCDEF".unicodeScalars)
}
