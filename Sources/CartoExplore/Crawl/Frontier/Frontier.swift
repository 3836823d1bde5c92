import CartoCore
import CartoModel

/// One unit of a crawl's work: fire event `event` (an index into the state's planned events) in state `state`.
struct Work: Hashable, Sendable {
    let state: Int
    let event: Int
}

/// Where the work is: which state a session goes to next and which of its events it fires there. One frontier is
/// shared by the sessions of a crawl and used under the crawl's lock. A state's events run through the passes in
/// order (the repeat bound, global navigation; with the screen abstraction) before one is chosen — by action
/// novelty with the screen abstraction, at random with `--strategy random`, else in the planner's order. An event
/// is claimed (marked fired) when it is handed out, so no two sessions fire the same one.
final class Frontier {
    let strategy: CrawlStrategy
    private var passes: [any FrontierPass]
    /// Ordering by what the crawl has not tried yet (the screen abstraction); nil keeps the planner's order.
    private(set) var novelty: ActionNovelty?
    private var random: SplitMix64
    /// Sessions on their way to or acting in each state: others pick different states while there are any.
    private var claimed: [Int: Int] = [:]
    /// Per state, the events global navigation dropped there (`dataWritten(in:recorder:)` reopens them).
    private var droppedAsGlobal: [Int: [Int]] = [:]
    /// States where the app changed in place once already (`changedInPlace`), and per session the events it fires
    /// again there, in order, while it holds the change.
    private var changedStates: Set<Int> = []
    /// States where the app wrote data once already (`dataWritten`): not the same as `afterWrite`, which a state
    /// found by a write has from the start, though nothing was written in it yet.
    private var writtenStates: Set<Int> = []
    private var refire: [Int: (state: Int, events: [Int])] = [:]
    /// Per session, the event it is firing again now (`refire`): reached in the app as it is, holding the change.
    private var refiring: [Int: Work] = [:]
    /// Per session, the steps of a cycle that took a row away from a list, to fire again next (`ListDrain`); and how
    /// many times cycles were repeated from each state.
    private var draining: [Int: [Work]] = [:]
    private var drainRounds: [Int: Int] = [:]
    /// Controls that took the app back where it came from (`ReturnsToOpener`); per session, the one to fire again
    /// next, and the one it is firing again, with the state the app came from.
    /// Per screen (its first state, `StateIndex.firstOfItsKind`) and cycle, the rounds of `Progression` done from it
    /// and the content it showed on the way.
    private var progressRounds: [ProgressionKey: Int] = [:]
    private var progressSeen: [ProgressionKey: Set<[String]>] = [:]
    /// A screen and the places a cycle fires at there: a quiz's (an answer, then "Next") and its review's ("Next"
    /// alone, through the same questions) are two walks.
    private struct ProgressionKey: Hashable { let screen: Int; let places: [String] }
    /// Forms sent that were refused (`formRefused`), those sent again once after a write (`wroteData`), and per
    /// session the ones to send again next and the one being sent again.
    private var refusedForms: Set<Work> = []
    private var formsSentAgain: Set<Work> = []
    private var resend: [Int: [Work]] = [:]
    private var resending: [Int: Work] = [:]
    private var returns = ReturnsToOpener()
    private var returnTests: [Int: (work: Work, origin: Int)] = [:]
    private var testingReturn: [Int: (work: Work, origin: Int)] = [:]

    init(configuration: CrawlConfiguration, graph: StateGraph<CrawlProgress.StateRecord, CrawlProgress.EdgeRecord>) {
        strategy = configuration.settings.strategy
        random = SplitMix64(seed: configuration.settings.seed)
        if configuration.abstraction == .screen {
            passes = [InertControls(), RepeatBound(maxRepeats: configuration.maxRepeats), GlobalNavigation(after: configuration.globalAfter), AlikeSiblings(), FiredOnItsScreen()]
            var novelty = ActionNovelty()
            for record in graph.states {
                for i in record.fired { novelty.fire(record.events[i].abstractAction) }
                if !record.unreachable { novelty.offer(record, open: true) }
            }
            self.novelty = novelty
        } else {
            passes = []
        }
        for edge in graph.edges { learn(edge) }
    }

    /// A transition was recorded: the passes learn from it.
    func learn(_ edge: CrawlProgress.EdgeRecord) {
        guard edge.kind != .inferred else { return }   // evidence is what events did
        for i in passes.indices { passes[i].learn(edge) }
    }

