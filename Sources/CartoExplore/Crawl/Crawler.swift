import CartoCore
import CartoDrivers
import Foundation

/// What all sessions of one crawl share: the model found so far and what decides the next event. Guarded by `lock`,
/// which a session holds except while its driver works (a condition, so idle sessions wait for new work).
final class Exploration: @unchecked Sendable {
    let lock = NSCondition()
    var progress: CrawlProgress
    var recognizer: StateRecognition
    var edgeKeys = Set<String>()
    var failureKeys = Set<String>()
    /// Replayable edges from each state: (event, destination), in discovery order.
    var forward: [Int: [(event: CrawlEvent, to: Int)]] = [:]
    /// The destinations of `forward`, in the same order: what the path search walks.
    var forwardTargets: [Int: [Int]] = [:]
    var changed = Set<Int>()
    var random: SplitMix64
    var started = Date()
    /// Set from another thread (Ctrl-C) to stop after the current event.
    let stopFlag = StopFlag()
    /// Abstract actions fired anywhere and where the others are offered: novel events go first.
    var novelty = ActionNovelty()
    /// Events fired since the model last grew (a new state or a new transition).
    var eventsSinceGrowth = 0
    var globalNavigation: GlobalNavigation
    /// Per state: how often each abstract action occurs on the path that first reached it (for the repeat bound;
    /// computed once — a breadth-first search per event would cost more than the rest of the crawler's work).
    var pathActionCounts: [Int: [String: Int]] = [:]
    /// States sessions are on their way to or acting in: others pick different ones while there are any.
    var claimed: [Int: Int] = [:]
    /// Sessions between choosing work and finishing it: while any is, an idle session waits for what it finds.
    var inFlight = 0
    /// Events being fired right now, by state: marked fired in the shared progress, not yet recorded.
    var firing: [Int: Set<Int>] = [:]
    /// Set when the crawl ends (explored, budget spent, stopped, or a session failed): every session leaves.
    var finished = false
    /// The first error that ended a session.
    var failure: Error?
    /// How many sessions explore.
    var sessionCount = 1

    init(progress: CrawlProgress, recognizer: StateRecognition, random: SplitMix64, globalNavigation: GlobalNavigation) {
        self.progress = progress; self.recognizer = recognizer; self.random = random; self.globalNavigation = globalNavigation
    }
}

/// The exploration loop (the paper's steps 1–7): snapshot, plan events, fire one, wait for idle, recognise the
/// outcome, record an edge; go back or restart-and-replay to reach the next state with work left.
///
/// With several drivers (`init(drivers:)`, `carto crawl --browsers N`) each drives its own session and explores
/// a different part of the frontier into the one model: a session holds the shared state's lock except while its
/// driver works, so the model changes one event at a time, as with one session.
public final class Crawler: @unchecked Sendable {   // sessions run on their own threads; shared state is locked
    public let driver: AppDriver
    public let configuration: CrawlConfiguration
    public let sink: CrawlSink?
    private let shared: Exploration
    /// The other sessions of this crawl (empty with one driver).
    private var helpers: [Crawler] = []
    private let sessionIndex: Int
    private let planner: EventPlanner

    public private(set) var progress: CrawlProgress {
        get { shared.progress }
        _modify { yield &shared.progress }
        set { shared.progress = newValue }
    }
    private var recognizer: StateRecognition { get { shared.recognizer } _modify { yield &shared.recognizer } }
    private var edgeKeys: Set<String> { get { shared.edgeKeys } _modify { yield &shared.edgeKeys } }
    private var failureKeys: Set<String> { get { shared.failureKeys } _modify { yield &shared.failureKeys } }
    private var forward: [Int: [(event: CrawlEvent, to: Int)]] { get { shared.forward } _modify { yield &shared.forward } }
    private var forwardTargets: [Int: [Int]] { get { shared.forwardTargets } _modify { yield &shared.forwardTargets } }
    private var changed: Set<Int> { get { shared.changed } _modify { yield &shared.changed } }
    private var random: SplitMix64 { get { shared.random } _modify { yield &shared.random } }
    private var started: Date { get { shared.started } set { shared.started = newValue } }
    private var stopFlag: StopFlag { shared.stopFlag }
    private var novelty: ActionNovelty { get { shared.novelty } _modify { yield &shared.novelty } }
    private var eventsSinceGrowth: Int { get { shared.eventsSinceGrowth } set { shared.eventsSinceGrowth = newValue } }
    private var globalNavigation: GlobalNavigation { get { shared.globalNavigation } _modify { yield &shared.globalNavigation } }
    private var pathActionCounts: [Int: [String: Int]] { get { shared.pathActionCounts } _modify { yield &shared.pathActionCounts } }

