import CartoCore
import CartoStub
import CartoTestKit
import Foundation
import XCTest

/// CartoTestKit without a browser: builders, sequences, verification messages, connecting to a running server,
/// slow mode.
final class TestKitTests: XCTestCase {
    func testBuildersSequencesAndVerification() async throws {
        let kit = try await CartoTestServer.start()
        addTeardownBlock { await kit.shutdown() }
        let base = kit.baseURL.absoluteString
        struct Item: Encodable { var id: Int; var name: String }
        try await kit.stub(method: "GET", path: "/items", response: try .json(encoding: [Item(id: 1, name: "pen")]).header("X-Total", "1"))
        try await kit.stub(try RequestMatch(method: "GET", path: "/search", query: ["q": "pen"]), response: .text("found"))
        try await kit.stub(try RequestMatch(method: "POST", path: "/jobs"), responses: [.status(202), .status(200), .text("done", status: 201)])
        try await kit.stub(method: "GET", path: "/slow", response: .text("late").delayed(by: .milliseconds(200)))

        let items = try await TestHTTP.send("GET", base + "/items")
        XCTAssertEqual(items.json, try JSONValue.parse(#"[{"id":1,"name":"pen"}]"#))
        XCTAssertEqual(items.headers["X-Total"].first, "1")
        let found = try await TestHTTP.send("GET", base + "/search?q=pen")
        XCTAssertEqual(found.body, "found")
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try await TestHTTP.send("POST", base + "/jobs", body: #"{"kind": "export"}"#).status) }
        XCTAssertEqual(statuses, [202, 200, 201, 201])
        let start = ContinuousClock.now
        _ = try await TestHTTP.send("GET", base + "/slow")
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(190))

        let jobs = try await kit.verify(method: "POST", path: "/jobs", count: 4, bodyJSON: .object([("kind", .string("export"))]))
        XCTAssertEqual(jobs.count, 4)
        do {
            try await kit.verify(method: "DELETE", path: "/jobs", count: 1)
            XCTFail("expected a failure")
        } catch let e as CartoTestKitError {
            XCTAssertTrue(e.message.hasPrefix("expected 1 request matching DELETE /jobs, got 0; the server received: GET /items, GET /search?q=pen, POST /jobs"), e.message)
        }
        do {
            _ = try await kit.stub(mappingJSON: #"{"request": {"urlPattern": "(("}}"#)
            XCTFail("expected a failure")
        } catch let e as CartoTestKitError {
            XCTAssertTrue(e.message.contains("invalid regular expression"), e.message)
        }
    }

    func testConnectsToARunningServerAndWaitsFromItsNewestEvent() async throws {
        var config = StubServer.Configuration()
        config.port = 0
        let server = try StubServer(root: nil, configuration: config)
        try await server.start()
        addTeardownBlock { await server.stop() }
        server.events.post(name: "screen.appeared", value: .string("Old"))
        let kit = try await CartoTestServer.connect(to: URL(string: server.baseURL)!)
        addTeardownBlock { await kit.shutdown() }
        Task { try await Task.sleep(for: .milliseconds(100)); server.events.post(name: "screen.appeared", value: .string("New")) }
        let event = try await kit.wait(for: "screen.appeared")
        XCTAssertEqual(event.value?.text, "New")  // the event from before connecting is not taken for a new one

        do {
            _ = try await CartoTestServer.connect(to: URL(string: "http://127.0.0.1:1")!)
            XCTFail("expected a failure")
        } catch let e as CartoTestKitError {
            XCTAssertTrue(e.message.hasPrefix("cannot reach a carto stub server at http://127.0.0.1:1"), e.message)
        }
    }

    func testSlowModePausesAfterEachStep() async throws {
        setenv("CARTO_SLOW", "250", 1)
        defer { unsetenv("CARTO_SLOW") }
        let kit = try await CartoTestServer.start()
        addTeardownBlock { await kit.shutdown() }
        XCTAssertEqual(kit.slowModeDelay, .milliseconds(250))
        let start = ContinuousClock.now
        try await kit.stub(method: "GET", path: "/a", response: .status(204))
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(240))
    }
}
