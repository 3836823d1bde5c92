import AsyncHTTPClient
import CartoCore
import CartoProbe
import CartoStub
import Foundation
import NIOCore
import NIOHTTP1

/// A failed expectation, worded for the test report.
public struct CartoTestKitError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The test-side API for XCTest and Swift Testing. Start an in-process stub server (`start()`) or connect to a
/// running `carto stub` (`connect(to:)`); both speak to it through its HTTP admin API, so tests behave the
/// same either way. Throwing methods throw `CartoTestKitError` with a readable message, which both test
/// frameworks report as the failure.
///
/// ```swift
/// let server = try await CartoTestServer.start()
/// try await server.stub(method: "POST", path: "/login", response: .json(["token": "abc"]))
/// app.launchEnvironment = server.launchEnvironment()
/// ... tap Log in ...
/// try await server.wait(for: "screen.appeared", value: "Home")
/// try await server.verify(method: "POST", path: "/login", count: 1)
/// ```
public final class CartoTestServer: @unchecked Sendable {
    public let baseURL: URL
    private let owned: StubServer?
    private let client: HTTPClient
    private let lock = NSLock()
    private var cursor = 0
    /// Pause after each step (`CARTO_SLOW=ms`): watch a test run in slow motion while debugging it.
    public let slowModeDelay: Duration?