    // This session's own state.
    /// The states since the last restart, as the app's back stack sees them.
    private var trail: [Int] = []
    private var current: Int?
    private var currentSnapshot: UISnapshot?
    /// Failures observed since the last report (`collectFailures`), from the observations after actions and restarts.
    private var failures: [AppFailure] = []
    private var driverSeconds = 0.0
    /// The app may hold other data than the current state's recorded path gives it — a form was sent without
    /// leaving the screen, or a known state was reached another way after a form was sent (an active item hidden
    /// behind the Completed filter) — so the next event is fired after a fresh start and a replay of the path: every
    /// edge the model records is one that its shortest path reproduces (`carto gen` and `carto replay` follow them).
    private var needsFreshStart = false
    /// A form sent since the last restart made the app react (data may have been written).
    private var wroteSinceRestart = false
    /// A recorded path is being replayed: the states it reaches hold what their paths give them.
    private var replaying = false

    public convenience init(driver: AppDriver, configuration: CrawlConfiguration, sink: CrawlSink? = nil, resumeFrom: CrawlProgress? = nil) {
        self.init(drivers: [driver], configuration: configuration, sink: sink, resumeFrom: resumeFrom)
    }

    /// One session per driver (the first is `driver`), all exploring one model.
    public convenience init(drivers: [AppDriver], configuration: CrawlConfiguration, sink: CrawlSink? = nil, resumeFrom: CrawlProgress? = nil) {
        precondition(!drivers.isEmpty, "a crawl needs a driver")
        let driver = drivers[0]
        let progress = resumeFrom ?? CrawlProgress()
        var recognizer = StateRecognition(mode: configuration.abstraction, weights: configuration.weights,
                                          abstraction: ScreenAbstraction(overrides: configuration.overrides),
                                          coarsenAfter: configuration.coarsenAfter)
        if let start = progress.states.first, Self.startsWithoutRoute(driver.start) { recognizer.startScreen(start.snapshot) }
        for record in progress.states { _ = recognizer.add(record.snapshot) }
        let shared = Exploration(progress: progress, recognizer: recognizer, random: SplitMix64(seed: configuration.seed),
                                 globalNavigation: GlobalNavigation(after: configuration.globalAfter))
        self.init(driver: driver, configuration: configuration, sink: sink, shared: shared, index: 0)
        for record in progress.states { for i in record.fired { novelty.fire(record.events[i].abstractAction) } }
        for record in progress.states where !record.unreachable { novelty.offer(record, open: true) }
        for edge in progress.edges { indexEdge(edge); globalNavigation.note(edge) }
        for failure in progress.failures { failureKeys.insert(Self.failureKey(failure.kind, failure.message)) }
        self.progress.stopReason = nil
        shared.sessionCount = drivers.count
        helpers = drivers.dropFirst().enumerated().map { Crawler(driver: $0.element, configuration: configuration, sink: sink, shared: shared, index: $0.offset + 1) }
    }

    private init(driver: AppDriver, configuration: CrawlConfiguration, sink: CrawlSink?, shared: Exploration, index: Int) {
        self.driver = driver
        self.configuration = configuration
        self.sink = sink
        self.shared = shared
        self.sessionIndex = index
        self.planner = EventPlanner(rows: configuration.rows, blocklist: configuration.blocklist, only: configuration.only,
                                    inputs: configuration.inputs)
    }

    /// How many sessions explore (drivers).
    public var sessions: Int { shared.sessionCount }

    /// Runs `body` with the shared state unlocked: the driver works while other sessions use the model.
    private func driverWork<T>(_ body: () throws -> T) rethrows -> T {
        shared.lock.unlock()
        defer { shared.lock.lock() }
        return try body()
    }

    /// Asks a running crawl to stop after the event in flight (safe from a signal handler's queue).
    public func requestStop() { stopFlag.set() }

