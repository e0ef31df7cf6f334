import Foundation
import Waymark

/// `waymark report`'s progress bar on standard error: drawn only when standard error is a
/// terminal (never into a pipe or a file), redrawn every 65,536 lines, and erased at the end.
/// For a regular file the bar shows how much of it is read; for standard input, the lines read.
struct ProgressBar {
    let enabled: Bool
    private var total = 0
    private var done = 0
    private var lines = 0
    private var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    /// A new input: its size when it is a regular file, else unknown.
    mutating func start(file path: String) {
        guard enabled else { return }
        total = 0
        done = 0
        var status = stat()
        if path != "-", stat(path, &status) == 0 {
            // `st_size` is `off_t` (Int64): a size over a 32-bit `Int` shows as unknown.
            total = Int(exactly: status.st_size) ?? 0
        }
    }

    mutating func advance(bytes: Int) {
        guard enabled else { return }
        done += bytes
        lines += 1
        if lines % 65_536 == 0 { draw() }
    }

    /// Erases the bar.
    mutating func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private mutating func draw() {
        drawn = true
        let count = LinkHealthReport.grouped(lines) + " lines"
        guard total > 0 else {
            FileHandle.standardError.write(Data("\r\(count)…".utf8))
            return
        }
        // In floating point: `done * 100` would overflow a 32-bit `Int` past 21 MB.
        let share = min(100, max(0, Double(done) * 100 / Double(total)))
        // narrowing: `total` > 0 and `done` ≥ 0, so `share` is finite and clamped to 0...100 above
        let percent = Int(share)
        let filled = percent * 30 / 100
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(percent)%  \(count)".utf8))
    }
}
