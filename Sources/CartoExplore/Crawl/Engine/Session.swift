import CartoCore
import CartoModel
import CartoDrivers
import Foundation

/// One session of a crawl: one driver, one app. It performs the tasks the pool hands it — the paper's steps:
/// reach the state (the `Navigator`), fire the event, wait for idle, observe, recognise the outcome and record it
/// (the `Recorder`) — holding the crawl's lock except while its driver works.
final class Session: @unchecked Sendable {   // driven on its own thread; shared state is locked
    let index: Int
    let driver: AppDriver
    unowned let pool: SessionPool
    let navigator = Navigator()
    private let planner: EventPlanner
    private var configuration: CrawlConfiguration { pool.configuration }
    private var recorder: Recorder { pool.recorder }
    /// Failures observed since the last report (`collectFailures`), from the observations after actions and restarts.
    private var failures: [AppFailure] = []
    private var driverSeconds = 0.0
    /// Whether the last event's tap was refused because something else lay on its control everywhere a finger could
    /// touch it (a banner, an overlay).
    private var lastRefused = false
    /// How the last event went, for the abstraction to learn from: whether its actions all went through, and
    /// whether the app stayed in scope.
    private var lastEventActed = false
    /// Whether the last event wrote data (`Observation.wroteData`): it did something, even where the screen stayed.
    private var lastWrote = false
    /// Whether the app answered the last event in a system dialog (`Observation.toldUser`: "Please enter a title"):
    /// it did something, even where the screen stayed — a transition of the state to itself, as a tester draws a
    /// refusal, and no sign of an inert control.
    private var lastTold = false
    /// Whether the last event did something the screen need not show: wrote data or answered in a system dialog.
    private var lastActedOffScreen: Bool { lastWrote || lastTold }
    /// Whether the last event sent the app back in its history (`Observation.wentBack`): where it landed depends on
    /// how the app was reached, not on the state it was fired in.
    private(set) var lastWentBack = false
    /// Whether the last event changed the app where it stayed (the transition of a state to itself: a product
    /// liked in its card, a filter's box ticked), as opposed to a scroll, the text typed or a clock ticking.
    private var lastChangedInPlace = false
    /// The event in flight is a control fired again where the app came from another state (`ReturnsToOpener`), or a
    /// refused form sent again where the app holds data it wrote (`Frontier.wroteData`): where it leads depends on the
    /// way the app came, so its edge is no step of a planned path (a sign-in that went through after registering is
    /// refused again from a fresh start: the path to the profile is the registration).
    private var firingAsTheAppIs = false
    /// The last event reached a state at a route it was not registered with, nothing else different: its arrival is
    /// recorded once an event fired from there tells whether that route shows the same state (`settleAlias`).
    private var pendingAlias: PendingAlias?
    /// The alias the event in flight tests, and the state that event led to from the aliased state.
    private var probing: (pending: PendingAlias, expected: Int)?

    private struct PendingAlias {
        let alias: StateIndex.RouteAlias
        /// The arrival: the event and the state it was fired in.
        let source: Int
        let event: CrawlEvent
        /// The arrival's kind when it proves to reach the aliased state.
        let kind: EdgeKind
        /// The screen at the alias, and what a state found there keeps (see `discover`).
        let snapshot: UISnapshot
        let afterWrite: Bool
        /// The arrival's page went back in the browser's history (`EdgeRecord.throughHistory`).
        let throughHistory: Bool
        let trace: [CrawlProgress.StateRecord.TraceStep]?
        let screenshot: Data?
    }

    init(index: Int, driver: AppDriver, pool: SessionPool) {
        self.index = index
        self.driver = driver
        self.pool = pool
        planner = EventPlanner(rows: pool.configuration.settings.rows, blocklist: pool.configuration.blocklist, only: pool.configuration.only,
                               inputs: pool.configuration.inputs)
    }

    func perform(_ task: SessionTask) throws {
        switch task {
        case .start: try start()
        case .fire(let work): try perform(work)
        }
    }

