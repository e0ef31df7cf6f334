import GeneratedRoutes
import Testing

/// The enum the plugin generated from `shop.routes.json` opens links into cases and prints cases
/// back into links, as the route file says.
@Suite struct GeneratedRoutesTests {
    @Test func aLinkOpensItsCase() throws {
        #expect(try ShopLinkReader.route(for: "shop://product/42") == .product(id: 42))
        #expect(
            try ShopLinkReader.route(for: "https://shop.example.com/user/7/profile/posts")
                == .profile(user_id: "7", tab: "posts"))
        #expect(
            try ShopLinkReader.route(for: "shop://help/returns/international")
                == .help(topic: ["returns", "international"]))
    }

    @Test func aCasePrintsItsLink() throws {
        #expect(try ShopLinkReader.appLink(for: .product(id: 42)) == "shop://product/42")
        #expect(try ShopLinkReader.appLink(for: .profile(user_id: "7", tab: nil)) == "shop://user/7/profile")
    }

    /// The file's options come through: `debug` is internal, so an external link does not open it.
    @Test func theFilesOptionsApply() throws {
        #expect(try ShopLinkReader.route(for: "shop://debug/menu") == nil)
        #expect(try ShopLinkReader.route(for: "debug/menu") == .debug)
        #expect(GeneratedShopRoute.Table.defaultRouteName == "home")
    }
}
