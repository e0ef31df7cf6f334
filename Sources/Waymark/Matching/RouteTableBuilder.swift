/// Collects route registrations, checks them, and builds an immutable ``RouteTable``.
///
/// ```swift
/// var builder = RouteTableBuilder<String>(schemes: ["shop"], domains: ["shop.example.com"])
/// builder.add("product/:id<int>", to: "product")
/// builder.add("help/*topic", scopes: [.appAny], to: "help")
/// let table = try builder.build()
/// table.lookup("shop://product/42").match?.value   // "product"
/// ```
///
/// Every check of DESIGN.md runs in ``build()``, in every build configuration: malformed templates,
/// duplicate parameter names, two catch-alls in one template, empty templates, unknown parameter
/// types, exact duplicates in one scope, templates that differ only in parameter names, domain
/// entries that cannot be read (``UniversalLinkBase``) or one host listed with two bases, malformed
/// schemes and well-known schemes (`http`, `https`, `tel`, `mailto`, `facetime`, …) used as app
/// schemes. Each error names the template or the entry.
public struct RouteTableBuilder<Value: Sendable>: Sendable {

    /// The accepted custom schemes. With no schemes and no domains, every scheme and host is accepted.
    public var schemes: [String]
    /// The accepted universal-link domains: host names, wildcards (`*.example.com`) and base URLs
    /// (`https://example.com/m`; see ``UniversalLinkBase``).
    public var domains: [String]
    /// How URLs are compared with templates.
    public var options: RouteTableOptions
    /// The registrations without their values, and the values, in registration order.
    @usableFromInline var definitions: [RouteDefinition] = []
    @usableFromInline var values: [Value] = []
    var parameterTypes: [String: ParameterType] = ParameterType.builtIns

    /// Creates an empty builder.
    ///
    /// - Parameters:
    ///   - schemes: The accepted custom schemes, the first being the primary one (used for internal
    ///     route strings and for links). Empty, with `domains` empty too, accepts every scheme and host.
    ///   - domains: The accepted universal-link domains.
    ///   - options: Case and trailing-slash rules.
    public init(schemes: [String] = [], domains: [String] = [], options: RouteTableOptions = RouteTableOptions()) {
        self.schemes = schemes
        self.domains = domains
        self.options = options
    }

    /// Registers a template.
    ///
    /// - Parameters:
    ///   - template: A string literal or a parsed ``RouteTemplate``.
    ///   - scopes: Where it applies; defaults to every app scheme and every domain.
    ///   - priority: Higher priorities win before specificity is compared. Priorities are compared
    ///     as 32-bit integers; values beyond ±2,147,483,647 are clamped.
    ///   - value: What a match returns.
    ///
    /// Inlinable, so that appending the value is compiled for the table's value type where the table
    /// is built, rather than going through generic array code for each registration.
    @inlinable
    public mutating func add(
        _ template: RouteTemplate, scopes: [RouteScope] = RouteScope.defaultScopes, priority: Int = 0, to value: Value
    ) {
        definitions.append(RouteDefinition(template: template, scopes: scopes, priority: priority))
        values.append(value)
    }

    /// Reserves room for `count` registrations in all, so that adding many routes (from a route
    /// file, say) does not grow the builder's storage again and again.
    @inlinable
    public mutating func reserveCapacity(_ count: Int) {
        definitions.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// Registers a parameter type that templates can name, as in `:code<sku>`.
    /// A type registered with a built-in name replaces the built-in one.
    public mutating func addParameterType(_ type: ParameterType) {
        parameterTypes[type.name] = type
    }

    /// The number of registrations.
    public var count: Int { values.count }

    /// Every problem with the registrations: errors (table-wide first, then in registration order),
    /// then warnings (routes that can never win).
    public func diagnostics() -> [RouteDiagnostic] {
        let errors = plan().errors
        // A registration that is already an error (a duplicate, say) needs no warning on top.
        let failed = Set(errors.compactMap(\.registrationIndex))
        var work = 0
        let warnings = ShadowAnalysis(
            definitions: definitions, schemes: schemes, domains: domains, options: options,
            parameterTypes: parameterTypes
        ).warnings(skipping: failed, work: &work)
        return errors + warnings
    }

    /// Checks every registration and builds the table.
    ///
    /// - Throws: The first error ``diagnostics()`` reports, as a ``RoutingError`` naming the template.
    public func build() throws(RoutingError) -> RouteTable<Value> {
        let plan = plan()
        if let first = plan.errors.first { throw first.error }
        return RouteTable(core: MatchingCore(plan: plan), values: values)
    }

    private func plan() -> TablePlan {
        TablePlan(
            definitions: definitions, schemes: schemes, domains: domains, options: options,
            parameterTypes: parameterTypes)
    }
}
