import CartoCore
import CartoDrivers
import CartoModel

/// Where one session's app is, and how to bring it to a state: nothing to do, back along the way it came, or a
/// restart and a replay of the shortest recorded path. The trail is the app's back stack as the crawl saw it since
/// the last restart.
final class Navigator {
    /// The states since the last restart, the current one last.
    private(set) var trail: [Int] = []
    var current: Int? { trail.last }
    /// The screen as last observed.
    var snapshot: UISnapshot? { didSet { if let current, let snapshot { seen[current] = snapshot } } }
    /// Per state of the trail, the screen as last observed there (`ListDrain`: what a list held when the app left it).
    private(set) var seen: [Int: UISnapshot] = [:]
    /// The app may hold other data than the current state's recorded path gives it — a form was sent without leaving
    /// the screen, or a known state was reached another way after a form was sent (an active item hidden behind the
    /// Completed filter) — so the next event is fired after a fresh start and a replay of the path: every edge the
    /// model records is one that its shortest path reproduces (`carto gen` and `carto replay` follow them).
    var needsFreshStart = false
    /// A form sent since the last restart made the app react (data may have been written).
    var wroteSinceRestart = false
    /// The app wrote to its storage since the last restart (`Observation.wroteData`): an account registered.
    var storedSinceRestart = false
    /// A recorded path is being replayed: the states it reaches hold what their paths give them.
    private(set) var replaying = false
    /// The events fired since the last restart, backs included, in order; and whether one of them changed the app
    /// without leaving its screen (the screen changed in place, or data was written): a state found after that
    /// keeps them as its trace.
    private(set) var fired: [CrawlProgress.StateRecord.TraceStep] = []
    private(set) var changedInPlaceSinceRestart = false
    /// Steps of the trail that a back did not undo — the app changed its view without an entry in its history, so a
    /// back from there left it as it was, or took it elsewhere: such a step is retraced by a restart and a replay from
    /// then on, not by a back that only costs an event (a course site switching panels without its address spent a
    /// sixth of its events on backs that did nothing).
    private var backDoesNotUndo = Set<TrailStep>()
    private struct TrailStep: Hashable { var from: Int, to: Int }

    /// Event `event` was fired in `state`; `changedInPlace` when the app changed and stayed on that state; `wrote`
    /// when it wrote data, wherever it went.
    func noteFired(_ event: CrawlEvent, in state: Int, changedInPlace: Bool, wrote: Bool) {
        fired.append(.init(from: state, event: event, onlyMoved: !changedInPlace && !wrote))
        if changedInPlace { changedInPlaceSinceRestart = true }
    }

    /// The trace a state found now by `event` fired in `source` keeps, or nil when nothing changed in place before.
    func trace(to event: CrawlEvent, in source: Int) -> [CrawlProgress.StateRecord.TraceStep]? {
        changedInPlaceSinceRestart ? fired + [.init(from: source, event: event)] : nil
    }

    /// The app holds what its path does not give it (rows taken away by a cycle the crawl repeats, `ListDrain`):
    /// states found from now on keep the events that found them. `byTheLast` events fired did that (the cycle's):
    /// a replay fires them all (`TraceShortening`).
    func noteDataChanged(byTheLast steps: Int = 0) {
        changedInPlaceSinceRestart = true
        for index in fired.indices.suffix(steps) { fired[index] = fired[index].changingTheApp }
    }

    enum Arrival: Equatable {
        case reached
        /// No recorded path leads there, or replaying it went elsewhere.
        case unreachable
        /// A budget was spent on the way (the crawl is ending).
        case stopped
    }

    /// The app restarted on `state`: the trail starts again.
    func restarted(at state: Int, snapshot: UISnapshot) {
        trail = [state]
        seen = [:]
        self.snapshot = snapshot
        needsFreshStart = false
        wroteSinceRestart = false
        storedSinceRestart = false
        fired = []
        changedInPlaceSinceRestart = false
    }

    /// The app moved on to `state` (a new or known state), or back to the previous one on the trail.
    func moved(to state: Int, back: Bool) {
        if back { trail.removeLast() } else { trail.append(state) }
    }

    /// The current state proved to be another (a route alias that became a state of its own).
    func replaceCurrent(with state: Int) { trail[trail.count - 1] = state }

    /// Whether `state` is the one before the current on the trail (where a back leads).
    func isPrevious(_ state: Int) -> Bool { trail.count >= 2 && trail[trail.count - 2] == state }

