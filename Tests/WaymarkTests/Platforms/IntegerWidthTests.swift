import Testing

@testable import Waymark

/// `Int` is 32 bits on Apple Watch (arm64_32) and 64 bits elsewhere. The rule: `<int>` matches the
/// same values on every platform (the range of `Int64`), and decoding into a narrower integer refuses
/// what does not fit, as an input error naming the parameter. The 32-bit side is tested here with
/// `Int32`, which is what `Int` is on a watch.
@Suite struct IntegerWidthTests {
    /// Around each edge of Int32 and Int64, in both signs and in the spellings a URL may carry.
    static let family: [(text: String, int64: Bool, int32: Bool)] = [
        ("0", true, true), ("-0", true, true), ("2147483647", true, true), ("2147483648", true, false),
        ("-2147483648", true, true), ("-2147483649", true, false), ("4294967296", true, false),
        ("9223372036854775807", true, false), ("9223372036854775808", false, false),
        ("-9223372036854775808", true, false), ("-9223372036854775809", false, false),
        ("18446744073709551616", false, false), ("000000000000000000000000000042", true, true),
        (String(repeating: "9", count: 40), false, false), ("", false, false), ("-", false, false),
        ("+1", false, false), ("1e3", false, false), (" 1", false, false),
    ]

    @Test func intMatchesTheRangeOfInt64OnEveryPlatform() throws {
        var builder = RouteTableBuilder<String>()
        builder.add("product/:id<int>", to: "int")
        builder.add("product/:slug", to: "slug")
        let table = try builder.build()
        for (text, int64, _) in Self.family where !text.isEmpty {
            let expected = int64 ? "int" : "slug"
            #expect(table.match(path: "product/\(text)")?.value == expected, "\(text)")
            #expect(ParameterType.acceptsInt(text.utf8) == int64, "\(text)")
        }
    }

    /// A value that `<int>` matched but that does not fit the integer type decoded into is an input
    /// error naming the parameter and the type, never a trap and never a truncated number.
    @Test func decodingIntoANarrowerIntegerRefusesWhatDoesNotFit() throws {
        struct Watch: Decodable { var id: Int32 }
        struct Phone: Decodable { var id: Int64 }
        for (text, int64, int32) in Self.family where int64 {
            let parameters = RouteParameters([("id", text)])
            let decoder = RouteInputDecoder()
            #expect(try decoder.decode(Phone.self, routeParameters: parameters, query: .init()).id == Int64(text))
            do {
                let watch = try decoder.decode(Watch.self, routeParameters: parameters, query: .init())
                #expect(int32 && watch.id == Int32(text), "\(text) decoded as \(watch.id)")
            } catch {
                #expect(!int32, "\(text): \(error.message)")
                #expect(error.message.contains("'id'") && error.message.contains("Int32"), "\(error.message)")
            }
        }
    }
}
