import CartoCore
import CartoDrivers
import CartoModel
import Foundation

/// Plays a journey back through a driver: before each step it waits until the app is idle (no fixed sleeps),
/// finds the target with locator fallback (polling while the screen is still changing, up to the step timeout),
/// acts, and records pass or fail with a screenshot on failure.
public final class Replayer {
    public struct Options: Sendable {
        public var wait: WaitPolicy = .standard
        /// How long a step may wait for its target to appear (or a verification to hold).
        public var stepTimeoutSeconds: Double = 5
        /// Values for `${NAME}` in typed text.
        public var variables: [String: String] = [:]
        /// Adds `NAME=VALUE` pairs (the CLI's `--var`, for `carto replay` and `carto crawl --setup`).
        public mutating func addVariables(_ specs: [String]) throws {
            for v in specs {
                guard let eq = v.firstIndex(of: "=") else { throw CartoError("--var \(v): expected NAME=VALUE") }
                variables[String(v[..<eq])] = String(v[v.index(after: eq)...])
            }
        }
        /// Where failure screenshots go (nil: none).
        public var screenshotFolder: URL?
        /// Go on after a failed step (later steps may fail as a consequence).
        public var continueAfterFailure = false
        public init() {}
    }

    public struct StepResult: Codable, Sendable, Equatable {
        public enum Status: String, Codable, Sendable { case passed, failed, skipped }
        public var index: Int
        public var summary: String
        public var status: Status
        /// Which locator found the target (`id`, `label`, `text`, `path`).
        public var matchedBy: LocatorResolver.Match?
        /// Found by another locator than the first the step lists: the script is ageing (nil for steps without a target).
        public var fallback: Bool?
        public var milliseconds: Double
        public var message: String?
        public var screenshot: String?
    }

    public struct Result: Codable, Sendable, Equatable {
        public var script: String
        public var steps: [StepResult]
        public var seconds: Double
        public var passed: Bool { steps.allSatisfy { $0.status == .passed } }
        /// Steps that matched only through a fallback locator.
        public var fallbacks: [StepResult] { steps.filter { $0.fallback == true } }
    }

    private let driver: AppDriver
    private let options: Options
    public init(driver: AppDriver, options: Options = Options()) { self.driver = driver; self.options = options }

    struct StepFailure: Error { var message: String }

    /// Runs every step from a fresh start of the app; `progress` hears about each finished step.
    public func run(_ script: JourneyScript, name: String, progress: (StepResult) -> Void = { _ in }) throws -> Result {
        let started = Date()
        try driver.restart()
        var results: [StepResult] = []
        var failed = false
        for (i, step) in script.steps.enumerated() {
            if failed && !options.continueAfterFailure {
                let r = StepResult(index: i + 1, summary: step.summary, status: .skipped, matchedBy: nil, fallback: nil, milliseconds: 0, message: "an earlier step failed", screenshot: nil)
                results.append(r); progress(r)
                continue
            }
            let t0 = Date()
            var result = StepResult(index: i + 1, summary: step.summary, status: .passed, matchedBy: nil, fallback: nil, milliseconds: 0, message: nil, screenshot: nil)
            do {
                result.matchedBy = try perform(step)
                if let matched = result.matchedBy, let target = step.target { result.fallback = matched != LocatorResolver.primary(of: target) }
            } catch let failure as StepFailure {
                result.status = .failed; result.message = failure.message
            } catch let error as WebDriverError where error.endsSession {
                throw CartoError("the driver stopped answering at step \(i + 1) (\(step.summary)): \(error.message)", status: .driverError)
            } catch {
                result.status = .failed; result.message = "\(error)"
            }
            result.milliseconds = (Date().timeIntervalSince(t0) * 1000).rounded()
            if result.status == .failed {
                failed = true
                if let folder = options.screenshotFolder, let png = try? driver.screenshot() {
                    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let file = folder.appendingPathComponent("failure-step-\(i + 1).png")
                    if (try? png.write(to: file)) != nil { result.screenshot = file.path }
                }
            }
            results.append(result)
            progress(result)
        }
        return Result(script: name, steps: results, seconds: Date().timeIntervalSince(started))
    }