    /// Brings the app to `target`, firing through `session`. `keepingApp`: through the app as it is where the trail
    /// allows (an event fired again while the app holds a change a fresh start would clear), though a form sent in
    /// place asked for a fresh start.
    func reach(_ target: Int, abstraction: AbstractionMode, session: Session, keepingApp: Bool = false) throws -> Arrival {
        if needsFreshStart && abstraction == .screen && !keepingApp { return try restartAndReplay(to: target, session: session) }
        if current == target { return .reached }
        if trail.contains(target) {
            while let here = current, here != target, trail.count >= 2 {
                if session.pool.mustStop { return .stopped }
                let expected = trail[trail.count - 2]
                let step = TrailStep(from: expected, to: here)
                if backDoesNotUndo.contains(step) { break }
                // `fire` pops the trail when the app lands where expected.
                guard let landed = try session.fire(.back, from: here), landed == expected else { backDoesNotUndo.insert(step); break }
            }
            if current == target { return .reached }
        }
        return try restartAndReplay(to: target, session: session)
    }

    private func restartAndReplay(to target: Int, session: Session) throws -> Arrival {
        // Some start screen must lead there (the app may open on any of those seen).
        let graph = session.pool.recorder.graph
        let recorder = session.pool.recorder
        guard graph.states.indices.contains(where: { recorder.isStart($0) && graph.shortestPath(from: $0, to: target) != nil }) else {
            // Found only by a transition no path may take (a sign-in that went through after registering, refused
            // from a fresh start): the events that found it, the registration included, give the app that again.
            guard let trace = recorder.states[target].trace else { return .unreachable }
            switch try replay(trace, to: target, session: session) {
            case .reached: return .reached
            case .stopped: return .stopped
            case .landedElsewhere, .notFollowed: return .unreachable
            }
        }
        // Real apps do not always open on the same screen (SB Admin 2 collapses its sidebar on some loads and not on
        // others, depending on when layout settles): replay from whichever known screen the app opened on, and try
        // one more restart when no recorded path leads from there.
        var path: [Int] = []
        for attempt in 1...2 {
            let start = try session.restart()
            if let found = session.pool.recorder.graph.shortestPath(from: start, to: target) { path = found; break }
            session.pool.recorder.log(.replay(.init(state: Crawler.name(target), result: "the app opened on \(Crawler.name(start)), from which no recorded path leads there"
                                                    + (attempt == 1 ? "; restarting once more" : ""))))
            if attempt == 2 { return .unreachable }
        }
        replaying = true
        defer { replaying = false }
        for index in path {
            if session.pool.mustStop { return .stopped }
            let step = session.pool.recorder.graph.edges[index]
            let from = current!
            let landed = try session.fire(step.event, from: from)
            // A state that proved to be one with the path's but for a relabelling toggle's label ("Favorite" and
            // "Unfavorite", learnt after both were found) is where the path leads: the trail goes on as the path's
            // state, which holds what its path gives it (a recipe marked favourite), so its own events are fired with
            // that data. (Twins of a switch or a radio button, whose state is what the page shows, are not
            // explored again: they diverge, as before.) So is a state found before a list was learnt that shows the
            // list with one row (`StateIndex.oneSinceAListWasLearnt`), or any state one with the path's in the model
            // (a List view found before its switch was learnt to change only itself).
            if let landed, session.pool.recorder.oneAsLearnt(landed, step.to) || session.pool.recorder.oneInTheModel(landed, step.to) {
                trail[trail.count - 1] = step.to
                continue
            }
            // The target itself, sooner than the path said (a view whose data was taken away meanwhile): reached.
            if let landed, landed == target, landed != step.to { return .reached }
            guard landed == step.to else {
                session.pool.recorder.log(.replay(.init(state: Crawler.name(target), result: "diverged at \(step.event)")))
                // The app held what its path does not give it when the target was found (it had changed in place
                // before: a write, or a change kept in memory): the events that found it give it that again. Only when they too lead elsewhere did one
                // event from one state lead to two states.
                if let trace = session.pool.recorder.states[target].trace {
                    switch try replay(trace, to: target, session: session) {
                    case .reached: return .reached
                    case .stopped: return .stopped
                    case .landedElsewhere:
                        // They led to the target's screen with other data on it (a quiz that draws its next card at
                        // random): what the path missed was what the app held, which the trace gave it — the
                        // path's event did not lead from one screen to two. Nothing to refine.
                        if let now = current, session.pool.recorder.oneButForData(now, target) { return .unreachable }
                    case .notFollowed:
                        // The trace could not be followed to its end: whether its events give the app what the
                        // path missed is not known, so nothing shows one event leading from one screen to two.
                        return .unreachable
                    }
                }
                // A toggle whose state the abstraction set aside (a filter's box) leads where that state takes it:
                // no refinement (`StateIndex.actsOnAStateSetAside`). Nor does an event that led to the screen it led
                // to before with other data on it (a question drawn at random): one screen, not two. Nor one that
                // sent the app back in its history (a "←" calling `history.back()`): it lands where the path came
                // from, which the replay's path decides, not the screen.
                if let landed, landed != from, !session.lastWentBack, !session.pool.recorder.actsOnAStateSetAside(step.event),
                   !session.pool.recorder.oneButForData(landed, step.to),
                   let decision = session.pool.recorder.refine(from: from, event: step.event.description, expected: step.to, landed: landed) {
                    session.log(decision)
                }
                return .unreachable
            }
        }
        return current == target ? .reached : .unreachable
    }

