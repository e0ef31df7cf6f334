import Foundation
import Testing
import WaymarkTestSupport

@testable import Waymark

/// Hostile contracts, as families around each limit: many links, long links, deep properties, many
/// problems, the size cap, and the spellings of a version. The reader's work is counted (bytes the
/// JSON reader examines, keys and parameters of each link) and grows linearly.
@Suite struct LinkContractHostileTests {
    static func contract(_ links: [String]) -> Data {
        Data((#"{"version": 1, "links": ["# + links.joined(separator: ",") + "]}").utf8)
    }

    static func work(_ data: Data) throws(LinkContractError) -> Int {
        var work = 0
        _ = try LinkContract.read(data, source: "hostile", work: &work)
        return work
    }

    @Test func manyLinksCostWorkLinearInTheirNumber() throws {
        try LinearGrowth.expectLinear("links", base: 100, factors: [1, 10, 100]) { count in
            try Self.work(
                Self.contract(
                    (0..<count).map {
                        #"{"url": "shop://product/\#($0)", "route": "product", "parameters": {"id": "\#($0)", "ref": "x"}}"#
                    }))
        }
    }

    @Test func aLongLinkCostsWorkLinearInItsLength() throws {
        try LinearGrowth.expectLinear("URL length", base: 1_000, factors: [1, 10, 100]) { length in
            try Self.work(
                Self.contract([#"{"url": "shop://\#(String(repeating: "a/", count: length / 2))", "route": "r"}"#]))
        }
    }

    @Test func deepPropertiesCostWorkLinearInTheirDepthUpToTheReadersLimit() throws {
        func nested(_ depth: Int) -> Data {
            Self.contract([
                #"{"url": "shop://x", "route": "x", "properties": {"deep": "#
                    + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}"
            ])
        }
        // The contract itself nests 4 levels (object, links, link, properties).
        try LinearGrowth.expectLinear("property depth", base: 5, factors: [1, 10, 100]) { depth in
            try Self.work(nested(depth))
        }
        #expect(throws: LinkContractError.self) { try Self.work(nested(600)) }
        do {
            _ = try Self.work(nested(600))
        } catch {
            #expect(error.problems.first?.message.contains("deeper than 512 levels") == true)
        }
    }

    @Test(arguments: [10, 1_000, 10_000])
    func manyProblemsAreCountedNotAllListed(links: Int) {
        do {
            _ = try LinkContract(data: Self.contract(Array(repeating: "{}", count: links)))
            Issue.record("an empty link was read")
        } catch {
            // Each empty link misses its url and its route.
            let total = 2 * links
            #expect(error.problems.count == min(total, LinkContract.maximumProblems) + (total > 100 ? 1 : 0))
            if total > LinkContract.maximumProblems {
                #expect(error.problems.last?.message == "and \(total - LinkContract.maximumProblems) more problem(s)")
            }
            #expect(error.problems.first?.description == "links[0].url: missing")
        }
    }

    @Test func aContractOverTheSizeCapIsRefusedBeforeItIsRead() {
        do {
            _ = try LinkContract(data: Data(count: LinkContract.maximumFileSize + 1))
            Issue.record("read a contract over the cap")
        } catch {
            #expect(error.problems.map(\.message) == ["it is 64000001 bytes, over the limit of 64000000"])
        }
    }

    @Test(arguments: [
        ("1", true), ("1.0", true), ("1e0", true), ("10e-1", true), (#""1""#, false), ("true", false), ("2", false),
        ("0.9999999", false), ("null", false),
    ])
    func everySpellingOfTheVersion(version: String, reads: Bool) {
        let data = Data(#"{"version": \#(version), "links": []}"#.utf8)
        #expect(((try? LinkContract(data: data)) != nil) == reads)
    }

    @Test(arguments: ["URL", "Url", "url ", "route_name", "params"])
    func aKeySpelledOtherwiseIsUnknown(key: String) {
        let data = Self.contract([#"{"url": "shop://x", "route": "x", "\#(key)": "y"}"#])
        do {
            _ = try LinkContract(data: data)
            Issue.record("read the key \(key)")
        } catch {
            #expect(error.problems.map(\.location) == ["links[0].\(key)"])
        }
    }
}
