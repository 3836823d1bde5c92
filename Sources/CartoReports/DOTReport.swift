import CartoArch
import CartoCore

/// Graphviz: one cluster per layer, edges aggregated per component pair, violating edges in red.
public enum DOTReport {
    public static func render(_ report: ArchitectureReport) -> String {
        var graph = DOTGraph(name: "architecture", graphAttributes: [("rankdir", "LR"), ("compound", "true"), ("fontname", "Helvetica")],
                             nodeDefaults: [("shape", "box"), ("style", "rounded,filled"), ("fontname", "Helvetica"), ("fillcolor", "white")])
        let byLayer = Dictionary(grouping: report.components, by: \.layer)
        for layer in report.layers {
            let nodes = (byLayer[layer.name] ?? []).map { c in
                DOTGraph.Node(id: c.id, attributes: [("label", c.name), ("tooltip", "\(c.qualifiedName) — \(c.role) (\(c.reason))"), ("color", layer.color)])
            }
            graph.clusters.append(.init(id: layer.name, label: "\(layer.title) (\(nodes.count))",
                                        attributes: [("style", "rounded"), ("color", layer.color)], nodes: nodes))
        }
        struct Key: Hashable { var from: String; var to: String }
        var counts: [Key: Int] = [:]
        for d in report.dependencies { counts[Key(from: d.from, to: d.to), default: 0] += 1 }
        var violating: [Key: Set<String>] = [:]
        for v in report.violations { violating[Key(from: v.from, to: v.to), default: []].insert(v.rule) }
        for (key, count) in counts.sorted(by: { ($0.key.from, $0.key.to) < ($1.key.from, $1.key.to) }) {
            var attrs: [(String, String)] = [("label", String(count))]
            if let rules = violating[key] {
                attrs += [("color", "#D62728"), ("fontcolor", "#D62728"), ("penwidth", "2"), ("tooltip", rules.sorted().joined(separator: ", "))]
            } else {
                attrs += [("color", "#999999")]
            }
            graph.edges.append(.init(from: key.from, to: key.to, attributes: attrs))
        }
        return graph.render()
    }
}
