import CartoCore
import CartoModel

/// States and edges added, removed or changed between two crawl models: a regression between app versions, the same
/// app in two frameworks, or on two platforms. Models number states by discovery order, so states are matched by
/// their abstract identity — the properties that define them (`properties` in model.json) — and, unless `exact`, by
/// structure too (`ModelAlignment`): the start screens, and the screens that corresponding events lead to, pair up
/// even when the two models name their controls differently; such renames are listed, not counted as differences,
/// and a pair whose properties still differ is a changed state. Edges compare by (source, abstract event, target) in
/// those terms. Models without properties (written before abstractions existed) are matched by container and title.
/// `ignoring` leaves property kinds out, e.g. `title` and `container` to compare two builds of one app served at
/// different paths under different titles.
public struct GraphDiff: Codable, Sendable, Equatable {
    public struct StateKey: Codable, Hashable, Sendable, Comparable {
        /// The defining properties (sorted), or `container` and `title` for models without them.
        public var properties: [String]
        /// A readable name for the text output (the first model's name for this identity).
        public var name: String
        public static func < (a: StateKey, b: StateKey) -> Bool { (a.name, a.properties.joined(separator: "\n")) < (b.name, b.properties.joined(separator: "\n")) }
        public static func == (a: StateKey, b: StateKey) -> Bool { a.properties == b.properties }
        public func hash(into hasher: inout Hasher) { hasher.combine(properties) }
        public var description: String { name }
    }
    public struct EdgeKey: Codable, Hashable, Sendable, Comparable {
        public var from: StateKey
        public var event: String
        public var to: StateKey
        public static func < (a: EdgeKey, b: EdgeKey) -> Bool { (a.from, a.event, a.to) < (b.from, b.event, b.to) }
    }
    /// A state of A paired with one of B whose properties differ: `added` only B has, `removed` only A has (after
    /// renames).
    public struct ChangedState: Codable, Hashable, Sendable, Comparable {
        public var from: StateKey
        public var to: StateKey
        public var added: [String]
        public var removed: [String]
        public static func < (a: ChangedState, b: ChangedState) -> Bool { (a.from, a.to) < (b.from, b.to) }
    }
    /// A control or list that B names differently from A.
    public struct Rename: Codable, Hashable, Sendable {
        public var from: String
        public var to: String
    }

    public var addedStates: [StateKey]
    public var removedStates: [StateKey]
    public var changedStates: [ChangedState]
    public var addedEdges: [EdgeKey]
    public var removedEdges: [EdgeKey]
    public var renamed: [Rename]
    /// States of A with a partner in B, and how many of them by identical properties (the rest by structure).
    public var pairedStates: Int
    public var identicalStates: Int
    /// Renames are not differences: two frameworks name their controls differently.
    public var isEmpty: Bool { addedStates.isEmpty && removedStates.isEmpty && changedStates.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty }

    public init(from a: CrawlModel, to b: CrawlModel, ignoring: Set<StateProperty.Kind> = [], edges compareEdges: Bool = true, exact: Bool = false) {
        let abstract = a.states.allSatisfy { $0.properties != nil } && b.states.allSatisfy { $0.properties != nil }
        func key(_ s: CrawlModel.State) -> StateKey {
            guard abstract, let properties = s.properties else {
                return StateKey(properties: ["container " + s.context, "title " + s.title], name: s.title.isEmpty ? s.context : "\(s.title) (\(s.context))")
            }
            let kept = properties.filter { p in
                !ignoring.contains { p.hasPrefix($0.rawValue + " ") }
            }
            return StateKey(properties: kept.sorted(), name: s.name ?? s.id)
        }
        func side(_ m: CrawlModel) -> (keys: [StateKey], side: ModelAlignment.Side, events: [String]) {
            let graph = m.graph
            let keys = m.states.map(key)
            let edges = graph.edges.map { e -> ModelAlignment.Side.Edge in
                let edge = m.edges[e.index]
                return .init(source: e.source, target: e.target, event: edge.abstractEvent.map(ModelAlignment.EventKey.init) ?? .init(description: edge.event))
            }
            let events = graph.edges.map { m.edges[$0.index].event }
            return (keys, .init(graph: StateGraph(states: keys.map { Set($0.properties) }, edges: edges), start: m.states.firstIndex { $0.id == "s0" }), events)
        }
        let (keysA, sideA, eventsA) = side(a), (keysB, sideB, eventsB) = side(b)
        let alignment = exact ? ModelAlignment(exact: sideA, sideB) : ModelAlignment(sideA, sideB)

        removedStates = Array(Set(keysA.indices.filter { alignment.partner[$0] == nil }.map { keysA[$0] })).sorted()
        addedStates = Array(Set(keysB.indices.filter { alignment.partnerInA[$0] == nil }.map { keysB[$0] })).sorted()
        // An identity both models have is no difference, even where it occurs more than once and so was not paired.
        removedStates.removeAll { keysB.contains($0) }
        addedStates.removeAll { keysA.contains($0) }
        var changed: [ChangedState] = []
        for (x, y) in alignment.partner {
            let mapped = Set(keysA[x].properties.map(alignment.mapped))
            let pb = Set(keysB[y].properties)
            guard mapped != pb else { continue }
            changed.append(ChangedState(from: keysA[x], to: keysB[y], added: pb.subtracting(mapped).sorted(),
                                        removed: keysA[x].properties.filter { !pb.contains(alignment.mapped($0)) }))
        }
        changedStates = changed.sorted()
        renamed = alignment.renames.map { Rename(from: $0.from, to: $0.to) }
        pairedStates = alignment.partner.count
        identicalStates = alignment.identical

        guard compareEdges else { addedEdges = []; removedEdges = []; return }
        // Edges in B's terms: A's states by their partners, A's events under the renames.
        struct Compared: Hashable { var from: String; var event: ModelAlignment.EventKey; var to: String }
        func edgeKeys(_ side: ModelAlignment.Side, _ events: [String], _ keys: [StateKey], inB: Bool) -> [Compared: EdgeKey] {
            var out: [Compared: EdgeKey] = [:]
            // The crawler's own back moves (kept in models written before they were left out) are no transitions.
            for (i, e) in side.graph.edges.enumerated() where e.isReplayable {
                // Paired states by their partner in B; unpaired ones by identity (as models without pairs compare).
                let name = { (s: Int) -> String in
                    let paired = inB ? (alignment.partnerInA[s] != nil ? s : nil) : alignment.partner[s]
                    return paired.map { "b\($0)" } ?? "k:" + keys[s].properties.joined(separator: "\n")
                }
                let event = inB ? e.event : alignment.mapped(e.event)
                out[Compared(from: name(e.source), event: event, to: name(e.target))] = EdgeKey(from: keys[e.source], event: events[i], to: keys[e.target])
            }
            return out
        }
        let ea = edgeKeys(sideA, eventsA, keysA, inB: false), eb = edgeKeys(sideB, eventsB, keysB, inB: true)
        removedEdges = Array(Set(ea.filter { eb[$0.key] == nil }.map(\.value))).sorted()
        addedEdges = Array(Set(eb.filter { ea[$0.key] == nil }.map(\.value))).sorted()
    }

    public func text() -> String {
        var out = ""
        if !renamed.isEmpty {
            out += "renamed (\(renamed.count), not counted as differences):\n"
            for r in renamed { out += "  \(r.from)  →  \(r.to)\n" }
        }
        if isEmpty { return out + "no differences: same states and edges (\(pairedStates) states)\n" }
        for s in addedStates { out += "+ state \(s.description)\n" + s.properties.map { "    \($0)\n" }.joined() }
        for s in removedStates { out += "- state \(s.description)\n" + s.properties.map { "    \($0)\n" }.joined() }
        for c in changedStates {
            out += "~ state \(c.from.description) ↔ \(c.to.description)\n" + c.added.map { "    + \($0)\n" }.joined() + c.removed.map { "    - \($0)\n" }.joined()
        }
        for e in addedEdges { out += "+ edge \(e.from.description) --[\(e.event)]--> \(e.to.description)\n" }
        for e in removedEdges { out += "- edge \(e.from.description) --[\(e.event)]--> \(e.to.description)\n" }
        out += "\(pairedStates) states paired (\(identicalStates) identical), \(addedStates.count) added, \(removedStates.count) removed, \(changedStates.count) changed; "
            + "\(addedEdges.count) edges added, \(removedEdges.count) removed\n"
        return out
    }
}
