import Foundation

/// Time per screen and per functionality, split into active and idle: after each action the person counts as
/// active for up to the idle threshold. Time in the background is left out; a visit ends at the next screen,
/// the session's end, or its last event.
final class ScreenTimeAnalysis: UsageAnalysis {
    private struct Totals { var visits = 0; var sessions = Set<String>(); var total = 0.0; var active = 0.0 }
    private var screens: [String: Totals] = [:]
    private var functionalities: [String: Totals] = [:]
    private let idle: Double
    private let functionalityOf: (String, String?) -> String

    private var session = ""
    private var visit: (screen: String, container: String?)?
    private var visible = 0.0, active = 0.0
    private var segmentStart = 0.0, lastAction = 0.0
    private var foreground = true

    init(options: UsageReportOptions) {
        idle = options.idleThresholdSeconds * 1000
        let map = options.functionalities
        functionalityOf = { screen, container in map[screen] ?? container.flatMap { $0.isEmpty ? nil : $0 } ?? screen }
    }

    func begin(session: UsageSession) { self.session = session.id; visit = nil; foreground = true }

    private func closeSegment(at t: Double) {
        guard visit != nil, foreground else { return }
        visible += max(0, t - segmentStart)
        active += min(max(0, t - lastAction), idle)
    }

    private func closeVisit(at t: Double) {
        guard let current = visit else { return }
        closeSegment(at: t)
        for (key, isScreen) in [(current.screen, true), (functionalityOf(current.screen, current.container), false)] {
            var totals = (isScreen ? screens[key] : functionalities[key]) ?? Totals()
            totals.visits += 1; totals.sessions.insert(session); totals.total += visible; totals.active += active
            if isScreen { screens[key] = totals } else { functionalities[key] = totals }
        }
        visit = nil
    }

    private var lastTs = 0.0

    func consume(_ e: UsageEvent) {
        lastTs = e.ts
        switch e.name {
        case "carto.screen.appeared":
            closeVisit(at: e.ts)
            visit = (e.screen ?? "unnamed", e.container)
            visible = 0; active = 0; segmentStart = e.ts; lastAction = e.ts; foreground = true
        case "device.app.lifecycle":
            if e.state == "background" || e.state == "terminate" { closeSegment(at: e.ts); foreground = false }
            else if e.state == "foreground", !foreground { foreground = true; segmentStart = e.ts; lastAction = e.ts }
        case "session.end":
            closeVisit(at: e.ts)
        default:
            if e.isActivity, visit != nil, foreground {
                active += min(max(0, e.ts - lastAction), idle)
                lastAction = e.ts
            }
        }
    }

    func endSession() { closeVisit(at: lastTs) }

    func contribute(to report: inout UsageReport, context: UsageReportContext) {
        func rows(_ table: [String: Totals]) -> [UsageReport.ScreenTime] {
            table.map { name, t in
                UsageReport.ScreenTime(name: name, visits: t.visits, sessions: t.sessions.count, totalSeconds: round3(t.total / 1000),
                                       activeSeconds: round3(t.active / 1000), idleSeconds: round3((t.total - t.active) / 1000),
                                       meanVisitSeconds: round3(t.total / 1000 / Double(max(t.visits, 1))))
            }.sorted { ($0.totalSeconds, $1.name) > ($1.totalSeconds, $0.name) }
        }
        report.screens = rows(screens)
        report.functionalities = rows(functionalities)
    }
}

func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
