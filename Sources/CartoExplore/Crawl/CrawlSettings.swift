import CartoCore
import CartoDrivers
import Foundation

/// Everything a user chose for a crawl, in one Codable value: saved in the checkpoint (`crawl.sqlite`) so that
/// `--resume` continues exactly as the interrupted run was configured, and turned into the crawler's
/// `CrawlConfiguration` by `configuration(makeSetup:)`. The keys are those of the folders older versions wrote.
public struct CrawlSettings: Codable, Sendable {
    public var platform: AppPlatform
    /// The start URL or folder (web) or the bundle id (iOS).
    public var start: String
    /// The WebDriver server without credentials (they are never written down).
    public var webdriver: String?
    /// `--cacert`, as an absolute path.
    public var cacert: String?
    public var bundleID: String?
    public var strategy: CrawlStrategy = .depthFirst
    /// `idle`, `idle:QUIET_MS:TIMEOUT_MS` or `fixed:MS` (see `WaitPolicy`).
    public var wait = "idle"
    public var rows: RowPolicy = .first
    public var weights = SimilarityWeights()
    public var block: [String] = []
    public var maxEvents: Int?
    public var maxStates: Int?
    public var maxDepth: Int?
    public var maxTime: Double?
    public var seed: UInt64 = 1
    public var screenshots = true
    /// Added with the screen abstraction; optional so that older crawl folders still resume.
    public var abstraction: AbstractionMode?
    /// The crawl specification file, as an absolute path (read again on resume).
    public var config: String?
    public var inputs: [String]?
    public var only: [String]?
    public var saturation: Int?
    /// The setup journey (`--setup`); its `${NAME}` values come from `--var` or the environment, never saved.
    public var setup: String?
    /// `--block-requests` patterns (the specification's `blockRequests` are read from it again on resume).
    public var blockRequests: [String]?
    /// `--animations` (nil in folders written before it: fast).
    public var animations: BrowserDriver.AnimationSpeed?
    /// `--browsers`: sessions in parallel (nil: the default for the platform).
    public var browsers: Int?
    /// `--desktop` (nil in folders written before it was saved: a phone-sized window).
    public var desktop: Bool?

    public init(platform: AppPlatform, start: String) {
        self.platform = platform
        self.start = start
    }

    /// Checks every setting a run would only read later, so bad input stops a run before anything is written (the
    /// specification file is checked when it is read, before the output folder is made).
    public func validate() throws {
        _ = try WaitPolicy(parsing: wait)
        _ = try Blocklist(block)
        for spec in inputs ?? [] { _ = try InputRule(parsing: spec) }
        for spec in only ?? [] { do { _ = try ElementMatcher(spec) } catch let e as CartoError { throw CartoError("--only " + e.message) } }
        if let browsers, browsers < 1 || browsers > 64 { throw CartoError("--browsers \(browsers): give 1 to 64 sessions") }
    }

    /// The crawl specification file, when there is one.
    public func specification() throws -> CrawlSpecification? { try config.map(CrawlSpecification.load(path:)) }

    /// The crawler's configuration, with `specification()` read by the caller. `makeSetup` turns the setup journey
    /// (path, wait policy) into a `CrawlSetup` (journeys are replayed by CartoJourneys, which builds on this module).
    public func configuration(specification: CrawlSpecification?,
                              makeSetup: ((String, WaitPolicy) throws -> CrawlSetup)? = nil) throws -> CrawlConfiguration {
        var configuration = CrawlConfiguration()
        configuration.strategy = strategy
        configuration.rows = rows
        configuration.wait = try WaitPolicy(parsing: wait)
        configuration.weights = weights
        configuration.blocklist = try Blocklist(block)
        configuration.maxEvents = maxEvents
        configuration.maxStates = maxStates
        configuration.maxDepth = maxDepth
        configuration.maxTime = maxTime
        configuration.seed = seed
        configuration.screenshots = screenshots
        try specification?.apply(to: &configuration)
        if let abstraction { configuration.abstraction = abstraction }
        for spec in inputs ?? [] { configuration.inputs.add(try InputRule(parsing: spec)) }
        configuration.only += try (only ?? []).map(ElementMatcher.init)
        if let saturation { configuration.saturation = saturation > 0 ? saturation : nil }
        if let path = setup ?? specification?.setup {
            guard let makeSetup else { throw CartoError("\(path): a setup journey needs the journey replayer (carto crawl --setup)") }
            configuration.setup = try makeSetup(path, configuration.wait)
        }
        return configuration
    }

    /// Sets weights from `container=0.8,title=0.8,…` (`--weights`).
    public static func weights(parsing text: String, into w: inout SimilarityWeights) throws {
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

    /// `.carto.yml` in the current folder when it has a `crawl:` section (used without `--config`).
    public static func localSpecification() -> String? {
        guard let data = FileManager.default.contents(atPath: ".carto.yml"),
              String(decoding: data, as: UTF8.self).range(of: "(?m)^crawl:", options: .regularExpression) != nil else { return nil }
        return ".carto.yml"
    }
}
