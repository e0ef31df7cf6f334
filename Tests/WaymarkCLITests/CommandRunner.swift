import Foundation

#if canImport(Glibc)
    import Glibc  // atexit
#endif

/// Runs the built `waymark` executable, as a user would.
enum CommandRunner {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The executable: beside the test runner in the build products folder.
    static var executable: URL {
        get throws {
            var candidates: [URL] = []
            if let runner = CommandLine.arguments.first {
                let runnerURL = URL(fileURLWithPath: runner)
                candidates.append(runnerURL.deletingLastPathComponent().appendingPathComponent("waymark"))
                // macOS: the runner is inside waymarkPackageTests.xctest/Contents/MacOS.
                candidates.append(
                    runnerURL.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                        .deletingLastPathComponent().appendingPathComponent("waymark"))
            }
            candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("waymark"))
            candidates.append(packageRoot.appendingPathComponent(".build/debug/waymark"))
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(
                    .fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
            }
            return found
        }
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// One folder for every file the tests of this process write, removed when the process exits
    /// (tests in flight may still read their files, so none is removed before).
    static let scratchFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-tests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: CommandRunner.scratchFolder) }
        return folder
    }()

    /// Writes `contents` to a new file, alone in its own folder inside ``scratchFolder``, and
    /// returns its path.
    static func temporaryFile(_ contents: String, name: String = "routes.json") throws -> String {
        let folder = scratchFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file.path
    }
}