    public var elapsed: Double { progress.elapsedBefore + Date().timeIntervalSince(started) }

    /// Explores until nothing is left or a budget is spent. Driver failures that end the session throw (after the
    /// progress so far was checkpointed); element-level failures are logged and the crawl goes on. With several
    /// sessions, the others run on threads of their own until this one returns.
    public func run() throws -> CrawlModel {
        shared.lock.lock()
        defer { shared.lock.unlock() }
        started = Date()
        let group = DispatchGroup()
        for helper in helpers {
            group.enter()
            let thread = Thread { helper.helperMain(); group.leave() }
            thread.name = "carto crawl session \(helper.sessionIndex + 1)"
            thread.start()
        }
        var error: Error?
        do { try explore() } catch let failure { error = failure }
        finish()
        driverWork { group.wait() }
        if let failure = error ?? shared.failure {
            switch failure {
            case let failure as CartoError where !progress.states.isEmpty:
                // The app went away mid-crawl (its server stopped): keep what was found, resume later.
                throw savedAfterFailure(failure.message)
            case let failure as WebDriverError where failure.endsSession:
                throw savedAfterFailure("the driver stopped answering (\(failure))")
            default:
                throw failure
            }
        }
        try checkpoint()
        return model()
    }

    /// A helper session's thread: explores until the crawl is finished; an error ends the crawl for all.
    private func helperMain() {
        shared.lock.lock()
        defer { shared.lock.unlock() }
        do { try explore() } catch {
            if shared.failure == nil { shared.failure = error }
            finish()
        }
    }

    /// Ends the crawl for every session (they leave after the event in flight).
    private func finish() {
        shared.finished = true
        shared.lock.broadcast()
    }

    /// One session's loop; runs with the shared state locked.
    private func explore() throws {
        if sessionIndex == 0 && progress.states.isEmpty {
            let snapshot = try restartApp().snapshot
            started = Date()   // exploration time starts at the first snapshot
            if Self.startsWithoutRoute(driver.start) { recognizer.startScreen(snapshot) }
            let id = try register(snapshot, depth: 0)
            currentSnapshot = snapshot
            progress.totalStates = 1
            trail = [id]
            current = id
            pathActionCounts[id] = [:]
            try collectFailures(state: id, path: { [] })
            try checkInvariants(state: id, snapshot: snapshot, path: { [] })
            shared.lock.broadcast()
        }
        if sessionIndex == 0 { try checkpoint() }
        while !shared.finished {
            if let reason = budgetSpent() { progress.stopReason = reason; finish(); break }
            if progress.states.isEmpty { shared.lock.wait(); continue }   // the first session is still starting
            guard let target = chooseTarget() else {
                // Sessions still acting may find more work: wait for them; else everything is explored.
                if shared.inFlight > 0 { shared.lock.wait(); continue }
                progress.stopReason = "explored"
                finish()
                break
            }
            shared.inFlight += 1
            shared.claimed[target, default: 0] += 1
            defer {
                shared.inFlight -= 1
                shared.claimed[target]! -= 1
                if shared.claimed[target] == 0 { shared.claimed[target] = nil }
                shared.lock.broadcast()
            }
            try work(on: target)
        }
    }

    /// Reaches `target` and fires its next event.
    private func work(on target: Int) throws {
        if try !reach(target) {
            novelty.offer(progress.states[target], open: false)
            progress.states[target].unreachable = true
            changed.insert(target)
            sink?.log(.unreachable(.init(state: Self.name(target))))
            try checkpoint()
            return
        }
        guard let index = nextEventIndex(of: target) else { return }
        markFired(target, index)
        changed.insert(target)
        let event = progress.states[target].events[index]
        novelty.fire(event.abstractAction)
        let grownBefore = (progress.states.count, progress.edges.count)
        do {
            shared.firing[target, default: []].insert(index)
            defer { shared.firing[target]?.remove(index) }   // recorded (or failed) before this session's checkpoint
            _ = try act(event, from: target)
        }
        eventsSinceGrowth = grownBefore == (progress.states.count, progress.edges.count) ? eventsSinceGrowth + 1 : 0
        try checkpoint()
    }

