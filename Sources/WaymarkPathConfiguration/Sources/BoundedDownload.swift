internal import Foundation

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

/// One GET that keeps at most `limit` bytes: a `Content-Length` over the limit, or a body that
/// passes it, cancels the transfer at once (an endless body costs `limit` bytes, not memory without
/// bound). A redirect from `https` to `http` is not followed.
///
/// `@unchecked Sendable`: URLSession calls the delegate methods on its own queue; every mutable
/// field (`received`, `continuation`, `failure`, `task`) is read and written only while `lock` is held.
final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var received = Data()
    private var response: HTTPURLResponse?
    private var failure: String?
    private var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
    private var task: URLSessionDataTask?

    private init(limit: Int) {
        self.limit = limit
    }

    struct Failure: Error {
        var reason: String
        var timedOut = false
    }

    /// Fetches `request`; throws ``Failure`` with a sentence, or the task's error.
    static func fetch(_ request: URLRequest, configuration: URLSessionConfiguration, limit: Int) async throws
        -> (Data, HTTPURLResponse)
    {
        let download = BoundedDownload(limit: limit)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                download.lock.withLock {
                    download.continuation = continuation
                    download.task = task
                }
                task.resume()
            }
        } onCancel: {
            download.lock.withLock { download.task }?.cancel()
        }
    }

    /// Ends the download once: with the error, or with what was received.
    private func finish(_ error: (any Error)?) {
        let (continuation, result):
            (CheckedContinuation<(Data, HTTPURLResponse), any Error>?, Result<(Data, HTTPURLResponse), any Error>) =
                lock.withLock {
                    let continuation = self.continuation
                    self.continuation = nil
                    if let failure { return (continuation, .failure(Failure(reason: failure))) }
                    if let error { return (continuation, .failure(error)) }
                    guard let response else {
                        return (continuation, .failure(Failure(reason: "the answer is not HTTP")))
                    }
                    return (continuation, .success((received, response)))
                }
        continuation?.resume(with: result)
    }

    private func fail(_ reason: String, task: URLSessionTask) {
        lock.withLock { if failure == nil { failure = reason } }
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            lock.withLock { failure = "the answer is not HTTP" }
            completionHandler(.cancel)
            return
        }
        lock.withLock { self.response = http }
        if http.expectedContentLength > Int64(limit) {
            lock.withLock {
                failure = "the answer announces \(http.expectedContentLength) bytes, over the limit of \(limit)"
            }
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over: Bool = lock.withLock {
            received.append(data)
            return received.count > limit
        }
        if over { fail("the body passed the limit of \(limit) bytes", task: dataTask) }
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
