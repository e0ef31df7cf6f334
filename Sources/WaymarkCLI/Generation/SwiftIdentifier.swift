/// Swift spelling rules the generator needs: which names are identifiers, and how to write one
/// that is a keyword.
enum SwiftIdentifier {
    /// Keywords a case name or label must write in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "package", "consume", "borrowing", "consuming", "some", "any",
    ]

    /// Whether `name` is an ASCII Swift identifier (`[A-Za-z_][A-Za-z0-9_]*`): the only names the
    /// generator writes, so that a route file's name never becomes code it did not mean.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII,
            first.properties.isAlphabetic || first == "_"
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
        }
    }

    /// Whether `name` can name the generated enum: an identifier that is not a keyword.
    static func isTypeName(_ name: String) -> Bool {
        isIdentifier(name) && !keywords.contains(name)
    }

    /// Names a case cannot have even in backticks, or that the generated enum uses for members of
    /// its own (`Table`, `routeMap`, `routingType`), or that `Route` gives every value (`name`).
    static let reservedMemberNames: Set<String> = [
        "_", "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "Table", "routeMap", "routingType",
        "name",
    ]

    /// Whether `name` can name a case of the generated enum (a keyword is written in backticks).
    static func isCaseName(_ name: String) -> Bool {
        isIdentifier(name) && !reservedMemberNames.contains(name)
    }

    /// `name`, in backticks when it is a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }
}
