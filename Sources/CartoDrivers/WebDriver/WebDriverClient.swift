import CartoCore
import Foundation

/// A W3C WebDriver error, with the spec's error code and a message a user can act on.
public struct WebDriverError: Error, CustomStringConvertible, Sendable {
    /// The spec's error code (`no such element`, `invalid session id`, …) or `transport` when the driver did not answer.
    public var code: String
    public var message: String
    public var httpStatus: Int?
    /// Why the server could not be talked to, when `code` is `transport`.
    public var transport: WebDriverTransportFailure?

    public init(code: String, message: String, httpStatus: Int?, transport: WebDriverTransportFailure? = nil) {
        self.code = code; self.message = message; self.httpStatus = httpStatus; self.transport = transport
    }

    /// The error for a command line: exit 2 when the address, certificate or credentials need correcting, else 3
    /// (the driver went away; a crawl's progress is saved and can be resumed).
    public var cartoError: CartoError {
        CartoError(description, status: transport?.isConfigurationError == true ? .inputError : .driverError)
    }

    /// A Chrome DevTools command failed (its message says why); the session goes on.
    public static let devToolsCode = "devtools error"

    /// Whether the session is gone: the server stopped answering or forgot the session. Errors of one command
    /// (a DevTools error, a script error, chromedriver's "unknown error" about a page) leave it usable.
    public var endsSession: Bool {
        switch code {
        case "transport", "invalid session id", "session not created": return true
        case "unknown error":
            let m = message.lowercased()
            return m.contains("chrome not reachable") || m.contains("disconnected") || m.contains("session deleted")
        default: return false
        }
    }

    public var description: String {
        if transport != nil { return message }
        switch code {
        case "no such element": return "element not found: \(message)"
        case "invalid session id": return "the WebDriver session ended (the driver or the app went away): \(message)"
        case "session not created": return "could not start a WebDriver session (is the browser/app installed and the driver version matching?): \(message)"
        case "timeout", "script timeout": return "timed out: \(message)"
        case "javascript error": return "script failed in the page: \(message)"
        case Self.devToolsCode: return "DevTools: \(message)"
        case "transport": return "the WebDriver server did not answer (is it running? restart it or check --webdriver): \(message)"
        case "element click intercepted": return "another element covers the target: \(message)"
        case "element not interactable": return "the element cannot be used (hidden or disabled): \(message)"
        case "stale element reference": return "the element left the page before it was used: \(message)"
        case "unexpected alert open": return "an alert is open and blocks the page: \(message)"
        case "unknown command", "unknown method": return "the driver does not support this command: \(message)"
        default: return "\(code): \(message)"
        }
    }
}

/// A blocking W3C WebDriver client (https://www.w3.org/TR/webdriver2/) over HTTP(S), local or remote (see
/// `WebDriverEndpoint`). Dialects (browser, iOS through Appium/WebDriverAgent) are built on top of it. Calls block:
/// a session issues one command at a time and waits for its answer, so there is nothing to gain from async here.
public final class WebDriverClient: @unchecked Sendable {
    // Mutable state (the session id) is only touched by the one thread driving the session.
    public let endpoint: WebDriverEndpoint
    public var baseURL: URL { endpoint.url }
    public private(set) var sessionID: String?
    private let requestTimeout: TimeInterval

    /// `CARTO_TRACE_WEBDRIVER=1`: every command and its duration on stderr.
    static let trace = ProcessInfo.processInfo.environment["CARTO_TRACE_WEBDRIVER"] == "1"

    public init(endpoint: WebDriverEndpoint, requestTimeout: TimeInterval = 60) {
        self.endpoint = endpoint
        self.requestTimeout = requestTimeout
    }

    /// A server without credentials or extra certificates (a local chromedriver, a test's fake driver).
    public convenience init(baseURL: URL, requestTimeout: TimeInterval = 60) {
        self.init(endpoint: WebDriverEndpoint(url: baseURL), requestTimeout: requestTimeout)
    }

    /// An element reference, as the spec encodes it.
    public struct Element: Hashable, Sendable {
        public var id: String
        static let key = "element-6066-11e4-a52e-4f735466cecf"
    }

    // MARK: - Transport

