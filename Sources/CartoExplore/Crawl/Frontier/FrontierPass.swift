import CartoCore
import CartoDrivers

/// What a frontier pass sees of the state whose next event is being chosen.
struct FrontierState {
    var id: Int
    var depth: Int
    /// How often each abstract action occurs on the path that reaches the state (the repeat bound's input); under
    /// `RepeatBound.advancing(_:)`, the times it led to a screen with other controls.
    var pathActions: [String: Int]
    /// Actions that proved to do nothing (`ControlBehaviour`), by action key.
    var inertActions: Set<String> = []
    /// Whether the event that found the state wrote data (`StateRecord.afterWrite`).
    var afterWrite = false
    /// The other states the model shows as this one, its screen coarsened as a whole (`FiredOnItsScreen`).
    var sameScreen: [Int] = []
    /// The other states found before a decision made them one with this in the model (`Recorder.twins(of:)`).
    var twins: [Int] = []
    /// One state standing for all those the model shows as one with a state: outcomes compared by it are one.
    var representative: @Sendable (Int) -> Int = { $0 }
}

/// One rule of the frontier, run in order over a state's events before one is chosen (Periphery's passes over one
/// graph are the model): it may drop events that are not worth firing — a skip is logged with its reason and counts
/// as fired — and learns from every transition the crawl records.
protocol FrontierPass {
    /// Why `event` of `state` should not be fired, or nil to keep it.
    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String?
    /// A transition was recorded (by any session).
    mutating func learn(_ edge: CrawlProgress.EdgeRecord)
    /// An event fired in state `from` left the app in state `to` — the same state when it changed nothing or changed
    /// its screen in place (a seat picked on a seat map), which no transition records.
    mutating func learnOutcome(of event: CrawlEvent, from: Int, to: Int)
}

extension FrontierPass {
    mutating func learn(_ edge: CrawlProgress.EdgeRecord) {}
    mutating func learnOutcome(of event: CrawlEvent, from: Int, to: Int) {}
}

/// An example of a frontier pass — what it was given and whether it drops the event — as SwiftLint's rules carry
/// triggering and non-triggering examples: the examples are the pass's tests (`FrontierPassTests`).
struct FrontierPassExample {
    var description: String
    /// Events fired before and where they left the app (as `(from, to, event)`): recorded transitions and outcomes alike.
    var recorded: [(from: Int, to: Int, event: CrawlEvent)] = []
    var state: FrontierState
    var event: CrawlEvent
    /// Whether the pass drops the event.
    var skips: Bool

    /// Tiny events for examples: a tap on a link or a fill of one field.
    static func tap(_ label: String) -> CrawlEvent {
        CrawlEvent(kind: .tap, target: UIElement(role: .link, platformType: "a", label: label, actions: [.tap], target: "/" + label.lowercased(), locator: "css selector:#\(label)"))
    }
    static func fill(_ field: String) -> CrawlEvent {
        let element = UIElement(role: .textField, platformType: "input", identifier: field, actions: [.tap, .type], locator: "css selector:#\(field)")
        return CrawlEvent(kind: .fill, target: element, fields: [.init(field: element, kind: .freeText, text: "text")])
    }
    /// `advancing`: events on the path that led to a screen with other controls (`RepeatBound`).
    static func at(_ id: Int, depth: Int = 1, path: [CrawlEvent] = [], advancing: [CrawlEvent] = [], inert: [CrawlEvent] = [],
                   afterWrite: Bool = false, sameScreen: [Int] = [], twins: [Int] = [],
                   representative: @escaping @Sendable (Int) -> Int = { $0 }) -> FrontierState {
        FrontierState(id: id, depth: depth,
                      pathActions: path.reduce(into: [:]) { $0[$1.abstractAction, default: 0] += 1 }
                        .merging(advancing.reduce(into: [:]) { $0[RepeatBound.advancing($1.abstractAction), default: 0] += 1 }, uniquingKeysWith: +),
                      inertActions: Set(inert.compactMap { ControlBehaviour.action(of: $0)?.key }), afterWrite: afterWrite,
                      sameScreen: sameScreen, twins: twins, representative: representative)
    }
}
