import Foundation

/// Gesture versus button use per screen (the paper's Fig. 3) and gestures nothing handled.
final class GestureAnalysis: UsageAnalysis {
    private struct Counts { var buttons = 0; var gestures: [String: Int] = [:]; var unrecognised = 0 }
    private var screens: [String: Counts] = [:]
    private var unrecognised: [String: [String: (count: Int, sessions: Set<String>)]] = [:]

    func begin(session: UsageSession) {}

    func consume(_ e: UsageEvent) {
        let screen = e.screen ?? "unnamed"
        switch e.name {
        case "app.widget.click", "carto.control.changed":
            screens[screen, default: Counts()].buttons += 1
        case "carto.gesture", "app.screen.click":
            let kind = e.gesture ?? (e.name == "app.screen.click" ? "tap" : "gesture")
            if e.recognised == false {
                screens[screen, default: Counts()].unrecognised += 1
                unrecognised[screen, default: [:]][kind, default: (0, [])].count += 1
                unrecognised[screen, default: [:]][kind, default: (0, [])].sessions.insert(e.session)
            } else if e.name == "carto.gesture" {
                // Taps are how buttons are pressed; the comparison is buttons against the other gestures.
                screens[screen, default: Counts()].gestures[kind, default: 0] += 1
            }
        default: break
        }
    }

    func endSession() {}

    func contribute(to report: inout UsageReport, context: UsageReportContext) {
        report.gestures = screens.map { screen, c in
            let gestures = c.gestures.values.reduce(0, +)
            return UsageReport.ScreenGestures(screen: screen, buttons: c.buttons, gestures: c.gestures,
                                              gestureShare: gestures + c.buttons == 0 ? 0 : round3(Double(gestures) / Double(gestures + c.buttons)),
                                              unrecognised: c.unrecognised)
        }.sorted { $0.screen < $1.screen }
        report.unrecognised = unrecognised.flatMap { screen, kinds in
            kinds.map { UsageReport.UnrecognisedGesture(screen: screen, gesture: $0.key, count: $0.value.count, sessions: $0.value.sessions.count) }
        }.sorted { ($0.count, $1.screen, $1.gesture) > ($1.count, $0.screen, $0.gesture) }
    }
}
