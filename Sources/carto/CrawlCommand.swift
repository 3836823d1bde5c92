import ArgumentParser
import CartoCore
import CartoDrivers
import CartoHTTP
import CartoExplore
import CartoJourneys
import Foundation

extension CrawlStrategy: ExpressibleByArgument {}
extension RowPolicy: ExpressibleByArgument {}
extension ModelExport.Format: ExpressibleByArgument {}
extension AbstractionMode: ExpressibleByArgument {}
extension BrowserDriver.AnimationSpeed: ExpressibleByArgument {}

/// `carto crawl`: explore an app and infer its state-flow model.
struct CrawlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crawl",
        abstract: "Explore a web app (headless Chromium) or an iOS app (Appium/WebDriverAgent) and infer its state-flow model.",
        discussion: """
        TARGET is a URL, or a folder with index.html that carto serves on 127.0.0.1 for the crawl. Without --webdriver, carto starts chromedriver itself (Debian: chromium, chromium-driver) and stops it on exit, also on Ctrl-C: the first Ctrl-C finishes the current event and writes the outputs, a second one quits.

        iOS: --webdriver http://127.0.0.1:4723 --bundle-id com.example.App drives an installed app through Appium's XCUITest driver.

        Outputs in --output: model.json, crawl.xml, model.dot, model.graphml, report.html, screenshots/, log.jsonl and crawl.sqlite, the checkpoint: after an interruption, `carto crawl --resume DIR` continues.

        Exit codes: 0 explored without failures; 1 failures found (script errors, HTTP 5xx pages, crashes); 2 usage or input error; 3 the driver stopped answering (progress saved, resume later).
        """
    )

    @Argument(help: "URL or folder to crawl (omit with --resume).")
    var target: String?

    @Option(name: .shortAndLong, help: "Output folder (default: carto-crawl).")
    var output: String?

    @Option(help: "Continue the interrupted crawl in this output folder.")
    var resume: String?

    @Option(help: "WebDriver server: a running chromedriver, Appium for iOS, or a Selenium Grid / Appium hub; local or remote: http(s)://[USER:PASSWORD@]HOST:PORT[/PATH] (default: start chromedriver). With --resume: the server to continue on (credentials are never saved).")
    var webdriver: String?

    @Option(help: "A PEM file of certificates to trust for an https --webdriver (besides the system's).")
    var cacert: String?

    @Option(name: .customLong("bundle-id"), help: "iOS app to crawl through Appium's XCUITest driver (with --webdriver).")
    var bundleID: String?

    @Option(help: "Sessions exploring in parallel into one model: browsers (web) or Appium sessions (iOS, on a hub or grid); default 1.")
    var browsers: Int?

    @Option(help: "Exploration strategy: dfs (the paper's), bfs, random.")
    var strategy: CrawlStrategy = .depthFirst

    @Option(help: "List rows to open: first (the paper's) or all.")
    var rows: RowPolicy = .first

    @Option(help: "After each action: idle (no pending requests, timers, frame callbacks, animations; DOM quiet for 16 ms), idle:QUIET_MS:TIMEOUT_MS, or fixed:MS.")
    var wait: String = "idle"

    @Option(name: .customLong("max-events"), help: "Stop after this many events.")
    var maxEvents: Int?
    @Option(name: .customLong("max-states"), help: "Stop after this many unique states.")
    var maxStates: Int?
    @Option(name: .customLong("max-depth"), help: "Do not fire events in states this deep (the start state is depth 0).")
    var maxDepth: Int?
    @Option(name: .customLong("max-time"), help: "Stop after this many seconds of exploration.")
    var maxTime: Double?

    @Option(name: .customLong("block"), help: "Never act on matching elements: label:REGEX, id:REGEX or url:REGEX (repeatable).")
    var block: [String] = []

    @Option(help: "CSS animations and transitions: fast (played 10× faster, as UI tests switch them off: the same screens, less waiting) or real (the app's own timing).")
    var animations: BrowserDriver.AnimationSpeed = .fast

    @Option(name: .customLong("block-requests"), help: "Never load URLs matching this pattern (* wildcards, e.g. '*://*.googleapis.com/*'): third-party fonts, analytics, ads (repeatable).")
    var blockRequests: [String] = []

    @Option(help: "How states are told apart: screen (what a screen offers; lists as lists) or paper (Algorithm 1 with --weights/--threshold).")
    var abstraction: AbstractionMode?

    @Option(help: "Crawl specification (YAML: inputs, forms, block, only, ignore, lists, invariants; or .carto.yml's crawl: section).")
    var config: String?

    @Option(name: .customLong("input"), help: "A value for matching fields: id:REGEX=VALUE, label:…, name:…, placeholder:… (repeatable; several values for one field mean several fills).")
    var inputs: [String] = []

    @Option(name: .customLong("only"), help: "Act only on matching elements: id:, label:, text:, url:, css:, role:, type: REGEX (repeatable).")
    var only: [String] = []

    @Option(help: "A journey script (carto.journey/1, e.g. from carto record) replayed before the crawl and after every restart: logging in.")
    var setup: String?

    @Option(name: .customLong("var"), help: "A value for ${NAME} in the setup journey: NAME=VALUE (repeatable; the environment is used too; not saved with the crawl).")
    var variables: [String] = []

    @Option(help: "Stop (saturated) after this many events in a row added no state and no transition (0: never; default 60).")
    var saturation: Int?

    @Option(help: "Similarity threshold τ in percent (the paper's default: 70).")
    var threshold: Double?

    @Option(help: "Similarity weights, e.g. container=0.8,title=0.8,count=0.8,type=0.7,hidden=0.7,enabled=0.7,target=0.7,action=0.7.")
    var weights: String?

    @Option(help: "Seed for --strategy random.")
    var seed: UInt64 = 1

    @Option(help: "Also write the failures as a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Desktop-sized browser window instead of iPhone emulation.")
    var desktop = false

    @Flag(name: .customLong("no-screenshots"), help: "Do not take screenshots of new states.")
    var noScreenshots = false

    @Flag(name: .shortAndLong, help: "No progress on stderr.")
    var quiet = false

    func validate() throws {
        if resume == nil && target == nil { throw ValidationError("give a URL or folder to crawl, or --resume DIR") }
        if resume != nil && target != nil { throw ValidationError("--resume continues a crawl with its saved settings; give no TARGET") }
        if bundleID != nil && webdriver == nil { throw ValidationError("--bundle-id needs --webdriver (Appium's URL, e.g. http://127.0.0.1:4723)") }
        if let browsers, browsers < 1 || browsers > 64 { throw ValidationError("--browsers \(browsers): give 1 to 64 sessions") }
        for (name, value) in [("--max-events", maxEvents), ("--max-states", maxStates), ("--max-depth", maxDepth)] where (value ?? 1) < 0 {
            throw ValidationError("\(name) must not be negative")
        }
    }

    func run() throws {
        var resumed: CrawlOutput?
        var info: CrawlOutput.RunInfo
        if let resume {
            let folder = try CrawlOutput(directory: resume, fresh: false)
            resumed = folder
            info = try folder.loadRunInfo()
        } else {
            var w = SimilarityWeights()
            if let threshold { w.threshold = threshold }
            if let weights { try Self.apply(weights, to: &w) }
            _ = try WaitPolicy(parsing: wait)
            _ = try Blocklist(block)
            for spec in inputs { _ = try InputRule(parsing: spec) }
            for spec in only { do { _ = try ElementMatcher(spec) } catch let e as CartoError { throw CartoError("--only " + e.message) } }
            info = CrawlOutput.RunInfo(
                platform: bundleID == nil ? "web" : "ios", start: bundleID ?? target!,
                webdriver: try webdriver.map { try WebDriverEndpoint(parsing: $0, caCertificatePath: cacert).description }, bundleID: bundleID,
                strategy: strategy.rawValue, wait: wait, rows: rows.rawValue, weights: w, block: block,
                maxEvents: maxEvents, maxStates: maxStates, maxDepth: maxDepth, maxTime: maxTime, seed: seed, screenshots: !noScreenshots)
            info.abstraction = abstraction?.rawValue
            // Without --config, the crawl: section of .carto.yml in the current folder applies.
            let local = FileManager.default.contents(atPath: ".carto.yml").map { String(decoding: $0, as: UTF8.self) }
            let fromLocal = local.map { $0.range(of: "(?m)^crawl:", options: .regularExpression) != nil } == true ? ".carto.yml" : nil
            // Read here once so a bad specification stops the run before anything is written.
            let specification = try (config ?? fromLocal).map(CrawlSpecification.load(path:))
            info.config = (config ?? fromLocal).map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            info.inputs = inputs
            info.only = only
            info.saturation = saturation
            info.blockRequests = blockRequests.isEmpty ? nil : blockRequests
            info.cacert = cacert.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            info.animations = animations.rawValue
            info.browsers = browsers
            if let setup = setup ?? specification?.setup {
                _ = try JourneyScript.read(setup)
                info.setup = URL(fileURLWithPath: setup).standardizedFileURL.path
            }
        }
        var configuration = CrawlConfiguration()
        configuration.strategy = CrawlStrategy(rawValue: info.strategy) ?? .depthFirst
        configuration.rows = RowPolicy(rawValue: info.rows) ?? .first
        configuration.wait = try WaitPolicy(parsing: info.wait)
        configuration.weights = info.weights
        configuration.blocklist = try Blocklist(info.block)
        configuration.maxEvents = info.maxEvents
        configuration.maxStates = info.maxStates
        configuration.maxDepth = info.maxDepth
        configuration.maxTime = info.maxTime
        configuration.seed = info.seed
        configuration.screenshots = info.screenshots
        let specification = try info.config.map(CrawlSpecification.load(path:))
        try specification?.apply(to: &configuration)
        if let name = info.abstraction, let mode = AbstractionMode(rawValue: name) { configuration.abstraction = mode }
        for spec in info.inputs ?? [] { configuration.inputs.add(try InputRule(parsing: spec)) }
        configuration.only += try (info.only ?? []).map(ElementMatcher.init)
        if let saturation = info.saturation { configuration.saturation = saturation > 0 ? saturation : nil }
        if let path = info.setup {
            var options = Replayer.Options()
            options.wait = configuration.wait
            try options.addVariables(variables)
            configuration.setup = Replayer.crawlSetup(script: try JourneyScript.read(path), name: path, options: options)
        }

        // A folder is served on loopback for the crawl; its URL changes per run, so resumes serve it again.
        var site: LoopbackServer?
        var startURL: URL?
        if info.platform == "web" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: info.start, isDirectory: &isDirectory), isDirectory.boolValue {
                let served = try LocalSite.serve(directory: info.start)
                site = served
                startURL = served.url.appendingPathComponent("/")
            } else if let url = URL(string: info.start), url.scheme != nil {
                startURL = url
            } else {
                throw CartoError("\(info.start): neither a URL nor a folder; pass http://… or a folder with index.html")
            }
        }
        defer { site?.stop() }
        // Only once the target is known to be usable: a bad TARGET leaves no output folder behind.
        let out = try resumed ?? CrawlOutput(directory: output ?? "carto-crawl", fresh: true)
        if resumed == nil { try out.saveRunInfo(info) }

        if !quiet { StandardError.write("carto crawl: starting \(info.platform == "web" ? (info.webdriver == nil ? "chromedriver and Chromium" : "a browser session") : "the iOS app \(info.start)")…\n") }
        // Credentials are not saved with the crawl: a resume on a server that needs them passes --webdriver again.
        // One session unless asked: parallel crawls of the bundled example still found 10 or 11 states from run to
        // run where one session finds 11 every time (see the README), so N sessions are opt-in for now.
        let sessions = browsers ?? info.browsers ?? 1
        let drivers: [AppDriver]
        do {
            let (start, platform, server, certificate, bundle, desktop) = (info.platform == "ios" ? info.start : startURL!.absoluteString, info.platform,
                                                                         webdriver ?? info.webdriver, cacert ?? info.cacert, info.bundleID, desktop)
            let blocked = (info.blockRequests ?? []) + (specification?.blockRequests ?? [])
            let rate = (info.animations.flatMap(BrowserDriver.AnimationSpeed.init(rawValue:)) ?? .fast).playbackRate
            drivers = try openDrivers(sessions) {
                try openDriver(start: start, platform: platform, webdriver: server, cacert: certificate, bundleID: bundle, desktop: desktop,
                               headless: true, blockedRequests: blocked, animationPlaybackRate: rate)
            }
        } catch {
            // Nothing was explored: a fresh folder made for this run goes again, so a corrected command can reuse it.
            if resumed == nil { out.discard() }
            throw error
        }
        defer { drivers.forEach { $0.close() } }

        let progress = resume == nil ? nil : try out.loadProgress()
        let crawler = Crawler(drivers: drivers, configuration: configuration, sink: out, resumeFrom: progress)
        let signals = SignalForwarder { first in
            if first {
                StandardError.write("\ncarto crawl: stopping after the current event (Ctrl-C again to quit now)\n")
                crawler.requestStop()
            } else {
                drivers.forEach { $0.close() }
                Foundation.exit(130)
            }
        }
        defer { signals.cancel() }
        let reporter = quiet ? nil : CrawlProgressLine()
        out.onLog = { entry in reporter?.update(entry) }

        let model: CrawlModel
        do {
            model = try crawler.run()
        } catch let error as CartoError {
            try? out.writeModel(crawler.model())
            throw error
        }
        reporter?.finish()
        try out.writeModel(model)
        if let junit { try JUnitReport.write(model, to: junit) }
        let st = model.stats
        print("\(st.uniqueStates) unique states, \(st.totalStates) total, \(st.edges) edges, \(st.events) events in \(String(format: "%.1f", st.durationSeconds)) s (\(st.stopReason)); \(st.failures) failures")
        for failure in model.failures {
            print("failure: \(failure.kind): \(failure.message) in \(failure.state) after: \(failure.path.joined(separator: " → "))")
        }
        print("wrote \(out.directory.path)/model.json, report.html, crawl.xml, model.dot, model.graphml")
        drivers.forEach { $0.close() }
        site?.stop()
        Foundation.exit(model.failures.isEmpty ? ExitStatus.success.rawValue : ExitStatus.findings.rawValue)
    }

    /// Opens `count` sessions at once (each browser takes ~0.5 s to start); if one fails, the others are closed.
    func openDrivers(_ count: Int, _ open: @escaping @Sendable () throws -> AppDriver) throws -> [AppDriver] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var drivers: [Int: AppDriver] = [:]
            var error: Error?
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: count) { i in
            do {
                let driver = try open()
                results.lock.lock(); results.drivers[i] = driver; results.lock.unlock()
            } catch {
                results.lock.lock(); if results.error == nil { results.error = error }; results.lock.unlock()
            }
        }
        if let error = results.error {
            results.drivers.values.forEach { $0.close() }
            throw error
        }
        return (0..<count).map { results.drivers[$0]! }
    }

    static func apply(_ text: String, to w: inout SimilarityWeights) throws {
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let value = Double(parts[1]), (0...1).contains(value) else {
                throw CartoError("--weights \(text): expected NAME=VALUE pairs with values between 0 and 1")
            }
            switch parts[0] {
            case "container": w.container = value
            case "title": w.title = value
            case "count", "elements": w.elementCount = value
            case "type", "class": w.type = value
            case "hidden": w.hidden = value
            case "enabled", "enable": w.enabled = value
            case "target": w.target = value
            case "action": w.action = value
            default: throw CartoError("--weights: unknown weight \(parts[0]); use container, title, count, type, hidden, enabled, target, action")
            }
        }
    }
}

/// One progress line on stderr (only when stderr is a terminal): states, events, time.
final class CrawlProgressLine: @unchecked Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1
    private var states = 0, events = 0, failures = 0
    func update(_ entry: [String: Any]) {
        switch entry["type"] as? String {
        case "state": states += 1
        case "event": events += 1
        case "failure": failures += 1
        default: return
        }
        guard enabled else { return }
        StandardError.write("\r\u{1B}[Kcrawling: \(states) states, \(events) events, \(failures) failures")
    }
    func finish() { if enabled { StandardError.write("\r\u{1B}[K") } }
}

/// Ctrl-C / SIGTERM handling on a background queue: the first signal asks to stop, the second quits.
final class SignalForwarder: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private var count = 0
    private let lock = NSLock()
    init(_ handler: @escaping @Sendable (_ first: Bool) -> Void) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [self] in
                lock.lock(); count += 1; let first = count == 1; lock.unlock()
                handler(first)
            }
            source.resume()
            sources.append(source)
        }
    }
    func cancel() { sources.forEach { $0.cancel() } }
}
