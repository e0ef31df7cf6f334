import Testing
import Waymark

@Suite struct QueryParametersTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let query: String
        let items: [QueryParameters.Item]
        var testDescription: String { query }
    }

    @Test(arguments: [
        Case(query: "a=1&b=2", items: [.init(name: "a", value: "1"), .init(name: "b", value: "2")]),
        Case(query: "q=red+shoes", items: [.init(name: "q", value: "red shoes")]),
        Case(query: "q=a%2Bb", items: [.init(name: "q", value: "a+b")]),
        Case(query: "q=a%20b+c", items: [.init(name: "q", value: "a b c")]),
        Case(
            query: "tag=a&tag=b&tag=c",
            items: [.init(name: "tag", value: "a"), .init(name: "tag", value: "b"), .init(name: "tag", value: "c")]),
        Case(query: "flag", items: [.init(name: "flag", value: nil)]),
        Case(query: "a=", items: [.init(name: "a", value: "")]),
        Case(query: "a=b=c", items: [.init(name: "a", value: "b=c")]),
        Case(query: "a=1;b=2", items: [.init(name: "a", value: "1;b=2")]),
        Case(query: "a=%zz&b=%4", items: [.init(name: "a", value: "%zz"), .init(name: "b", value: "%4")]),
        Case(query: "a=1&&b=2&", items: [.init(name: "a", value: "1"), .init(name: "b", value: "2")]),
        Case(query: "na%6De=v", items: [.init(name: "name", value: "v")]),
        Case(query: "A=1&a=2", items: [.init(name: "A", value: "1"), .init(name: "a", value: "2")]),
        Case(query: "x=%E9", items: [.init(name: "x", value: "%E9")]),
        Case(query: "emoji=%F0%9F%9A%80", items: [.init(name: "emoji", value: "🚀")]),
    ])
    func decodesItemsAsDesignSays(_ testCase: Case) {
        #expect(QueryParameters(parsing: testCase.query).items == testCase.items)
    }

    @Test func subscriptGivesTheFirstValueAndValuesGivesAllInOrder() {
        let query = QueryParameters(parsing: "tag=red&x=1&tag=blue&flag")
        #expect(query["tag"] == "red")
        #expect(query.values(for: "tag") == ["red", "blue"])
        #expect(query["flag"] == "")
        #expect(query.contains("flag"))
        #expect(query["missing"] == nil)
        #expect(query.names == ["tag", "x", "flag"])
    }
}
