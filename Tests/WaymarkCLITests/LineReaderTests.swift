// The line reader reads files and pipes through file descriptors, as on macOS and Linux: on iOS,
// tvOS, watchOS and visionOS this file compiles to nothing, as the other CLI tests do.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing
    import WaymarkTestSupport

    @testable import WaymarkCLI

    /// `--input`'s line reader (issue 31, finding 10): its work (bytes looked at and copied) grows
    /// linearly with the input whatever its shape, and the bytes it keeps are bounded by its line
    /// limit whatever the lines' length. Counted, not timed.
    @Suite struct LineReaderTests {
        /// Reads `data` (written to a file) with a line limit of `limit`: the lines, the work, and
        /// the most bytes kept at once.
        static func read(_ data: Data, limit: Int = LineReader.maximumLineLength) throws -> (
            lines: [LineReader.Line], work: Int, kept: Int
        ) {
            let path = try CommandRunner.temporaryFile("", name: "lines")
            try data.write(to: URL(fileURLWithPath: path))
            let descriptor = open(path, O_RDONLY)
            #expect(descriptor >= 0)
            let reader = LineReader(descriptor: descriptor, closesDescriptor: true, maximumLineLength: limit)
            var lines: [LineReader.Line] = []
            while let line = try reader.next() { lines.append(line) }
            return (lines, reader.work, reader.mostBytesKept)
        }

        /// Input shapes, each `n` units long.
        static let shapes: [(name: String, make: @Sendable (Int) -> Data)] = [
            ("n short lines", { Data(String(repeating: "shop://product/42?ref=mail\n", count: $0).utf8) }),
            ("n short lines, CR LF", { Data(String(repeating: "shop://product/42\r\n", count: $0).utf8) }),
            ("one line of n × 16 bytes", { Data((String(repeating: "abcdefghijklmnop", count: $0) + "\n").utf8) }),
            ("n empty lines", { Data(String(repeating: "\n", count: $0).utf8) }),
            (
                "n lines over a 64-byte limit",
                { Data(String(repeating: String(repeating: "x", count: 100) + "\n", count: $0).utf8) }
            ),
            ("no line break in n × 16 bytes", { Data(String(repeating: "abcdefghijklmnop", count: $0).utf8) }),
        ]

        @Test(arguments: 0..<shapes.count)
        func workIsLinearWhateverTheShape(shape: Int) throws {
            let (name, make) = Self.shapes[shape]
            let limit = name.contains("64-byte") ? 64 : LineReader.maximumLineLength
            try LinearGrowth.expectLinear(name, base: 1_000, factors: [1, 10, 100]) { count in
                try Self.read(make(count), limit: limit).work
            }
        }

        /// However long the lines, no more than the limit (and one byte, for a CR) is kept.
        @Test func keptBytesAreBoundedByTheLimit() throws {
            for length in [10, 63, 64, 65, 1_000, 100_000, 3_000_000] {
                let data = Data((String(repeating: "y", count: length) + "\nshort\n").utf8)
                let result = try Self.read(data, limit: 64)
                #expect(result.kept <= 65, "a line of \(length) bytes")
                let first: LineReader.Line =
                    length <= 64 ? .text(String(repeating: "y", count: length)) : .tooLong(length: length)
                #expect(result.lines == [first, .text("short")])
            }
        }

        /// Line endings: LF, CR LF, none at the end; a CR elsewhere is part of the line.
        @Test func lineEndings() throws {
            let result = try Self.read(Data("a\nb\r\nc\rd\n\r\n\ne".utf8))
            #expect(result.lines == [.text("a"), .text("b"), .text("c\rd"), .text(""), .text(""), .text("e")])
        }
    }
#endif
