import Foundation
import Waymark

/// What `waymark-plugin.json` (beside a route file) says about the Swift generated from it: the
/// enum's name and access level, per route file or for all of them.
///
/// ```json
/// {
///   "access": "public",
///   "routeFiles": { "shop.routes.json": { "enumName": "ShopRoute" } }
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

    static let fileName = "waymark-plugin.json"
    static let keys = ["enumName", "access"]

    /// A configuration problem, worded for the file and the key.
    struct Problem: Error {
        var message: String
    }

    /// The settings for `routeFileName` in the configuration `data`; `nil` data gives the defaults.
    ///
    /// - Throws: ``Problem`` naming the key, for JSON that is not a configuration.
    static func read(_ data: Data?, for routeFileName: String) throws -> GeneratorConfiguration {
        guard let data else { return GeneratorConfiguration() }
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw Problem(message: "not valid JSON: \(error)")
        }
        guard case .object(let object) = root else {
            throw Problem(message: "must be a JSON object with \"enumName\", \"access\" or \"routeFiles\"")
        }
        for key in object.keys.sorted() where !(keys + ["routeFiles"]).contains(key) {
            throw Problem(message: "unknown key \"\(key)\"; the keys are enumName, access, routeFiles")
        }
        var configuration = try settings(object, at: "")
        switch object["routeFiles"] {
        case nil: break
        case .object(let files)?:
            if case .object(let entry)? = files[routeFileName] {
                let own = try settings(entry, at: "routeFiles.\(routeFileName).")
                configuration.enumName = own.enumName ?? configuration.enumName
                configuration.access = own.access ?? configuration.access
            } else if let other = files[routeFileName] {
                throw Problem(message: "routeFiles.\(routeFileName): must be an object, not \(other.quoted())")
            }
        case let other?:
            throw Problem(message: "routeFiles: must be an object keyed by route-file name, not \(other.quoted())")
        }
        return configuration
    }

    private static func settings(_ object: [String: JSONValue], at prefix: String) throws -> GeneratorConfiguration {
        var configuration = GeneratorConfiguration()
        if !prefix.isEmpty {
            for key in object.keys.sorted() where !keys.contains(key) {
                throw Problem(message: "\(prefix)\(key): unknown key; a route file's entry has enumName and access")
            }
        }
        switch object["enumName"] {
        case nil: break
        case .string(let name)? where SwiftIdentifier.isTypeName(name): configuration.enumName = name
        case let other?:
            throw Problem(
                message: "\(prefix)enumName: must be a Swift type name such as \"ShopRoute\", not \(other.quoted())")
        }
        switch object["access"] {
        case nil: break
        case .string(let spelling)? where Access(rawValue: spelling) != nil:
            configuration.access = Access(rawValue: spelling)
        case let other?:
            throw Problem(
                message:
                    "\(prefix)access: must be one of \(Access.allCases.map(\.rawValue).joined(separator: ", ")), not \(other.quoted())"
            )
        }
        return configuration
    }

    /// The enum's name for a route file without one: its name before the first `.`, in upper camel
    /// case, then `Route` (`shop.routes.json` → `ShopRoute`, `account-links.json` → `AccountLinksRoute`).
    static func defaultEnumName(forFile fileName: String) -> String {
        let stem = fileName.split(separator: ".").first.map(String.init) ?? ""
        let words = stem.split { !($0.isLetter || $0.isNumber) }
        var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.first?.isNumber ?? true { name = "Routes" + name }
        return name.hasSuffix("Route") ? name : name + "Route"
    }
}
