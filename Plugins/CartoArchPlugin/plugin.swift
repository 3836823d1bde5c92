import Foundation
import PackagePlugin

/// `swift package carto-arch [options] [PATH]` — runs `carto arch` on the package (or on PATH, or on
/// `--target NAME`'s sources). Every `carto arch check` option works; the exit status follows carto's.
@main
struct CartoArchPlugin: CommandPlugin {
    /// Options of `carto arch check` that take a value, so that their values are not mistaken for PATH.
    static let valueOptions: Set<String> = ["--format", "-f", "--output", "-o", "--preset", "--config", "--exclude",
                                            "--max-file-size", "--jobs", "--baseline", "--write-baseline", "--color"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var args = extractor.remainingArguments

        var paths: [String] = []
        if !targetNames.isEmpty {
            for target in try context.package.targets(named: targetNames) { paths.append(target.directoryURL.path) }
        } else if !Self.hasPath(args) {
            paths.append(context.package.directoryURL.path)
        }
        let tool = try context.tool(named: "carto")
        var worst: Int32 = 0
        for path in paths.isEmpty ? [nil] : paths.map(Optional.some) {
            let process = Process()
            process.executableURL = tool.url
            process.arguments = ["arch", "check"] + args + (path.map { [$0] } ?? [])
            try process.run()
            process.waitUntilExit()
            worst = max(worst, process.terminationStatus)
        }
        args.removeAll()
        if worst == 1 {
            Diagnostics.error("carto arch found new architecture violations")
            throw PluginError.violations
        } else if worst != 0 {
            throw PluginError.failed(worst)
        }
    }

    static func hasPath(_ args: [String]) -> Bool {
        var skipNext = false
        for a in args {
            if skipNext { skipNext = false; continue }
            if a.hasPrefix("-") {
                if valueOptions.contains(a) { skipNext = true }
                continue
            }
            return true
        }
        return false
    }

    enum PluginError: Error, CustomStringConvertible {
        case violations
        case failed(Int32)
        var description: String {
            switch self {
            case .violations: return "architecture violations found (exit status 1)"
            case .failed(let s): return "carto arch failed with exit status \(s)"
            }
        }
    }
}
