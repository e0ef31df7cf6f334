/// The values of one link: path parameter values by name, and query items in order.
struct LinkValues {
    var path: [String: [String]]
    var query: [QueryParameters.Item]
    /// A fragment to end the link with, as given (encoded when written).
    var fragment: String?
    /// The fixed query items of the base a universal link is printed under
    /// (``UniversalLinkBase/queryItems``), with their decoded names: written last, each unless the
    /// link already has an item of its name.
    var fixedQuery: [(name: String, item: String)] = []

    init(path: [String: [String]], query: [QueryParameters.Item]) {
        self.path = path
        self.query = query
    }

    /// Encoded values split by the template: a name (or the top-level name of `name[field]`) that
    /// the template has fills the path, everything else goes to the query.
    init(items: [QueryParameters.Item], template: RouteTemplate) {
        let names = Set(template.parameterNames)
        var path: [String: [String]] = [:]
        var query: [QueryParameters.Item] = []
        for item in items {
            let top = item.name.firstIndex(of: "[").map { String(item.name[..<$0]) } ?? item.name
            if names.contains(top) {
                path[item.name, default: []].append(item.value ?? "")
            } else {
                query.append(item)
            }
        }
        self.init(path: path, query: query)
    }
}
