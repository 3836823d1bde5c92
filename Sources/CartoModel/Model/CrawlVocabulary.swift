/// How a crawl first met an edge's target (`model.json` edges' `kind`).
public enum EdgeKind: String, Codable, Sendable, CaseIterable {
    /// The event discovered its target.
    case new
    /// The event led to a state found before.
    case known
    /// The event led back to the state the crawl had come from (a back, close or home control).
    case back
    /// Not fired: global navigation (a menu link) that led to this target from several states is taken to lead there
    /// from this one too (`GlobalNavigation`). Drawn dotted; never a step of a replayed path or a generated test.
    case inferred
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

/// A decision the state abstraction took while crawling, with its evidence (`model.json` `decisions`): why two
/// screens are one, or one screen is several.
public struct AbstractionDecision: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// One screen kept yielding states that differed only in the labels of links and buttons: labels there are data.
        case coarsen
        /// One event from one state led to different states: headings and row counts tell that screen's states apart.
        case refine
        /// Acting on a control left the screen as it was in several states: it no longer tells states apart or costs events.
        case inert
        /// A toggle only ever changed its own state: its state no longer tells states apart.
        case selfContained = "self-contained"
        /// Two hash routes showed the same screen, and an event fired from both led to one state: one state.
        case sameScreen = "same-screen"
        /// Two hash routes showed the same screen, but an event fired from both led to different states: two states,
        /// told apart by their route.
        case otherRoute = "other-route"
        /// A container held rows of one shape: a list whatever number of rows it holds, one included.
        case list
    }
    public var kind: Kind
    /// What it is about: a screen (coarsen, refine) or an action and its controls (inert, self-contained).
    public var subject: String
    /// The states the evidence was seen in (`s3`), when the decision rests on states.
    public var states: [String]
    public var reason: String

    public init(kind: Kind, subject: String, states: [String] = [], reason: String) {
        self.kind = kind; self.subject = subject; self.states = states; self.reason = reason
    }
}