    /// A start URL without a hash route: a route the app shows at start is one it chose itself, its root. A route
    /// given by the user is where they asked the crawl to begin, and stays part of the identity.
    static func startsWithoutRoute(_ start: String) -> Bool { !start.contains("#") }

    /// Checkpoints what was found and says how to continue: the error a crawl ends with when the app or its driver
    /// went away.
    private func savedAfterFailure(_ reason: String) -> CartoError {
        progress.stopReason = "driver-error"
        try? checkpoint()
        return CartoError("\(reason); the \(progress.states.count) states found so far are saved, continue with --resume", status: .driverError)
    }


    // MARK: - Choosing and reaching work

    private func budgetSpent() -> String? {
        if stopFlag.isSet { return "interrupted" }
        if let max = configuration.maxEvents, progress.eventsFired + shared.inFlight >= max { return "max-events" }
        if let max = configuration.maxStates, progress.states.count >= max { return "max-states" }
        if let max = configuration.maxTime, elapsed >= max { return "max-time" }
        if let max = configuration.saturation, eventsSinceGrowth >= max { return "saturated" }
        return nil
    }

    private func chooseTarget() -> Int? {
        let states = progress.states
        switch configuration.strategy {
        case .depthFirst:
            // Novel work on the path first (a shallower state's own actions before a deep state's repeats), then the
            // deepest state with any work.
            if configuration.abstraction == .screen, let deepest = trail.reversed().first(where: { hasNovelWork($0) }) { return deepest }
            if let deepest = trail.reversed().first(where: { states[$0].hasWork }) { return deepest }
            return unclaimed(states.indices.filter { states[$0].hasWork })
        case .breadthFirst:
            return unclaimed(states.indices.filter { states[$0].hasWork })
        case .random:
            let candidates = states.indices.filter { states[$0].hasWork }
            return candidates.isEmpty ? nil : candidates[random.next(below: candidates.count)]
        }
    }

    /// The first of `candidates` no other session is headed for, else the first: sessions spread over the frontier.
    private func unclaimed(_ candidates: [Int]) -> Int? {
        candidates.first { shared.claimed[$0] == nil } ?? candidates.first
    }

    /// The next event to fire in `state`: one whose abstract action was never fired anywhere first (action
    /// novelty), in the planner's order. Events whose abstract action the path to this state already repeats
    /// `maxRepeats` times are dropped (marked fired without firing): they would only grow a list.
    private func nextEventIndex(of state: Int) -> Int? {
        let record = progress.states[state]
        var open = record.events.indices.filter { !record.fired.contains($0) }
        guard !open.isEmpty else { return nil }
        if configuration.abstraction == .screen, let counts = actionCounts(onPathTo: state), counts.values.contains(where: { $0 >= configuration.maxRepeats }) {
            let repeated = open.filter { counts[record.events[$0].abstractAction, default: 0] >= configuration.maxRepeats }
            for index in repeated {
                markFired(state, index)
                sink?.log(.skip(.init(state: Self.name(state), event: record.events[index].description,
                                      reason: "fired \(configuration.maxRepeats) times on the path here already")))
            }
            open.removeAll { repeated.contains($0) }
            changed.insert(state)
            guard !open.isEmpty else { return nil }
        }
        if configuration.abstraction == .screen {
            let global = open.compactMap { index in globalNavigation.target(of: record.events[index]).map { (index, $0) } }
            for (index, target) in global {
                markFired(state, index)
                sink?.log(.skip(.init(state: Self.name(state), event: record.events[index].description,
                                      reason: "global navigation: led to \(Self.name(target)) from \(configuration.globalAfter) states already")))
            }
            if !global.isEmpty {
                changed.insert(state)
                open.removeAll { index in global.contains { $0.0 == index } }
                guard !open.isEmpty else { return nil }
            }
        }
        if configuration.strategy == .random { return open[random.next(below: open.count)] }
        if configuration.abstraction == .screen {
            if let novel = open.first(where: { novelty.isNovel(record.events[$0].abstractAction, at: record.depth) }) { return novel }
            if let novel = open.first(where: { !novelty.fired.contains(record.events[$0].abstractAction) }) { return novel }
        }
        return open[0]
    }

    private func hasNovelWork(_ state: Int) -> Bool {
        let record = progress.states[state]
        guard record.hasWork else { return false }
        return record.events.indices.contains { !record.fired.contains($0) && novelty.isNovel(record.events[$0].abstractAction, at: record.depth) }
    }

