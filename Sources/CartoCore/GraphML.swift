/// A directed graph in GraphML (yEd, Gephi, NetworkX read it), with typed string/number attributes.
/// Shared by every graph-shaped export, like `DOTGraph`.
public struct GraphMLGraph: Sendable {
    public enum Value: Sendable { case string(String), int(Int), double(Double) }
    public struct Node: Sendable { public var id: String; public var data: [(String, Value)]
        public init(id: String, data: [(String, Value)]) { self.id = id; self.data = data } }
    public struct Edge: Sendable { public var from: String; public var to: String; public var data: [(String, Value)]
        public init(from: String, to: String, data: [(String, Value)]) { self.from = from; self.to = to; self.data = data } }

    public var id: String
    public var nodes: [Node] = []
    public var edges: [Edge] = []
    public init(id: String) { self.id = id }

    private static func type(_ v: Value) -> String {
        switch v { case .string: return "string"; case .int: return "int"; case .double: return "double" }
    }
    private static func text(_ v: Value) -> String {
        switch v { case .string(let s): return Markup.html(s); case .int(let i): return String(i); case .double(let d): return String(d) }
    }

    public func render() -> String {
        var keys: [(domain: String, name: String, type: String)] = []
        var seen = Set<String>()
        for n in nodes { for (k, v) in n.data where seen.insert("node:" + k).inserted { keys.append(("node", k, Self.type(v))) } }
        for e in edges { for (k, v) in e.data where seen.insert("edge:" + k).inserted { keys.append(("edge", k, Self.type(v))) } }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
        out += "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n"
        for k in keys {
            out += "  <key id=\"\(k.domain)_\(Markup.html(k.name))\" for=\"\(k.domain)\" attr.name=\"\(Markup.html(k.name))\" attr.type=\"\(k.type)\"/>\n"
        }
        out += "  <graph id=\"\(Markup.html(id))\" edgedefault=\"directed\">\n"
        for n in nodes {
            out += "    <node id=\"\(Markup.html(n.id))\">"
            for (k, v) in n.data { out += "<data key=\"node_\(Markup.html(k))\">\(Self.text(v))</data>" }
            out += "</node>\n"
        }
        for (i, e) in edges.enumerated() {
            out += "    <edge id=\"e\(i)\" source=\"\(Markup.html(e.from))\" target=\"\(Markup.html(e.to))\">"
            for (k, v) in e.data { out += "<data key=\"edge_\(Markup.html(k))\">\(Self.text(v))</data>" }
            out += "</edge>\n"
        }
        out += "  </graph>\n</graphml>\n"
        return out
    }
}
