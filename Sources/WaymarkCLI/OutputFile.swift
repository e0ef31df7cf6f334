import ArgumentParser
import Foundation

/// Writes what a command was asked to put in a file (`--output`, `--html`, `--marker`): one place
/// for how it is written (whole or not at all) and for what a failure says.
enum OutputFile {
    /// Writes `text` to `path`, replacing the file atomically (a reader never sees half of it).
    ///
    /// - Parameters:
    ///   - what: What the file is, for the message: `the page`, `the generated Swift`.
    ///   - compilerStyle: Whether the message reads `PATH: error: …`, as a build shows errors.
    /// - Throws: `ExitCode(1)` after a message naming the file and why: a folder that does not
    ///   exist (Foundation's own sentence for it names no path), or the system's reason.
    static func write(_ text: String, to path: String, what: String, compilerStyle: Bool = false) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let reason: String
        // (A path to a file where the folder should be fails the write, with the system's reason.)
        if !FileManager.default.fileExists(atPath: folder.path) {
            reason = "the folder \(folder.path) does not exist"
        } else {
            do {
                try Data(text.utf8).write(to: url, options: .atomic)
                return
            } catch {
                reason = error.localizedDescription
            }
        }
        printError("\(path):\(compilerStyle ? " error:" : "") cannot write \(what): \(reason)")
        throw ExitCode(1)
    }
}
