import ArgumentParser
import Foundation

/// `--input FILE`, shared by every command that takes URLs (`resolve`, `explain`, `navigate`,
/// `properties`): the URLs one per line from a file or standard input, instead of as arguments.
///
/// ArgumentParser's work grows with the square of the number of arguments (measured:
/// docs/performance.md, "Reading JSON at the size cap, and many URLs (issue 31)"), and a shell
/// limits how many fit on a command line; lines are read
/// as they come, one at a time, so the work is linear and the memory bounded whatever the count.
struct URLInputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read the URLs from this file, one per line, instead of from the arguments ('-': standard input). "
                + "Use it for more than a few hundred URLs: each line is answered as it is read, in bounded memory.",
            valueName: "file"))
    var input: String?

    /// What every command that takes URLs says of `--input` in its help.
    static let discussion = """
        With --input FILE ('-': standard input), the URLs are read one per line instead of from the \
        arguments, and each is answered and printed as soon as it is read, in bounded memory: use it \
        for more than a few hundred URLs (the time to read arguments grows with the square of their \
        number: 10,000 take seconds, 50,000 over a minute). A line is the URL as written, without its \
        line ending (LF or CR LF); empty lines, lines of spaces and tabs, and lines that start with \
        '#' are skipped; a line over 1 MiB is reported on standard error by its number and counts as \
        a URL not handled. An empty input prints nothing and exits 0.
        """

    /// Checks that the command has URLs from one place: its arguments, or `--input`, not both.
    /// Called from the command's `validate()`, so that the usage printed is the command's.
    ///
    /// - Throws: `ValidationError` (a usage error) for neither or both.
    func validate(arguments: [String]) throws {
        switch (input, arguments.isEmpty) {
        case (nil, true):
            throw ValidationError("Missing URLs: pass them as arguments, or one per line with --input FILE")
        case (_?, false):
            throw ValidationError("Pass URLs as arguments or with --input, not both")
        default:
            break
        }
    }

    /// The URLs of a command: its arguments, or the lines of `--input` (checked by
    /// ``validate(arguments:)``: when both are given, the arguments).
    ///
    /// - Throws: `ExitCode(1)` after a message, when the `--input` file cannot be opened.
    func source(arguments: [String]) throws -> URLSource {
        guard let input, arguments.isEmpty else { return URLSource(arguments: arguments) }
        return try URLSource(path: input)
    }
}

/// The URLs a command answers, one at a time: from its arguments, or read from a file or standard
/// input line by line (``LineReader``).
///
/// A line is a URL as written, as an argument would be: nothing is trimmed but the line ending (LF,
/// or CR LF). A line that is empty or only spaces and tabs is skipped, and so is a line that starts
/// with `#`, a comment (a string to resolve that starts with `#` is passed as an argument). A line
/// longer than ``LineReader/maximumLineLength`` bytes is not kept: it is reported on standard error
/// by its number and counts as a URL not handled (exit status 1), and the lines after it are read.
struct URLSource {
    private var arguments: IndexingIterator<[String]>?
    private var reader: LineReader?
    /// The input's name in messages: its path, or `standard input`.
    private let name: String
    /// Whether a line was too long to read: the command's answer is then "not every URL handled".
    private(set) var hadUnreadableLine = false

    init(arguments: [String]) {
        self.arguments = arguments.makeIterator()
        self.name = "arguments"
    }