    /// An event fired in `from` left the app in `to`: the passes that learn from outcomes do.
    func landed(_ event: CrawlEvent, from: Int, in to: Int) {
        for i in passes.indices { passes[i].learnOutcome(of: event, from: from, to: to) }
    }

    /// A new state's events are on offer.
    func offer(_ record: CrawlProgress.StateRecord) { novelty?.offer(record, open: true) }

    // MARK: Handing out work

    /// The next work for a session whose back stack is `trail` (the current state last), claimed for it; nil when
    /// no reachable state has an event left. Events the passes drop on the way are marked fired and logged.
    /// `holdsChange`: whether the session's app changed in place since it last restarted (`changedInPlace`).
    func take(trail: [Int], session: Int, holdsChange: Bool = false, recorder: Recorder) -> Work? {
        // The next step of a cycle emptying a list, where the session's app is (else the cycle is over).
        if var steps = draining.removeValue(forKey: session), let planned = steps.first, let here = trail.last,
           let next = planned.state == here ? planned : counterpart(of: planned, in: here, recorder: recorder) {
            steps.removeFirst()
            if !steps.isEmpty { draining[session] = steps }
            mark(next, fired: true, recorder: recorder)
            claimed[next.state, default: 0] += 1
            return next
        }
        // A refused form, sent again where the app stands after it wrote data (`wroteData`).
        resending[session] = nil
        refiring[session] = nil
        if var forms = resend.removeValue(forKey: session), let here = trail.last, let next = forms.first, next.state == here {
            forms.removeFirst()
            if !forms.isEmpty { resend[session] = forms }
            resending[session] = next
            mark(next, fired: true, recorder: recorder)
            claimed[next.state, default: 0] += 1
            return next
        }
        // A control that went back before, in the state the app just reached from another (`ReturnsToOpener`).
        if let test = returnTests.removeValue(forKey: session), trail.last == test.work.state, trail.dropLast().last == test.origin {
            testingReturn[session] = test
            mark(test.work, fired: true, recorder: recorder)
            claimed[test.work.state, default: 0] += 1
            return test.work
        }
        if var pending = refire.removeValue(forKey: session), holdsChange, trail.contains(pending.state) {
            // What the passes drop now (siblings that proved alike since) is not fired again either.
            pending.events.removeAll { droppedByPasses(recorder.states[pending.state].events[$0], in: pending.state, recorder: recorder) }
            if !pending.events.isEmpty {
                let work = Work(state: pending.state, event: pending.events.removeFirst())
                if !pending.events.isEmpty { refire[session] = pending }
                refiring[session] = work
                mark(work, fired: true, recorder: recorder)   // one not fired yet (relabelled) is fired now, once
                claimed[work.state, default: 0] += 1
                return work
            }
        }
        while let state = chooseState(trail: trail, states: recorder.states) {
            guard let event = chooseEvent(in: state, recorder: recorder) else { continue }   // all dropped: look again
            mark(Work(state: state, event: event), fired: true, recorder: recorder)
            claimed[state, default: 0] += 1
            return Work(state: state, event: event)
        }
        return nil
    }

    /// The work's state was reached and its event is being fired: its abstract action is no longer new to the crawl.
    func firing(_ work: Work, recorder: Recorder) { novelty?.fire(recorder.states[work.state].events[work.event].abstractAction) }

    /// The work is done (fired, or given up): the state is no longer claimed by it.
    func finish(_ work: Work) {
        claimed[work.state]! -= 1
        if claimed[work.state] == 0 { claimed[work.state] = nil }
    }

    /// The app wrote data in `state` and stayed there ("Add to cart", a recipe added to favourites): what its menu
    /// leads to may show it now, so global navigation is fired from it after all — its menu's taps go back on offer,
    /// those dropped as global navigation and those fired before the write alike (once per state), and no more are
    /// dropped there. And, as after a change in place, the session that wrote fires again, next, the events of that
    /// state that had led elsewhere, while its app holds what it wrote: a page of the app that lists what was
    /// written (a favourites page reached before anything was added) shows it only after the write, and a later
    /// restart starts from a clean profile. A write outlives a page load, so events that led to other documents of
    /// the app are fired again too. `relabelled`: the state's events whose controls the write relabelled (a cart
    /// button's count): what they show is what changed, so they come first, fired or not.
    func dataWritten(in state: Int, session: Int, relabelled: [Int] = [], recorder: Recorder) {
        guard writtenStates.insert(state).inserted else { return }
        recorder.update(state) { $0.afterWrite = true }
        let global = passes.compactMap { $0 as? GlobalNavigation }.first
        let record = recorder.states[state]
        let menu = record.events.indices.filter { record.fired.contains($0) && global?.target(of: record.events[$0]) != nil }
        for event in Set(droppedAsGlobal.removeValue(forKey: state) ?? []).union(menu).sorted() {
            mark(Work(state: state, event: event), fired: false, recorder: recorder)
        }
        changedStates.insert(state)
        reserveRefire(in: state, session: session, relabelled: relabelled, recorder: recorder, sameDocument: false, onePerTarget: true)
    }

