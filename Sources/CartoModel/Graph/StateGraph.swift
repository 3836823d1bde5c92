/// An edge of a `StateGraph`: where it leaves from, where it leads, and whether a replay from the start may take it.
public protocol StateGraphEdge {
    var source: Int { get }
    var target: Int { get }
    /// False for moves whose outcome depends on how the app was reached (the browser's back goes wherever the
    /// history says): a path to replay never takes them.
    var isReplayable: Bool { get }
}

/// The state-flow graph's structure, one type for everything that walks it: the crawler (where to replay from the
/// start), `carto gen` and journeys (the steps of a path through a crawled model), `carto graph diff` (outgoing
/// edges per state). States are numbered `0..<states.count` (`s0`, `s1`, … in a model) and carry a payload;
/// edges are kept in the order they were added, which is the order every search visits them in — so a path found
/// is the same for the same graph.
public struct StateGraph<State, Edge: StateGraphEdge> {
    /// The states' payloads, by number. Appending is adding a state.
    public var states: [State]
    public private(set) var edges: [Edge] = []
    /// Replayable edges leaving each state, as indices into `edges`, in insertion order.
    private var outgoing: [Int: [Int]] = [:]

    public init(states: [State] = [], edges: [Edge] = []) {
        self.states = states
        for edge in edges { add(edge) }
    }

    /// Adds an edge; returns its index.
    @discardableResult
    public mutating func add(_ edge: Edge) -> Int {
        edges.append(edge)
        if edge.isReplayable { outgoing[edge.source, default: []].append(edges.count - 1) }
        return edges.count - 1
    }

    /// The replayable edges leaving `state`, as indices into `edges`.
    public func edges(from state: Int) -> [Int] { outgoing[state] ?? [] }

    /// The fewest replayable edges from `origin` to `target` (indices into `edges`, in order), or nil when no path
    /// leads there. Breadth-first; among paths of one length, the one through the earliest added edges.
    public func shortestPath(from origin: Int, to target: Int) -> [Int]? {
        let reachedBy = breadthFirst(from: origin, until: target).reachedBy
        guard reachedBy[target] != nil else { return nil }
        var path: [Int] = []
        var at = target
        while let edge = reachedBy[at], edge >= 0 { path.append(edge); at = edges[edge].source }
        return path.reversed()
    }

    /// The fewest replayable edges from `origin` to each state (nil: not reachable).
    public func distances(from origin: Int) -> [Int?] {
        var distance = [Int?](repeating: nil, count: states.count)
        guard origin < states.count else { return distance }
        distance[origin] = 0
        // In the order visited: a state's source is settled before it.
        let search = breadthFirst(from: origin, until: nil)
        for state in search.order.dropFirst() where state < distance.count {
            distance[state] = search.reachedBy[state].flatMap { distance[edges[$0].source] }.map { $0 + 1 }
        }
        return distance
    }

    /// The edge each state was first reached by, breadth-first from `origin` (-1 for the origin), and the states in
    /// the order reached; stops once `target` is reached. Predecessors are edge indices: nothing is copied per visit.
    private func breadthFirst(from origin: Int, until target: Int?) -> (reachedBy: [Int: Int], order: [Int]) {
        var reachedBy: [Int: Int] = [origin: -1]
        var queue = [origin]
        var head = 0
        while head < queue.count, target.map({ reachedBy[$0] == nil }) ?? true {
            let node = queue[head]
            head += 1
            for index in outgoing[node] ?? [] {
                let next = edges[index].target
                guard reachedBy[next] == nil else { continue }
                reachedBy[next] = index
                queue.append(next)
                if next == target { break }
            }
        }
        return (reachedBy, queue)
    }
}

extension StateGraph: Sendable where State: Sendable, Edge: Sendable {}