    /// Opens `path` (`-`: standard input).
    ///
    /// - Throws: `ExitCode(1)` after a message naming the file, when it cannot be opened.
    init(path: String) throws {
        if path == "-" {
            reader = LineReader(descriptor: STDIN_FILENO, closesDescriptor: false)
            name = "standard input"
            return
        }
        name = path
        // O_CLOEXEC: the descriptor never leaks into a process this one starts. Blocking: a named
        // pipe or `<(command)` is a stream to wait for, which is what `--input` is for.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            printError("\(path): cannot read the file: \(String(cString: strerror(errno)))")
            throw ExitCode(1)
        }
        reader = LineReader(descriptor: descriptor, closesDescriptor: true)
        var status = stat()
        // `st_mode` is UInt16 on Darwin and UInt32 on Linux: compared as UInt32.
        let folder = UInt32(truncatingIfNeeded: S_IFDIR)
        if fstat(descriptor, &status) == 0,
            UInt32(truncatingIfNeeded: status.st_mode) & UInt32(truncatingIfNeeded: S_IFMT) == folder
        {
            printError("\(path): cannot read the file: it is a folder")
            throw ExitCode(1)
        }
    }

    /// The next URL, `nil` at the end.
    ///
    /// - Throws: `ExitCode(1)` after a message naming the input, when reading fails (a folder, an
    ///   I/O error): the URLs answered so far are printed already.
    mutating func next() throws -> String? {
        if arguments != nil { return arguments?.next() }
        guard let reader else { return nil }
        while true {
            let line: LineReader.Line?
            do {
                line = try reader.next()
            } catch {
                printError("\(name): cannot read line \(reader.lineNumber + 1): \(error.reason)")
                throw ExitCode(1)
            }
            switch line {
            case nil:
                return nil
            case .text(let text)?:
                if Self.isSkipped(text) { continue }
                return text
            case .tooLong(let length)?:
                hadUnreadableLine = true
                printError(
                    "\(name): line \(reader.lineNumber) is \(length) bytes, over the limit of "
                        + "\(LineReader.maximumLineLength) bytes for one line; not read")
            }
        }
    }

    /// A blank line (empty, or spaces and tabs alone) or a comment (`#` first).
    static func isSkipped(_ line: String) -> Bool {
        line.utf8.first == UInt8(ascii: "#") || line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

/// Reads lines from a file descriptor in chunks of 64 KiB: each line is returned as soon as its end
/// is read, and at most ``maximumLineLength`` bytes of a line are kept, so the memory is bounded
/// whatever the input (a file of a million lines, a stream with no line break). The work is linear:
/// each byte is looked at once to find the line ends and copied at most twice.
///
/// Before each read that may wait for more input, standard output is flushed: a program that writes
/// a URL and waits for its answer gets it, and a large input is still written in large blocks.
final class LineReader {
    /// The longest line kept: 1 MiB. Longer than any single argument a shell can pass (128 KiB on
    /// Linux, 1 MiB for all arguments on macOS) and 64 times the longest URL a route table accepts
    /// by default, so every line an argument could hold is read whole and answered as that
    /// argument would be (a URL over the URL length limit is `invalid`, as it is as an argument).
    static let maximumLineLength = 1 << 20

    /// One line, without its line ending.
    enum Line: Equatable {
        /// The line's text; invalid UTF-8 is replaced with U+FFFD, as in the arguments.
        case text(String)
        /// A line longer than ``maximumLineLength`` bytes, of this length (its line ending excluded).
        case tooLong(length: Int)
    }

    /// Why reading stopped, in words for a message.
    struct Failure: Error {
        var reason: String
    }

    private let descriptor: Int32
    private let closesDescriptor: Bool
    /// The longest line kept: ``maximumLineLength``, or less in tests.
    private let lineLimit: Int
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private var chunkStart = 0
    private var chunkEnd = 0
    private var line: [UInt8] = []
    /// The length of the current line, kept or not, and its last byte.
    private var lineLength = 0
    private var lastByte: UInt8 = 0
    private var isAtEnd = false
    /// The number of the last line returned, from 1.
    private(set) var lineNumber = 0
    /// Bytes looked at for a line ending, and bytes copied into lines and their text: the count
    /// that tests follow across sizes to show the reader stays linear.
    private(set) var work = 0
    /// The most bytes of one line kept at once: at most the limit and one byte, whatever the lines.
    private(set) var mostBytesKept = 0

    /// A reader of `descriptor`, which it closes when it goes when `closesDescriptor` is true.
    init(descriptor: Int32, closesDescriptor: Bool, maximumLineLength: Int = LineReader.maximumLineLength) {
        self.descriptor = descriptor
        self.closesDescriptor = closesDescriptor
        self.lineLimit = maximumLineLength
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    /// The next line, `nil` at the end. The last line needs no line ending.
    func next() throws(Failure) -> Line? {
        while true {
            if chunkStart == chunkEnd {
                if isAtEnd {
                    return lineLength > 0 ? finishLine() : nil
                }
                try fill()
                continue
            }
            if let newline = chunk[chunkStart..<chunkEnd].firstIndex(of: 0x0A) {
                work += newline + 1 - chunkStart
                keep(chunkStart..<newline)
                chunkStart = newline + 1
                return finishLine()
            }
            work += chunkEnd - chunkStart
            keep(chunkStart..<chunkEnd)
            chunkStart = chunkEnd
        }
    }

    /// Adds a piece of the current line: kept while the line is within the limit, counted only after.
    private func keep(_ range: Range<Int>) {
        guard let last = range.last else { return }
        lineLength += range.count
        lastByte = chunk[last]
        // One byte over the limit is kept, for a CR that may end the line.
        if lineLength <= lineLimit + 1 {
            line.append(contentsOf: chunk[range])
            work += range.count
            mostBytesKept = max(mostBytesKept, line.count)
        } else if !line.isEmpty {
            line.removeAll()
        }
    }

    private func finishLine() -> Line {
        lineNumber += 1
        defer {
            line.removeAll(keepingCapacity: line.capacity <= 65_536)
            lineLength = 0
        }
        var length = lineLength
        if length > 0 && lastByte == 0x0D {
            length -= 1
            if !line.isEmpty { line.removeLast() }
        }
        guard length <= lineLimit else { return .tooLong(length: length) }
        work += line.count
        return .text(String(decoding: line, as: UTF8.self))
    }

    /// Reads the next chunk, after flushing standard output (this read may wait).
    private func fill() throws(Failure) {
        fflush(nil)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: String(cString: strerror(errno)))
            }
            chunkStart = 0
            chunkEnd = count
            if count == 0 { isAtEnd = true }
            return
        }
    }
}