    /// A form sent in the work's state was refused: the app stayed there, or went to a state that offers the same
    /// form again — a sign-in refused ("Invalid credentials") while no account existed, an order refused while the
    /// cart was empty. What it wrote does not count: an app may seed its storage while refusing.
    func formRefused(_ work: Work) {
        if !formsSentAgain.contains(work) { refusedForms.insert(work) }
    }

    /// The app wrote data (an account registered) and `session` stands on `state` after it, wherever the write was:
    /// the forms of `state` refused before may go through now, as a tester who has just registered signs in again.
    /// The session sends them again next, while its app holds what it wrote (a restart would clear it); each once
    /// in the crawl; not for a write of their own (`writer`: the event that wrote, wherever it was fired). Returns
    /// whether it will.
    /// `unsent`: also the state's forms not sent yet — the app reached the state after the write (an event fired
    /// again in the app holding it: "Log in here" under a registration), and a fresh start would clear the account
    /// before the sign-in is first tried.
    func wroteData(standingOn state: Int, session: Int, by writer: CrawlEvent, unsent: Bool = false, recorder: Recorder) -> Bool {
        let record = recorder.states[state]
        // Not while the session has events of the write's screen still to fire again: those come first (the
        // favourites page opened again after "Save"), and a form sent here would take the session elsewhere.
        let notYet = unsent && refire[session] == nil ? record.events.indices.filter { record.events[$0].kind == .fill && !record.fired.contains($0) }.map { Work(state: state, event: $0) } : []
        let forms = Set(refusedForms.filter { $0.state == state && record.events[$0.event].key != writer.key } + notYet)
            .sorted { $0.event < $1.event }
        guard !forms.isEmpty else { return false }
        refusedForms.subtract(forms)
        // A form sent here for the first time is not sent again: refused, it may be sent again after another write.
        formsSentAgain.formUnion(forms.filter { !notYet.contains($0) })
        resend[session] = forms
        return true
    }

    /// Whether `session`'s work is a refused form sent again where the app stands (`wroteData`).
    func isResent(_ work: Work, session: Int) -> Bool { resending[session] == work }

    /// Whether `session`'s work is an event fired again while its app holds a change (`dataWritten`,
    /// `changedInPlace`): the state is reached in the app as it is, never by a fresh start, which would clear it.
    func isRefire(_ work: Work, session: Int) -> Bool { refiring[session] == work }

    /// The app changed in `state` and stayed there, in memory only (a product liked in its card; nothing written):
    /// a view the page shows without loading another document ("Liked", a sheet, a hash route) may show the change
    /// now, as it would a write's. The events fired there before that led to such a view are fired once more by the
    /// session whose app holds the change, next, while it does (before it restarts or leaves the state's path) — a
    /// tester likes a product, then opens the liked view. Once per state: the first change there. A change that lives
    /// in memory is lost when a page loads, so events that led to another document are not fired again. Only that
    /// session fires them, so what they find does not depend on which session takes which work.
    func changedInPlace(in state: Int, session: Int, relabelled: [Int] = [], recorder: Recorder) {
        guard changedStates.insert(state).inserted else { return }
        reserveRefire(in: state, session: session, relabelled: relabelled, recorder: recorder, sameDocument: true)
    }

    /// Reserves for `session` the events fired in `state` that led to another state (in the same document only, with
    /// `sameDocument`; with `onePerTarget`, the first event that led to each state: a seat map's thirty seats all led
    /// to the map with a seat picked, and one of them shows what the write changed there), still on offer where they
    /// are: `take` hands them out first while the session's app holds the change — after the `relabelled` ones.
    private func reserveRefire(in state: Int, session: Int, relabelled: [Int], recorder: Recorder, sameDocument: Bool, onePerTarget: Bool = false) {
        let record = recorder.states[state]
        func document(_ id: Int) -> Substring? {
            recorder.states[id].snapshot.context.address.map { $0.prefix { $0 != "#" } }
        }
        let here = document(state)
        var targets = Set<Int>()
        let ledElsewhere = Set(recorder.graph.edges.filter {
            $0.from == state && $0.to != state && $0.kind != .inferred && $0.isReplayable && (!sameDocument || document($0.to) == here)
                && (!onePerTarget || targets.insert($0.to).inserted)
        }.map(\.event.key))
        let events = relabelled + record.events.indices.filter {
            record.fired.contains($0) && ledElsewhere.contains(record.events[$0].key) && !relabelled.contains($0)
        }
        if !events.isEmpty { refire[session] = (state, events) }
    }

