import ArgumentParser
import Foundation
import Waymark
import WaymarkPathConfiguration

/// `waymark properties`: the merged path-configuration properties of URLs and paths.
struct PropertiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "properties",
        abstract: "Print the merged path-configuration properties of URLs and paths.",
        discussion: """
            Prints one JSON object per input per line, with the keys input, target (the library whose \
            answers these are, --target), matched (the exact string the patterns ran on), properties and matchedRules (indexes into the document's rules); a lookup that \
            stopped at its work bound also has "complete": false, and says so on standard error. Skipped \
            rules and unknown values are printed to standard error. An input with an RFC 3986 scheme \
            ('https:', 'shop:', 'mailto:', 'tel:') is a URL, read as the target reads URLs; anything else is \
            a path, matched as given. The document is --config FILE, or else the \
            route file's pathConfiguration. Exit status: 0; 1 when a file cannot be read or a line of \
            --input is over 1 MiB; 2 for a usage error.
            """ + "\n\n" + URLInputOptions.discussion
    )

    @OptionGroup var source: RouteSourceOptions

    @Option(name: .long, help: "A path-configuration document (JSON). Default: the route file's pathConfiguration.")
    var config: String?

    @OptionGroup var pathOptions: PathConfigurationOptions

    @OptionGroup var input: URLInputOptions

    @Argument(
        help: "URLs or paths, such as 'https://shop.example.com/posts/new' or '/posts/new?x=1' (or --input FILE).")
    var inputs: [String] = []

    func validate() throws { try input.validate(arguments: inputs) }

    func run() throws {
        var urlSource = try input.source(arguments: inputs)
        let options = try pathOptions.options()
        let document: PathConfiguration
        if let config {
            do {
                let data = try BoundedFileRead.contents(of: URL(fileURLWithPath: config))
                document = try PathConfiguration(data: data, options: options, source: config)
            } catch let error as PathConfigurationError {
                printError(error.message)
                throw ExitCode(1)
            } catch let error as BoundedFileRead.Failure {
                printError("\(config): cannot read the file: \(error.reason)")
                throw ExitCode(1)
            } catch {
                printError("\(config): cannot be read: \(error.localizedDescription)")
                throw ExitCode(1)
            }
        } else {
            let file = try source.load()
            guard let loaded = try source.pathConfiguration(file, options: options) else {
                printError("\(source.sourceName) has no pathConfiguration; pass --config FILE")
                throw ExitCode(1)
            }
            document = loaded
        }
        for diagnostic in document.diagnostics {
            printError("\(config ?? source.sourceName): \(diagnostic)")
        }
        while let input = try urlSource.next() {
            let match = URIScheme.hasScheme(input) ? document.match(url: input) : document.match(path: input)
            var fields: [(String, OrderedJSON)] = [
                ("input", .string(input)),
                ("target", .string(options.target.rawValue)),
                ("matched", .string(match.input)),
                ("properties", .value(.object(match.properties.raw))),
                ("matchedRules", .array(match.matchedRules.map { .value(.number(Double($0))) })),
            ]
            if !match.matchedBuiltInRules.isEmpty {
                // Only when one matched, so that the usual line stays as it was.
                fields.append(("matchedBuiltInRules", .array(match.matchedBuiltInRules.map { .string($0) })))
            }
            if let diagnostic = match.diagnostic {
                // Only on an incomplete answer, so that the usual line stays as it was.
                fields.append(("complete", .bool(false)))
                printError("\(input): \(diagnostic)")
            }
            print(OrderedJSON.object(fields).rendered)
        }
        if urlSource.hadUnreadableLine { throw ExitCode(1) }
    }
}
