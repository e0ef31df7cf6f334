/// What a request needs of a match: the table's answer for ``RouteResolver``, which reads matches
/// only through this API and never the trie.
struct MatchParts {
    /// The registration that matched (``RouteMatch/registrationIndex``).
    var registration: Int
    var scope: RouteScope
    var parameters: RouteParameters
    var wildcard: [String]?
}

extension MatchingCore {
    /// The parts of a match, decoded from the string it was found in.
    @inline(__always)
    func parts(of found: Found, in source: String, firstCaptureStart: Int32 = 0) -> MatchParts {
        MatchParts(
            registration: trie.leaves[leaf: found.leafIndex].route.offset, scope: scopeList[found.scopeID.offset],
            parameters: parameters(of: found, in: source, firstCaptureStart: firstCaptureStart),
            wildcard: wildcard(of: found, in: source))
    }
}

extension RouteTable {
    /// The best match for a request, as plain values: no ``RouteMatch`` is made on the way. Its
    /// `url` is `nil` when the string is refused or invalid; `best`, when a route matched, gives
    /// its parts through `parts(of:in:url:)`.
    @inline(__always)
    func requestLookup(_ string: String) -> MatchingCore.CoreLookup {
        core.lookup(string, collectAll: false)
    }

    /// The parts of a request lookup's best match (`lookup.best` must be set).
    @inline(__always)
    func parts(of found: MatchingCore.Found, in lookup: MatchingCore.CoreLookup, url: RouteURL) -> MatchParts {
        core.parts(of: found, in: url.string, firstCaptureStart: lookup.firstCaptureStart)
    }

    /// The parts of a match of `url`'s string (from ``lookup(_:)`` or ``candidates(_:)``).
    func parts(of match: RouteMatch<Value>, in url: RouteURL) -> MatchParts {
        core.parts(of: match.details.found, in: url.string)
    }
}
