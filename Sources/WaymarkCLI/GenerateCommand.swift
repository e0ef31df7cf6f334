import ArgumentParser
import Foundation
import Waymark
import WaymarkPathConfiguration

/// `waymark generate`: checks a route file, then writes it as a typed `URLRoute` enum.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Check a route file, then write it as Swift: a URLRoute enum with one case per route.",
        discussion: """
            Every problem 'waymark check' finds is printed to standard error first (errors stop the \
            generation, warnings do not), then every route that cannot become a case: a name that is \
            not a Swift identifier, an anonymous '*', templates of one route that carry different \
            values. The enum's name and access level come from --enum-name and --access, else from \
            'waymark-plugin.json' beside the route file (or --config FILE), else from the file's name \
            ('shop.routes.json' gives ShopRoute) and 'internal'. With --compiler-style, problems read \
            'FILE:LINE:COLUMN: error: …', as the build-tool plugin prints them for Xcode and swift build. \
            Exits 1 when the file has errors or cannot become an enum; nothing is written then.
            """
    )

    @OptionGroup var source: RouteSourceOptions

    @Option(help: ArgumentHelp("Write the Swift here instead of standard output.", valueName: "file"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "The generator's settings (default: waymark-plugin.json beside the route file, if any).", valueName: "file")
    )
    var config: String?

    @Option(help: "The enum's name (default: from the configuration, else from the route file's name).")
    var enumName: String?

    @Option(
        help: "The enum's access level: internal, package or public (default: from the configuration, else internal).")
    var access: String?

    @Option(
        name: .customLong("sibling"),
        help: ArgumentHelp(
            "Another route file of the same target (repeatable): generation fails when its enum would have this "
                + "one's name. The build-tool plugin passes every other route file of the target.",
            valueName: "file"))
    var siblings: [String] = []

    @Flag(name: .long, help: "Print problems as 'FILE:LINE:COLUMN: error|warning: message'.")
    var compilerStyle = false

    func validate() throws {
        if let enumName, !GeneratorConfiguration.isEnumName(enumName) {
            throw ValidationError(
                "--enum-name must be a Swift type name such as ShopRoute, other than "
                    + GeneratorConfiguration.reservedTypeNames.sorted().joined(separator: ", ") + ", not '\(enumName)'")
        }
        if let access, GeneratorConfiguration.Access(rawValue: access) == nil {
            throw ValidationError("--access must be internal, package or public, not '\(access)'")
        }
    }

    func run() throws {
        let path = source.routes ?? source.sourceName
        let fileName = source.routes.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "shop.routes.json"
        let data = try RouteSourceOptions.contents(of: source.routes, compilerStyle: compilerStyle)
        let loaded = CheckCommand.everyProblem(
            data: data, file: URL(fileURLWithPath: path), options: PathConfiguration.Options())
        report(loaded.diagnostics, path: path)
        guard !loaded.diagnostics.contains(where: { $0.severity == .error }), let file = loaded.file else {
            throw ExitCode(1)
        }
        let configuration =
            try settings(forRoutesAt: source.routes, explicitConfig: config, reporting: true)
            ?? GeneratorConfiguration()
        let chosenName = enumName ?? configuration.enumName ?? GeneratorConfiguration.defaultEnumName(forFile: fileName)
        // Two enums of one name in a target do not compile: say so on the route file, naming the other.
        for sibling in siblings
        where URL(fileURLWithPath: sibling).standardized != URL(fileURLWithPath: path).standardized {
            let siblingName = URL(fileURLWithPath: sibling).lastPathComponent
            let theirs =
                (try? settings(forRoutesAt: sibling, explicitConfig: nil, reporting: false))??.enumName
                ?? GeneratorConfiguration.defaultEnumName(forFile: siblingName)
            if theirs == chosenName {
                printError(
                    "\(path):\(compilerStyle ? "1:1:" : "") error: the enum \(chosenName) would also be the one written "
                        + "from \(sibling), and a target cannot have two; give one of them an \"enumName\" in "
                        + "\(GeneratorConfiguration.fileName) (\"routeFiles\": {\"\(fileName)\": {\"enumName\": …}})")
                throw ExitCode(1)
            }
        }
        let generator = RouteEnumGenerator(
            file: file, fileName: fileName,
            enumName: chosenName,
            access: access.flatMap(GeneratorConfiguration.Access.init(rawValue:)) ?? configuration.access ?? .internal,
            caseNames: configuration.caseNames)
        let code: String
        switch generator.generate() {
        case .failure(let failure):
            report(RouteFileDiagnostic.locating(failure.diagnostics, in: data), path: path)
            throw ExitCode(1)
        case .success(let text):
            code = text
        }
        guard let output else {
            print(code, terminator: "")
            return
        }
        try OutputFile.write(code, to: output, what: "the generated Swift", compilerStyle: compilerStyle)
    }

    /// Prints each diagnostic to standard error, as `check` or as a compiler does.
    private func report(_ diagnostics: [RouteFileDiagnostic], path: String) {
        for diagnostic in diagnostics {
            printError(compilerStyle ? diagnostic.compilerStyle(file: path) : "\(path): \(diagnostic)")
        }
    }

    /// The configuration of the route file at `routesPath` (`nil`: the embedded example):
    /// `explicitConfig`, else `waymark-plugin.json` beside the route file when there is one; `nil`
    /// when there is none. With `reporting`, a problem is printed before the `ExitCode(1)`.
    private func settings(
        forRoutesAt routesPath: String?, explicitConfig: String?, reporting: Bool
    ) throws -> GeneratorConfiguration? {
        let fileName = routesPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "shop.routes.json"
        let configPath =
            explicitConfig
            ?? routesPath.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(
                    GeneratorConfiguration.fileName
                ).path
            }
        guard let configPath else { return nil }
        let data: Data
        do {
            data = try BoundedFileRead.contents(of: URL(fileURLWithPath: configPath))
        } catch {
            // Only a configuration asked for by name must exist.
            guard explicitConfig == nil else {
                if reporting {
                    printError("\(configPath):\(compilerStyle ? " error:" : "") cannot read the file: \(error.reason)")
                }
                throw ExitCode(1)
            }
            return nil
        }
        do {
            let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent()
            let beside = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return try GeneratorConfiguration.read(
                data, for: fileName, routeFiles: Set(beside.filter { $0.hasSuffix(".routes.json") } + [fileName]))
        } catch {
            guard reporting else { throw ExitCode(1) }
            // On the key's line (a syntax error's message says where it is).
            let place =
                error.syntaxPosition
                ?? JSONLocator.positions(of: [JSONLocator.Query(components: error.path)], in: data).first.map {
                    ($0.line, $0.column)
                } ?? (1, 1)
            printError(
                "\(configPath):\(compilerStyle ? "\(place.0):\(place.1):" : "") error: \(error.message)")
            throw ExitCode(1)
        }
    }
}
