import CartoCore
import Foundation

/// The iOS dialect: an app driven through Appium's XCUITest driver (WebDriverAgent on the device or simulator).
/// Snapshots are XML page sources; back is the navigation bar's back button; restart is terminate + activate.
public final class IOSDriver: AppDriver, @unchecked Sendable {
    public let platform = "ios"
    public let webOrigin: String? = nil
    public let client: WebDriverClient
    public let bundleID: String
    public var start: String { bundleID }
    private var lastSnapshot: UISnapshot?
    private var pendingFailures: [AppFailure] = []
    private var lastAppState = 4

    /// Starts a session on Appium (`webdriver`) for the installed app `bundleID`.
    public convenience init(webdriver: URL, bundleID: String, extraCapabilities: [String: Any] = [:]) throws {
        try self.init(endpoint: WebDriverEndpoint(url: webdriver), bundleID: bundleID, extraCapabilities: extraCapabilities)
    }

    /// Starts a session on Appium at `endpoint` (this machine, another Mac, a device cloud) for the app `bundleID`.
    public init(endpoint: WebDriverEndpoint, bundleID: String, extraCapabilities: [String: Any] = [:]) throws {
        client = WebDriverClient(endpoint: endpoint)
        self.bundleID = bundleID
        var capabilities: [String: Any] = [
            "platformName": "iOS", "appium:automationName": "XCUITest", "appium:bundleId": bundleID,
            "appium:noReset": true, "appium:newCommandTimeout": 300,
        ]
        capabilities.merge(extraCapabilities) { _, new in new }
        try client.startSession(capabilities: capabilities)
        // WDA's own quiescence check, bounded so a looping animation cannot stall every command.
        try? client.updateAppiumSettings(["waitForIdleTimeout": 2, "animationCoolOffTimeout": 0.5])
    }

    private func mobile(_ command: String, _ arguments: [String: Any] = [:]) throws -> Any {
        try client.execute("mobile: \(command)", arguments: [arguments])
    }

    public func restart() throws {
        _ = try? mobile("terminateApp", ["bundleId": bundleID])
        _ = try mobile("activateApp", ["bundleId": bundleID])
    }

    public func snapshot() throws -> UISnapshot {
        let source = try client.pageSource()
        let snapshot = try IOSPageSource.parse(Data(source.utf8), source: "page source of \(bundleID)")
        lastSnapshot = snapshot
        return snapshot
    }

    public func perform(_ action: DriverAction) throws {
        switch action {
        case .tap(let element):
            try client.click(try client.find(element))
        case .type(let element, let text):
            let handle = try client.find(element)
            try client.click(handle)
            try? client.clear(handle)
            try client.sendKeys(text, to: handle)
        case .submit(let element):
            try client.sendKeys("\n", to: try client.find(element))
        case .scroll(let element):
            var arguments: [String: Any] = ["direction": "down"]
            if let element { arguments["elementId"] = try client.find(element).id }
            _ = try mobile("scroll", arguments)
        case .back:
            if let bar = lastSnapshot?.elements.first(where: { $0.role == .navigationBar && $0.visible }),
               let button = bar.navigationBackButton {
                try client.click(try client.find(button))
            } else {
                try client.back()
            }
        case .adjust(let element, let value):
            // Picker wheels take the row's text, sliders a normalised position, date pickers their text.
            try client.sendKeys(value, to: try client.find(element))
        case .swipe(let element, let direction):
            var arguments: [String: Any] = ["direction": direction]
            if let element { arguments["elementId"] = try client.find(element).id }
            _ = try mobile("swipe", arguments)
        }
    }

    public func element(atLocator locator: String) throws -> UIElement? {
        guard let colon = locator.firstIndex(of: ":") else { return nil }
        let found = try client.findElements(using: String(locator[..<colon]), String(locator[locator.index(after: colon)...]))
        guard !found.isEmpty else { return nil }
        return UIElement(role: .other, platformType: "XCUIElementTypeOther", locator: locator)
    }

    /// WDA waits for the app's quiescence before answering; on top of that the page source must be the same twice.
    public func waitForIdle(_ policy: WaitPolicy) throws -> IdleOutcome {
        switch policy {
        case .fixed(let ms):
            return .afterFixedDelay(milliseconds: ms)
        case .idle(_, let timeout):
            let started = Date()
            var previous = try client.pageSource()
            while Date().timeIntervalSince(started) * 1000 < Double(timeout) {
                let current = try client.pageSource()
                if current == previous { return IdleOutcome(idle: true, waitedMilliseconds: Date().timeIntervalSince(started) * 1000) }
                previous = current
            }
            return IdleOutcome(idle: false, waitedMilliseconds: Date().timeIntervalSince(started) * 1000, busy: "page source still changing")
        }
    }

    public func screenshot() throws -> Data { try client.screenshot() }

    /// `mobile: queryAppState`: 4 is running in the foreground; 1 not running (crashed or quit); 2, 3 background.
    private func appState() throws -> Int {
        (try mobile("queryAppState", ["bundleId": bundleID]) as? Int) ?? 4
    }

    public func takeFailures() throws -> [AppFailure] {
        defer { pendingFailures.removeAll() }
        return pendingFailures
    }

    public func outOfScope() throws -> String? {
        let state = try appState()
        defer { lastAppState = state }
        guard state != 4 else { return nil }
        if lastAppState == 4 {
            pendingFailures.append(state <= 1
                ? AppFailure(kind: "crash", message: "\(bundleID) stopped running", location: nil)
                : AppFailure(kind: "left foreground", message: "\(bundleID) went to the background", location: nil))
        }
        return state <= 1 ? "the app stopped running" : "the app left the foreground"
    }

    public func close() {
        if client.sessionID != nil { client.endSession() }
    }

    deinit { close() }
}
