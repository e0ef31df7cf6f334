public import Foundation
public import Waymark

extension PathConfiguration: PathPropertiesProvider {
    /// The merged properties of the rules that match the URL a resolver routes.
    ///
    /// A universal link is matched exactly as Hotwire Native matches it (``input(for:)-(String)``). An app
    /// link (`shop://product/42`) or an in-app route string is matched by its route path, the host
    /// as the first segment (`/product/42`), as Waymark routes it, so that one rule serves a
    /// route's app link and its universal link: Hotwire Native never sees app links, so this
    /// departs from no behaviour of its. The query is appended as for a universal link.
    public func pathProperties(for url: RouteURL) -> [String: JSONValue] {
        switch url.kind {
        case .universal:
            return properties(for: url.string).raw
        case .app, .internal:
            var path = url.path
            if let query = Self.parts(of: url.string).query, options.appendsQuery { path += "?" + query }
            return match(path: path).properties.raw
        }
    }
}

/// The path configuration in use, which a loader replaces as newer documents arrive: give it to a
/// `RouteResolverBuilder` as `pathProperties`, and every request carries the latest document's
/// properties.
///
/// `@unchecked Sendable`: the one mutable field is read and written only while `lock` is held.
public final class PathConfigurationHolder: PathPropertiesProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: PathConfiguration?

    /// Creates a holder, empty or with a first document.
    public init(_ configuration: PathConfiguration? = nil) {
        stored = configuration
    }

    /// The document in use.
    public var configuration: PathConfiguration? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// The current document's properties for the URL (none before a document arrives).
    public func pathProperties(for url: RouteURL) -> [String: JSONValue] {
        configuration?.pathProperties(for: url) ?? [:]
    }
}

extension RouteFile {
    /// Loads the path configuration the route file names (`"pathConfiguration"`), or `nil` when it
    /// names none.
    ///
    /// A relative path resolves against `folder` when given, or else against the folder of the route
    /// file (`RouteFile.fileURL`, set by `RouteFile(contentsOf:)`). It never resolves against
    /// the process's current directory, which in an app is `/` or wherever it was launched from: a
    /// route file read from data, with a relative path and no `folder`, is an error that says so. An
    /// app that bundles both files passes its bundle's folder:
    ///
    /// ```swift
    /// let file = try RouteFile(data: routesData)
    /// let configuration = try file.loadPathConfiguration(relativeTo: Bundle.main.resourceURL)
    /// ```
    ///
    /// The file must be a regular file of at most 5 MB (the loader's default `maximumBodySize`): a
    /// device such as `/dev/zero`, a named pipe or a folder is refused, naming what it is.
    ///
    /// - Throws: ``PathConfigurationError`` when the file cannot be read or is not a document, or the
    ///   path is relative and there is no folder to resolve it against.
    public func loadPathConfiguration(
        relativeTo folder: URL? = nil, options: PathConfiguration.Options = PathConfiguration.Options()
    ) throws(PathConfigurationError) -> PathConfiguration? {
        switch pathConfiguration {
        case nil:
            return nil
        case .inline(let document)?:
            return try PathConfiguration(document: document, options: options, source: "pathConfiguration")
        case .file(let path)?:
            let url: URL
            if path.hasPrefix("/") {
                url = URL(fileURLWithPath: path)
            } else if let base = folder ?? fileURL?.deletingLastPathComponent() {
                url = base.appendingPathComponent(path)
            } else {
                throw PathConfigurationError(
                    message: "pathConfiguration: \"\(path)\" is relative, and the route file was read from data, "
                        + "so it has no folder: pass loadPathConfiguration(relativeTo:) the folder it is in "
                        + "(in an app, Bundle.main.resourceURL), or load the route file with RouteFile(contentsOf:)")
            }
            let data: Data
            do throws(BoundedFileRead.Failure) {
                data = try BoundedFileRead.contents(of: url, limit: BoundedFileRead.defaultLimit)
            } catch {
                throw PathConfigurationError(message: "\(url.path): cannot be read: \(error.reason)")
            }
            return try PathConfiguration(data: data, options: options, source: url.path)
        }
    }
}

extension RouteFile {
    /// The route file's builder (`RouteFile.makeBuilder(destination:)`) with its path
    /// configuration, if it names one, as the builder's `pathProperties`: what `waymark resolve`
    /// and `waymark explain` build, so that an app and the command line give a request the same
    /// properties.
    ///
    /// - Parameters:
    ///   - folder: Where a relative `pathConfiguration` path resolves (see
    ///     ``loadPathConfiguration(relativeTo:options:)``).
    ///   - options: How the path configuration is read.
    ///   - destination: What runs for a route.
    /// - Throws: ``PathConfigurationError`` when the path configuration cannot be loaded.
    public func makeBuilderWithPathConfiguration(
        relativeTo folder: URL? = nil, options: PathConfiguration.Options = PathConfiguration.Options(),
        destination: @escaping RouteResolverBuilder.Destination = { _ in .handled }
    ) throws(PathConfigurationError) -> RouteResolverBuilder {
        var builder = makeBuilder(destination: destination)
        builder.pathProperties = try loadPathConfiguration(relativeTo: folder, options: options)
        return builder
    }
}
