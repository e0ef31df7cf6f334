import Foundation

/// The type of a typed template parameter, as in `:id<int>`: a name and a test that says which
/// segment values it accepts.
///
/// A value that the type rejects is no match for that template, and matching goes on to the next
/// candidate (`product/:id<int>` fails over to `product/:slug` for `product/red-shoes`).
///
/// The built-in types are ``int`` (an optional `-` and decimal digits that fit in `Int64`), ``float``
/// (a finite decimal number) and ``uuid``. Register your own with
/// ``RouteTableBuilder/addParameterType(_:)``:
///
/// ```swift
/// builder.addParameterType(ParameterType(name: "sku") { $0.count == 8 && $0.allSatisfy(\.isNumber) })
/// builder.add("item/:code<sku>", to: .item)
/// ```
public struct ParameterType: Sendable {
    /// The name used in templates, as in `:id<name>`.
    public let name: String
    let kind: Kind

    enum Kind: Sendable {
        case int
        case float
        case uuid
        case custom(@Sendable (String) -> Bool)
    }

    /// Creates a custom type that accepts every decoded segment value for which `accepts` is true.
    ///
    /// - Parameters:
    ///   - name: The name written in templates (letters, digits and `_`).
    ///   - accepts: A test over the percent-decoded segment value.
    public init(name: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.kind = .custom(accepts)
    }

    private init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// An optional `-` followed by decimal digits, within the range of `Int64` on every platform.
    public static let int = ParameterType(name: "int", kind: .int)
    /// A finite decimal number such as `3`, `-2.5` or `1e3` (no `nan`, no `inf`, no hexadecimal).
    public static let float = ParameterType(name: "float", kind: .float)
    /// A UUID such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, in either case.
    public static let uuid = ParameterType(name: "uuid", kind: .uuid)

    /// The built-in types a template can name without registering them.
    public enum BuiltIn: String, Hashable, Sendable {
        /// ``ParameterType/int``.
        case int
        /// ``ParameterType/float``.
        case float
        /// ``ParameterType/uuid``.
        case uuid
    }

    /// Which built-in type this is; `nil` for a type the app created with
    /// ``init(name:accepts:)``, whatever its name (a custom `int` replaces the built-in one).
    public var builtIn: BuiltIn? {
        switch kind {
        case .int: .int
        case .float: .float
        case .uuid: .uuid
        case .custom: nil
        }
    }

    /// The built-in types by name.
    static let builtIns: [String: ParameterType] = ["int": .int, "float": .float, "uuid": .uuid]

    /// Whether the type accepts a percent-decoded segment value.
    public func accepts(_ value: String) -> Bool {
        switch kind {
        case .int:
            return Self.acceptsInt(value.utf8)
        case .float:
            return Self.acceptsFloat(value)
        case .uuid:
            return value.utf8.count == 36 && UUID(uuidString: value) != nil
        case .custom(let test):
            return test(value)
        }
    }

    /// Whether `bytes` (decoded) are an integer that fits in `Int64`, without allocating.
    ///
    /// `Int64`, not `Int`: `Int` is 32 bits on Apple Watch (arm64_32), and a route table must match
    /// the same URLs on every device and in every tool that checks it. A value that matches but does
    /// not fit the `Int` an app decodes it into (`product/3000000000` on a watch) is an input error
    /// that names the parameter, not a different route; use `Int64` for identifiers past 2³¹.
    static func acceptsInt<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var iterator = bytes.makeIterator()
        guard var byte = iterator.next() else { return false }
        var negative = false
        if byte == UInt8(ascii: "-") {
            negative = true
            guard let next = iterator.next() else { return false }
            byte = next
        }
        var magnitude: UInt64 = 0
        let limit: UInt64 = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        while true {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2, sum <= limit else { return false }
            magnitude = sum
            guard let next = iterator.next() else { return true }
            byte = next
        }
    }

    private static func acceptsFloat(_ value: String) -> Bool {
        // Only decimal notation: digits, one '.', an exponent. `Double(_:)` alone would also take
        // "nan", "inf" and hexadecimal floats, which no deep link means.
        let allowed = value.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        guard allowed, value.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = Double(value)
        else { return false }
        return number.isFinite
    }
}
