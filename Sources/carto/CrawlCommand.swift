import ArgumentParser
import CartoCore
import CartoDrivers
import CartoHTTP
import CartoExplore
import CartoJourneys
import CartoModel
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

        Exit codes: 0 explored without failures; 1 failures found (script errors, HTTP 5xx pages, crashes); 2 usage or input error; 3 the driver stopped answering (progress saved, resume later); 130 a second Ctrl-C (progress saved).
        """
    )

    @Argument(help: "URL or folder to crawl (omit with --resume).")
    var target: String?

    @Option(name: .shortAndLong, help: "Output folder (default: carto-crawl).")
    var output: String?

    @Option(help: "Continue the interrupted crawl in this output folder.")
    var resume: String?

    @OptionGroup(title: "What to crawl, and through what")
    var app: CrawlTargetOptions

    @OptionGroup(title: "How to explore")
    var exploration: CrawlExplorationOptions

    @OptionGroup(title: "Budgets")
    var budget: CrawlBudgetOptions

    @Option(name: .customLong("var"), help: "A value for ${NAME} in the setup journey: NAME=VALUE (repeatable; the environment is used too; not saved with the crawl).")
    var variables: [String] = []

    @Option(help: "Also write the failures as a JUnit XML report to this file.")
    var junit: String?

    @Flag(name: .shortAndLong, help: "No progress on stderr.")
    var quiet = false

    func validate() throws {
        if resume == nil && target == nil { throw ValidationError("give a URL or folder to crawl, or --resume DIR") }
        if resume != nil && target != nil { throw ValidationError("--resume continues a crawl with its saved settings; give no TARGET") }
        if app.bundleID != nil && app.webdriver == nil { throw ValidationError("--bundle-id needs --webdriver (Appium's URL, e.g. http://127.0.0.1:4723)") }
    }

    func run() throws {
        let session: CrawlSession
        if let resume {
            session = CrawlSession(.resume(folder: resume))
        } else {
            session = CrawlSession(.new(try settings(), output: output ?? "carto-crawl"))
        }
        // Credentials are not saved with the crawl: a resume on a server that needs them passes --webdriver again.
        session.webdriver = app.webdriver
        session.cacert = app.cacert
        session.browsers = app.browsers
        session.variables = variables
        let reporter = quiet ? nil : CrawlProgressLine()
        session.onLog = { reporter?.update($0) }
        session.onStatus = { message in
            guard let reporter else { return }
            reporter.finish()   // the status goes on a line of its own
            StandardError.write("carto crawl: \(message)\n")
        }
        let result = try session.run()
        reporter?.finish()
        let model = result.model
        if let junit { try JUnitReport.write(model, to: junit) }
        let st = model.stats
        let inferred = model.edges.filter { $0.kind == .inferred }.count
        print("\(st.uniqueStates) unique states, \(st.totalStates) total, \(st.edges) edges\(inferred > 0 ? " (\(inferred) inferred)" : ""), \(st.events) events in \(String(format: "%.1f", st.durationSeconds)) s (\(st.stopReason.rawValue)); \(st.failures) failures")
        for failure in model.failures {
            print("failure: \(failure.kind): \(failure.message) in \(failure.state) after: \(failure.path.joined(separator: " → "))")
        }
        print("wrote \(result.directory.path)/model.json, report.html, crawl.xml, model.dot, model.graphml")
        if !model.failures.isEmpty { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    /// The settings of a new crawl: each option group sets its part.
    func settings() throws -> CrawlSettings {
        var settings = CrawlSettings(platform: app.bundleID == nil ? .web : .ios, start: app.bundleID ?? target!)
        try app.apply(to: &settings)
        try exploration.apply(to: &settings)
        budget.apply(to: &settings)
        return settings
    }

    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

/// `carto crawl`'s options on what to crawl and through what; they set `CrawlSettings`' fields of the same names.
struct CrawlTargetOptions: ParsableArguments {
    @Option(help: "WebDriver server: a running chromedriver, Appium for iOS, or a Selenium Grid / Appium hub; local or remote: http(s)://[USER:PASSWORD@]HOST:PORT[/PATH] (default: start chromedriver). With --resume: the server to continue on (credentials are never saved).")
    var webdriver: String?

    @Option(help: "A PEM file of certificates to trust for an https --webdriver (besides the system's).")
    var cacert: String?

    @Option(name: .customLong("bundle-id"), help: "iOS app to crawl through Appium's XCUITest driver (with --webdriver).")
    var bundleID: String?

    @Option(help: "Sessions exploring in parallel into one model: browsers (web; default one per core, at most 8) or Appium sessions (iOS, on a hub or grid; default 1).")
    var browsers: Int?

    @Flag(help: "Desktop-sized browser window (1280×800) instead of iPhone emulation (390×844).")
    var desktop = false

    @Option(help: "Motion: fast (CSS animations and transitions played 10× faster, as UI tests switch them off, and pages told the user prefers reduced motion: the same screens, less waiting, no half-done fade-in) or real (the app's own timing and motion).")
    var animations: BrowserDriver.AnimationSpeed = .fast

    @Option(name: .customLong("block-requests"), help: "Never load URLs matching this pattern (* wildcards, e.g. '*://*.googleapis.com/*'): third-party fonts, analytics, ads (repeatable).")
    var blockRequests: [String] = []

    func apply(to settings: inout CrawlSettings) throws {
        settings.webdriver = try webdriver.map { try WebDriverEndpoint(parsing: $0, caCertificatePath: cacert).description }
        settings.cacert = cacert.map(CrawlCommand.absolute)
        settings.bundleID = bundleID
        settings.browsers = browsers
        settings.desktop = desktop
        settings.animations = animations
        settings.blockRequests = blockRequests
    }
}

/// `carto crawl`'s options on how to explore; they set `CrawlSettings`' fields of the same names.
struct CrawlExplorationOptions: ParsableArguments {
    @Option(help: "Exploration strategy: dfs (the paper's), bfs, random.")
    var strategy: CrawlStrategy = .depthFirst

    @Option(help: "List rows to open: first (the paper's) or all.")
    var rows: RowPolicy = .first

    @Option(help: "After each action: idle (no pending requests, timers, frame callbacks, animations; DOM quiet for 16 ms), idle:QUIET_MS:TIMEOUT_MS, or fixed:MS.")
    var wait = "idle"

    @Option(help: "How states are told apart: screen (what a screen offers; lists as lists) or paper (Algorithm 1 with --weights/--threshold).")
    var abstraction: AbstractionMode?

    @Option(help: "Similarity threshold τ in percent (the paper's default: 70).")
    var threshold: Double?

    @Option(help: "Similarity weights, e.g. container=0.8,title=0.8,count=0.8,type=0.7,hidden=0.7,enabled=0.7,target=0.7,action=0.7.")
    var weights: String?

    @Option(name: .customLong("block"), help: "Never act on matching elements: label:REGEX, id:REGEX or url:REGEX (repeatable).")
    var block: [String] = []

    @Option(name: .customLong("input"), help: "A value for matching fields: id:REGEX=VALUE, label:…, name:…, placeholder:… (repeatable; several values for one field mean several fills).")
    var inputs: [String] = []

    @Option(name: .customLong("only"), help: "Act only on matching elements: id:, label:, text:, url:, css:, role:, type: REGEX (repeatable).")
    var only: [String] = []

    @Option(help: "Crawl specification (YAML: inputs, forms, block, only, ignore, lists, invariants; or .carto.yml's crawl: section).")
    var config: String?

    @Option(help: "A journey script (carto.journey/1, e.g. from carto record) replayed before the crawl and after every restart: logging in.")
    var setup: String?

    @Option(help: "Stop (saturated) after this many events in a row added no state and no transition (0: never; default 60).")
    var saturation: Int = 60

    @Option(help: "Seed for --strategy random and for a web page's random numbers (Math.random, crypto.getRandomValues, crypto.randomUUID): the same seed shows the same app on every run.")
    var seed: UInt64 = 1

    @Flag(name: .customLong("no-screenshots"), help: "Do not take screenshots of new states.")
    var noScreenshots = false

    func validate() throws {
        if saturation < 0 { throw ValidationError("--saturation must not be negative") }
    }

    func apply(to settings: inout CrawlSettings) throws {
        settings.strategy = strategy
        settings.rows = rows
        settings.wait = try WaitPolicy(parsing: wait)   // a bad value: one line naming it (exit 2)
        settings.abstraction = abstraction
        if let threshold { settings.weights.threshold = threshold }
        if let weights { try settings.weights.set(parsing: weights) }
        settings.block = block
        settings.inputs = inputs
        settings.only = only
        // Without --config, the crawl: section of .carto.yml in the current folder applies.
        let specification = config ?? CrawlSpecification.local()
        let loaded = try specification.map(CrawlSpecification.load(path:))   // errors name the file as given
        settings.config = specification.map(CrawlCommand.absolute)
        if let setup = setup ?? loaded?.setup {
            _ = try JourneyScript.read(setup)
            settings.setup = CrawlCommand.absolute(setup)
        }
        settings.saturation = saturation
        settings.seed = seed
        settings.screenshots = !noScreenshots
    }
}

/// `carto crawl`'s budgets; they set `CrawlSettings`' fields of the same names.
struct CrawlBudgetOptions: ParsableArguments {
    @Option(name: .customLong("max-events"), help: "Stop after this many events.")
    var maxEvents: Int?
    @Option(name: .customLong("max-states"), help: "Stop after this many unique states.")
    var maxStates: Int?
    @Option(name: .customLong("max-depth"), help: "Do not fire events in states this deep (the start state is depth 0).")
    var maxDepth: Int?
    @Option(name: .customLong("max-time"), help: "Stop after this many seconds of exploration.")
    var maxTimeSeconds: Double?

    func validate() throws {
        for (name, value) in [("--max-events", maxEvents), ("--max-states", maxStates), ("--max-depth", maxDepth)] where (value ?? 1) < 0 {
            throw ValidationError("\(name) must not be negative")
        }
    }

    func apply(to settings: inout CrawlSettings) {
        settings.maxEvents = maxEvents
        settings.maxStates = maxStates
        settings.maxDepth = maxDepth
        settings.maxTimeSeconds = maxTimeSeconds
    }
}

/// One progress line on stderr (only when stderr is a terminal): states, events, time.
final class CrawlProgressLine: @unchecked Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1
    private var states = 0, events = 0, failures = 0
    func update(_ entry: CrawlLogEntry) {
        switch entry {
        case .state: states += 1
        case .event: events += 1
        case .failure: failures += 1
        default: return
        }
        guard enabled else { return }
        StandardError.write("\r\u{1B}[Kcrawling: \(states) states, \(events) events, \(failures) failures")
    }
    func finish() { if enabled { StandardError.write("\r\u{1B}[K") } }
}
