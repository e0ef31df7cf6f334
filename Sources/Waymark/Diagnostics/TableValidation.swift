/// The registration checks of DESIGN.md, run by ``RouteTableBuilder/build()`` and
/// ``RouteTableBuilder/diagnostics()``.
struct TableValidation<Value: Sendable> {
    /// Schemes that belong to the system or the web and can never be an app's own scheme.
    static var reservedSchemes: Set<String> {
        [
            "http", "https", "tel", "mailto", "facetime", "facetime-audio", "sms", "javascript", "file", "data",
            "about", "blob", "ftp", "ws", "wss",
        ]
    }

    let builder: RouteTableBuilder<Value>

    func errors() -> [RouteDiagnostic] {
        var diagnostics: [RouteDiagnostic] = []
        func fail(_ index: Int?, _ code: RoutingError.Code, _ message: String, related: [Int] = []) {
            diagnostics.append(
                RouteDiagnostic(
                    severity: .error, registrationIndex: index, relatedRegistrationIndices: related, code: code,
                    message: message))
        }
        for scheme in builder.schemes {
            if let problem = Self.schemeProblem(scheme) { fail(nil, .invalidScheme, problem) }
        }
        for domain in builder.domains {
            if let problem = Self.domainProblem(domain) { fail(nil, .invalidDomain, problem) }
        }
        let schemes = Set(builder.schemes.map { $0.lowercased() })
        let domains = Set(builder.domains.map { $0.lowercased() })
        let acceptsEverything = schemes.isEmpty && domains.isEmpty

        var shapes: [String: (index: Int, names: [String])] = [:]
        // The host segment of an app link compares case-insensitively, so first literals that differ
        // only in case would be the same host.
        var hosts: [String: (index: Int, text: String)] = [:]
        // One report per pair of registrations, however many scopes and variants they share.
        var reportedPairs: Set<[Int]> = []
        for (index, registration) in builder.registrations.enumerated() {
            let template = registration.template
            if let error = template.parseError {
                fail(index, error.code, error.message)
                continue
            }
            for variant in template.variants {
                for case .parameter(let name, let type?) in variant.segments where builder.parameterTypes[type] == nil {
                    let known = builder.parameterTypes.keys.sorted().joined(separator: ", ")
                    fail(
                        index, .unknownParameterType,
                        "\"\(template.pattern)\": parameter '\(name)' has the unknown type '\(type)'; known types are "
                            + "\(known) (register others with addParameterType(_:))")
                }
            }
            let appliesToApps = registration.scopes.contains {
                if case .universal = $0 { false } else { $0 != .universalAny }
            }
            if appliesToApps && !builder.options.caseInsensitivePaths {
                for variant in template.variants {
                    guard case .literal(let text)? = variant.segments.first else { continue }
                    let folded = String(decoding: PercentDecoding.comparableBytes(text, folded: true), as: UTF8.self)
                    if let earlier = hosts[folded], earlier.index != index,
                        PercentDecoding.comparableBytes(earlier.text, folded: false)
                            != PercentDecoding.comparableBytes(text, folded: false),
                        reportedPairs.insert([earlier.index, index]).inserted
                    {
                        let other = builder.registrations[earlier.index].template.pattern
                        fail(
                            index, .ambiguousRoutes,
                            "\"\(template.pattern)\" starts with '\(text)' and \"\(other)\" with '\(earlier.text)'; in app links the "
                                + "first segment is the host, which compares case-insensitively, so spell them the same",
                            related: [earlier.index])
                    } else if hosts[folded] == nil {
                        hosts[folded] = (index, text)
                    }
                }
            }
            if registration.scopes.isEmpty {
                fail(
                    index, .invalidScope,
                    "\"\(template.pattern)\" has no scopes; omit them to use appAny and universalAny")
            }
            for scope in Self.distinct(registration.scopes) {
                switch scope {
                case .app(let scheme):
                    if let problem = Self.schemeProblem(scheme) {
                        fail(index, .invalidScope, "\"\(template.pattern)\": scope app(\(scheme)): \(problem)")
                    } else if !acceptsEverything && !schemes.contains(scheme) {
                        fail(
                            index, .invalidScope,
                            "\"\(template.pattern)\": scope app(\(scheme)) names a scheme the table does not accept; "
                                + "add it to the schemes")
                    }
                case .universal(let domain):
                    if let problem = Self.domainProblem(domain) {
                        fail(index, .invalidScope, "\"\(template.pattern)\": scope universal(\(domain)): \(problem)")
                    } else if !acceptsEverything && !domains.contains(domain) {
                        fail(
                            index, .invalidScope,
                            "\"\(template.pattern)\": scope universal(\(domain)) names a domain the table does not "
                                + "accept; add it to the domains")
                    }
                case .appAny, .universalAny:
                    break
                }
                for variant in template.variants {
                    let key = "\(scope)|" + shapeKey(variant)
                    let names = variant.segments.compactMap(Self.parameterName)
                    guard let earlier = shapes[key] else {
                        shapes[key] = (index, names)
                        continue
                    }
                    guard earlier.index != index, reportedPairs.insert([earlier.index, index]).inserted else {
                        continue
                    }
                    let other = builder.registrations[earlier.index].template.pattern
                    if earlier.names == names {
                        fail(
                            index, .duplicateRoute,
                            "\"\(template.pattern)\" duplicates \"\(other)\" in scope \(scope): both match \(variant); remove one "
                                + "or give them different scopes", related: [earlier.index])
                    } else {
                        fail(
                            index, .ambiguousRoutes,
                            "\"\(template.pattern)\" and \"\(other)\" differ only in parameter names, so no URL can tell "
                                + "them apart in scope \(scope); use one template, or give the parameters different types",
                            related: [earlier.index])
                    }
                }
            }
        }
        return diagnostics
    }

