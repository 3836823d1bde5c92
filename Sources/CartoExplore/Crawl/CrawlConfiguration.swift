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

public struct CrawlConfiguration: Sendable {
    public var strategy: CrawlStrategy = .depthFirst
    public var wait: WaitPolicy = .standard
    public var rows: RowPolicy = .first
    public var weights = SimilarityWeights()
    public var blocklist = try! Blocklist()
    public var maxEvents: Int?
    public var maxStates: Int?
    /// States this deep are leaves: their events are not fired.
    public var maxDepth: Int?
    public var maxTime: Double?
    public var seed: UInt64 = 1
    /// Take a screenshot of each new state.
    public var screenshots = true
    public init() {}
}
