import Foundation
import Logging

/// Every line a logger wrote, as its handler received it: level, message and metadata, kept in
/// memory so that a test reads all of it.
final class CapturedLog: @unchecked Sendable {
    // `@unchecked Sendable`: `entries` is read and written only under `lock`.
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, message: String, metadata: Logger.Metadata)] = []

    /// A logger at `trace` whose every line lands here.
    func logger(label: String = "waymark.routing") -> Logger {
        var logger = Logger(label: label) { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    var lines: [(level: Logger.Level, message: String, metadata: Logger.Metadata)] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// Every line as text: the level, the message and each metadata key and value.
    var text: String {
        lines.map { line in
            "\(line.level) \(line.message) "
                + line.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    fileprivate func append(_ level: Logger.Level, _ message: String, _ metadata: Logger.Metadata) {
        lock.lock()
        entries.append((level, message, metadata))
        lock.unlock()
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.append(event.level, "\(event.message)", metadata.merging(event.metadata ?? [:]) { $1 })
        }
    }
}