    private func markFired(_ state: Int, _ index: Int) {
        guard progress.states[state].fired.insert(index).inserted else { return }
        novelty.withdraw(progress.states[state].events[index].abstractAction, at: progress.states[state].depth)
    }

    private func actionCounts(onPathTo state: Int) -> [String: Int]? {
        if let known = pathActionCounts[state] { return known }
        guard let path = shortestPath(to: state) else { return nil }
        var counts: [String: Int] = [:]
        for step in path { counts[step.event.abstractAction, default: 0] += 1 }
        pathActionCounts[state] = counts
        return counts
    }

    /// Brings the app to `target`: nothing to do, back through the trail, or restart and replay the shortest path.
    private func reach(_ target: Int) throws -> Bool {
        if needsFreshStart && configuration.abstraction == .screen { return try restartAndReplay(to: target) }
        if current == target { return true }
        if trail.contains(target) {
            while let here = current, here != target, trail.count >= 2 {
                let expected = trail[trail.count - 2]
                // `act` records the back edge and pops the trail when the app lands where expected.
                guard let landed = try act(.back, from: here), landed == expected else { break }
            }
            if current == target { return true }
        }
        return try restartAndReplay(to: target)
    }

    private func restartAndReplay(to target: Int) throws -> Bool {
        guard shortestPath(from: 0, to: target) != nil else { return false }
        // Real apps do not always open on the same screen (SB Admin 2 collapses its sidebar on some loads and not on
        // others, depending on when layout settles): replay from whichever known screen the app opened on, and try
        // one more restart when no recorded path leads from there.
        var path: [(event: CrawlEvent, to: Int)] = []
        for attempt in 1...2 {
            let opened = try restartApp().snapshot
            let start = try recognizer.match(opened) ?? register(opened, depth: 0)
            trail = [start]
            current = start
            currentSnapshot = opened
            if let found = shortestPath(from: start, to: target) { path = found; break }
            sink?.log(.replay(.init(state: Self.name(target), result: "the app opened on \(Self.name(start)), from which no recorded path leads there"
                                     + (attempt == 1 ? "; restarting once more" : ""))))
            if attempt == 2 { return false }
        }
        replaying = true
        defer { replaying = false }
        for step in path {
            if budgetSpent() != nil { return false }
            let from = current!
            let landed = try act(step.event, from: from)
            guard landed == step.to else {
                sink?.log(.replay(.init(state: Self.name(target), result: "diverged at \(step.event)")))
                if let landed, landed != from, let decision = recognizer.refine(from: from, event: step.event.description, expected: step.to, landed: landed) {
                    log(decision)
                }
                return false
            }
        }
        return current == target
    }

    /// Shortest path of replayable events from the start state (breadth-first over recorded edges).
    private func shortestPath(to target: Int) -> [(event: CrawlEvent, to: Int)]? { shortestPath(from: 0, to: target) }

    private func shortestPath(from origin: Int, to target: Int) -> [(event: CrawlEvent, to: Int)]? {
        if target == origin { return [] }
        // Predecessors as (state, index of the edge in forward[state]): copying events (element trees) per visited
        // edge made this search the crawler's largest cost on big models.
        var previous: [Int: (from: Int, edge: Int)] = [:]
        var queue = [origin]
        var head = 0
        var seen: Set<Int> = [origin]
        while head < queue.count {
            let node = queue[head]; head += 1
            guard let targets = forwardTargets[node] else { continue }
            for (i, to) in targets.enumerated() where seen.insert(to).inserted {
                previous[to] = (node, i)
                if to == target {
                    var path: [(event: CrawlEvent, to: Int)] = []
                    var at = target
                    while let step = previous[at] { path.append((forward[step.from]![step.edge].event, at)); at = step.from }
                    return path.reversed()
                }
                queue.append(to)
            }
        }
        return nil
    }

    // MARK: - Firing events

