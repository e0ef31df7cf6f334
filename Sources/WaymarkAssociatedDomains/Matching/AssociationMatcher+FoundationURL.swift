public import Foundation

extension AssociationMatcher {
    /// Answers for a Foundation `URL`, read as its `absoluteString` (`RouteURL.text(of:)`, the one
    /// rule for every `URL` Waymark takes); see the string form, `decision(for:)`.
    public func decision(for url: URL) -> LinkDecision {
        decision(for: RouteURL.text(of: url))
    }
}
