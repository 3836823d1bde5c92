import CartoCore
import CartoModel

/// State identity during a crawl under either abstraction: the screen abstraction (default) or the paper's
/// Algorithm 1. Every state gets an abstract identity either way, so models crawled with `--abstraction paper`
/// still name their states and compare in `carto graph diff`.
struct StateRecognition {
    let mode: AbstractionMode
    private var paper: StateRecognizer
    private(set) var index: StateIndex

    init(mode: AbstractionMode, weights: SimilarityWeights, abstraction: ScreenAbstraction, coarsenAfter: Int) {
        self.mode = mode
        paper = StateRecognizer(weights: weights)
        index = StateIndex(abstraction: abstraction, coarsenAfter: coarsenAfter)
    }

    /// Continues with what an earlier run learnt (`--resume`), before its states are added again.
    mutating func restore(_ behaviour: ControlBehaviour) { index.restore(behaviour) }

    /// The start screen, seen before any state is added (see `StateIndex.startScreen`).
    mutating func startScreen(_ snapshot: UISnapshot) { index.startScreen(snapshot) }

    /// The known state `snapshot` shows, a decision to log when the screen abstraction learnt something from it, and
    /// the route alias it was matched through, if any (`StateIndex.matchNoting`).
    mutating func match(_ snapshot: UISnapshot, cause: (event: CrawlEvent, before: UISnapshot)? = nil) -> (index: Int?, decision: StateIndex.Decision?, alias: StateIndex.RouteAlias?) {
        switch mode {
        case .screen: return index.matchNoting(snapshot, cause: cause)
        case .paper: return (paper.match(StateSignature(snapshot))?.index, nil, nil)
        }
    }

    /// See `StateIndex.settle`.
    mutating func settle(_ alias: StateIndex.RouteAlias, same: Bool, event: String, expected: Int, landed: Int? = nil) -> StateIndex.Decision {
        index.settle(alias, same: same, event: event, expected: expected, landed: landed)
    }

    /// Registers a new state: its number, identity, and the abstraction decisions to log.
    mutating func add(_ snapshot: UISnapshot) -> (index: Int, identity: AbstractState, decisions: [StateIndex.Decision]) {
        let added = index.add(snapshot)
        if mode == .paper {
            let id = paper.add(StateSignature(snapshot))
            return (id, added.identity, [])
        }
        return added
    }

    /// What an event did (see `StateIndex.observe`); the paper's abstraction learns nothing.
    mutating func observe(_ event: CrawlEvent, in source: Int, before: UISnapshot, after: UISnapshot, unchanged: Bool, actedOffScreen: Bool = false) -> StateIndex.Decision? {
        mode == .screen ? index.observe(event, in: source, before: before, after: after, unchanged: unchanged, actedOffScreen: actedOffScreen) : nil
    }

    /// State `index`'s identity under what has been learnt (the model merges states that share one).
    func learntIdentity(at index: Int) -> AbstractState { self.index.learntIdentity(at: index) }

    /// The identities of the states as the model shows them (`StateIndex.modelIdentity`); nil under the paper's
    /// abstraction.
    func modelIdentities() -> [AbstractState]? { mode == .screen ? (0..<index.count).map(index.modelIdentity(at:)) : nil }

    /// Whether states `a` and `b` are one in the model (`StateIndex.modelIdentity`): a state found before a decision
    /// that made it one with another (a view switch whose state proved self-contained). Under the paper's
    /// abstraction, only a state itself.
    func oneInTheModel(_ a: Int, _ b: Int) -> Bool { a == b || (mode == .screen && index.modelIdentity(at: a) == index.modelIdentity(at: b)) }

    /// See `StateIndex.oneSinceAListWasLearnt`; never under the paper's abstraction.
    func oneSinceAListWasLearnt(_ a: Int, _ b: Int) -> Bool { mode == .screen && index.oneSinceAListWasLearnt(a, b) }

    /// See `StateIndex.oneButForARelabel`; never under the paper's abstraction.
    func oneButForARelabel(_ a: Int, _ b: Int) -> Bool { mode == .screen && index.oneButForARelabel(a, b) }

    /// See `StateIndex.oneButForData`; never under the paper's abstraction.
    func oneButForData(_ a: Int, _ b: Int) -> Bool { mode == .screen && index.oneButForData(a, b) }

    /// See `StateIndex.firstOfItsKind`; each state is its own under the paper's abstraction.
    func firstOfItsKind(_ state: Int) -> Int { mode == .screen ? index.firstOfItsKind(state) : state }

    /// See `StateIndex.statesOfItsCoarsenedScreen`; each state is its own under the paper's abstraction.
    func statesOfItsCoarsenedScreen(_ state: Int) -> [Int] { mode == .screen ? index.statesOfItsCoarsenedScreen(state) : [state] }

    /// See `StateIndex.actsOnAStateSetAside`; never under the paper's abstraction.
    func actsOnAStateSetAside(_ event: CrawlEvent) -> Bool { mode == .screen && index.actsOnAStateSetAside(event) }

    mutating func refine(from: Int, event: String, expected: Int, landed: Int) -> StateIndex.Decision? {
        mode == .screen ? index.refine(from: from, event: event, expected: expected, landed: landed) : nil
    }
}
