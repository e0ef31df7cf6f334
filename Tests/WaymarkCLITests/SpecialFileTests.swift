// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// Every file the tool reads (a route file for `check` and `--routes`, a document for
    /// `properties --config`) must be a regular file of at most 5 MB: `/dev/zero`, a folder, a named
    /// pipe, a file past the limit and a missing file are each refused at once, by name.
    @Suite struct SpecialFileTests {
        static let cases: [(path: String, reason: String)] = [
            ("/dev/zero", "it is a character device, not a regular file"),
            ("folder.json", "it is a folder, not a regular file"),
            ("pipe.json", "it is a named pipe, not a regular file"),
            ("big.json", "it is 5000001 bytes, over the limit of 5000000"),
            ("missing.json", "it does not exist"),
        ]

        @Test func everyFileTheToolReadsIsRefusedByWhatItIs() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "waymark-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(count: 5_000_001).write(to: folder.appendingPathComponent("big.json"))
            #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600) == 0)
            for (name, reason) in Self.cases {
                let path = name.hasPrefix("/") ? name : folder.appendingPathComponent(name).path
                let check = try CommandRunner.run(["check", "--routes", path])
                #expect(check.status == 1)
                #expect(check.standardError == "\(path): cannot read the file: \(reason)\n", "check \(name)")
                let properties = try CommandRunner.run(["properties", "--config", path, "/"])
                #expect(properties.status == 1)
                #expect(properties.standardError == "\(path): cannot read the file: \(reason)\n", "properties \(name)")
                let resolve = try CommandRunner.run(["resolve", "--routes", path, "shop://p"])
                #expect(resolve.status == 1)
                #expect(resolve.standardError.contains(reason), "resolve --routes \(name)")
            }
        }
    }
#endif