    /// Starts the app and records its start screen.
    private func start() throws {
        let snapshot = try restartApp().snapshot
        pool.restartClock()   // exploration time starts at the first snapshot
        if Crawler.startsWithoutRoute(driver.start) { recorder.startScreen(snapshot) }
        let id = try discover(snapshot, depth: 0, via: nil)
        recorder.countStateReached()
        navigator.restarted(at: id, snapshot: snapshot)
        try collectFailures(state: id, path: { [] })
        try checkInvariants(state: id, snapshot: snapshot, path: { [] })
        try pool.checkpoint()
    }

    /// Reaches the work's state and fires its event.
    private func perform(_ work: Work) throws {
        // A control fired again where the app came from another state is fired there, as the app is — also when it
        // holds data its path does not give it (its edge is no step of a path: nothing to reproduce).
        // So is a refused form sent again after the app wrote data, in the app that holds it (a restart clears it).
        let returnTest = pool.frontier.isReturnTest(work, session: index) && navigator.current == work.state
        let resent = pool.frontier.isResent(work, session: index) && navigator.current == work.state
        // An event fired again while the app holds what a form sent in place wrote (`Frontier.dataWritten`: a survey
        // created, then its list opened) is reached in that app, not after the fresh start the form asked for.
        let refire = pool.frontier.isRefire(work, session: index)
        switch returnTest || resent ? .reached : try navigator.reach(work.state, abstraction: configuration.abstraction, session: self, keepingApp: refire) {
        case .reached: break
        case .unreachable:
            pool.frontier.giveUp(work, recorder: recorder)
            recorder.log(.unreachable(.init(state: Crawler.name(work.state))))
            try pool.checkpoint()
            return
        case .stopped:
            pool.frontier.putBack(work, recorder: recorder)
            return
        }
        guard !pool.mustStop else { pool.frontier.putBack(work, recorder: recorder); return }
        let event = recorder.states[work.state].events[work.event]
        pool.frontier.firing(work, recorder: recorder)
        let grownBefore = (recorder.states.count, recorder.graph.edges.count)
        recorder.beginFiring(work.state, work.event)
        let before = navigator.snapshot
        let seenBefore = navigator.seen
        let trailBefore = navigator.trail
        firingAsTheAppIs = returnTest || resent
        let landed: Int?
        do {
            defer { recorder.endFiring(work.state, work.event); firingAsTheAppIs = false }   // recorded (or failed) before the checkpoint
            landed = try fire(event, from: work.state)
        }
        // Back where the app came from, or on from here: what `ReturnsToOpener` learns (not from a replay's steps).
        if !navigator.replaying {
            let trailAfter = navigator.trail
            pool.frontier.fired(work, session: index, landed: lastEventActed ? landed : nil, cameFrom: trailBefore.dropLast().last,
                                wentBack: lastEventActed && trailBefore.count >= 2 && trailAfter == Array(trailBefore.dropLast()),
                                arrived: lastEventActed && trailAfter == trailBefore + [landed ?? -1] && landed != work.state)
        }
        // Back where the session came from, a list holding fewer rows than when it left: the cycle is done again
        // until the list is empty (`ListDrain`).
        if lastEventActed, let landed, landed != work.state, navigator.current == landed, !navigator.replaying,
           let left = seenBefore[landed], let now = navigator.snapshot, let shrunk = ListDrain.shrunk(now, since: left),
           let cycle = ListDrain.cycle(backTo: landed, fired: navigator.fired),
           pool.frontier.drain(cycle.steps, from: landed, session: index, recorder: recorder) {
            navigator.noteDataChanged(byTheLast: cycle.steps.count)
            recorder.log(.drain(.init(state: Crawler.name(landed), list: shrunk.list.replacingOccurrences(of: "css selector:", with: ""),
                                      rows: "\(shrunk.before) → \(shrunk.now)", events: cycle.steps.map(\.event.description))))
        } else if lastEventActed, !returnTest, let landed, navigator.current == landed, !navigator.replaying,
                  let cycle = ListDrain.cycle(backTo: landed, fired: navigator.fired, alike: { recorder.oneButForData($0, landed) }),
                  let left = cycle.origin == work.state ? before : seenBefore[cycle.origin], let now = navigator.snapshot,
                  case let shown = Progression.content(now, except: event.target?.locator),
                  case let was = Progression.content(left, except: event.target?.locator),
                  Progression.movedOn(now, since: left, shown: shown, was: was),
                  let round = pool.frontier.progress(cycle.steps, from: cycle.origin, before: was, now: shown, session: index, recorder: recorder) {
            // Back on the screen it left (or still there, or on that screen with other data), its content moved on (a
            // quiz's next question): on, as a person goes (`Progression`). The app holds what its path does not give
            // it (the tenth question answered, where the path to the question screen answers none): states found
            // from now on keep the events that found them, which replays reach them by (the score, not the first
            // question, after "Next").
            navigator.noteDataChanged(byTheLast: cycle.steps.count)
            recorder.log(.progress(.init(state: Crawler.name(cycle.origin), round: round, events: cycle.steps.map(\.event.description))))
        }
        // Where the event left the app, whatever it did there (nothing, a change in place, another screen): what the
        // frontier's outcome passes learn from (`AlikeSiblings`).
        if lastEventActed, let landed { pool.frontier.landed(event, from: work.state, in: landed) }
        // What the event did teaches the abstraction (a refused or failed action, or one that left the app, does not).
        if lastEventActed, let before, let after = navigator.snapshot,
           let decision = recorder.observe(event, in: work.state, before: before, after: after,
                                          unchanged: ControlBehaviour.leftAsItWas(before, after, by: event), actedOffScreen: lastActedOffScreen) {
            log(decision)
        }
        // A form refused — the app stayed on its state, or went to one that offers the same form again (the sign-in
        // with "Invalid password" under it) — may go through once data was written (`Frontier.wroteData`): a
        // sign-in after registering, sent again at once by the session whose app holds the account; states found
        // from then on keep the events that found them. Whether the form itself wrote does not tell: an app that
        // seeds its default accounts into storage the first time it reads them writes while refusing the sign-in.
        // A form is sent again only after a write of another event: an "Add" form that wrote and stayed is not sent
        // again for its own write, nor a sign-in for the seeding its own refusal did after a fresh start.
        let refusedForm = lastEventActed && event.kind == .fill && landed.map {
            $0 == work.state || recorder.states[$0].events.contains(where: { $0.key == event.key })
        } == true
        // So may the forms of a state an event fired again in the app holding a write leads to (`Frontier.dataWritten`:
        // "Log in here" under a registration that stayed on its page with "Registered!"): the tester who registered
        // follows the link and signs in. Not after a change in memory only (an error shown where the app stayed).
        let arrivedHolding = !lastWrote && refire && navigator.storedSinceRestart && lastEventActed && navigator.current != work.state
        if lastWrote || arrivedHolding, let here = navigator.current, !navigator.replaying,
           pool.frontier.wroteData(standingOn: here, session: index, by: event, unsent: arrivedHolding, recorder: recorder) {
            navigator.noteDataChanged()
        }
        if refusedForm { pool.frontier.formRefused(work) }
        // The app wrote data (`Frontier.dataWritten`: its menu's places may show it now) or changed where it stayed,
        // kept in memory (`Frontier.changedInPlace`: the views it leads to within the page may show it now).
        if lastWrote || lastChangedInPlace, navigator.current == work.state {
            let relabelled = Self.relabelled(recorder.states[work.state].events, but: event, before, navigator.snapshot)
            if lastWrote {
                pool.frontier.dataWritten(in: work.state, session: index, relabelled: relabelled, recorder: recorder)
            } else {
                pool.frontier.changedInPlace(in: work.state, session: index, relabelled: relabelled, recorder: recorder)
            }
        }
        // Refused because something covered its control (a banner, a toast, an overlay still fading): tried once more
        // in this state after its other events, when the cover may be gone. Other states offer it as usual.
        if lastRefused, !recorder.states[work.state].refusedOnce.contains(work.event) {
            recorder.update(work.state) { $0.refusedOnce.insert(work.event) }
            pool.frontier.putBack(work, recorder: recorder)
            recorder.log(.skip(.init(state: Crawler.name(work.state), event: event.description, reason: "refused: covered; tried again after the state's other events")))
        }
        if let pending = pendingAlias {
            pendingAlias = nil
            try settleAlias(pending)
        }
        pool.noteGrowth(grownBefore != (recorder.states.count, recorder.graph.edges.count))
        try pool.checkpoint()
    }