    /// The session's app came back to `state` with a row fewer in a list after `cycle` (`ListDrain`): the session
    /// fires the cycle again next, unless it was repeated `ListDrain.maxRounds` times from there. Returns whether it
    /// will.
    func drain(_ cycle: [CrawlProgress.StateRecord.TraceStep], from state: Int, session: Int, recorder: Recorder) -> Bool {
        guard drainRounds[state, default: 0] < ListDrain.maxRounds, let steps = work(of: cycle, recorder: recorder) else { return false }
        drainRounds[state, default: 0] += 1
        draining[session] = steps
        return true
    }

    /// A cycle's steps as work: each event by its key among the planned events of the state it was fired in (nil
    /// when one is not among them).
    private func work(of cycle: [CrawlProgress.StateRecord.TraceStep], recorder: Recorder) -> [Work]? {
        var steps: [Work] = []
        for step in cycle {
            guard let index = recorder.states[step.from].events.firstIndex(where: { $0.key == step.event.key }) else { return nil }
            steps.append(Work(state: step.from, event: index))
        }
        return steps
    }

    /// A cycle's step where the app stands on `state`, another state than the step's but that one but for data (the
    /// next question of a quiz, `Progression`): the step's event at its counterpart there; nil when the states are
    /// not alike or the control is not there.
    private func counterpart(of work: Work, in state: Int, recorder: Recorder) -> Work? {
        guard recorder.oneButForData(work.state, state),
              let event = Progression.counterpart(of: recorder.states[work.state].events[work.event], among: recorder.states[state].events)
        else { return nil }
        return Work(state: state, event: event)
    }

    /// `session` fired `work`'s event, which left the app in `landed`: back in `cameFrom`, the state the app had come
    /// to `work.state` from (`wentBack`), or on in a state reached from `work.state` (`arrived`). What
    /// `ReturnsToOpener` learns from; a control to fire again next is reserved for the session.
    func fired(_ work: Work, session: Int, landed: Int?, cameFrom: Int?, wentBack: Bool, arrived: Bool) {
        if let test = testingReturn.removeValue(forKey: session), test.work == work {
            returns.tested(work, from: test.origin, landed: landed)
        } else if wentBack, let cameFrom {
            returns.returned(work, to: cameFrom)
        }
        if arrived, let landed, let test = returns.toTest(in: landed, from: work.state) {
            returnTests[session] = (test, work.state)
        }
    }

    /// Whether `session`'s work is a control fired again where the app came from another state (`ReturnsToOpener`).
    func isReturnTest(_ work: Work, session: Int) -> Bool { testingReturn[session]?.work == work }

    /// The session's app came back to `state` showing other content (`now`) than when it left (`before`) after
    /// `cycle` (`Progression`): the session fires the cycle again next, unless the content was seen there before on
    /// the way or `Progression.maxRounds` rounds were done from there. Returns the round it will fire, if it will.
    func progress(_ cycle: [CrawlProgress.StateRecord.TraceStep], from state: Int, before: [String], now: [String], session: Int, recorder: Recorder) -> Int? {
        let screen = ProgressionKey(screen: recorder.firstOfItsKind(state), places: cycle.map { Progression.place(of: $0.event) })
        var seen = progressSeen[screen, default: []]
        seen.insert(before)
        defer { progressSeen[screen] = seen }
        guard progressRounds[screen, default: 0] < Progression.maxRounds, seen.insert(now).inserted,
              let steps = work(of: cycle, recorder: recorder) else { return nil }
        progressRounds[screen, default: 0] += 1
        draining[session] = steps
        return progressRounds[screen]
    }

    /// The work was not done (the crawl is ending): its event goes back on offer — unless it had been fired before
    /// (a control fired again, `ReturnsToOpener`).
    func putBack(_ work: Work, recorder: Recorder) {
        if let session = testingReturn.first(where: { $0.value.work == work })?.key {
            testingReturn[session] = nil
            return
        }
        mark(work, fired: false, recorder: recorder)
    }

