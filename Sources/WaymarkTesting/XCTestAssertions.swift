// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (XCTest names its assertions XCTAssert…: these read as its own.)
// XCTest's assertions for links. Each fails once per failure, at the caller's line, with the
// message of ``LinkChecks``.
#if canImport(XCTest)
    public import Waymark
    import XCTest

    /// Asserts that `url` opens the route named `route` through `resolver`, with exactly
    /// `parameters` when given; a failure says what opens it instead and the nearest templates.
    ///
    /// ```swift
    /// func testProductLinksOpenTheProduct() async throws {
    ///     await XCTAssertLink("shop://product/42", opens: "product", parameters: ["id": "42"], in: try makeResolver())
    /// }
    /// ```
    public func XCTAssertLink(
        _ url: String, opens route: String, parameters: [String: String]? = nil, confirmation: Bool = false,
        origin: RouteOrigin? = nil, in resolver: RouteResolver, file: StaticString = #filePath, line: UInt = #line
    ) async {
        fail(
            await LinkChecks.opens(
                url, route: route, parameters: parameters, confirmation: confirmation, origin: origin, in: resolver),
            file: file, line: line)
    }

    /// Asserts that `url` opens the route named `route` of a route file, through the file's own resolver.
    public func XCTAssertLink(
        _ url: String, opens route: String, parameters: [String: String]? = nil, confirmation: Bool = false,
        origin: RouteOrigin? = nil, in routeFile: RouteFile, file: StaticString = #filePath, line: UInt = #line
    ) async {
        fail(
            await LinkChecks.opens(
                url, route: route, parameters: parameters, confirmation: confirmation, origin: origin, in: routeFile),
            file: file, line: line)
    }

    /// Asserts that `url` opens `expected` in a typed table.
    public func XCTAssertLink<R: URLRoute & Equatable>(
        _ url: String, opens expected: R, origin: RouteOrigin? = nil, in table: TypedRouteTable<R>,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        fail(LinkChecks.opens(url, expected, origin: origin, in: table), file: file, line: line)
    }

    /// Asserts that every sample (by default, an example of every case) prints, in every style the
    /// table has, a link that opens the same value.
    public func XCTAssertRoundTrips<R: URLRoute & Equatable>(
        _ samples: [R]? = nil, in table: TypedRouteTable<R>, styles: [LinkStyle]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        fail(LinkChecks.roundTrips(samples, in: table, styles: styles), file: file, line: line)
    }

    /// Asserts that every link of a published-links contract opens what it says; one failure per
    /// broken link.
    public func XCTAssertContract(
        _ contract: LinkContract, holdsIn resolver: RouteResolver, file: StaticString = #filePath, line: UInt = #line
    ) async {
        fail(await LinkChecks.contractHolds(contract, in: resolver), file: file, line: line)
    }

    /// Asserts that every link of a published-links contract opens what it says in a typed table.
    public func XCTAssertContract<R: URLRoute>(
        _ contract: LinkContract, holdsIn table: TypedRouteTable<R>, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        fail(LinkChecks.contractHolds(contract, in: table), file: file, line: line)
    }

    /// Asserts that no link from outside the app opens any of `routes`, directly or through redirects.
    public func XCTAssertNotReachableFromOutside(
        _ routes: [String], in resolver: RouteResolver, through urls: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        fail(await LinkChecks.notReachableFromOutside(routes, in: resolver, through: urls), file: file, line: line)
    }

    private func fail(_ failures: [String], file: StaticString, line: UInt) {
        for failure in failures { XCTFail(failure, file: file, line: line) }
    }
#endif
