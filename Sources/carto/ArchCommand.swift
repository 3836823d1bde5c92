import ArgumentParser
import CartoArch
import CartoCore
import CartoReports
import Foundation

extension ReportFormat: ExpressibleByArgument {}

struct ArchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arch",
        abstract: "Static architecture analysis of a Swift codebase (layers, rule violations, coupling metrics).",
        subcommands: [ArchCheck.self, ArchDetect.self, ArchRules.self],
        defaultSubcommand: ArchCheck.self
    )
}

/// Options shared by the analysing subcommands.
struct AnalysisOptions: ParsableArguments {
    @Argument(help: "Folder (or file) of the Swift codebase.", completion: .directory)
    var path: String = "."

    @Option(help: "Configuration file (default: .carto.yml in PATH, if present).")
    var config: String?

    @Option(name: .customLong("exclude"), help: "Glob of paths to skip (repeatable), in addition to Pods/, Carthage/, .build/, DerivedData/ and the config's excludes.")
    var excludes: [String] = []

    @Option(help: "Skip files larger than this many bytes (default 1048576; generated code).")
    var maxFileSize: Int?

    @Option(help: "Parallel jobs (default: every core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(name: .shortAndLong, help: "No progress on stderr.")
    var quiet = false

    func analyzerOptions() -> ArchitectureAnalyzer.Options {
        var o = ArchitectureAnalyzer.Options()
        o.configurationPath = config
        o.excludes = excludes
        o.maxFileSize = maxFileSize
        o.jobs = max(1, jobs)
        o.showProgress = !quiet
        return o
    }
}

struct ArchCheck: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Detect components, extract dependencies, categorise layers and report rule violations (the default).",
        discussion: """
        Presets: \(Preset.all.map(\.name).joined(separator: ", ")) (default \(Preset.defaultName); see `carto arch rules`).
        Exit codes: 0 no new violations, 1 new violations, 2 usage or input error.
        Suppress one finding with `// carto:ignore RULE` on its line (or alone on the line above).
        """
    )

    @OptionGroup var analysis: AnalysisOptions

    @Option(help: "Architecture preset: \(Preset.all.map(\.name).joined(separator: ", ")).")
    var preset: String?

    @Option(name: .shortAndLong, help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Only violations missing from this baseline file count as new.")
    var baseline: String?

    @Option(help: "Write every current violation to this baseline file.")
    var writeBaseline: String?

    @Option(help: "Colour: auto (terminal only, never with NO_COLOR), always, never.")
    var color: ColorChoice = .auto

    enum ColorChoice: String, ExpressibleByArgument { case auto, always, never }

    func run() async throws {
        var options = analysis.analyzerOptions()
        options.preset = preset
        if let baseline {
            options.baseline = try loadBaseline(baseline)
        }
        let report = try ArchitectureAnalyzer(options: options).analyze(path: analysis.path)
        if let writeBaseline {
            let data = try JSONOutput.string(Baseline(violations: report.violations))
            try write(data, to: writeBaseline)
        }
        let style: TerminalStyle
        switch color {
        case .always: style = TerminalStyle(enabled: true)
        case .never: style = TerminalStyle(enabled: false)
        case .auto: style = output == nil ? TerminalStyle.automatic() : TerminalStyle(enabled: false)
        }
        let renderStart = Date()
        let bytes = try ArchitectureReportRenderer.renderBytes(report, format: format, style: style)
        if ProcessInfo.processInfo.environment["CARTO_TIMINGS"] != nil {
            StandardError.write(String(format: "timing rendering: %.3f s\n", Date().timeIntervalSince(renderStart)))
        }
        if let output { try write(bytes, to: output) } else { writeStandardOutput(bytes) }
        if format != .text, !analysis.quiet {
            for d in report.diagnostics where d.severity == .error { StandardError.write("warning: \(d.formatted)\n") }
        }
        // Everything is written: exit now rather than spend time tearing down large in-memory graphs.
        // (Standard output is written through FileHandle, unbuffered.)
        Foundation.exit(report.metrics.newViolations > 0 ? ExitStatus.findings.rawValue : ExitStatus.success.rawValue)
    }

    private func loadBaseline(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CartoError("\(path): baseline file not found or unreadable; create it with --write-baseline")
        }
        do { return try JSONDecoder().decode(Baseline.self, from: data) } catch {
            throw CartoError("\(path): not a carto baseline (invalid JSON); recreate it with --write-baseline")
        }
    }
}

struct ArchDetect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Phase 1 only: write the analysis document (components, members, inheritance, typealiases) as JSON."
    )

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .shortAndLong, help: "Write the document to this file instead of standard output.")
    var output: String?

    func run() async throws {
        let document = try ArchitectureAnalyzer(options: analysis.analyzerOptions()).detect(path: analysis.path)
        let text = try JSONOutput.string(document)
        if let output { try write(text, to: output) } else { FileHandle.standardOutput.write(Data(text.utf8)) }
    }
}

struct ArchRules: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List presets, their categorisation heuristics (in order) and their rules."
    )

    @Option(help: "Show only this preset.")
    var preset: String?

    func run() async throws {
        let presets = try preset.map { name -> [Preset] in
            guard let p = Preset.named(name) else { throw CartoError("unknown preset '\(name)'; use one of \(Preset.all.map(\.name).joined(separator: ", "))") }
            return [p]
        } ?? Preset.all
        var out = ""
        for p in presets {
            out += "\(p.name)\(p.name == Preset.defaultName ? " (default)" : "")\n  \(p.summary)\n"
            out += "  layers: \(p.layers.map(\.name).joined(separator: ", "))\n  heuristics, in order:\n"
            for h in p.heuristics { out += "    - \(h.identifier): \(type(of: h).summary)\n" }
            out += "  rules:\n"
            for r in p.rules { out += "    - \(r.identifier)\(r.aliases.isEmpty ? "" : " (\(r.aliases.joined(separator: ", ")))"): \(r.summary)\n" }
            out += "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}

/// Writes a report file, turning failures into a one-line input error.
func write(_ text: String, to path: String) throws {
    var text = text
    try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
}

func write(_ bytes: [UInt8], to path: String) throws {
    try bytes.withUnsafeBytes { try write($0, to: path) }
}

/// Standard output, written whole and flushed (the command exits right after, without running atexit handlers).
func writeStandardOutput(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { if errno == EINTR { continue } ; return }
            offset += n
        }
    }
}

private func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
    let ok: Bool = {
        guard let file = fopen(path, "wb") else { return false }
        let written = bytes.isEmpty ? 0 : fwrite(bytes.baseAddress, 1, bytes.count, file)
        return fclose(file) == 0 && written == bytes.count
    }()
    guard ok else {
        throw CartoError("\(path): cannot write the output file (\(String(cString: strerror(errno)))); check the folder exists and is writable")
    }
}
