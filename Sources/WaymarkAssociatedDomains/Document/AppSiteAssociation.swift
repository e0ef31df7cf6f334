public import Waymark

/// An `apple-app-site-association` (AASA) document: the file a domain serves at
/// `/.well-known/apple-app-site-association` to say which of its URLs open which apps.
///
/// The `applinks` section is modelled in full (see ``AppLinks``); `webcredentials`, `appclips`,
/// `activitycontinuation` and any other top-level section are kept as they are, so a file read and
/// written again keeps them.
///
/// ```swift
/// let file = try AppSiteAssociation(data: data)
/// file.diagnostics                       // what Apple would ignore or read differently
/// file.decision(for: "https://shop.example.com/product/42", appID: "ABCDE12345.com.example.shop").opens
/// ```
public struct AppSiteAssociation: Hashable, Sendable {
    /// The universal-links section, or `nil` when the file has none.
    public var applinks: AppLinks?
    /// Every other top-level section (`webcredentials`, `appclips`, `activitycontinuation`, …),
    /// kept as written.
    public var otherSections: [String: JSONValue]
    /// What reading the file found: keys Apple ignores, values of the wrong type, legacy forms. Empty
    /// for a document made in code.
    public var diagnostics: [AssociationDiagnostic]

    /// Creates a document.
    ///
    /// - Parameters:
    ///   - applinks: The universal-links section.
    ///   - otherSections: Other top-level sections, kept as they are.
    public init(applinks: AppLinks?, otherSections: [String: JSONValue] = [:]) {
        self.applinks = applinks
        self.otherSections = otherSections
        self.diagnostics = []
    }

    /// Apple's limit on the file's size, uncompressed: 128 KB (Apple's App Search Programming Guide,
    /// "Support Universal Links"). Larger files are not used at all.
    public static let maximumAppleFileSize = 128 * 1024
}

/// The `applinks` section: which URLs of the domain open which app.
public struct AppLinks: Hashable, Sendable {
    /// The entries, in the order the system searches them: the first entry that lists an app and
    /// has a component matching the URL decides for that app.
    public var details: [Details]
    /// Values a component takes when it leaves a key out (`caseSensitive`, `percentEncoded`, and in
    /// practice also `/`, `?`, `#` and `exclude`): the domain-wide level of `defaults`.
    public var defaults: AppLinksComponent?
    /// `$(name)` substitution variables: each name and the strings it stands for.
    public var substitutionVariables: [String: [String]]
    /// The legacy `apps` key (iOS 12 and earlier required it present and empty); `nil` when absent.
    public var apps: [String]?

    /// Creates an `applinks` section.
    ///
    /// - Parameters:
    ///   - details: The entries, in search order.
    ///   - defaults: Domain-wide defaults for component keys.
    ///   - substitutionVariables: Custom `$(name)` variables.
    public init(
        details: [Details], defaults: AppLinksComponent? = nil, substitutionVariables: [String: [String]] = [:]
    ) {
        self.details = details
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
        self.apps = nil
    }

    /// One entry of `details`: the apps it is for, and the URLs that open them.
    public struct Details: Hashable, Sendable {
        /// The app IDs (`TEAMID.bundle.identifier`): `appIDs`, plus the legacy `appID` when a file
        /// gives both.
        public var appIDs: [String]
        /// Whether the file spelled the app with the legacy single `appID` key (written back the same way).
        public var usesLegacyAppID: Bool
        /// The components, in order; `nil` when the entry has none (a legacy file with only `paths`).
        public var components: [AppLinksComponent]?
        /// The legacy `paths` patterns (`NOT ` prefix to exclude). Ignored by iOS 13 and later when
        /// ``components`` is present.
        public var paths: [String]?
        /// Values this entry's components take when they leave a key out (the app-wide level of
        /// `defaults`, over the section's).
        public var defaults: AppLinksComponent?

        /// Creates an entry for some apps.
        ///
        /// - Parameters:
        ///   - appIDs: The app IDs, `TEAMID.bundle.identifier`.
        ///   - components: The components, in order.
        ///   - defaults: Defaults for this entry's components.
        public init(appIDs: [String], components: [AppLinksComponent], defaults: AppLinksComponent? = nil) {
            self.appIDs = appIDs
            self.usesLegacyAppID = false
            self.components = components
            self.paths = nil
            self.defaults = defaults
        }

        /// Creates a legacy entry: one app and `paths` patterns.
        ///
        /// - Parameters:
        ///   - appID: The app ID, `TEAMID.bundle.identifier`.
        ///   - paths: The patterns, in order; `NOT ` before a pattern excludes it.
        public init(appID: String, paths: [String]) {
            self.appIDs = [appID]
            self.usesLegacyAppID = true
            self.components = nil
            self.paths = paths
            self.defaults = nil
        }
    }
}
