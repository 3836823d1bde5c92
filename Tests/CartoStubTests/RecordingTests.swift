import CartoCore
@testable import CartoStub
import Foundation
import XCTest

/// `carto stub record` against a real upstream HTTP server, and HAR import; then the recorded folder is served.
final class RecordingTests: XCTestCase {
    private func upstream() async throws -> StubServer {
        let server = try await startServer()
        for m in [
            #"{"request": {"method": "GET", "urlPath": "/api/profile"}, "response": {"jsonBody": {"name": "Ada", "token": "secret-token"}, "headers": {"Set-Cookie": "sid=abc123", "X-Trace": "t1"}}}"#,
            #"{"request": {"method": "GET", "urlPath": "/api/counter"}, "response": {"body": "1"}, "scenarioName": "c", "requiredScenarioState": "Started", "newScenarioState": "two"}"#,
            #"{"request": {"method": "GET", "urlPath": "/api/counter"}, "response": {"body": "2"}, "scenarioName": "c", "requiredScenarioState": "two"}"#,
            #"{"request": {"method": "GET", "urlPath": "/api/big"}, "response": {"body": "\#(String(repeating: "big ", count: 800))", "headers": {"Content-Type": "text/plain"}}}"#,
            #"{"request": {"method": "POST", "urlPath": "/api/login"}, "response": {"status": 201, "jsonBody": {"token": "t-999"}}}"#,
            #"{"request": {"urlPath": "/api/hang"}, "response": {"body": "late", "fixedDelayMilliseconds": 2500}}"#,
            #"{"request": {"urlPath": "/api/reset"}, "response": {"fault": "CONNECTION_RESET_BY_PEER"}}"#,
        ] { server.store.add(try StubMapping(json: try JSONValue.parse(m))) }
        return server
    }

