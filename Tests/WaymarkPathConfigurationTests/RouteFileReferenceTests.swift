import Foundation
import Testing
import Waymark
import WaymarkPathConfiguration

/// A route file's `"pathConfiguration": "relative/path.json"` resolves against a folder the app
/// chose (or the route file's own), never against the process's current directory, which in an app
/// is `/` or wherever it happened to be launched from.
@Suite struct RouteFileReferenceTests {
    static let document = #"{"rules": [{"patterns": ["^/product/"], "properties": {"context": "modal"}}]}"#
    static let routes =
        #"{"schemes": ["app"], "pathConfiguration": "config/path.json", "routes": [{"name": "p", "template": "product/:id"}]}"#

    /// A folder with `routes.json` and `config/path.json` in it; removed afterwards.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "waymark-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(document.utf8).write(to: folder.appendingPathComponent("config/path.json"))
        try Data(routes.utf8).write(to: folder.appendingPathComponent("routes.json"))
        try body(folder)
    }

    @Test func aFileReadFromDiskResolvesAgainstItsOwnFolder() throws {
        try Self.withFolder { folder in
            let file = try RouteFile(contentsOf: folder.appendingPathComponent("routes.json"))
            let configuration = try #require(try file.loadPathConfiguration())
            #expect(configuration.properties(for: "/product/1").context == .modal)
        }
    }

    @Test func aFileReadFromDataResolvesAgainstTheFolderTheAppNames() throws {
        try Self.withFolder { folder in
            let file = try RouteFile(data: Data(Self.routes.utf8))
            let configuration = try #require(try file.loadPathConfiguration(relativeTo: folder))
            #expect(configuration.properties(for: "/product/1").context == .modal)
        }
    }

    /// With no folder, the current directory is not guessed. (The test does not change the process's
    /// current directory, which tests running in parallel share; a loader that looked there would
    /// fail with "cannot be read" instead of this message.)
    @Test func aFileReadFromDataWithNoFolderIsAnErrorThatSaysWhatToDo() throws {
        let file = try RouteFile(data: Data(Self.routes.utf8))
        #expect(
            throws: PathConfigurationError(
                message:
                    #"pathConfiguration: "config/path.json" is relative, and the route file was read from data, "#
                    + "so it has no folder: pass loadPathConfiguration(relativeTo:) the folder it is in "
                    + "(in an app, Bundle.main.resourceURL), or load the route file with RouteFile(contentsOf:)")
        ) { try file.loadPathConfiguration() }
    }

    /// An inline document is read from the route file's own value, with its diagnostics, and its
    /// keys as written.
    @Test func anInlineDocumentIsReadAsItStands() throws {
        let routes = """
            {"schemes": ["app"], "routes": [{"name": "p", "template": "product/:id"}],
             "pathConfiguration": {"settings": {"feature_flags": {"new_cart": true}},
               "rules": [{"patterns": ["^/product/"], "properties": {"context": "modal", "modal_style": "full"}},
                         {"patterns": "not a list"}]}}
            """
        let file = try RouteFile(data: Data(routes.utf8))
        let configuration = try #require(try file.loadPathConfiguration())
        #expect(configuration.properties(for: "/product/1").context == .modal)
        #expect(configuration.properties(for: "/product/1")["modal_style"] == "full")
        #expect(configuration.settings["feature_flags"] == ["new_cart": true])
        #expect(configuration.diagnostics.map(\.message) == [#"the rule has no "patterns" array"#])
    }
}
