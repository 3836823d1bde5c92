import Foundation
import CartoArch
import CartoCore

/// One self-contained offline page: summary, layer diagram (inline SVG), the paper's metric tables,
/// pressure points and every violation with its code location. No scripts, fonts or images to fetch.
public enum HTMLReport {
    public static func render(_ report: ArchitectureReport) -> String {
        let m = report.metrics
        let h = Markup.html
        var body = ""
        body += "<header><h1>Architecture report</h1><p class=\"sub\">\(h(report.root)) · preset <code>\(h(report.preset))</code> · style <code>\(h(report.architecture.style.rawValue))</code> (\(TextReport.formatShare(report.architecture.confidence * 100))%: \(h(report.architecture.evidence.summary))) · carto \(h(report.version))</p></header>\n"
        body += "<section class=\"cards\">"
        body += card("Components", "\(m.components)")
        body += card("Dependencies", "\(m.dependencies)")
        body += card("Violations", "\(m.violations)", m.violations > 0 ? "bad" : "good")
        body += card("New violations", "\(m.newViolations)", m.newViolations > 0 ? "bad" : "good")
        body += card("Diagnostics", "\(report.diagnostics.count)")
        body += "</section>\n"

        body += "<section><h2>Layers</h2>\(layerDiagram(report))</section>\n"

        body += "<section><h2>Layer metrics</h2><table><thead><tr><th>Layer</th><th>#Comp</th><th>Share</th><th>#IntDepends</th><th>#ExtDepends</th><th>#CompleteExtDepends</th><th>SDK</th><th>Std lib</th><th>Other</th></tr></thead><tbody>"
        for l in m.layers {
            let def = report.layers.first { $0.name == l.layer }
            body += "<tr><td><span class=\"dot\" style=\"background:\(h(def?.color ?? "#999"))\"></span>\(h(def?.title ?? l.layer))</td><td>\(l.components)</td><td>\(String(format: "%.1f", l.share))%</td><td>\(l.internalDependencies)</td><td>\(l.externalDependencies)</td><td>\(l.completeExternalDependencies)</td><td>\(l.sdkReferences)</td><td>\(l.standardLibraryReferences)</td><td>\(l.otherReferences)</td></tr>"
        }
        body += "</tbody></table>\n"
        body += "<h3>Dependencies between layers (#ExtDepends / #DiffExtDepend)</h3><table><thead><tr><th>From</th><th>To</th><th>#ExtDepends</th><th>#DiffExtDepend</th><th>Rule</th></tr></thead><tbody>"
        var pairs = m.layerDependencies.filter { $0.dependencies > 0 }
        if m.viewControllerToCoordinator.violating { pairs.append(m.viewControllerToCoordinator) }
        for p in pairs {
            body += "<tr class=\"\(p.violating && p.dependencies > 0 ? "violating" : "")\"><td>\(h(p.from))</td><td>\(h(p.to))</td><td>\(p.dependencies)</td><td>\(p.distinctTargets)</td><td>\(p.violating ? "forbidden" : "allowed")</td></tr>"
        }
        body += "</tbody></table></section>\n"

        if !m.pressurePoints.isEmpty {
            body += "<section><h2>Pressure points</h2><p>Components with the most distinct dependencies that break a rule.</p><table><thead><tr><th>Component</th><th>Layer</th><th>Distinct violating dependencies</th><th>Violations</th><th>Fan-out</th><th>Fan-in</th></tr></thead><tbody>"
            for p in m.pressurePoints {
                body += "<tr><td><code>\(h(p.component))</code></td><td>\(h(p.layer))</td><td>\(p.distinctViolatingDependencies)</td><td>\(p.violations)</td><td>\(p.fanOut)</td><td>\(p.fanIn)</td></tr>"
            }
            body += "</tbody></table></section>\n"
        }

        body += "<section><h2>Violations (\(report.violations.count))</h2>"
        if report.violations.isEmpty { body += "<p class=\"good\">No violations.</p>" }
        let grouped = Dictionary(grouping: report.violations, by: \.rule)
        for rule in report.rules where grouped[rule.id] != nil {
            let vs = grouped[rule.id]!
            body += "<h3><code>\(h(rule.id))</code> \(h(rule.name)) <span class=\"count\">\(vs.count)</span></h3><p class=\"rule\">\(h(rule.summary))</p><table class=\"violations\"><thead><tr><th>Location</th><th>From</th><th>To</th><th>Reference</th><th></th></tr></thead><tbody>"
            for v in vs {
                body += "<tr><td><code>\(h(v.file)):\(v.line)</code></td><td>\(h(v.from)) <small>\(h(v.fromLayer))</small></td><td>\(h(v.to)) <small>\(h(v.toLayer))</small></td><td>\(h(v.kind.rawValue))</td><td>\(v.isNew ? "<span class=\"badge new\">new</span>" : "<span class=\"badge\">baseline</span>")</td></tr>"
            }
            body += "</tbody></table>"
        }
        body += "</section>\n"