    /// Performs an event's actions, waits, snapshots and recognises where the app is. Returns the state reached
    /// (nil when the app left scope and could not be brought back). Updates `current`.
    private func act(_ event: CrawlEvent, from source: Int) throws -> Int? {
        let t0 = Date()
        let driverBefore = driverSeconds
        func timed<T>(_ body: () throws -> T) rethrows -> T {
            let s = Date(); defer { driverSeconds += Date().timeIntervalSince(s) }
            return try driverWork(body)
        }
        var actionError: String?
        var waitedBetween = 0.0
        for (index, action) in event.actions.enumerated() {
            // Every action gets the wait, not only the event's last (the paper's delay after each element exercised):
            // a field may validate or fetch suggestions before the submit button is enabled.
            if index > 0 { waitedBetween += try timed { try driver.waitForIdle(configuration.wait) }.waitedMilliseconds }
            do { try timed { try driver.perform(action) } } catch let error as WebDriverError where !error.endsSession {
                actionError = error.description
                break
            }
        }
        progress.eventsFired += 1
        let observed = try timed { try driver.observe(after: configuration.wait) }
        var idle = observed.idle
        idle.waitedMilliseconds += waitedBetween
        failures += observed.failures
        var snapshot = observed.snapshot
        var left: String?
        var relaunched = false
        if let reason = observed.outOfScope {
            left = reason
            // Never explore another origin or app: come straight back (back first; a crashed app is relaunched).
            var stillOut = true
            if driver.webOrigin != nil {
                do {
                    let back = try timed { () throws -> Observation in
                        try driver.perform(.back)
                        return try driver.observe(after: configuration.wait)
                    }
                    progress.eventsFired += 1
                    failures += back.failures
                    snapshot = back.snapshot
                    stillOut = back.outOfScope != nil
                } catch let error as WebDriverError where !error.endsSession {}
            }
            if stillOut {
                snapshot = try restartApp().snapshot
                relaunched = true
            }
        }
        let outcome = relaunched ? try relaunchedAt(snapshot) : try classify(snapshot, after: event, from: source)   // may take a screenshot (driver time)
        let driverTime = driverSeconds - driverBefore
        let total = Date().timeIntervalSince(t0)
        sink?.log(.event(.init(
            from: Self.name(source), event: event.description, key: event.key, outcome: outcome.kind, to: outcome.state.map(Self.name),
            idle: idle.idle, waitMs: Self.round(idle.waitedMilliseconds), totalMs: Self.round(total * 1000),
            driverMs: Self.round(driverTime * 1000), crawlerMs: Self.round((total - driverTime) * 1000), t: Self.round(elapsed),
            busy: idle.busy, session: shared.sessionCount > 1 ? sessionIndex + 1 : nil, error: actionError, leftScope: left)))
        try collectFailures(state: source, path: { self.pathDescription(to: source) + [event.description] })
        // Every screen the app shows is checked, also one that changed in place (an error message appearing).
        try checkInvariants(state: outcome.state ?? source, snapshot: snapshot, path: { self.pathDescription(to: source) + [event.description] })
        return outcome.state
    }

    private struct Outcome { var kind: String; var state: Int? }

    /// After the app was relaunched (it crashed or left scope) no edge leads here: the trail starts again.
    private func relaunchedAt(_ snapshot: UISnapshot) throws -> Outcome {
        currentSnapshot = snapshot
        let id = try recognizer.match(snapshot) ?? register(snapshot, depth: 0)
        trail = [id]
        current = id
        return Outcome(kind: "relaunched", state: id)
    }

    /// New state, known state, back, in-place change or no change; records edges and moves `current`.
    private func classify(_ snapshot: UISnapshot, after event: CrawlEvent, from source: Int) throws -> Outcome {
        defer { currentSnapshot = snapshot }
        let known = recognizer.match(snapshot)
        // Only forms count as writing data: taps that change a screen in place (a toggle; a clock ticking meanwhile)
        // would restart the app after most events.
        let unchanged = known == source && current == source && snapshot == currentSnapshot
        if event.kind == .fill && !unchanged { wroteSinceRestart = true }
        if let id = known {
            if id == source && current == source {
                if !unchanged && event.kind == .fill && !replaying { needsFreshStart = true }
                return Outcome(kind: unchanged ? "no change" : "in-place change", state: id)
            }
            let isBack = trail.count >= 2 && trail[trail.count - 2] == id
            let kind = isBack ? "back" : "known"
            if !isBack && !replaying && wroteSinceRestart { needsFreshStart = true }
            addEdge(from: source, to: id, event: event, kind: kind)
            if isBack { trail.removeLast() } else { trail.append(id) }
            current = id
            progress.totalStates += 1
            return Outcome(kind: kind, state: id)
        }
        let depth = progress.states[source].depth + 1
        let id = try register(snapshot, depth: depth)
        // The path that found it: the source's plus this event (for the repeat bound, without a search per state).
        if let counts = pathActionCounts[source] { pathActionCounts[id] = counts.merging([event.abstractAction: 1], uniquingKeysWith: +) }
        addEdge(from: source, to: id, event: event, kind: "new")
        trail.append(id)
        current = id
        progress.totalStates += 1
        return Outcome(kind: "new", state: id)
    }

