import CartoCore
import CartoDrivers
import CartoModel
import Foundation

/// The model a crawl builds, kept once for all its sessions: states and transitions in one `StateGraph`, state
/// recognition, failures (each kind and message once), what changed since the last checkpoint, and the sink the
/// checkpoint and the log go to. Every method runs under the crawl's lock (`SessionPool`).
///
/// A discovery is recorded whole — the new state together with the transition that found it — before any other
/// session can see it, so a state in the graph always has a path from a start screen. (A state recorded first and
/// its edge after the screenshot, with the lock let go between, was seen by another session as a state no path
/// reaches: it was given up, and the crawl ended `explored` without its events.)
final class Recorder {
    private(set) var progress: CrawlProgress
    private(set) var recognizer: StateRecognition { didSet { alike = nil } }
    /// States by their identity under what was learnt (`twins(of:)`), computed once per change of the
    /// recognizer: a scan per frontier query would cost O(states) each time the frontier looks at a state.
    private var alike: [AbstractState: [Int]]?
    let sink: CrawlSink?
    private var edgeKeys = Set<String>()
    private var failureKeys = Set<String>()
    /// States whose record changed since the last checkpoint.
    private var changed = Set<Int>()
    /// Per state: how often each abstract action occurs on the path that first reached it (the repeat bound's input;
    /// computed once — a search per event would cost more than the rest of the crawler's work).
    private var pathActions: [Int: [String: Int]] = [:]
    /// Events being fired right now, by state: marked fired in the graph, their outcome not recorded yet.
    private var firing: [Int: [Int: Int]] = [:]
    /// States the app opened on after a restart, besides the start screens it was first found on: an app whose fresh
    /// start looks like a screen first reached another way (the home page as a back move left it) is replayed from
    /// there, or every state beyond it would be given up as unreachable.
    private(set) var openedOn = Set<Int>()

    init(progress: CrawlProgress, recognizer: StateRecognition, sink: CrawlSink?) {
        self.progress = progress
        self.recognizer = recognizer
        self.sink = sink
        for edge in progress.graph.edges { edgeKeys.insert(Self.edgeKey(edge.from, edge.event, edge.to)) }
        for failure in progress.failures { failureKeys.insert(Self.failureKey(failure.kind, failure.message)) }
        for (id, record) in progress.graph.states.enumerated() where record.depth == 0 { pathActions[id] = [:] }
    }

    var graph: StateGraph<CrawlProgress.StateRecord, CrawlProgress.EdgeRecord> { progress.graph }
    var states: [CrawlProgress.StateRecord] { progress.graph.states }

    // MARK: States and transitions

    /// The start screen, seen before any state is added (see `StateIndex.startScreen`).
    func startScreen(_ snapshot: UISnapshot) { recognizer.startScreen(snapshot) }

    /// Whether the app can open on `state`: a start screen, or a state a restart opened on.
    func isStart(_ state: Int) -> Bool { progress.graph.states[state].depth == 0 || openedOn.contains(state) }

    /// A restart opened on `state`.
    func opened(on state: Int) { openedOn.insert(state) }

    /// The known state `snapshot` shows, if any (one seen at a route it was not registered with included).
    func match(_ snapshot: UISnapshot) -> Int? { matchNotingAlias(snapshot).index }

    /// The known state `snapshot` shows, if any, and the route alias it was matched through while nothing has settled
    /// whether that route shows the same state (`StateIndex.RouteAlias`).
    func matchNotingAlias(_ snapshot: UISnapshot, cause: (event: CrawlEvent, before: UISnapshot)? = nil) -> (index: Int?, alias: StateIndex.RouteAlias?) {
        let (index, decision, alias) = recognizer.match(snapshot, cause: cause)
        if let decision { record(decision) }
        return (index, alias)
    }

    /// Settles a route alias (`StateIndex.settle`) and logs the decision.
    func settle(_ alias: StateIndex.RouteAlias, same: Bool, event: CrawlEvent, expected: Int, landed: Int? = nil) {
        record(recognizer.settle(alias, same: same, event: event.description, expected: expected, landed: landed))
    }

    /// The event that tests a route alias of `state`: one fired from `state` that led to another state (the first
    /// found that way first), which the alias's screen offers too; and the state it led to.
    func aliasProbe(from state: Int, offered: [CrawlEvent]) -> (event: CrawlEvent, expected: Int)? {
        let keys = Set(offered.map(\.key))
        let leading = graph.edges.filter { $0.from == state && $0.to != state && ($0.kind == .new || $0.kind == .known) && keys.contains($0.event.key) }
        guard let edge = leading.first(where: { $0.kind == .new }) ?? leading.first else { return nil }
        return (edge.event, edge.to)
    }

