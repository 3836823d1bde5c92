import CartoCore
import CartoDrivers

/// How to explore: the strategy picks which state to work on next.
public enum CrawlStrategy: String, Codable, Sendable, CaseIterable {
    /// The paper's: keep going deeper from the current state; go back when it is exhausted.
    case depthFirst = "dfs"
    /// Finish each state's events before those of states found later.
    case breadthFirst = "bfs"
    /// A random unexplored event of a random state (seeded, so runs repeat).
    case random
}

/// What brings the app to where a crawl starts — logging in: replayed before the crawl and after every restart.
/// It starts the app itself (a fresh start, as `AppDriver.restart`); a throw stops the crawl.
public struct CrawlSetup: Sendable {
    public var name: String
    public var run: @Sendable (AppDriver) throws -> Void
    public init(name: String, run: @escaping @Sendable (AppDriver) throws -> Void) { self.name = name; self.run = run }
}

public struct CrawlConfiguration: Sendable {
    /// Replayed instead of a plain restart: before the crawl and after every restart.
    public var setup: CrawlSetup?
    public var strategy: CrawlStrategy = .depthFirst
    public var wait: WaitPolicy = .standard
    public var rows: RowPolicy = .first
    /// How states are told apart: the screen abstraction (default) or the paper's Algorithm 1 (`weights`).
    public var abstraction: AbstractionMode = .screen
    public var overrides = AbstractionOverrides()
    /// A screen whose states differ only in link and button labels this many times is coarsened (0: never).
    public var coarsenAfter = 12
    public var weights = SimilarityWeights()
    public var blocklist = try! Blocklist()
    /// When not empty, only elements matching one of these are acted on (forms: their fields).
    public var only: [ElementMatcher] = []
    /// Values to type, by field (the crawl specification's inputs).
    public var inputs = InputSpecification()
    /// Checks on every state.
    public var invariants: [Invariant] = []
    public var maxEvents: Int?
    public var maxStates: Int?
    /// States this deep are leaves: their events are not fired.
    public var maxDepth: Int?
    public var maxTime: Double?
    /// Stop (`saturated`) after this many events in a row found no new state and no new transition (nil: never).
    public var saturation: Int? = 60
    /// One abstract action is fired at most this many times along the path to a state: adding a sixth item to a
    /// list teaches nothing the second did not.
    public var maxRepeats = 2
    /// A tap that led to one and the same state from this many different states is global navigation (a menu on
    /// every page): it is not fired again elsewhere (0: always fire it). Crawljax-style crawlers spend most of a
    /// budget re-firing such menus from every page — 15 pages × 14 menu links on Crawljax's demo site.
    public var globalAfter = 3
    public var seed: UInt64 = 1
    /// Take a screenshot of each new state.
    public var screenshots = true
    public init() {}
}
