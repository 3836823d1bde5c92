import Foundation

/// Connectivity-loss episodes (connected false → true, or the session's end) and what the person did while offline
/// and in a window before and after: retries, giving up, leaving the screen.
final class ConnectivityAnalysis: UsageAnalysis {
    private var episodes: [UsageReport.ConnectivityEpisode] = []
    private let window: Double
    private var session: UsageSession?
    /// The last 256 actions (name and time), a ring: what happened just before a loss.
    private var recent = [(ts: Double, name: String)](repeating: (-.infinity, ""), count: 256)
    private var recentNext = 0
    private var open: (start: Double, index: Int)?  // index into episodes
    private var closed: [(end: Double, index: Int)] = []  // episodes still collecting `after`
    private var lastTs = 0.0

    init(options: UsageReportOptions) { window = options.connectivityWindowSeconds * 1000 }

    func begin(session: UsageSession) {
        self.session = session; open = nil; closed.removeAll()
        for i in recent.indices { recent[i] = (-.infinity, "") }
    }

    func consume(_ e: UsageEvent) {
        lastTs = e.ts
        if e.name == "carto.connectivity", let connected = e.connected {
            if !connected, open == nil {
                let before = recent.filter { e.ts - $0.ts <= window }.reduce(into: [String: Int]()) { $0[$1.name, default: 0] += 1 }
                episodes.append(.init(session: e.session, user: session?.user, start: ReportTime.iso(e.ts), durationSeconds: 0,
                                      screen: e.screen, network: e.network, during: [:], before: before, after: [:], screensDuring: []))
                open = (e.ts, episodes.count - 1)
            } else if connected, let current = open {
                episodes[current.index].durationSeconds = round3((e.ts - current.start) / 1000)
                closed.append((e.ts, current.index))
                open = nil
            }
            return
        }
        if !closed.isEmpty { closed.removeAll { e.ts - $0.end > window } }
        if e.isActivity || e.name == "carto.screen.appeared" {
            if let current = open {
                episodes[current.index].during[e.name, default: 0] += 1
                if e.name == "carto.screen.appeared", let screen = e.screen, episodes[current.index].screensDuring.last != screen {
                    episodes[current.index].screensDuring.append(screen)
                }
            }
            for c in closed { episodes[c.index].after[e.name, default: 0] += 1 }
            recent[recentNext] = (e.ts, e.name)
            recentNext = (recentNext + 1) % recent.count
        }
    }

    func endSession() {
        if let current = open { episodes[current.index].durationSeconds = round3((lastTs - current.start) / 1000) }
    }

    func contribute(to report: inout UsageReport, context: UsageReportContext) { report.connectivity = episodes }
}
