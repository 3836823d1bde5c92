import CartoArch
import CartoCore

/// A short summary for pull-request comments.
public enum MarkdownReport {
    public static func render(_ report: ArchitectureReport, maxViolations: Int = 25) -> String {
        let m = report.metrics
        var out = "### Architecture check (carto arch, preset `\(report.preset)`)\n\n"
        out += m.newViolations == 0 ? "✅ No new violations" : "❌ **\(m.newViolations) new violation\(m.newViolations == 1 ? "" : "s")**"
        out += " · \(m.components) components · \(m.dependencies) dependencies"
        if m.violations > m.newViolations { out += " · \(m.violations - m.newViolations) in baseline" }
        out += " · style `\(report.architecture.style.rawValue)` (\(TextReport.formatShare(report.architecture.confidence * 100))%)"
        let own = report.architecture.modules.filter { !$0.inherited && $0.style != report.architecture.style }
        if !own.isEmpty { out += " · modules of another style: " + own.map { "\($0.module) `\($0.style.rawValue)`" }.joined(separator: ", ") }
        out += "\n\n| Layer | #Comp | Share | #IntDepends | #ExtDepends | #CompleteExtDepends |\n|---|---:|---:|---:|---:|---:|\n"
        for l in m.layers {
            let title = report.layers.first { $0.name == l.layer }?.title ?? l.layer
            out += "| \(title) | \(l.components) | \(TextReport.formatShare(l.share))% | \(l.internalDependencies) | \(l.externalDependencies) | \(l.completeExternalDependencies) |\n"
        }
        let newOnes = report.newViolations
        if !newOnes.isEmpty {
            out += "\n| Rule | Location | Dependency |\n|---|---|---|\n"
            for v in newOnes.prefix(maxViolations) {
                out += "| `\(v.rule)` | `\(Markup.markdownCell(v.file)):\(v.line)` | \(Markup.markdownCell(v.from)) → \(Markup.markdownCell(v.to)) (\(v.kind.rawValue)) |\n"
            }
            if newOnes.count > maxViolations { out += "\n…and \(newOnes.count - maxViolations) more.\n" }
        }
        return out
    }
}
