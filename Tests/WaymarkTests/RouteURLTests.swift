import Testing
import Waymark

@Suite struct RouteURLTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let string: String
        let kind: RouteURL.Kind
        let segments: [String]
        var trailingSlash = false
        var testDescription: String { string }
    }

    @Test(arguments: [
        // Custom schemes: the host is segment 0, whatever it looks like.
        Case(string: "myapp://product/42", kind: .app, segments: ["product", "42"]),
        Case(string: "myapp:product/42", kind: .app, segments: ["product", "42"]),
        Case(string: "myapp:///product/42", kind: .app, segments: ["product", "42"]),
        Case(string: "myapp://shop.example.com/42", kind: .app, segments: ["shop.example.com", "42"]),
        Case(string: "MyApp://Product/42", kind: .app, segments: ["Product", "42"]),
        Case(string: "myapp://", kind: .app, segments: []),
        // Universal links: only the path routes.
        Case(string: "https://shop.example.com/product/42", kind: .universal, segments: ["product", "42"]),
        Case(string: "http://shop.example.com:8080/product/42", kind: .universal, segments: ["product", "42"]),
        Case(string: "https://shop.example.com", kind: .universal, segments: []),
        Case(string: "https://shop.example.com/", kind: .universal, segments: []),
        // Internal route strings.
        Case(string: "product/42", kind: .internal, segments: ["product", "42"]),
        Case(string: "/product/42", kind: .internal, segments: ["product", "42"]),
        // Splitting before decoding: %2F stays inside its segment.
        Case(string: "files/a%2Fb/c", kind: .internal, segments: ["files", "a/b", "c"]),
        Case(string: "x/%25555", kind: .internal, segments: ["x", "%555"]),
        Case(string: "x/a+b", kind: .internal, segments: ["x", "a+b"]),
        Case(string: "x/%zz", kind: .internal, segments: ["x", "%zz"]),
        Case(string: "x/caf%C3%A9", kind: .internal, segments: ["x", "café"]),
        // Empty segments are dropped, one trailing slash is recorded.
        Case(string: "a//b///c", kind: .internal, segments: ["a", "b", "c"]),
        Case(string: "a/b/", kind: .internal, segments: ["a", "b"], trailingSlash: true),
        Case(string: "myapp://product/", kind: .app, segments: ["product"], trailingSlash: true),
    ])
    func splitsTheRoutePath(_ testCase: Case) throws {
        let url = try RouteURL(parsing: testCase.string)
        #expect(url.kind == testCase.kind)
        #expect(url.pathSegments == testCase.segments)
        #expect(url.hasTrailingSlash == testCase.trailingSlash)
    }

    @Test func schemeAndDomainAreLowercasedAndThePortIsDropped() throws {
        let url = try RouteURL(parsing: "HTTPS://Shop.Example.COM:443/a")
        #expect(url.scheme == "https")
        #expect(url.host == "shop.example.com")
    }

    @Test func aResolvedRequestReadsSchemeHostAndFragmentFromItsURL() throws {
        // The lookup keeps these as byte ranges and makes the strings when asked.
        var builder = RouteResolverBuilder(schemes: ["shop"], domains: ["shop.example.com"])
        builder.add("product/:id", name: "product") { _ in .handled }
        let resolver = try builder.build()
        let app = try #require(resolver.request(for: "SHOP://product/42?ref=mail&ref=x+y#Top%20"))
        #expect(app.scheme == "shop" && app.host == "product" && app.fragment == "Top ")
        #expect(app.queryParameters.values(for: "ref") == ["mail", "x y"])
        let universal = try #require(resolver.request(for: "https://Shop.Example.com:443/product/7"))
        #expect(universal.scheme == "https" && universal.host == "shop.example.com" && universal.fragment == nil)
        let bare = try #require(resolver.request(for: "shop:product/9"))
        #expect(bare.host == nil && bare.routeParameters?["id"] == "9")
        let local = try #require(resolver.request(for: "product/5"))
        #expect(local.scheme == nil && local.host == nil && local.origin == .internal)
    }

    @Test func thePathKeepsItsPercentEncodingAndTrailingSlash() throws {
        let url = try RouteURL(parsing: "shop://product//a%2Fb/?x=1")
        #expect(url.path == "/product/a%2Fb/")
    }

    @Test func theFragmentIsDecodedAndKeptApart() throws {
        let url = try RouteURL(parsing: "shop://help/faq?x=1#sec%20two")
        #expect(url.fragment == "sec two")
        #expect(url.pathSegments == ["help", "faq"])
        #expect(url.query["x"] == "1")
        #expect(try RouteURL(parsing: "shop://help").fragment == nil)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let string: String
        let message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        Bad(
            string: "shop://a\u{0}b",
            message: "the URL contains the control character U+0000 at byte 8; percent-encode it or remove it"),
        Bad(
            string: "shop://a\nb",
            message: "the URL contains the control character U+000A at byte 8; percent-encode it or remove it"),
        Bad(string: "x/%E9", message: "path segment 2 ('%E9') is not valid UTF-8 once percent-decoded"),
        Bad(string: "x/%C0%AF", message: "path segment 2 ('%C0%AF') is not valid UTF-8 once percent-decoded"),
        Bad(
            string: "https://evil.example@shop.example.com/a",
            message: "the universal link has a user or password part before '@'; links with one are refused"),
        Bad(string: "https:/a/b", message: "the universal link has no host; write it as https://DOMAIN/PATH"),
        Bad(
            string: "https://shop%2Eexample.com/a", message: "the universal link's host contains '%', which is refused"),
        Bad(string: "https://shop.example.com:80x/a", message: "the universal link's port is not a number"),
        Bad(
            string: "https://shöp.example.com/a",
            message: "the universal link's host is not ASCII; write internationalized domains in punycode"),
    ])
    func rejectsStringsThatCannotBeRouted(_ bad: Bad) {
        let error = #expect(throws: RoutingError.self) { try RouteURL(parsing: bad.string) }
        #expect(error?.code == .invalidURL)
        #expect(error?.message == "\"\(bad.string)\": \(bad.message)")
    }
}
