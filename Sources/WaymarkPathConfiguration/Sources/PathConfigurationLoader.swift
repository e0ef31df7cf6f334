internal import Foundation
internal import Waymark

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// Loads a path configuration from a chain of sources and keeps it current.
///
/// ```swift
/// let loader = PathConfigurationLoader(sources: [
///     .file(Bundle.main.url(forResource: "path-configuration", withExtension: "json")!),
///     .server(URL(string: "https://shop.example.com/configurations/ios_v1.json")!),
/// ])
/// Task {
///     for await configuration in await loader.updates() { apply(configuration) }
/// }
/// await loader.load()
/// ```
///
/// ``load()`` applies the sources in order: `.data` and `.file` at once, then for each `.server`
/// the cached copy of its last good answer, then the server's answer when it arrives. Each good
/// document replaces the current one and is sent to every ``updates()`` stream. A server request
/// sends `If-None-Match` with the ETag of the document from that server in use, and gives up after
/// ``timeout``; a non-200 answer, a timeout, a body that is truncated, too large or not a path
/// configuration never replaces the current document: it is recorded in ``reports``. A server's
/// good answer is cached (keyed by its full URL, written atomically); a corrupt cache file is ignored
/// and reported.
///
/// A document replaces the current one only when it is a JSON object with a `rules` array, and not
/// every one of its rules was skipped: a JSON error page (`{"error": "internal server error"}`), a
/// settings-only object or a document none of whose rules this engine can run is reported and
/// neither applied nor cached. An empty array (`"rules": []`) is a deliberate "no rules" and applies.
///
/// Requests to one server may overlap (two ``refresh()`` calls): the newest request wins. An answer
/// that arrives after the answer to a newer request was applied (or confirmed by 304) is discarded
/// and reported as ``PathConfigurationReport/Kind/superseded``, so neither the document
/// in use nor the cache goes back to an older answer.
public actor PathConfigurationLoader {
    /// The sources, in order.
    public let sources: [PathConfigurationSource]
    /// How documents are read.
    public let options: PathConfiguration.Options
    /// Where server answers are cached.
    public let cache: PathConfigurationCache
    /// How long a server request may take, in all.
    public let timeout: Duration
    /// The largest document accepted from a server (counted after decoding, for a compressed
    /// answer) or from a `.file` source, in bytes.
    public let maximumBodySize: Int

    /// The document in use, if any source has given one.
    public private(set) var current: PathConfiguration?
    /// The document in use, readable from anywhere without waiting: give it to a
    /// `RouteResolverBuilder` as `pathProperties`.
    public nonisolated let holder = PathConfigurationHolder()
    /// What happened, in order: the newest ``maximumReports`` events (a loader refreshed for the
    /// life of an app would otherwise keep every event it ever had).
    public private(set) var reports: [PathConfigurationReport] = []
    /// How many reports ``reports`` keeps.
    public static let maximumReports = 256
    /// The channel that hands every report to the loader's observers as it happens, or `nil` when
    /// it has none: see `ObservationChannel`.
    public nonisolated let observation: ObservationChannel<PathConfigurationReport>?
    private var continuations: [UUID: AsyncStream<PathConfiguration>.Continuation] = [:]
    /// Per server URL, the ETag of its document in use (applied from its cache or its answer): the
    /// `If-None-Match` of the next request, so that a 304 always confirms a document the loader has.
    private var etags: [URL: String] = [:]
    /// Per server URL, the number of the last request sent (from 1).
    private var requestsSent: [URL: Int] = [:]
    /// Per server URL, the number of the newest request whose answer settled the document: a 200
    /// that was applied, or a 304. An answer to an older request that arrives later is discarded.
    private var settledRequests: [URL: Int] = [:]

    /// Creates a loader; nothing is read until ``load()``.
    ///
    /// - Parameters:
    ///   - sources: The sources, in order (see the type's documentation).
    ///   - options: How documents are read.
    ///   - cache: Where server answers are cached.
    ///   - timeout: How long a server request may take, in all.
    ///   - maximumBodySize: The largest document accepted, in bytes.
    ///   - observers: Given every report (applied, failed and why, cache ignored or not written,
    ///     not modified, superseded) as it happens, in order, on a task of their own: a slow
    ///     observer loses reports (counted), it never delays loading.
    public init(
        sources: [PathConfigurationSource], options: PathConfiguration.Options = PathConfiguration.Options(),
        cache: PathConfigurationCache = PathConfigurationCache(directory: PathConfigurationCache.defaultDirectory),
        timeout: Duration = .seconds(15), maximumBodySize: Int = 5_000_000,
        observers: [any PathConfigurationObserver] = []
    ) {
        observation = observers.isEmpty ? nil : ObservationChannel(observers: observers)
        self.sources = sources
        self.options = options
        self.cache = cache
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    /// A stream of every document applied from now on, starting with the current one if any.
    public func updates() -> AsyncStream<PathConfiguration> {
        let (stream, continuation) = AsyncStream<PathConfiguration>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(id) }
        }
        if let current { continuation.yield(current) }
        return stream
    }

    private func removeContinuation(_ id: UUID) {
        continuations[id] = nil
    }

    /// Reads every source in order (see the type's documentation). Returns when the last server
    /// has answered or failed.
    public func load() async {
        // Temporary files of writes whose process died (between write and rename) are removed here
        // as well as at the next write, so that they go away even while no new answer arrives.
        cache.removeStaleTemporaryFiles()
        for source in sources {
            switch source {
            case .data(let data):
                apply(data, from: source, origin: "data")
            case .file(let url):
                do throws(BoundedFileRead.Failure) {
                    apply(try BoundedFileRead.contents(of: url, limit: maximumBodySize), from: source, origin: "file")
                } catch {
                    report(.failed, source, "the file cannot be read: \(error.reason)")
                }
            case .server(let url):
                readCache(url, source: source)
                await fetch(url, source: source)
            }
        }
    }

    /// Asks the servers again (with the ETag of the document in use from each), for example when
    /// the app becomes active.
    public func refresh() async {
        for source in sources {
            guard case .server(let url) = source else { continue }
            await fetch(url, source: source)
        }
    }

    private func readCache(_ url: URL, source: PathConfigurationSource) {
        switch cache.read(url, maximumDocumentSize: maximumBodySize) {
        case .success(let entry?):
            let file = cache.fileURL(for: url).lastPathComponent
            if apply(
                entry.document, from: source, origin: "cache", refusedAs: .cacheIgnored, refusalPrefix: file + ": ")
            {
                etags[url] = entry.etag
            }
        case .success(nil):
            break
        case .failure(let problem):
            report(.cacheIgnored, source, "\(problem.file.lastPathComponent): \(problem.reason)")
        }
    }

    /// Parses a document and applies it when it may replace the current one (``refusal(of:data:)``);
    /// otherwise reports why, as `refusedAs`, and returns `false`.
    @discardableResult
    private func apply(
        _ data: Data, from source: PathConfigurationSource, origin: String,
        refusedAs refusedKind: PathConfigurationReport.Kind = .failed, refusalPrefix: String = ""
    ) -> Bool {
        let configuration: PathConfiguration
        do {
            configuration = try PathConfiguration(data: data, options: options, source: origin)
        } catch {
            report(refusedKind, source, refusalPrefix + error.message)
            return false
        }
        if let reason = Self.refusal(of: configuration, data: data) {
            report(refusedKind, source, "\(refusalPrefix)\(origin): \(reason); the current document stays")
            return false
        }
        current = configuration
        holder.configuration = configuration
        for continuation in continuations.values { continuation.yield(configuration) }
        let skipped = configuration.diagnostics.filter { $0.severity == .skipped && $0.ruleIndex != nil }.count
        let note =
            configuration.rules.isEmpty && skipped == 0
            ? " (no rules)" : skipped > 0 ? " (\(skipped) rule(s) skipped)" : ""
        report(.applied, source, origin + note)
        return true
    }

    /// Why a document that parsed may not replace the current one, or `nil` when it may.
    ///
    /// A path configuration has a `rules` array (Hotwire Native refuses a document without one too).
    /// An empty array is a deliberate "no rules" and is accepted. A document whose every rule was
    /// skipped is refused: applying it would drop every rule because of the document's mistakes
    /// (patterns this engine refuses, rules of another format), never by intent.
    static func refusal(of configuration: PathConfiguration, data: Data) -> String? {
        // PathConfiguration reads a missing `rules` as an empty one and does not say which it saw,
        // so the top level is read again: linear in the document's size, like the first reading,
        // and documents are at most `maximumBodySize` bytes.
        guard case .object(let object)? = try? JSONParser.parse(data) else { return "not a JSON object" }
        guard case .array(let rules)? = object["rules"] else {
            if let rules = object["rules"] { return "\"rules\" must be an array, not \(rules.description.prefix(40))" }
            let keys = object.keys.sorted().prefix(5).map { "\"\($0.prefix(40))\"" }
            let found = keys.isEmpty ? "an empty object" : "an object with " + keys.joined(separator: ", ")
            return
                "has no \"rules\" array (\(found)\(object.count > 5 ? ", …" : "")), so it is not a path configuration"
        }
        // A rule is skipped when a diagnostic says so of the rule itself, not of one of its patterns.
        func skipsRule(_ diagnostic: PathConfigurationDiagnostic) -> Bool {
            diagnostic.severity == .skipped && diagnostic.ruleIndex != nil && diagnostic.patternIndex == nil
        }
        let skippedRules = Set(configuration.diagnostics.filter(skipsRule).compactMap(\.ruleIndex))
        guard !rules.isEmpty, skippedRules.count >= rules.count else { return nil }
        let first = configuration.diagnostics.first(where: skipsRule)
        return "every one of its \(rules.count) rule(s) was skipped"
            + (first.map { " (\($0.description))" } ?? "")
    }

    private func report(_ kind: PathConfigurationReport.Kind, _ source: PathConfigurationSource, _ message: String) {
        if reports.count >= Self.maximumReports { reports.removeFirst(reports.count - Self.maximumReports + 1) }
        let report = PathConfigurationReport(kind: kind, source: source, message: message)
        reports.append(report)
        observation?.send(report)
    }

    // MARK: - Server

    private func fetch(_ url: URL, source: PathConfigurationSource) async {
        let number = (requestsSent[url] ?? 0) + 1
        requestsSent[url] = number
        let etag = etags[url]
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let outcome = await Self.download(request, timeout: timeout, limit: maximumBodySize)
        // While this request waited, the actor may have run another for the same URL (overlapping
        // refresh() calls) and applied its answer. Answers can arrive in any order; the newest
        // request wins, so an answer to an older one is not applied (nor cached) after it.
        if let newer = settledRequests[url], newer > number {
            let answer: String =
                switch outcome {
                case .success(let response): "HTTP \(response.status)"
                case .failure(let failure): failure.reason
                }
            report(
                .superseded, source,
                "the answer to request \(number) (\(answer)) arrived after the answer to request \(newer) was "
                    + "applied; it is discarded")
            return
        }
        switch outcome {
        case .failure(let failure):
            report(.failed, source, failure.reason)
        case .success(let response):
            switch response.status {
            case 304:
                // A 304 confirms the document whose ETag the request sent. Without one there is
                // nothing it can confirm: the server (or a cache between) answered a plain GET as if
                // it were conditional.
                guard let etag else {
                    report(
                        .failed, source,
                        "304 Not Modified, but the request had no If-None-Match (no document from this server "
                            + "is in use), so the answer carries no document; the current document stays")
                    return
                }
                settledRequests[url] = number
                report(.notModified, source, "304 Not Modified (ETag \(etag))")
            case 200:
                guard apply(response.body, from: source, origin: "server") else { return }
                settledRequests[url] = number
                etags[url] = response.etag
                let entry = PathConfigurationCache.Entry(url: url, etag: response.etag, document: response.body)
                do {
                    try cache.write(entry)
                } catch {
                    report(.cacheNotWritten, source, "\(cache.fileURL(for: url).path): \(error.localizedDescription)")
                }
            default:
                report(.failed, source, "HTTP \(response.status); the current document stays")
            }
        }
    }

    /// Why a download failed, in a sentence.
    struct DownloadFailure: Error, ExpressibleByStringInterpolation {
        let reason: String
        /// Body bytes (decoded) that had arrived when the download stopped (0 when it did not stop
        /// for its body).
        var bytesArrived = 0
        /// Body bytes kept when the download stopped: never more than the limit.
        var bytesKept = 0
        init(stringLiteral value: String) { reason = value }
        init(reason: String, bytesArrived: Int = 0, bytesKept: Int = 0) {
            self.reason = reason
            self.bytesArrived = bytesArrived
            self.bytesKept = bytesKept
        }
    }

    struct Response: Sendable {
        var status: Int
        var etag: String?
        var body: Data
    }

    /// One GET with an overall deadline: the request runs in a task that is cancelled when the
    /// deadline passes (URLSession on Linux ignores `URLRequest.timeoutInterval`).
    static func download(_ request: URLRequest, timeout: Duration, limit: Int) async -> Result<
        Response, DownloadFailure
    > {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(seconds, 0.001)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return await withTaskGroup(of: Result<Response, DownloadFailure>?.self) { group in
            group.addTask {
                do {
                    let (data, http) = try await BoundedDownload.fetch(
                        request, configuration: configuration, limit: limit)
                    if http.statusCode == 200, let truncation = truncation(of: data, answer: http) {
                        return .failure(DownloadFailure(reason: truncation))
                    }
                    return .success(
                        Response(status: http.statusCode, etag: http.value(forHTTPHeaderField: "ETag"), body: data))
                } catch let failure as BoundedDownload.Failure {
                    return .failure(
                        DownloadFailure(
                            reason: failure.reason, bytesArrived: failure.bytesArrived, bytesKept: failure.bytesKept))
                } catch let error as URLError where error.code == .timedOut {
                    return .failure("no answer within \(timeout)")
                } catch {
                    if Task.isCancelled { return nil }
                    return .failure("the request failed: \(error.localizedDescription)")
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .failure("no answer within \(timeout)")
            }
            var outcome: Result<Response, DownloadFailure> = .failure("no answer within \(timeout)")
            for await result in group {
                if let result {
                    outcome = result
                    break
                }
            }
            group.cancelAll()
            return outcome
        }
    }

    /// Why a body's length is not what the answer's `Content-Length` says, or `nil`: cut short,
    /// longer than announced, or an answer that also says `Transfer-Encoding: chunked`, which HTTP
    /// forbids beside a `Content-Length` (RFC 9112 §6.1: a sender must not, and the pair is the mark
    /// of request smuggling), named as such rather than as a truncation.
    ///
    /// The comparison holds only for an answer without a `Content-Encoding` (or `identity`). With
    /// one (`gzip`, `deflate`, `br`), `Content-Length` counts the encoded bytes while URLSession hands
    /// over the decoded body, and the two lengths say nothing about each other. A compressed body cut
    /// short is still caught: fewer bytes than `Content-Length` end the transfer with an error, and
    /// without a `Content-Length`, a document cut short is not JSON (its object is never closed).
    static func truncation(of body: Data, answer: HTTPURLResponse) -> String? {
        guard BoundedDownload.contentEncoding(of: answer) == nil,
            let length = answer.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init), length != body.count
        else { return nil }
        if let transfer = answer.value(forHTTPHeaderField: "Transfer-Encoding"), !transfer.isEmpty {
            return
                "the answer has both a Transfer-Encoding and a Content-Length (\(length) bytes; \(body.count) arrived), which HTTP forbids (RFC 9112 §6.1): refused"
        }
        if body.count > length {
            return "the body is longer than its Content-Length: \(body.count) bytes arrived, \(length) announced"
        }
        return "the body is truncated: \(body.count) of \(length) bytes arrived"
    }
}
