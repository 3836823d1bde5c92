import CartoCore
import Foundation

/// What the explorer and record/replay ask of an app, whatever drives it: a browser through chromedriver or an iOS
/// app through Appium/WebDriverAgent. Calls block; one thread drives one app.
///
/// The contract has no hidden order: `perform` acts, `observe` is the one look at the app after acting (the wait,
/// the screen, the failures since the previous observation, whether the app is still in scope), and no call leaves
/// state that changes what a later call returns except through the app itself.
public protocol AppDriver: AnyObject, Sendable {
    /// `web` or `ios`, written into models and logs.
    var platform: String { get }
    /// The origin a web app must stay in (`http://127.0.0.1:8080`); nil for native apps.
    var webOrigin: String? { get }
    /// What was opened: the start URL (web) or the bundle id (iOS).
    var start: String { get }
    /// Opens the app at its start screen with fresh state (first launch and every restart).
    func restart() throws
    /// Performs one user action. Throws `WebDriverError` when the element is gone or cannot be used.
    func perform(_ action: DriverAction) throws
    /// Waits as `policy` says (nil: not at all), then observes the app once. Elements carry locators for `perform`.
    func observe(after policy: WaitPolicy?) throws -> Observation
    /// Only waits (between the actions of one event): observes nothing, and nothing a later call returns depends on it.
    func waitForIdle(_ policy: WaitPolicy) throws -> IdleOutcome
    /// A PNG of the screen.
    func screenshot() throws -> Data
    /// Ends the session; safe to call twice.
    func close()
    /// The element a platform locator (`css selector:…`, `xpath:…`, `accessibility id:…`) finds on the current
    /// screen, or nil: replay's last fallback when identifier, label and text no longer match.
    func element(atLocator locator: String) throws -> UIElement?
    /// All text the screen shows (for `verify text` steps and invariants). Consumes no failures.
    func visibleText() throws -> String
}

extension AppDriver {
    public func element(atLocator locator: String) throws -> UIElement? { nil }
}

/// One look at the app after an action.
public struct Observation: Sendable {
    /// The screen, in the platform-neutral model.
    public var snapshot: UISnapshot
    /// How the wait before it ended (`idle: true, waitedMilliseconds: 0` when there was none).
    public var idle: IdleOutcome
    /// What went wrong in the app since the previous observation (script errors, HTTP 5xx pages, crashes).
    public var failures: [AppFailure]
    /// Why the app is outside what may be explored (another origin, another app, not running), or nil.
    public var outOfScope: String?
    /// Whether the app wrote data since the previous observation, in the same document (web: storage, cookies,
    /// IndexedDB, a request that is not a read); false where the platform cannot tell (iOS) and after a navigation
    /// (a page's load writes are not an event's).
    public var wroteData: Bool
    /// Whether the app went back in its history since the previous observation (web: a "←" button calling
    /// `history.back()`): where that lands depends on how the app was reached, not on the screen it was fired on.
    /// False where the platform cannot tell.
    public var wentBack: Bool
    /// What the app told the user in a system dialog since the previous observation (web: the texts of `alert`,
    /// `confirm` and `prompt`, answered at once): it answered the event, whatever the screen shows. Empty where
    /// the platform cannot tell.
    public var toldUser: [String]

    public init(snapshot: UISnapshot, idle: IdleOutcome = IdleOutcome(idle: true, waitedMilliseconds: 0), failures: [AppFailure] = [],
                outOfScope: String? = nil, wroteData: Bool = false, wentBack: Bool = false, toldUser: [String] = []) {
        self.snapshot = snapshot; self.idle = idle; self.failures = failures; self.outOfScope = outOfScope; self.wroteData = wroteData
        self.wentBack = wentBack; self.toldUser = toldUser
    }
}

extension UISnapshot {
    /// Labels and values of the visible elements, one per line (`visibleText()` where a platform has nothing better).
    public var visibleText: String {
        elements.filter(\.visible).flatMap { [$0.label, $0.value].compactMap { $0 } }.joined(separator: "\n")
    }
}

public enum DriverAction: Sendable, CustomStringConvertible {
    case tap(UIElement)
    case type(UIElement, text: String)
    /// Submits the form the field belongs to (Return / Enter in the field).
    case submit(UIElement)
    /// Scrolls a list or scroll view by about one screen; nil scrolls the screen itself.
    case scroll(UIElement?)
    case back
    /// Sets a control's value: a picker or select option, a slider position, a date.
    case setValue(UIElement, value: String)
    /// A swipe across the element (or the screen): `left`, `right`, `up`, `down`.
    case swipe(UIElement?, direction: String)