    /// A new state (a start screen, or the target of the edge `via` adds with it), with the events `plan` offers in
    /// it. Returns its number and the abstraction's decisions to log.
    func addState(_ snapshot: UISnapshot, depth: Int, events: [CrawlEvent], via: (from: Int, event: CrawlEvent)?, afterWrite: Bool = false,
                  throughHistory: Bool = false, trace: [CrawlProgress.StateRecord.TraceStep]? = nil)
        -> (id: Int, identity: AbstractState, decisions: [StateIndex.Decision], edge: CrawlProgress.EdgeRecord?) {
        let added = recognizer.add(snapshot)
        var record = CrawlProgress.StateRecord(signature: StateSignature(snapshot), snapshot: snapshot, depth: depth, events: events,
                                               fired: [], unreachable: false, screenshot: nil, abstract: added.identity)
        record.afterWrite = afterWrite
        record.trace = trace
        progress.graph.states.append(record)
        precondition(progress.graph.states.count == added.index + 1, "states are recorded in recognition order")
        changed.insert(added.index)
        var edge: CrawlProgress.EdgeRecord?
        if let via {
            edge = addEdge(from: via.from, to: added.index, event: via.event, kind: .new, throughHistory: throughHistory)
            // The path that found it: the source's plus this event (for the repeat bound, without a search per state).
            if let counts = pathActions[via.from] {
                let key = Self.pathKey(via.event, from: progress.graph.states[via.from].abstract, to: added.identity)
                pathActions[added.index] = counts.merging([key: 1], uniquingKeysWith: +)
            }
        } else {
            pathActions[added.index] = [:]
        }
        return (added.index, added.identity, added.decisions, edge)
    }

    /// Records a transition once per (source, event, target); returns it when it is new. `throughHistory`: the
    /// page went back in the browser's history when the event was fired (`EdgeRecord.throughHistory`).
    @discardableResult
    func addEdge(from: Int, to: Int, event: CrawlEvent, kind: EdgeKind, throughHistory: Bool = false) -> CrawlProgress.EdgeRecord? {
        guard edgeKeys.insert(Self.edgeKey(from, event, to)).inserted else { return nil }
        let edge = CrawlProgress.EdgeRecord(from: from, to: to, event: event, kind: kind, throughHistory: throughHistory ? true : nil)
        progress.graph.add(edge)
        return edge
    }

    static func edgeKey(_ from: Int, _ event: CrawlEvent, _ to: Int) -> String { "\(from)|\(event.key)|\(to)" }

    /// Saves the screenshot of state `id` through the sink and remembers where it went.
    func attachScreenshot(_ png: Data?, to id: Int) throws {
        progress.graph.states[id].screenshot = try sink?.stateDiscovered(id: id, record: progress.graph.states[id], screenshot: png)
        changed.insert(id)
    }

    /// The identities of the states as the model shows them (what was learnt, coarsening included).
    func modelIdentities() -> [AbstractState]? { recognizer.modelIdentities() }

    /// Whether two states proved to be one after both were found: but for a relabelling toggle's label
    /// (`StateIndex.oneButForARelabel`), or since a list was learnt (`StateIndex.oneSinceAListWasLearnt`).
    func oneAsLearnt(_ a: Int, _ b: Int) -> Bool { recognizer.oneButForARelabel(a, b) || recognizer.oneSinceAListWasLearnt(a, b) }

    func actsOnAStateSetAside(_ event: CrawlEvent) -> Bool { recognizer.actsOnAStateSetAside(event) }

    func oneInTheModel(_ a: Int, _ b: Int) -> Bool { recognizer.oneInTheModel(a, b) }

    func oneButForData(_ a: Int, _ b: Int) -> Bool { recognizer.oneButForData(a, b) }

    func firstOfItsKind(_ state: Int) -> Int { recognizer.firstOfItsKind(state) }

    func statesOfItsCoarsenedScreen(_ state: Int) -> [Int] { recognizer.statesOfItsCoarsenedScreen(state) }

    /// The states found before a decision made them one with `state` in the model, `state` and its coarsened screen's
    /// left out: a List view found before its switch was learnt to change only itself, a category's rows before its
    /// chips were learnt to be a selection. Twins that differ only by a relabelling toggle's label are left out too:
    /// they hold what their path gave them (a recipe marked favourite), and their events are fired with it.
    /// `coarsened` is `statesOfItsCoarsenedScreen(state)` when the caller has it already (one scan of the index).
    func twins(of state: Int, coarsened: [Int]? = nil) -> [Int] {
        guard recognizer.mode == .screen, state < recognizer.index.count else { return [] }
        if alike == nil { alike = Dictionary(grouping: 0..<recognizer.index.count, by: { recognizer.learntIdentity(at: $0) }) }
        guard let group = alike?[recognizer.learntIdentity(at: state)], group.count > 1 else { return [] }
        let coarse = Set(coarsened ?? recognizer.statesOfItsCoarsenedScreen(state))
        return group.filter { !coarse.contains($0) && !recognizer.oneButForARelabel($0, state) }
    }

    /// One state standing for all those the model shows as one with `state` (the first of them): what two outcomes
    /// are compared by.
    func representative(_ state: Int) -> Int {
        guard state < recognizer.index.count else { return state }
        let coarsened = recognizer.statesOfItsCoarsenedScreen(state)
        return ([state] + coarsened + twins(of: state, coarsened: coarsened)).min() ?? state
    }

    func refine(from: Int, event: String, expected: Int, landed: Int) -> StateIndex.Decision? {
        recognizer.refine(from: from, event: event, expected: expected, landed: landed)
    }

