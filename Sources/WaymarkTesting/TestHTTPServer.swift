public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and a free port, for tests of a `PathConfigurationLoader`
/// (bundled copy, server, cache) or of anything else that fetches over HTTP: `Connection: close`,
/// answers from a handler or a script, any status, headers and body bytes. Waymark's own loader
/// tests use it, with slow answers, 304s, 500s, truncated and endless bodies.
///
/// ```swift
/// let server = try TestHTTPServer(script: [
///     .document(version1, etag: "v1"),     // the first request
///     .notModified,                        // the second: the loader's copy is current
///     .status(500),                        // the third: the server is failing
///     .document(version2, etag: "v2"),     // then a new version, for every later request
/// ])
/// defer { server.stop() }
/// let loader = PathConfigurationLoader(sources: [.data(bundled), .server(server.url("configuration.json"))])
/// ```
///
/// It serves one connection at a time, unless made with
/// `concurrent: true`: then each connection is served on its own thread, so that a slow answer to
/// one request does not hold back the answer to the next (overlapping refreshes).
///
/// Its URLs start with a path segment of its own (``baseURL``), and only requests under it are
/// recorded, numbered and given to the handler; any other request is answered 404. A port is given
/// out again once a server stops, so a request that an earlier test's client sends late may reach a
/// later test's server: it must not take that server's first answer.
///
/// It runs on Linux and on Apple platforms alike: the accept loop waits in `poll(2)` on the listener
/// and on a wake-up pipe, and `stop()` writes to the pipe. (`shutdown(2)` on a listening socket wakes
/// a blocked `accept(2)` on Linux but not on Darwin, where such a server would never stop.)
///
/// Stop it when the test ends (`defer { server.stop() }`): its accept loop runs on a thread of
/// its own until then. It changes nothing in the test process: a client that goes away mid-answer
/// fails the server's write (no SIGPIPE). A client that sends nothing, or reads nothing, for 10
/// seconds is dropped, and a request head over 64 KiB is answered 431, so that no client holds a
/// serial server, and its `stop()`, forever; `stop()` also resets the connections still open.
///
/// `@unchecked Sendable`: the mutable state (`received`, `stopped`, `openConnections`) is only
/// touched under `lock`; the descriptors and the handler are constants set in `init`.
public final class TestHTTPServer: @unchecked Sendable {
    /// A request the server received: its method, its path (with the query) and its headers, whose
    /// names are lower-cased.
    public struct Request: Sendable {
        /// `GET`, `HEAD`…
        public var method: String
        /// The request target, `/server-…/configuration.json?v=1`.
        public var path: String
        /// The headers, by lower-cased name (`if-none-match`).
        public var headers: [String: String]

        /// Creates a request, to test a handler on its own.
        public init(method: String, path: String, headers: [String: String] = [:]) {
            self.method = method
            self.path = path
            self.headers = headers
        }
    }

    /// An answer: a status, headers and a body, and how to send them.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// Headers besides `Content-Length` and `Connection: close`, which the server writes.
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// Wait this long, in seconds, before answering.
        public var delay: Double
        /// Send only this many bytes of the body (with the full Content-Length), then close.
        public var truncateTo: Int?
        /// Announce this Content-Length instead of the body's.
        public var announcedLength: Int?
        /// Send no Content-Length: the body ends when the connection closes.
        public var omitsContentLength: Bool
        /// After the body, keep sending bytes until the client goes away or the server stops.
        public var endless: Bool
        /// With `endless`, pause this long after each 64 KiB (`nil`: send as fast as the socket
        /// takes it, a flood no real network delivers).
        public var endlessPause: Double?
        /// Send the body one byte at a time, this many seconds apart.
        public var trickle: Double?

        /// Creates an answer; every option but the status is off by default.
        public init(
            status: Int, headers: [String: String] = [:], body: Data = Data(), delay: Double = 0,
            truncateTo: Int? = nil, announcedLength: Int? = nil, omitsContentLength: Bool = false,
            endless: Bool = false, endlessPause: Double? = nil, trickle: Double? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.truncateTo = truncateTo
            self.announcedLength = announcedLength
            self.omitsContentLength = omitsContentLength
            self.endless = endless
            self.endlessPause = endlessPause
            self.trickle = trickle
        }

        /// `200 OK` with a JSON document and, when given, its `ETag` (quoted, as HTTP writes it).
        public static func document(_ body: Data, etag: String? = nil) -> Reply {
            var headers = ["Content-Type": "application/json"]
            if let etag { headers["ETag"] = "\"\(etag)\"" }
            return Reply(status: 200, headers: headers, body: body)
        }

        /// `304 Not Modified`: the copy the client has is current.
        public static let notModified = Reply(status: 304)

        /// An answer with this status and no body (`500`, `404`, `503`…).
        public static func status(_ code: Int) -> Reply { Reply(status: code) }

