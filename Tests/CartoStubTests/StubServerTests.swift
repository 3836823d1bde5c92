import CartoCore
@testable import CartoStub
import Foundation
import XCTest

/// The stub server end to end over real HTTP on 127.0.0.1.
final class StubServerTests: XCTestCase {
    func testServesFileMappingsWithBodiesDelaysAndNearMisses() async throws {
        let root = try TempRoot()
        addTeardownBlock { _ = root }
        try root.mapping("users.json", #"{"request": {"method": "GET", "urlPath": "/api/users", "queryParameters": {"page": {"equalTo": "1"}}}, "response": {"status": 200, "jsonBody": {"users": [{"id": 1}]}}}"#)
        try root.mapping("many.json", #"{"mappings": [{"name": "avatar", "request": {"urlPath": "/avatar"}, "response": {"bodyFileName": "img/a.json", "headers": {"Cache-Control": "no-store"}}}, {"request": {"urlPath": "/slow"}, "response": {"status": 202, "body": "late", "fixedDelayMilliseconds": 300}}, {"request": {"urlPath": "/b64"}, "response": {"base64Body": "aGVsbG8="}}]}"#)
        try root.file("img/a.json", #"{"avatar": true}"#)
        let server = try await startServer(root: root.url)
        let base = server.baseURL

        let users = try await TestHTTP.send("GET", "\(base)/api/users?page=1")
        XCTAssertEqual(users.status, 200)
        XCTAssertNil(users.headers["Content-Type"].first, "no Content-Type unless the mapping declares one, as WireMock")
        XCTAssertEqual(users.json, try JSONValue.parse(#"{"users": [{"id": 1}]}"#))

        let avatar = try await TestHTTP.send("GET", "\(base)/avatar")
        XCTAssertEqual(avatar.body, #"{"avatar": true}"#)
        XCTAssertEqual(avatar.headers["Cache-Control"].first, "no-store")
        XCTAssertNil(avatar.headers["Content-Type"].first)
        let b64 = try await TestHTTP.send("GET", "\(base)/b64")
        XCTAssertEqual(b64.body, "hello")

        let start = ContinuousClock.now
        let slow = try await TestHTTP.send("GET", "\(base)/slow")
        XCTAssertEqual(slow.status, 202)
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(290))

        let miss = try await TestHTTP.send("GET", "\(base)/api/users?page=2")
        XCTAssertEqual(miss.status, 404)
        XCTAssertTrue(miss.body.contains("Closest mapping"), miss.body)
        XCTAssertTrue(miss.body.contains(#"query parameter page: expected equal to "1", got "2""#), miss.body)
    }

    func testAdminAPIAddListDeleteResetAndJournal() async throws {
        let root = try TempRoot()
        addTeardownBlock { _ = root }
        try root.mapping("ping.json", #"{"id": "ping", "request": {"urlPath": "/ping"}, "response": {"body": "pong"}}"#)
        let server = try await startServer(root: root.url)
        let base = server.baseURL

        let created = try await TestHTTP.send("POST", "\(base)/__admin/mappings", body: #"{"request": {"method": "POST", "urlPath": "/login"}, "response": {"status": 200, "jsonBody": {"token": "t"}}, "priority": 1}"#)
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.json?["id"]?.stringValue)
        let list = try await TestHTTP.send("GET", "\(base)/__admin/mappings")
        XCTAssertEqual(list.json?["meta"]?["total"]?.intValue, 2)

        _ = try await TestHTTP.send("POST", "\(base)/login", body: #"{"user": "ada"}"#)
        _ = try await TestHTTP.send("POST", "\(base)/login", body: #"{"user": "bob"}"#)
        _ = try await TestHTTP.send("GET", "\(base)/ping")
        let count = try await TestHTTP.send("POST", "\(base)/__admin/requests/count", body: #"{"method": "POST", "urlPath": "/login", "bodyPatterns": [{"matchesJsonPath": {"expression": "$.user", "equalTo": "ada"}}]}"#)
        XCTAssertEqual(count.json?["count"]?.intValue, 1)
        let journal = try await TestHTTP.send("GET", "\(base)/__admin/requests")
        XCTAssertEqual(journal.json?["requests"]?.arrayValue?.count, 3)
        XCTAssertEqual(journal.json?["requests"]?.arrayValue?.first?["request"]?["url"]?.stringValue, "/ping")  // newest first
        XCTAssertEqual(journal.json?["requests"]?.arrayValue?.last?["request"]?["body"]?.stringValue, #"{"user": "ada"}"#)

        let bad = try await TestHTTP.send("POST", "\(base)/__admin/mappings", body: #"{"request": {"urlPattern": "(("}}"#)
        XCTAssertEqual(bad.status, 422)
        XCTAssertTrue(bad.json?["error"]?.stringValue?.contains("request.urlPattern: invalid regular expression") == true, bad.body)

        do { let v = try await TestHTTP.send("DELETE", "\(base)/__admin/mappings/\(id)").status; XCTAssertEqual(v, 200) }
        do { let v = try await TestHTTP.send("POST", "\(base)/login").status; XCTAssertEqual(v, 404) }
        do { let v = try await TestHTTP.send("DELETE", "\(base)/__admin/mappings").status; XCTAssertEqual(v, 200) }
        do { let v = try await TestHTTP.send("GET", "\(base)/ping").status; XCTAssertEqual(v, 404) }
        do { let v = try await TestHTTP.send("POST", "\(base)/__admin/mappings/reset").status; XCTAssertEqual(v, 200) }
        do { let v = try await TestHTTP.send("GET", "\(base)/ping").body; XCTAssertEqual(v, "pong") }
        do { let v = try await TestHTTP.send("POST", "\(base)/__admin/reset").status; XCTAssertEqual(v, 200) }
        do { let v = try await TestHTTP.send("GET", "\(base)/__admin/requests").json?["meta"]?["total"]?.intValue; XCTAssertEqual(v, 0) }
    }

    func testScenariosOverHTTP() async throws {
        let server = try await startServer()
        let base = server.baseURL
        for m in [
            #"{"request": {"method": "GET", "urlPath": "/cart"}, "response": {"jsonBody": []}, "scenarioName": "cart", "requiredScenarioState": "Started"}"#,
            #"{"request": {"method": "POST", "urlPath": "/cart"}, "response": {"status": 201}, "scenarioName": "cart", "newScenarioState": "one item"}"#,
            #"{"request": {"method": "GET", "urlPath": "/cart"}, "response": {"jsonBody": ["book"]}, "scenarioName": "cart", "requiredScenarioState": "one item"}"#,
        ] { do { let v = try await TestHTTP.send("POST", "\(base)/__admin/mappings", body: m).status; XCTAssertEqual(v, 201) } }
        do { let v = try await TestHTTP.send("GET", "\(base)/cart").body; XCTAssertEqual(v, "[]") }
        do { let v = try await TestHTTP.send("POST", "\(base)/cart").status; XCTAssertEqual(v, 201) }
        do { let v = try await TestHTTP.send("GET", "\(base)/cart").body; XCTAssertEqual(v, #"["book"]"#) }
        let scenarios = try await TestHTTP.send("GET", "\(base)/__admin/scenarios")
        XCTAssertEqual(scenarios.json?["scenarios"]?.arrayValue?.first?["state"]?.stringValue, "one item")
        XCTAssertEqual(scenarios.json?["scenarios"]?.arrayValue?.first?["possibleStates"]?.arrayValue?.count, 2)
        do { let v = try await TestHTTP.send("POST", "\(base)/__admin/scenarios/reset").status; XCTAssertEqual(v, 200) }
        do { let v = try await TestHTTP.send("GET", "\(base)/cart").body; XCTAssertEqual(v, "[]") }
    }

    func testReloadsChangedFilesAndReportsABrokenOneWhileOthersServe() async throws {
        let root = try TempRoot()
        addTeardownBlock { _ = root }
        try root.mapping("a.json", #"{"request": {"urlPath": "/a"}, "response": {"body": "one"}}"#)
        try root.mapping("b.json", #"{"request": {"urlPath": "/b"}, "response": {"body": "b"}}"#)
        let logged = LogLines()
        let server = try await startServer(root: root.url) { c in
            c.watchInterval = .milliseconds(100)
            c.log = { logged.append($0) }
        }
        do { let v = try await TestHTTP.send("GET", "\(server.baseURL)/a").body; XCTAssertEqual(v, "one") }
        try root.mapping("a.json", #"{"request": {"urlPath": "/a"}, "response": {"body": "two"}}"#)
        try root.mapping("c.json", "{\"request\": {\"urlPath\": \"/c\"},\n \"response\": {\"body\": \"c\"}")  // unterminated
        var body = ""
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(100))
            body = try await TestHTTP.send("GET", "\(server.baseURL)/a").body
            if body == "two" { break }
        }
        XCTAssertEqual(body, "two")
        do { let v = try await TestHTTP.send("GET", "\(server.baseURL)/b").body; XCTAssertEqual(v, "b") }
        XCTAssertTrue(logged.lines.contains { $0.contains("mappings/c.json: malformed JSON at line 2") }, "\(logged.lines)")
    }

    func testFilesOutsideTheFilesFolderAreNeverServed() async throws {
        let root = try TempRoot()
        addTeardownBlock { _ = root }
        try Data("secret".utf8).write(to: root.url.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.url.appendingPathComponent("__files/link.txt").path,
                                                   withDestinationPath: root.url.appendingPathComponent("secret.txt").path)
        try root.mapping("link.json", #"{"request": {"urlPath": "/link"}, "response": {"bodyFileName": "link.txt"}}"#)
        try root.mapping("climb.json", #"{"request": {"urlPath": "/climb"}, "response": {"bodyFileName": "../secret.txt"}}"#)
        let server = try await startServer(root: root.url)
        XCTAssertEqual(server.loadProblems.map(\.path), ["response.bodyFileName"])
        let link = try await TestHTTP.send("GET", "\(server.baseURL)/link")
        XCTAssertEqual(link.status, 500)
        XCTAssertFalse(link.body.contains("secret\n") || link.body == "secret")
        let climb = try await TestHTTP.send("GET", "\(server.baseURL)/climb")
        XCTAssertEqual(climb.status, 404)
        let encoded = try await TestHTTP.send("GET", "\(server.baseURL)/__files/..%2Fsecret.txt")
        XCTAssertEqual(encoded.status, 404)
        XCTAssertFalse(encoded.body.contains("secret\n") || encoded.body == "secret")
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ s: String) { lock.withLock { storage.append(s) } }
    var lines: [String] { lock.withLock { storage } }
}
