import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and a free port, for the loader's tests: `Connection: close`,
/// answers from a handler, any status, headers and body bytes (a test sends gzip or deflate bodies
/// it encoded itself, see `Compression`). It serves one connection at a time, unless made with
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
/// `@unchecked Sendable`: the mutable state (`received`, `stopped`) is only touched under `lock`;
/// the descriptors and the handler are constants set in `init`.
final class TestHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
    }

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: Data = Data()
        /// Wait this long before answering.
        var delay: Double = 0
        /// Send only this many bytes of the body (with the full Content-Length), then close.
        var truncateTo: Int?
        /// Announce this Content-Length instead of the body's.
        var announcedLength: Int?
        /// Send no Content-Length: the body ends when the connection closes.
        var omitsContentLength = false
        /// After the body, keep sending bytes until the client goes away or the server stops.
        var endless = false
        /// With `endless`, pause this long after each 64 KiB (`nil`: send as fast as the socket
        /// takes it, a flood no real network delivers).
        var endlessPause: Double?
        /// Send the body one byte at a time, this many seconds apart.
        var trickle: Double?
    }

    let port: UInt16
    private let listener: Int32
    /// The wake-up pipe: `stop()` writes a byte to `wake.write`; the accept loop polls `wake.read`.
    private let wake: (read: Int32, write: Int32)
    private let handler: @Sendable (Request, Int) -> Reply
    private let concurrent: Bool
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false

    /// The requests received so far.
    var requests: [Request] { lock.withLock { received } }

    /// This server's own first path segment.
    let token = "server-" + UUID().uuidString.lowercased()

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/\(token)")! }

    /// Starts listening; `handler` gets each request and its 0-based number (in the order the
    /// requests arrive). With `concurrent`, connections are served in parallel.
    init(concurrent: Bool = false, handler: @escaping @Sendable (Request, Int) -> Reply) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        // A client that goes away mid-body must not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw CocoaError(.fileReadUnknown)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        var pipeDescriptors: [Int32] = [0, 0]
        guard pipe(&pipeDescriptors) == 0 else {
            close(descriptor)
            throw CocoaError(.fileReadUnknown)
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = descriptor
        wake = (pipeDescriptors[0], pipeDescriptors[1])
        self.handler = handler
        self.concurrent = concurrent
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting connections; later requests fail to connect. Calling it again does nothing.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        // One byte, written once: the loop closes the pipe only after reading it, so this write never
        // meets a closed (or reused) descriptor.
        if first {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
        }
    }

    /// Serves until `stop()` wakes it, then closes the listener and the pipe.
    private func acceptLoop() {
        defer {
            close(listener)
            close(wake.read)
            close(wake.write)
        }
        var descriptors = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            // The wake-up byte (or a broken poll, which a test would see as a server that stops).
            if ready < 0 || descriptors[1].revents != 0 { return }
            // A listener in error (POLLERR, POLLNVAL) would wake every poll: stop instead of spinning.
            guard descriptors[0].revents & Int16(POLLIN) != 0 else { return }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            if lock.withLock({ stopped }) {
                close(connection)
                continue
            }
            if concurrent {
                Thread { [self] in
                    serve(connection)
                    close(connection)
                }.start()
            } else {
                serve(connection)
                close(connection)
            }
        }
    }

    private func serve(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var data = Data()
        while !data.contains(Data("\r\n\r\n".utf8)) {
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

    /// Writes all of `bytes`; `false` when the client has gone.
    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