    /// The work's state could not be reached: its event goes back on offer, and the state is given up.
    func giveUp(_ work: Work, recorder: Recorder) {
        mark(work, fired: false, recorder: recorder)
        novelty?.offer(recorder.states[work.state], open: false)
        recorder.update(work.state) { $0.unreachable = true }
    }

    private func mark(_ work: Work, fired: Bool, recorder: Recorder) {
        let record = recorder.states[work.state]
        guard record.fired.contains(work.event) != fired else { return }
        recorder.update(work.state) { if fired { $0.fired.insert(work.event) } else { $0.fired.remove(work.event) } }
        let action = record.events[work.event].abstractAction
        if fired { novelty?.withdraw(action, at: record.depth) } else { novelty?.offer([record.events[work.event]], at: record.depth, open: true) }
    }

    private func chooseState(trail: [Int], states: [CrawlProgress.StateRecord]) -> Int? {
        switch strategy {
        case .depthFirst:
            // Where the app just wrote data, what it changed is looked at first, while the data is there (a cart's
            // link after "Add to cart": later, a replay may reach the state another way).
            if let here = trail.last, states[here].afterWrite, states[here].hasWork { return here }
            // Novel work on the path first (a shallower state's own actions before a deep state's repeats), then the
            // deepest state on the path with any work, then any state with work no other session is headed for.
            if let novelty, let deepest = trail.reversed().first(where: { hasNovelWork($0, states[$0], novelty) }) { return deepest }
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
        candidates.first { claimed[$0] == nil } ?? candidates.first
    }

    private func hasNovelWork(_ id: Int, _ record: CrawlProgress.StateRecord, _ novelty: ActionNovelty) -> Bool {
        record.hasWork && record.events.indices.contains { !record.fired.contains($0) && novelty.isNovel(record.events[$0].abstractAction, at: record.depth) }
    }

    /// Whether a pass would drop `event` of `state` now.
    private func droppedByPasses(_ event: CrawlEvent, in state: Int, recorder: Recorder) -> Bool {
        guard !passes.isEmpty else { return false }
        let here = frontierState(of: state, recorder: recorder)
        return passes.contains { $0.reasonToSkip(event, in: here) != nil }
    }

    /// What the passes know of a state: how deep it lies, the actions on the path to it, what proved inert, whether a
    /// write happened before it was found.
    private func frontierState(of state: Int, recorder: Recorder) -> FrontierState {
        let record = recorder.states[state]
        // The passes run here, on the thread that owns the recorder, and keep no state they are given.
        nonisolated(unsafe) let model = recorder
        let coarsened = recorder.statesOfItsCoarsenedScreen(state)
        return FrontierState(id: state, depth: record.depth, pathActions: recorder.pathActions(to: state) ?? [:],
                             inertActions: recorder.inertActions, afterWrite: record.afterWrite,
                             sameScreen: coarsened.filter { $0 != state },
                             twins: recorder.twins(of: state, coarsened: coarsened), representative: { model.representative($0) })
    }

    /// The event to fire next in `state` after the passes dropped theirs (marked fired and logged), or nil when none
    /// is left.
    private func chooseEvent(in state: Int, recorder: Recorder) -> Int? {
        let record = recorder.states[state]
        var open = record.events.indices.filter { !record.fired.contains($0) }
        if !passes.isEmpty && !open.isEmpty {
            let here = frontierState(of: state, recorder: recorder)
            for pass in passes {
                open.removeAll { index in
                    guard let reason = pass.reasonToSkip(record.events[index], in: here) else { return false }
                    if let global = pass as? GlobalNavigation {
                        droppedAsGlobal[state, default: []].append(index)
                        // The transition it would make, drawn from the evidence (marked inferred: not a step to replay).
                        if let target = global.target(of: record.events[index]) {
                            recorder.addEdge(from: state, to: target, event: record.events[index], kind: .inferred)
                        }
                    }
                    mark(Work(state: state, event: index), fired: true, recorder: recorder)
                    recorder.log(.skip(.init(state: Crawler.name(state), event: record.events[index].description, reason: reason)))
                    return true
                }
            }
        }
        guard !open.isEmpty else { return nil }
        // An event refused once (its control was covered) waits until the state's other events are done.
        if open.contains(where: { !record.refusedOnce.contains($0) }) { open.removeAll { record.refusedOnce.contains($0) } }
        if strategy == .random { return open[random.next(below: open.count)] }
        return novelty?.preferred(among: open, of: record.events, at: record.depth) ?? open[0]
    }
}
