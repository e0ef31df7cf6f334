import Testing
import Waymark

/// The samples of "Templates and Precedence" (Waymark.docc), run as written.
@Suite struct TemplatesAndPrecedenceTests {
    @Test func grammar() throws {
        // sample: TemplatesAndPrecedence#1
        var tableBuilder = RouteTableBuilder<String>()
        tableBuilder.add("product/:id<int>", to: "product by id")
        tableBuilder.add("product/:slug", to: "product by slug")
        tableBuilder.add("product/new", to: "new product")
        tableBuilder.add("user/:id(/:tab)", to: "profile")
        tableBuilder.add("files/*path", to: "files")
        let table = try tableBuilder.build()

        let new = table.match(path: "/product/new")?.value  // "new product"
        let byID = table.match(path: "/product/42")?.value  // "product by id"
        let bySlug = table.match(path: "/product/red-shoes")?.value  // "product by slug"
        let tab = table.match(path: "/user/7/orders")?.parameters["tab"]  // "orders"
        let noTab = table.match(path: "/user/7")?.parameters["tab"]  // nil
        let files = table.match(path: "/files/a%2Fb/c")?.wildcard  // ["a/b", "c"]
        // end sample
        #expect(new == "new product")
        #expect(byID == "product by id")
        #expect(bySlug == "product by slug")
        #expect(tab == "orders")
        #expect(noTab == nil)
        #expect(files == ["a/b", "c"])
    }

    @Test func priorityBeatsSpecificity() throws {
        // sample: TemplatesAndPrecedence#2
        var promotions = RouteTableBuilder<String>()
        promotions.add("sale/:slug", to: "sale page")
        promotions.add("*rest", priority: 1, to: "maintenance screen")
        let maintenance = try promotions.build()
        let during = maintenance.match(path: "/sale/summer")?.value  // "maintenance screen"
        // end sample
        #expect(during == "maintenance screen")
    }

    @Test func customParameterType() throws {
        // sample: TemplatesAndPrecedence#3
        var catalogue = RouteTableBuilder<String>()
        catalogue.addParameterType(ParameterType(name: "sku") { $0.count == 8 && $0.allSatisfy(\.isNumber) })
        catalogue.add("item/:code<sku>", to: "item by SKU")
        catalogue.add("item/:name", to: "item by name")
        let items = try catalogue.build()
        let bySKU = items.match(path: "/item/12345678")?.value  // "item by SKU"
        let byName = items.match(path: "/item/1234")?.value  // "item by name"
        // end sample
        #expect(bySKU == "item by SKU")
        #expect(byName == "item by name")
    }

    @Test func textAroundParameters() throws {
        // sample: TemplatesAndPrecedence#4
        var downloads = RouteTableBuilder<String>()
        downloads.add("feed/{name}.json", to: "feed")
        downloads.add("feed/report.json", to: "report")
        downloads.add("api/v{major<int>}.{minor<int>}/status", to: "status")
        downloads.add("people/{first}_{last}", to: "person")
        let files = try downloads.build()

        let feed = files.match(path: "/feed/news.json")?.parameters["name"]  // "news"
        let report = files.match(path: "/feed/report.json")?.value  // "report"
        let minor = files.match(path: "/api/v2.10/status")?.parameters["minor"]  // "10"
        let notInt = files.match(path: "/api/v2.x/status")  // nil
        let last = files.match(path: "/people/ada_king_lovelace")?.parameters["last"]  // "king_lovelace"
        // end sample
        #expect(feed == "news")
        #expect(report == "report")
        #expect(minor == "10")
        #expect(notInt == nil)
        #expect(last == "king_lovelace")
    }

    @Test func problemsFoundWhenBuilt() {
        // sample: TemplatesAndPrecedence#5
        var conflicting = RouteTableBuilder<String>()
        conflicting.add("item/:id", to: "item")
        conflicting.add("item/:slug", to: "thing")
        conflicting.add("product/:", to: "product")
        let problems = conflicting.diagnostics().map(\.message)
        // end sample
        #expect(
            problems == [
                #""item/:slug" and "item/:id" differ only in parameter names, so no URL can tell them apart in scope appAny; use one template, or give the parameters different types"#,
                #""product/:" column 9: ':' must be followed by a parameter name, as in ':id'"#,
            ])
        #expect(throws: RoutingError.self) { try conflicting.build() }
    }
}
