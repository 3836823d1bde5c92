import CartoCore
@testable import CartoStub
import Foundation
import XCTest

/// The wire path (`StubWirePath`, `WireRequestScanner`) answers plain requests before NIO's HTTP decoder. These
/// tests hold it to the pipeline it skips: what it accepts is seen exactly as the pipeline sees it, what it declines
/// goes to the pipeline untouched, and answers keep their order.
final class WirePathTests: XCTestCase {
    // MARK: The scanner's examples

    /// Heads the wire path reads itself, with what it reads from them.
    func testAcceptedHeads() throws {
        let accepted: [(String, method: String, target: String, headers: [String], length: Int, close: Bool)] = [
            ("GET /a HTTP/1.1\r\nHost: x\r\n\r\n", "GET", "/a", ["Host: x"], 0, false),
            // The first host (any case) goes first as `Host`, a second stays where it was; values lose surrounding blanks.
            ("GET /a?b=c%20d&e HTTP/1.1\r\nUser-Agent:  t \t\r\nhost:h:81\r\nX-Empty:\r\nHOST: again\r\n\r\n", "GET", "/a?b=c%20d&e",
             ["Host: h:81", "User-Agent: t", "X-Empty: ", "HOST: again"], 0, false),
            ("POST /p HTTP/1.1\r\nContent-Length: 5\r\nContent-Type: application/json\r\n\r\n{\"a\"}", "POST", "/p",
             ["Content-Length: 5", "Content-Type: application/json"], 5, false),
            ("DELETE /d HTTP/1.1\r\nConnection: keep-alive, Close\r\n\r\n", "DELETE", "/d", ["Connection: keep-alive, Close"], 0, true),
            ("OPTIONS /o HTTP/1.1\r\nX-Tab:\ta\tb\r\n\r\n", "OPTIONS", "/o", ["X-Tab: a\tb"], 0, false),
        ]
        for (text, method, target, headers, length, close) in accepted {
            guard case let .complete(head) = scan(text) else { XCTFail("declined or incomplete: \(text.debugDescription)"); continue }
            XCTAssertEqual(head.method, method)
            XCTAssertEqual(head.target, target)
            XCTAssertEqual(head.headers.map { "\($0.0): \($0.1)" }, headers, text.debugDescription)
            XCTAssertEqual(head.contentLength, length)
            XCTAssertEqual(head.closeAfter, close, text.debugDescription)
            XCTAssertEqual(head.headLength, text.utf8.count - length, text.debugDescription)
        }
    }

    /// Heads left to NIO's decoder: anything the wire path is not sure of.
    func testDeclinedHeads() {
        let declined = [
            "HEAD /a HTTP/1.1\r\n\r\n",  // its answer has no body
            "get /a HTTP/1.1\r\n\r\n", "FOO /a HTTP/1.1\r\n\r\n", "PROPFIND /a HTTP/1.1\r\n\r\n",
            "GET /a HTTP/1.0\r\n\r\n", "GET /a HTTP/2.0\r\n\r\n", "GET /a  HTTP/1.1\r\n\r\n",
            "GET http://x/a HTTP/1.1\r\n\r\n", "GET * HTTP/1.1\r\n\r\n", "GET /ä HTTP/1.1\r\n\r\n",
            "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "POST /a HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n",
            "GET /a HTTP/1.1\r\nUpgrade: websocket\r\n\r\n",
            "POST /a HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", "POST /a HTTP/1.1\r\nContent-Length: +1\r\n\r\nx",
            "POST /a HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n",  // above maxBody
            "GET /a HTTP/1.1\r\nX: a\r\n folded\r\n\r\n", "GET /a HTTP/1.1\r\nX : a\r\n\r\n", "GET /a HTTP/1.1\r\n: a\r\n\r\n",
            "GET /a HTTP/1.1\r\nX: a\nY: b\r\n\r\n", "GET /a HTTP/1.1\r\nX: a\rY: b\r\n\r\n", "GET /a HTTP/1.1\r\nX: \u{0}\r\n\r\n",
            "GET /a HTTP/1.1\r\nX: café\r\n\r\n", "GET /a HTTP/1.1\nHost: x\n\n",
            "GET /a HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: 101) + "\r\n",
            "GET /a HTTP/1.1\r\nX: " + String(repeating: "y", count: 17_000),  // a head longer than 16 KiB, unfinished
        ]
        for text in declined {
            guard case .declined = scan(text) else { XCTFail("not declined: \(text.prefix(80).debugDescription)"); continue }
        }
    }

