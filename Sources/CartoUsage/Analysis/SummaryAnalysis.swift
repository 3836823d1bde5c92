import Foundation

/// Counts for the report's header: sessions, users, events, time span.
final class SummaryAnalysis: UsageAnalysis {
    private var sessions = 0
    private var users = Set<String>()
    private var events = 0
    private var first = Double.infinity, last = -Double.infinity

    func begin(session: UsageSession) { sessions += 1; if let user = session.user { users.insert(user) } }
    func consume(_ e: UsageEvent) { events += 1; first = min(first, e.ts); last = max(last, e.ts) }
    func endSession() {}

    func contribute(to report: inout UsageReport, context: UsageReportContext) {
        report.summary.sessions = sessions
        report.summary.users = users.count
        report.summary.events = events
        report.summary.firstEvent = first.isFinite ? ReportTime.iso(first) : nil
        report.summary.lastEvent = last.isFinite ? ReportTime.iso(last) : nil
        report.summary.idleThresholdSeconds = context.options.idleThresholdSeconds
    }
}