    func testRecordsDedupesMakesScenariosRedactsAndSurvivesUpstreamFailures() async throws {
        let up = try await upstream()
        let root = try TempRoot()
        addTeardownBlock { _ = root }
        let recorder = try MappingRecorder(folder: MappingFolder(root: root.url), redaction: Redaction(headers: ["X-Trace"], jsonFields: ["password", "token"]))
        let proxy = try RecordingProxy(target: URL(string: up.baseURL)!, recorder: recorder, timeout: .seconds(1))
        var config = StubServer.Configuration()
        config.port = 0
        let rec = try StubServer(root: root.url, configuration: config, recorder: proxy)
        try await rec.start()
        let base = rec.baseURL

        let profile = try await TestHTTP.send("GET", "\(base)/api/profile", headers: [("Authorization", "Bearer live-credential")])
        XCTAssertEqual(profile.json?["token"]?.stringValue, "secret-token")  // the app sees the real answer
        _ = try await TestHTTP.send("GET", "\(base)/api/profile")
        for expected in ["1", "2", "2"] {
            let r = try await TestHTTP.send("GET", "\(base)/api/counter")
            XCTAssertEqual(r.body, expected)
        }
        let big = try await TestHTTP.send("GET", "\(base)/api/big")
        XCTAssertEqual(big.body.count, 3200)
        let login = try await TestHTTP.send("POST", "\(base)/api/login", body: #"{"user": "ada", "password": "hunter2"}"#)
        XCTAssertEqual(login.status, 201)
        let hang = try await TestHTTP.send("GET", "\(base)/api/hang")
        XCTAssertEqual(hang.status, 504)
        XCTAssertTrue(hang.body.contains("did not answer GET /api/hang within 1 s"), hang.body)
        let reset = try await TestHTTP.send("GET", "\(base)/api/reset")
        XCTAssertEqual(reset.status, 502)
        await rec.stop()
        await proxy.shutdown()

        let folder = MappingFolder(root: root.url)
        XCTAssertEqual(folder.mappingFiles().count, 5, "\(folder.mappingFiles())")  // profile once, counter twice, big, login
        let bodies = try FileManager.default.contentsOfDirectory(atPath: folder.filesDirectory.path)
        XCTAssertEqual(bodies.count, 1)
        var everything = ""
        for f in folder.mappingFiles() { everything += try String(contentsOf: folder.mappingsDirectory.appendingPathComponent(f), encoding: .utf8) }
        for secret in ["secret-token", "hunter2", "live-credential", "abc123", "t-999", "t1"] {
            XCTAssertFalse(everything.contains(secret), "\(secret) was written to disk")
        }

        // Served back, the recording answers like the real API did, scenario steps in order.
        let replay = try await startServer(root: root.url)
        XCTAssertEqual(replay.loadProblems, [])
        let p = try await TestHTTP.send("GET", "\(replay.baseURL)/api/profile")
        XCTAssertEqual(p.json?["name"]?.stringValue, "Ada")
        XCTAssertEqual(p.json?["token"]?.stringValue, "REDACTED")
        XCTAssertEqual(p.headers["Set-Cookie"].first, "REDACTED")
        for expected in ["1", "2", "2"] {
            let r = try await TestHTTP.send("GET", "\(replay.baseURL)/api/counter")
            XCTAssertEqual(r.body, expected)
        }
        let b = try await TestHTTP.send("GET", "\(replay.baseURL)/api/big")
        XCTAssertEqual(b.body, big.body)
        let l = try await TestHTTP.send("POST", "\(replay.baseURL)/api/login", body: #"{"password": "other", "user": "ada"}"#)
        XCTAssertEqual(l.status, 201)
        let wrongUser = try await TestHTTP.send("POST", "\(replay.baseURL)/api/login", body: #"{"user": "bob", "password": "x"}"#)
        XCTAssertEqual(wrongUser.status, 404)
    }

    func testHARImport() async throws {
        let root = try TempRoot()
        addTeardownBlock { _ = root }
        let har = root.url.appendingPathComponent("capture.har")
        let entry = { (method: String, url: String, post: String?, status: Int, text: String, encoding: String?) -> String in
            """
            {"request": {"method": "\(method)", "url": "\(url)", "headers": [{"name": "Authorization", "value": "Bearer x"}]\(post.map { #", "postData": {"mimeType": "application/json", "text": "\#($0)"}"# } ?? "")},
             "response": {"status": \(status), "headers": [{"name": "Content-Type", "value": "application/json"}, {"name": "Set-Cookie", "value": "sid=1"}],
                          "content": {"text": "\(text)"\(encoding.map { #", "encoding": "\#($0)""# } ?? "")}}}
            """
        }
        let entries = [
            entry("GET", "https://api.example.com/v1/items?page=1", nil, 200, #"[1,2]"#, nil),
            entry("GET", "https://api.example.com/v1/items?page=1", nil, 200, #"[1,2]"#, nil),
            entry("GET", "https://api.example.com/v1/items?page=1", nil, 200, #"[1,2,3]"#, nil),
            entry("POST", "https://api.example.com/v1/items", #"{\"name\":\"pen\"}"#, 201, Data(#"{"id":3}"#.utf8).base64EncodedString(), "base64"),
            entry("GET", "https://cdn.example.com/logo.png", nil, 200, "", nil),
        ]
        try Data(#"{"log": {"version": "1.2", "entries": [\#(entries.joined(separator: ","))]}}"#.utf8).write(to: har)
        let recorder = try MappingRecorder(folder: MappingFolder(root: root.url))
        let summary = try HARImport.run(har: har, recorder: recorder, only: "https://api.example.com")
        XCTAssertEqual(summary.entries, 5)
        XCTAssertEqual(summary.written, 2)
        XCTAssertEqual(summary.duplicates, 1)
        XCTAssertEqual(summary.scenarioSteps, 1)

        let server = try await startServer(root: root.url)
        let first = try await TestHTTP.send("GET", "\(server.baseURL)/v1/items?page=1")
        let second = try await TestHTTP.send("GET", "\(server.baseURL)/v1/items?page=1")
        XCTAssertEqual([first.body, second.body], ["[1,2]", "[1,2,3]"])
        let created = try await TestHTTP.send("POST", "\(server.baseURL)/v1/items", body: #"{"name": "pen"}"#)
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.body, #"{"id":3}"#)

        try Data("{\"log\": [".utf8).write(to: har)
        XCTAssertThrowsError(try HARImport.run(har: har, recorder: recorder)) { e in
            XCTAssertTrue("\(e)".contains("capture.har: not a HAR file, malformed JSON at line 1"), "\(e)")
        }
    }
}