    /// Tests a route alias by firing from it an event that led elsewhere from the aliased state: where it leads there
    /// too, the route shows that state; elsewhere, the alias becomes a state of its own — found by the event that
    /// arrived there — and the tested event is its first. With nothing to test it by (nothing fired from the state led
    /// elsewhere yet, the crawl is ending), the arrival is recorded and a later one tests it.
    private func settleAlias(_ pending: PendingAlias) throws {
        guard navigator.current == pending.alias.state, !pool.mustStop,
              let probe = recorder.aliasProbe(from: pending.alias.state, offered: planner.plan(pending.snapshot, origin: driver.webOrigin).events) else {
            arrive(pending)
            return
        }
        probing = (pending, probe.expected)
        _ = try fire(probe.event, from: pending.alias.state)
        if let unsettled = probing {   // the app left scope or was relaunched: no evidence either way
            probing = nil
            arrive(unsettled.pending)
        }
    }

    /// Records the arrival at an alias as reaching the aliased state.
    private func arrive(_ pending: PendingAlias) {
        if let edge = recorder.addEdge(from: pending.source, to: pending.alias.state, event: pending.event, kind: pending.kind,
                                       throughHistory: pending.throughHistory) { pool.frontier.learn(edge) }
    }

    // MARK: - Firing events

