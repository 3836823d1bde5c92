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
    /// The screen `perform(.back)` looks for a navigation bar in: the last one observed (the app has not changed
    /// since, or it would have been observed again).
    private var lastSnapshot: UISnapshot?
    /// The app state at the previous observation: a crash is reported when it changes, not at every look.
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

    /// One page source read per observation: WebDriverAgent answers it once the app is quiescent, which is the idle
    /// wait on this platform (see `waitForIdle`).
    public func observe(after policy: WaitPolicy?) throws -> Observation {
        let started = Date()
        if case .fixed(let ms)? = policy { _ = IdleOutcome.afterFixedDelay(milliseconds: ms) }
        let snapshot = try currentScreen()
        let idle = IdleOutcome(idle: true, waitedMilliseconds: policy == nil ? 0 : Date().timeIntervalSince(started) * 1000)
        let state = try appState()
        defer { lastAppState = state }
        var failures: [AppFailure] = []
        var outOfScope: String?
        if state != 4 {
            if lastAppState == 4 {
                failures.append(state <= 1
                    ? AppFailure(kind: "crash", message: "\(bundleID) stopped running", location: nil)
                    : AppFailure(kind: "left foreground", message: "\(bundleID) went to the background", location: nil))
            }
            outOfScope = state <= 1 ? "the app stopped running" : "the app left the foreground"
        }
        return Observation(snapshot: snapshot, idle: idle, failures: failures, outOfScope: outOfScope)
    }

    private func currentScreen() throws -> UISnapshot {
        let source = try client.pageSource()
        let snapshot = try IOSPageSource.parse(Data(source.utf8), source: "page source of \(bundleID)")
        lastSnapshot = snapshot
        return snapshot
    }

    /// The current screen, without the app-state check (tests and tools that only look).
    public func snapshot() throws -> UISnapshot { try currentScreen() }

    public func visibleText() throws -> String { try currentScreen().visibleText }

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
        case .setValue(let element, let value):
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

    /// WebDriverAgent waits for the app's quiescence (its `waitForIdleTimeout`, set at session start) before it reads
    /// the accessibility tree — for a page source, and for the element lookup of the next action alike. So between
    /// the actions of one event there is nothing more to wait for, and the observation's one page source is the wait.
    public func waitForIdle(_ policy: WaitPolicy) throws -> IdleOutcome {
        if case .fixed(let ms) = policy { return .afterFixedDelay(milliseconds: ms) }
        return IdleOutcome(idle: true, waitedMilliseconds: 0)
    }

    public func screenshot() throws -> Data { try client.screenshot() }

    /// `mobile: queryAppState`: 4 is running in the foreground; 1 not running (crashed or quit); 2, 3 background.
    private func appState() throws -> Int {
        (try mobile("queryAppState", ["bundleId": bundleID]) as? Int) ?? 4
    }

    public func close() {
        if client.sessionID != nil { client.endSession() }
    }

    deinit { close() }
}
