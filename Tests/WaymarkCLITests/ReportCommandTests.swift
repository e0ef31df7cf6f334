// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    /// `waymark report`: the built tool over traffic in every line format, as text, JSON and an HTML
    /// page; values redacted unless asked; a progress bar on a terminal and never in a pipe.
    @Suite struct ReportCommandTests {
        /// Traffic against the embedded example, with a secret in a query, a fragment and a
        /// session value.
        static let traffic = """
            shop://product/1
            5 shop://product/2
            203.0.113.9 - - [29/Nov/2026:01:00:00 +0000] "GET /product/3?ref=mail HTTP/1.1" 200 512 "-" "Mozilla/5.0"
            shop://p/4?token=sekritA
            2 https://shop.example.com/p/5#sekritB
            https://old.example/product/6?session=sekritC
            shop://debug/menu?session=sekritD
            # a comment
            shop://product/7?pad=\(String(repeating: "a", count: 17_000))

            """

        @Test func theTextReportCountsEveryOutcomeAndRouteAndGroupsTheFailures() throws {
            let path = try CommandRunner.temporaryFile(Self.traffic, name: "traffic.txt")
            let output = try CommandRunner.run(["report", path])
            #expect(output.status == 0)
            #expect(output.standardError == "")
            #expect(
                output.standardOutput.components(separatedBy: "\n").dropFirst() == [
                    "",
                    "outcomes:",
                    "  opens          7  53.8%",
                    "  opensDefault   4  30.8%",
                    "  internalOnly   1  7.7%",
                    "  limitExceeded  1  7.7%",
                    "",
                    "routes:",
                    "  product  7  53.8%",
                    "  default  4  30.8%",
                    "  debug    1  7.7%",
                    "  none     1  7.7%",
                    "",
                    "problems (top 10; values redacted as <private>; --show-values shows them):",
                    "  1 link(s): limitExceeded — the link is over the urlLength limit",
                    "  1 link(s): internalOnly, nearest debug (debug/menu) — the route is internal-only; links from outside cannot open it",
                    "",
                    "links that reached the default route (top 10; values redacted as <private>; --show-values shows them):",
                    "  3 link(s): opensDefault, nearest product (product/:id<int>) — segment 1 is <private>, the template expects 'product'",
                    "  1 link(s): opensDefault, nearest product (product/:id<int>) — its path matches, but its scopes (appAny, universalAny) exclude the domain 'old.example'",
                    "",
                ])
            #expect(output.standardOutput.hasPrefix("\(path): 13 link(s) in 8 line(s)\n"))
            #expect(!output.standardOutput.contains("sekrit"))
        }

        @Test func jsonAndHTMLCarryTheSameCountsAndNoSecret() throws {
            let path = try CommandRunner.temporaryFile(Self.traffic, name: "traffic.txt")
            let page = CommandRunner.scratchFolder.appendingPathComponent("report-\(UUID()).html")
            let output = try CommandRunner.run(["report", "--json", "--html", page.path, path])
            #expect(output.status == 0)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
            #expect(object["links"] as? Int == 13)
            #expect(object["valuesShown"] as? Bool == false)
            let outcomes = try #require(object["outcomes"] as? [[String: Any]])
            #expect(
                outcomes.map { "\($0["outcome"] ?? "") \($0["count"] ?? "")" } == [
                    "opens 7", "opensDefault 4", "internalOnly 1", "limitExceeded 1",
                ])
            let defaults = try #require(object["defaultRoute"] as? [[String: Any]])
            #expect(defaults.first?["template"] as? String == "product/:id<int>")
            #expect(defaults.first?["count"] as? Int == 3)
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("<code>product/:id&lt;int&gt;</code>"))
            #expect(html.contains("segment 1 is &lt;private&gt;, the template expects &#39;product&#39;"))
            #expect(!html.contains("sekrit"))
            #expect(!output.standardOutput.contains("sekrit"))
        }

        @Test func showValuesShowsWhatTheLinksCarried() throws {
            let output = try CommandRunner.run(
                ["report", "--show-values", "-"], standardInput: Data(Self.traffic.utf8))
            #expect(output.status == 0)
            #expect(output.standardOutput.hasPrefix("standard input: 13 link(s)"))
            #expect(output.standardOutput.contains("segment 1 is \"p\", the template expects 'product'"))
            #expect(output.standardOutput.contains("    e.g. shop://p/4?token=sekritA"))
        }

        /// Access-log paths are links of the route file's first domain, or of `--base`.
        @Test func accessLogPathsAreLinksOfTheFirstDomainOrOfBase() throws {
            let line = #"203.0.113.9 - - [29/Nov/2026:01:00:00 +0000] "GET /product/3 HTTP/1.1" 200 512 "-" "-""#
            let path = try CommandRunner.temporaryFile(line + "\n", name: "access.log")
            let own = try CommandRunner.run(["report", "--json", "--show-values", path])
            #expect(own.standardOutput.contains(#""outcomes":[{"outcome":"opens","count":1}]"#))
            let other = try CommandRunner.run([
                "report", "--json", "--show-values", "--base", "https://other.example/", path,
            ])
            #expect(other.standardOutput.contains(#""example":"https://other.example/product/3""#))
        }

        @Test func noProgressIsDrawnIntoAPipe() throws {
            let lines = (0..<70_000).map { "shop://product/\($0)" }.joined(separator: "\n")
            let path = try CommandRunner.temporaryFile(lines, name: "many.txt")
            let output = try CommandRunner.run(["report", path])
            #expect(output.status == 0)
            #expect(output.standardError == "")
            #expect(output.standardOutput.hasPrefix("\(path): 70,000 link(s)"))
        }

        /// On a terminal (a pseudo-terminal made by `script`), the bar is drawn and then erased.
        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
        func aProgressBarIsDrawnOnATerminal() throws {
            #if os(Linux)
                let lines = (0..<70_000).map { "shop://product/\($0)" }.joined(separator: "\n")
                let path = try CommandRunner.temporaryFile(lines, name: "many.txt")
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
                let command = [try CommandRunner.executable.path, "report", path].map { "'\($0)'" }
                process.arguments = ["-qec", command.joined(separator: " "), "/dev/null"]
                let output = Pipe()
                process.standardOutput = output
                process.standardInput = FileHandle.nullDevice
                try process.run()
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let text = String(decoding: data, as: UTF8.self)
                #expect(process.terminationStatus == 0)
                #expect(text.contains("% "))
                #expect(text.contains("65,536 lines"))
                #expect(text.contains("\r\u{1B}[K"))
                #expect(text.contains("70,000 link(s)"))
            #endif
        }

        @Test func aLineOverTheLimitIsNamedAndTheReportOfTheRestPrinted() throws {
            let long = "shop://product/1?pad=" + String(repeating: "a", count: 1_100_000)
            let path = try CommandRunner.temporaryFile("shop://product/1\n\(long)\nshop://p/2\n", name: "long.txt")
            let output = try CommandRunner.run(["report", path])
            #expect(output.status == 1)
            #expect(output.standardError.contains("line 2 is"))
            #expect(!output.standardError.contains("aaaa"))
            #expect(output.standardOutput.hasPrefix("\(path): 2 link(s) in 2 line(s)"))
        }

        @Test func aFileThatCannotBeReadIsNamedAndExitsOne() throws {
            let output = try CommandRunner.run(["report", "/nonexistent/traffic.txt"])
            #expect(output.status == 1)
            #expect(output.standardError.hasPrefix("/nonexistent/traffic.txt: cannot read the file"))
        }
    }
#endif
