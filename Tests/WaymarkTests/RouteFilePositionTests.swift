import Foundation
import Testing
import Waymark

/// Every problem of a route file says the line and column of the value it is about, so that a
/// build (the `WaymarkRoutes` plugin) or an editor shows it there.
@Suite struct RouteFilePositionTests {
    static let file = """
        {
          "schemes": ["shop"],
          "routes": [
            { "name": "home", "template": "/" },
            { "name": "product", "template": "product/:id<int" },
            { "name": "home", "template": "start" },
            { "name": "page", "template": "pages/:slug", "priority": 1 },
            { "name": "numberedPage", "template": "pages/:number<int>" },
            { "name": "odd", "template": "odd", "colour": "red" }
          ]
        }
        """

    static func lines(_ text: String) -> [String] {
        RouteFile.diagnostics(for: Data(text.utf8)).map { $0.compilerStyle(file: "shop.routes.json") }
    }

    @Test func eachProblemIsShownOnItsValue() {
        #expect(
            Self.lines(Self.file) == [
                // The template's column 12 ('<'), counted from the string's first character.
                #"shop.routes.json:5:50: error: routes[1] (product): template: "product/:id<int" column 12: the type opened by '<' is not closed; write ':id<int>'"#,
                // A field the route does not have has no value of its own: the route's object.
                #"shop.routes.json:9:5: error: routes[5] (odd): unknown field "colour"; a route has name, template, scopes, priority, internal, requiresConfirmation, properties, query, routingType, loggable, description"#,
                // A duplicate name, on the second name.
                "shop.routes.json:6:15: error: routes[2] (home): name: the route name 'home' is already used; names must be unique [see routes[0] (home)]",
                // A warning stays a warning.
                #"shop.routes.json:8:43: warning: routes[4] (numberedPage): template: "pages/:number<int>" can never win: every URL it matches goes to "pages/:slug" instead [see routes[3] (page)]"#,
            ])
    }

    /// A file that is not JSON: the reader's own line and column.
    @Test func aSyntaxErrorKeepsTheReadersPosition() throws {
        let diagnostic = try #require(RouteFile.diagnostics(for: Data("{\n  \"routes\": [,]\n}".utf8)).first)
        #expect(diagnostic.line == 2 && diagnostic.column == 14)
    }

    /// Escapes before the error in a template move the column by what they are written with.
    @Test func aTemplateWithEscapesIsStillPointedAtTheRightCharacter() throws {
        let text = #"{"routes": [{"name": "a", "template": "\u0070roduct/:"}]}"#
        let diagnostic = try #require(RouteFile.diagnostics(for: Data(text.utf8)).first)
        // `"\u0070roduct/:"` starts at column 39; the error is at template column 9, the ':',
        // which is written 6 + 8 characters after the quote.
        #expect(diagnostic.column == 39 + 14)
    }

    /// A character of several scalars (`e` and a combining accent) before the error: the message
    /// counts characters, the column counts scalars, as a file's columns do.
    @Test func aCombiningMarkCountsAsTheScalarsItIsWrittenWith() throws {
        let text = "{\"routes\": [{\"name\": \"a\", \"template\": \"e\u{301}/:\"}]}"
        let diagnostic = try #require(RouteFile.diagnostics(for: Data(text.utf8)).first)
        #expect(diagnostic.message.contains("column 3"))
        // The template's quote is at column 39: e, the accent, '/', then ':' at 39 + 4.
        #expect(diagnostic.column == 43)
    }

    /// Without a position (a diagnostic made in code), the compiler style names the file alone.
    @Test func aDiagnosticWithoutAPositionNamesTheFile() {
        let diagnostic = RouteFileDiagnostic(
            severity: .warning, routeIndex: nil, routeName: nil, field: "default", message: "m")
        #expect(diagnostic.compilerStyle(file: "f.json") == "f.json: warning: default: m")
    }
}