    /// Performs an event's actions, waits, observes and records where the app went. Returns the state reached (nil
    /// when the app left scope and could not be brought back).
    func fire(_ event: CrawlEvent, from source: Int) throws -> Int? {
        let t0 = Date()
        let driverBefore = driverSeconds
        func timed<T>(_ body: () throws -> T) rethrows -> T {
            let s = Date(); defer { driverSeconds += Date().timeIntervalSince(s) }
            return try pool.unlocked(body)
        }
        recorder.countEvent()   // before it is fired: budgets count it while it is in flight
        var actionError: String?
        lastRefused = false
        lastEventActed = false
        lastWrote = false
        lastTold = false
        lastWentBack = false
        lastChangedInPlace = false
        var waitedBetween = 0.0
        for (index, action) in event.actions(on: navigator.snapshot).enumerated() {
            // Every action gets the wait, not only the event's last (the paper's delay after each element exercised):
            // a field may validate or fetch suggestions before the submit button is enabled.
            if index > 0 { waitedBetween += try timed { try driver.waitForIdle(configuration.settings.wait) }.waitedMilliseconds }
            do { try timed { try driver.perform(action) } } catch let error as WebDriverError where !error.endsSession {
                actionError = error.description
                lastRefused = error.code == "element click intercepted"
                break
            }
        }
        let observed = try timed { try driver.observe(after: configuration.settings.wait) }
        lastWrote = observed.wroteData
        lastTold = !observed.toldUser.isEmpty
        if lastWrote { navigator.storedSinceRestart = true }
        lastWentBack = observed.wentBack
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
                    recorder.countEvent()
                    let back = try timed { () throws -> Observation in
                        try driver.perform(.back)
                        return try driver.observe(after: configuration.settings.wait)
                    }
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
        // An alias that proved to be a state of its own is where the event was fired from (`settleAlias`).
        let source = outcome.from ?? source
        // The app changed without leaving its screen — the screen changed in place (a recipe marked favourite in a
        // list kept in memory), or it wrote data: what it holds now is not what the state's path gives it.
        if !relaunched {
            navigator.noteFired(event, in: source, changedInPlace: outcome.kind == .inPlaceChange || (lastWrote && outcome.state == source), wrote: lastWrote)
        }
        lastEventActed = actionError == nil && left == nil
        let driverTime = driverSeconds - driverBefore
        let total = Date().timeIntervalSince(t0)
        recorder.log(.event(.init(
            from: Crawler.name(source), event: event.description, key: event.key, outcome: outcome.kind, to: outcome.state.map(Crawler.name),
            idle: idle.idle, waitMs: Crawler.round(idle.waitedMilliseconds), totalMs: Crawler.round(total * 1000),
            driverMs: Crawler.round(driverTime * 1000), crawlerMs: Crawler.round((total - driverTime) * 1000), t: Crawler.round(pool.elapsed),
            busy: idle.busy, session: pool.sessionCount > 1 ? index + 1 : nil, error: actionError, leftScope: left)))
        try collectFailures(state: source, path: { self.recorder.pathDescription(to: source) + [event.description] })
        // Every screen the app shows is checked, also one that changed in place (an error message appearing).
        try checkInvariants(state: outcome.state ?? source, snapshot: snapshot, path: { self.recorder.pathDescription(to: source) + [event.description] })
        return outcome.state
    }

