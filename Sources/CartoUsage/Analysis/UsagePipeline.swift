import CartoCore
import Foundation

/// The usage report as a pipeline of named passes over one ordered scan of the store. Each pass is a small type
/// (see this folder); reorder, drop or add passes here.
public enum UsagePipeline {
    static func passes(_ options: UsageReportOptions) -> [UsageAnalysis] {
        [SummaryAnalysis(), ScreenTimeAnalysis(options: options), FlowAnalysis(options: options), GestureAnalysis(),
         HeatmapAnalysis(), ConnectivityAnalysis(options: options), LocationAnalysis()]
    }

    /// Runs every pass; pictures and GPX files go under `outputFolder` when given.
    public static func run(store: UsageStore, options: UsageReportOptions, outputFolder: URL?) throws -> UsageReport {
        let passes = passes(options)
        let sessions = try store.sessions()
        try store.scan(sessions: sessions,
                       begin: { s in for p in passes { p.begin(session: s) } },
                       event: { e in for p in passes { p.consume(e) } },
                       end: { for p in passes { p.endSession() } })
        var report = UsageReport()
        let context = UsageReportContext(options: options, outputFolder: outputFolder)
        for p in passes { try p.contribute(to: &report, context: context) }
        report.summary.sessionsWithoutConsent = sessions.values.filter { !$0.consent }.count
        return report
    }
}