    private func register(_ snapshot: UISnapshot, depth: Int) throws -> Int {
        var events: [CrawlEvent] = []
        let plan = planner.plan(snapshot, origin: driver.webOrigin)
        if configuration.maxDepth.map({ depth < $0 }) ?? true { events = plan.events }
        let added = recognizer.add(snapshot)
        let id = added.index
        let record = CrawlProgress.StateRecord(signature: StateSignature(snapshot), snapshot: snapshot, depth: depth, events: events,
                                               fired: [], unreachable: false, screenshot: nil, abstract: added.identity)
        // The record goes in at its index before the lock is let go for the screenshot: a session registering a
        // state meanwhile gets the next index and appends after it (appending after the screenshot swapped them and
        // crashed two-session crawls), and may fire this state's events, so only the screenshot is written back.
        progress.states.append(record)
        precondition(progress.states.count == id + 1, "states are recorded in recognition order")
        novelty.offer(record, open: true)
        changed.insert(id)
        var png: Data?
        if configuration.screenshots {
            let s = Date()
            png = driverWork { try? driver.screenshot() }
            driverSeconds += Date().timeIntervalSince(s)
        }
        progress.states[id].screenshot = try sink?.stateDiscovered(id: id, record: record, screenshot: png)
        sink?.log(.state(.init(
            id: Self.name(id), name: added.identity.name, properties: added.identity.properties.map(\.description),
            title: snapshot.context.title ?? "", context: snapshot.context.container ?? "", depth: depth, events: events.map(\.description),
            t: Self.round(elapsed), elements: snapshot.root.allElements.dropFirst().map(ElementLogRecord.init),
            skipped: plan.skipped.isEmpty ? nil : plan.skipped.map { .init(element: ElementNaming.describe($0.element), reason: $0.reason) })))
        if let decision = added.decision { log(decision) }
        return id
    }

    private func log(_ decision: StateIndex.Decision) {
        sink?.log(.abstraction(.init(decision: decision.kind.rawValue, screen: decision.screen, reason: decision.reason)))
    }

    /// The specification's invariants on a new state; violations are failures with the path that reproduces them.
    private func checkInvariants(state: Int, snapshot: UISnapshot, path makePath: () -> [String]) throws {
        guard !configuration.invariants.isEmpty else { return }
        var text: String?
        for invariant in configuration.invariants {
            let message = try invariant.violation(in: snapshot) {
                if let text { return text }
                let read = try driverWork { try driver.visibleText() }
                text = read
                return read
            }
            guard let message, failureKeys.insert(Self.failureKey("invariant", message)).inserted else { continue }
            let path = makePath()
            progress.failures.append(CrawlModel.Failure(kind: "invariant", message: message, location: snapshot.context.container,
                                                        state: Self.name(state), path: path))
            sink?.log(.failure(.init(kind: "invariant", message: message, location: snapshot.context.container, state: Self.name(state), path: path)))
        }
    }

    private func addEdge(from: Int, to: Int, event: CrawlEvent, kind: String) {
        let key = "\(from)|\(event.key)|\(to)"
        guard edgeKeys.insert(key).inserted else { return }
        let edge = CrawlProgress.EdgeRecord(from: from, to: to, event: event, kind: kind)
        progress.edges.append(edge)
        indexEdge(edge)
        globalNavigation.note(edge)
    }

    private func indexEdge(_ edge: CrawlProgress.EdgeRecord) {
        edgeKeys.insert("\(edge.from)|\(edge.event.key)|\(edge.to)")
        if edge.event.kind != .back {
            forward[edge.from, default: []].append((edge.event, edge.to))
            forwardTargets[edge.from, default: []].append(edge.to)
        }
    }

