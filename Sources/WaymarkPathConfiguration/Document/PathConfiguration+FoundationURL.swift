public import Foundation

extension PathConfiguration {
    /// What a lookup of a Foundation `URL` finds, read as its `absoluteString`
    /// (`RouteURL.text(of:)`, the one rule for every `URL` Waymark takes); see the string form,
    /// `match(url:)`.
    public func match(url: URL) -> Match {
        match(url: RouteURL.text(of: url))
    }

    /// The exact string a Foundation `URL`'s patterns run on, as for its `absoluteString`; see the
    /// string form, `input(for:)`.
    public func input(for url: URL) -> String {
        input(for: RouteURL.text(of: url))
    }
}