    /// Sends one command; returns the response's `value`. Maps spec errors and transport failures to `WebDriverError`.
    @discardableResult
    public func command(_ method: String, _ path: String, _ body: Any? = nil, timeout: TimeInterval? = nil) throws -> Any {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let response: WebDriverTransport.Response
        let started = Date()
        defer {
            if Self.trace {
                let cdp = (body as? [String: Any])?["cmd"] as? String
                StandardError.write(String(format: "webdriver %@ %@%@ %.1f ms\n", method, path, cdp.map { " " + $0 } ?? "", Date().timeIntervalSince(started) * 1000))
            }
        }
        do {
            response = try WebDriverTransport.send(endpoint, method: method, path: path, body: payload, timeout: timeout ?? requestTimeout)
        } catch {
            throw WebDriverError(code: "transport", message: error.message(endpoint), httpStatus: nil, transport: error)
        }
        let data = response.body
        let status = response.status
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        let value = object?["value"] ?? NSNull()
        if status >= 400 || (value as? [String: Any])?["error"] != nil {
            let v = value as? [String: Any]
            let code = v?["error"] as? String ?? "unknown error"
            let message = (v?["message"] as? String).map { String($0.split(separator: "\n").first ?? "") } ?? String(decoding: data.prefix(200), as: UTF8.self)
            throw WebDriverError(code: code, message: message, httpStatus: status)
        }
        return value
    }

    func sessionPath(_ suffix: String) throws -> String {
        guard let id = sessionID else { throw WebDriverError(code: "invalid session id", message: "no session started", httpStatus: nil) }
        return "session/\(id)" + suffix
    }

    // MARK: - Sessions

    /// Whether the driver is up and accepts new sessions (`GET /status`).
    public func isReady() -> Bool {
        guard let value = try? command("GET", "status") as? [String: Any] else { return false }
        return value["ready"] as? Bool ?? false
    }

    /// Starts a session with W3C `capabilities.alwaysMatch`; returns the capabilities the driver granted.
    @discardableResult
    public func startSession(capabilities: [String: Any]) throws -> [String: Any] {
        let value = try command("POST", "session", ["capabilities": ["alwaysMatch": capabilities]])
        guard let v = value as? [String: Any], let id = v["sessionId"] as? String else {
            throw WebDriverError(code: "session not created", message: "the driver returned no session id", httpStatus: nil)
        }
        sessionID = id
        return v["capabilities"] as? [String: Any] ?? [:]
    }

    public func endSession() {
        guard let path = try? sessionPath("") else { return }
        _ = try? command("DELETE", path)
        sessionID = nil
    }

    /// Script, page-load and implicit-wait timeouts in milliseconds.
    public func setTimeouts(script: Int? = nil, pageLoad: Int? = nil, implicit: Int? = nil) throws {
        var body: [String: Any] = [:]
        if let script { body["script"] = script }
        if let pageLoad { body["pageLoad"] = pageLoad }
        if let implicit { body["implicit"] = implicit }
        try command("POST", try sessionPath("/timeouts"), body)
    }

    // MARK: - Navigation and scripts

    public func navigate(to url: String) throws { try command("POST", try sessionPath("/url"), ["url": url]) }
    public func currentURL() throws -> String { try command("GET", try sessionPath("/url")) as? String ?? "" }
    public func title() throws -> String { try command("GET", try sessionPath("/title")) as? String ?? "" }
    /// The current window's handle (for chromedriver: the page's DevTools target id).
    public func windowHandle() throws -> String { try command("GET", try sessionPath("/window")) as? String ?? "" }
    public func back() throws { try command("POST", try sessionPath("/back")) }
    public func pageSource() throws -> String { try command("GET", try sessionPath("/source")) as? String ?? "" }

    /// Runs a synchronous script in the page; returns its JSON value.
    public func execute(_ script: String, arguments: [Any] = []) throws -> Any {
        try command("POST", try sessionPath("/execute/sync"), ["script": script, "args": arguments])
    }

    /// Runs an asynchronous script (the last argument is the completion callback).
    public func executeAsync(_ script: String, arguments: [Any] = []) throws -> Any {
        try command("POST", try sessionPath("/execute/async"), ["script": script, "args": arguments])
    }

    // MARK: - Elements

    public func findElement(using strategy: String = "css selector", _ selector: String) throws -> Element {
        let value = try command("POST", try sessionPath("/element"), ["using": strategy, "value": selector])
        guard let v = value as? [String: Any], let id = v[Element.key] as? String else {
            throw WebDriverError(code: "no such element", message: selector, httpStatus: nil)
        }
        return Element(id: id)
    }

    public func findElements(using strategy: String = "css selector", _ selector: String) throws -> [Element] {
        let value = try command("POST", try sessionPath("/elements"), ["using": strategy, "value": selector])
        return (value as? [[String: Any]] ?? []).compactMap { ($0[Element.key] as? String).map(Element.init) }
    }

