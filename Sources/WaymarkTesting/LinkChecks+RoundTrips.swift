public import Waymark

/// The three ways a route value is printed: ``LinkChecks/roundTrips(_:in:styles:)`` checks each.
public enum LinkStyle: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The internal route string, `/product/42` (`TypedRouteTable.path(for:)`).
    case path
    /// The custom-scheme link, `shop://product/42` (`TypedRouteTable.appLink(for:scheme:)`).
    case appLink
    /// The universal link, `https://shop.example.com/product/42` (`TypedRouteTable.universalLink(for:domain:)`).
    case universalLink

    /// `path`, `app link` or `universal link`.
    public var description: String {
        switch self {
        case .path: "path"
        case .appLink: "app link"
        case .universalLink: "universal link"
        }
    }
}

extension LinkChecks {
    /// Whether every sample prints, in each style, a link that opens the same value again.
    ///
    /// A style a case's scopes do not allow (an app-only case has no universal link) is skipped
    /// for that case; a table without schemes has no app links, one without domains no universal
    /// links. The link is read back as the table reads any link, by its templates (the first
    /// matching case whose values decode), whatever the case's options: this checks printing and
    /// parsing, not who may open the link (``notReachableFromOutside(_:in:through:)`` does).
    ///
    /// - Parameters:
    ///   - samples: Route values; `nil`: one example of every case, made from its template
    ///     (``examples(in:)``).
    ///   - table: The typed table.
    ///   - styles: The styles to print; by default every style the table has.
    public static func roundTrips<R: URLRoute & Equatable>(
        _ samples: [R]? = nil, in table: TypedRouteTable<R>, styles: [LinkStyle]? = nil
    ) -> [String] {
        var failures: [String] = []
        let values: [R]
        if let samples {
            values = samples
        } else {
            let made = examples(in: table)
            values = made.values
            failures += made.failures
        }
        let styles =
            styles
            ?? LinkStyle.allCases.filter {
                $0 == .path || ($0 == .appLink && !table.links.schemes.isEmpty)
                    || ($0 == .universalLink && !table.links.domains.isEmpty)
            }
        for value in values {
            for style in styles {
                let link: String
                do {
                    switch style {
                    case .path: link = try table.path(for: value)
                    case .appLink: link = try table.appLink(for: value)
                    case .universalLink: link = try table.universalLink(for: value)
                    }
                } catch {
                    if error.code == .linkUnavailable { continue }
                    failures.append("\(value) prints no \(style): \(error.message)")
                    continue
                }
                switch read(link, in: table) {
                case .success(let opened) where opened == value: break
                case .success(let opened):
                    failures.append("\(value) prints the \(style) \(link), which opens \(opened)")
                case .failure(let problem):
                    failures.append("\(value) prints the \(style) \(link), which opens \(problem)")
                }
            }
        }
        return failures
    }

    /// One value of every case of a typed table, made from the case's template with the example
    /// values `waymark links` uses (42 for an `<int>`, the parameter's name for a string…): the
    /// first example whose link decodes. A case none of whose examples decodes (a parameter of a
    /// type of the app's own, say) is named in `failures`: give samples for it.
    public static func examples<R: URLRoute>(in table: TypedRouteTable<R>) -> (values: [R], failures: [String]) {
        var values: [R] = []
        var failures: [String] = []
        for entry in table.entries {
            // Without query values first (they are optional, most often), then each named after itself.
            let queries = [
                QueryParameters(), QueryParameters(entry.queryNames.map { QueryParameters.Item(name: $0, value: $0) }),
            ]
            var made: R?
            for parameters in LinkCatalogue.exampleParameterSets(entry.template) {
                for query in queries where made == nil {
                    guard let path = try? table.links.path(for: entry.template, parameters: parameters, query: query),
                        case .success(let value) = read(path, in: table)
                    else { continue }
                    made = value
                }
            }
            if let made {
                values.append(made)
            } else {
                failures.append(
                    "no example of \(entry.name) (\(entry.template.pattern)) makes a value: pass samples that include it"
                )
            }
        }
        return (values, failures)
    }

    /// The value a link reads as, by the table's templates alone, or what it reads as instead.
    private static func read<R: URLRoute>(_ link: String, in table: TypedRouteTable<R>) -> Result<R, ReadProblem> {
        let read = table.readValue(link)
        switch read.value {
        case .success(let value)?: return .success(value)
        case .failure(let error)?: return .failure(ReadProblem("no value: \(error.message)"))
        case nil: return .failure(ReadProblem("nothing: \(read.reason ?? "no template matches")"))
        }
    }

    /// What a printed link reads as when it is not a value.
    private struct ReadProblem: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
