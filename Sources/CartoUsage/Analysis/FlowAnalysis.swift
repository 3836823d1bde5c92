import Foundation

/// Screen sequences: transitions between screens, the most common three-screen paths, and funnels (how many
/// sessions pass each step of an ordered list of screens, other screens allowed in between).
final class FlowAnalysis: UsageAnalysis {
    private var transitions: [String: [String: Int]] = [:]
    private var paths: [[String]: Int] = [:]
    private var funnelReached: [[Int]]
    private let funnels: [[String]]
    private var sequence: [String] = []

    init(options: UsageReportOptions) {
        funnels = options.funnels
        funnelReached = options.funnels.map { [Int](repeating: 0, count: $0.count) }
    }

    func begin(session: UsageSession) { sequence.removeAll(keepingCapacity: true) }

    func consume(_ e: UsageEvent) {
        guard e.name == "carto.screen.appeared", let screen = e.screen else { return }
        if sequence.last == screen { return }   // the same screen re-announced (back from a modal): not a move
        if let previous = sequence.last { transitions[previous, default: [:]][screen, default: 0] += 1 }
        sequence.append(screen)
        if sequence.count >= 3 { paths[Array(sequence.suffix(3)), default: 0] += 1 }
    }

    func endSession() {
        for (f, steps) in funnels.enumerated() {
            var step = 0
            for screen in sequence where step < steps.count && screen == steps[step] { step += 1 }
            for i in 0..<step { funnelReached[f][i] += 1 }
        }
    }

    func contribute(to report: inout UsageReport, context: UsageReportContext) {
        report.transitions = transitions.flatMap { from, targets in targets.map { UsageReport.Transition(from: from, to: $0.key, count: $0.value) } }
            .sorted { ($0.count, $1.from, $1.to) > ($1.count, $0.from, $0.to) }
        report.paths = paths.map { UsageReport.PathCount(screens: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.screens.joined(separator: ">")) > ($1.count, $0.screens.joined(separator: ">")) }
            .prefix(50).map { $0 }
        report.funnels = zip(funnels, funnelReached).map { steps, reached in
            UsageReport.Funnel(steps: steps.indices.map { i in
                let previous = i == 0 ? reached[0] : reached[i - 1]
                return .init(screen: steps[i], sessions: reached[i], conversion: previous == 0 ? 0 : round3(Double(reached[i]) / Double(previous)))
            })
        }
    }
}
