import Foundation
import Testing

@testable import Waymark

/// The contract file (docs/link-contract.md): what it may hold, and every problem named at once by
/// where it is; and the check against typed tables, whose routes live only in Swift.
@Suite struct LinkContractFileTests {
    @Test func everyProblemIsNamedByWhereItIs() {
        let text = """
            {"version": 1, "notes": "x", "links": [
              {"url": "shop://product/42", "route": "product", "paramters": {"id": "42"}},
              {"route": "product"},
              {"url": "shop://product/42", "route": "product", "parameters": {"id": 42}},
              {"url": "shop://product/42", "route": "product", "origin": "outside", "confirmation": "yes"},
              "shop://product/42"
            ]}
            """
        #expect(throws: LinkContractError.self) { try LinkContract(json: text, source: "links.json") }
        do {
            _ = try LinkContract(json: text, source: "links.json")
        } catch {
            #expect(
                error.problems.map(\.description) == [
                    "notes: unknown key; a contract's keys are version, note, links",
                    "links[0].paramters: unknown key; a link's keys are url, origin, route, parameters, confirmation, properties, template, note",
                    "links[1].url: missing",
                    #"links[2].parameters.id: write the value as a string, as the link carries it ("42", not 42), not 42"#,
                    #"links[3].origin: must be "external" or "internal", not "outside""#,
                    #"links[3].confirmation: must be true or false, not "yes""#,
                    #"links[4]: a link is an object with "url" and "route", not "shop://product/42""#,
                ])
            #expect(error.description.hasPrefix("links.json: notes: unknown key"))
        }
    }

    @Test(arguments: [
        (#"{"links": []}"#, #"version: missing; write "version": 1"#),
        (#"{"version": 2, "links": []}"#, "version: version 2 is not one this Waymark reads (it reads version 1)"),
        (#"{"version": "1", "links": []}"#, #"version: must be the number 1, not "1""#),
        (#"{"version": 1}"#, #"links: missing; write "links": [ … ], one object per published link"#),
        (#"{"version": 1, "links": {}}"#, "links: must be an array of links, not {}"),
        ("[]", #"a contract is a JSON object with "version" and "links""#),
        (#"{"version": 1, "links": [}"#, "not valid JSON: "),
    ])
    func theFileAsAWholeIsChecked(text: String, problem: String) {
        do {
            _ = try LinkContract(json: text)
            Issue.record("read \(text)")
        } catch {
            #expect(error.problems.first?.description.hasPrefix(problem) == true, "\(error)")
        }
    }

    @Test func aFileThatIsNotRegularIsNotRead() throws {
        #expect(throws: LinkContractError.self) { try LinkContract(contentsOf: URL(fileURLWithPath: "/dev/zero")) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("links.json")
        try Data(#"{"version": 1, "links": [{"url": "shop://x", "route": "x"}]}"#.utf8).write(to: file)
        #expect(try LinkContract(contentsOf: file).links.map(\.route) == ["x"])
    }

    /// Hostile contracts: many links, deep properties, long values; the work is one pass each.
    @Test(arguments: [1, 10, 100, 1_000])
    func aLargeContractReadsAndChecksEveryLink(scale: Int) async throws {
        let links = (0..<scale).map { index in
            #"{"url": "shop://product/\#(index)", "route": "product", "parameters": {"id": "\#(index)"}}"#
        }
        let contract = try LinkContract(json: #"{"version": 1, "links": ["# + links.joined(separator: ",") + "]}")
        var builder = RouteResolverBuilder(schemes: ["shop"])
        builder.add("product/:id<int>", name: "product") { _ in .handled }
        let report = await contract.check(try builder.build())
        #expect(report.checked == scale)
        #expect(report.holds)
    }

    enum ShopLink: URLRoute, Equatable {
        case product(id: Int)
        case category(slug: String)
        case admin

        static let routeMap: RouteMap<ShopLink> = [
            "product": "product/:id<int>",
            "category": "category/:slug",
            "admin": .template("admin", .internalOnly),
        ]
    }

    /// Version 2 tightened the category's slug to a number.
    enum ShopLinkV2: URLRoute, Equatable {
        case product(id: Int)
        case category(slug: Int)
        case admin

        static let routeMap: RouteMap<ShopLinkV2> = [
            "product": "product/:id<int>",
            "category": "category/:slug<int>",
            "admin": .template("admin", .internalOnly),
        ]
    }

    static let typedContract = LinkContract(links: [
        .init(url: "app://product/42", route: "product", parameters: RouteParameters([("id", "42")])),
        .init(url: "app://category/sale", route: "ShopLink.category"),
        .init(url: "/admin", origin: .internal, route: "admin"),
    ])

    /// A case with several templates has one registration for each: the names in a break are the
    /// cases', whatever the registration order; a contracted chain name comes first among them.
    enum ManyTemplates: URLRoute, Equatable {
        case search(q: String?)
        case item(id: Int)

        static let routeMap: RouteMap<ManyTemplates> = [
            "search": ["search?q", "find?q", "lookup?q"],
            "item": "item/:id<int>",
        ]
    }

    @Test func aTypedBreakNamesTheCasesOfEveryRegistration() throws {
        let table = try TypedRouteTable<ManyTemplates>(schemes: ["app"])
        let contract = LinkContract(links: [.init(url: "app://items/7", route: "item")])
        let broken = try #require(contract.check(table).breaks.first)
        #expect(broken.nearest.first?.route == "ManyTemplates.item")
        #expect(broken.nearest.first?.template == "item/:id<int>")
        #expect(Set(broken.nearest.map(\.route)).isSubset(of: ["ManyTemplates.item", "ManyTemplates.search"]))
    }

    @Test func aTypedTableIsCheckedByCaseChainOrFullName() throws {
        let table = try TypedRouteTable<ShopLink>(schemes: ["app"])
        // The full name of the second link names this very type; written by chain it holds too.
        let report = Self.typedContract.check(table)
        #expect(report.holds, "\(report)")
    }

    @Test func aTightenedTypeBreaksTheLinksItNoLongerTakes() throws {
        let table = try TypedRouteTable<ShopLinkV2>(schemes: ["app"])
        var contract = Self.typedContract
        contract.links[1].route = "category"
        contract.links.append(.init(url: "app://admin", route: "admin"))
        let report = contract.check(table)
        #expect(report.breaks.map(\.kind) == [.unmatched, .internalOnly])
        #expect(
            report.breaks.first?.unredactedDescription
                == "app://category/sale: was category, now unmatched: no route matches the path (2 segments); "
                + #"nearest: ShopLinkV2.category (category/:slug<int>) — segment 2 is "sale", which is not a valid int"#
        )
    }
}
