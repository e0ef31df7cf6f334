import Foundation
import Waymark

/// What `waymark-plugin.json` (beside a route file) says about the Swift generated from it: the
/// enum's name and access level, and case names for routes whose names are not Swift identifiers,
/// per route file or for all of them.
///
/// ```json
/// {
///   "access": "public",
///   "routeFiles": {
///     "shop.routes.json": { "enumName": "ShopRoute", "caseNames": { "product-detail": "productDetail" } }
///   }
/// }
/// ```
///
/// A route file's own entry wins over the top-level values; without either, the enum is named
/// after the file (`shop.routes.json` → `ShopRoute`) and is `internal`.
struct GeneratorConfiguration: Equatable {
    /// The access level of the enum and its members.
    enum Access: String, CaseIterable {
        case `internal`, `package`, `public`
    }

    var enumName: String?
    var access: Access?
    /// Route name → case name, for routes whose names are not Swift identifiers (`product-detail`).
    var caseNames: [String: String] = [:]

    static let fileName = "waymark-plugin.json"
    static let keys = ["enumName", "access", "caseNames"]

    /// Names the generated code uses for types of its own, which the enum must not shadow
    /// (with what Codable's synthesized conformance names, and the modules it imports).
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Double", "Bool", "UUID", "Hashable", "Sendable", "Equatable", "Codable", "Encodable",
        "Decodable", "Encoder", "Decoder", "CodingKey", "CodingKeys", "Error", "Never", "Optional", "Array",
        "Route", "URLRoute", "RouteMap", "RoutingType", "RouteTableOptions", "RoutingError", "TypedRouteTable",
        "JSONValue", "RouteOption", "RouteScope", "Table", "Waymark", "Foundation", "Swift",
    ]

    /// A configuration problem: a message, and the JSON path of the value it is about (for its
    /// line and column).
    struct Problem: Error {
        var message: String
        /// The value's path in the configuration (a file name or route name with a `.` in it is
        /// one key).
        var path: [JSONLocator.Component] = []
        /// For JSON that does not parse, where the reader stopped (line, column).
        var syntaxPosition: (line: Int, column: Int)?
    }

    /// The settings for `routeFileName` in the configuration `data`. Every entry of `routeFiles`
    /// is checked, not only this file's, and each must name one of `routeFiles` (the route files
    /// beside the configuration), so that a misspelt entry is an error rather than ignored.
    ///
    /// - Throws: ``Problem`` naming the key, for JSON that is not a configuration.
    static func read(
        _ data: Data, for routeFileName: String, routeFiles: Set<String>
    ) throws(Problem) -> GeneratorConfiguration {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw Problem(message: "not valid JSON: \(error)", syntaxPosition: (error.line, error.column))
        }
        guard case .object(let object) = root else {
            throw Problem(
                message: "must be a JSON object with \"enumName\", \"access\", \"caseNames\" or \"routeFiles\"")
        }
        for key in object.keys.sorted() where !(keys + ["routeFiles"]).contains(key) {
            throw Problem(
                message: "unknown key \"\(key)\"; the keys are enumName, access, caseNames, routeFiles",
                path: [.key(key)])
        }
        var configuration = try settings(object, at: "", path: [])
        switch object["routeFiles"] {
        case nil: break
        case .object(let files)?:
            for (name, value) in files.sorted(by: { $0.key < $1.key }) {
                let path: [JSONLocator.Component] = [.key("routeFiles"), .key(name)]
                guard routeFiles.contains(name) else {
                    throw Problem(
                        message:
                            "routeFiles.\(name): no route file of that name is beside \(fileName); the route files are "
                            + (routeFiles.isEmpty ? "none" : routeFiles.sorted().joined(separator: ", ")),
                        path: path)
                }
                guard case .object(let entry) = value else {
                    throw Problem(message: "routeFiles.\(name): must be an object, not \(value.quoted())", path: path)
                }
                let own = try settings(entry, at: "routeFiles.\(name).", path: path)
                guard name == routeFileName else { continue }
                configuration.enumName = own.enumName ?? configuration.enumName
                configuration.access = own.access ?? configuration.access
                configuration.caseNames.merge(own.caseNames) { $1 }
            }
        case let other?:
            throw Problem(
                message: "routeFiles: must be an object keyed by route-file name, not \(other.quoted())",
                path: [.key("routeFiles")])
        }
        return configuration
    }

    private static func settings(
        _ object: [String: JSONValue], at prefix: String, path: [JSONLocator.Component]
    ) throws(Problem) -> GeneratorConfiguration {
        var configuration = GeneratorConfiguration()
        if !prefix.isEmpty {
            for key in object.keys.sorted() where !keys.contains(key) {
                throw Problem(
                    message: "\(prefix)\(key): unknown key; a route file's entry has enumName, access and caseNames",
                    path: path + [.key(key)])
            }
        }
        switch object["enumName"] {
        case nil: break
        case .string(let name)? where isEnumName(name): configuration.enumName = name
        case let other?:
            throw Problem(
                message: "\(prefix)enumName: must be a Swift type name such as \"ShopRoute\", other than "
                    + "\(reservedTypeNames.sorted().joined(separator: ", ")), not \(other.quoted())",
                path: path + [.key("enumName")])
        }
        switch object["access"] {
        case nil: break
        case .string(let spelling)? where Access(rawValue: spelling) != nil:
            configuration.access = Access(rawValue: spelling)
        case let other?:
            throw Problem(
                message: "\(prefix)access: must be one of \(Access.allCases.map(\.rawValue).joined(separator: ", ")), "
                    + "not \(other.quoted())",
                path: path + [.key("access")])
        }
        switch object["caseNames"] {
        case nil: break
        case .object(let names)?:
            for (route, name) in names.sorted(by: { $0.key < $1.key }) {
                guard case .string(let caseName) = name, SwiftIdentifier.isCaseName(caseName) else {
                    throw Problem(
                        message: "\(prefix)caseNames.\(route): must be a Swift identifier for the case, such as "
                            + "\"\(RouteEnumGenerator.suggestedName(route))\", not \(name.quoted())",
                        path: path + [.key("caseNames"), .key(route)])
                }
                configuration.caseNames[route] = caseName
            }
        case let other?:
            throw Problem(
                message: "\(prefix)caseNames: must be an object of route name → case name, not \(other.quoted())",
                path: path + [.key("caseNames")])
        }
        return configuration
    }

    /// Whether `name` can name the generated enum: a type name the generated code does not use
    /// for one of its own types.
    static func isEnumName(_ name: String) -> Bool {
        SwiftIdentifier.isTypeName(name) && !reservedTypeNames.contains(name)
    }

    /// The enum's name for a route file without one: its name before the first `.`, in upper camel
    /// case, then `Route` (`shop.routes.json` → `ShopRoute`, `account-links.json` → `AccountLinksRoute`).
    static func defaultEnumName(forFile fileName: String) -> String {
        let stem = fileName.split(separator: ".").first.map(String.init) ?? ""
        let words = stem.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.first?.isNumber ?? true { name = "Routes" + name }
        name = name.hasSuffix("Route") ? name : name + "Route"
        // `route.routes.json` would give `Route`, the protocol every case conforms to.
        return isEnumName(name) ? name : "AppRoute"
    }
}
