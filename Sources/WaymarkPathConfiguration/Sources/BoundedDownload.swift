internal import Foundation

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// One GET that keeps at most `limit` bytes: a `Content-Length` over the limit, or a body that
/// passes it, ends the download at once (an endless body costs `limit` bytes, not memory without
/// bound). A redirect from `https` to `http` is not followed.
///
/// The limit counts the bytes as the delegate receives them, which for a compressed answer
/// (`Content-Encoding: gzip`, `deflate`, `br`) are the *decoded* bytes: URLSession decodes before
/// it hands the body over. So a small compressed body that decodes to gigabytes (a "zip bomb") is
/// stopped as soon as more than `limit` decoded bytes have arrived, and the chunk that passes the
/// limit is not kept. (A `Content-Length` counts the encoded bytes; it is still compared with the
/// limit before the body, since a compressed body is almost never longer than its decoded form.)
///
/// The caller is answered as soon as the download fails or its task is cancelled, without waiting
/// for URLSession to confirm the cancellation: on Linux, FoundationNetworking may take many seconds
/// to act on `cancel()` while a server floods the connection (measured: docs/path-configuration.md,
/// "Sources and updates"), and the `.cancel` response disposition is ignored
/// there. Bytes that still arrive after the failure are dropped, not kept.
///
/// `@unchecked Sendable`: URLSession calls the delegate methods on its own queue; every mutable
/// field (`received`, `arrived`, `response`, `failure`, `continuation`, `task`, `cancelled`) is
/// read and written only while `lock` is held.
final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var received = Data()
    /// Body bytes handed to the delegate until the download ended (kept or not).
    private var arrived = 0
    private var response: HTTPURLResponse?
    private var failure: String?
    private var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
    private var task: URLSessionDataTask?
    private var cancelled = false

    private init(limit: Int) {
        self.limit = limit
    }

    struct Failure: Error {
        var reason: String
        /// Body bytes (decoded) that had arrived when the download stopped, the last chunk included.
        var bytesArrived = 0
        /// Body bytes kept when the download stopped: never more than the limit.
        var bytesKept = 0
    }

    /// Fetches `request`; throws ``Failure`` with a sentence, or the task's error.
    static func fetch(_ request: URLRequest, configuration: URLSessionConfiguration, limit: Int) async throws
        -> (Data, HTTPURLResponse)
    {
        let download = BoundedDownload(limit: limit)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { Self.stopInBackground { session.invalidateAndCancel() } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                let alreadyCancelled: Bool = download.lock.withLock {
                    guard !download.cancelled else { return true }
                    download.continuation = continuation
                    download.task = task
                    return false
                }
                if alreadyCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            download.cancel()
        }
    }

    /// Runs `stop` (a cancellation) on a global queue: FoundationNetworking's `cancel()` waits for
    /// the session's work queue, which a flooding server can keep busy for a long time, and neither
    /// the caller nor URLSession's delegate queue may wait for that.
    private static func stopInBackground(_ stop: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: stop)
    }

    /// The caller's task was cancelled (the deadline passed): answer now, then stop the transfer.
    private func cancel() {
        let (continuation, task) = lock.withLock {
            cancelled = true
            let pending = (self.continuation, self.task)
            self.continuation = nil
            return pending
        }
        continuation?.resume(throwing: CancellationError())
        if let task { Self.stopInBackground { task.cancel() } }
    }

    /// Ends the download once: with the error, or with what was received.
    private func finish(_ error: (any Error)?) {
        let (continuation, result):
            (CheckedContinuation<(Data, HTTPURLResponse), any Error>?, Result<(Data, HTTPURLResponse), any Error>) =
                lock.withLock {
                    let continuation = self.continuation
                    self.continuation = nil
                    if let failure {
                        let stopped = Failure(reason: failure, bytesArrived: arrived, bytesKept: received.count)
                        return (continuation, .failure(stopped))
                    }
                    if let error { return (continuation, .failure(error)) }
                    guard let response else {
                        return (continuation, .failure(Failure(reason: "the answer is not HTTP")))
                    }
                    return (continuation, .success((received, response)))
                }
        continuation?.resume(with: result)
    }

    /// Records the first failure, answers the caller with it now, then stops the transfer.
    private func fail(_ reason: String, task: URLSessionTask) {
        lock.withLock { if failure == nil { failure = reason } }
        finish(nil)
        Self.stopInBackground { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        // FoundationNetworking ignores the `.cancel` disposition, so a refusal also cancels the task.
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            fail("the answer is not HTTP", task: dataTask)
            return
        }
        lock.withLock { self.response = http }
        if http.expectedContentLength > Int64(limit) {
            completionHandler(.cancel)
            fail("the answer announces \(http.expectedContentLength) bytes, over the limit of \(limit)", task: dataTask)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over: Bool = lock.withLock {
            // After a failure or a cancellation the caller has its answer: later bytes are dropped.
            guard continuation != nil, failure == nil else { return false }
            arrived += data.count
            // The chunk that passes the limit is not kept: what is kept never exceeds the limit.
            guard arrived <= limit else { return true }
            received.append(data)
            return false
        }
        guard over else { return }
        let encoding = Self.contentEncoding(of: dataTask.response)
        fail(
            "the body passed the limit of \(limit) bytes" + (encoding.map { " (decoded from \($0))" } ?? ""),
            task: dataTask)
    }

    /// The answer's `Content-Encoding` (lowercased, trimmed), or `nil` for none or `identity`:
    /// whether the bytes the delegate receives were decoded from something else.
    static func contentEncoding(of response: URLResponse?) -> String? {
        guard let http = response as? HTTPURLResponse,
            let value = http.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces)
                .lowercased(),
            !value.isEmpty, value != "identity"
        else { return nil }
        return value
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        if task.originalRequest?.url?.scheme?.lowercased() == "https", request.url?.scheme?.lowercased() != "https" {
            fail(
                "the server redirected from https to \(request.url?.absoluteString ?? "a non-https URL"), which is refused",
                task: task)
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(error)
    }
}
