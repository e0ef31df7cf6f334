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
    /// The most states the analysis visits before it stops (its report then says it is incomplete,
    /// an error).
    public var maximumStates: Int
    /// The most work units one check, or one generation with the checks it runs, spends before it
    /// stops (its report then says it is incomplete, an error). A unit is one thread, pattern state
    /// or character read, made or kept; the default keeps every run within the project's time and
    /// memory targets whatever the input (measured: docs/performance.md, "AASA worst cases (issue
    /// 31): bounded, and an error at the bound").
    public var maximumWork: Int

    /// Whether the analysis uses its reductions: threads a catch-all has beaten dropped
    /// (``RouteOrder``), pattern states a live `*` covers dropped (``StarCover``), components a
    /// path's tail rules out skipped (``RuleTails``), and one path where every continuation is
    /// decided alike. Each keeps the findings as they are and saves work; the tests turn them off
    /// to check that against the plain walk.
    var reduces = true

    /// These options with `spent` units of ``maximumWork`` gone (none left is none left: 0).
    func withRemainingWork(after spent: Int) -> AssociationCheckOptions {
        var options = self
        options.maximumWork = max(0, maximumWork - spent)
        return options
    }

    /// The default ``maximumWork``.
    public static let defaultMaximumWork = 60_000_000

    /// Creates options; the defaults send confirmation routes to the app and bound the analysis at
    /// 250,000 states and ``defaultMaximumWork`` units.
    public init(
        confirmationRoutes: ConfirmationRoutes = .sendToApp, maximumStates: Int = 250_000,
        maximumWork: Int = AssociationCheckOptions.defaultMaximumWork
    ) {
        self.confirmationRoutes = confirmationRoutes
        self.maximumStates = maximumStates
        self.maximumWork = maximumWork
    }
}
