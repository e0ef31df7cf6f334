/// An `apple-app-site-association` file compiled for one app: answers, for a URL, whether the
/// system opens the app, and which component decided.
///
/// The rules, each from Apple's documentation or observed behaviour (see <doc:UniversalLinks>):
/// - the entries of `details` that list the app are searched in order, and in each its components
///   in order (its legacy `paths` when it has no `components`); the first component whose every part
///   matches decides, and `exclude: true` means the URL stays in the browser;
/// - a component's missing `/`, `?` or `#` matches anything (`*`); a missing query or fragment is the
///   empty string;
/// - the path: an empty path is `/`, trailing slashes are ignored on both sides, the pattern's
///   leading `/` is optional, and a pattern ending in `/*` also matches the path without it;
/// - `percentEncoded` (default `true`): patterns are compared with the URL as written; `false`
///   decodes the URL first. `caseSensitive` (default `true`): `false` ignores ASCII case;
/// - a query dictionary: every named item must match its pattern, an item missing or without value
///   counts as `""`, every occurrence of a repeated name must match, other items are ignored.
///
/// ```swift
/// let matcher = file.matcher(appID: "ABCDE12345.com.example.shop")
/// matcher.decision(for: "https://shop.example.com/product/42").opens   // true
/// ```
public struct AssociationMatcher: Sendable {
    /// One component, compiled.
    struct Rule: Sendable {
        var detailsIndex: Int
        var componentIndex: Int
        var isLegacyPath: Bool
        var exclude: Bool
        var percentEncoded: Bool
        /// `nil`: any path.
        var path: WildcardPattern?
        var query: Query
        /// `nil`: any fragment.
        var fragment: WildcardPattern?
        var isUnusable: Bool

        enum Query: Sendable {
            case any
            case string(WildcardPattern)
            case items([(name: String, pattern: WildcardPattern)])
        }

        /// Whether the rule's outcome depends on the query or the fragment, not the path alone.
        var constrainsQueryOrFragment: Bool {
            if fragment != nil { return true }
            switch query {
            case .any: return false
            case .string, .items: return true
            }
        }
    }

    /// The app the matcher answers for.
    public let appID: String
    let rules: [Rule]

    /// Answers for a URL (`https://…`); anything that is not an `http` or `https` URL with a host
    /// matches nothing. The URL's host is not compared: the file is the domain's own.
    public func decision(for url: String) -> LinkDecision {
        var work = 0
        return decision(for: url, work: &work)
    }

    /// ``decision(for:)``, adding to `work` each character compared and each pattern state visited:
    /// what the check charges for a decision it asks for.
    func decision(for url: String, work: inout Int) -> LinkDecision {
        work += url.utf8.count
        guard let parts = LinkParts(url) else {
            return LinkDecision(opens: false, detailsIndex: nil, componentIndex: nil)
        }
        // The path as components compare it, written and decoded, made once for every component.
        let paths = [
            Array(LinkParts.normalizedPath(String(parts.path)).unicodeScalars),
            Array(LinkParts.normalizedPath(LinkParts.decoded(parts.path)).unicodeScalars),
        ]
        for rule in rules where matches(rule, parts, path: paths[rule.percentEncoded ? 0 : 1], work: &work) {
            return LinkDecision(
                opens: !rule.exclude, detailsIndex: rule.detailsIndex, componentIndex: rule.componentIndex,
                decidedByLegacyPath: rule.isLegacyPath)
        }
        return LinkDecision(opens: false, detailsIndex: nil, componentIndex: nil)
    }

    /// Whether `rule` matches; `path` is the URL's path in the rule's form (`percentEncoded`).
    func matches(_ rule: Rule, _ parts: LinkParts, path text: [Unicode.Scalar]) -> Bool {
        var work = 0
        return matches(rule, parts, path: text, work: &work)
    }