    /// The shape of a variant: literals in comparable form, parameter kinds and types, no names.
    func shapeKey(_ variant: RouteTemplate.Variant) -> String {
        var key = variant.segments.map { segment -> String in
            switch segment {
            case .literal(let text):
                "L"
                    + String(
                        decoding: PercentDecoding.comparableBytes(text, folded: builder.options.caseInsensitivePaths),
                        as: UTF8.self)
            case .parameter(_, let type?): "T" + type
            case .parameter(_, nil), .anonymous: "P"
            case .catchAll: "C"
            }
        }
        .joined(separator: "/")
        if builder.options.strictTrailingSlash && variant.hasTrailingSlash { key += "/" }
        return key
    }

    /// Normalized scopes without repeats, in the order written.
    static func distinct(_ scopes: [RouteScope]) -> [RouteScope] {
        var seen: Set<RouteScope> = []
        return scopes.map(\.normalized).filter { seen.insert($0).inserted }
    }

    static func parameterName(_ segment: TemplateSegment) -> String? {
        switch segment {
        case .parameter(let name, _): name
        case .catchAll(let name): name ?? "*"
        case .anonymous: "*"
        case .literal: nil
        }
    }

    static func schemeProblem(_ scheme: String) -> String? {
        let lower = scheme.lowercased()
        guard let first = lower.unicodeScalars.first, first >= "a", first <= "z",
            lower.unicodeScalars.allSatisfy({
                ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "+" || $0 == "-" || $0 == "."
            })
        else {
            return "'\(scheme)' is not a valid scheme; a scheme starts with a letter and has only letters, digits, "
                + "'+', '-' and '.' (write it without '://')"
        }
        if reservedSchemes.contains(lower) {
            return
                "'\(scheme)' is a well-known scheme and cannot be an app scheme; universal links are set with domains"
        }
        return nil
    }

    static func domainProblem(_ domain: String) -> String? {
        if domain.contains("://") {
            return "the domain '\(domain)' has a scheme; write the host name only, as in 'shop.example.com'"
        }
        if domain.contains("/") {
            return "the domain '\(domain)' carries a path; a universal-link domain is a host name only"
        }
        if domain.contains(":") {
            return "the domain '\(domain)' has a port; ports are ignored when matching, write the host name only"
        }
        let labels = domain.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            !domain.isEmpty
            && labels.allSatisfy { label in
                !label.isEmpty && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy {
                        ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-"
                    }
            }
        if !valid {
            return "'\(domain)' is not a valid host name; use letters, digits, '-' and '.', and punycode for "
                + "internationalized names"
        }
        return nil
    }
}