    private init(baseURL: URL, owned: StubServer?) {
        self.baseURL = baseURL
        self.owned = owned
        var config = HTTPClient.Configuration()
        config.timeout = .init(connect: .seconds(5), read: .seconds(660))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: config)
        slowModeDelay = ProcessInfo.processInfo.environment["CARTO_SLOW"].flatMap(Int.init).flatMap { $0 > 0 ? .milliseconds($0) : nil }
    }

    /// Starts a stub server in this process on 127.0.0.1 (a free port unless `port` says otherwise), serving
    /// `root`'s mappings when given. Events start from a clean journal.
    public static func start(root: URL? = nil, port: Int = 0) async throws -> CartoTestServer {
        var config = StubServer.Configuration()
        config.port = port
        config.watchInterval = nil
        let server = try StubServer(root: root, configuration: config)
        if let problem = server.loadProblems.first { throw CartoTestKitError("\(root?.path ?? "")/\(problem)") }
        try await server.start()
        return CartoTestServer(baseURL: URL(string: server.baseURL)!, owned: server)
    }

    /// Connects to a running `carto stub` (checks that it answers) and starts waiting from its newest event.
    public static func connect(to url: URL) async throws -> CartoTestServer {
        let s = CartoTestServer(baseURL: url, owned: nil)
        do {
            _ = try await s.request("GET", "/__admin/health", expect: [200])
            let events = try await s.request("GET", "/__carto/events?after=\(Int.max)", expect: [200])
            s.lock.withLock { s.cursor = events["latestSequence"]?.intValue ?? 0 }
        } catch {
            try? await s.client.shutdown()
            throw CartoTestKitError("cannot reach a carto stub server at \(url.absoluteString) (\(error)); start one with `carto stub --root DIR --port N`")
        }
        return s
    }

    /// Stops the in-process server (if this kit started one) and releases the HTTP client.
    public func shutdown() async {
        try? await client.shutdown()
        await owned?.stop()
    }

    /// The in-process server, for direct access to its store and event hub.
    public var server: StubServer? { owned }

    /// The launch environment for the app under test (`XCUIApplication.launchEnvironment`).
    public func launchEnvironment(testMode: Bool = true, animationSpeed: Double = 100) -> [String: String] {
        CartoLaunchEnvironment(stubURL: baseURL, eventsURL: baseURL.appendingPathComponent("__carto/events"),
                               testMode: testMode, animationSpeed: animationSpeed).variables
    }

    // MARK: Stubbing

    /// Answers `method path` with `response`; returns the mapping's id. Newer stubs win over older ones of
    /// the same priority (1 is highest, 5 the default).
    @discardableResult
    public func stub(method: String = "GET", path: String, response: StubResponse, priority: Int = StubMapping.defaultPriority) async throws -> String {
        try await stub(try RequestMatch(method: method, path: path), response: response, priority: priority)
    }

    @discardableResult
    public func stub(_ match: RequestMatch, response: StubResponse, priority: Int = StubMapping.defaultPriority) async throws -> String {
        let mapping = StubMapping(request: match.pattern, response: response.definition, priority: priority)
        return try await add(mapping)
    }

    /// Answers the same request with each response in turn (a scenario); the last one repeats.
    @discardableResult
    public func stub(_ match: RequestMatch, responses: [StubResponse]) async throws -> [String] {
        let scenario = "carto-testkit-\(UUID().uuidString.prefix(8))"
        var ids: [String] = []
        for (i, r) in responses.enumerated() {
            var m = StubMapping(request: match.pattern, response: r.definition)
            m.scenarioName = scenario
            m.requiredScenarioState = i == 0 ? StubMapping.startedState : "step-\(i + 1)"
            if i + 1 < responses.count { m.newScenarioState = "step-\(i + 2)" }
            ids.append(try await add(m))
        }
        return ids
    }

    /// Adds a mapping written in WireMock's JSON.
    @discardableResult
    public func stub(mappingJSON: String) async throws -> String {
        let mapping: StubMapping
        do { mapping = try StubMapping(json: try JSONValue.parse(mappingJSON)) } catch {
            throw CartoTestKitError("invalid mapping: \(error)")
        }
        return try await add(mapping)
    }

    private func add(_ mapping: StubMapping) async throws -> String {
        let created = try await request("POST", "/__admin/mappings", body: mapping.json, expect: [201])
        await pause()
        return created["id"]?.stringValue ?? mapping.id
    }

    public func removeStub(id: String) async throws {
        _ = try await request("DELETE", "/__admin/mappings/\(id)", expect: [200])
    }

    // MARK: Verifying

    /// The requests the server received that match, oldest first.
    public func requests(_ match: RequestMatch) async throws -> [LoggedRequest] {
        let found = try await request("POST", "/__admin/requests/find", body: match.pattern.json, expect: [200])
        return (found["requests"]?.arrayValue ?? []).compactMap(Self.loggedRequest)
    }

    /// Checks how many matching requests arrived (exactly `count`, or at least one when nil); returns them.
    @discardableResult
    public func verify(method: String = "ANY", path: String, count: Int? = nil, bodyContains: String? = nil, bodyJSON: JSONValue? = nil) async throws -> [LoggedRequest] {
        try await verify(try RequestMatch(method: method, path: path, bodyContains: bodyContains, bodyJSON: bodyJSON), count: count)
    }

    @discardableResult
    public func verify(_ match: RequestMatch, count: Int? = nil) async throws -> [LoggedRequest] {
        let found = try await requests(match)
        let ok = count.map { found.count == $0 } ?? !found.isEmpty
        if !ok {
            let all = try await request("GET", "/__admin/requests", expect: [200])
            let seen = (all["requests"]?.arrayValue ?? []).reversed().compactMap(Self.loggedRequest).map { "\($0.request.method) \($0.request.url)" }
            throw CartoTestKitError("expected \(count.map { "\($0)" } ?? "at least one") request\(count == 1 ? "" : "s") matching \(match.description), got \(found.count); the server received: \(seen.isEmpty ? "nothing" : seen.joined(separator: ", "))")
        }
        await pause()
        return found
    }

    private static func loggedRequest(_ j: JSONValue) -> LoggedRequest? {
        guard let r = j["request"], let method = r["method"]?.stringValue, let url = r["url"]?.stringValue else { return nil }
        let headers = (r["headers"]?.objectValue ?? []).flatMap { k, v in (v.arrayValue ?? [v]).map { (k, $0.text) } }
        let body = r["bodyAsBase64"]?.stringValue.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } ?? []
        let date = r["loggedDate"]?.doubleValue.map { Date(timeIntervalSince1970: $0 / 1000) } ?? Date()
        return LoggedRequest(id: j["id"]?.stringValue ?? "", request: StubRequest(method: method, url: url, headers: headers, body: body),
                             loggedDate: date, matchedMappingID: j["stubMappingId"]?.stringValue,
                             responseStatus: j["responseDefinition"]?["status"]?.intValue)
    }

    // MARK: App events

    /// Waits for the next event named `name` (and `value`, when given) that arrived after the previous wait
    /// (or the last reset) — at once if it already arrived, else as soon as the app posts it.
    @discardableResult
    public func wait(for name: String, value: String? = nil, timeout: Duration = .seconds(10)) async throws -> AppEvent {
        let after = lock.withLock { cursor }
        var query = "name=\(Self.escape(name))&after=\(after)&timeout=\(timeout.wholeMilliseconds)"
        if let value { query += "&value=\(Self.escape(value))" }
        let (status, doc) = try await send("GET", "/__carto/events/wait?\(query)", body: nil)
        guard status == 200, let e = doc["event"], let event = Self.appEvent(e) else {
            throw CartoTestKitError(doc["error"]?.stringValue ?? "waiting for \(name) failed with HTTP \(status)")
        }
        lock.withLock { cursor = max(cursor, event.sequence) }
        await pause()
        return event
    }

    /// Every event since the last reset.
    public func events() async throws -> [AppEvent] {
        let doc = try await request("GET", "/__carto/events", expect: [200])
        return (doc["events"]?.arrayValue ?? []).compactMap(Self.appEvent)
    }

    /// Posts an event as the app would (handy for tests of the test setup itself).
    @discardableResult
    public func post(event name: String, value: String? = nil) async throws -> AppEvent {
        var body: [(String, JSONValue)] = [("name", .string(name))]
        if let value { body.append(("value", .string(value))) }
        let doc = try await request("POST", "/__carto/events", body: .object(body), expect: [201])
        guard let e = Self.appEvent(doc) else { throw CartoTestKitError("unexpected answer to an event post: \(doc)") }
        return e
    }

    private static func appEvent(_ j: JSONValue) -> AppEvent? {
        guard let seq = j["sequence"]?.intValue, let name = j["name"]?.stringValue else { return nil }
        let date = j["time"]?.stringValue.flatMap { ISO8601DateFormatter.withMilliseconds.date(from: $0) } ?? Date()
        return AppEvent(sequence: seq, name: name, value: j["value"], date: date)
    }

    // MARK: Between tests

    /// Back to a clean server: mappings as the root's files define them, empty journal, scenarios at
    /// `Started`, no events. Call it in `setUp` (XCTest) or `init` (Swift Testing).
    public func reset() async throws {
        _ = try await request("POST", "/__admin/reset", expect: [200])
        let doc = try await request("GET", "/__carto/events", expect: [200])
        lock.withLock { cursor = doc["latestSequence"]?.intValue ?? 0 }
    }

    // MARK: HTTP

    private func pause() async {
        if let slowModeDelay { try? await Task.sleep(for: slowModeDelay) }
    }

    private static func escape(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? s
    }

    private func request(_ method: String, _ path: String, body: JSONValue? = nil, expect: Set<Int>) async throws -> JSONValue {
        let (status, doc) = try await send(method, path, body: body)
        guard expect.contains(status) else {
            throw CartoTestKitError("\(method) \(path) answered \(status): \(doc["error"]?.stringValue ?? doc.serialized())")
        }
        return doc
    }

    private func send(_ method: String, _ path: String, body: JSONValue?) async throws -> (Int, JSONValue) {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var r = HTTPClientRequest(url: base + path)
        r.method = HTTPMethod(rawValue: method)
        if let body {
            r.headers.add(name: "Content-Type", value: "application/json")
            r.body = .bytes(ByteBuffer(string: body.serialized()))
        }
        let response: HTTPClientResponse
        do { response = try await client.execute(r, timeout: .seconds(660)) } catch {
            throw CartoTestKitError("the stub server at \(baseURL.absoluteString) did not answer \(method) \(path) (\(error))")
        }
        let bytes = try await response.body.collect(upTo: 256 << 20)
        let doc = bytes.readableBytes == 0 ? JSONValue.null : (try? JSONValue.parse(Array(bytes.readableBytesView))) ?? .string(String(buffer: bytes))
        return (Int(response.status.code), doc)
    }
}
