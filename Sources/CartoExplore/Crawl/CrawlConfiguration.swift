import CartoCore
import CartoDrivers
import CartoJourneys
import CartoModel

/// What brings the app to where a crawl starts — logging in: replayed before the crawl and after every restart.
/// It starts the app itself (a fresh start, as `AppDriver.restart`); a throw stops the crawl.
public struct CrawlSetup: Sendable {
    public var name: String
    public var run: @Sendable (AppDriver) throws -> Void
    public init(name: String, run: @escaping @Sendable (AppDriver) throws -> Void) { self.name = name; self.run = run }
}

/// The crawler's input: the user's settings as they are, and what is compiled from them and from the crawl
/// specification file once — patterns, input rules, invariants, the setup journey. `init(settings:specification:
/// variables:)` is where settings are checked: a bad value stops a run before anything is written.
public struct CrawlConfiguration: Sendable {
    /// As the user chose them (`model.json` stores them, with the abstraction in effect).
    public var settings: CrawlSettings
    /// The crawl specification's abstraction (the settings' wins).
    public var specifiedAbstraction: AbstractionMode?
    /// How states are told apart: the screen abstraction (default) or the paper's Algorithm 1 (`weights`).
    public var abstraction: AbstractionMode { settings.abstraction ?? specifiedAbstraction ?? .screen }
    public var overrides = AbstractionOverrides()
    /// `--block` and the specification's `block:`.
    public var blocklist = try! Blocklist()
    /// When not empty, only elements matching one of these are acted on (forms: their fields).
    public var only: [ElementMatcher] = []
    /// Values to type, by field (`--input` and the specification's inputs and forms).
    public var inputs = InputSpecification()
    /// Checks on every state.
    public var invariants: [Invariant] = []
    /// Replayed instead of a plain restart: before the crawl and after every restart.
    public var setup: CrawlSetup?

    // Tuning the CLI does not expose.
    /// A screen whose states differ only in link and button labels this many times is coarsened (0: never).
    public var coarsenAfter = 12
    /// One abstract action is fired at most this many times along the path to a state: adding a sixth item to a
    /// list teaches nothing the second did not.
    public var maxRepeats = 2
    /// A tap that led to one and the same state from this many different states is global navigation (a menu on
    /// every page): it is not fired again elsewhere (0: always fire it). Crawljax-style crawlers spend most of a
    /// budget re-firing such menus from every page — 15 pages × 14 menu links on Crawljax's demo site.
    public var globalAfter = 3

    /// The defaults, with nothing to compile (library use sets the parts it wants).
    public init() { settings = CrawlSettings() }

    /// Compiles `settings` (their patterns, input rules and setup journey) and the crawl `specification`, if any
    /// (the settings come on top). `variables` (`NAME=VALUE`, `--var`) fill the setup journey's `${NAME}`s, with the
    /// environment; they are never saved.
    public init(settings: CrawlSettings, specification: CrawlSpecification? = nil, variables: [String] = []) throws {
        self.settings = settings
        try specification?.apply(to: &self)
        try blocklist.add(settings.block)
        for spec in settings.inputs { inputs.add(try InputRule(parsing: spec)) }
        for spec in settings.only {
            do { only.append(try ElementMatcher(spec)) } catch let e as CartoError { throw CartoError("--only " + e.message) }
        }
        if let browsers = settings.browsers, browsers < 1 || browsers > 64 { throw CartoError("--browsers \(browsers): give 1 to 64 sessions") }
        if let path = settings.setup ?? specification?.setup {
            var options = Replayer.Options()
            options.wait = settings.wait
            try options.addVariables(variables)
            setup = Replayer.crawlSetup(script: try JourneyScript.read(path), name: path, options: options)
        }
    }
}

extension Replayer {
    /// A journey script as a crawl's setup (`carto crawl --setup login.yaml --var PASSWORD=…`): replayed from a fresh
    /// start before the crawl and after every restart. A step that fails stops the crawl with the step and its reason.
    public static func crawlSetup(script: JourneyScript, name: String, options: Options = Options()) -> CrawlSetup {
        CrawlSetup(name: name) { driver in
            let result = try Replayer(driver: driver, options: options).run(script, name: name)
            if let failed = result.steps.first(where: { $0.status == .failed }) {
                throw CartoError("setup journey \(name): step \(failed.index) (\(failed.summary)) failed: \(failed.message ?? "no reason given"); fix the script or the app")
            }
        }
    }
}
