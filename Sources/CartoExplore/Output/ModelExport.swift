import CartoCore
import CartoModel
import Foundation

/// The state-flow graph in the formats other tools read: the paper's XML graph, DOT, GraphML and JSON.
public enum ModelExport {
    public enum Format: String, CaseIterable, Sendable { case json, xml, dot, graphml, html }

    public static func render(_ model: CrawlModel, as format: Format) throws -> String {
        switch format {
        case .json: return try JSONOutput.string(model) + "\n"
        case .xml: return crawlXML(model)
        case .dot: return dot(model)
        case .graphml: return graphML(model)
        case .html: return CrawlHTMLReport.render(model)
        }
    }

    /// Reads a `model.json`; a clear error names the file otherwise.
    public static func load(_ path: String) throws -> CrawlModel {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CartoError("\(path): cannot read the model; pass the model.json of a crawl's output folder")
        }
        do { return try JSONDecoder().decode(CrawlModel.self, from: data) } catch let DecodingError.dataCorrupted(context) {
            throw CartoError("\(path): not valid JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription)); pass a model.json written by carto crawl")
        } catch {
            throw CartoError("\(path): not a carto crawl model (\(error)); pass a model.json written by carto crawl")
        }
    }

    /// The paper's output (1): a directed graph with states as nodes and actions as edges.
    public static func crawlXML(_ model: CrawlModel) -> String {
        let h = Markup.html
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<stateFlowGraph platform=\"\(h(model.app.platform))\" start=\"\(h(model.app.start))\">\n  <states>\n"
        for s in model.states {
            out += "    <state id=\"\(h(s.id))\" title=\"\(h(s.title))\" context=\"\(h(s.context))\" depth=\"\(s.depth)\" elements=\"\(s.elements)\""
            if let shot = s.screenshot { out += " screenshot=\"\(h(shot))\"" }
            out += "/>\n"
        }
        out += "  </states>\n  <edges>\n"
        for e in model.edges {
            out += "    <edge from=\"\(h(e.from))\" to=\"\(h(e.to))\" kind=\"\(h(e.kind.rawValue))\" event=\"\(h(e.event))\"/>\n"
        }
        out += "  </edges>\n"
        let st = model.stats
        out += "  <stats events=\"\(st.events)\" uniqueStates=\"\(st.uniqueStates)\" totalStates=\"\(st.totalStates)\" edges=\"\(st.edges)\" durationSeconds=\"\(st.durationSeconds)\" failures=\"\(st.failures)\"/>\n"
        out += "</stateFlowGraph>\n"
        return out
    }

    static func stateLabel(_ s: CrawlModel.State) -> String {
        if let name = s.name { return "\(s.id): \(name)\n\(s.context)" }
        return s.title.isEmpty ? "\(s.id)\n\(s.context)" : "\(s.id): \(s.title)\n\(s.context)"
    }

    public static func dot(_ model: CrawlModel) -> String {
        var g = DOTGraph(name: "state-flow", graphAttributes: [("rankdir", "LR")], nodeDefaults: [("shape", "box"), ("style", "rounded"), ("fontname", "Helvetica")])
        for s in model.states {
            var attrs = [("label", stateLabel(s))]
            if s.id == "s0" { attrs.append(("penwidth", "2")) }
            if model.failures.contains(where: { $0.state == s.id }) { attrs.append(("color", "red")) }
            g.nodes.append(.init(id: s.id, attributes: attrs))
        }
        for e in model.edges {
            var attrs = [("label", e.event)]
            if e.kind == .back || e.kind == .inferred { attrs.append(("style", e.kind == .inferred ? "dotted" : "dashed")) }
            g.edges.append(.init(from: e.from, to: e.to, attributes: attrs))
        }
        return g.render()
    }

    public static func graphML(_ model: CrawlModel) -> String {
        var g = GraphMLGraph(id: "state-flow")
        for s in model.states {
            var data: [(String, GraphMLGraph.Value)] = [("title", .string(s.title)), ("context", .string(s.context)), ("depth", .int(s.depth)), ("elements", .int(s.elements))]
            data.append(("screenshot", .string(s.screenshot ?? "")))
            g.nodes.append(.init(id: s.id, data: data))
        }
        for e in model.edges { g.edges.append(.init(from: e.from, to: e.to, data: [("event", .string(e.event)), ("kind", .string(e.kind.rawValue))])) }
        return g.render()
    }
}