    /// The taps among `events` on controls whose label changed from `before` to `after` ("Cart (0)" → "Cart (1)"):
    /// the label shows what the event changed, so what the control opens shows it too. The fired event's own control
    /// is not among them ("Like" → "Unlike": a second tap undoes the first).
    static func relabelled(_ events: [CrawlEvent], but fired: CrawlEvent, _ before: UISnapshot?, _ after: UISnapshot?) -> [Int] {
        guard let before, let after, before.context == after.context else { return [] }
        func labels(_ snapshot: UISnapshot) -> [String: String] {
            Dictionary(snapshot.elements.compactMap { e in e.locator.map { ($0, e.label ?? "") } }, uniquingKeysWith: { a, _ in a })
        }
        let was = labels(before), now = labels(after)
        return events.indices.filter { i in
            let e = events[i]
            guard e.kind == .tap, let locator = e.target?.locator, locator != fired.target?.locator,
                  let old = was[locator], let new = now[locator] else { return false }
            return old != new
        }
    }

    private struct Outcome {
        var kind: EventOutcome
        var state: Int?
        /// The state the event was fired in, when it is not the one the crawl took it for (`settleAlias`).
        var from: Int?
    }

    /// After the app was relaunched (it crashed or left scope) no edge leads here: the trail starts again.
    private func relaunchedAt(_ snapshot: UISnapshot) throws -> Outcome {
        let id = try recorder.match(snapshot) ?? discover(snapshot, depth: 0, via: nil)
        recorder.opened(on: id)
        navigator.restarted(at: id, snapshot: snapshot)
        return Outcome(kind: .relaunched, state: id)
    }

