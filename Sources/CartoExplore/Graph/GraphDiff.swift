import CartoCore

/// States and edges added or removed between two crawl models: a regression between app versions, or the same
/// app on two platforms. Models number states by discovery order, so states are matched by what a user sees —
/// container and title — and edges by (source, event, target) in those terms.
public struct GraphDiff: Codable, Sendable, Equatable {
    public struct StateKey: Codable, Hashable, Sendable, Comparable {
        public var context: String
        public var title: String
        public static func < (a: StateKey, b: StateKey) -> Bool { (a.context, a.title) < (b.context, b.title) }
        public var description: String { title.isEmpty ? context : "\(title) (\(context))" }
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

    public init(from a: CrawlModel, to b: CrawlModel) {
        func keys(_ m: CrawlModel) -> (states: Set<StateKey>, edges: Set<EdgeKey>) {
            var byID: [String: StateKey] = [:]
            for s in m.states { byID[s.id] = StateKey(context: s.context, title: s.title) }
            let edges = m.edges.compactMap { e -> EdgeKey? in
                guard let f = byID[e.from], let t = byID[e.to] else { return nil }
                return EdgeKey(from: f, event: e.event, to: t)
            }
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
        for s in addedStates { out += "+ state \(s.description)\n" }
        for s in removedStates { out += "- state \(s.description)\n" }
        for e in addedEdges { out += "+ edge \(e.from.description) --[\(e.event)]--> \(e.to.description)\n" }
        for e in removedEdges { out += "- edge \(e.from.description) --[\(e.event)]--> \(e.to.description)\n" }
        out += "\(addedStates.count) states added, \(removedStates.count) removed; \(addedEdges.count) edges added, \(removedEdges.count) removed\n"
        return out
    }
}
