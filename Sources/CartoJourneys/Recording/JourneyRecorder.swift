import CartoCore
import CartoDrivers
import CartoProbe
import CartoModel
import Foundation

/// `carto record`: a person uses the app in the browser while the in-page recorder watches. Each drained batch
/// becomes interaction-log events (`log.jsonl`, schema carto.interaction/1, text masked unless asked otherwise)
/// and high-level commands (`script.json` and `script.yaml`), rewritten after every batch so nothing is lost if
/// the recording is cut short. Screenshots after screen changes and taps, at most one per `screenshotInterval`.
public final class JourneyRecorder {
    public struct Options: Sendable {
        /// Keep typed text in the log (never for password fields). The script always keeps non-secret text.
        public var recordText = false
        public var screenshotInterval: Double = 1
        public var screenshots = true
        /// End the script with a check of the final screen's title.
        public var verifyFinalScreen = true
        public var user = "recorder"
        public init() {}
    }

    /// One raw interaction from the page (see `BrowserScripts.recorder`).
    struct Raw: Decodable {
        var kind: String
        var ts: Double
        var screen: String?
        var container: String?
        var url: String?
        var width: Double?
        var height: Double?
        var phase: String?
        var x: Double?
        var y: Double?
        var pointer: Int?
        var gesture: String?
        var direction: String?
        var path: [[Double]]?
        var durationMs: Double?
        var recognised: Bool?
        var control: String?
        var value: String?
        var text: String?
        var length: Int?
        var secure: Bool?
        var dx: Double?
        var dy: Double?
        var connected: Bool?
        var network: String?
        var state: String?
        var target: RawTarget?
    }
    struct RawTarget: Decodable {
        var role: String
        var id: String?
        var label: String?
        var text: String?
        var path: String?
        var secure: Bool?
        var locators: Locators { Locators(id: id, label: label, text: text, path: path) }
        var interaction: InteractionTarget { InteractionTarget(id: id, label: label ?? text, type: role) }
    }

    public let output: URL
    public private(set) var script: JourneyScript
    private let driver: BrowserDriver
    private let options: Options
    private let logger: InteractionLogger
    private let clock = Clock()
    private var screen: String?
    private var lastShot = -Double.infinity
    private var shots = 0
    private var pendingText: [String: Int] = [:]   // field path → index of its type step, so re-edits update it

    final class Clock: @unchecked Sendable { var ms = Date().timeIntervalSince1970 * 1000 }

    /// Opens the start page with the recorder installed.
    public init(driver: BrowserDriver, output: URL, options: Options = Options()) throws {
        self.driver = driver
        self.output = output
        self.options = options
        do { try FileManager.default.createDirectory(at: output.appendingPathComponent("screenshots"), withIntermediateDirectories: true) } catch {
            throw CartoError("\(output.path): cannot create the output folder; check the path and permissions")
        }
        try driver.startRecording()
        try driver.restart()
        let size = (try? driver.viewport()) ?? (width: 390, height: 844)
        script = JourneyScript(platform: "web", start: driver.start, viewport: .init(width: size.width, height: size.height))
        var logOptions = InteractionLogger.Options()
        logOptions.recordText = options.recordText
        logOptions.flushEvery = 1   // the log is on disk as soon as an interaction is drained
        let clock = clock
        // A new recording into the same folder replaces the log; every recording is its own session.
        try? FileManager.default.removeItem(at: output.appendingPathComponent("log.jsonl"))
        logger = try InteractionLogger(directory: output, fileName: "log",
                                       info: .init(user: options.user, app: driver.start, platform: "web", screenWidth: size.width, screenHeight: size.height, consent: true),
                                       options: logOptions, clock: { clock.ms })
        try saveScript()
    }

    /// Drains what the page recorded since the last call; returns the number of interactions.
    @discardableResult
    public func poll() throws -> Int {
        let data: Data
        do { data = try driver.drainRecording() } catch let error as WebDriverError where error.code == "javascript error" {
            return 0   // a navigation replaced the document mid-call: its queue is in sessionStorage, read next time
        }
        let batch = try JSONDecoder().decode([Raw].self, from: data)
        var wantShot = false
        let stepsBefore = script.steps.count
        for raw in batch {
            clock.ms = raw.ts
            wantShot = handle(raw) || wantShot
        }
        if wantShot, options.screenshots, clock.ms - lastShot >= options.screenshotInterval * 1000, let png = try? driver.screenshot() {
            shots += 1
            let name = String(format: "screenshots/%04d.png", shots)
            if (try? png.write(to: output.appendingPathComponent(name))) != nil {
                lastShot = clock.ms
                logger.screenshot(file: name)
                if script.steps.count > stepsBefore { script.steps[script.steps.count - 1].screenshot = name }
            }
        }
        if script.steps.count != stepsBefore || !batch.isEmpty { try saveScript() }
        return batch.count
    }

