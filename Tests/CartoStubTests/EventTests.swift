import CartoCore
import CartoProbe
@testable import CartoStub
import Foundation
import XCTest

/// Waiting on app events across processes: long-poll, server-sent events, timeouts that say what arrived,
/// and the app-side probe posting over real HTTP.
final class EventTests: XCTestCase {
    func testLongPollWakesWhenTheEventArrives() async throws {
        let server = try await startServer()
        let base = server.baseURL
        let waiter = Task { try await TestHTTP.send("GET", "\(base)/__carto/events/wait?name=screen.appeared&value=Home&timeout=5000") }
        try await Task.sleep(for: .milliseconds(150))
        _ = try await TestHTTP.send("POST", "\(base)/__carto/events", body: #"{"name": "screen.appeared", "value": "Login"}"#)
        _ = try await TestHTTP.send("POST", "\(base)/__carto/events", body: #"{"name": "screen.appeared", "value": "Home"}"#)
        let start = ContinuousClock.now
        let reply = try await waiter.value
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.json?["event"]?["value"]?.stringValue, "Home")
        XCTAssertEqual(reply.json?["event"]?["sequence"]?.intValue, 2)

        // An event that already arrived (after the cursor) is returned at once.
        let again = try await TestHTTP.send("GET", "\(base)/__carto/events/wait?name=screen.appeared&after=0")
        XCTAssertEqual(again.json?["event"]?["value"]?.stringValue, "Login")
        let journal = try await TestHTTP.send("GET", "\(base)/__carto/events")
        XCTAssertEqual(journal.json?["events"]?.arrayValue?.count, 2)
    }

    func testTimeoutListsTheEventsThatDidArrive() async throws {
        let server = try await startServer()
        let base = server.baseURL
        _ = try await TestHTTP.send("POST", "\(base)/__carto/events", body: #"[{"name": "screen.appeared", "value": "Login"}, {"name": "animation.ended"}]"#)
        let start = ContinuousClock.now
        let reply = try await TestHTTP.send("GET", "\(base)/__carto/events/wait?name=screen.appeared&value=Home&timeout=300")
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(290))
        XCTAssertEqual(reply.status, 408)
        XCTAssertEqual(reply.json?["error"]?.stringValue,
                       "timed out after 300 ms waiting for screen.appeared=Home; events that arrived: screen.appeared=Login, animation.ended")
        let bad = try await TestHTTP.send("POST", "\(base)/__carto/events", body: #"{"value": 1}"#)
        XCTAssertEqual(bad.status, 400)
        let malformed = try await TestHTTP.send("POST", "\(base)/__carto/events", body: "{name")
        XCTAssertEqual(malformed.status, 400)
    }

    func testServerSentEventsStreamEachEvent() async throws {
        let server = try await startServer()
        let c = try RawConnection(port: server.port)
        defer { c.close() }
        c.send("GET /__carto/events/stream HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(c.read(until: ": carto stub events").text.contains("text/event-stream"))
        server.events.post(name: "scroll.ended", value: .string("feed"))
        let got = c.read(until: "\n\n").text
        XCTAssertTrue(got.contains("event: scroll.ended"), got)
        XCTAssertTrue(got.contains(#""value":"feed""#), got)
    }

    func testProbePostsEventsInOrderFromTheLaunchEnvironment() async throws {
        let server = try await startServer()
        let env = CartoLaunchEnvironment(environment: [
            "CARTO_STUB_URL": server.baseURL, "CARTO_EVENTS_URL": "\(server.baseURL)/__carto/events",
            "CARTO_TEST_MODE": "1", "CARTO_ANIMATION_SPEED": "100",
        ])
        XCTAssertTrue(env.testMode)
        XCTAssertEqual(env.animationSpeed, 100)
        XCTAssertEqual(env.apiBaseURL(production: URL(string: "https://api.example.com")!).absoluteString, server.baseURL)
        let probe = CartoProbe(environment: env)
        for i in 1...20 { probe.post("tick", value: "\(i)") }
        try await probe.postAndWait(CartoProbe.Event.screenAppeared, value: "Home")
        let values = server.events.events().map { $0.value?.text ?? $0.name }
        XCTAssertEqual(values, (1...20).map(String.init) + ["Home"])

        let off = CartoProbe(environment: CartoLaunchEnvironment(environment: ["CARTO_EVENTS_URL": "not a url", "CARTO_ANIMATION_SPEED": "-3"]))
        XCTAssertFalse(off.isActive)
        XCTAssertEqual(off.environment.animationSpeed, 1)
    }

    func testHubWaitersAndCursor() async throws {
        let hub = EventHub()
        async let first = hub.wait(name: "a", after: 0, timeout: .seconds(5))
        try await Task.sleep(for: .milliseconds(50))
        hub.post(name: "b")
        hub.post(name: "a", value: .string("x"))
        let got = await first
        XCTAssertEqual(got?.sequence, 2)
        let none = await hub.wait(name: "a", after: 2, timeout: .milliseconds(50))
        XCTAssertNil(none)
        hub.clear()
        XCTAssertEqual(hub.post(name: "c").sequence, 3)  // numbers keep growing after a clear
    }
}