    public var description: String {
        switch self {
        case .tap(let e): return "tap \(ElementNaming.describe(e))"
        case .type(let e, let text): return "type \"\(text)\" into \(ElementNaming.describe(e))"
        case .submit(let e): return "submit \(ElementNaming.describe(e))"
        case .scroll(let e): return e.map { "scroll \(ElementNaming.describe($0))" } ?? "scroll screen"
        case .back: return "back"
        case .setValue(let e, let value): return "set \(ElementNaming.describe(e)) to \"\(value)\""
        case .swipe(let e, let direction): return "swipe \(direction)" + (e.map { " on \(ElementNaming.describe($0))" } ?? "")
        }
    }
}

public enum WaitPolicy: Sendable, Equatable, CustomStringConvertible {
    /// Wait until nothing is pending and the screen has been quiet for `quietMilliseconds`, at most `timeoutMilliseconds`.
    case idle(quietMilliseconds: Int, timeoutMilliseconds: Int)
    /// Sleep a fixed time after every event (the paper's 1 s delay, for comparison).
    case fixed(milliseconds: Int)

    /// One frame at 60 Hz of no structural change (after the frame that drew the last one), at most 5 s.
    public static let standard = WaitPolicy.idle(quietMilliseconds: defaultQuiet, timeoutMilliseconds: defaultTimeout)
    static let defaultQuiet = 16, defaultTimeout = 5_000

    /// `idle`, `idle:QUIET`, `idle:QUIET:TIMEOUT` or `fixed:MS`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ":").map(String.init)
        switch parts.first {
        case "fixed" where parts.count == 2 && Int(parts[1]).map({ $0 >= 0 }) == true:
            self = .fixed(milliseconds: Int(parts[1])!)
        case "idle" where parts.count <= 3 && parts.dropFirst().allSatisfy({ Int($0).map { $0 >= 0 } == true }):
            self = .idle(quietMilliseconds: parts.count > 1 ? Int(parts[1])! : Self.defaultQuiet,
                         timeoutMilliseconds: parts.count > 2 ? Int(parts[2])! : Self.defaultTimeout)
        default:
            throw CartoError("--wait \(text): expected idle, idle:QUIET_MS, idle:QUIET_MS:TIMEOUT_MS or fixed:MS")
        }
    }

    public var description: String {
        switch self {
        case .idle(let q, let t): return "idle:\(q):\(t)"
        case .fixed(let ms): return "fixed:\(ms)"
        }
    }
}

/// Saved as its text (`idle:16:5000`, `fixed:1000`), as `--wait` takes it.
extension WaitPolicy: Codable {
    public init(from decoder: Decoder) throws { try self.init(parsing: try decoder.singleValueContainer().decode(String.self)) }
    public func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(description)
    }
}

public struct IdleOutcome: Sendable, Equatable {
    /// False when the timeout passed with work still pending (the app never settled).
    public var idle: Bool
    public var waitedMilliseconds: Double
    /// What was still busy at the timeout (requests, timers, animations), for the log.
    public var busy: String?
    public init(idle: Bool, waitedMilliseconds: Double, busy: String? = nil) {
        self.idle = idle; self.waitedMilliseconds = waitedMilliseconds; self.busy = busy
    }

    /// Sleeps a fixed time: the paper's delay after every event, used only when `--wait fixed:MS` asks for it.
    public static func afterFixedDelay(milliseconds: Int) -> IdleOutcome {
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
        return IdleOutcome(idle: true, waitedMilliseconds: Double(milliseconds))
    }
}

/// Something that went wrong in the app under exploration (smoke testing).
public struct AppFailure: Codable, Hashable, Sendable {
    /// `uncaught error`, `unhandled rejection`, `console error`, `http 5xx`, `crash`, `left foreground`.
    public var kind: String
    public var message: String
    /// Where: script location or URL.
    public var location: String?
    public init(kind: String, message: String, location: String? = nil) { self.kind = kind; self.message = message; self.location = location }
}

/// Short human names for elements, shared by logs, reports and generated scripts.
public enum ElementNaming {
    public static func describe(_ e: UIElement) -> String {
        let name = [e.label, e.identifier, e.value].compactMap { $0 }.first { !$0.isEmpty }
        let kind = e.role == .other ? e.platformType : e.role.rawValue
        guard let name else { return kind }
        let short = name.count > 40 ? String(name.prefix(39)) + "…" : name
        return "\(kind) \"\(short)\""
    }
}
