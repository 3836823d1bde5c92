import CartoCore
import Foundation

/// How to explore: the strategy picks which state to work on next.
public enum CrawlStrategy: String, Codable, Sendable, CaseIterable {
    /// The paper's: keep going deeper from the current state; go back when it is exhausted.
    case depthFirst = "dfs"
    /// Finish each state's events before those of states found later.
    case breadthFirst = "bfs"
    /// A random unexplored event of a random state (seeded, so runs repeat).
    case random
}

/// Which rows of a list the crawler opens: the first (the paper) or all.
public enum RowPolicy: String, Codable, Sendable, CaseIterable { case first, all }

/// How crawled screens are told apart.
public enum AbstractionMode: String, Codable, Sendable, CaseIterable {
    /// What a screen offers (the default): its container, its controls by identity, its lists as lists — not text,
    /// values, counters or the contents of list rows. Refined or coarsened per screen while crawling.
    case screen
    /// The paper's Algorithm 1 with its weights and threshold, exactly as published, for comparison.
    case paper
}

/// The weights and threshold of the paper's Algorithm 1. Defaults are the paper's: 0.8 for the screen's container,
/// title and element count, 0.7 for each element's type, hidden, enabled, target and action, threshold τ = 70.
public struct SimilarityWeights: Codable, Hashable, Sendable {
    public var container = 0.8
    public var title = 0.8
    public var elementCount = 0.8
    public var type = 0.7
    public var hidden = 0.7
    public var enabled = 0.7
    public var target = 0.7
    public var action = 0.7
    /// τ, in percent.
    public var threshold = 70.0

    public init() {}

    /// Sets weights from `container=0.8,title=0.8,…` (`--weights`).
    public mutating func set(parsing text: String) throws {
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let value = Double(parts[1]), (0...1).contains(value) else {
                throw CartoError("--weights \(text): expected NAME=VALUE pairs with values between 0 and 1")
            }
            switch parts[0] {
            case "container": container = value
            case "title": title = value
            case "count", "elements": elementCount = value
            case "type", "class": type = value
            case "hidden": hidden = value
            case "enabled", "enable": enabled = value
            case "target": target = value
            case "action": action = value
            default: throw CartoError("--weights: unknown weight \(parts[0]); use container, title, count, type, hidden, enabled, target, action")
            }
        }
    }
}