    /// Observes the app (after the idle wait) and gives `attempt` the screen, until it returns a value or the step
    /// timeout passes.
    private func poll<T>(_ attempt: (UISnapshot) throws -> T?) throws -> T? {
        let deadline = Date().addingTimeInterval(options.stepTimeoutSeconds)
        while true {
            let screen = try driver.observe(after: options.wait).snapshot
            if let value = try attempt(screen) { return value }
            if Date() >= deadline { return nil }
            // The screen is idle but not there yet (a timer, a server push): look again shortly.
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private func find(_ step: JourneyStep) throws -> (UIElement, LocatorResolver.Match) {
        guard let target = step.target else { throw StepFailure(message: "the step has no target") }
        if let found = try poll({ try LocatorResolver.resolve(target, component: step.component, in: $0, atLocator: driver.element(atLocator:)) }) {
            return found
        }
        let tried = [target.id.map { "id \"\($0)\"" }, target.label.map { "label \"\($0)\"" }, target.text.map { "text \"\($0)\"" }, target.path.map { "path \($0)" }]
            .compactMap { $0 }.joined(separator: ", ")
        let screen = (try? driver.observe(after: nil).snapshot.context.title) ?? nil
        throw StepFailure(message: "no \(step.component ?? "element") matching \(tried) on screen \"\(screen ?? "untitled")\" after \(options.stepTimeoutSeconds) s")
    }

    private func substitute(_ text: String) throws -> String {
        var out = text
        while let open = out.range(of: "${"), let close = out.range(of: "}", range: open.upperBound..<out.endIndex) {
            let name = String(out[open.upperBound..<close.lowerBound])
            guard let value = options.variables[name] ?? ProcessInfo.processInfo.environment[name] else {
                throw StepFailure(message: "no value for ${\(name)}; pass --var \(name)=… or set the environment variable \(name)")
            }
            out.replaceSubrange(open.lowerBound..<close.upperBound, with: value)
        }
        return out
    }

    private func perform(_ step: JourneyStep) throws -> LocatorResolver.Match? {
        let args = step.args ?? []
        guard case .action(let command) = step.command else {
            return try verify(step, what: args[0], expected: args.count > 1 ? args[1] : nil)
        }
        switch command {
        case .back:
            _ = try driver.waitForIdle(options.wait)
            try driver.perform(.back)
            return nil
        case .scroll:
            if step.target == nil { _ = try driver.waitForIdle(options.wait); try driver.perform(.scroll(nil)); return nil }
            let (e, via) = try find(step); try driver.perform(.scroll(e)); return via
        case .swipe:
            if step.target == nil { _ = try driver.waitForIdle(options.wait); try driver.perform(.swipe(nil, direction: args[0])); return nil }
            let (e, via) = try find(step); try driver.perform(.swipe(e, direction: args[0])); return via
        case .tap, .longPress, .doubleTap, .type, .submit, .setValue:
            let (e, via) = try find(step)
            switch command {
            case .doubleTap: try driver.perform(.tap(e)); try driver.perform(.tap(e))
            case .type: try driver.perform(.type(e, text: try substitute(args[0])))
            case .submit: try driver.perform(.submit(e))
            case .setValue:
                let value = try substitute(args[0])
                if [.checkbox, .toggle, .radio].contains(e.role) {
                    let on = value == "on" || value == "true" || value == "1"
                    let isOn = e.value == "true" || e.value == "1" || e.value == "on"
                    if on != isOn { try driver.perform(.tap(e)) }
                } else {
                    try driver.perform(.setValue(e, value: value))
                }
            default: try driver.perform(.tap(e))   // tap; a long press is a tap to the drivers
            }
            return via
        }
    }

    private func verify(_ step: JourneyStep, what: String, expected: String?) throws -> LocatorResolver.Match? {
        switch what {
        case "screen":
            var last: String?
            let ok = try poll { screen -> Bool? in
                last = screen.context.title
                return last == expected ? true : nil
            }
            if ok == nil { throw StepFailure(message: "expected screen \"\(expected ?? "")\", found \"\(last ?? "untitled")\"") }
            return nil
        case "text":
            let needle = try substitute(expected ?? "")
            if try poll({ _ in try driver.visibleText().contains(needle) ? true : nil }) == nil {
                throw StepFailure(message: "the screen does not show \"\(needle)\" after \(options.stepTimeoutSeconds) s")
            }
            return nil
        case "exists":
            return try find(step).1
        case "absent":
            let target = step.target!
            let gone = try poll { screen -> Bool? in
                try LocatorResolver.resolve(target, component: step.component, in: screen, atLocator: driver.element(atLocator:)) == nil ? true : nil
            }
            if gone == nil { throw StepFailure(message: "\(step.summary): still on screen after \(options.stepTimeoutSeconds) s") }
            return nil
        default: // value
            let (e, via) = try find(step)
            let wanted = try substitute(expected ?? "")
            if e.value != wanted { throw StepFailure(message: "expected value \"\(wanted)\", found \"\(e.value ?? "")\"") }
            return via
        }
    }
}

/// Replay results as text lines and JUnit XML.
public enum ReplayReport {
    public static func line(_ r: Replayer.StepResult) -> String {
        let mark = r.status == .passed ? "✓" : r.status == .failed ? "✗" : "-"
        var out = "\(mark) \(r.index). \(r.summary)"
        if r.status != .skipped { out += " (\(Int(r.milliseconds)) ms" + (r.fallback == true ? r.matchedBy.map { ", found by \($0.rawValue)" } ?? "" : "") + ")" }
        if let m = r.message, r.status == .failed { out += "\n    \(m)" }
        if let s = r.screenshot { out += "\n    screenshot: \(s)" }
        return out
    }

    public static func junit(_ result: Replayer.Result) -> JUnitXML {
        JUnitXML(suite: "carto replay \(result.script)", seconds: result.seconds, cases: result.steps.map { s in
            var c = JUnitXML.Case(classname: "replay." + (result.script as NSString).lastPathComponent, name: "\(s.index). \(s.summary)", seconds: s.milliseconds / 1000)
            if s.status == .failed { c.failure = ("step failed", s.message ?? "failed", s.message ?? "") }
            if s.status == .skipped { c.skipped = s.message ?? "skipped" }
            if let shot = s.screenshot { c.attachments = [shot] }
            return c
        })
    }
}