    /// ``matches(_:_:path:)``, adding the path pattern's work to `work` (the query and fragment
    /// patterns' is charged by their length).
    func matches(_ rule: Rule, _ parts: LinkParts, path text: [Unicode.Scalar], work: inout Int) -> Bool {
        work += 1
        guard !rule.isUnusable else { return false }
        func form(_ text: Substring) -> String {
            rule.percentEncoded ? String(text) : LinkParts.decoded(text)
        }
        if let path = rule.path, !path.matches(text, work: &work) {
            return false
        }
        work += (parts.query?.utf8.count ?? 0) + (parts.fragment?.utf8.count ?? 0)
        if let fragment = rule.fragment, !fragment.matches(form(parts.fragment ?? "").unicodeScalars) {
            return false
        }
        switch rule.query {
        case .any: return true
        case .string(let pattern): return pattern.matches(form(parts.query ?? "").unicodeScalars)
        case .items(let items):
            let present = LinkParts.queryItems(parts.query ?? "")
            for item in items {
                let values = present.filter { sameName(form($0.name), item.name, item.pattern.caseSensitive) }.map {
                    $0.value
                }
                if values.isEmpty {
                    guard item.pattern.matches("".unicodeScalars) else { return false }
                }
                for value in values where !item.pattern.matches(form(value ?? "").unicodeScalars) {
                    return false
                }
            }
            return true
        }
    }

    private func sameName(_ name: String, _ expected: String, _ caseSensitive: Bool) -> Bool {
        caseSensitive ? name == expected : name.lowercased() == expected.lowercased()
    }
}

extension AppSiteAssociation {
    /// The file compiled for one app: see ``AssociationMatcher``.
    public func matcher(appID: String) -> AssociationMatcher {
        AssociationMatcher(appID: appID, rules: applinks.map { Self.rules($0, appID: appID) } ?? [])
    }

    static func rules(_ section: AppLinks, appID: String) -> [AssociationMatcher.Rule] {
        var rules: [AssociationMatcher.Rule] = []
        let variables = section.substitutionVariables
        for (detailsIndex, entry) in section.details.enumerated() where entry.appIDs.contains(appID) {
            if let components = entry.components {
                for (index, component) in components.enumerated() {
                    let filled = component.filled(from: entry.defaults).filled(from: section.defaults)
                    rules.append(rule(filled, detailsIndex: detailsIndex, index: index, variables: variables))
                }
            } else if let paths = entry.paths {
                for (index, path) in paths.enumerated() {
                    let exclude = path.hasPrefix("NOT ")
                    let component = AppLinksComponent(
                        path: exclude ? String(path.dropFirst(4)) : path, exclude: exclude)
                    var compiled = rule(component, detailsIndex: detailsIndex, index: index, variables: [:])
                    compiled.isLegacyPath = true
                    rules.append(compiled)
                }
            }
        }
        return rules
    }

    static func rule(
        _ component: AppLinksComponent, detailsIndex: Int, index: Int, variables: [String: [String]]
    ) -> AssociationMatcher.Rule {
        let caseSensitive = component.caseSensitive ?? true
        func pattern(_ text: String) -> WildcardPattern {
            WildcardPattern(text, caseSensitive: caseSensitive, variables: variables)
        }
        let query: AssociationMatcher.Rule.Query
        switch component.query {
        case nil: query = .any
        case .string(let text): query = .string(pattern(text))
        case .items(let items): query = .items(items.map { ($0.name, pattern($0.pattern)) })
        }
        return AssociationMatcher.Rule(
            detailsIndex: detailsIndex, componentIndex: index, isLegacyPath: false, exclude: component.exclude ?? false,
            percentEncoded: component.percentEncoded ?? true,
            path: component.path.map {
                WildcardPattern(
                    LinkParts.normalizedPathPattern($0), caseSensitive: caseSensitive, variables: variables,
                    alsoMatchesParent: true)
            },
            query: query, fragment: component.fragment.map(pattern), isUnusable: component.isUnusable)
    }
}
