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

        Exit codes: 0 explored without failures; 1 failures found (script errors, HTTP 5xx pages, crashes); 2 usage or input error; 3 the driver stopped answering (progress saved, resume later); 130 a second Ctrl-C (progress saved).
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

    @Option(help: "Sessions exploring in parallel into one model: browsers (web; default one per core, at most 8) or Appium sessions (iOS, on a hub or grid; default 1).")
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
        let session: CrawlSession
        if let resume {
            session = CrawlSession(.resume(folder: resume))
        } else {
            session = CrawlSession(.new(try settings(), output: output ?? "carto-crawl"))
        }
        // Credentials are not saved with the crawl: a resume on a server that needs them passes --webdriver again.
        session.webdriver = webdriver
        session.cacert = cacert
        session.browsers = browsers
        let variables = variables
        session.makeSetup = { path, wait in
            var options = Replayer.Options()
            options.wait = wait
            try options.addVariables(variables)
            return Replayer.crawlSetup(script: try JourneyScript.read(path), name: path, options: options)
        }
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
        print("\(st.uniqueStates) unique states, \(st.totalStates) total, \(st.edges) edges, \(st.events) events in \(String(format: "%.1f", st.durationSeconds)) s (\(st.stopReason.rawValue)); \(st.failures) failures")
        for failure in model.failures {
            print("failure: \(failure.kind): \(failure.message) in \(failure.state) after: \(failure.path.joined(separator: " → "))")
        }
        print("wrote \(result.directory.path)/model.json, report.html, crawl.xml, model.dot, model.graphml")
        if !model.failures.isEmpty { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    /// The settings of a new crawl, from the options (paths made absolute: a resume may run elsewhere).
    func settings() throws -> CrawlSettings {
        var s = CrawlSettings(platform: bundleID == nil ? .web : .ios, start: bundleID ?? target!)
        s.webdriver = try webdriver.map { try WebDriverEndpoint(parsing: $0, caCertificatePath: cacert).description }
        s.bundleID = bundleID
        s.strategy = strategy
        s.wait = wait
        s.rows = rows
        if let threshold { s.weights.threshold = threshold }
        if let weights { try CrawlSettings.weights(parsing: weights, into: &s.weights) }
        s.block = block
        s.maxEvents = maxEvents
        s.maxStates = maxStates
        s.maxDepth = maxDepth
        s.maxTime = maxTime
        s.seed = seed
        s.screenshots = !noScreenshots
        s.abstraction = abstraction
        // Without --config, the crawl: section of .carto.yml in the current folder applies.
        let specification = config ?? CrawlSettings.localSpecification()
        let loaded = try specification.map(CrawlSpecification.load(path:))   // errors name the file as given
        s.config = specification.map(Self.absolute)
        s.inputs = inputs
        s.only = only
        s.saturation = saturation
        s.blockRequests = blockRequests.isEmpty ? nil : blockRequests
        s.cacert = cacert.map(Self.absolute)
        s.animations = animations
        s.browsers = browsers
        s.desktop = desktop
        if let setup = setup ?? loaded?.setup {
            _ = try JourneyScript.read(setup)
            s.setup = Self.absolute(setup)
        }
        return s
    }

    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
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
