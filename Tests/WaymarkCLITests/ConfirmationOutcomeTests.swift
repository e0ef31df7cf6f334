// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// A link to a route that asks the user to confirm is not a refusal: `resolve` and `explain` say
    /// `needsConfirmation`, as `links` lists it as a working link (issue 30, a newcomer's trial).
    @Suite struct ConfirmationOutcomeTests {
        static let routeFile = """
            {"schemes": ["x-app"], "default": "home", "routes": [
              {"name": "home", "template": "/"},
              {"name": "deleteAccount", "template": "account/delete", "requiresConfirmation": true}
            ]}
            """

        @Test(arguments: ["resolve", "explain"])
        func aConfirmationIsNotARejection(command: String) throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let text = try CommandRunner.run([command, "--routes", path, "x-app://account/delete"])
            #expect(text.standardOutput.contains("outcome:"), "\(text.standardOutput)")
            #expect(text.standardOutput.contains("needsConfirmation"), "\(text.standardOutput)")
            #expect(!text.standardOutput.contains("rejected"), "\(text.standardOutput)")
            let json = try CommandRunner.run([command, "--routes", path, "--json", "x-app://account/delete"])
            #expect(json.standardOutput.contains(#""outcome":"needsConfirmation""#), "\(json.standardOutput)")
        }
    }
#endif