    /// Every proper prefix of an accepted head waits for more bytes.
    func testPrefixesWaitForTheRest() {
        let text = "POST /p?q=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nX-A:  b \r\n\r\n"
        let bytes = Array(text.utf8)
        for end in 0..<bytes.count {
            let result = bytes[0..<end].withUnsafeBytes { WireRequestScanner.scan($0, maxBody: 1024) }
            guard case .incomplete = result else { XCTFail("prefix of \(end) bytes: \(result)"); return }
        }
        guard case .complete = scan(text) else { XCTFail("the whole head"); return }
    }

    private func scan(_ text: String) -> WireRequestScanner.Result {
        Array(text.utf8).withUnsafeBytes { WireRequestScanner.scan($0, maxBody: 64 << 10) }
    }

    // MARK: Against the pipeline

    private func server() async throws -> (StubServer, TempRoot) {
        let root = try TempRoot()
        try root.mapping("ping.json", #"{"request": {"urlPath": "/ping"}, "response": {"body": "pong", "headers": {"X-A": ["1", "2"]}}}"#)
        try root.mapping("echo.json", #"{"request": {"method": "POST", "urlPath": "/json", "bodyPatterns": [{"equalToJson": {"a": 1}}]}, "response": {"status": 201, "bodyFileName": "b.json"}}"#)
        try root.mapping("hdr.json", #"{"request": {"urlPath": "/hdr", "headers": {"X-Token": {"equalTo": "t 1"}}, "host": {"equalTo": "api.test"}, "cookies": {"s": {"equalTo": "v"}}, "queryParameters": {"q": {"equalTo": "a b"}}}, "response": {"body": "hdr"}}"#)
        try root.mapping("slow.json", #"{"request": {"urlPath": "/slow"}, "response": {"body": "late", "fixedDelayMilliseconds": 150}}"#)
        try root.file("b.json", #"{"ok":true}"#)
        let s = try await startServer(root: root.url)
        return (s, root)
    }

    /// The same request through the wire path (a fresh connection) and through NIO's decoder and the HTTPTypes
    /// fast path (a connection a HEAD request has handed to the pipeline): the same journal entry and the same answer.
    func testTheWirePathSeesAndAnswersWhatThePipelineDoes() async throws {
        let (server, root) = try await server()
        _ = root
        let requests = [
            "GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET /hdr?q=a+b&z HTTP/1.1\r\nx-token:  t 1 \r\nCookie: s=v; t=w\r\nHost: api.test:8080\r\nUser-Agent: t\r\n\r\n",
            "GET /hdr?q=a+b HTTP/1.1\r\nX-Token: t 2\r\nhost: api.test\r\nHost: other\r\n\r\n",  // near miss → 404
            "POST /json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{ \"a\": 1}",
            "PUT /nothing/here?x=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
            "DELETE /ping HTTP/1.1\r\n\r\n",
        ]
        for request in requests {
            let before = server.store.requests.count
            let wire = try exchange(server, request)
            let pipeline = try exchange(server, request, handOver: true)
            let journal = server.store.requests.suffix(from: before)
            XCTAssertEqual(journal.count, 3, request.debugDescription)  // wire, HEAD, pipeline
            guard journal.count == 3 else { continue }
            let (w, p) = (journal[journal.startIndex].request, journal[journal.startIndex + 2].request)
            XCTAssertEqual(w.method, p.method, request.debugDescription)
            XCTAssertEqual(w.url, p.url, request.debugDescription)
            XCTAssertEqual(w.headers.map { "\($0.0): \($0.1)" }, p.headers.map { "\($0.0): \($0.1)" }, request.debugDescription)
            XCTAssertEqual(w.body, p.body, request.debugDescription)
            XCTAssertEqual(w.clientAddress, p.clientAddress)
            XCTAssertEqual(journal[journal.startIndex].responseStatus, journal[journal.startIndex + 2].responseStatus)
            XCTAssertEqual(withoutDate(wire), withoutDate(pipeline), request.debugDescription)
            XCTAssertTrue(wire.hasPrefix("HTTP/1.1 "), wire)
        }
        // A sample of what was answered, so that equal answers are not equally wrong.
        let first = try exchange(server, requests[0])
        XCTAssertTrue(first.hasPrefix("HTTP/1.1 200 OK\r\nServer: carto-stub\r\nX-A: 1\r\nX-A: 2\r\nContent-Length: 4\r\nDate: "), first)
        XCTAssertTrue(first.hasSuffix("\r\n\r\npong"), first)
        XCTAssertTrue(try exchange(server, requests[1]).hasSuffix("hdr"))
        XCTAssertTrue(try exchange(server, requests[2]).hasPrefix("HTTP/1.1 404"))
        XCTAssertTrue(try exchange(server, requests[3]).hasSuffix("\r\nContent-Length: 11\r\n\r\n{\"ok\":true}"))
    }

    /// A 204 or 304 answer carries no content, whatever the mapping says, through the wire path and the pipeline: a
    /// body sent after it is read as the next answer on a kept-alive connection (a client's next request then fails,
    /// "I/O on closed channel"), and WireMock sends none.
    func testNoContentAnswersCarryNoBody() async throws {
        let root = try TempRoot()
        try root.mapping("ping.json", #"{"request": {"urlPath": "/ping"}, "response": {"body": "pong"}}"#)
        try root.mapping("gone.json", #"{"request": {"method": "PATCH", "urlPath": "/gone"}, "response": {"status": 204, "body": "path 14"}}"#)
        try root.mapping("same.json", #"{"request": {"urlPath": "/same"}, "response": {"status": 304, "bodyFileName": "b.json"}}"#)
        try root.file("b.json", #"{"ok":true}"#)
        let server = try await startServer(root: root.url)
        for (request, status) in [("PATCH /gone HTTP/1.1\r\nHost: x\r\n\r\n", "204"), ("GET /same HTTP/1.1\r\nHost: x\r\n\r\n", "304")] {
            for handOver in [false, true] {
                let answer = try exchange(server, request, handOver: handOver)
                XCTAssertTrue(answer.hasPrefix("HTTP/1.1 \(status)"), answer)
                XCTAssertFalse(answer.lowercased().contains("content-length"), answer)
                XCTAssertTrue(answer.hasSuffix("\r\n\r\n"), "no content after the head: \(answer.debugDescription)")
            }
        }
        // A kept-alive connection goes on: what follows a 204 is the next request's answer.
        let c = try RawConnection(port: server.port, receiveTimeout: 2)
        defer { c.close() }
        c.send("PATCH /gone HTTP/1.1\r\nHost: x\r\n\r\nGET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let both = c.read().text
        XCTAssertEqual(both.components(separatedBy: "HTTP/1.1 ").count, 3, both)
        XCTAssertTrue(both.hasSuffix("\r\n\r\npong"), both)
        _ = root
    }

    /// 150 generated requests (seeded): header names in any case, blanks around values, repeated headers and hosts,
    /// encoded queries, cookies, bodies of any length up to 3,000 bytes, the methods the wire path reads and some it
    /// declines, a few bytes it does not accept. Each gives the same journal entry and answer through both paths.
    func testGeneratedRequestsLookTheSameThroughBothPaths() async throws {
        let (server, root) = try await server()
        _ = root
        var rng = SeededGenerator(seed: 15)
        let names = ["X-Token", "Accept", "Cookie", "User-Agent", "Content-Type", "X-Trace-Id", "Accept-Language", "Authorization"]
        let values = ["t 1", "application/json", "s=v; t=w", "a,b , c", "", "Bearer abc.def", "en-GB,en;q=0.8", "x\ty"]
        let paths = ["/ping", "/hdr", "/json", "/nope/a%20b", "/ping/", "/hdr?q=a+b", "/hdr?q=a%20b&q=c&empty=&flag", "/x?%E2%9C%93=1"]
        var wireAnswered = 0
        for n in 0..<150 {
            let method = ["GET", "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "GET"].randomElement(using: &rng)!
            var lines = ["\(method) \(paths.randomElement(using: &rng)!) HTTP/1.1"]
            var hostSent = false
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                if !hostSent || Bool.random(using: &rng) && Int.random(in: 0..<6, using: &rng) == 0 {
                    let host = ["Host", "host", "HOST"].randomElement(using: &rng)!
                    lines.append("\(host): \(["api.test", "api.test:8080", "127.0.0.1", "other"].randomElement(using: &rng)!)")
                    hostSent = true
                }
                var name = names.randomElement(using: &rng)!
                name = Bool.random(using: &rng) ? name.lowercased() : (Bool.random(using: &rng) ? name.uppercased() : name)
                let pad = { (r: inout SeededGenerator) in ["", " ", "  ", "\t", " \t"].randomElement(using: &r)! }
                let lead = pad(&rng), trail = pad(&rng)
                lines.append("\(name):\(lead)\(values.randomElement(using: &rng)!)\(trail)")
            }
            if n % 25 == 7 { lines.append("X-Odd: caf\u{E9}") }  // not ASCII: declined, the pipeline reads it
            var body = ""
            if method != "GET" && method != "HEAD" && Bool.random(using: &rng) {
                body = n % 3 == 0 ? #"{"a": 1}"# : String(repeating: "b", count: Int.random(in: 0...3000, using: &rng))
                lines.append("Content-Length: \(body.utf8.count)")
            }
            let request = lines.joined(separator: "\r\n") + "\r\n\r\n" + body
            let before = server.store.requests.count
            let wire = try exchange(server, request)
            let pipeline = try exchange(server, request, handOver: true)
            let journal = Array(server.store.requests.suffix(from: before))
            XCTAssertEqual(journal.count, 3, request.debugDescription)
            guard journal.count == 3 else { continue }
            let (w, p) = (journal[0].request, journal[2].request)
            XCTAssertEqual("\(w.method) \(w.url)", "\(p.method) \(p.url)", request.debugDescription)
            XCTAssertEqual(w.headers.map { "\($0.0): \($0.1)" }, p.headers.map { "\($0.0): \($0.1)" }, request.debugDescription)
            XCTAssertEqual(w.body, p.body, request.debugDescription)
            XCTAssertEqual(journal[0].responseStatus, journal[2].responseStatus, request.debugDescription)
            XCTAssertEqual(withoutDate(wire), withoutDate(pipeline), request.debugDescription)
            if case .complete = scan(request), method != "HEAD" { wireAnswered += 1 }
        }
        // Most of them were the wire path's to answer (the rest: HEAD and the non-ASCII ones).
        XCTAssertGreaterThan(wireAnswered, 100)
    }

    /// One request's answer on a new connection, with `Connection: close` added; `handOver` first sends a HEAD
    /// request (which the wire path declines, handing the connection to the pipeline) and reads its answer.
    private func exchange(_ server: StubServer, _ text: String, handOver: Bool = false) throws -> String {
        let c = try RawConnection(port: server.port, receiveTimeout: 2)
        defer { c.close() }
        if handOver {
            c.send("HEAD /ping HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertTrue(c.read(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 200"))
        }
        c.send(text.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n", options: [], range: lastHeadEnd(text)))
        return c.read().text
    }

    /// The blank line ending the last head in `text` (so that `Connection: close` goes into the last request).
    private func lastHeadEnd(_ text: String) -> Range<String.Index> {
        let starts = ["GET ", "POST ", "PUT ", "DELETE "].compactMap { text.range(of: $0, options: .backwards)?.lowerBound }
        let start = starts.max() ?? text.startIndex
        return text.range(of: "\r\n\r\n", range: start..<text.endIndex)!
    }

    private func withoutDate(_ answer: String) -> String {
        answer.replacingOccurrences(of: #"Date: [^\r]*\r\n"#, with: "", options: .regularExpression)
    }

    /// Answers written by the wire path, then one the pipeline must answer (a delay), then more: all in order,
    /// and each request journaled once.
    func testPipelinedAnswersKeepTheirOrderAcrossTheHandOver() async throws {
        let (server, root) = try await server()
        _ = root
        let c = try RawConnection(port: server.port)
        defer { c.close() }
        c.send("GET /ping HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\nGET /slow HTTP/1.1\r\nHost: x\r\n\r\n" +
               "POST /json HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n{\"a\":1}GET /ping HTTP/1.1\r\nHost: x\r\n\r\n")
        var text = ""
        for marker in ["pong", "no mapping matched", "late", "\"ok\"", "pong"] {
            text += c.read(until: marker).text
        }
        var position = text.startIndex
        for b in ["pong", "no mapping matched", "late", "{\"ok\":true}", "pong"] {
            guard let r = text.range(of: b, range: position..<text.endIndex) else { XCTFail("\(b) missing or out of order in \(text)"); return }
            position = r.upperBound
        }
        XCTAssertEqual(server.store.requests.map { "\($0.request.method) \($0.request.url) \($0.responseStatus ?? 0)" },
                       ["GET /ping 200", "GET /nope 404", "GET /slow 200", "POST /json 201", "GET /ping 200"])
    }

    /// A request arriving a few bytes at a time, its body last, is answered once it is whole; `Connection: close`
    /// closes the connection after the answer.
    func testARequestInPiecesAndConnectionClose() async throws {
        let (server, root) = try await server()
        _ = root
        let c = try RawConnection(port: server.port)
        defer { c.close() }
        let request = "POST /json HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
        var rest = Substring(request)
        while !rest.isEmpty {
            c.send(String(rest.prefix(5)))
            rest = rest.dropFirst(5)
            try await Task.sleep(for: .milliseconds(5))
        }
        XCTAssertTrue(c.read(until: "{\"ok\":true}").text.hasPrefix("HTTP/1.1 201 Created\r\n"))
        c.send("GET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let (text, closed, _) = c.read()
        XCTAssertTrue(text.hasSuffix("pong"), text)
        XCTAssertTrue(closed, "the server should close after Connection: close")
        XCTAssertEqual(server.store.requests.count, 2)
    }
}