    /// Restarts (or runs the setup journey) and observes the start screen; its failures wait for the next report.
    private func restartApp() throws -> Observation {
        needsFreshStart = false
        wroteSinceRestart = false
        let s = Date()
        defer { driverSeconds += Date().timeIntervalSince(s) }
        let observed = try driverWork { () throws -> Observation in
            if let setup = configuration.setup { try setup.run(driver) } else { try driver.restart() }
            return try driver.observe(after: configuration.wait)
        }
        failures += observed.failures
        return observed
    }

    /// `path` is computed only when there is a failure (a breadth-first search per event would be waste).
    private func collectFailures(state: Int, path makePath: () -> [String]) throws {
        var computed: [String]?
        defer { failures.removeAll() }
        for failure in failures {
            let path = computed ?? makePath()
            computed = path
            guard failureKeys.insert(Self.failureKey(failure.kind, failure.message)).inserted else { continue }
            let record = CrawlModel.Failure(kind: failure.kind, message: failure.message, location: failure.location,
                                            state: Self.name(state), path: path)
            progress.failures.append(record)
            sink?.log(.failure(.init(kind: failure.kind, message: failure.message, location: failure.location, state: Self.name(state), path: path)))
        }
    }

    /// One failure per kind and message: the same error from another state is the same bug, reported once with
    /// the shortest path found first.
    static func failureKey(_ kind: String, _ message: String) -> String { kind + "|" + message }

    /// The events that reach `state` from a fresh start.
    private func pathDescription(to state: Int) -> [String] {
        shortestPath(to: state)?.map(\.event.description) ?? []
    }

    private func checkpoint() throws {
        progress.elapsedBefore = elapsed
        started = Date()
        // An event another session is firing is saved as not fired yet: killed before its outcome is recorded, the
        // resumed crawl fires it again instead of losing where it leads. Its state is saved again afterwards.
        let held = shared.firing.filter { !$0.value.isEmpty }
        var saved = progress   // copied only when an event is in flight
        for (state, indices) in held { saved.states[state].fired.subtract(indices) }
        try sink?.checkpoint(saved, changedStates: changed.union(held.keys).sorted())
        changed = Set(held.keys)
    }

    // MARK: - Model

    public func model() -> CrawlModel {
        Self.model(progress, platform: driver.platform, start: driver.start, configuration: configuration)
    }

    public static func model(_ progress: CrawlProgress, platform: String, start: String, configuration: CrawlConfiguration) -> CrawlModel {
        let states = progress.states.enumerated().map { id, record in
            CrawlModel.State(id: name(id), title: record.snapshot.context.title ?? "", context: record.snapshot.context.container ?? "",
                             screenshot: record.screenshot, depth: record.depth, elements: record.signature.elementCount, events: record.events.count,
                             name: record.abstract?.name, properties: record.abstract?.properties.map(\.description))
        }
        let edges = progress.edges.map { CrawlModel.Edge(from: name($0.from), to: name($0.to), event: $0.event.description, kind: $0.kind,
                                                           abstractEvent: $0.event.abstractEvent, action: $0.event.userActions) }
        let settings = CrawlModel.Settings(
            strategy: configuration.strategy.rawValue, wait: configuration.wait.description, rows: configuration.rows.rawValue,
            abstraction: configuration.abstraction.rawValue, weights: configuration.weights, maxEvents: configuration.maxEvents, maxStates: configuration.maxStates,
            maxDepth: configuration.maxDepth, maxTimeSeconds: configuration.maxTime)
        let stats = CrawlModel.Stats(events: progress.eventsFired, uniqueStates: states.count, totalStates: progress.totalStates,
                                     edges: edges.count, durationSeconds: round(progress.elapsedBefore), failures: progress.failures.count,
                                     stopReason: progress.stopReason ?? "interrupted")
        return CrawlModel(app: .init(platform: platform, start: start), settings: settings, states: states, edges: edges,
                          stats: stats, failures: progress.failures)
    }

    public static func name(_ id: Int) -> String { "s\(id)" }
    static func round(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
}

/// A thread-safe flag (Ctrl-C arrives on another thread).
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
