/// Everything that happened to one routing request: the status, why, the request that ran (or was
/// stopped), and every redirect on the way.
public struct RoutingResult: Sendable {
    /// One redirect chosen by a filter.
    public struct Redirect: Hashable, Sendable {
        /// The string that was being resolved.
        public let from: String
        /// The string the filter redirected to.
        public let to: String
        /// The name of the filter that redirected.
        public let filter: String

        /// Creates a redirect record.
        public init(from: String, to: String, filter: String) {
            self.from = from
            self.to = to
            self.filter = filter
        }
    }

    /// What happened.
    public let status: RoutingStatus
    /// Why, in a sentence; `nil` when a matched route simply handled the request.
    public let reason: String?
    /// The last request built: the one that was handled, rejected or refused. `nil` only for an
    /// invalid string.
    public let request: RouteRequest?
    /// The redirects taken, in order.
    public let redirects: [Redirect]
    /// The filter that rejected the request, for ``RoutingStatus/rejected``.
    public let filter: String?
    /// For ``RoutingStatus/invalid`` after a match: the typed input or route value that could not
    /// be decoded, and why.
    public let inputError: RouteInputError?
    /// For ``RoutingStatus/featureUnavailable`` (or a redirect to a fallback route): the feature's name.
    public let feature: String?
    /// For ``RoutingStatus/limitExceeded``: the limit the URL is over.
    public let exceededLimit: RouteLimits.Limit?

    /// Creates a result.
    public init(
        status: RoutingStatus, reason: String?, request: RouteRequest?, redirects: [Redirect] = [],
        filter: String? = nil, inputError: RouteInputError? = nil, feature: String? = nil,
        exceededLimit: RouteLimits.Limit? = nil
    ) {
        self.status = status
        self.reason = reason
        self.request = request
        self.redirects = redirects
        self.filter = filter
        self.inputError = inputError
        self.feature = feature
        self.exceededLimit = exceededLimit
    }

    /// Whether any filter redirected.
    public var wasRedirected: Bool { !redirects.isEmpty }

    func with(redirects: [Redirect]) -> RoutingResult {
        RoutingResult(
            status: status, reason: reason, request: request, redirects: redirects, filter: filter,
            inputError: inputError, feature: feature, exceededLimit: exceededLimit)
    }
}
