import CartoCore
import CartoModel
import Foundation

/// `report.html`: the state graph as a picture (inline SVG, states in columns by depth), the paper's statistics,
/// the failures with the events that reproduce them, and a gallery of states. No scripts, no network: it opens
/// offline beside its `screenshots/` folder.
public enum CrawlHTMLReport {
    public static func render(_ model: CrawlModel) -> String {
        let h = Markup.html
        let st = model.stats
        var out = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Crawl of \(h(model.app.start))</title>
        <style>
        body{font:14px/1.45 -apple-system,system-ui,Segoe UI,Helvetica,Arial,sans-serif;margin:0;color:#1d1f23;background:#f6f7f9}
        header,section{padding:16px 28px}header{background:#1d1f23;color:#fff}header h1{margin:0 0 4px;font-size:20px}
        header p{margin:0;color:#c3c7cf}h2{font-size:16px;margin:8px 0 12px}
        table{border-collapse:collapse;background:#fff}td,th{border:1px solid #dde0e5;padding:5px 10px;text-align:left;vertical-align:top}
        .stats td:nth-child(2){text-align:right;font-variant-numeric:tabular-nums}
        .graph{background:#fff;border:1px solid #dde0e5;overflow:auto;max-height:80vh}
        .gallery{display:flex;flex-wrap:wrap;gap:16px}.card{background:#fff;border:1px solid #dde0e5;border-radius:8px;width:220px;padding:8px}
        .card img{width:100%;border-radius:4px;border:1px solid #eee}.card h3{font-size:13px;margin:6px 0 2px}.card p{margin:0;color:#5b616e;font-size:12px;word-break:break-all}
        .fail{color:#b42318}.ok{color:#067647}ol{margin:0;padding-left:20px}code{font-size:12px}
        </style></head><body>
        <header><h1>State-flow model</h1><p>\(h(model.app.platform)) · \(h(model.app.start)) · \(h(model.settings.strategy.rawValue)) · wait \(h(model.settings.wait.description))</p></header>
        <section><h2>Statistics</h2><table class="stats">
        <tr><td>Unique states</td><td>\(st.uniqueStates)</td></tr><tr><td>Total states</td><td>\(st.totalStates)</td></tr>
        <tr><td>Edges</td><td>\(st.edges)</td></tr><tr><td>Generated events</td><td>\(st.events)</td></tr>
        <tr><td>Exploration time</td><td>\(String(format: "%.2f s", st.durationSeconds))</td></tr>
        <tr><td>Failures</td><td class="\(st.failures > 0 ? "fail" : "ok")">\(st.failures)</td></tr>
        <tr><td>Stopped because</td><td>\(h(st.stopReason.rawValue))</td></tr></table></section>

        """
        out += "<section><h2>State graph</h2><div class=\"graph\">\(svg(model))</div></section>\n"
        out += "<section><h2>Failures</h2>"
        if model.failures.isEmpty {
            out += "<p class=\"ok\">No failures observed.</p>"
        } else {
            out += "<table><tr><th>Kind</th><th>Message</th><th>State</th><th>Reproduce from the start</th></tr>"
            for f in model.failures {
                let steps = f.path.map { "<li>\(h($0))</li>" }.joined()
                out += "<tr class=\"failure\"><td class=\"fail\">\(h(f.kind))</td><td>\(h(f.message))\(f.location.map { "<br><code>\(h($0))</code>" } ?? "")</td><td>\(h(f.state))</td><td><ol>\(steps)</ol></td></tr>"
            }
            out += "</table>"
        }
        out += "</section>\n<section><h2>States</h2><div class=\"gallery\">"
        for s in model.states {
            out += "<div class=\"card\" id=\"\(h(s.id))\">"
            if let shot = s.screenshot { out += "<img src=\"\(h(shot))\" alt=\"Screenshot of \(h(s.id))\" loading=\"lazy\">" }
            out += "<h3>\(h(s.id))\(s.title.isEmpty ? "" : " · " + h(s.title))</h3><p>\(h(s.context))</p><p>depth \(s.depth) · \(s.elements) elements · \(s.events) events</p>"
                + (s.name.map { "<p><b>\(h($0))</b></p>" } ?? "")
                + (s.properties.map { "<details><summary>what defines this state</summary><ul>" + $0.map { "<li>\(h($0))</li>" }.joined() + "</ul></details>" } ?? "")
                + "</div>"
        }
        out += "</div></section>\n</body></html>\n"
        return out
    }

    /// States in columns by depth, edges as curves; back edges dashed.
    static func svg(_ model: CrawlModel) -> String {
        let h = Markup.html
        let boxW = 170.0, boxH = 46.0, colGap = 90.0, rowGap = 26.0, margin = 20.0
        var columns: [Int: [CrawlModel.State]] = [:]
        for s in model.states { columns[s.depth, default: []].append(s) }
        var position: [String: (x: Double, y: Double)] = [:]
        for (depth, states) in columns {
            for (row, s) in states.enumerated() {
                position[s.id] = (margin + Double(depth) * (boxW + colGap), margin + Double(row) * (boxH + rowGap))
            }
        }
        let width = margin * 2 + Double((columns.keys.max() ?? 0) + 1) * (boxW + colGap)
        let height = margin * 2 + Double(columns.values.map(\.count).max() ?? 1) * (boxH + rowGap)
        let failing = Set(model.failures.map(\.state))
        let f = { (x: Double) in String(format: "%.1f", x) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-label=\"State-flow graph\">"
        out += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#8a8f98\"/></marker></defs>"
        for e in model.edges {
            guard let a = position[e.from], let b = position[e.to] else { continue }
            let forward = b.x > a.x
            let x1 = forward ? a.x + boxW : a.x, y1 = a.y + boxH / 2
            let x2 = forward ? b.x : b.x + boxW, y2 = b.y + boxH / 2
            let bend = forward ? 0.0 : -40.0
            let path = e.from == e.to
                ? "M\(f(a.x + boxW * 0.7)),\(f(a.y)) C\(f(a.x + boxW * 0.7)),\(f(a.y - 24)) \(f(a.x + boxW * 0.3)),\(f(a.y - 24)) \(f(a.x + boxW * 0.3)),\(f(a.y))"
                : "M\(f(x1)),\(f(y1)) C\(f((x1 + x2) / 2)),\(f(y1 + bend)) \(f((x1 + x2) / 2)),\(f(y2 + bend)) \(f(x2)),\(f(y2))"
            out += "<path class=\"edge\" d=\"\(path)\" fill=\"none\" stroke=\"#8a8f98\" stroke-width=\"1.3\"\(e.kind == .back ? " stroke-dasharray=\"5 4\"" : e.kind == .inferred ? " stroke-dasharray=\"1 3\"" : "") marker-end=\"url(#arrow)\"><title>\(h(e.from)) → \(h(e.to)): \(h(e.event)) (\(h(e.kind.rawValue)))</title></path>"
        }
        for s in model.states {
            guard let p = position[s.id] else { continue }
            let stroke = failing.contains(s.id) ? "#b42318" : (s.id == "s0" ? "#1d1f23" : "#9aa1ad")
            let title = s.title.count > 24 ? String(s.title.prefix(23)) + "…" : s.title
            let context = s.context.count > 26 ? String(s.context.prefix(25)) + "…" : s.context
            out += "<a href=\"#\(h(s.id))\"><g class=\"state\"><rect x=\"\(f(p.x))\" y=\"\(f(p.y))\" width=\"\(f(boxW))\" height=\"\(f(boxH))\" rx=\"8\" fill=\"#fff\" stroke=\"\(stroke)\" stroke-width=\"\(s.id == "s0" ? 2 : 1.3)\"/>"
            out += "<text x=\"\(f(p.x + 10))\" y=\"\(f(p.y + 19))\" font-size=\"13\" font-weight=\"600\" fill=\"#1d1f23\">\(h(s.id))\(title.isEmpty ? "" : " · " + h(title))</text>"
            out += "<text x=\"\(f(p.x + 10))\" y=\"\(f(p.y + 36))\" font-size=\"11\" fill=\"#5b616e\">\(h(context))</text><title>\(h(s.id)): \(h(s.title)) \(h(s.context))</title></g></a>"
        }
        out += "</svg>"
        return out
    }
}
