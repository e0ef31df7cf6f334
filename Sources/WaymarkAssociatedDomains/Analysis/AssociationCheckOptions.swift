/// How ``AppSiteAssociation/check(against:appID:domain:options:)`` and the generator treat routes
/// and how much work they may do.
public struct AssociationCheckOptions: Hashable, Sendable {
    /// What the file should do with routes that open only after the user confirms
    /// (`RouteOption.requiresConfirmation`).
    public enum ConfirmationRoutes: String, Hashable, Sendable {
        /// Send them to the app, which asks the user (the default).
        case sendToApp
        /// Keep them in the browser: the file must not send their URLs to the app.
        case keepInBrowser
    }

    /// What to do with routes that need confirmation.
    public var confirmationRoutes: ConfirmationRoutes
    /// The most states the analysis visits before it stops (its report then says it is incomplete).
    public var maximumStates: Int
    /// The most automaton steps the analysis takes before it stops.
    public var maximumWork: Int

    /// Creates options; the defaults send confirmation routes to the app and bound the analysis at
    /// 250,000 states and a billion steps (seconds, for tens of thousands of routes).
    public init(
        confirmationRoutes: ConfirmationRoutes = .sendToApp, maximumStates: Int = 250_000,
        maximumWork: Int = 1_000_000_000
    ) {
        self.confirmationRoutes = confirmationRoutes
        self.maximumStates = maximumStates
        self.maximumWork = maximumWork
    }
}
