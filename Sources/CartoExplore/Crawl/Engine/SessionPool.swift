import CartoCore
import CartoModel
import Foundation

/// What a session is handed to do next.
enum SessionTask: Equatable {
    /// Start the app and record its start screen (the first task of a new crawl).
    case start
    /// Reach a state and fire one of its events.
    case fire(Work)
}

/// The sessions of one crawl (`--browsers N`), and when the crawl is done. One lock — a condition — guards the
/// recorder and the frontier; a session holds it except while its driver works, so the model changes one event at a
/// time, as with one session.
///
/// Termination is decided here and only here, by construction: a session asks for its next task, and the crawl is
/// `explored` only when the frontier has nothing and no session is busy — an event, a restart or a replay in
/// flight — since any of those may still record a discovery. A session with nothing to do while others are busy
/// waits; every recorded discovery (whole, see `Recorder`) wakes it. So the crawl ends with the same states and
/// transitions however the sessions' work interleaves.
final class SessionPool: @unchecked Sendable {   // sessions run on threads of their own; shared state is locked
    let lock = NSCondition()
    let recorder: Recorder
    let frontier: Frontier
    let configuration: CrawlConfiguration
    /// Set from another thread (Ctrl-C) to stop after the events in flight.
    let stopFlag = StopFlag()
    /// Sessions with a task in flight.
    private var busy = 0
    private var starting = false
    /// Set when the crawl ends (explored, a budget spent, stopped, or a session failed): every session leaves.
    private(set) var finished = false
    /// The first error that ended a session.
    private(set) var failure: Error?
    /// Events fired since the model last grew (a new state or a new transition).
    private var eventsSinceGrowth = 0
    private var started = Date()

    /// How many sessions explore (the log names the session of each event when there are several).
    let sessionCount: Int

    init(recorder: Recorder, frontier: Frontier, configuration: CrawlConfiguration, sessions: Int) {
        self.recorder = recorder; self.frontier = frontier; self.configuration = configuration; sessionCount = sessions
    }

    /// Exploration seconds, earlier runs included.
    var elapsed: Double { recorder.progress.elapsedBefore + Date().timeIntervalSince(started) }

    /// Exploration time starts at the first snapshot: the time before (browsers starting) does not count.
    func restartClock() { started = Date() }

    /// Runs every session, each on a thread of its own (the first on the caller's), until the crawl is done; the
    /// first error a session meets ends the crawl for all and is rethrown.
    func run(_ sessions: [Session]) throws {
        lock.lock()
        defer { lock.unlock() }
        started = Date()
        let group = DispatchGroup()
        for session in sessions.dropFirst() {
            group.enter()
            let thread = Thread { [self] in
                lock.lock()
                defer { lock.unlock(); group.leave() }
                run(session)
            }
            thread.name = "carto crawl session \(session.index + 1)"
            thread.start()
        }
        run(sessions[0])
        unlocked { group.wait() }
        if let failure { throw failure }
    }

    private func run(_ session: Session) {
        do {
            while let task = next(for: session) {
                defer { done(task) }
                try session.perform(task)
            }
        } catch {
            if failure == nil { failure = error }
            end(nil)
        }
    }

    /// The next task for `session`: waits while there is none and other sessions are busy; nil when the crawl is over.
    private func next(for session: Session) -> SessionTask? {
        while !finished {
            if let reason = budgetSpent(inFlight: busy) { end(reason); break }
            if recorder.states.isEmpty {
                if !starting { starting = true; busy += 1; return .start }
            } else if let work = frontier.take(trail: session.navigator.trail, session: session.index,
                                               holdsChange: session.navigator.changedInPlaceSinceRestart, recorder: recorder) {
                busy += 1
                return .fire(work)
            } else if busy == 0 {
                end(.explored)
                break
            }
            lock.wait()
        }
        return nil
    }

    private func done(_ task: SessionTask) {
        busy -= 1
        if case .fire(let work) = task { frontier.finish(work) }
        lock.broadcast()
    }

    /// Ends the crawl for every session (they leave after their task in flight).
    func end(_ reason: StopReason?) {
        if !finished, let reason { recorder.setStopReason(reason) }
        finished = true
        lock.broadcast()
    }

    /// Notes whether an event made the model grow (the saturation budget).
    func noteGrowth(_ grew: Bool) { eventsSinceGrowth = grew ? 0 : eventsSinceGrowth + 1 }

    /// The budget spent, if one is. `inFlight` events are counted as fired already: a task handed out fires at least
    /// one more (so no session starts a restart and a replay it may not finish).
    private func budgetSpent(inFlight: Int) -> StopReason? {
        if stopFlag.isSet { return .interrupted }
        if let max = configuration.settings.maxEvents, recorder.eventsFired + inFlight >= max { return .maxEvents }
        if let max = configuration.settings.maxStates, recorder.states.count >= max { return .maxStates }
        if let max = configuration.settings.maxTimeSeconds, elapsed >= max { return .maxTime }
        if configuration.settings.saturation > 0, eventsSinceGrowth >= configuration.settings.saturation { return .saturated }
        return nil
    }

    /// Whether a session in the middle of a task must not fire another event: the crawl ended, a stop was asked for,
    /// or a budget is spent by the events fired (each event is counted before it is fired, under the lock: the
    /// budget holds exactly with any number of sessions).
    var mustStop: Bool { finished || budgetSpent(inFlight: 0) != nil }

    /// Runs `body` with the lock let go: the driver works while other sessions use the model.
    func unlocked<T>(_ body: () throws -> T) rethrows -> T {
        lock.unlock()
        defer { lock.lock() }
        return try body()
    }

    /// Saves the progress (under the lock).
    func checkpoint() throws {
        try recorder.checkpoint(elapsed: elapsed)
        started = Date()
    }
}

/// A thread-safe flag (Ctrl-C arrives on another thread).
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
