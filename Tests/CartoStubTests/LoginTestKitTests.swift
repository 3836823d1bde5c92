import CartoCore
import CartoDrivers
import CartoStub
import CartoTestKit
import Foundation
import XCTest

/// The thesis' login test, end to end and written the way the README shows it: a real app (the login page of
/// Examples/login-app, in headless Chromium) talks to a real stub server; the test waits on the app's events,
/// never on a timeout, and verifies what the app sent.
final class LoginTestKitTests: XCTestCase {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/login-app")

    var server: CartoTestServer!
    var app: BrowserDriver!

    override func setUp() async throws {
        server = try await CartoTestServer.start(root: Self.example)
        try await server.reset()
        // The launch environment, passed to the web app in its URL (an iOS test sets app.launchEnvironment).
        var components = URLComponents(string: server.baseURL.absoluteString + "/app")!
        components.queryItems = server.launchEnvironment().sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        app = try BrowserDriver(startURL: components.url!)
        try app.restart()
        try await server.wait(for: "screen.appeared", value: "Login")
    }

    override func tearDown() async throws {
        app?.close()
        await server?.shutdown()
    }

    private func element(_ id: String) throws -> UIElement {
        try XCTUnwrap(try app.snapshot().elements.first { $0.identifier == id }, "no element #\(id) on screen")
    }

    func testLoginShowsHome() async throws {
        try app.perform(.type(try element("username"), text: "ada"))
        try app.perform(.type(try element("password"), text: "lovelace"))
        try app.perform(.tap(try element("signin")))

        try await server.wait(for: "screen.appeared", value: "Home")
        XCTAssertEqual(try element("welcome").label, "Welcome, Ada Lovelace")
        try await server.wait(for: "animation.ended", value: "home")
        try await server.verify(method: "POST", path: "/login", count: 1, bodyJSON: .object([("username", .string("ada"))]))
        let profile = try await server.verify(method: "GET", path: "/profile", count: 1)
        XCTAssertEqual(profile.first?.request.headerValues("Authorization"), ["Bearer token-ada"])
    }

    func testWrongPasswordShowsTheError() async throws {
        try app.perform(.type(try element("username"), text: "ada"))
        try app.perform(.type(try element("password"), text: "babbage"))
        try app.perform(.tap(try element("signin")))

        try await server.wait(for: "screen.appeared", value: "LoginError")
        XCTAssertEqual(try element("error").label, "Wrong user name or password")
        try await server.verify(method: "GET", path: "/profile", count: 0)
    }

    func testAStubAddedByTheTestWinsAndResetRemovesIt() async throws {
        // The API is down for this test only.
        try await server.stub(method: "POST", path: "/login", response: .json(#"{"error": "Service unavailable"}"#, status: 503), priority: 1)
        try app.perform(.type(try element("username"), text: "ada"))
        try app.perform(.type(try element("password"), text: "lovelace"))
        try app.perform(.tap(try element("signin")))
        try await server.wait(for: "screen.appeared", value: "LoginError")
        XCTAssertEqual(try element("error").label, "Service unavailable")

        try await server.reset()
        let mappings = try await TestHTTP.send("GET", "\(server.baseURL.absoluteString)/__admin/mappings")
        XCTAssertEqual(mappings.json?["meta"]?["total"]?.intValue, 4)  // back to the example's files
        let events = try await server.events()
        XCTAssertEqual(events, [])
    }

    func testWaitingForAnEventThatNeverComesSaysWhatCame() async throws {
        do {
            try await server.wait(for: "screen.appeared", value: "Home", timeout: .milliseconds(300))
            XCTFail("expected a timeout")
        } catch let error as CartoTestKitError {
            XCTAssertEqual(error.message, "timed out after 300 ms waiting for screen.appeared=Home; events that arrived: none (before this wait: screen.appeared=Login)")
        }
        do {
            try await server.verify(method: "POST", path: "/login", count: 1)
            XCTFail("expected a verification failure")
        } catch let error as CartoTestKitError {
            XCTAssertTrue(error.message.hasPrefix("expected 1 request matching POST /login, got 0; the server received: GET /app?"), error.message)
        }
    }
}
