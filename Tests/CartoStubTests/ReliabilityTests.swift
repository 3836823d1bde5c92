import CartoCore
@testable import CartoStub
import Foundation
import XCTest

/// Bad clients and bad files: each gets a clear answer and the server keeps serving.
final class ReliabilityTests: XCTestCase {
    private func stillServes(_ server: StubServer, file: StaticString = #filePath, line: UInt = #line) async throws {
        let r = try await TestHTTP.send("GET", "\(server.baseURL)/ping")
        XCTAssertEqual(r.body, "pong", "the server stopped serving", file: file, line: line)
    }

    private func pingServer(_ configure: (inout StubServer.Configuration) -> Void = { _ in }) async throws -> StubServer {
        let root = try TempRoot()
        try root.mapping("ping.json", #"{"request": {"urlPath": "/ping"}, "response": {"body": "pong"}}"#)
        try root.mapping("faults.json", """
        {"mappings": [
          {"request": {"urlPath": "/empty"}, "response": {"fault": "EMPTY_RESPONSE"}},
          {"request": {"urlPath": "/reset"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}},
          {"request": {"urlPath": "/random"}, "response": {"fault": "RANDOM_DATA_THEN_CLOSE"}},
          {"request": {"urlPath": "/chunk"}, "response": {"fault": "MALFORMED_RESPONSE_CHUNK"}},
          {"request": {"urlPath": "/slow"}, "response": {"body": "late", "fixedDelayMilliseconds": 200}}
        ]}
        """)
        try root.mapping("broken-regex.json", #"{"request": {"urlPathPattern": "/users/[0-9+"}, "response": {"body": "never"}}"#)
        let server = try await startServer(root: root.url, configure: configure)
        addTeardownBlock { _ = root }  // the folder lives as long as the test
        XCTAssertEqual(server.loadProblems.map(\.description), ["mappings/broken-regex.json: request.urlPathPattern: invalid regular expression '/users/[0-9+'"])
        return server
    }

    func testMalformedHTTPGets400AndTheServerGoesOn() async throws {
        let server = try await pingServer()
        for garbage in ["HELLO THERE\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "GET /ping HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", "\u{1}\u{2}\u{3}\r\n\r\n"] {
            let c = try RawConnection(port: server.port)
            c.send(garbage)
            let (text, _, _) = c.read()
            c.close()
            XCTAssertTrue(text.isEmpty || text.hasPrefix("HTTP/1.1 400"), "answer to \(garbage.debugDescription): \(text.prefix(80))")
        }
        try await stillServes(server)
    }

    func testOversizedBodiesGet413() async throws {
        let server = try await pingServer { $0.maxBodyBytes = 1024 }
        let big = String(repeating: "x", count: 4096)
        let r = try? await TestHTTP.send("POST", "\(server.baseURL)/ping", body: big)
        if let r { XCTAssertEqual(r.status, 413); XCTAssertTrue(r.body.contains("1024 bytes"), r.body) }
        let c = try RawConnection(port: server.port)
        c.send("POST /ping HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\n" + big)
        XCTAssertTrue(c.read(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 413"))
        c.close()
        let small = try await TestHTTP.send("POST", "\(server.baseURL)/ping", body: "ok")
        XCTAssertEqual(small.status, 200)
        try await stillServes(server)
    }

    func testSlowClientsAreCutOffAfterTheIdleTimeout() async throws {
        let server = try await pingServer { $0.idleTimeout = .seconds(1) }
        let c = try RawConnection(port: server.port, receiveTimeout: 8)
        c.send("GET /ping HTTP/1.1\r\nHost: x\r\n")  // never finishes its headers
        let start = ContinuousClock.now
        let (_, closed, reset) = c.read()
        c.close()
        XCTAssertTrue(closed || reset, "the connection should be closed by the server")
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
        try await stillServes(server)
    }

    func testPipelinedRequestsAreAnsweredInOrder() async throws {
        let server = try await pingServer()
        let c = try RawConnection(port: server.port)
        defer { c.close() }
        // A delayed answer (Hummingbird's path) first, then fast-path ones, a body request and an unmatched one.
        c.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /ping HTTP/1.1\r\nHost: x\r\n\r\n" +
               "POST /ping HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhiGET /nope HTTP/1.1\r\nHost: x\r\n\r\nGET /ping HTTP/1.1\r\nHost: x\r\n\r\n")
        let text = c.read(until: "no mapping matched").text + c.read(until: "pong").text
        let bodies = ["late", "pong", "pong", "no mapping matched", "pong"]
        var position = text.startIndex
        for b in bodies {
            guard let r = text.range(of: b, range: position..<text.endIndex) else { XCTFail("\(b) missing or out of order in \(text)"); return }
            position = r.upperBound
        }
        let journal = server.store.requests.map { "\($0.request.method) \($0.request.url) \($0.responseStatus ?? 0)" }
        XCTAssertEqual(journal, ["GET /slow 200", "GET /ping 200", "POST /ping 200", "GET /nope 404", "GET /ping 200"])
    }

    func testCORSPreflightAndHeadersWhenEnabled() async throws {
        let server = try await pingServer { $0.cors = true }
        let c = try RawConnection(port: server.port)
        defer { c.close() }
        c.send("OPTIONS /__carto/events HTTP/1.1\r\nHost: x\r\nOrigin: http://app.test\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n\r\n")
        let preflight = c.read(until: "\r\n\r\n").text
        XCTAssertTrue(preflight.hasPrefix("HTTP/1.1 204"), preflight)
        XCTAssertTrue(preflight.contains("access-control-allow-origin: http://app.test") || preflight.contains("Access-Control-Allow-Origin: http://app.test"), preflight)
        XCTAssertTrue(preflight.lowercased().contains("access-control-allow-headers: content-type"), preflight)
        c.send("GET /ping HTTP/1.1\r\nHost: x\r\nOrigin: http://app.test\r\n\r\nPOST /__carto/events HTTP/1.1\r\nHost: x\r\nOrigin: http://app.test\r\nContent-Length: 13\r\n\r\n{\"name\": \"a\"}")
        let answers = c.read(until: "\"name\":\"a\"").text.lowercased()
        XCTAssertEqual(answers.components(separatedBy: "access-control-allow-origin: http://app.test").count - 1, 2, answers)
        let plain = try await TestHTTP.send("GET", "\(server.baseURL)/ping")
        XCTAssertEqual(plain.headers["Access-Control-Allow-Origin"].first, "*")
        let off = try await pingServer()
        let without = try await TestHTTP.send("GET", "\(off.baseURL)/ping", headers: [("Origin", "http://app.test")])
        XCTAssertNil(without.headers["Access-Control-Allow-Origin"].first)
    }

    func testABusyKeepAliveConnectionOutlivesTheIdleTimeout() async throws {
        let server = try await pingServer { $0.idleTimeout = .seconds(1) }
        let c = try RawConnection(port: server.port)
        defer { c.close() }
        for _ in 0..<8 {
            c.send("GET /ping HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue(c.read(until: "pong").text.hasPrefix("HTTP/1.1 200"))
            try await Task.sleep(for: .milliseconds(300))
        }
    }

    func testAThousandConcurrentConnections() async throws {
        let server = try await pingServer()
        var connections: [RawConnection] = []
        for _ in 0..<1000 { connections.append(try RawConnection(port: server.port, receiveTimeout: 20)) }
        for c in connections { c.send("GET /ping HTTP/1.1\r\nHost: x\r\n\r\n") }
        var answered = 0
        for c in connections {
            if c.read(until: "pong").text.hasPrefix("HTTP/1.1 200") { answered += 1 }
            c.close()
        }
        XCTAssertEqual(answered, 1000)
        try await stillServes(server)
    }

    func testFaultsBreakTheConnectionAsAsked() async throws {
        let server = try await pingServer()
        func fetch(_ path: String) throws -> (text: String, closed: Bool, reset: Bool) {
            let c = try RawConnection(port: server.port)
            defer { c.close() }
            c.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            return c.read()
        }
        let empty = try fetch("/empty")
        XCTAssertEqual(empty.text, "")
        XCTAssertTrue(empty.closed || empty.reset)
        let reset = try fetch("/reset")
        XCTAssertEqual(reset.text, "")
        XCTAssertTrue(reset.reset, "expected a TCP reset")
        let random = try fetch("/random")
        XCTAssertFalse(random.text.hasPrefix("HTTP/"))
        XCTAssertTrue(random.closed || random.reset)
        let chunk = try fetch("/chunk")
        XCTAssertTrue(chunk.text.hasPrefix("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked"), chunk.text)
        XCTAssertTrue(chunk.text.contains("lskdu018973t09sylgasjkfg1"))
        do {
            _ = try await TestHTTP.send("GET", "\(server.baseURL)/empty")
            XCTFail("an empty response must fail the client")
        } catch {}
        try await stillServes(server)
    }

    func testMissingRootAndBusyPortAreClearErrors() async throws {
        XCTAssertThrowsError(try StubServer(root: URL(fileURLWithPath: "/nonexistent/stubs"))) { e in
            XCTAssertEqual("\(e)", "/nonexistent/stubs: no such folder; pass --root DIR with a mappings/ folder (WireMock layout)")
        }
        let first = try await startServer()
        var config = StubServer.Configuration()
        config.port = first.port
        let second = try StubServer(root: nil, configuration: config)
        do {
            try await second.start()
            XCTFail("binding a busy port must fail")
        } catch {
            XCTAssertTrue("\(error)".contains("cannot listen on 127.0.0.1:\(first.port)"), "\(error)")
        }
    }
}
