import Foundation
import Testing
import Waymark

/// The typed-input decoder: one test per supported type, one per kind of error, each asserting the
/// whole message a person would read.
@Suite struct RouteInputDecoderTests {
    enum Color: String, Codable, Sendable { case red, blue }

    struct One<Value: Codable>: Codable {
        var value: Value
    }

    func decode<Value: Codable>(_ type: Value.Type, _ query: String, route: [(String, String)] = [])
        throws(RouteInputError)
        -> Value
    {
        let parameters = RouteParameters(route.map { (name: $0.0, value: $0.1) })
        return try RouteInputDecoder().decode(
            One<Value>.self, routeParameters: parameters, query: QueryParameters(parsing: query)
        ).value
    }

    func failure<Value: Codable>(_ type: Value.Type, _ query: String) -> RouteInputError? {
        do {
            _ = try decode(type, query)
            return nil
        } catch {
            return error
        }
    }

    @Test func strings() throws {
        #expect(try decode(String.self, "value=a+b%2Bc") == "a b+c")
        #expect(try decode(String.self, "value=") == "")
    }

    @Test func integersOfEverySize() throws {
        #expect(try decode(Int.self, "value=-42") == -42)
        #expect(try decode(Int8.self, "value=127") == 127)
        #expect(try decode(Int16.self, "value=-300") == -300)
        #expect(try decode(Int32.self, "value=70000") == 70000)
        #expect(try decode(Int64.self, "value=9000000000") == 9_000_000_000)
        #expect(try decode(UInt.self, "value=7") == 7)
        #expect(try decode(UInt8.self, "value=255") == 255)
        #expect(try decode(UInt16.self, "value=65535") == 65535)
        #expect(try decode(UInt32.self, "value=4000000000") == 4_000_000_000)
        #expect(try decode(UInt64.self, "value=18000000000000000000") == 18_000_000_000_000_000_000)
        #expect(failure(Int8.self, "value=128")?.message == "parameter 'value' is not a valid Int8")
        #expect(try decode(Int.self, "value=%2B1") == 1)
        #expect(failure(Int.self, "value=%201")?.message == "parameter 'value' is not a valid Int")
        #expect(failure(Int.self, "value=0x1F")?.message == "parameter 'value' is not a valid Int")
    }

    @Test func floatingPoint() throws {
        #expect(try decode(Double.self, "value=2.5") == 2.5)
        #expect(try decode(Double.self, "value=1e3") == 1000)
        #expect(try decode(Float.self, "value=-0.25") == -0.25)
        #expect(
            failure(Double.self, "value=nan")?.message == "parameter 'value' is not a valid Double")
    }

    @Test func booleans() throws {
        for text in ["true", "1", "yes", "YES", "True"] { #expect(try decode(Bool.self, "value=\(text)") == true) }
        for text in ["false", "0", "no", "No"] { #expect(try decode(Bool.self, "value=\(text)") == false) }
        #expect(try decode(Bool.self, "value") == true)
        #expect(
            failure(Bool.self, "value=maybe")?.message == "parameter 'value' is not a valid Bool")
    }

    @Test func uuids() throws {
        let text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        #expect(try decode(UUID.self, "value=\(text.lowercased())") == UUID(uuidString: text))
        #expect(failure(UUID.self, "value=42")?.message == "parameter 'value' is not a valid UUID")
    }

    @Test func urls() throws {
        #expect(
            try decode(URL.self, "value=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1")
                == URL(string: "https://example.com/a?b=1"))
        #expect(
            failure(URL.self, "value=relative/path")?.message
                == "parameter 'value' is not a valid URL")
    }

    @Test func iso8601Dates() throws {
        #expect(try decode(Date.self, "value=2026-11-23T10:30:00Z") == Date(timeIntervalSince1970: 1_795_429_800))
        #expect(try decode(Date.self, "value=2026-11-23T10:30:00.5Z") == Date(timeIntervalSince1970: 1_795_429_800.5))
        #expect(try decode(Date.self, "value=2026-11-23") == Date(timeIntervalSince1970: 1_795_392_000))
        #expect(
            failure(Date.self, "value=yesterday")?.message
                == "parameter 'value' is not a valid Date")
    }

    @Test func rawValueEnums() throws {
        #expect(try decode(Color.self, "value=blue") == .blue)
        #expect(
            failure(Color.self, "value=green")?.message == "parameter 'value' is not a valid Color")
    }

    @Test func optionals() throws {
        #expect(try decode(Int?.self, "") == nil)
        #expect(try decode(Int?.self, "value=3") == 3)
        #expect(
            failure(Int?.self, "value=three")?.message == "parameter 'value' is not a valid Int")
    }

    @Test func missingValuesNameTheParameterAndType() {
        let error = failure(Int.self, "other=1")
        #expect(error?.kind == .missing)
        #expect(error?.parameter == "value")
        #expect(error?.value == nil)
        #expect(error?.expectedType == "Int")
        #expect(error?.message == "parameter 'value' is missing (expected Int)")
    }

    @Test func arraysFromRepeatedNamesOrCommaLists() throws {
        #expect(try decode([String].self, "value=a&value=b") == ["a", "b"])
        #expect(try decode([Int].self, "value=1,2,3") == [1, 2, 3])
        #expect(try decode([Color].self, "value=red&value=blue") == [.red, .blue])
        #expect(try decode([String].self, "") == [])
        #expect(failure([Int].self, "value=1,x")?.message == "parameter 'value' is not a valid Int")
    }

    @Test func routeParametersWinOverQueryItems() throws {
        #expect(try decode(Int.self, "value=1", route: [("value", "2")]) == 2)
    }

    struct Filter: Codable, Equatable {
        var color: Color
        var size: Int?
    }

    @Test func nestedValuesUseBracketNames() throws {
        #expect(try decode(Filter.self, "value%5Bcolor%5D=red&value[size]=9") == Filter(color: .red, size: 9))
        #expect(
            failure(Filter.self, "value[color]=pink")?.message
                == "parameter 'value[color]' is not a valid Color")
        #expect(
            failure(Filter.self, "value[size]=1")?.message == "parameter 'value[color]' is missing (expected Color)")
    }

    struct Listing: Codable, Equatable, RouteInputDefaults {
        var page: Int
        var sort: String
        static let defaultInput = Listing(page: 1, sort: "popular")
    }

    @Test func defaultsFillMissingFields() throws {
        let listing = try RouteInputDecoder().decode(Listing.self, query: QueryParameters(parsing: "sort=new"))
        #expect(listing == Listing(page: 1, sort: "new"))
    }

    @Test func listsOfListsAreRefused() {
        #expect(
            failure([[Int]].self, "value=1")?.message
                == "parameter 'value' is a list of lists, which URL parameters cannot carry")
    }

    @Test func encoderWritesWhatTheDecoderReads() throws {
        let search = Search(q: "red shoes", page: 2, tag: ["sale", "new,ish"], filter: Filter(color: .blue, size: nil))
        let items = try RouteInputEncoder().encode(search)
        #expect(items.unredactedDescription == "q=red shoes&page=2&tag=sale&tag=new,ish&filter[color]=blue")
        #expect(try RouteInputDecoder().decode(Search.self, query: items) == search)
    }

    struct Search: Codable, Equatable {
        var q: String
        var page: Int?
        var tag: [String]
        var filter: Filter?
    }
}
