import CartoArch
import CartoCore

/// Human-readable summary: layers, violations grouped by rule with `file:line`, pressure points.
public enum TextReport {
    /// Modules with their component counts and styles, biggest first (nothing for a one-module codebase).
    static func modules(_ report: ArchitectureReport) -> String {
        guard report.architecture.modules.count > 1 else { return "" }
        let counts = Dictionary(grouping: report.components.compactMap(\.module), by: { $0 }).mapValues(\.count)
        let listed = report.architecture.modules.sorted { (counts[$1.module] ?? 0, $0.module) < (counts[$0.module] ?? 0, $1.module) }
        let width = min(28, listed.map(\.module.count).max() ?? 10)
        var out = "Modules: \(listed.count)\n"
        for m in listed.prefix(12) {
            let style = m.inherited ? "\(m.style.rawValue) (codebase's)" : "\(m.style.rawValue) (confidence \(formatShare(m.confidence * 100))%): \(m.evidence.summary)"
            out += "  \(m.module.padding(toLength: width, withPad: " ", startingAt: 0))  \(pad(counts[m.module] ?? 0, 5)) components  \(style)\n"
        }
        if listed.count > 12 { out += "  … and \(listed.count - 12) more (--format json lists them all)\n" }
        return out
    }

    public static func render(_ report: ArchitectureReport, style: TerminalStyle) -> String {
        let m = report.metrics
        var out = ""
        out += style.bold("carto arch") + " — \(report.root) (preset \(report.preset))\n"
        out += "\(m.components) components, \(m.dependencies) dependencies, \(report.diagnostics.count) diagnostics\n"
        let a = report.architecture
        out += "Architecture: \(a.style.rawValue) (confidence \(formatShare(a.confidence * 100))%)\(a.evidence.summary.isEmpty ? "" : ": " + a.evidence.summary)\n"
        out += modules(report) + "\n"
        out += style.bold("Layers") + "\n"
        let width = max(10, report.layers.map(\.title.count).max() ?? 10)
        for l in m.layers {
            let title = report.layers.first { $0.name == l.layer }?.title ?? l.layer
            out += "  " + title.padding(toLength: width, withPad: " ", startingAt: 0)
            out += "  \(pad(l.components, 5)) components \(String(repeating: " ", count: max(0, 5 - formatShare(l.share).count)))\(formatShare(l.share))%  internal \(pad(l.internalDependencies, 5))  external \(pad(l.externalDependencies, 5))  complete \(pad(l.completeExternalDependencies, 6))\n"
        }
        let violatingPairs = m.layerDependencies.filter { $0.violating && $0.dependencies > 0 }
        if !violatingPairs.isEmpty || m.viewControllerToCoordinator.dependencies > 0 {
            out += "\n" + style.bold("Forbidden layer dependencies") + " (#ExtDepends / #DiffExtDepend)\n"
            for p in violatingPairs { out += "  \(p.from) → \(p.to): \(p.dependencies)/\(p.distinctTargets)\n" }
            let vc = m.viewControllerToCoordinator
            if vc.violating, vc.dependencies > 0 { out += "  view controller → coordinator: \(vc.dependencies)/\(vc.distinctTargets)\n" }
        }
        if m.delegateInterfaceDependencies > 0 {
            out += "  of these, delegation (a component holding its own delegate protocol, a delegate protocol naming its sender; allowed): \(m.delegateInterfaceDependencies)\n"
        }
        // Paths as the user can click them: relative to where the command ran, like a compiler's.
        let prefix = displayPrefix(report.root)
        let grouped = Dictionary(grouping: report.violations, by: \.rule)
        for rule in report.rules where grouped[rule.id] != nil {
            let vs = grouped[rule.id]!
            out += "\n" + style.bold("\(rule.id)") + " \(rule.name) — \(vs.count) violation\(vs.count == 1 ? "" : "s")\n"
            for v in vs {
                let marker = v.isNew ? style.red("error") : style.dim("baseline")
                out += "  \(prefix)\(v.file):\(v.line): \(marker): \(v.message)\n"
            }
        }
        if !m.pressurePoints.isEmpty {
            out += "\n" + style.bold("Pressure points") + " (distinct violating dependencies)\n"
            for p in m.pressurePoints {
                out += "  \(pad(p.distinctViolatingDependencies, 3))  \(p.component) [\(p.layer)], \(p.violations) violation\(p.violations == 1 ? "" : "s")\n"
            }
        }
        if !report.diagnostics.isEmpty {
            out += "\n" + style.bold("Diagnostics") + "\n"
            for d in report.diagnostics.prefix(20) {
                var shown = d
                shown.file = prefix + d.file
                out += "  " + (d.severity == .error ? style.yellow(shown.formatted) : shown.formatted) + "\n"
            }
            if report.diagnostics.count > 20 { out += "  … \(report.diagnostics.count - 20) more (see --format json)\n" }
        }
        let newCount = m.newViolations
        out += "\n"
        if newCount == 0 {
            out += style.green("No new violations") + (m.violations > 0 ? " (\(m.violations) in baseline)" : "") + ".\n"
        } else {
            out += style.red("\(newCount) new violation\(newCount == 1 ? "" : "s")") + (m.violations > newCount ? " (\(m.violations - newCount) in baseline)" : "") + ".\n"
        }
        return out
    }

    static func displayPrefix(_ root: String) -> String {
        if root == "." || root.isEmpty { return "" }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isDir), !isDir.boolValue {
            let folder = (root as NSString).deletingLastPathComponent
            return folder.isEmpty ? "" : folder + "/"
        }
        return root.hasSuffix("/") ? root : root + "/"
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, width - s.count)) + s
    }

    static func formatShare(_ d: Double) -> String { String(format: "%.1f", d) }
}

import Foundation
