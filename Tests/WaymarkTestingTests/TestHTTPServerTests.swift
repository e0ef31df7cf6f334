import Foundation
import Testing
import WaymarkTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loader's tests rely on the test server answering and then stopping: a server whose accept
/// loop never wakes (as `shutdown(2)` left it on Darwin) would keep every later "server is down"
/// test from meaning anything.
@Suite struct TestHTTPServerTests {
    /// A socket connected to 127.0.0.1:port (the caller closes it), or `nil` when the connection
    /// is refused.
    static func connection(to port: UInt16) -> Int32? {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Whether a TCP connection to 127.0.0.1:port is accepted.
    static func connects(to port: UInt16) -> Bool {
        guard let descriptor = connection(to: port) else { return false }
        close(descriptor)
        return true
    }

    @Test func anIdleServerStopsAndItsPortRefusesConnections() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: Data("ok".utf8)) }
        let (body, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("x"))
        #expect(String(decoding: body, as: UTF8.self) == "ok")
        #expect(Self.connects(to: server.port))
        server.stop()
        server.stop()  // a second stop does nothing
        // The accept loop closes the listener when it wakes; give it up to five seconds.
        var refused = false
        for _ in 0..<500 where !refused {
            refused = !Self.connects(to: server.port)
            if !refused { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        #expect(refused)
    }

    /// A request outside the server's own path segment (a late request of an earlier test's client,
    /// on a port given out again) is answered 404, and neither recorded nor numbered: the next
    /// request of the test is still number 0.
    @Test func aRequestOutsideTheServersPathIsNotNumbered() async throws {
        let server = try TestHTTPServer { _, number in .init(status: 200, body: Data("\(number)".utf8)) }
        defer { server.stop() }
        let stray = try #require(URL(string: "http://127.0.0.1:\(server.port)/ios_v1.json"))
        let (_, strayResponse) = try await URLSession.shared.data(from: stray)
        #expect((strayResponse as? HTTPURLResponse)?.statusCode == 404)
        let (body, _) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("ios_v1.json"))
        #expect(String(decoding: body, as: UTF8.self) == "0")
        #expect(server.requests.map(\.path) == ["/\(server.token)/ios_v1.json"])
    }

    /// Sends `bytes` on a fresh connection, then reads until the server closes it.
    static func exchange(port: UInt16, bytes: [UInt8]) -> String {
        guard let descriptor = connection(to: port) else { return "" }
        defer { close(descriptor) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }  // the server answered and closed before the end
            sent += count
        }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// A request head over 64 KiB (a head that never ends, sent as fast as the socket takes it) is
    /// answered 431 and closed, and the server serves the next request.
    @Test func aRequestHeadOverTheCapIsAnswered431() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 200, body: Data("ok".utf8)) }
        defer { server.stop() }
        let head = [UInt8]("GET /\(server.token)/x HTTP/1.1\r\nX-Long: ".utf8) + [UInt8](repeating: 65, count: 70_000)
        #expect(Self.exchange(port: server.port, bytes: head).hasPrefix("HTTP/1.1 431"))
        let (body, _) = try await URLSession.shared.data(from: server.url("y"))
        #expect(String(decoding: body, as: UTF8.self) == "ok")
        #expect(server.requests.map(\.path) == ["/\(server.token)/y"])
    }

    /// A client that stops reading an endless body (as FoundationNetworking does with a transfer
    /// it is cancelling) leaves the server blocked in `send(2)`; `stop()` resets that connection,
    /// so the client sees it end at once instead of keeping a live socket (on which libcurl spun
    /// after the flood test ended) until the server's 10-second write timeout.
    @Test func stopResetsAConnectionWhoseClientStoppedReading() async throws {
        let server = try TestHTTPServer { _, _ in .init(status: 200, endless: true) }
        defer { server.stop() }
        let descriptor = try #require(Self.connection(to: server.port))
        defer { close(descriptor) }
        let request = [UInt8]("GET /\(server.token)/flood HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        #expect(request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == request.count)
        // Wait for the request to be served (the socket buffers fill), without reading the body; a
        // loaded machine (the whole suite runs in parallel) may take seconds to schedule the server.
        for _ in 0..<6000 where server.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        try #require(!server.requests.isEmpty)
        server.stop()
        // A reset shows on the client's socket as an error or a hang-up. Without it the connection
        // stays open until the server's 10-second write timeout, and even then only closes (the
        // unsent body keeps it from hanging up), so 8 seconds tell the two apart.
        // narrowing: POLLERR and POLLHUP are 8 and 16
        let ended = Int16(POLLERR) | Int16(POLLHUP)
        var client = pollfd(fd: descriptor, events: 0, revents: 0)
        var endedAfter: Int?
        for attempt in 0..<80 where endedAfter == nil {
            client.revents = 0
            _ = poll(&client, 1, 100)
            if client.revents & ended != 0 { endedAfter = attempt }
        }
        #expect(endedAfter != nil, "the connection was still open 8 s after stop()")
    }
}