        body += "<section><h2>Components (\(report.components.count))</h2><details><summary>Show every component with its layer and the reason</summary><table><thead><tr><th>Component</th><th>Kind</th><th>Layer</th><th>Role</th><th>Why</th><th>Location</th></tr></thead><tbody>"
        for c in report.components {
            body += "<tr><td><code>\(h(c.qualifiedName))</code></td><td>\(c.kind.rawValue)</td><td>\(h(c.layer))</td><td>\(h(c.role))</td><td>\(h(c.reason))</td><td><code>\(h(c.file)):\(c.line)</code></td></tr>"
        }
        body += "</tbody></table></details></section>\n"

        if !report.diagnostics.isEmpty {
            body += "<section><h2>Diagnostics (\(report.diagnostics.count))</h2><ul class=\"diags\">"
            for d in report.diagnostics { body += "<li><code>\(h(d.formatted))</code></li>" }
            body += "</ul></section>\n"
        }

        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Architecture report — \(h(report.root))</title>
        <style>\(css)</style></head>
        <body>
        \(body)
        </body></html>

        """
    }

    private static func card(_ title: String, _ value: String, _ cls: String = "") -> String {
        "<div class=\"card \(cls)\"><div class=\"value\">\(Markup.html(value))</div><div class=\"label\">\(Markup.html(title))</div></div>"
    }

    /// Layers on a circle, arrows between them labelled with edge counts; forbidden pairs in red.
    static func layerDiagram(_ report: ArchitectureReport) -> String {
        let layers = report.metrics.layers
        let n = max(1, layers.count)
        let width = 720.0, height = 420.0, cx = width / 2, cy = height / 2, radius = n <= 2 ? 160.0 : 150.0
        var positions: [String: (Double, Double)] = [:]
        for (i, l) in layers.enumerated() {
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(i) / Double(n)
            positions[l.layer] = (cx + radius * 1.5 * cos(angle), cy + radius * sin(angle))
        }
        var svg = "<svg class=\"diagram\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"Layer dependency diagram\">"
        svg += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#8a8f98\"/></marker>"
        svg += "<marker id=\"arrow-bad\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d62728\"/></marker></defs>"
        for p in report.metrics.layerDependencies where p.dependencies > 0 {
            guard let a = positions[p.from], let b = positions[p.to] else { continue }
            let dx = b.0 - a.0, dy = b.1 - a.1, len = max(1, (dx * dx + dy * dy).squareRoot())
            let ux = dx / len, uy = dy / len
            let ox = -uy * 9, oy = ux * 9   // offset so A→B and B→A do not overlap
            let trimA = boxTrim(ux, uy), trimB = boxTrim(ux, uy) + 4
            let x1 = a.0 + ux * trimA + ox, y1 = a.1 + uy * trimA + oy
            let x2 = b.0 - ux * trimB + ox, y2 = b.1 - uy * trimB + oy
            let bad = p.violating
            let color = bad ? "#d62728" : "#8a8f98"
            let widthPx = 1.5 + min(4.5, log(Double(p.dependencies) + 1))
            svg += "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(color)\" stroke-width=\"\(f(widthPx))\" marker-end=\"url(#\(bad ? "arrow-bad" : "arrow"))\"><title>\(Markup.html(p.from)) → \(Markup.html(p.to)): \(p.dependencies) dependencies on \(p.distinctTargets) components</title></line>"
            let mx = (x1 + x2) / 2 + ox * 1.6, my = (y1 + y2) / 2 + oy * 1.6
            svg += "<text x=\"\(f(mx))\" y=\"\(f(my))\" class=\"edge-label\" fill=\"\(color)\" text-anchor=\"middle\" dominant-baseline=\"middle\">\(p.dependencies)</text>"
        }
        for l in layers {
            guard let (x, y) = positions[l.layer] else { continue }
            let def = report.layers.first { $0.name == l.layer }
            let color = def?.color ?? "#999"
            svg += "<g><rect x=\"\(f(x - 75))\" y=\"\(f(y - 30))\" width=\"150\" height=\"60\" rx=\"10\" fill=\"\(color)\" fill-opacity=\"0.12\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            svg += "<text x=\"\(f(x))\" y=\"\(f(y - 6))\" text-anchor=\"middle\" class=\"layer-title\">\(Markup.html(def?.title ?? l.layer))</text>"
            svg += "<text x=\"\(f(x))\" y=\"\(f(y + 14))\" text-anchor=\"middle\" class=\"layer-sub\">\(l.components) components · \(l.internalDependencies) internal</text></g>"
        }
        svg += "</svg>"
        return svg
    }

    /// Distance from a 150×60 box's centre to its border along direction (ux, uy).
    private static func boxTrim(_ ux: Double, _ uy: Double) -> Double {
        let tx = abs(ux) < 1e-6 ? Double.infinity : 75 / abs(ux)
        let ty = abs(uy) < 1e-6 ? Double.infinity : 30 / abs(uy)
        return min(tx, ty)
    }

    private static func f(_ d: Double) -> String { String(format: "%.1f", d) }

    static let css = """
    :root{--fg:#1d2330;--muted:#5f6b7a;--bg:#f6f7f9;--card:#fff;--bad:#d62728;--good:#2e8540;--border:#e2e5ea}
    *{box-sizing:border-box}body{margin:0;padding:24px 32px;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg)}
    h1{margin:0;font-size:24px}h2{font-size:18px;margin:0 0 12px}h3{font-size:15px;margin:18px 0 6px}.sub{color:var(--muted);margin:4px 0 0}
    section{background:var(--card);border:1px solid var(--border);border-radius:10px;padding:16px 20px;margin:16px 0}
    .cards{display:flex;gap:12px;flex-wrap:wrap;background:none;border:none;padding:0}.card{background:var(--card);border:1px solid var(--border);border-radius:10px;padding:12px 18px;min-width:130px}
    .card .value{font-size:26px;font-weight:600}.card .label{color:var(--muted)}.card.bad .value{color:var(--bad)}.card.good .value{color:var(--good)}
    table{border-collapse:collapse;width:100%;margin:6px 0}th,td{text-align:left;padding:5px 8px;border-bottom:1px solid var(--border);vertical-align:top}th{color:var(--muted);font-weight:600}
    tr.violating td{color:var(--bad);font-weight:600}code{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}small{color:var(--muted)}
    .dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px}.count{background:var(--bad);color:#fff;border-radius:10px;padding:0 8px;font-size:12px}
    .badge{border:1px solid var(--border);border-radius:8px;padding:0 6px;font-size:11px;color:var(--muted)}.badge.new{border-color:var(--bad);color:var(--bad)}
    .rule{color:var(--muted);margin:0 0 4px}.good{color:var(--good)}.diagram{width:100%;max-width:760px;height:auto;display:block;margin:0 auto}
    .layer-title{font-weight:600;font-size:15px;fill:#1d2330}.layer-sub{font-size:11px;fill:#5f6b7a}.edge-label{font-size:12px;font-weight:600}
    .diags{margin:0;padding-left:18px}
    """
}