        /// The same answer, `seconds` later: a slow server.
        public func delayed(by seconds: Double) -> Reply {
            var reply = self
            reply.delay = seconds
            return reply
        }
    }

    /// Why the server could not start: the system call that failed and its `errno`.
    public struct StartError: Error, CustomStringConvertible {
        /// `socket`, `bind`, `listen` or `pipe`, and the error number.
        public let description: String
    }

    /// The port it listens on, on 127.0.0.1.
    public let port: UInt16
    private let listener: Int32
    /// The wake-up pipe: `stop()` writes a byte to `wake.write`; the accept loop polls `wake.read`.
    private let wake: (read: Int32, write: Int32)
    private let handler: @Sendable (Request, Int) -> Reply
    private let concurrent: Bool
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false
    /// The connections being served: `stop()` resets each, so that a client that stopped reading
    /// an endless body (FoundationNetworking pauses a transfer it is cancelling) meets the end of
    /// the connection instead of a server blocked in `send(2)`, which left libcurl spinning on the
    /// open socket after the test ended. A descriptor leaves the set, under `lock`,
    /// before it is closed, and is shut down only under `lock`: never a descriptor reused by then.
    private var openConnections: Set<Int32> = []

    /// The requests received so far, under ``baseURL``, in the order they arrived.
    public var requests: [Request] { lock.withLock { received } }

    /// This server's own first path segment.
    public let token = "server-" + UUID().uuidString.lowercased()

    /// `http://127.0.0.1:PORT/TOKEN`: every URL of this server starts with it.
    public let baseURL: URL

    /// A URL under ``baseURL``: `url("configuration.json")`.
    public func url(_ path: String) -> URL { baseURL.appendingPathComponent(path) }

    /// Starts a server that answers request N with `script[N]`, and every request after the
    /// script's end with its last answer (an empty script: 404).
    public convenience init(script: [Reply]) throws {
        try self.init { _, number in
            script.isEmpty ? Reply(status: 404) : script[min(number, script.count - 1)]
        }
    }

    /// Starts listening; `handler` gets each request and its 0-based number (in the order the
    /// requests arrive). With `concurrent`, connections are served in parallel.
    ///
    /// - Throws: ``StartError`` when no socket can be opened on 127.0.0.1.
    public init(concurrent: Bool = false, handler: @escaping @Sendable (Request, Int) -> Reply) throws {
        #if canImport(Glibc)
            // narrowing: SOCK_STREAM is 1
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw StartError(description: "socket: errno \(errno)") }
        var yes: Int32 = 1
        // narrowing: the size of an Int32, 4
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        // narrowing: AF_INET is 2
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                // narrowing: the size of a sockaddr_in, 16
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let code = errno
            close(descriptor)
            throw StartError(description: "bind or listen on 127.0.0.1: errno \(code)")
        }
        // narrowing: the size of a sockaddr_in, 16
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        var pipeDescriptors: [Int32] = [0, 0]
        guard pipe(&pipeDescriptors) == 0 else {
            let code = errno
            close(descriptor)
            throw StartError(description: "pipe: errno \(code)")
        }
        port = UInt16(bigEndian: address.sin_port)
        guard let base = URL(string: "http://127.0.0.1:\(port)/\(token)") else {
            close(descriptor)
            close(pipeDescriptors[0])
            close(pipeDescriptors[1])
            throw StartError(description: "no URL for port \(port)")
        }
        baseURL = base
        listener = descriptor
        wake = (pipeDescriptors[0], pipeDescriptors[1])
        self.handler = handler
        self.concurrent = concurrent
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting connections; later requests fail to connect. Calling it again does nothing.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        // One byte, written once: the loop closes the pipe only after reading it, so this write never
        // meets a closed (or reused) descriptor.
        if first {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            lock.withLock {
                for connection in openConnections { Self.reset(connection) }
            }
        }
    }

    /// Closes the pipe's write end, which `stop()` may write to until then: the accept loop closes
    /// only what it reads, so that a `stop()` after a loop that ended on an error never writes to
    /// a descriptor the process has given to another file.
    deinit { close(wake.write) }

    /// Serves until `stop()` wakes it, then closes the listener and the pipe's read end.
    private func acceptLoop() {
        defer {
            close(listener)
            close(wake.read)
        }
        // narrowing: POLLIN is 1
        let readable = Int16(POLLIN)
        var descriptors = [
            pollfd(fd: listener, events: readable, revents: 0),
            pollfd(fd: wake.read, events: readable, revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            // The wake-up byte (or a broken poll, which a test would see as a server that stops).
            if ready < 0 || descriptors[1].revents != 0 { return }
            // A listener in error (POLLERR, POLLNVAL) would wake every poll: stop instead of spinning.
            guard descriptors[0].revents & readable != 0 else { return }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let accepted = lock.withLock {
                guard !stopped else { return false }
                openConnections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                continue
            }
            if concurrent {
                Thread { [self] in
                    serve(connection)
                    finish(connection)
                }.start()
            } else {
                serve(connection)
                finish(connection)
            }
        }
    }

    /// Makes the connection's close send a reset (linger 0: the unsent bytes are dropped, not
    /// delivered first, which a client that stopped reading would never allow), and wakes a
    /// `send(2)` blocked on it, so that its serving thread closes it now.
    private static func reset(_ connection: Int32) {
        var linger = linger(l_onoff: 1, l_linger: 0)
        // narrowing: the size of a linger, 8
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        // narrowing: SHUT_RDWR is 2
        shutdown(connection, Int32(SHUT_RDWR))
    }

    /// Forgets a served connection, then closes it (see `openConnections`).
    private func finish(_ connection: Int32) {
        lock.withLock { _ = openConnections.remove(connection) }
        close(connection)
    }

    /// The longest request head read: a client that sends more is answered 431.
    static let maximumHeadLength = 65_536
    /// How long a read waits for a client that sends nothing, in seconds: a silent client must not
    /// hold a serial server, and `stop()`, forever.
    static let readTimeout = 10

    private func serve(_ connection: Int32) {
        Self.configure(connection)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var data = Data()
        var searched = 0
        while true {
            // Only the new bytes (and the 3 before them, where an end may start) are searched.
            if Self.containsHeadEnd(data, from: max(0, searched - 3)) { break }
            searched = data.count
            guard data.count <= Self.maximumHeadLength else {
                _ = sendAll(
                    connection,
                    [UInt8]("HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n".utf8))
                return
            }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            data.append(contentsOf: buffer[0..<count])
            // A TLS handshake (record type 0x16) sent to this plain-HTTP server: answer as a plain
            // server does, with a 400 in clear text, which the client's TLS layer rejects.
            if data.first == 0x16 {
                _ = sendAll(connection, [UInt8]("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".utf8))
                return
            }
        }
        let head = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head.first?.split(separator: " ").map(String.init) ?? []
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let request = Request(method: parts.first ?? "", path: parts.count > 1 ? parts[1] : "", headers: headers)
        let reply: Reply
        if request.path == "/\(token)" || request.path.hasPrefix("/\(token)/") {
            let number = lock.withLock {
                received.append(request)
                return received.count - 1
            }
            reply = handler(request, number)
        } else {
            reply = Reply(status: 404)
        }
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        var text = "HTTP/1.1 \(reply.status) \(reply.status == 200 ? "OK" : "Status")\r\n"
        if !reply.endless && !reply.omitsContentLength {
            text += "Content-Length: \(reply.announcedLength ?? reply.body.count)\r\n"
        }
        text += "Connection: close\r\n"
        for (name, value) in reply.headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        guard sendAll(connection, [UInt8](text.utf8)) else { return }
        let body = [UInt8](reply.body.prefix(reply.truncateTo ?? reply.body.count))
        if let trickle = reply.trickle {
            for byte in body {
                guard sendAll(connection, [byte]) else { return }
                Thread.sleep(forTimeInterval: trickle)
            }
        } else {
            guard sendAll(connection, body) else { return }
        }
        if reply.endless {
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
            while !lock.withLock({ stopped }), sendAll(connection, chunk) {
                if let pause = reply.endlessPause { Thread.sleep(forTimeInterval: pause) }
            }
        }
    }

    /// Whether `data` holds CR LF CR LF starting at or after `start`.
    private static func containsHeadEnd(_ data: Data, from start: Int) -> Bool {
        var index = data.startIndex + start
        while index + 3 < data.endIndex {
            if data[index] == 13 && data[index + 1] == 10 && data[index + 2] == 13 && data[index + 3] == 10 {
                return true
            }
            index += 1
        }
        return false
    }

    /// Sets a connection's read and write timeouts and, on Darwin, turns SIGPIPE off for it.
    private static func configure(_ connection: Int32) {
        var timeout = timeval()
        timeout.tv_sec = readTimeout
        // narrowing: the size of a timeval, 16
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // A client that stops reading fails a write after as long: an endless body never holds the
        // serving thread (and the socket) forever, even without `stop()`.
        // narrowing: the size of a timeval, 16
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Writes all of `bytes`; `false` (after resetting the connection) when the client has gone or
    /// has read nothing for the write timeout.
    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL (Linux) and SO_NOSIGPIPE (Darwin, set in `configure`): a client that
            // goes away mid-body fails this write, never raises SIGPIPE in the test process.
            #if canImport(Glibc)
                // narrowing: MSG_NOSIGNAL is 0x4000
                let noSignal = Int32(MSG_NOSIGNAL)
                let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
            #else
                let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            #endif
            guard count > 0 else {
                // Gone, or not reading for the write timeout: end the connection with a reset, as
                // `stop()` does, rather than a close that waits to deliver what is unsent.
                Self.reset(connection)
                return false
            }
            sent += count
        }
        return true
    }
}