    /// New state, known state, back, in-place change or no change; records the transition and moves the trail.
    private func classify(_ snapshot: UISnapshot, after event: CrawlEvent, from source: Int) throws -> Outcome {
        defer { navigator.snapshot = snapshot }
        let matched = recorder.matchNotingAlias(snapshot, cause: navigator.snapshot.map { (event, $0) })
        var known = matched.index
        if let test = probing {
            probing = nil
            let pending = test.pending
            if let id = known, id == test.expected || recorder.oneAsLearnt(id, test.expected) {
                recorder.settle(pending.alias, same: true, event: event, expected: test.expected)
                arrive(pending)
            } else {
                recorder.settle(pending.alias, same: false, event: event, expected: test.expected, landed: known)
                let alias = try discover(pending.snapshot, depth: recorder.states[pending.source].depth + 1, via: (pending.source, pending.event),
                                         afterWrite: pending.afterWrite, throughHistory: pending.throughHistory, trace: pending.trace,
                                         screenshot: .some(pending.screenshot))
                navigator.replaceCurrent(with: alias)
                var outcome = try classify(snapshot, after: event, from: alias)
                outcome.from = alias
                return outcome
            }
        }
        // A state that proved to be one with the source but for a relabelling toggle's label (its twin, found before
        // the decision) is the source: the app stayed where it was, on the path that reached it — unless it is the
        // state the trail came from (the toggle switched back: the app is where it was before). So is one with it in
        // the model (the Grid view's state, where a dish was tapped in the List view's, found before the switch was
        // learnt to change only itself), unless the event acted on such a switch.
        if let id = known, navigator.current == source,
           (!navigator.isPrevious(id) && recorder.oneAsLearnt(id, source))
            || (recorder.oneInTheModel(id, source) && !recorder.actsOnAStateSetAside(event)) {
            known = source
        }
        // Only forms count as writing data: taps that change a screen in place (a toggle; a clock ticking meanwhile)
        // would restart the app after most events.
        let unchanged = known == source && navigator.current == source && snapshot == navigator.snapshot
        if event.kind == .fill && !unchanged { navigator.wroteSinceRestart = true }
        if let id = known {
            if id == source && navigator.current == source {
                if !unchanged && event.kind == .fill && !navigator.replaying { navigator.needsFreshStart = true }
                // What an event changed on its screen without leaving it (a filter's box, a month shown, a message
                // sent) is a transition of the app to its own state, as a tester draws it; what the finger did itself
                // (a scroll, the text typed into a field) is none, nor is the page's running text alone (a clock that
                // ticked meanwhile). Not evidence for the frontier's passes, which learn where events lead elsewhere.
                // An event that wrote the app's data and left the screen as it was ("Add to favourites" on a list
                // that does not show favourites) changed the app all the same, as a tester draws it.
                let changedHere = !unchanged && event.kind != .back && event.kind != .scroll && navigator.snapshot.map {
                    !ControlBehaviour.leftAsItWas($0, snapshot, by: event) && !ControlBehaviour.onlyRunningTextChanged($0, snapshot)
                } == true
                if changedHere || (lastActedOffScreen && event.kind != .back && event.kind != .scroll) {
                    _ = recorder.addEdge(from: source, to: source, event: event, kind: .known, throughHistory: lastWentBack)
                }
                if changedHere { lastChangedInPlace = true }
                return Outcome(kind: unchanged ? .noChange : .inPlaceChange, state: id)
            }
            let isBack = navigator.isPrevious(id)
            if !isBack && !navigator.replaying && navigator.wroteSinceRestart { navigator.needsFreshStart = true }
            // Reached at a route the state was not registered with (by the app's own control, not the crawler's back):
            // recorded once an event from here tells whether the route shows that state (`settleAlias`, after this event).
            if let alias = matched.alias, alias.state == id, event.kind != .back, !navigator.replaying, navigator.current == source {
                pendingAlias = PendingAlias(alias: alias, source: source, event: event, kind: isBack ? .back : .known, snapshot: snapshot,
                                            afterWrite: lastWrote, throughHistory: lastWentBack, trace: navigator.trace(to: event, in: source),
                                            screenshot: screenshotIfKept())
                navigator.moved(to: id, back: isBack)
                recorder.countStateReached()
                return Outcome(kind: isBack ? .back : .known, state: id)
            }
            // The crawler's own back moves are how it gets around, not transitions of the app it explores: which
            // states it goes back from depends on the order sessions work in. The model records what events do.
            if event.kind != .back, let edge = recorder.addEdge(from: source, to: id, event: event, kind: isBack ? .back : .known,
                                                                throughHistory: lastWentBack || firingAsTheAppIs) {
                pool.frontier.learn(edge)
            }
            navigator.moved(to: id, back: isBack)
            recorder.countStateReached()
            return Outcome(kind: isBack ? .back : .known, state: id)
        }
        let id = try discover(snapshot, depth: recorder.states[source].depth + 1, via: (source, event), afterWrite: lastWrote,
                              throughHistory: lastWentBack || firingAsTheAppIs, trace: navigator.trace(to: event, in: source))
        navigator.moved(to: id, back: false)
        recorder.countStateReached()
        return Outcome(kind: .new, state: id)
    }

