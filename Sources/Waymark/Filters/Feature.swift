/// Something a route can depend on: a purchase, a flag from path-configuration `settings`, a signed-in
/// user. Availability is asked when the route resolves, every time: a link opened twice can get two
/// answers.
///
/// ```swift
/// struct Pro: Feature {
///     let store: Store
///     var name: String { "pro" }
///     func isAvailable() async -> Bool { await store.hasPurchased("pro") }
/// }
/// builder.add("reports", name: "reports", .feature(Pro(store: store), whenUnavailable: .redirect(to: "paywall"))) { … }
/// ```
public protocol Feature: Sendable {
    /// The feature's name, for results and logs.
    var name: String { get }
    /// Whether the feature can be used now.
    func isAvailable() async -> Bool
}

/// What happens to a route whose feature is unavailable.
public enum FeatureFallback: Hashable, Sendable {
    /// The request ends as ``RoutingStatus/featureUnavailable``.
    case reject
    /// The request is redirected (for example to a paywall route), like a filter redirect.
    case redirect(to: String)
}

/// A feature from a closure.
public struct FeatureClosure: Feature {
    /// The feature's name.
    public let name: String
    private let check: @Sendable () async -> Bool

    /// Creates a feature named `name` whose availability `check` answers.
    public init(name: String, isAvailable check: @escaping @Sendable () async -> Bool) {
        self.name = name
        self.check = check
    }

    /// Asks the closure.
    public func isAvailable() async -> Bool { await check() }
}
