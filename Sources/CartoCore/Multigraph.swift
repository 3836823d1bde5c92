/// A directed multigraph: nodes by dense index, any number of labelled edges between two nodes.
/// The architecture analysis keeps one edge per reference site; later subsystems keep one per transition.
public struct Multigraph<Node, EdgeLabel> {
    public struct Edge {
        public var from: Int
        public var to: Int
        public var label: EdgeLabel
    }

    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    private var outgoing: [[Int]] = []
    private var incoming: [[Int]] = []

    public init() {}

    @discardableResult
    public mutating func addNode(_ node: Node) -> Int {
        nodes.append(node)
        outgoing.append([])
        incoming.append([])
        return nodes.count - 1
    }

    @discardableResult
    public mutating func addEdge(from: Int, to: Int, label: EdgeLabel) -> Int {
        edges.append(Edge(from: from, to: to, label: label))
        let index = edges.count - 1
        outgoing[from].append(index)
        incoming[to].append(index)
        return index
    }

    /// Indices into `edges` leaving `node`.
    public func outgoingEdges(of node: Int) -> [Int] { outgoing[node] }
    /// Indices into `edges` entering `node`.
    public func incomingEdges(of node: Int) -> [Int] { incoming[node] }

    /// Distinct nodes reachable by one edge from `node`.
    public func successors(of node: Int) -> Set<Int> { Set(outgoing[node].map { edges[$0].to }) }
    /// Distinct nodes with an edge into `node`.
    public func predecessors(of node: Int) -> Set<Int> { Set(incoming[node].map { edges[$0].from }) }

    public mutating func updateNode(_ index: Int, _ body: (inout Node) -> Void) { body(&nodes[index]) }
}

extension Multigraph: Sendable where Node: Sendable, EdgeLabel: Sendable {}
extension Multigraph.Edge: Sendable where Node: Sendable, EdgeLabel: Sendable {}

/// A pointer that parallel loops write disjoint slots of; the loop's structure, not the type system, keeps it safe.
public struct UnsafeSendablePointer<T>: @unchecked Sendable {
    public let base: UnsafeMutablePointer<T>
    public init(_ base: UnsafeMutablePointer<T>) { self.base = base }
    public subscript(i: Int) -> T {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }
}
