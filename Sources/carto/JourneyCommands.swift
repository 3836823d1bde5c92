import ArgumentParser
import CartoCore
import CartoDrivers
import CartoExplore
import CartoJourneys
import CartoModel
import Foundation

/// `carto record`: record what a person does in the browser as a journey script and an interaction log.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record interactions in Chromium as a replayable script (JSON and YAML) and an interaction log.",
        discussion: """
        Opens URL with a recorder in the page. Use the app; stop with Ctrl-C (or --duration). OUTPUT receives script.json, \
        script.yaml (the same script, readable), log.jsonl (carto.interaction/1, text masked unless --record-text) and \
        screenshots/. Both files are rewritten after every interaction, so an interrupted recording keeps what was done. \
        Password fields become ${SECRET_…} variables in the script: replay takes them from --var or the environment.
        Exit codes: 0 recorded, 2 bad input, 3 the browser went away (what was recorded is kept).
        """
    )
    @Argument(help: "The web app's address.")
    var url: String
    @Option(name: .shortAndLong, help: "Output folder.")
    var output: String = "carto-recording"
    @Option(help: "A running chromedriver, local or remote: http(s)://[USER:PASSWORD@]HOST:PORT[/PATH] (default: start one).")
    var webdriver: String?
    @Option(help: "A PEM file of certificates to trust for an https --webdriver (besides the system's).")
    var cacert: String?
    @Option(help: "Stop after this many seconds.")
    var duration: Double?
    @Flag(help: "Run Chromium without a window (for recordings driven by another program through --webdriver).")
    var headless = false
    @Flag(help: "Desktop-sized window instead of iPhone emulation.")
    var desktop = false
    @Flag(name: .customLong("record-text"), help: "Keep typed text in the log (never for password fields).")
    var recordText = false
    @Flag(name: .customLong("no-screenshots"), help: "No screenshots.")
    var noScreenshots = false
    @Flag(help: "No progress on stderr.")
    var quiet = false

    func run() throws {
        let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"] != nil || ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] != nil
        #if os(Linux)
        if !headless && !hasDisplay { throw CartoError("no display to show Chromium on (DISPLAY is not set); run on a desktop, or pass --headless with --duration") }
        #endif
        var target = DriverTarget(platform: .web, start: url, webdriver: webdriver, cacert: cacert)
        target.desktop = desktop
        target.headless = headless
        guard let driver = try target.open() as? BrowserDriver else {
            throw CartoError("carto record works with web apps in Chromium")
        }
        defer { driver.close() }
        var options = JourneyRecorder.Options()
        options.recordText = recordText
        options.screenshots = !noScreenshots
        let recorder = try JourneyRecorder(driver: driver, output: URL(fileURLWithPath: output), options: options)
        final class Stop: @unchecked Sendable { var requested = false }
        let stop = Stop()
        let signals = SignalForwarder { first in if first { stop.requested = true } else { Foundation.exit(130) } }
        defer { signals.cancel() }
        if !quiet { StandardError.write("carto record: recording \(url) into \(output) — use the app, then Ctrl-C\n") }
        let deadline = duration.map { Date().addingTimeInterval($0) }
        var failure: Error?
        while !stop.requested, deadline.map({ Date() < $0 }) ?? true {
            do {
                let count = try recorder.poll()
                if count > 0, !quiet { StandardError.write("carto record: \(recorder.script.steps.count) steps\r") }
            } catch {
                failure = error   // the window was closed or the browser died: keep what was recorded
                break
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let script = failure == nil ? try recorder.finish() : recorder.script
        if !quiet { StandardError.write("\ncarto record: \(script.steps.count) steps → \(output)/script.json, \(output)/script.yaml, \(output)/log.jsonl\n") }
        if let failure { throw CartoError("the browser stopped answering (\(failure)); the \(script.steps.count) steps recorded so far are saved in \(output)", status: .driverError) }
    }
}

/// `carto replay`: play a script back and report per step.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Play a recorded or written journey script back, with locator fallback and idle waiting.",
        discussion: """
        Each step waits until the app is idle, finds its target by identifier, label, text, then type-and-index path, \
        acts, and checks `verify` steps. Prints one line per step; --junit writes JUnit XML; a failed step gets a screenshot.
        Exit codes: 0 every step passed, 1 a step failed, 2 bad input (unreadable or invalid script), 3 the driver went away.
        """
    )
    @Argument(help: "The script (.json, .yaml or .yml).")
    var script: String
    @Option(help: "Start here instead of the script's start URL (the same app served elsewhere).")
    var url: String?
    @Option(help: "WebDriver server: a running chromedriver, or Appium for iOS; local or remote: http(s)://[USER:PASSWORD@]HOST:PORT[/PATH].")
    var webdriver: String?
    @Option(help: "A PEM file of certificates to trust for an https --webdriver (besides the system's).")
    var cacert: String?
    @Option(name: .customLong("bundle-id"), help: "iOS app (with --webdriver), instead of the script's start.")
    var bundleID: String?
    @Option(name: .customLong("var"), help: "A value for ${NAME} in the script: NAME=VALUE (repeatable; the environment is used too).")
    var variables: [String] = []
    @Option(help: "JUnit XML report file.")
    var junit: String?
    @Option(name: .customLong("screenshots"), help: "Folder for failure screenshots.")
    var screenshots: String = "carto-replay"
    @Option(name: .customLong("step-timeout"), help: "Seconds a step may wait for its target.")
    var stepTimeout: Double = 5
    @Option(help: "Idle policy before each step: idle, idle:QUIET_MS:TIMEOUT_MS.")
    var wait: String = "idle"
    @Flag(name: .customLong("continue"), help: "Go on after a failed step.")
    var continueAfterFailure = false
    @Flag(help: "Desktop-sized browser instead of iPhone emulation.")
    var desktop = false
    @Option(help: "Output format for the results: text or json.")
    var format: String = "text"

    func run() throws {
        let journey = try JourneyScript.read(script)
        guard ["text", "json"].contains(format) else { throw CartoError("--format \(format): expected text or json") }
        var options = Replayer.Options()
        options.stepTimeoutSeconds = stepTimeout
        options.continueAfterFailure = continueAfterFailure
        options.screenshotFolder = URL(fileURLWithPath: screenshots)
        options.wait = try WaitPolicy(parsing: wait)
        try options.addVariables(variables)
        let platform: AppPlatform = bundleID != nil || journey.platform == "ios" ? .ios : .web
        var target = DriverTarget(platform: platform, start: platform == .ios ? bundleID ?? url ?? journey.start : url ?? journey.start,
                                  webdriver: webdriver, cacert: cacert)
        target.desktop = desktop
        let driver = try target.open()
        defer { driver.close() }
        let format = format
        let result = try Replayer(driver: driver, options: options).run(journey, name: script) { step in
            if format == "text" { FileHandle.standardOutput.write(Data((ReplayReport.line(step) + "\n").utf8)) }
        }
        if format == "json" {
            print(try JSONOutput.string(result), terminator: "")
        } else {
            let passed = result.steps.filter { $0.status == .passed }.count
            print("\(passed) of \(result.steps.count) steps passed in \(String(format: "%.1f", result.seconds)) s" + (result.fallbacks.isEmpty ? "" : "; \(result.fallbacks.count) found only by a fallback locator (update the script)"))
        }
        if let junit { try ReplayReport.junit(result).write(to: junit) }
        if !result.passed { throw ExitCode(ExitStatus.findings.rawValue) }
    }
}

