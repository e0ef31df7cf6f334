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

    @Flag(name: .long, help: "Print problems as 'FILE:LINE:COLUMN: error|warning: message'.")
    var compilerStyle = false

    func validate() throws {
        if let enumName, !SwiftIdentifier.isTypeName(enumName) {
            throw ValidationError("--enum-name must be a Swift type name such as ShopRoute, not '\(enumName)'")
        }
        if let access, GeneratorConfiguration.Access(rawValue: access) == nil {
            throw ValidationError("--access must be internal, package or public, not '\(access)'")
        }
    }

    func run() throws {
        let path = source.routes ?? source.sourceName
        let fileName = source.routes.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "shop.routes.json"
        let data: Data
        if let routes = source.routes {
            do {
                data = try BoundedFileRead.contents(of: URL(fileURLWithPath: routes))
            } catch {
                printError("\(routes):\(compilerStyle ? " error:" : "") cannot read the file: \(error.reason)")
                throw ExitCode(1)
            }
        } else {
            data = Data(PackageResources.shop_routes_json)
        }
        var diagnostics = RouteFile.diagnostics(for: data)
        diagnostics += CheckCommand.pathConfigurationDiagnostics(
            data: data, file: URL(fileURLWithPath: path), options: PathConfiguration.Options())
        report(diagnostics, path: path)
        guard !diagnostics.contains(where: { $0.severity == .error }),
            let file = try? RouteFile(data: data, source: path)
        else { throw ExitCode(1) }
        let settings = try settings(fileName: fileName)
        let generator = RouteEnumGenerator(
            file: file, fileName: fileName,
            enumName: enumName ?? settings.enumName ?? GeneratorConfiguration.defaultEnumName(forFile: fileName),
            access: access.flatMap(GeneratorConfiguration.Access.init(rawValue:)) ?? settings.access ?? .internal)
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

    /// The configuration: `--config`, else `waymark-plugin.json` beside the route file when there is one.
    private func settings(fileName: String) throws -> GeneratorConfiguration {
        let configPath =
            config
            ?? source.routes.map {
                URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent(
                    GeneratorConfiguration.fileName
                ).path
            }
        guard let configPath else { return GeneratorConfiguration() }
        let data: Data
        do {
            data = try BoundedFileRead.contents(of: URL(fileURLWithPath: configPath))
        } catch {
            // Only a configuration asked for by name must exist.
            guard config == nil else {
                printError("\(configPath):\(compilerStyle ? " error:" : "") cannot read the file: \(error.reason)")
                throw ExitCode(1)
            }
            return GeneratorConfiguration()
        }
        do {
            return try GeneratorConfiguration.read(data, for: fileName)
        } catch let problem as GeneratorConfiguration.Problem {
            printError("\(configPath):\(compilerStyle ? "1:1:" : "") error: \(problem.message)")
            throw ExitCode(1)
        }
    }
}
