// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
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

        /// The executable, found where every build system puts it: in the build products folder, beside
        /// the test bundle.
        ///
        /// - SwiftPM on Linux: the test runner is the executable `.build/<config>/<package>PackageTests.xctest`,
        ///   beside `waymark`.
        /// - SwiftPM and Xcode on Apple platforms: the tests run inside a bundle (`….xctest`) loaded by
        ///   Xcode's `xctest` tool or Swift Testing's runner, which live elsewhere; the bundle that holds
        ///   this code is in the products folder (`.build/<config>/` or `DerivedData/…/Build/Products/<config>/`),
        ///   beside `waymark`.
        ///
        /// `WAYMARK_EXECUTABLE` overrides both, for a build system that puts products elsewhere. There is
        /// no guess at `.build/debug`: a release test run must not test a stale debug binary.
        static var executable: URL {
            get throws {
                var candidates: [URL] = []
                if let path = ProcessInfo.processInfo.environment["WAYMARK_EXECUTABLE"], !path.isEmpty {
                    candidates.append(URL(fileURLWithPath: path))
                }
                #if canImport(Darwin)
                    candidates.append(
                        Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent().appendingPathComponent(
                            "waymark"))
                #else
                    if let runner = CommandLine.arguments.first {
                        candidates.append(
                            URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("waymark"))
                    }
                #endif
                guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
                else {
                    throw CommandRunnerError(
                        message: "the waymark executable is not beside the test bundle; looked at "
                            + candidates.map(\.path).joined(separator: ", ") + "; set WAYMARK_EXECUTABLE to its path")
                }
                return found
            }
        }

        /// A class in this test bundle, so that `Bundle(for:)` finds the bundle on Apple platforms.
        private final class BundleMarker {}

        struct CommandRunnerError: Error, CustomStringConvertible {
            var message: String
            var description: String { message }
        }

        static var packageRoot: URL {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
        }

        static func run(_ arguments: [String]) throws -> Output {
            try run(arguments, standardInput: nil)
        }

        /// Runs a command on a route file written from `routes` (as `name`): `--routes PATH` goes
        /// right after the command's name.
        static func run(_ arguments: [String], routes: String, named name: String) throws -> Output {
            let path = try temporaryFile(routes, name: name)
            return try run([arguments[0], "--routes", path] + arguments.dropFirst())
        }

        /// Runs the tool with `standardInput` written to its standard input (then closed; `nil`:
        /// the test process's own). Standard input is written, and standard error read, on threads
        /// of their own while standard output is read here, so that no pipe fills up and blocks
        /// the tool, whatever the sizes.
        static func run(_ arguments: [String], standardInput: Data?) throws -> Output {
            _ = ignoreBrokenPipes
            let process = Process()
            process.executableURL = try executable
            process.arguments = arguments
            let output = Pipe()
            let error = Pipe()
            let input = Pipe()
            process.standardOutput = output
            process.standardError = error
            if standardInput != nil { process.standardInput = input }
            try process.run()
            // A tool that never ends (a loop a change brought in) fails its test instead of holding
            // the whole run: killed after `timeout` seconds, far above any command's time.
            let watchdog = Watchdog()
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if watchdog.fire() { kill(pid, SIGKILL) }
            }
            defer { _ = watchdog.finish() }
            let group = DispatchGroup()
            if let standardInput {
                DispatchQueue.global().async(group: group) {
                    // The tool may exit before reading it all (a usage error): the write then fails.
                    try? input.fileHandleForWriting.write(contentsOf: standardInput)
                    try? input.fileHandleForWriting.close()
                }
            }
            let errorText = ErrorText()
            DispatchQueue.global().async(group: group) {
                errorText.data = error.fileHandleForReading.readDataToEndOfFile()
            }
            let outData = output.fileHandleForReading.readDataToEndOfFile()
            group.wait()
            process.waitUntilExit()
            if !watchdog.finish() {
                throw CommandRunnerError(
                    message: "waymark \(arguments.joined(separator: " ")) did not finish in \(Int(timeout)) s; killed")
            }
            return Output(
                status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                standardError: String(decoding: errorText.data, as: UTF8.self))
        }

        /// A tool that exits before reading all its standard input (a usage error) must not end
        /// the test process: writing to its closed pipe fails instead of raising SIGPIPE.
        private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

        /// How long a command may run before the runner kills it.
        static let timeout: Double = 300

        /// Decides once whether a command finished or its time ran out, whichever comes first.
        /// `@unchecked Sendable` is safe: its one stored property is read and written only while
        /// `lock` is held.
        private final class Watchdog: @unchecked Sendable {
            private let lock = NSLock()
            private var state = 0  // 0: running, 1: finished, 2: timed out

            /// Marks the time as run out; `true` when the command had not finished (kill it).
            func fire() -> Bool {
                lock.lock()
                defer { lock.unlock() }
                if state == 0 { state = 2 }
                return state == 2
            }

            /// Marks the command finished; `false` when its time had run out first.
            func finish() -> Bool {
                lock.lock()
                defer { lock.unlock() }
                if state == 0 { state = 1 }
                return state == 1
            }
        }

        /// Standard error, as the thread that reads it leaves it (read after `DispatchGroup.wait()`).
        private final class ErrorText: @unchecked Sendable {
            var data = Data()
        }

        /// One folder for every file the tests of this process write, removed when the process exits
        /// (tests in flight may still read their files, so none is removed before).
        static let scratchFolder: URL = {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "waymark-tests-\(UUID().uuidString)")
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
#endif
