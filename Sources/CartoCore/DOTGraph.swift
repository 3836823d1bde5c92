/// A directed graph in Graphviz DOT, with optional clusters. Shared by every graph-shaped report
/// (architecture layers, state-flow models) so quoting and layout conventions live in one place.
public struct DOTGraph: Sendable {
    public struct Node: Sendable {
        public var id: String
        public var attributes: [(String, String)]
        public init(id: String, attributes: [(String, String)] = []) { self.id = id; self.attributes = attributes }
    }
    public struct Edge: Sendable {
        public var from: String
        public var to: String
        public var attributes: [(String, String)]
        public init(from: String, to: String, attributes: [(String, String)] = []) { self.from = from; self.to = to; self.attributes = attributes }
    }
    public struct Cluster: Sendable {
        public var id: String
        public var label: String
        public var attributes: [(String, String)]
        public var nodes: [Node]
        public init(id: String, label: String, attributes: [(String, String)] = [], nodes: [Node]) {
            self.id = id; self.label = label; self.attributes = attributes; self.nodes = nodes
        }
    }

    public var name: String
    public var graphAttributes: [(String, String)]
    public var nodeDefaults: [(String, String)]
    public var clusters: [Cluster] = []
    public var nodes: [Node] = []
    public var edges: [Edge] = []

    public init(name: String, graphAttributes: [(String, String)] = [], nodeDefaults: [(String, String)] = []) {
        self.name = name
        self.graphAttributes = graphAttributes
        self.nodeDefaults = nodeDefaults
    }

    /// Quotes an ID or attribute value (DOT's double-quoted string form).
    public static func quote(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    private static func attrs(_ a: [(String, String)]) -> String {
        a.isEmpty ? "" : " [" + a.map { "\($0.0)=\(quote($0.1))" }.joined(separator: ", ") + "]"
    }

    public func render() -> String {
        var out = "digraph \(Self.quote(name)) {\n"
        for (k, v) in graphAttributes { out += "  \(k)=\(Self.quote(v));\n" }
        if !nodeDefaults.isEmpty { out += "  node\(Self.attrs(nodeDefaults));\n" }
        for cluster in clusters {
            out += "  subgraph \(Self.quote("cluster_" + cluster.id)) {\n"
            out += "    label=\(Self.quote(cluster.label));\n"
            for (k, v) in cluster.attributes { out += "    \(k)=\(Self.quote(v));\n" }
            for n in cluster.nodes { out += "    \(Self.quote(n.id))\(Self.attrs(n.attributes));\n" }
            out += "  }\n"
        }
        for n in nodes { out += "  \(Self.quote(n.id))\(Self.attrs(n.attributes));\n" }
        for e in edges { out += "  \(Self.quote(e.from)) -> \(Self.quote(e.to))\(Self.attrs(e.attributes));\n" }
        out += "}\n"
        return out
    }
}
