import CartoCore
import CartoDrivers
import CartoModel
import Foundation

/// Everything a crawl knows, in a form that can be saved after every event and loaded to resume: the graph of
/// states and transitions found so far, the failures, the counters.
public struct CrawlProgress: Sendable {
    public struct StateRecord: Codable, Sendable {
        public var signature: StateSignature
        public var snapshot: UISnapshot
        public var depth: Int
        public var events: [CrawlEvent]
        /// Events fired, being fired, or skipped by a frontier pass.
        public var fired: Set<Int>
        /// Events whose tap was refused once because something covered their control: tried once more, last.
        public var refusedOnce: Set<Int> { get { refused ?? [] } set { refused = newValue.isEmpty ? nil : newValue } }
        private var refused: Set<Int>?
        public var unreachable: Bool
        /// Whether the event that found the state wrote data (web storage, a cookie, a request that is no read — "Add
        /// to cart"): where a menu leads may show it now, so global navigation is fired from here all the same.
        public var afterWrite: Bool { get { wrote ?? false } set { wrote = newValue ? true : nil } }
        private var wrote: Bool?
        public var screenshot: String?
        /// The events that found the state, from the screen the app opened on, when one of them had changed the app
        /// without leaving its screen (a recipe marked favourite in its row, then "Favorites"; the mark kept in
        /// memory or written to storage): what the app held then is not what the state's shortest path gives it, and
        /// these events give it again. Nil otherwise.
        public var trace: [TraceStep]?
        /// One event of a `trace`, and the state it was fired in.
        public struct TraceStep: Codable, Sendable, Equatable {
            public var from: Int
            public var event: CrawlEvent
            /// The event changed nothing the app holds: it did nothing, or only moved the app to another screen (no
            /// change in place, no write, no row taken away). Such steps may be left out of a replay
            /// (`TraceShortening`); a step not known to be one (progress saved before this was kept) is kept.
            public var onlyMoved: Bool { moved ?? false }
            private var moved: Bool?
            public init(from: Int, event: CrawlEvent, onlyMoved: Bool = false) {
                self.from = from; self.event = event; self.moved = onlyMoved ? true : nil
            }
            /// The step, known from now on to have changed what the app holds.
            var changingTheApp: TraceStep { TraceStep(from: from, event: event) }
        }
        /// The state's abstract identity (nil in progress saved before abstractions existed).
        public var abstract: AbstractState?
        public var hasWork: Bool { !unreachable && fired.count < events.count }

        public init(signature: StateSignature, snapshot: UISnapshot, depth: Int, events: [CrawlEvent], fired: Set<Int> = [],
                    unreachable: Bool = false, screenshot: String? = nil, abstract: AbstractState? = nil) {
            self.signature = signature; self.snapshot = snapshot; self.depth = depth; self.events = events; self.fired = fired
            self.unreachable = unreachable; self.screenshot = screenshot; self.abstract = abstract
        }
    }

    public struct EdgeRecord: Codable, Sendable, StateGraphEdge {
        public var from: Int
        public var to: Int
        public var event: CrawlEvent
        public var kind: EdgeKind
        /// Where the event leads depends on how the app was reached (`CrawlModel.Edge.throughHistory`: the page went
        /// back in the browser's history, or a control going back to its opener was fired again from another way in),
        /// so it is no step of a path planned through the graph (nil: neither).
        public var throughHistory: Bool?
        public var source: Int { from }
        public var target: Int { to }
        /// A back move of the crawler (saved by earlier versions) goes wherever the browser's history says, as does
        /// an event whose page went back itself.
        public var isReplayable: Bool { event.kind != .back && kind != .inferred && throughHistory != true }
    }

    /// States (in discovery order) and transitions (in the order they were first seen).
    public var graph = StateGraph<StateRecord, EdgeRecord>()
    public var failures: [CrawlModel.Failure] = []
    /// The abstraction's decisions so far, with their evidence.
    public var decisions: [AbstractionDecision] = []
    /// What the app's controls proved to do (restored on `--resume`).
    public var behaviour = ControlBehaviour()
    public var eventsFired = 0
    public var totalStates = 0
    /// Exploration seconds spent by earlier runs (a resumed crawl adds its own).
    public var elapsedBefore = 0.0
    public var stopReason: StopReason?
    public init() {}
}

/// Where a crawl's results go while it runs. The file-backed implementation is `CrawlOutput`.
public protocol CrawlSink: AnyObject {
    func stateDiscovered(id: Int, record: CrawlProgress.StateRecord, screenshot: Data?) throws -> String?
    func log(_ entry: CrawlLogEntry)
    /// Called after every event with the whole progress; implementations persist what changed.
    func checkpoint(_ progress: CrawlProgress, changedStates: [Int]) throws
}
