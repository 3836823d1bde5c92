import CartoArch
import CartoCore

/// Output formats of `carto arch`.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, dot, html, markdown
}

/// Renders an architecture report in any format; one entry point for the CLI and the plugin.
public enum ArchitectureReportRenderer {
    public static func render(_ report: ArchitectureReport, format: ReportFormat, style: TerminalStyle = TerminalStyle(enabled: false)) throws -> String {
        switch format {
        case .text: return TextReport.render(report, style: style)
        case .json: return JSONReport.render(report)
        case .sarif: return try SARIFReport.render(report)
        case .dot: return DOTReport.render(report)
        case .html: return HTMLReport.render(report)
        case .markdown: return MarkdownReport.render(report)
        }
    }

    /// The rendering as UTF-8 bytes (JSON without a round trip through `String`).
    public static func renderBytes(_ report: ArchitectureReport, format: ReportFormat, style: TerminalStyle = TerminalStyle(enabled: false)) throws -> [UInt8] {
        if format == .json { return JSONReport.renderBytes(report) }
        return Array(try render(report, format: format, style: style).utf8)
    }
}
