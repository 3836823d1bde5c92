import CartoCore
import CartoDrivers
import CartoModel
import Foundation

/// The exploration loop (the paper's steps 1–7) over any number of sessions into one model. Its parts, each with
/// one job (`Crawl/Engine`, `Crawl/Frontier`):
///
/// - `Recorder`: the one graph of states and transitions, recognition, failures, the checkpoint;
/// - `Frontier`: which state and event come next, after its passes (`RepeatBound`, `GlobalNavigation`) and its
///   ordering (`ActionNovelty`);
/// - `Navigator`: where a session's app is and how to reach a state (back, or restart and replay);
/// - `Session`: one driver firing events, observing and classifying outcomes;
/// - `SessionPool`: the sessions on their threads, the lock, budgets and termination.
public final class Crawler: @unchecked Sendable {   // sessions run on threads of their own; shared state is locked
    public let configuration: CrawlConfiguration
    public let sink: CrawlSink?
    private let pool: SessionPool
    private let members: [Session]

    /// The first session's driver (its platform and start are the model's).
    public var driver: AppDriver { members[0].driver }

    public convenience init(driver: AppDriver, configuration: CrawlConfiguration, sink: CrawlSink? = nil, resumeFrom: CrawlProgress? = nil) {
        self.init(drivers: [driver], configuration: configuration, sink: sink, resumeFrom: resumeFrom)
    }

    /// One session per driver, all exploring one model (from `resumeFrom`'s progress when given).
    public init(drivers: [AppDriver], configuration: CrawlConfiguration, sink: CrawlSink? = nil, resumeFrom: CrawlProgress? = nil) {
        precondition(!drivers.isEmpty, "a crawl needs a driver")
        self.configuration = configuration
        self.sink = sink
        var progress = resumeFrom ?? CrawlProgress()
        progress.stopReason = nil
        var recognizer = StateRecognition(mode: configuration.abstraction, weights: configuration.settings.weights,
                                          abstraction: ScreenAbstraction(overrides: configuration.overrides),
                                          coarsenAfter: configuration.coarsenAfter)
        if let start = progress.graph.states.first, Self.startsWithoutRoute(drivers[0].start) { recognizer.startScreen(start.snapshot) }
        recognizer.restore(progress.behaviour)
        for record in progress.graph.states { _ = recognizer.add(record.snapshot) }
        let recorder = Recorder(progress: progress, recognizer: recognizer, sink: sink)
        let pool = SessionPool(recorder: recorder, frontier: Frontier(configuration: configuration, graph: progress.graph),
                               configuration: configuration, sessions: drivers.count)
        self.pool = pool
        members = drivers.enumerated().map { Session(index: $0.offset, driver: $0.element, pool: pool) }
    }

    /// How many sessions explore (drivers).
    public var sessions: Int { members.count }

    /// What was found so far.
    public var progress: CrawlProgress { pool.lock.withLock { pool.recorder.progress } }

    /// Asks a running crawl to stop after the events in flight (safe from a signal handler's queue).
    public func requestStop() { pool.stopFlag.set() }

    /// Explores until nothing is left or a budget is spent. Driver failures that end a session throw (after the
    /// progress so far was checkpointed); element-level failures are logged and the crawl goes on.
    public func run() throws -> CrawlModel {
        do {
            try pool.run(members)
        } catch let failure as CartoError where !pool.recorder.states.isEmpty {
            // The app went away mid-crawl (its server stopped): keep what was found, resume later.
            throw savedAfterFailure(failure.message)
        } catch let failure as WebDriverError where failure.endsSession {
            throw savedAfterFailure("the driver stopped answering (\(failure))")
        }
        try pool.lock.withLock { try pool.checkpoint() }
        return model()
    }

    /// Checkpoints what was found and says how to continue: the error a crawl ends with when the app or its driver
    /// went away.
    private func savedAfterFailure(_ reason: String) -> CartoError {
        pool.lock.withLock {
            pool.recorder.setStopReason(.driverError)
            try? pool.checkpoint()
        }
        return CartoError("\(reason); the \(pool.recorder.states.count) states found so far are saved, continue with --resume", status: .driverError)
    }

    /// A start URL without a hash route: a route the app shows at start is one it chose itself, its root. A route
    /// given by the user is where they asked the crawl to begin, and stays part of the identity.
    static func startsWithoutRoute(_ start: String) -> Bool { !start.contains("#") }

