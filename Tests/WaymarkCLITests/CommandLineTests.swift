// The CLI tests run the `waymark` tool as a process (`Process`), which exists on macOS and Linux
// only: on iOS, tvOS, watchOS and visionOS this file compiles to nothing, so that the package's other
// tests still build and run there.
#if os(macOS) || os(Linux)
    import Foundation
    import Testing

    @Suite struct CommandLineTests {
        static let routeFile = """
            {
              "schemes": ["app"],
              "domains": ["app.example.com"],
              "routes": [
                { "name": "home", "template": "/" },
                { "name": "article", "template": "articles/:id<int>(/:section)", "properties": { "presentation": "modal" } },
                { "name": "files", "template": "files/*path", "scopes": ["appAny"] },
                { "name": "admin", "template": "admin", "internal": true }
              ],
              "default": "home"
            }
            """

        @Test func resolvePrintsOneJSONObjectPerURL() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run([
                "resolve", "--routes", path, "--json",
                "app://articles/12/comments?ref=mail&tag=a&tag=b&flag#top",
                "https://app.example.com/files/a",
                "app://files/a%2Fb/c",
                "app://admin",
                "https://evil.example/articles/1",
                "app://articles/1\u{1}",
            ])
            // An internal-only route refused and an invalid URL: every URL printed, then status 1.
            #expect(output.status == 1)
            #expect(
                output.standardOutput == """
                    {"url":"app://articles/12/comments?ref=mail&tag=a&tag=b&flag#top","outcome":"matched","reason":null,"route":"article","template":"articles/:id<int>(/:section)","parameters":{"id":"12","section":"comments"},"wildcard":null,"query":{"ref":["mail"],"tag":["a","b"],"flag":[null]},"fragment":"top","origin":"external","properties":{"presentation":"modal"}}
                    {"url":"https://app.example.com/files/a","outcome":"default","reason":"no route matches the path (2 segments)","route":"home","template":null,"parameters":{},"wildcard":null,"query":{},"fragment":null,"origin":"external","properties":{}}
                    {"url":"app://files/a%2Fb/c","outcome":"matched","reason":null,"route":"files","template":"files/*path","parameters":{"path":"a/b/c"},"wildcard":["a/b","c"],"query":{},"fragment":null,"origin":"external","properties":{}}
                    {"url":"app://admin","outcome":"rejected","reason":"route 'admin' (\\"admin\\") is internal-only; external links cannot open it","route":"admin","template":"admin","parameters":{},"wildcard":null,"query":{},"fragment":null,"origin":"external","properties":{}}
                    {"url":"https://evil.example/articles/1","outcome":"default","reason":"the domain 'evil.example' is not accepted; accepted domains: app.example.com","route":"home","template":null,"parameters":{},"wildcard":null,"query":{},"fragment":null,"origin":"external","properties":{}}
                    {"url":"app://articles/1\\u0001","outcome":"invalid","reason":"the URL contains the control character U+0001 at byte 16; percent-encode it or remove it","route":null,"template":null,"parameters":{},"wildcard":null,"query":{},"fragment":null,"origin":"external","properties":{}}

                    """)
        }

        @Test func resolveUsesTheEmbeddedExampleByDefault() throws {
            let output = try CommandRunner.run(["resolve", "shop://product/42?ref=mail", "debug/menu"])
            #expect(output.status == 0)
            #expect(
                output.standardOutput == """
                    shop://product/42?ref=mail
                      outcome:    matched (handled)
                      route:      product (product/:id<int>)
                      parameters: id=42
                      query:      ref=mail
                      origin:     external
                      properties: {"context": "default", "presentation": "modal", "pull_to_refresh_enabled": true}

                    debug/menu
                      outcome:    matched (handled)
                      route:      debug (debug/menu)
                      origin:     internal
                      properties: {"context": "default", "pull_to_refresh_enabled": true}


                    """)
        }

        @Test func checkReportsEveryProblemAndExitsWithOne() throws {
            let path = try CommandRunner.temporaryFile(
                """
                { "schemes": ["shop", "tel"],
                  "routes": [
                    { "name": "all", "template": "*rest", "priority": 1 },
                    { "name": "product", "template": "product/:" },
                    { "name": "item", "template": "item/:id" },
                    { "name": "thing", "template": "item/:slug" }
                  ] }
                """)
            let output = try CommandRunner.run(["check", "--routes", path])
            #expect(output.status == 1)
            #expect(
                output.standardOutput == """
                    \(path): routes[1] (product): error: template: "product/:" column 9: ':' must be followed by a parameter name, as in ':id'
                    \(path): error: schemes: 'tel' is a well-known scheme and cannot be an app scheme; universal links are set with domains
                    \(path): routes[3] (thing): error: template: "item/:slug" and "item/:id" differ only in parameter names, so no URL can tell them apart in scope appAny; use one template, or give the parameters different types [see routes[2] (item)]
                    \(path): routes[2] (item): warning: template: "item/:id" can never win: every URL it matches goes to "*rest" instead [see routes[0] (all)]
                    \(path): 3 error(s), 1 warning(s)

                    """)
        }

        /// A default route that failed to load is named as such, with the routes that did load; a
        /// default that names no route at all says which routes failed (issue 30).
        @Test func checkSaysTheDefaultRouteFailedToLoad() throws {
            let routes = #"[{ "name": "create", "template": "create" }, { "name": "open", "template": "open/:" }]"#
            let broken = try CommandRunner.temporaryFile(#"{ "routes": \#(routes), "default": "open" }"#)
            let output = try CommandRunner.run(["check", "--routes", broken])
            #expect(output.status == 1)
            #expect(
                output.standardOutput.contains(
                    "\(broken): error: default: the route 'open' failed to load (see routes[1] above); "
                        + "the routes that loaded are create\n"), "\(output.standardOutput)")
            let unknown = try CommandRunner.temporaryFile(#"{ "routes": \#(routes), "default": "home" }"#)
            let other = try CommandRunner.run(["check", "--routes", unknown])
            #expect(other.status == 1)
            #expect(
                other.standardOutput.contains(
                    "\(unknown): error: default: no route is named 'home'; the routes that loaded are create; "
                        + "routes[1] (open) failed to load\n"), "\(other.standardOutput)")
        }

        /// `--json` gives each problem's position as `routeIndex`, 0-based like `routes[N]` in the text.
        @Test func checkJSONGivesTheRouteIndexAsTheTextDoes() throws {
            let path = try CommandRunner.temporaryFile(
                #"{ "routes": [ { "name": "a", "template": "a" }, { "name": "b", "template": "b/:" } ] }"#)
            let output = try CommandRunner.run(["check", "--json", "--routes", path])
            #expect(output.status == 1)
            let line = try #require(output.standardOutput.split(separator: "\n").first)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["routeIndex"] as? Int == 1)
            #expect(object["name"] as? String == "b")
            #expect(object["field"] as? String == "template")
        }

        @Test func checkAcceptsAGoodFile() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run(["check", "--routes", path])
            #expect(output.status == 0)
            #expect(output.standardOutput == "\(path): ok\n")
            let json = try CommandRunner.run([
                "check", "--json", "--routes",
                CommandRunner.packageRoot.appendingPathComponent("Examples/shop.routes.json").path,
            ])
            #expect(json.status == 0)
            #expect(json.standardOutput.isEmpty)
        }

        /// `check --routes FILE`, like every other command; `check FILE` still works, with a note on
        /// standard error; both at once is a usage error; neither checks the embedded example.
        @Test func checkTakesTheRouteFileWithRoutesLikeEveryCommand() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let current = try CommandRunner.run(["check", "--routes", path])
            #expect(current.status == 0)
            #expect(current.standardError.isEmpty)
            let old = try CommandRunner.run(["check", path])
            #expect(old.status == 0)
            #expect(old.standardOutput == current.standardOutput)
            #expect(
                old.standardError
                    == "warning: 'waymark check FILE' is deprecated; use 'waymark check --routes \(path)'\n")
            let both = try CommandRunner.run(["check", "--routes", path, path])
            #expect(both.status == 2)
            #expect(both.standardError.contains("give the route file once, with --routes FILE"))
            let example = try CommandRunner.run(["check"])
            #expect(example.status == 0)
            #expect(example.standardOutput == "<example>: ok\n")
        }

        @Test func explainListsTheNearestTemplatesWhenNothingMatched() throws {
            let path = try CommandRunner.temporaryFile(Self.routeFile)
            let output = try CommandRunner.run(["explain", "--routes", path, "app://articles/abc"])
            #expect(output.status == 0)
            #expect(
                output.standardOutput == """
                    app://articles/abc
                      app link (scheme app); route path /articles/abc, segments ["articles", "abc"]
                      outcome: default — no route matches the path (2 segments)
                      nearest templates:
                        article (articles/:id<int>(/:section)): segment 2 is "abc", which is not a valid int
                        files (files/*path): segment 1 is "articles", the template expects 'files'
                        admin (admin): segment 1 is "articles", the template expects 'admin'


                    """)
        }

        @Test func explainNamesTheWinnerAndTheRunnersUp() throws {
            let output = try CommandRunner.run(["explain", "shop://product/42"])
            #expect(
                output.standardOutput == """
                    shop://product/42
                      app link (scheme shop); route path /product/42, segments ["product", "42"]
                      outcome: matched
                      matched product (product/:id<int>) in scope appAny
                      parameters: id=42


                    """)
        }

        @Test func aMissingRouteFileExitsWithOneAndSaysSo() throws {
            let output = try CommandRunner.run(["resolve", "--routes", "/nonexistent/routes.json", "shop://a"])
            #expect(output.status == 1)
            #expect(output.standardError.hasPrefix("/nonexistent/routes.json: error: cannot read the file:"))
        }
    }
#endif
