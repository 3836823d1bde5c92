/// How a crawl first met an edge's target (`model.json` edges' `kind`).
public enum EdgeKind: String, Codable, Sendable, CaseIterable {
    /// The event discovered its target.
    case new
    /// The event led to a state found before.
    case known
    /// The event led back to the state the crawl had come from (a back, close or home control).
    case back
}

/// Why a crawl stopped (`model.json` `stats.stopReason`).
public enum StopReason: String, Codable, Sendable, CaseIterable {
    /// Every event of every reachable state was fired (or skipped by a rule of the frontier).
    case explored
    /// `--saturation N` events in a row added no state and no transition.
    case saturated
    case maxEvents = "max-events"
    case maxStates = "max-states"
    case maxTime = "max-time"
    /// Ctrl-C, or a crawl saved before it ended.
    case interrupted
    /// The driver or the app stopped answering (the progress is saved; `--resume` continues).
    case driverError = "driver-error"

    /// The crawl ran to its end: its model does not depend on a budget.
    public var isComplete: Bool { self == .explored || self == .saturated }
}