    /// Finds a snapshot element again by its locator (`strategy:value`, e.g. `css selector:#send`, `accessibility id:Send`).
    public func find(_ element: UIElement) throws -> Element {
        guard let locator = element.locator, let colon = locator.firstIndex(of: ":") else {
            throw WebDriverError(code: "no such element", message: "\(ElementNaming.describe(element)) has no locator", httpStatus: nil)
        }
        return try findElement(using: String(locator[..<colon]), String(locator[locator.index(after: colon)...]))
    }

    public func click(_ e: Element) throws { try command("POST", try sessionPath("/element/\(e.id)/click")) }
    public func clear(_ e: Element) throws { try command("POST", try sessionPath("/element/\(e.id)/clear")) }
    public func sendKeys(_ text: String, to e: Element) throws {
        try command("POST", try sessionPath("/element/\(e.id)/value"), ["text": text])
    }
    public func text(of e: Element) throws -> String { try command("GET", try sessionPath("/element/\(e.id)/text")) as? String ?? "" }
    public func attribute(_ name: String, of e: Element) throws -> String? {
        try command("GET", try sessionPath("/element/\(e.id)/attribute/\(name)")) as? String
    }

    /// W3C actions (pointer and key sequences), for scrolls, swipes and long presses.
    public func performActions(_ actions: [[String: Any]]) throws {
        try command("POST", try sessionPath("/actions"), ["actions": actions])
    }

    /// A tap with a touch pointer at the centre of an element.
    public func tap(_ e: Element) throws {
        try performActions([[
            "type": "pointer", "id": "finger", "parameters": ["pointerType": "touch"],
            "actions": [
                ["type": "pointerMove", "duration": 0, "origin": e.json, "x": 0, "y": 0],
                ["type": "pointerDown", "button": 0],
                ["type": "pointerUp", "button": 0],
            ],
        ]])
    }

    /// A swipe with a touch pointer from one point to another.
    public func swipe(from: (x: Int, y: Int), to: (x: Int, y: Int), durationMilliseconds: Int = 250) throws {
        try performActions([[
            "type": "pointer", "id": "finger", "parameters": ["pointerType": "touch"],
            "actions": [
                ["type": "pointerMove", "duration": 0, "x": from.x, "y": from.y],
                ["type": "pointerDown", "button": 0],
                ["type": "pointerMove", "duration": durationMilliseconds, "x": to.x, "y": to.y],
                ["type": "pointerUp", "button": 0],
            ],
        ]])
    }


    /// Presses keys on the focused element (W3C key codes, e.g. `WebDriverClient.Key.enter`).
    public enum Key {
        public static let enter = "\u{E007}"
        public static let tab = "\u{E004}"
    }

    /// A wheel scroll at a viewport point (the browser dialect's list scrolling).
    public func wheel(atX x: Int, y: Int, deltaY: Int) throws {
        try performActions([[
            "type": "wheel", "id": "wheel",
            "actions": [["type": "scroll", "x": x, "y": y, "deltaX": 0, "deltaY": deltaY, "duration": 0, "origin": "viewport"]],
        ]])
    }

    // MARK: - Alerts (browser dialogs, iOS system alerts)

    /// The open alert's text, or nil when none is open.
    public func alertText() throws -> String? {
        do { return try command("GET", try sessionPath("/alert/text")) as? String } catch let e as WebDriverError where e.code == "no such alert" { return nil }
    }
    public func acceptAlert() throws { try command("POST", try sessionPath("/alert/accept")) }
    public func dismissAlert() throws { try command("POST", try sessionPath("/alert/dismiss")) }

    // MARK: - Vendor extensions

    /// A Chrome DevTools command through chromedriver (`goog/cdp/execute`).
    @discardableResult
    public func chromeDevTools(_ cmd: String, _ params: [String: Any] = [:]) throws -> Any {
        try command("POST", try sessionPath("/goog/cdp/execute"), ["cmd": cmd, "params": params])
    }

    /// Appium settings (`waitForIdleTimeout`, `animationCoolOffTimeout`, … for WebDriverAgent).
    public func updateAppiumSettings(_ settings: [String: Any]) throws {
        try command("POST", try sessionPath("/appium/settings"), ["settings": settings])
    }

    /// A PNG screenshot of the viewport.
    public func screenshot() throws -> Data {
        guard let base64 = try command("GET", try sessionPath("/screenshot")) as? String, let data = Data(base64Encoded: base64) else {
            throw WebDriverError(code: "unknown error", message: "the driver returned no screenshot", httpStatus: nil)
        }
        return data
    }
}

extension WebDriverClient.Element {
    /// The element as a script argument.
    public var json: [String: String] { [Self.key: id] }
}
