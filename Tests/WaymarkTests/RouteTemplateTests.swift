import Testing
import Waymark

@Suite struct RouteTemplateTests {
    struct Valid: CustomTestStringConvertible, Sendable {
        let pattern: String
        let variants: [String]
        var testDescription: String { pattern }
    }

    @Test(arguments: [
        Valid(pattern: "product/:id", variants: ["/product/:id"]),
        Valid(pattern: "/product/:id", variants: ["/product/:id"]),
        Valid(pattern: "product/:id<int>", variants: ["/product/:id<int>"]),
        Valid(pattern: "files/*", variants: ["/files/*"]),
        Valid(pattern: "files/*path", variants: ["/files/*path"]),
        Valid(pattern: "a/*/b", variants: ["/a/*/b"]),
        Valid(pattern: "user/:id(/:tab)", variants: ["/user/:id", "/user/:id/:tab"]),
        Valid(pattern: "photo/(:size)", variants: ["/photo/", "/photo/:size"]),
        Valid(pattern: "{id}(.json)", variants: ["/:id", "/{id}.json"]),
        Valid(pattern: "a(/b(/c))", variants: ["/a", "/a/b", "/a/b/c"]),
        Valid(pattern: "(/lang/:code)/home", variants: ["/home", "/lang/:code/home"]),
        Valid(pattern: "/", variants: ["/"]),
        Valid(pattern: "v1:beta/x", variants: ["/v1:beta/x"]),
        Valid(pattern: "café/menu", variants: ["/café/menu"]),
        Valid(pattern: "docs/", variants: ["/docs/"]),
    ])
    func parsesValidTemplates(_ valid: Valid) throws {
        let template = try RouteTemplate(parsing: valid.pattern)
        #expect(template.variants.map(\.description) == valid.variants)
        #expect(template.pattern == valid.pattern)
    }

    @Test func middleStarIsOneAnonymousSegmentAndTrailingStarIsACatchAll() throws {
        let middle = try RouteTemplate(parsing: "a/*/b")
        #expect(middle.variants[0].segments == [.literal("a"), .anonymous, .literal("b")])
        let trailing = try RouteTemplate(parsing: "a/*")
        #expect(trailing.variants[0].segments == [.literal("a"), .catchAll(name: nil)])
    }

    @Test func parameterNamesAreListedInOrderOfFirstAppearance() throws {
        let template = try RouteTemplate(parsing: "user/:user_id/profile(/:tab)/*rest")
        #expect(template.parameterNames == ["user_id", "tab", "rest"])
    }

    struct Invalid: CustomTestStringConvertible, Sendable {
        let pattern: String
        let message: String
        var testDescription: String { pattern }
    }

    @Test(arguments: [
        Invalid(
            pattern: "", message: #""" column 1: the template is empty; write '/' for the route with no path segments"#),
        Invalid(
            pattern: "product/:",
            message: #""product/:" column 9: ':' must be followed by a parameter name, as in ':id'"#),
        Invalid(
            pattern: "a/:id/b/:id",
            message: #""a/:id/b/:id" column 9: the parameter name 'id' is used twice; rename one of them"#),
        Invalid(
            pattern: "files/*path/*x",
            message:
                #""files/*path/*x" column 13: a template has at most one catch-all; make the others parameters or '*' (one segment)"#
        ),
        Invalid(pattern: "a//b", message: #""a//b" column 3: empty segment ('//'); remove the extra '/'"#),
        Invalid(
            pattern: "a/b*c",
            message:
                #""a/b*c" column 4: '*' must stand alone as a whole segment, as in 'files/*'; write '\*' for a literal '*'"#
        ),
        Invalid(
            pattern: "user/:id(/:tab",
            message: #""user/:id(/:tab" column 9: the optional group opened here is never closed; add ')'"#),
        Invalid(
            pattern: "user/:id)",
            message: #""user/:id)" column 9: ')' closes no optional group; remove it or add '(' before it"#),
        Invalid(pattern: "a/()", message: #""a/()" column 3: the optional group '()' is empty"#),
        Invalid(
            pattern: "p/:id<int",
            message: #""p/:id<int" column 6: the type opened by '<' is not closed; write ':id<int>'"#),
        Invalid(
            pattern: "p/:id<>",
            message:
                #""p/:id<>" column 7: the type between '<' and '>' is empty; write a type such as 'int', 'float' or 'uuid'"#
        ),
        Invalid(
            pattern: "p/:1d",
            message:
                #""p/:1d" column 4: '1d' is not a valid parameter name; use letters, digits and '_', starting with a letter or '_'"#
        ),
        Invalid(
            pattern: "help#a?b",
            message:
                ##""help#a?b" column 7: '?' starts the query items and '#' the fragment, after the path; write '\?' for a literal '?' in a segment"##
        ),
        Invalid(
            pattern: "a/b>",
            message:
                #""a/b>" column 4: '>' is only allowed after a parameter name, as in ':id<int>'; write '\>' for a literal '>'"#
        ),
    ])
    func rejectsMalformedTemplatesNamingTheColumn(_ invalid: Invalid) {
        #expect(throws: RoutingError(code: .invalidTemplate, message: invalid.message)) {
            try RouteTemplate(parsing: invalid.pattern)
        }
    }

    @Test func tooManyOptionalGroupsIsAnError() {
        let pattern = String(repeating: "(/a)", count: 7)
        let error = #expect(throws: RoutingError.self) { try RouteTemplate(parsing: pattern) }
        #expect(error?.message.contains("expand into more than 64 variants") == true)
    }

    @Test func aStringLiteralThatDoesNotParseIsReportedWhenTheTableIsBuilt() {
        let template: RouteTemplate = "product/:"
        #expect(template.variants.isEmpty)
        var builder = RouteTableBuilder<Int>()
        builder.add(template, to: 1)
        #expect(
            throws: RoutingError(
                code: .invalidTemplate,
                message: #""product/:" column 9: ':' must be followed by a parameter name, as in ':id'"#)
        ) {
            try builder.build()
        }
    }
}
