import ArgumentParser

/// The `waymark` tool: resolve, check, explain, link and navigate deep links against a route file.
@main
struct WaymarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waymark",
        abstract:
            "Resolve, check, explain, link and navigate deep links and universal links against a Waymark route file.",
        discussion: """
            Without --routes, commands use the embedded example route file of a small shop app \
            (Examples/shop.routes.json). The route-file format is documented in docs/route-file.md.
            """,
        subcommands: [
            ResolveCommand.self, CheckCommand.self, ExplainCommand.self, LinkCommand.self, LinksCommand.self,
            PropertiesCommand.self, NavigateCommand.self,
        ]
    )
}
