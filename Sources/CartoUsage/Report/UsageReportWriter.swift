import CartoCore
import Foundation

/// Writes a `UsageReport` into a folder: report.json, CSV tables, report.html (pictures beside it, works offline).
public enum UsageReportWriter {
    public static func write(_ report: UsageReport, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(json(report).utf8).write(to: folder.appendingPathComponent("report.json"), options: .atomic)
        for (name, text) in csvFiles(report) {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
        }
        try Data(html(report).utf8).write(to: folder.appendingPathComponent("report.html"), options: .atomic)
    }

    /// report.json's text (ends with a newline).
    public static func json(_ report: UsageReport) throws -> String { try JSONOutput.string(report) }

    /// RFC 4180 CSV: one file per table.
    public static func csvFiles(_ r: UsageReport) -> [(String, String)] {
        func csv(_ header: [String], _ rows: [[String]]) -> String {
            func cell(_ s: String) -> String {
                s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
            }
            return ([header] + rows).map { $0.map(cell).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        }
        func num(_ d: Double) -> String { String(d) }
        let timeHeader = ["name", "visits", "sessions", "total_seconds", "active_seconds", "idle_seconds", "mean_visit_seconds"]
        func timeRows(_ t: [UsageReport.ScreenTime]) -> [[String]] {
            t.map { [$0.name, "\($0.visits)", "\($0.sessions)", num($0.totalSeconds), num($0.activeSeconds), num($0.idleSeconds), num($0.meanVisitSeconds)] }
        }
        return [
            ("screens.csv", csv(timeHeader, timeRows(r.screens))),
            ("functionalities.csv", csv(timeHeader, timeRows(r.functionalities))),
            ("transitions.csv", csv(["from", "to", "count"], r.transitions.map { [$0.from, $0.to, "\($0.count)"] })),
            ("gestures.csv", csv(["screen", "buttons", "gestures", "gesture_share", "unrecognised"],
                                 r.gestures.map { [$0.screen, "\($0.buttons)", "\($0.gestures.values.reduce(0, +))", num($0.gestureShare), "\($0.unrecognised)"] })),
            ("unrecognised.csv", csv(["screen", "gesture", "count", "sessions"], r.unrecognised.map { [$0.screen, $0.gesture, "\($0.count)", "\($0.sessions)"] })),
            ("connectivity.csv", csv(["session", "user", "start", "duration_seconds", "screen", "network", "actions_during", "screens_during"],
                                     r.connectivity.map { [$0.session, $0.user ?? "", $0.start, num($0.durationSeconds), $0.screen ?? "", $0.network ?? "",
                                                           "\($0.during.values.reduce(0, +))", $0.screensDuring.joined(separator: " > ")] })),
        ]
    }

    public static func html(_ r: UsageReport) -> String {
        func h(_ s: String) -> String { Markup.html(s) }
        func seconds(_ s: Double) -> String {
            s >= 3600 ? String(format: "%.1f h", s / 3600) : s >= 60 ? String(format: "%.1f min", s / 60) : String(format: "%.1f s", s)
        }
        func bar(_ part: Double, _ whole: Double) -> String {
            let p = whole > 0 ? min(100, part / whole * 100) : 0
            return "<span class=bar><span style=\"width:\(String(format: "%.1f", p))%\"></span></span>"
        }
        var o = """
        <!doctype html><html lang=en><head><meta charset=utf-8><title>Usage report</title>
        <meta name=viewport content="width=device-width, initial-scale=1">
        <style>
        body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#222}
        h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}
        table{border-collapse:collapse;margin:.5em 0}td,th{padding:.25em .7em;border-bottom:1px solid #eee;text-align:left}
        td.n{text-align:right;font-variant-numeric:tabular-nums}
        .bar{display:inline-block;width:120px;height:.7em;background:#eee;vertical-align:middle}.bar span{display:block;height:100%;background:#3a7bd5}
        .gallery{display:flex;flex-wrap:wrap;gap:1em}.gallery figure{margin:0}.gallery img{width:220px;border:1px solid #ccc;border-radius:6px}
        .muted{color:#777}
        </style></head><body>
        <h1>Usage report</h1>
        <p>\(r.summary.sessions) sessions from \(r.summary.users) users, \(r.summary.events) events\(r.summary.firstEvent.map { ", \(h($0)) – \(h(r.summary.lastEvent ?? ""))" } ?? "").
        \(r.summary.sessionsWithoutConsent == 1 ? "1 session without consent was not analysed." : r.summary.sessionsWithoutConsent > 1 ? "\(r.summary.sessionsWithoutConsent) sessions without consent were not analysed." : "")
        Idle threshold \(seconds(r.summary.idleThresholdSeconds)).\(r.problems.isEmpty ? "" : " <b>\(r.problems.count) log lines skipped</b> (see below).")</p>

        """
        func timeTable(_ title: String, _ rows: [UsageReport.ScreenTime]) {
            guard !rows.isEmpty else { return }
            let top = rows.map(\.totalSeconds).max() ?? 0
            o += "<h2>\(title)</h2><table><tr><th>Name<th>Visits<th>Sessions<th>Total<th><th>Active<th>Idle<th>Mean visit</tr>\n"
            for t in rows {
                o += "<tr><td>\(h(t.name))<td class=n>\(t.visits)<td class=n>\(t.sessions)<td class=n>\(seconds(t.totalSeconds))<td>\(bar(t.totalSeconds, top))"
                o += "<td class=n>\(seconds(t.activeSeconds))<td class=n>\(seconds(t.idleSeconds))<td class=n>\(seconds(t.meanVisitSeconds))</tr>\n"
            }
            o += "</table>\n"
        }
        timeTable("Time per screen", r.screens)
        timeTable("Time per functionality", r.functionalities)
        if !r.transitions.isEmpty {
            o += "<h2>Screen flow</h2><table><tr><th>From<th>To<th>Count</tr>\n"
            for t in r.transitions.prefix(40) { o += "<tr><td>\(h(t.from))<td>\(h(t.to))<td class=n>\(t.count)</tr>\n" }
            o += "</table>\n"
            if !r.paths.isEmpty {
                o += "<h3>Most common paths</h3><table><tr><th>Screens<th>Count</tr>\n"
                for p in r.paths.prefix(15) { o += "<tr><td>\(h(p.screens.joined(separator: " → ")))<td class=n>\(p.count)</tr>\n" }
                o += "</table>\n"
            }
        }
        for f in r.funnels {
            o += "<h2>Funnel: \(h(f.steps.map(\.screen).joined(separator: " → ")))</h2><table><tr><th>Step<th>Sessions<th><th>From previous</tr>\n"
            let first = Double(f.steps.first?.sessions ?? 0)
            for s in f.steps { o += "<tr><td>\(h(s.screen))<td class=n>\(s.sessions)<td>\(bar(Double(s.sessions), first))<td class=n>\(String(format: "%.0f%%", s.conversion * 100))</tr>\n" }
            o += "</table>\n"
        }
        if !r.gestures.isEmpty {
            o += "<h2>Gestures versus buttons</h2><table><tr><th>Screen<th>Buttons<th>Gestures<th>Gesture share<th><th>Unrecognised</tr>\n"
            for g in r.gestures {
                let kinds = g.gestures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                o += "<tr><td>\(h(g.screen))<td class=n>\(g.buttons)<td>\(h(kinds.isEmpty ? "–" : kinds))<td class=n>\(String(format: "%.0f%%", g.gestureShare * 100))<td>\(bar(g.gestureShare, 1))<td class=n>\(g.unrecognised)</tr>\n"
            }
            o += "</table>\n"
        }
        if !r.unrecognised.isEmpty {
            o += "<h2>Unrecognised gestures</h2><p class=muted>Gestures on places that do not handle them: what people expected the screen to do.</p><table><tr><th>Screen<th>Gesture<th>Count<th>Sessions</tr>\n"
            for u in r.unrecognised { o += "<tr><td>\(h(u.screen))<td>\(h(u.gesture))<td class=n>\(u.count)<td class=n>\(u.sessions)</tr>\n" }
            o += "</table>\n"
        }
        if !r.heatmaps.isEmpty {
            o += "<h2>Touch heatmaps</h2><p class=muted>Heat: taps and gesture starts. White lines: swipe and pan paths. Magenta: unrecognised gestures.</p><div class=gallery>\n"
            for m in r.heatmaps {
                o += "<figure><a href=\"\(h(m.file))\"><img src=\"\(h(m.file))\" alt=\"heatmap of \(h(m.screen))\"></a><figcaption>\(h(m.screen)) — \(m.touches) touches, \(m.paths) paths</figcaption></figure>\n"
            }
            o += "</div>\n"
        }
        if !r.connectivity.isEmpty {
            o += "<h2>Connectivity losses</h2><table><tr><th>Session<th>Start<th>Duration<th>Screen<th>Actions offline<th>Screens offline<th>Before<th>After</tr>\n"
            func counts(_ c: [String: Int]) -> String { c.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") }
            for c in r.connectivity {
                o += "<tr><td>\(h(c.session))<td>\(h(c.start))<td class=n>\(seconds(c.durationSeconds))<td>\(h(c.screen ?? ""))<td>\(h(counts(c.during)))<td>\(h(c.screensDuring.joined(separator: " → ")))<td>\(h(counts(c.before)))<td>\(h(counts(c.after)))</tr>\n"
            }
            o += "</table>\n"
        }
        if !r.locations.isEmpty {
            o += "<h2>Locations</h2><ul>\n"
            for l in r.locations { o += "<li><a href=\"\(h(l.file))\">\(h(l.session))</a>: \(l.points) fixes (GPX 1.1)</li>\n" }
            o += "</ul>\n"
        }
        if !r.problems.isEmpty {
            o += "<h2>Skipped log lines</h2><ul>\n"
            for p in r.problems.prefix(200) { o += "<li><code>\(h(p.file)):\(p.line)</code> \(h(p.message))</li>\n" }
            if r.problems.count > 200 { o += "<li>… and \(r.problems.count - 200) more (report.json lists all)</li>\n" }
            o += "</ul>\n"
        }
        o += "<p class=muted>carto \(CartoVersion.current) · schema \(h(r.schema))</p></body></html>\n"
        return o
    }
}