    // MARK: - Model

    public func model() -> CrawlModel {
        let (progress, identities) = pool.lock.withLock { (pool.recorder.progress, pool.recorder.modelIdentities()) }
        return Self.model(progress, platform: driver.platform, start: driver.start, configuration: configuration, identities: identities)
    }

    /// `identities`: each state's identity under everything the crawl learnt (`StateIndex.modelIdentity`), when the
    /// crawl's index is at hand; else what `progress` saved is normalised by the controls' behaviour.
    public static func model(_ progress: CrawlProgress, platform: String, start: String, configuration: CrawlConfiguration,
                             identities: [AbstractState]? = nil) -> CrawlModel {
        let graph = progress.graph
        // Under what the crawl learnt in the end (inert controls, self-contained toggles, coarsened screens), states
        // found before a decision may compare alike: each such group is one state, the first found, with the edges of
        // all.
        let learnt = graph.states.indices.map { id -> [String]? in
            guard configuration.abstraction == .screen, let identity = graph.states[id].abstract else { return nil }
            if let identities, id < identities.count { return identities[id].properties.map(\.description) }
            // As a set: two labels of one toggle are one property.
            return AbstractState(properties: progress.behaviour.normalize(identity.properties), name: "").properties.map(\.description)
        }
        var representative = Array(graph.states.indices)
        var firstWith: [[String]: Int] = [:]
        for (id, key) in learnt.enumerated() {
            guard let key else { continue }
            if let first = firstWith[key] { representative[id] = first } else { firstWith[key] = id }
        }
        var states: [CrawlModel.State] = []
        for (id, record) in graph.states.enumerated() {
            if representative[id] != id {
                if let i = states.firstIndex(where: { $0.id == name(representative[id]) }) { states[i].depth = min(states[i].depth, record.depth) }
                continue
            }
            states.append(CrawlModel.State(id: name(id), title: record.snapshot.context.title ?? "", context: record.snapshot.context.container ?? "",
                                           screenshot: record.screenshot, depth: record.depth, elements: record.signature.elementCount,
                                           events: record.events.count, name: record.abstract?.name,
                                           properties: learnt[id] ?? record.abstract?.properties.map(\.description)))
        }
        // Unique names: what sets a state apart from its nearest sibling of the same name.
        let named = states.indices.filter { states[$0].name != nil }
        for (i, unique) in zip(named, StateNaming.unique(named.map { (states[$0].id, states[$0].name!, states[$0].properties ?? []) })) {
            states[i].name = unique
        }
        var seen = Set<String>()
        // An inferred transition gives way to what the same event did when it was fired after all (from a state where
        // the app wrote data).
        let fired = Set(graph.edges.filter { $0.kind != .inferred }.map { "\(representative[$0.from])|\($0.event.key)" })
        let edges = graph.edges.compactMap { e -> CrawlModel.Edge? in
            let from = representative[e.from], to = representative[e.to]
            if e.kind == .inferred, fired.contains("\(from)|\(e.event.key)") { return nil }
            // A transition between states that proved to be one is a transition of that state to itself (a filter's
            // box ticked on the catalogue, the next month's page of a coarsened month), as one in place is.
            guard seen.insert(Recorder.edgeKey(from, e.event, to)).inserted else { return nil }
            return CrawlModel.Edge(from: name(from), to: name(to), event: e.event.description, kind: e.kind,
                                   abstractEvent: e.event.abstractEvent, action: e.event.userActions, throughHistory: e.throughHistory)
        }
        let failures = progress.failures.map { failure -> CrawlModel.Failure in
            var f = failure
            if let id = Int(failure.state.dropFirst()), id < representative.count { f.state = name(representative[id]) }
            return f
        }
        // The settings as chosen, with the abstraction in effect (the specification's, or the default).
        var settings = configuration.settings
        settings.abstraction = configuration.abstraction
        let stats = CrawlModel.Stats(events: progress.eventsFired, uniqueStates: states.count, totalStates: progress.totalStates,
                                     edges: edges.count, durationSeconds: round(progress.elapsedBefore), failures: failures.count,
                                     stopReason: progress.stopReason ?? .interrupted)
        return CrawlModel(app: .init(platform: platform, start: start), settings: settings, states: states, edges: edges,
                          stats: stats, failures: failures, decisions: progress.decisions)
    }

    public static func name(_ id: Int) -> String { "s\(id)" }
    static func round(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
}
