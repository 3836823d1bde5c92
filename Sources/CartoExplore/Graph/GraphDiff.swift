import CartoCore

/// States and edges added or removed between two crawl models: a regression between app versions, the same app in
/// two frameworks, or on two platforms. Models number states by discovery order, so states are matched by their
/// abstract identity — the properties that define them (`properties` in model.json) — and edges by (source, event,
/// target) in those terms. Models without properties (written before abstractions existed) are matched by
/// container and title. `ignoring` leaves property kinds out, e.g. `title` and `container` to compare two builds of
/// one app served at different paths under different titles.
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

    public var addedStates: [StateKey]
    public var removedStates: [StateKey]
    public var addedEdges: [EdgeKey]
    public var removedEdges: [EdgeKey]
    public var isEmpty: Bool { addedStates.isEmpty && removedStates.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty }

    public init(from a: CrawlModel, to b: CrawlModel, ignoring: Set<StateProperty.Kind> = [], edges compareEdges: Bool = true) {
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
        func keys(_ m: CrawlModel) -> (states: Set<StateKey>, edges: Set<EdgeKey>) {
            var byID: [String: StateKey] = [:]
            for s in m.states { byID[s.id] = key(s) }
            let edges = compareEdges ? m.edges.compactMap { e -> EdgeKey? in
                guard let f = byID[e.from], let t = byID[e.to] else { return nil }
                return EdgeKey(from: f, event: e.event, to: t)
            } : []
            return (Set(byID.values), Set(edges))
        }
        let ka = keys(a), kb = keys(b)
        addedStates = kb.states.subtracting(ka.states).sorted()
        removedStates = ka.states.subtracting(kb.states).sorted()
        addedEdges = kb.edges.subtracting(ka.edges).sorted()
        removedEdges = ka.edges.subtracting(kb.edges).sorted()
    }

    public func text() -> String {
        if isEmpty { return "no differences: same states and edges\n" }
        var out = ""
        for s in addedStates { out += "+ state \(s.description)\n" + s.properties.map { "    \($0)\n" }.joined() }
        for s in removedStates { out += "- state \(s.description)\n" + s.properties.map { "    \($0)\n" }.joined() }
        for e in addedEdges { out += "+ edge \(e.from.description) --[\(e.event)]--> \(e.to.description)\n" }
        for e in removedEdges { out += "- edge \(e.from.description) --[\(e.event)]--> \(e.to.description)\n" }
        out += "\(addedStates.count) states added, \(removedStates.count) removed; \(addedEdges.count) edges added, \(removedEdges.count) removed\n"
        return out
    }
}
