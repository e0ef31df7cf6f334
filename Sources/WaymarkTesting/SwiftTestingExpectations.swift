// Swift Testing's expectations for links. Each records one issue per failure, at the caller's
// line, with the message of ``LinkChecks``.
#if canImport(Testing)
    public import Testing
    public import Waymark

    /// Expects `url` to open the route named `route` through `resolver`, with exactly `parameters`
    /// when given; a failure says what opens it instead and the nearest templates
    /// (``LinkChecks/opens(_:route:parameters:confirmation:origin:in:)-(_,_,_,_,_,RouteResolver)``).
    ///
    /// ```swift
    /// @Test func productLinksOpenTheProduct() async throws {
    ///     await expectLink("shop://product/42", opens: "product", parameters: ["id": "42"], in: try makeResolver())
    /// }
    /// ```
    public func expectLink(
        _ url: String, opens route: String, parameters: [String: String]? = nil, confirmation: Bool = false,
        origin: RouteOrigin? = nil, in resolver: RouteResolver, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        record(
            await LinkChecks.opens(
                url, route: route, parameters: parameters, confirmation: confirmation, origin: origin, in: resolver),
            at: sourceLocation)
    }

    /// Expects `url` to open the route named `route` of a route file, through the file's own resolver.
    public func expectLink(
        _ url: String, opens route: String, parameters: [String: String]? = nil, confirmation: Bool = false,
        origin: RouteOrigin? = nil, in file: RouteFile, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        record(
            await LinkChecks.opens(
                url, route: route, parameters: parameters, confirmation: confirmation, origin: origin, in: file),
            at: sourceLocation)
    }

    /// Expects `url` to open `expected` in a typed table.
    public func expectLink<R: URLRoute & Equatable>(
        _ url: String, opens expected: R, origin: RouteOrigin? = nil, in table: TypedRouteTable<R>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        record(LinkChecks.opens(url, expected, origin: origin, in: table), at: sourceLocation)
    }

    /// Expects every sample (by default, an example of every case) to print, in every style the
    /// table has, a link that opens the same value (``LinkChecks/roundTrips(_:in:styles:)``).
    public func expectRoundTrips<R: URLRoute & Equatable>(
        _ samples: [R]? = nil, in table: TypedRouteTable<R>, styles: [LinkStyle]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        record(LinkChecks.roundTrips(samples, in: table, styles: styles), at: sourceLocation)
    }

    /// Expects every link of a published-links contract to open what it says; one issue per
    /// broken link.
    public func expectContract(
        _ contract: LinkContract, holdsIn resolver: RouteResolver, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        record(await LinkChecks.contractHolds(contract, in: resolver), at: sourceLocation)
    }

    /// Expects every link of a published-links contract to open what it says in a typed table.
    public func expectContract<R: URLRoute>(
        _ contract: LinkContract, holdsIn table: TypedRouteTable<R>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        record(LinkChecks.contractHolds(contract, in: table), at: sourceLocation)
    }

    /// Expects no link from outside the app to open any of `routes`, directly or through
    /// redirects (``LinkChecks/notReachableFromOutside(_:in:through:)``).
    public func expectNotReachableFromOutside(
        _ routes: [String], in resolver: RouteResolver, through urls: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        record(await LinkChecks.notReachableFromOutside(routes, in: resolver, through: urls), at: sourceLocation)
    }

    private func record(_ failures: [String], at sourceLocation: SourceLocation) {
        for failure in failures { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    }
#endif