    /// Records a new state — with the transition that found it, in one step — plans its events, logs it and takes its
    /// screenshot (the lock let go meanwhile: the state is complete, other sessions may go there).
    private func discover(_ snapshot: UISnapshot, depth: Int, via: (from: Int, event: CrawlEvent)?, afterWrite: Bool = false,
                          throughHistory: Bool = false, trace: [CrawlProgress.StateRecord.TraceStep]? = nil,
                          screenshot taken: Data?? = nil) throws -> Int {
        let plan = planner.plan(snapshot, origin: driver.webOrigin)
        let events = configuration.settings.maxDepth.map({ depth < $0 }) ?? true ? plan.events : []
        let added = recorder.addState(snapshot, depth: depth, events: events, via: via, afterWrite: afterWrite,
                                      throughHistory: throughHistory, trace: trace)
        if let edge = added.edge { pool.frontier.learn(edge) }
        pool.frontier.offer(recorder.states[added.id])
        recorder.log(.state(.init(
            id: Crawler.name(added.id), name: added.identity.name, properties: added.identity.properties.map(\.description),
            title: snapshot.context.title ?? "", context: snapshot.context.container ?? "", depth: depth, events: events.map(\.description),
            t: Crawler.round(pool.elapsed), elements: snapshot.root.allElements.dropFirst().map(ElementLogRecord.init),
            skipped: plan.skipped.isEmpty ? nil : plan.skipped.map { .init(element: ElementNaming.describe($0.element), reason: $0.reason) })))
        for decision in added.decisions { log(decision) }
        let png = taken ?? screenshotIfKept()   // a screen seen before (an alias) keeps the screenshot taken then
        pool.lock.broadcast()   // a waiting session may take the new state's events
        try recorder.attachScreenshot(png, to: added.id)
        return added.id
    }

    func log(_ decision: StateIndex.Decision) { recorder.record(decision) }

    /// A screenshot of the screen now when the crawl keeps them (taken with the lock let go).
    private func screenshotIfKept() -> Data? {
        guard configuration.settings.screenshots else { return nil }
        let s = Date()
        defer { driverSeconds += Date().timeIntervalSince(s) }
        return pool.unlocked { try? driver.screenshot() }
    }

    // MARK: - Restarts

    /// Restarts the app (or runs the setup journey) and recognises the screen it opened on (a state of its own when
    /// it is not one seen before); the trail starts there.
    func restart() throws -> Int {
        let opened = try restartApp().snapshot
        let start = try recorder.match(opened) ?? discover(opened, depth: 0, via: nil)
        recorder.opened(on: start)
        navigator.restarted(at: start, snapshot: opened)
        return start
    }

    /// Restarts (or runs the setup journey) and observes the start screen; its failures wait for the next report.
    private func restartApp() throws -> Observation {
        let s = Date()
        defer { driverSeconds += Date().timeIntervalSince(s) }
        let observed = try pool.unlocked { () throws -> Observation in
            if let setup = configuration.setup { try setup.run(driver) } else { try driver.restart() }
            return try driver.observe(after: configuration.settings.wait)
        }
        navigator.needsFreshStart = false
        navigator.wroteSinceRestart = false
        navigator.storedSinceRestart = false
        failures += observed.failures
        return observed
    }

    // MARK: - Failures and invariants

    /// `path` is computed only when there is a failure (a breadth-first search per event would be waste).
    private func collectFailures(state: Int, path makePath: () -> [String]) throws {
        var computed: [String]?
        defer { failures.removeAll() }
        for failure in failures {
            recorder.addFailure(kind: failure.kind, message: failure.message, location: failure.location, state: state) {
                let path = computed ?? makePath()
                computed = path
                return path
            }
        }
    }

    /// The specification's invariants on every screen; violations are failures with the path that reproduces them.
    private func checkInvariants(state: Int, snapshot: UISnapshot, path makePath: () -> [String]) throws {
        guard !configuration.invariants.isEmpty else { return }
        var text: String?
        for invariant in configuration.invariants {
            let message = try invariant.violation(in: snapshot) {
                if let text { return text }
                let read = try pool.unlocked { try driver.visibleText() }
                text = read
                return read
            }
            guard let message else { continue }
            recorder.addFailure(kind: "invariant", message: message, location: snapshot.context.container, state: state, path: makePath)
        }
    }
}