    /// What an exploration event did, for the abstraction to learn from; the decision it tipped, if any.
    func observe(_ event: CrawlEvent, in source: Int, before: UISnapshot, after: UISnapshot, unchanged: Bool, actedOffScreen: Bool = false) -> StateIndex.Decision? {
        let decision = recognizer.observe(event, in: source, before: before, after: after, unchanged: unchanged, actedOffScreen: actedOffScreen)
        progress.behaviour = recognizer.index.behaviour
        return decision
    }

    /// Actions that proved to do nothing, by `ControlBehaviour` action key.
    var inertActions: Set<String> { progress.behaviour.inertActions }

    /// Logs an abstraction decision and keeps it for the model.
    func record(_ decision: StateIndex.Decision) {
        progress.decisions.append(AbstractionDecision(kind: decision.kind, subject: decision.screen, states: decision.states.map(Crawler.name), reason: decision.reason))
        log(.abstraction(.init(decision: decision.kind.rawValue, screen: decision.screen, reason: decision.reason)))
    }

    /// Updates a state's record (events fired or skipped, unreachable).
    func update(_ id: Int, _ change: (inout CrawlProgress.StateRecord) -> Void) {
        change(&progress.graph.states[id])
        changed.insert(id)
    }

    /// The abstract actions on the path that first reached `state` (computed along the shortest path for states
    /// loaded from a checkpoint), or nil when no path leads there.
    func pathActions(to state: Int) -> [String: Int]? {
        if let known = pathActions[state] { return known }
        guard let path = graph.shortestPath(from: 0, to: state) else { return nil }
        var counts: [String: Int] = [:]
        for edge in path.map({ graph.edges[$0] }) {
            counts[Self.pathKey(edge.event, from: graph.states[edge.from].abstract, to: graph.states[edge.to].abstract), default: 0] += 1
        }
        pathActions[state] = counts
        return counts
    }

    /// How a path counts an event for the repeat bound: by its abstract action, or as an advance when the screen it
    /// led to offers other controls than the one it left, or names itself by other headings — a tutorial's "Next"
    /// through steps that differ only in their titles moves on as a wizard's does (`RepeatBound`).
    static func pathKey(_ event: CrawlEvent, from: AbstractState?, to: AbstractState?) -> String {
        func shown(_ state: AbstractState?) -> (controls: Set<String>, headings: Set<String>)? {
            // Controls without their state: a "Previous" enabled by the first "Next" of a pager is no other control.
            state.map { (Set($0.properties.filter { $0.kind == .control }.map { ControlBehaviour.base($0.value) }),
                         Set($0.properties.filter { $0.kind == .heading }.map(\.value))) }
        }
        guard let before = shown(from), let after = shown(to), before != after else { return event.abstractAction }
        return RepeatBound.advancing(event.abstractAction)
    }

    /// The events that reach `state` from the start, readable (failures carry them).
    func pathDescription(to state: Int) -> [String] {
        graph.shortestPath(from: 0, to: state)?.map { graph.edges[$0].event.description } ?? []
    }

    // MARK: Counters and failures

    func countEvent() { progress.eventsFired += 1 }
    func countStateReached() { progress.totalStates += 1 }
    var eventsFired: Int { progress.eventsFired }
    func setStopReason(_ reason: StopReason?) { progress.stopReason = reason }

    /// Adds a failure unless one of its kind and message was recorded (from any state): the same error from another
    /// state is the same bug, reported once with the shortest path found first.
    func addFailure(kind: String, message: String, location: String?, state: Int, path: () -> [String]) {
        guard failureKeys.insert(Self.failureKey(kind, message)).inserted else { return }
        let failure = CrawlModel.Failure(kind: kind, message: message, location: location, state: Crawler.name(state), path: path())
        progress.failures.append(failure)
        sink?.log(.failure(.init(kind: kind, message: message, location: location, state: failure.state, path: failure.path)))
    }

    static func failureKey(_ kind: String, _ message: String) -> String { kind + "|" + message }

    // MARK: Checkpoint

    /// An event of `state` is being fired: it is saved as not fired until its outcome is recorded.
    func beginFiring(_ state: Int, _ event: Int) { firing[state, default: [:]][event, default: 0] += 1 }
    func endFiring(_ state: Int, _ event: Int) {
        firing[state]?[event]? -= 1
        if firing[state]?[event] == 0 { firing[state]?[event] = nil }
        if firing[state]?.isEmpty == true { firing[state] = nil }
        changed.insert(state)
    }

    /// Saves what changed. An event another session is firing is saved as not fired yet: killed before its outcome
    /// is recorded, the resumed crawl fires it again instead of losing where it leads.
    func checkpoint(elapsed: Double) throws {
        progress.elapsedBefore = elapsed
        var saved = progress   // copied only when an event is in flight
        for (state, events) in firing { saved.graph.states[state].fired.subtract(events.keys) }
        try sink?.checkpoint(saved, changedStates: changed.union(firing.keys).sorted())
        changed = Set(firing.keys)
    }

    func log(_ entry: CrawlLogEntry) { sink?.log(entry) }
}
