import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 and a free port, for the loader's tests: one connection at
/// a time, `Connection: close`, answers from a handler.
///
/// `@unchecked Sendable`: the mutable state (`received`, `stopped`) is only touched under `lock`;
/// the socket descriptor and handler are constants set in `init`.
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
    private let handler: @Sendable (Request, Int) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false

    /// The requests received so far.
    var requests: [Request] { lock.withLock { received } }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts listening; `handler` gets each request and its 0-based number.
    init(handler: @escaping @Sendable (Request, Int) -> Reply) throws {
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
        port = UInt16(bigEndian: address.sin_port)
        listener = descriptor
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting connections; later requests fail to connect.
    func stop() {
        lock.withLock { stopped = true }
        // Wakes the accept loop, which closes the descriptor itself: closing it here could let
        // another server's socket reuse its number while the loop is about to accept from it.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Serves until stopped, then closes the listener.
    private func acceptLoop() {
        defer { close(listener) }
        while !lock.withLock({ stopped }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if lock.withLock({ stopped }) {
                close(connection)
                return
            }
            serve(connection)
            close(connection)
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
        let number = lock.withLock {
            received.append(request)
            return received.count - 1
        }
        let reply = handler(request, number)
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        var text = "HTTP/1.1 \(reply.status) \(reply.status == 200 ? "OK" : "Status")\r\n"
        if !reply.endless {
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
