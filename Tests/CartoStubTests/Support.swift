import AsyncHTTPClient
import CartoCore
import CartoStub
import Foundation
import NIOCore
import NIOHTTP1
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A real HTTP client for the tests (AsyncHTTPClient), one per process.
enum TestHTTP {
    static let client: HTTPClient = {
        var c = HTTPClient.Configuration()
        c.timeout = .init(connect: .seconds(5), read: .seconds(30))
        c.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: c)
    }()

    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: String
        var json: JSONValue? { try? JSONValue.parse(body) }
    }

    static func send(_ method: String, _ url: String, body: String? = nil, headers: [(String, String)] = []) async throws -> Reply {
        var r = HTTPClientRequest(url: url)
        r.method = HTTPMethod(rawValue: method)
        for (k, v) in headers { r.headers.add(name: k, value: v) }
        if let body { r.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(r, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
    }
}

/// A temporary WireMock root folder.
final class TempRoot {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("carto-stub-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: url.appendingPathComponent("__files"), withIntermediateDirectories: true)
    }
    func mapping(_ name: String, _ json: String) throws {
        try Data(json.utf8).write(to: url.appendingPathComponent("mappings/\(name)"))
    }
    func file(_ name: String, _ text: String) throws {
        let f = url.appendingPathComponent("__files/\(name)")
        try FileManager.default.createDirectory(at: f.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: f)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Raw TCP for what an HTTP client will not send: malformed requests, slow clients, many connections.
struct RawConnection {
    let fd: Int32

    init(port: Int, receiveTimeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard ok == 0 else { _ = Glibc.close(fd); throw CartoError("connect failed: errno \(errno)") }
        var tv = timeval(tv_sec: Int(receiveTimeout), tv_usec: Int((receiveTimeout - Double(Int(receiveTimeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }

    /// Reads until the peer closes, the timeout passes, or `until` appears. `reset` tells a RST apart.
    func read(until marker: String? = nil) -> (text: String, closed: Bool, reset: Bool) {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                out += buf[0..<n]
                if let marker, String(decoding: out, as: UTF8.self).contains(marker) { return (String(decoding: out, as: UTF8.self), false, false) }
                continue
            }
            let text = String(decoding: out, as: UTF8.self)
            if n == 0 { return (text, true, false) }
            return (text, false, errno == ECONNRESET)
        }
    }

    func close() { _ = Glibc.close(fd) }
}

extension XCTestCase {
    /// Starts a server (free port) for one test and stops it when the test ends.
    func startServer(root: URL? = nil, configure: (inout StubServer.Configuration) -> Void = { _ in }) async throws -> StubServer {
        var config = StubServer.Configuration()
        config.port = 0
        configure(&config)
        let server = try StubServer(root: root, configuration: config)
        try await server.start()
        addTeardownBlock { await server.stop() }
        return server
    }
}