    /// Returns true when the screen may have changed (worth a screenshot).
    private func handle(_ raw: Raw) -> Bool {
        switch raw.kind {
        case "screen":
            guard let name = raw.screen else { return false }
            if let previous = screen, previous != name { logger.screenDisappeared(previous) }
            screen = name
            logger.screenAppeared(name, container: raw.container)
            return true
        case "touch":
            logger.touch(phase: raw.phase ?? "began", x: raw.x ?? 0, y: raw.y ?? 0, pointer: raw.pointer ?? 0)
        case "tap":
            let target = raw.target
            logger.tap(x: raw.x ?? 0, y: raw.y ?? 0, recognised: raw.recognised ?? false, target: target?.interaction)
            guard raw.recognised == true, let target else { return false }
            logger.widgetClick(target.interaction, x: raw.x, y: raw.y)
            // Focusing a field or opening a select is not a step: the typing or the choice that follows is.
            if ["textField", "secureTextField", "searchField", "textView", "picker", "slider"].contains(target.role) { return false }
            add(JourneyStep(command: .action(.tap), component: target.role, target: target.locators, screen: screen))
            return true
        case "gesture":
            logger.gesture(raw.gesture ?? "gesture", x: raw.x ?? 0, y: raw.y ?? 0, recognised: raw.recognised ?? false, direction: raw.direction,
                           path: raw.path, durationMs: raw.durationMs, target: raw.target?.interaction)
            if raw.gesture == "swipe", let direction = raw.direction, direction == "left" || direction == "right" {
                add(JourneyStep(command: .action(.swipe), component: raw.target?.role, target: raw.target?.locators, args: [direction], screen: screen))
                return true
            }
            if raw.gesture == "doubleTap", raw.recognised == true, let t = raw.target {
                add(JourneyStep(command: .action(.doubleTap), component: t.role, target: t.locators, screen: screen))
            }
        case "change":
            guard let target = raw.target else { return false }
            logger.controlChanged(target.interaction, control: raw.control ?? "control", value: raw.value ?? "")
            // Checkboxes and switches are recorded as the tap that turned them.
            if raw.control != "switch" && target.role != "radio" {
                add(JourneyStep(command: .action(.setValue), component: target.role, target: target.locators, args: [raw.value ?? ""], screen: screen))
            }
        case "text":
            guard let target = raw.target else { return false }
            let secure = raw.secure ?? target.secure ?? false
            logger.log(InteractionEventName.textEntry) { e in
                e.target = target.interaction; e.secure = secure; e.length = raw.length
                e.text = secure ? nil : raw.text   // the logger masks it unless recordText is on
            }
            // Secrets never go into the script: replay asks for them (--var or the environment).
            let value = secure ? "${\(Self.variableName(for: target))}" : (raw.text ?? "")
            let key = target.path ?? target.id ?? ""
            if let index = pendingText[key], index == script.steps.count - 1 {
                script.steps[index].args = [value]   // the same field edited again right away: one step
            } else {
                add(JourneyStep(command: .action(.type), component: target.role, target: target.locators, args: [value], screen: screen))
                pendingText[key] = script.steps.count - 1
            }
        case "submit":
            guard let target = raw.target else { return false }
            add(JourneyStep(command: .action(.submit), component: target.role, target: target.locators, screen: screen))
            return true
        case "scroll":
            logger.scroll(raw.target?.interaction, dx: raw.dx ?? 0, dy: raw.dy ?? 0)
        case "connectivity":
            logger.connectivity(connected: raw.connected ?? true, network: raw.network ?? "unknown")
        case "lifecycle":
            logger.lifecycle(raw.state ?? "foreground")
        default: break
        }
        return false
    }

    static func variableName(for target: RawTarget) -> String { target.locators.secretVariable }

    private func add(_ step: JourneyStep) { script.steps.append(step) }

    private func saveScript() throws {
        try script.write(to: output.appendingPathComponent("script.json").path)
        try script.write(to: output.appendingPathComponent("script.yaml").path)
    }

    /// Drains the last interactions, adds the final check, writes everything; returns the script.
    @discardableResult
    public func finish() throws -> JourneyScript {
        _ = try? poll()
        if options.verifyFinalScreen, !script.steps.isEmpty, let title = try? driver.snapshot().context.title {
            script.steps.append(JourneyStep(command: .verify, args: ["screen", title], screen: title))
        }
        clock.ms = Date().timeIntervalSince1970 * 1000
        try logger.end()
        try saveScript()
        return script
    }
}
