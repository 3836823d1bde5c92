import CartoCore
import CartoDrivers

/// The state-flow graph a crawl produces: `model.json`. The keys are a contract (reports, `carto graph`, later
/// tools and users' scripts read them): add fields, never rename or drop them.
public struct CrawlModel: Codable, Sendable, Equatable {
    public var format = "carto-crawl-model"
    public var version = 1
    public var app: App
    /// The settings the crawl ran with (`abstraction` as it was in effect).
    public var settings: CrawlSettings
    public var states: [State]
    public var edges: [Edge]
    public var stats: Stats
    public var failures: [Failure]
    /// The abstraction's decisions, with their evidence (nil in models written before they were listed).
    public var decisions: [AbstractionDecision]?

    public struct App: Codable, Sendable, Equatable {
        public var platform: String
        /// Start URL (web) or bundle id (iOS).
        public var start: String
        public init(platform: String, start: String) { self.platform = platform; self.start = start }
    }

    public struct State: Codable, Sendable, Equatable {
        /// `s0`, `s1`, … in discovery order; `s0` is the start screen.
        public var id: String
        public var title: String
        /// The container: URL path (web) or navigation-bar identity (iOS).
        public var context: String
        /// Relative to the model file: `screenshots/s3.png`; nil when none could be taken.
        public var screenshot: String?
        public var depth: Int
        public var elements: Int
        public var events: Int
        /// Readable name from the abstraction: `Todos · #/active · todo-list(3)`.
        public var name: String?
        /// The properties that define the state (`container /`, `control button "Add"`, `list todo-list [...]`):
        /// why two states differ. `carto graph diff` compares states by these.
        public var properties: [String]?

        public init(id: String, title: String, context: String, screenshot: String?, depth: Int, elements: Int, events: Int,
                    name: String? = nil, properties: [String]? = nil) {
            self.id = id; self.title = title; self.context = context; self.screenshot = screenshot; self.depth = depth
            self.elements = elements; self.events = events; self.name = name; self.properties = properties
        }
    }

    public struct Edge: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        /// What was done, readable: `tap link "Settings"`.
        public var event: String
        /// `new` (discovered the target), `known` (reached a visited state), `back` (returned to the previous one).
        public var kind: EdgeKind
        /// The event in the abstraction's terms: what it did to which controls, named as in the states' `control`
        /// properties. `carto graph diff` compares edges by it (nil in models written before it existed).
        public var abstractEvent: AbstractEvent?
        /// The user actions the event performed, in order, typed: command, component, target with all its locators,
        /// arguments (one for a tap; a fill's typing per field, then its submit). Typed passwords are `${SECRET_…}`
        /// variables. `carto gen` builds steps from these (nil in models written before it existed).
        public var action: [UserAction]?
        /// True when where the event leads depends on how the app was reached, so it is never a step of a replayed
        /// path or a generated test: the page's own script went back in the browser's history as the event was fired
        /// (`history.back()`), a control that goes back to the screen it was opened from (a dialog's Cancel) was
        /// fired again where the app came from another screen, or a form refused before was sent again once the app
        /// held data it wrote (a sign-in after registering: from a fresh start it is refused again) (nil: none).
        public var throughHistory: Bool?

        public init(from: String, to: String, event: String, kind: EdgeKind, abstractEvent: AbstractEvent? = nil, action: [UserAction]? = nil,
                    throughHistory: Bool? = nil) {
            self.from = from; self.to = to; self.event = event; self.kind = kind; self.abstractEvent = abstractEvent; self.action = action
            self.throughHistory = throughHistory
        }
    }

    /// The columns of the paper's Table III.
    public struct Stats: Codable, Sendable, Equatable {
        /// Every action performed, including backs and path replays.
        public var events: Int
        public var uniqueStates: Int
        /// States reached, counting repeats: the start state plus one per edge traversal.
        public var totalStates: Int
        public var edges: Int
        /// Exploration time from the first snapshot to the end (browser start-up excluded).
        public var durationSeconds: Double
        public var failures: Int
        /// Why the crawl stopped: `explored`, `saturated` (no new state or transition for a while), `max-events`,
        /// `max-states`, `max-time`, `interrupted`, `driver-error`.
        public var stopReason: StopReason

        public init(events: Int, uniqueStates: Int, totalStates: Int, edges: Int, durationSeconds: Double, failures: Int, stopReason: StopReason) {
            self.events = events; self.uniqueStates = uniqueStates; self.totalStates = totalStates; self.edges = edges
            self.durationSeconds = durationSeconds; self.failures = failures; self.stopReason = stopReason
        }
    }

    public struct Failure: Codable, Sendable, Equatable {
        public var kind: String
        public var message: String
        public var location: String?
        /// The state the failing event was fired in.
        public var state: String
        /// The events that reproduce it from a fresh start, the failing one last.
        public var path: [String]

        public init(kind: String, message: String, location: String?, state: String, path: [String]) {
            self.kind = kind; self.message = message; self.location = location; self.state = state; self.path = path
        }
    }

    public init(app: App, settings: CrawlSettings, states: [State], edges: [Edge], stats: Stats, failures: [Failure],
                decisions: [AbstractionDecision]? = nil) {
        self.app = app; self.settings = settings; self.states = states; self.edges = edges; self.stats = stats; self.failures = failures
        self.decisions = decisions
    }
}

extension CrawlModel {
    /// An edge of `graph`: `model.edges[index]` between state numbers.
    public struct GraphEdge: StateGraphEdge, Sendable {
        public var source: Int
        public var target: Int
        /// Into `edges`.
        public var index: Int
        public var isReplayable: Bool
    }

    /// The model as a `StateGraph` (state numbers are positions in `states`): paths through it, outgoing edges. Edges
    /// to or from ids no state has are left out; the crawler's back moves (in models written before they were left
    /// out of models) and events whose page went back in the history are no replayable steps.
    public var graph: StateGraph<State, GraphEdge> {
        let number = Dictionary(states.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let edges = self.edges.enumerated().compactMap { i, e -> GraphEdge? in
            guard let from = number[e.from], let to = number[e.to] else { return nil }
            let back = e.abstractEvent.map { $0.kind == .back } ?? (e.event == "back")
            return GraphEdge(source: from, target: to, index: i, isReplayable: !back && e.kind != .inferred && e.throughHistory != true)
        }
        return StateGraph(states: states, edges: edges)
    }
}