    /// What replaying a state's trace came to.
    private enum TraceReplay {
        case reached, stopped
        /// Its events were fired, each in the state it was fired in before, and the last led elsewhere.
        case landedElsewhere
        /// The app opened elsewhere, or an event left it on another state than the next one was fired in.
        case notFollowed
    }

    /// Restarts and fires the events of a state's trace that gave the app something (`TraceShortening`), each from
    /// the state it was fired in before; all of them when those alone do not bring the app there.
    private func replay(_ trace: [CrawlProgress.StateRecord.TraceStep], to target: Int, session: Session) throws -> TraceReplay {
        let recorder = session.pool.recorder
        let shortened = TraceShortening.shortened(trace, to: target, same: recorder.oneInTheModel, setAside: recorder.actsOnAStateSetAside)
        guard shortened.count < trace.count else { return try replay(steps: trace, of: trace.count, to: target, session: session) }
        let result = try replay(steps: shortened, of: trace.count, to: target, session: session)
        switch result {
        case .reached, .stopped: return result
        case .landedElsewhere, .notFollowed:
            recorder.log(.replay(.init(state: Crawler.name(target), result: "the \(shortened.count) of \(trace.count) events that gave the app something did not lead there; firing all \(trace.count)")))
            return try replay(steps: trace, of: trace.count, to: target, session: session)
        }
    }

    private func replay(steps trace: [CrawlProgress.StateRecord.TraceStep], of all: Int, to target: Int, session: Session) throws -> TraceReplay {
        guard let first = trace.first, session.pool.recorder.oneInTheModel(try session.restart(), first.from) else {
            session.pool.recorder.log(.replay(.init(state: Crawler.name(target), result: "the app opened elsewhere than the events that found it began")))
            return .notFollowed
        }
        replaying = true
        defer { replaying = false }
        for (number, step) in trace.enumerated() {
            if session.pool.mustStop { return .stopped }
            // A state found on the way that proved one with another since (a view switch whose state was learnt to
            // be self-contained: "List" led to a state of its own when the trace was made, to the same one now) is
            // the state the step was fired in.
            guard let now = current, session.pool.recorder.oneInTheModel(now, step.from) else {
                session.pool.recorder.log(.replay(.init(state: Crawler.name(target), result: "the events that found it could not be followed: "
                    + "event \(number + 1) of \(trace.count) was fired in \(Crawler.name(step.from)), the app was on \(current.map(Crawler.name) ?? "no known state")")))
                return .notFollowed
            }
            _ = try session.fire(step.event, from: now)
        }
        // The app holds what the trace gave it, which no recorded path gives (a sign-in that went through after
        // registering): states found from here on keep the events that found them, the trace's included, however
        // those events came out this time (a registration that wrote and moved on, the refusal not repeated).
        changedInPlaceSinceRestart = true
        let reached = current == target
        session.pool.recorder.log(.replay(.init(state: Crawler.name(target), result: reached
            ? (trace.count == all ? "reached by the \(all) events that found it (the app changed in place on the way)"
               : "reached by \(trace.count) of the \(all) events that found it (the app changed in place on the way; the others gave it nothing)")
            : "the events that found it led elsewhere")))
        return reached ? .reached : .landedElsewhere
    }
}
