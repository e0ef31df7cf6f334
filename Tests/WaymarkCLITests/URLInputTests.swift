// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing
    import WaymarkTestSupport

    /// `--input FILE` and `--input -` (issue 31, finding 10): every command that takes URLs reads them
    /// one per line, answers each as it is read, and gives what the same URLs as arguments give:
    /// the same output, the same exit status. Inputs are generated: a large file, standard input,
    /// CR LF line endings, blank and comment lines, an empty input, a line over the URL limit and
    /// one over the line limit.
    @Suite struct URLInputTests {
        /// Commands that take URLs, each with and without `--json` where it has one.
        static let commands: [[String]] = [
            ["resolve"], ["resolve", "--json"], ["explain"], ["explain", "--json"], ["navigate"],
            ["navigate", "--json"], ["properties"],
        ]

        /// `count` URLs of every kind, repeatable from `seed`: matched, handled by the default route,
        /// in-app strings, an internal-only route from outside, a refused domain, a value the type
        /// refuses, control characters and terminal escapes (raw and percent-encoded), non-ASCII,
        /// and one over the URL length limit.
        static func urls(_ count: Int, seed: UInt64 = 0x31_0010) -> [String] {
            var generator = SeededGenerator(seed: seed)
            let kinds: [(Int) -> String] = [
                { "shop://product/\($0)" },
                { "https://shop.example.com/category/c\($0)?ref=mail#top" },
                { "search?q=\($0)" },
                { "shop://nowhere/\($0)" },
                { _ in "shop://debug/menu" },
                { "https://evil.example/product/\($0)" },
                { "shop://product/x\($0)" },
                { "shop://category/a\u{1B}]0;pwned\u{07}\($0)" },
                { "shop://category/%1B%5B2J\($0)%E2%80%AE" },
                { "shop://category/日本\($0)" },
                { "shop://user/\($0)/profile/orders" },
                { _ in "shop://help/" + String(repeating: "a", count: 17_000) },
            ]
            return (0..<count).map { index in
                kinds[Int.random(in: 0..<kinds.count, using: &generator)](index)
            }
        }

        static func text(_ lines: [String], ending: String = "\n") -> Data {
            Data(lines.map { $0 + ending }.joined().utf8)
        }

        /// The same URLs as arguments, as a file and on standard input: the same output and status.
        @Test(arguments: commands)
        func inputGivesWhatArgumentsGive(command: [String]) throws {
            let urls = Self.urls(200)
            let asArguments = try CommandRunner.run(command + urls)
            let file = try CommandRunner.temporaryFile(String(decoding: Self.text(urls), as: UTF8.self), name: "urls")
            let fromFile = try CommandRunner.run(command + ["--input", file])
            let fromStandardInput = try CommandRunner.run(command + ["--input", "-"], standardInput: Self.text(urls))
            #expect(!asArguments.standardOutput.isEmpty)
            for output in [fromFile, fromStandardInput] {
                #expect(output.status == asArguments.status)
                #expect(output.standardOutput == asArguments.standardOutput)
                #expect(output.standardError == asArguments.standardError)
            }
        }

        /// CR LF line endings, blank lines (empty, spaces, tabs), comments and no final line ending
        /// change nothing: the URLs are those of the lines alone.
        @Test(arguments: commands)
        func lineEndingsBlankLinesAndCommentsAreNotURLs(command: [String]) throws {
            let urls = Self.urls(60, seed: 7)
            var lines: [String] = ["# a comment", ""]
            for (index, url) in urls.enumerated() {
                lines.append(url)
                if index % 7 == 0 { lines += ["", "   ", "\t", "#shop://product/1", "# another comment"] }
            }
            let expected = try CommandRunner.run(command + urls)
            let crlf = Self.text(lines, ending: "\r\n")
            var noFinalEnding = Self.text(lines)
            noFinalEnding.removeLast()
            for input in [crlf, Self.text(lines), noFinalEnding] {
                let output = try CommandRunner.run(command + ["--input", "-"], standardInput: input)
                #expect(output.status == expected.status)
                #expect(output.standardOutput == expected.standardOutput)
            }
        }

        /// An empty input, or one of blank and comment lines only: nothing printed, status 0.
        @Test(arguments: commands)
        func anEmptyInputPrintsNothing(command: [String]) throws {
            for contents in ["", "\n", "\r\n\r\n", "# only a comment\n\n  \n"] {
                let file = try CommandRunner.temporaryFile(contents, name: "urls")
                for arguments in [command + ["--input", file], command + ["--input", "-"]] {
                    let output = try CommandRunner.run(arguments, standardInput: Data(contents.utf8))
                    #expect(output.status == 0, "\(arguments) \(contents.debugDescription)")
                    #expect(output.standardOutput.isEmpty)
                    #expect(output.standardError.isEmpty)
                }
            }
        }

        /// Each URL of the exit-status table, alone on a line, gives the status it gives as an
        /// argument: 0 handled, 1 not handled (with and without a default route).
        @Test(arguments: ["resolve", "explain", "navigate"])
        func eachLineGivesTheStatusItsArgumentGives(command: String) throws {
            for (routes, hasDefault) in [(ExitStatusTests.withDefault, true), (ExitStatusTests.withoutDefault, false)] {
                let path = try CommandRunner.temporaryFile(routes)
                for (url, withDefault, withoutDefault) in ExitStatusTests.cases {
                    let output = try CommandRunner.run(
                        [command, "--routes", path, "--input", "-"], standardInput: Data((url + "\n").utf8))
                    let argument = try CommandRunner.run([command, "--routes", path, url])
                    #expect(
                        output.status == (hasDefault ? withDefault : withoutDefault), "\(command) \(url.prefix(40))")
                    #expect(output.status == argument.status)
                    #expect(output.standardOutput == argument.standardOutput)
                }
            }
        }

        /// A line over the URL length limit is a URL like any other (`invalid`, status 1, as an
        /// argument); a line over the 1 MiB line limit is not read: standard error names it, the
        /// lines around it are answered, and the status is 1.
        @Test func longLines() throws {
            let overURLLimit = "shop://help/" + String(repeating: "a", count: 17_000)
            let atLineLimit = "shop://help/" + String(repeating: "b", count: (1 << 20) - 12)
            let overLineLimit = "shop://help/" + String(repeating: "c", count: (1 << 20) - 11)
            let lines = ["shop://product/1", overURLLimit, atLineLimit, overLineLimit, "shop://product/2"]
            let output = try CommandRunner.run(
                ["resolve", "--json", "--input", "-"], standardInput: Self.text(lines, ending: "\r\n"))
            #expect(output.status == 1)
            let objects = output.standardOutput.split(separator: "\n")
            #expect(objects.count == 4)
            #expect(objects.first?.hasPrefix(#"{"url":"shop://product/1","outcome":"matched""#) == true)
            #expect(objects.dropFirst().first?.contains(#""outcome":"invalid""#) == true)
            #expect(objects.dropFirst(2).first?.contains(#""outcome":"invalid""#) == true)
            #expect(objects.last?.hasPrefix(#"{"url":"shop://product/2","outcome":"matched""#) == true)
            #expect(
                output.standardError
                    == "standard input: line 4 is 1048577 bytes, over the limit of 1048576 bytes for one line; not read\n"
            )
            // The line over the URL limit answers as it does as an argument.
            let argument = try CommandRunner.run(["resolve", "--json", overURLLimit])
            #expect(argument.status == 1)
            #expect(
                objects.dropFirst().first.map(String.init)
                    == argument.standardOutput.split(separator: "\n").first.map(String.init))
        }

        /// A large generated file: one answer per URL line, in order, each naming its URL.
        @Test func aLargeFileIsAnsweredLineByLine() throws {
            // Without the 17 KB URLs, which would make most of the output.
            let urls = Self.urls(20_000, seed: 99).filter { $0.utf8.count < 1_000 }
            let file = try CommandRunner.temporaryFile(String(decoding: Self.text(urls), as: UTF8.self), name: "urls")
            let output = try CommandRunner.run(["resolve", "--json", "--input", file])
            #expect(output.status == 1)  // some URLs are not handled
            let objects = output.standardOutput.split(separator: "\n")
            #expect(objects.count == urls.count)
            for (object, url) in zip(objects, urls) where !object.hasPrefix("{\"url\":" + Self.quoted(url) + ",") {
                Issue.record("expected the answer to \(url.prefix(60)), found \(object.prefix(80))")
                break
            }
        }

        /// A JSON string as the tool writes it, for the URLs of ``urls(_:seed:)``.
        static func quoted(_ text: String) -> String {
            var output = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output + "\""
        }

        /// Each answer is written before the next line is read: a program that writes a URL and waits
        /// for its answer gets it. (A test that failed would wait: the reads below give up after 60 s.)
        @Test func answersAreWrittenAsTheLinesArrive() throws {
            let process = Process()
            process.executableURL = try CommandRunner.executable
            process.arguments = ["resolve", "--json", "--input", "-"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            defer {
                try? input.fileHandleForWriting.close()
                process.waitUntilExit()
            }
            for id in 1...3 {
                try input.fileHandleForWriting.write(contentsOf: Data("shop://product/\(id)\n".utf8))
                let line = try Self.readLine(output.fileHandleForReading)
                #expect(line.hasPrefix(#"{"url":"shop://product/\#(id)","outcome":"matched""#), "\(line)")
            }
        }

        /// One line from `handle`, waiting at most 60 s for it.
        static func readLine(_ handle: FileHandle) throws -> String {
            var bytes: [UInt8] = []
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            while true {
                guard poll(&descriptor, 1, 60_000) == 1 else { throw Timeout() }
                var byte: UInt8 = 0
                guard read(handle.fileDescriptor, &byte, 1) == 1 else { throw Timeout() }
                if byte == 0x0A { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(byte)
            }
        }

        struct Timeout: Error {}

        /// Usage: URLs as arguments and `--input` together, or neither, is 2; an input that cannot be
        /// read (missing, a folder) is 1 and says why.
        @Test(arguments: ["resolve", "explain", "navigate", "properties"])
        func inputErrors(command: String) throws {
            let both = try CommandRunner.run([command, "--input", "-", "shop://a"])
            #expect(both.status == 2)
            #expect(both.standardError.hasPrefix("Error: Pass URLs as arguments or with --input, not both\n"))
            let neither = try CommandRunner.run([command])
            #expect(neither.status == 2)
            #expect(neither.standardError.hasPrefix("Error: Missing URLs"))
            let missing = try CommandRunner.run([command, "--input", "/nonexistent/urls.txt"])
            #expect(missing.status == 1)
            #expect(missing.standardError == "/nonexistent/urls.txt: cannot read the file: No such file or directory\n")
            let folder = CommandRunner.scratchFolder.path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let fromFolder = try CommandRunner.run([command, "--input", folder])
            #expect(fromFolder.status == 1)
            #expect(fromFolder.standardError == "\(folder): cannot read the file: it is a folder\n")
        }

        /// Invalid UTF-8 and NUL bytes in a line are read as an argument's would be (repaired with
        /// U+FFFD; a NUL is a control character, so the URL is invalid), and escaped when printed.
        @Test func bytesNoArgumentCanHold() throws {
            var input = Data("shop://category/a\u{0}b\n".utf8)
            input.append(contentsOf: Array("shop://category/a".utf8) + [0xFF, 0xC0] + Array("b\n".utf8))
            let output = try CommandRunner.run(["resolve", "--input", "-"], standardInput: input)
            #expect(output.status == 1)
            #expect(output.standardOutput.contains(#"shop://category/a\u{0}b"#), "\(output.standardOutput)")
            #expect(output.standardOutput.contains("shop://category/a\u{FFFD}\u{FFFD}b"), "\(output.standardOutput)")
            #expect(TerminalOutputTests.hasHostile(output.standardOutput).isEmpty)
        }
    }
#endif