/// `carto gen`: test code from a script or a crawled model.
struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Generate XCUITest or Maestro tests, or a journey script, from a journey script or a path through a crawled model.",
        subcommands: [XCUITest.self, Maestro.self, Journey.self]
    )

    struct Source: ParsableArguments {
        @Argument(help: "A journey script (.json/.yaml) or a crawl model (model.json from carto crawl).")
        var input: String
        @Option(name: .customLong("to"), help: "With a crawl model: the state to reach (id such as s3, or its title).")
        var state: String?
        @Option(name: .shortAndLong, help: "Write here instead of stdout.")
        var output: String?

        func journey() throws -> JourneyScript {
            guard let data = FileManager.default.contents(atPath: input) else { throw CartoError("\(input): cannot read; check the path") }
            if input.hasSuffix(".json"), let model = try? JSONDecoder().decode(CrawlModel.self, from: data) {
                guard let state else { throw CartoError("\(input) is a crawl model: pass --to STATE (a state id such as s3, or its title)") }
                return try ModelJourney.path(in: model, to: state)
            }
            if state != nil { throw CartoError("--to needs a crawl model (model.json); \(input) is a journey script") }
            return try JourneyScript.read(input)
        }

        func emit(_ text: String) throws {
            guard let output else { print(text, terminator: ""); return }
            do { try text.write(toFile: output, atomically: true, encoding: .utf8) } catch {
                throw CartoError("\(output): cannot write (\(error.localizedDescription))")
            }
        }
    }

    struct XCUITest: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "xcuitest", abstract: "A Swift XCTest UI test (XCUIApplication).")
        @OptionGroup var source: Source
        @Option(name: .customLong("class"), help: "Test class name.")
        var className: String = "RecordedJourneyTests"
        func run() throws { try source.emit(XCUITestGenerator.generate(try source.journey(), className: className)) }
    }

    struct Journey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "journey",
            abstract: "A carto.journey/1 script that reaches a state of a crawled model (replay it with carto replay).",
            discussion: "The shortest path from the start state, as the typed actions model.json recorded (every locator the crawler saw; passwords as ${SECRET_…} variables for --var), ending with a check of the state's title. -o FILE.yaml writes YAML, else JSON."
        )
        @OptionGroup var source: Source
        func run() throws {
            guard source.state != nil else { throw CartoError("carto gen journey needs a crawl model and --to STATE (a state id such as s3, or its title)") }
            let script = try source.journey()
            if let output = source.output { try script.write(to: output) } else { print(String(decoding: try script.encoded(as: .json), as: UTF8.self)) }
        }
    }

    struct Maestro: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "maestro", abstract: "A Maestro flow (YAML).")
        @OptionGroup var source: Source
        func run() throws { try source.emit(MaestroGenerator.generate(try source.journey())) }
    }
}
