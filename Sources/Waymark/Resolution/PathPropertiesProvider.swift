/// Supplies the path properties of a URL (for example, a path configuration's merged properties).
///
/// A ``RouteResolver`` with a provider merges each request's route properties *under* the
/// provider's: for the same key, the path properties win.
public protocol PathPropertiesProvider: Sendable {
    /// The properties for a URL.
    func pathProperties(for url: RouteURL) -> [String: JSONValue]
}
