extension RouteTable {
    /// One registration of a table: a template, where it applies, and its value.
    ///
    /// What a tool that reasons about the whole table needs (an `apple-app-site-association`
    /// generator, a linter), without the trie the lookups use.
    public struct Registration: Sendable {
        /// The registration's position (0-based), as ``RouteMatch/registrationIndex`` gives it.
        public let index: Int
        /// The template, parsed again from its pattern.
        public let template: RouteTemplate
        /// The scopes it applies to, as registered.
        public let scopes: [RouteScope]
        /// Its explicit priority (0 unless given).
        public let priority: Int
        /// The value it was registered with.
        public let value: Value
    }

    /// Every registration, in registration order.
    public var registrations: [Registration] {
        (0..<core.routeCount).map { index in
            Registration(
                index: index, template: core.template(of: index), scopes: core.scopes(of: index),
                priority: core.priority(of: index), value: values[index])
        }
    }

    /// The parameter type a template names as `<name>`: a built-in one or one the app registered
    /// (which replaces a built-in one of the same name); `nil` when the table knows no such type.
    public func parameterType(named name: String) -> ParameterType? {
        core.parameterTypes[name]
    }
}
